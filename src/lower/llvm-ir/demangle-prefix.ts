/**
 * Whether LLVM's Itanium demangler (`llvm::itaniumDemangle`, llvm/llvm-project:
 * llvm/include/llvm/Demangle/ItaniumDemangle.h) would succeed on a name, and with which text its
 * output would begin: what sycl-post-link's `canBeImportedFunction` asks (a function whose demangled
 * name starts with `__` is a builtin; intel/llvm:llvm/lib/SYCLPostLink/ModuleSplitter.cpp@16c65834).
 *
 * Not a demangler: it follows the grammar as ItaniumDemangle.h parses it (`parse`, `parseEncoding`,
 * `parseName`, `parseNestedName`, `parseType`, `parseTemplateArgs`, the substitution table), keeping
 * of each node only the text it prints first. The output starts with the function's name, except for
 * a function template (not a constructor, destructor or conversion), whose return type is printed
 * first (`sc __sycl_getComposite…<sc>(…)`); a name that is not `_Z…` is demangled as a type, as
 * `itaniumDemangle` does (`n` is `__int128`). Productions this reader does not know (expressions
 * other than template parameters, decltype, lambdas' template parameters, structured bindings,
 * `requires` clauses, …) give `undefined`. Work is linear in the name; nesting is bounded.
 */

/** The answer for one name. */
export type DemangledPrefix =
  /** `itaniumDemangle` fails (the name is not a mangling it accepts). */
  | { readonly ok: false }
  /** It succeeds; `first` is the text its output begins with. */
  | { readonly ok: true; readonly first: string };

/** How deep types may nest before the name is treated as beyond this reader (LLVM has no such limit). */
const MAX_DEPTH = 256;

class Invalid extends Error {}
class Unsupported extends Error {}

const BUILTINS: Readonly<Record<string, string>> = {
  v: 'void', w: 'wchar_t', b: 'bool', c: 'char', a: 'signed char', h: 'unsigned char', s: 'short', t: 'unsigned short',
  i: 'int', j: 'unsigned int', l: 'long', m: 'unsigned long', x: 'long long', y: 'unsigned long long', n: '__int128',
  o: 'unsigned __int128', f: 'float', d: 'double', e: 'long double', g: '__float128', z: '...',
};
const D_BUILTINS: Readonly<Record<string, string>> = {
  d: 'decimal64', e: 'decimal128', f: 'decimal32', h: 'half', i: 'char32_t', s: 'char16_t', u: 'char8_t', a: 'auto', c: 'decltype(auto)', n: 'std::nullptr_t',
};
/** Two-letter operator codes (`<operator-name>`); `cv` (conversion), `li` (literal) and `v<digit>` (vendor) are handled apart. */
// The nameable entries of ItaniumDemangle.h's operator table (`cp` included; the named casts,
// sizeof/alignof/typeid forms and the member operators `.` and `.*` are not names; libLLVM 22
// demangles `N1AdsEv` and `N1AdtEv` to nothing, `N1ApmEv` to `A::operator->*()`).
const OPERATORS = new Set(
  'aa ad an aN aS aw cl cp cm co da de dl dv dV eo eO eq ge gt ix le ls lS lt mi mI ml mL mm na ne ng nt nw oo or oR pl pL pm pp ps pt qu rm rM rs rS ss'.split(' '),
);

/** Parser state: the name, the position, the substitution table and the template arguments (first texts). */
class Reader {
  i = 0;
  private readonly subs: string[] = [];
  /** For each substitution, whether it is a template-id (a name ending in template arguments). */
  private readonly subsTemplateId: boolean[] = [];
  /** Whether the substitution {@link substitution} last read is a template-id. */
  private substitutedTemplateId = false;
  private templateArgs: string[] = [];
  private depth = 0;
  /** Inside a lambda's parameter types, where a template parameter the arguments do not have is `auto`. */
  private lambdaParams = false;

  constructor(private readonly s: string) {}

  private look(k = 0): string {
    return this.s.charAt(this.i + k);
  }
  private eat(prefix: string): boolean {
    if (!this.s.startsWith(prefix, this.i)) return false;
    this.i += prefix.length;
    return true;
  }
  private expect(ch: string): void {
    if (!this.eat(ch)) throw new Invalid();
  }
  private enter(): void {
    if (++this.depth > MAX_DEPTH) throw new Unsupported();
  }
  private atEnd(): boolean {
    return this.i >= this.s.length;
  }
  private endOfEncoding(): boolean {
    return this.atEnd() || this.look() === 'E' || this.look() === '.';
  }

  /** `<CV-qualifiers>`: `r`, `V`, `K`, each at most once and in that order (ItaniumDemangle.h parseCVQualifiers). */
  private cvQualifiers(): void {
    this.eat('r');
    this.eat('V');
    this.eat('K');
  }

  /** `<number>`: decimal digits (no sign). */
  private number(): number {
    const from = this.i;
    while (this.i < this.s.length && this.s.charCodeAt(this.i) >= 48 && this.s.charCodeAt(this.i) <= 57) this.i++;
    if (this.i === from) throw new Invalid();
    return Number(this.s.slice(from, this.i));
  }

  /** `<source-name>`: a length and that many characters. */
  private sourceName(): string {
    const n = this.number();
    if (n === 0 || this.i + n > this.s.length) throw new Invalid();
    const id = this.s.slice(this.i, this.i + n);
    this.i += n;
    return id.startsWith('_GLOBAL__N') ? '(anonymous namespace)' : id;
  }

  /** Records a substitution candidate (ItaniumDemangle.h `Subs.push_back`). */
  private push(first: string, templateId: boolean): void {
    this.subs.push(first);
    this.subsTemplateId.push(templateId);
  }

  /** `<substitution>` (`S_`, `S<seq-id>_`, `Sa`, `Sb`, `Ss`, `Si`, `So`, `Sd`), `S` already seen at the position. */
  private substitution(): string {
    this.expect('S');
    const c = this.look();
    this.substitutedTemplateId = false;
    if ('absiod'.includes(c) && c !== '') {
      this.i++;
      return 'std';
    }
    if (this.eat('_')) {
      if (this.subs.length === 0) throw new Invalid();
      this.substitutedTemplateId = this.subsTemplateId[0]!;
      return this.subs[0]!;
    }
    let seq = 0;
    let digits = 0;
    while (/[0-9A-Z]/.test(this.look())) {
      seq = seq * 36 + parseInt(this.look(), 36);
      this.i++;
      digits++;
    }
    if (digits === 0) throw new Invalid();
    this.expect('_');
    if (seq + 1 >= this.subs.length) throw new Invalid();
    this.substitutedTemplateId = this.subsTemplateId[seq + 1]!;
    return this.subs[seq + 1]!;
  }

  /** `<template-param>`: `T_` or `T<number>_`, the argument's first text. */
  private templateParam(): string {
    this.expect('T');
    let index = 0;
    if (!this.eat('_')) {
      index = this.number() + 1;
      this.expect('_');
    }
    const arg = this.templateArgs[index];
    if (arg === undefined) {
      if (this.lambdaParams) return 'auto';
      throw new Unsupported();
    }
    return arg;
  }

  /** `<template-args>`: `I <arg>+ E`; with `tag`, they become the arguments `T_` refers to. */
  private templateArgs_(tag: boolean): void {
    this.expect('I');
    // Tagged (the encoding's own name): `T_` refers to these arguments, from the first one parsed on.
    const args: string[] = [];
    if (tag) this.templateArgs = args;
    while (!this.eat('E')) {
      if (this.atEnd()) throw new Invalid();
      args.push(this.templateArg());
      // `Q <requires-clause> E` after the arguments (C++20): a literal constraint is followed; others are not.
      if (this.eat('Q')) {
        if (this.look() !== 'L') throw new Unsupported();
        this.literal();
        this.expect('E');
        break;
      }
    }
  }

  private templateArg(): string {
    this.enter();
    try {
      return this.templateArgInner();
    } finally {
      this.depth--;
    }
  }

  private templateArgInner(): string {
    const c = this.look();
    if (c === 'X') {
      // Only a template parameter as the expression.
      this.i++;
      if (this.look() !== 'T') throw new Unsupported();
      const t = this.templateParam();
      this.expect('E');
      return t;
    }
    if (c === 'J') {
      this.i++;
      let first = '';
      while (!this.eat('E')) {
        if (this.atEnd()) throw new Invalid();
        const t = this.templateArg();
        if (first === '') first = t;
      }
      return first;
    }
    if (c === 'L') {
      // `LZ <encoding> E`, an extension of parseTemplateArg (an entity's address without `_`).
      if (this.look(1) === 'Z') {
        this.i += 2;
        const first = this.encoding();
        this.expect('E');
        return first;
      }
      return this.literal();
    }
    return this.type();
  }

  /**
   * `<expr-primary>` as a template argument, as ItaniumDemangle.h `parseExprPrimary` reads it: an
   * integer of a builtin type (`Li5E`), a bool (`Lb0E`, `Lb1E`), a float's bits in hex
   * (`Lf3f800000E`), `LDnE` (nullptr), `L_Z <encoding> E`, a string literal (`LA…E`), a lambda
   * (`LUl…E`), or a value of another type (`LN5__spv9MatrixUseE0E`, printed `(Type)value`).
   */
  private literal(): string {
    this.expect('L');
    const c = this.look();
    const floats: Readonly<Record<string, number>> = { f: 8, d: 16, e: 20 };
    if (this.eat('_Z')) {
      const first = this.encoding();
      this.expect('E');
      return first;
    }
    if (c === 'b') {
      if (this.eat('b0E')) return 'false';
      if (this.eat('b1E')) return 'true';
      throw new Invalid();
    }
    if (c === 'D') {
      if (!this.eat('Dn')) throw new Invalid();
      this.eat('0');
      this.expect('E');
      return 'nullptr';
    }
    if (c === 'T') throw new Invalid();
    if (c === 'U') {
      if (this.look(1) !== 'l') throw new Invalid();
      const first = this.unqualifiedName(undefined).first;
      this.expect('E');
      return first;
    }
    if (c === 'A') {
      this.type();
      this.expect('E');
      return '"';
    }
    if (floats[c] !== undefined) {
      this.i++;
      const from = this.i;
      while (/[0-9a-f]/.test(this.look())) this.i++;
      if (this.i - from !== floats[c]) throw new Invalid();
      this.expect('E');
      return '';
    }
    // The integer types print their value; any other type (parsed as a type) prints `(Type)value`.
    const integer = 'wcahstijlmxyno'.includes(c) && c !== '';
    if (integer) this.i++;
    else this.type();
    const from = this.i;
    this.eat('n');
    const digits = this.i;
    while (/[0-9]/.test(this.look())) this.i++;
    if (this.i === digits) throw new Invalid();
    this.expect('E');
    return integer ? this.s.slice(from, digits).replace('n', '-') + this.s.slice(digits, this.i - 1) : '(';
  }

  /** `<unqualified-name>` and its ABI tags; `ctorDtorConv` when it names a constructor, destructor or conversion operator. */
  private unqualifiedName(prefix: string | undefined): { first: string; ctorDtorConv: boolean } {
    if (this.look() === 'W') throw new Unsupported(); // C++20 module names
    if (prefix !== undefined) this.eat('F'); // a member-like friend (`N1AF1fE`)
    this.eat('L');
    const c = this.look();
    let first: string;
    let ctorDtorConv = false;
    // A name in an <unqualified-name> starts with 1-9 (parseUnqualifiedName: `03foo` is no name);
    // other source names (vendor qualifiers, ABI tags) may have a leading zero.
    if (c >= '1' && c <= '9') {
      first = this.sourceName();
    } else if (c === 'C' && /[1-5I]/.test(this.look(1))) {
      if (prefix === undefined) throw new Invalid();
      this.i += 2;
      if (this.s.charAt(this.i - 1) === 'I') {
        if (!/[1-5]/.test(this.look())) throw new Invalid();
        this.i++;
        this.type();
      } else if (!/[1-5]/.test(this.s.charAt(this.i - 1))) throw new Invalid();
      first = prefix;
      ctorDtorConv = true;
    } else if (c === 'D' && /[0-5]/.test(this.look(1))) {
      if (prefix === undefined) throw new Invalid();
      this.i += 2;
      first = '~';
      ctorDtorConv = true;
    } else if (c === 'U' && this.look(1) === 'l') {
      // <closure-type-name> ::= Ul <lambda-sig> E [<number>] _ ; `T_` among its parameters is `auto`.
      this.i += 2;
      if (this.look() === 'T' && 'yntpk'.includes(this.look(1)) && this.look(1) !== '') throw new Unsupported();
      if (this.look() === 'Q') throw new Unsupported();
      if (!this.eat('vE')) {
        // A leading `v` is no parameters only when `E` follows (libLLVM 22 refuses `Ulvh…`).
        if (this.look() === 'v') throw new Invalid();
        const saved = this.lambdaParams;
        this.lambdaParams = true;
        try {
          do {
            this.type();
          } while (this.look() !== 'E' && this.look() !== 'Q' && !this.atEnd());
        } finally {
          this.lambdaParams = saved;
        }
        if (this.look() === 'Q') throw new Unsupported();
        this.expect('E');
      }
      if (/[0-9]/.test(this.look())) this.number();
      this.expect('_');
      first = "'lambda";
    } else if (c === 'U' && this.look(1) === 't') {
      this.i += 2;
      if (!this.eat('_')) {
        this.number();
        this.expect('_');
      }
      first = "'unnamed";
    } else if (c === 'c' && this.look(1) === 'v') {
      this.i += 2;
      this.type();
      first = 'operator';
      ctorDtorConv = true;
    } else if (c === 'l' && this.look(1) === 'i') {
      this.i += 2;
      this.sourceName();
      first = 'operator';
    } else if (c === 'v' && /[0-9]/.test(this.look(1))) {
      this.i += 2;
      this.sourceName();
      first = 'operator';
    } else if (OPERATORS.has(this.s.slice(this.i, this.i + 2))) {
      this.i += 2;
      first = 'operator';
    } else if (c === 'D' || c === 'U') {
      // Structured bindings (`DC`), other unnamed entities (`Ub`, `Ue`, …).
      throw new Unsupported();
    } else {
      // Nothing else starts an <unqualified-name> (ItaniumDemangle.h parseUnqualifiedName fails).
      throw new Invalid();
    }
    while (this.look() === 'B') {
      this.i++;
      this.sourceName();
    }
    return { first: prefix ?? first, ctorDtorConv };
  }

  /** `<name>`: its first text, whether it ends in template arguments, and whether it is a ctor/dtor/conversion. */
  private name(tag: boolean): { first: string; template: boolean; ctorDtorConv: boolean } {
    this.enter();
    try {
      const c = this.look();
      if (c === 'N') return this.nestedName(tag);
      if (c === 'Z') return this.localName(tag);
      if (c === 'S' && this.look(1) !== 't') {
        // <unscoped-template-name> ::= <substitution>, which must take template arguments.
        const first = this.substitution();
        if (this.look() !== 'I') throw new Invalid();
        this.templateArgs_(tag);
        return { first, template: true, ctorDtorConv: false };
      }
      let first: string;
      let ctorDtorConv = false;
      if (this.eat('St')) {
        this.unqualifiedName('std');
        first = 'std';
      } else {
        ({ first, ctorDtorConv } = this.unqualifiedName(undefined));
      }
      if (this.look() === 'I') {
        this.push(first, false);
        this.templateArgs_(tag);
        return { first, template: true, ctorDtorConv };
      }
      return { first, template: false, ctorDtorConv };
    } finally {
      this.depth--;
    }
  }

  private nestedName(tag: boolean): { first: string; template: boolean; ctorDtorConv: boolean } {
    this.expect('N');
    // `H`: the function has an explicit object parameter (C++23), in place of the qualifiers.
    if (!this.eat('H')) {
      this.cvQualifiers();
      if (this.look() === 'R' || this.look() === 'O') this.i++;
    }
    let soFar: string | undefined;
    let template = false;
    let ctorDtorConv = false;
    let pushed = 0;
    // Whether what is read so far is a template-id: template arguments may not follow one directly.
    let soFarTemplateId = false;
    while (!this.eat('E')) {
      if (this.atEnd()) throw new Invalid();
      template = false;
      const c = this.look();
      if (c === 'T') {
        if (soFar !== undefined) throw new Invalid();
        soFar = this.templateParam();
        soFarTemplateId = false;
      } else if (c === 'I') {
        if (soFar === undefined || soFarTemplateId) throw new Invalid();
        this.templateArgs_(tag);
        template = true;
        soFarTemplateId = true;
      } else if (c === 'D' && (this.look(1) === 't' || this.look(1) === 'T')) {
        throw new Unsupported();
      } else if (c === 'S' && this.look(1) !== 't') {
        if (soFar !== undefined) throw new Invalid();
        soFar = this.substitution();
        soFarTemplateId = this.substitutedTemplateId;
        continue;
      } else {
        if (this.eat('St')) {
          if (soFar !== undefined) throw new Invalid();
          soFar = 'std';
          continue;
        }
        const u = this.unqualifiedName(soFar);
        soFar = u.first;
        ctorDtorConv = u.ctorDtorConv;
        soFarTemplateId = false;
      }
      this.push(soFar, soFarTemplateId);
      pushed++;
      this.eat('M');
    }
    if (soFar === undefined || pushed === 0) throw new Invalid();
    this.subs.pop();
    this.subsTemplateId.pop();
    return { first: soFar, template, ctorDtorConv };
  }

  private localName(tag: boolean): { first: string; template: boolean; ctorDtorConv: boolean } {
    this.expect('Z');
    const first = this.encoding();
    this.expect('E');
    let template = false;
    let ctorDtorConv = false;
    if (this.eat('s')) {
      // string literal entity
    } else if (this.eat('d')) {
      if (!this.eat('_')) {
        this.number();
        this.expect('_');
      }
      ({ template, ctorDtorConv } = this.name(tag));
    } else {
      ({ template, ctorDtorConv } = this.name(tag));
    }
    // <discriminator> ::= _ <digit> | __ <number> _ ; LLVM also takes digits that end the name.
    if (this.look() === '_') {
      if (this.look(1) === '_') {
        this.i += 2;
        this.number();
        this.expect('_');
      } else if (/[0-9]/.test(this.look(1))) {
        this.i += 2;
      }
    } else if (/[0-9]/.test(this.look())) {
      let k = this.i;
      while (k < this.s.length && /[0-9]/.test(this.s.charAt(k))) k++;
      if (k === this.s.length) this.i = k;
    }
    return { first, template, ctorDtorConv };
  }

  /**
   * The first text of the outermost encoding once it is known (its name, or a template's return
   * type), for a name whose parameters use a production this reader does not follow.
   */
  knownFirst: string | undefined;

  /** `<encoding>`: its first text. */
  encoding(): string {
    this.enter();
    const outermost = this.depth === 1;
    try {
      const c = this.look();
      if (c === 'T' || c === 'G') return this.specialName();
      const name = this.name(true);
      if (this.endOfEncoding()) return name.first;
      if (this.look() === 'U' && this.s.startsWith('Ua9enable_ifI', this.i)) throw new Unsupported();
      let first = name.first;
      if (name.template && !name.ctorDtorConv) first = this.type();
      if (outermost) this.knownFirst = first;
      if (!this.eat('v')) {
        do {
          this.type();
        } while (!this.endOfEncoding() && this.look() !== 'Q');
      }
      if (this.look() === 'Q') throw new Unsupported();
      return first;
    } finally {
      this.depth--;
    }
  }

  /** `<special-name>`: vtables, typeinfo, guard variables, thread-local wrappers (text: their English prefix). */
  private specialName(): string {
    const two = this.s.slice(this.i, this.i + 2);
    this.i += 2;
    switch (two) {
      case 'TV':
      case 'TT':
      case 'TI':
      case 'TS':
        this.type();
        return two === 'TV' ? 'vtable' : two === 'TT' ? 'VTT' : 'typeinfo';
      case 'GV':
        this.name(false);
        return 'guard';
      case 'TH':
      case 'TW':
        this.name(false);
        return 'thread-local';
      default:
        throw new Unsupported();
    }
  }

  /** `<type>`: its first text; substitution candidates are recorded as ItaniumDemangle.h `parseType` records them. */
  type(): string {
    this.enter();
    try {
      const c = this.look();
      let first: string;
      let templateId = false;
      switch (c) {
        case 'r':
        case 'V':
        case 'K':
        case 'U': {
          let k = 0;
          while ('rVK'.includes(this.look(k)) && this.look(k) !== '') k++;
          if (this.look(k) === 'F' || (this.look(k) === 'D' && 'oOwx'.includes(this.look(k + 1)) && this.look(k + 1) !== '')) throw new Unsupported();
          while (this.eat('U')) {
            this.sourceName();
            if (this.look() === 'I') this.templateArgs_(false);
          }
          this.cvQualifiers();
          first = this.type();
          break;
        }
        case 'u': {
          this.i++;
          first = this.sourceName();
          if (this.eat('I')) {
            this.type();
            this.expect('E');
          }
          break;
        }
        case 'D': {
          const d = this.look(1);
          if (D_BUILTINS[d] !== undefined && d !== '') {
            this.i += 2;
            return D_BUILTINS[d]!;
          }
          if (d === 'F') {
            this.i += 2;
            if (this.eat('16b')) return 'std::bfloat16_t';
            const n = this.number();
            if (!this.eat('_')) this.expect('x');
            return `_Float${n}`;
          }
          if (d === 'B' || d === 'U') {
            this.i += 2;
            this.number();
            this.expect('_');
            return d === 'B' ? '_BitInt' : 'unsigned _BitInt';
          }
          if (d === 'v') {
            this.i += 2;
            if (this.look() === '_') throw new Unsupported();
            this.number();
            this.expect('_');
            first = this.eat('p') ? 'pixel' : this.type();
            break;
          }
          if (d === 'p') {
            this.i += 2;
            first = this.type();
            break;
          }
          throw new Unsupported();
        }
        case 'F': {
          this.i++;
          this.eat('Y');
          first = this.type();
          for (;;) {
            if (this.eat('E') || this.eat('RE') || this.eat('OE')) break;
            if (this.eat('v')) continue;
            if (this.atEnd()) throw new Invalid();
            this.type();
          }
          break;
        }
        case 'A': {
          this.i++;
          if (/[0-9]/.test(this.look())) this.number();
          else if (this.atEnd()) throw new Invalid();
          else if (this.look() !== '_') throw new Unsupported();
          this.expect('_');
          first = this.type();
          break;
        }
        case 'M': {
          this.i++;
          this.type();
          first = this.type();
          break;
        }
        case 'T': {
          if ('sue'.includes(this.look(1)) && this.look(1) !== '') {
            this.i += 2;
            const n = this.name(false);
            first = n.first;
            templateId = n.template;
            break;
          }
          first = this.templateParam();
          if (this.look() === 'I') {
            this.push(first, false);
            this.templateArgs_(false);
            templateId = true;
          }
          break;
        }
        case 'P':
        case 'R':
        case 'O':
        case 'C':
        case 'G': {
          this.i++;
          first = this.type();
          break;
        }
        case 'S': {
          if (this.look(1) !== 't') {
            first = this.substitution();
            if (this.look() !== 'I') return first;
            this.templateArgs_(false);
            templateId = true;
            break;
          }
          const n = this.name(false);
          first = n.first;
          templateId = n.template;
          break;
        }
        default: {
          const b = BUILTINS[c];
          if (b !== undefined && c !== '') {
            this.i++;
            return b;
          }
          if (c === '') throw new Invalid();
          const n = this.name(false);
          first = n.first;
          templateId = n.template;
        }
      }
      this.push(first, templateId);
      return first;
    } finally {
      this.depth--;
    }
  }
}

/** Reads `name`: the answer, or `undefined` with the outermost encoding's first text when that much was read. */
function analyse(name: string): { answer: DemangledPrefix | undefined; knownFirst?: string } {
  const r = new Reader(name);
  try {
    let first: string;
    if (name.startsWith('_Z') || name.startsWith('__Z')) {
      r.i = name.startsWith('_Z') ? 2 : 3;
      first = r.encoding();
      // A `.suffix` (LLVM's clones: `.cold`, `.1`) is printed after the name.
      if (r.i < name.length && name.charAt(r.i) !== '.') return { answer: { ok: false } };
    } else {
      if (name.startsWith('___Z')) return { answer: undefined };
      first = r.type();
      if (r.i !== name.length) return { answer: { ok: false } };
    }
    return { answer: { ok: true, first } };
  } catch (e) {
    if (e instanceof Invalid) return { answer: { ok: false } };
    // Not expected (every recursion counts its depth), but a name must never end a run.
    if (e instanceof RangeError) return { answer: undefined };
    if (e instanceof Unsupported) return r.knownFirst === undefined ? { answer: undefined } : { answer: undefined, knownFirst: r.knownFirst };
    throw e;
  }
}

/**
 * What `llvm::itaniumDemangle(name)` gives, reduced to success and the first text, or `undefined`
 * where the name uses a production this reader does not follow.
 */
export function demangledPrefix(name: string): DemangledPrefix | undefined {
  return analyse(name).answer;
}

/**
 * Whether `llvm::itaniumDemangle(name)` succeeds with a text starting with `__` (ModuleSplitter.cpp's
 * test for a builtin). Where {@link demangledPrefix} does not follow the name: when only the
 * parameters held what it does not follow (an `enable_if` expression, say), the name is taken to
 * be valid and its first text decides; else the first component of the name as written
 * (`_Z[N…][L]<len><id>`: `<id>` starts with `__`). Measured against libLLVM 22 by
 * test/lower/demangle-prefix.test.ts.
 */
export function demangledStartsWithUnderscores(name: string): boolean {
  const { answer, knownFirst } = analyse(name);
  if (answer !== undefined) return answer.ok && answer.first.startsWith('__');
  if (knownFirst !== undefined) return knownFirst.startsWith('__');
  const m = /^_Z(?:N[rVKRO]*)?L?([0-9]+)/.exec(name);
  if (!m) return false;
  return name.startsWith('__', m[0].length) && Number(m[1]) >= 2;
}
