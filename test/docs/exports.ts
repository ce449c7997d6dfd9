/**
 * Lists the exported declarations of the toolkit's own sources (src/ and formats/) and whether each
 * carries a TSDoc comment (`/** ... *\/` with text). The house rule is TSDoc on every export
 * (docs/CONTRIBUTING.md); test/docs/tsdoc.test.ts fails on the offenders this finds.
 *
 * Syntax only (one `ts.createSourceFile` per file, no type checker), so it runs in about a second.
 * What counts as an export:
 * - `export function|class|interface|type|enum|const|let|var|namespace` and `export default`;
 * - the public members of an exported class (not `private`/`protected`/`#name`, not the constructor,
 *   whose parameters the class comment and `@param` tags describe; a public parameter property
 *   needs a comment or a `@param` tag), the members of an exported interface and of an exported enum;
 * - a local declaration named in `export { name }` without `from`.
 * Exempt: re-exports (`export { x } from`, `export * from`, `export { x }` of an imported binding),
 * `.d.ts` files (ambient types of other packages), and files marked generated (`@generated` or
 * "do not edit" in their first comment).
 */
import ts from 'typescript';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

/** One exported declaration or public member. */
export interface ExportedDecl {
  /** Path relative to the repository root. */
  file: string;
  /** 1-based line of the declaration. */
  line: number;
  /** `name` or `Owner.member`. */
  name: string;
  /** What the declaration is (`function`, `class`, `property`, ...). */
  kind: string;
  /** Whether a TSDoc comment with text is attached. */
  documented: boolean;
}

/** Repository root (this file is test/docs/exports.ts). */
export const ROOT = new URL('../../', import.meta.url).pathname;

/** The `.ts` files (not `.d.ts`) under `dir`, recursively, skipping `generated/` folders' non-TS files by extension. */
export function tsFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir).sort()) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) out.push(...tsFiles(p));
    else if (p.endsWith('.ts') && !p.endsWith('.d.ts')) out.push(p);
  }
  return out;
}

/** True when the file's opening comment says it is generated (such files are fixed by their generator). */
export function isGenerated(text: string): boolean {
  const head = /^\s*(\/\*[\s\S]*?\*\/|(\/\/[^\n]*\n\s*)+)/.exec(text)?.[0] ?? '';
  return /@generated|do not edit/i.test(head);
}

function hasModifier(node: ts.Node, kind: ts.SyntaxKind): boolean {
  return ts.canHaveModifiers(node) && (ts.getModifiers(node) ?? []).some((m) => m.kind === kind);
}

function commentText(c: string | ts.NodeArray<ts.JSDocComment> | undefined): string {
  if (c === undefined) return '';
  if (typeof c === 'string') return c;
  return c.map((part) => part.text).join('');
}

/**
 * Whether `node` has a `/** *\/` comment with text. Only the nearest JSDoc counts, as in typedoc:
 * a file's opening comment followed by another one describes the module, not the first statement.
 * A parameter property also counts as documented by a `@param` tag of its constructor.
 */
function documented(node: ts.Node): boolean {
  const all = ts.getJSDocCommentsAndTags(node);
  if (ts.isParameter(node)) {
    if (all.some((d) => ts.isJSDocParameterTag(d) && commentText(d.comment).replace(/^\s*-\s*/, '').trim() !== '')) return true;
  }
  const docs = all.filter(ts.isJSDoc).filter((d) => d.parent === node);
  const nearest = docs[docs.length - 1];
  if (nearest === undefined) return false;
  if (commentText(nearest.comment).trim() !== '') return true;
  return (nearest.tags ?? []).some((t) => t.tagName.text === 'inheritDoc');
}

function nameOf(node: ts.Node, sf: ts.SourceFile): string {
  const n = (node as { name?: ts.Node }).name;
  if (n === undefined) return ts.isConstructorDeclaration(node) ? 'constructor' : ts.SyntaxKind[node.kind];
  return n.getText(sf);
}

const KIND: Partial<Record<ts.SyntaxKind, string>> = {
  [ts.SyntaxKind.FunctionDeclaration]: 'function',
  [ts.SyntaxKind.ClassDeclaration]: 'class',
  [ts.SyntaxKind.InterfaceDeclaration]: 'interface',
  [ts.SyntaxKind.TypeAliasDeclaration]: 'type',
  [ts.SyntaxKind.EnumDeclaration]: 'enum',
  [ts.SyntaxKind.ModuleDeclaration]: 'namespace',
  [ts.SyntaxKind.VariableStatement]: 'variable',
  [ts.SyntaxKind.ExportAssignment]: 'export default',
  [ts.SyntaxKind.PropertyDeclaration]: 'property',
  [ts.SyntaxKind.MethodDeclaration]: 'method',
  [ts.SyntaxKind.GetAccessor]: 'accessor',
  [ts.SyntaxKind.SetAccessor]: 'accessor',
  [ts.SyntaxKind.PropertySignature]: 'property',
  [ts.SyntaxKind.MethodSignature]: 'method',
  [ts.SyntaxKind.IndexSignature]: 'index signature',
  [ts.SyntaxKind.CallSignature]: 'call signature',
  [ts.SyntaxKind.ConstructSignature]: 'construct signature',
  [ts.SyntaxKind.EnumMember]: 'enum member',
  [ts.SyntaxKind.Parameter]: 'parameter property',
};

/** Modifiers that make a constructor parameter a property. */
const PARAMETER_PROPERTY = new Set([ts.SyntaxKind.PublicKeyword, ts.SyntaxKind.PrivateKeyword, ts.SyntaxKind.ProtectedKeyword, ts.SyntaxKind.ReadonlyKeyword, ts.SyntaxKind.OverrideKeyword]);

/** The exported declarations of one source text. */
export function scanSource(file: string, text: string): ExportedDecl[] {
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const out: ExportedDecl[] = [];
  const add = (node: ts.Node, name: string): void => {
    const line = sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1;
    out.push({ file, line, name, kind: KIND[node.kind] ?? ts.SyntaxKind[node.kind], documented: documented(node) });
  };

  const members = (owner: string, decl: ts.ClassDeclaration | ts.InterfaceDeclaration | ts.EnumDeclaration): void => {
    if (ts.isEnumDeclaration(decl)) {
      for (const m of decl.members) add(m, `${owner}.${m.name.getText(sf)}`);
      return;
    }
    const seenAccessor = new Set<string>();
    for (const m of decl.members as ts.NodeArray<ts.ClassElement | ts.TypeElement>) {
      if (ts.isClassStaticBlockDeclaration(m) || ts.isSemicolonClassElement(m)) continue;
      if (hasModifier(m, ts.SyntaxKind.PrivateKeyword) || hasModifier(m, ts.SyntaxKind.ProtectedKeyword)) continue;
      if (m.name !== undefined && ts.isPrivateIdentifier(m.name)) continue;
      if (ts.isConstructorDeclaration(m)) {
        for (const p of m.parameters) {
          const isProp = (ts.getModifiers(p) ?? []).some((x) => PARAMETER_PROPERTY.has(x.kind));
          if (!isProp || hasModifier(p, ts.SyntaxKind.PrivateKeyword) || hasModifier(p, ts.SyntaxKind.ProtectedKeyword)) continue;
          add(p, `${owner}.${p.name.getText(sf)}`);
        }
        continue;
      }
      // Overloaded methods: the signatures are public, the implementation is not.
      if (ts.isMethodDeclaration(m) && m.body !== undefined && decl.members.some((o) => o !== m && ts.isMethodDeclaration(o) && o.body === undefined && nameOf(o, sf) === nameOf(m, sf))) continue;
      const name = nameOf(m, sf);
      // A get/set pair is one property: one comment (on the first of the two) documents it.
      if (ts.isGetAccessor(m) || ts.isSetAccessor(m)) {
        if (seenAccessor.has(name)) continue;
        seenAccessor.add(name);
        const pair = decl.members.filter((o) => (ts.isGetAccessor(o) || ts.isSetAccessor(o)) && nameOf(o, sf) === name);
        const line = sf.getLineAndCharacterOfPosition(m.getStart(sf)).line + 1;
        out.push({ file, line, name: `${owner}.${name}`, kind: 'accessor', documented: pair.some((o) => documented(o)) });
        continue;
      }
      add(m, `${owner}.${name}`);
    }
  };

  const declaration = (stmt: ts.Statement): void => {
    if (ts.isVariableStatement(stmt)) {
      const names = stmt.declarationList.declarations.map((d) => d.name.getText(sf)).join(', ');
      add(stmt, names);
    } else if (ts.isFunctionDeclaration(stmt)) {
      const name = stmt.name?.text ?? 'default';
      // Overloads: each signature is public; the implementation is not.
      const overloaded = sf.statements.some((o) => o !== stmt && ts.isFunctionDeclaration(o) && o.name?.text === name && o.body === undefined);
      if (overloaded && stmt.body !== undefined) return;
      add(stmt, name);
    } else if (ts.isClassDeclaration(stmt) || ts.isInterfaceDeclaration(stmt) || ts.isEnumDeclaration(stmt)) {
      const name = stmt.name?.text ?? 'default';
      // A merged interface/class declared twice: each declaration is checked.
      add(stmt, name);
      members(name, stmt);
    } else if (ts.isTypeAliasDeclaration(stmt) || ts.isModuleDeclaration(stmt)) {
      add(stmt, stmt.name.getText(sf));
    }
  };

  const locals = new Map<string, ts.Statement[]>();
  for (const stmt of sf.statements) {
    const names: string[] = [];
    if (ts.isVariableStatement(stmt)) for (const d of stmt.declarationList.declarations) names.push(d.name.getText(sf));
    else if ((ts.isFunctionDeclaration(stmt) || ts.isClassDeclaration(stmt) || ts.isInterfaceDeclaration(stmt) || ts.isEnumDeclaration(stmt) || ts.isTypeAliasDeclaration(stmt)) && stmt.name) names.push(stmt.name.text);
    for (const n of names) locals.set(n, [...(locals.get(n) ?? []), stmt]);
  }

  const done = new Set<ts.Statement>();
  for (const stmt of sf.statements) {
    if (ts.isExportAssignment(stmt)) {
      add(stmt, 'default');
    } else if (ts.isExportDeclaration(stmt)) {
      // `export { a, b }` without `from`: a local declaration is checked where it is declared;
      // an imported binding is a re-export (exempt).
      if (stmt.moduleSpecifier !== undefined || stmt.exportClause === undefined || !ts.isNamedExports(stmt.exportClause)) continue;
      for (const spec of stmt.exportClause.elements) {
        const local = (spec.propertyName ?? spec.name).getText(sf);
        for (const d of locals.get(local) ?? []) {
          if (done.has(d) || hasModifier(d, ts.SyntaxKind.ExportKeyword)) continue;
          done.add(d);
          declaration(d);
        }
      }
    } else if (hasModifier(stmt, ts.SyntaxKind.ExportKeyword)) {
      declaration(stmt);
    }
  }
  return out;
}

/** Every exported declaration of src/ and formats/ (generated files left out). */
export function scanRepository(root: string = ROOT): ExportedDecl[] {
  const out: ExportedDecl[] = [];
  for (const dir of ['src', 'formats']) {
    for (const path of tsFiles(join(root, dir))) {
      const text = readFileSync(path, 'utf8');
      if (isGenerated(text)) continue;
      out.push(...scanSource(relative(root, path), text));
    }
  }
  return out;
}

/** `file:line name (kind)`, one line per declaration. */
export function formatDecls(decls: readonly ExportedDecl[]): string {
  return decls.map((d) => `${d.file}:${d.line} ${d.name} (${d.kind})`).join('\n');
}
