/**
 * The one escaper of quoted IR text (src/lower/llvm-ir/escape.ts) against LLVM's own printer: every
 * byte value in a metadata string, a `c"…"` array and a quoted global name, read by llvm-as-22 and
 * printed by llvm-dis-22, must print as we print it; and the IR reader reads what we print back.
 */
import { expect } from 'chai';
import { execFileSync } from 'node:child_process';
import { escapeLlvmBytes, escapeLlvmString, printLlvmName } from '../../src/lower/llvm-ir/escape.js';
import { unescapeLlvm } from '../../src/lower/llvm-ir/parse/lexer.js';
import { formatConstValue } from '../../src/lower/llvm-ir/print-constant.js';
import { Types } from '../../src/lower/types.js';
import { requireTool } from '../support/tools.js';

/** Bytes 0–255 as a byte string; a second copy so that `\` is followed by hex digits too. */
const ALL = Array.from({ length: 256 }, (_, i) => String.fromCharCode(i)).join('') + '\\41\\\\';

describe('LLVM string escaping (printEscapedString)', () => {
  it('a backslash prints as \\\\, printable bytes but " as themselves, the rest as \\XX', () => {
    expect(escapeLlvmBytes('plain text 123')).to.equal('plain text 123');
    expect(escapeLlvmBytes('a\\b"c\nd|\x7f\xff')).to.equal('a\\\\b\\22c\\0Ad|\\7F\\FF');
    expect(escapeLlvmString('é')).to.equal('\\C3\\A9');
  });

  it('names: bare when letters, digits, - . _ and not led by a digit (numbered values with slots), else quoted: $ too', () => {
    expect(printLlvmName('@', '-c.d_e')).to.equal('@-c.d_e');
    expect(printLlvmName('@', 'a$b')).to.equal('@"a$b"');
    expect(printLlvmName('%', '1a', true)).to.equal('%"1a"');
    expect(printLlvmName('%', '12', true)).to.equal('%12');
    expect(printLlvmName('%', '12')).to.equal('%"12"');
    expect(printLlvmName('@', '')).to.equal('@""');
    expect(printLlvmName('%', 'a\\"b')).to.equal('%"a\\\\\\22b"');
  });

  it('reads back as the same bytes through the IR reader', () => {
    expect(unescapeLlvm(escapeLlvmBytes(ALL))).to.equal(ALL);
  });

  it('c"…" arrays print every byte as llvm-dis-22 does (elements given as negative i8 too)', () => {
    const elements = [...ALL].map((ch) => ({ kind: 'int' as const, type: Types.i8, value: BigInt((ch.charCodeAt(0) << 24) >> 24) }));
    const text = formatConstValue({ kind: 'aggregate', type: { kind: 'array', length: elements.length, element: Types.i8 }, elements } as never);
    expect(text).to.equal(`c"${escapeLlvmBytes(ALL)}"`);
  });

  it('matches llvm-as-22 | llvm-dis-22 for metadata strings, c"…" arrays and quoted names', () => {
    const as = requireTool('llvm-as-22');
    const dis = requireTool('llvm-dis-22');
    // Written with \XX for every byte, so the input does not depend on the escaper under test.
    const hex = [...ALL].map((ch) => '\\' + ch.charCodeAt(0).toString(16).padStart(2, '0').toUpperCase()).join('');
    const name = [...'a\\b"c d'].map((ch) => '\\' + ch.charCodeAt(0).toString(16).padStart(2, '0')).join('');
    const src = `@"${name}" = global [${ALL.length} x i8] c"${hex}"\n@"a$b" = global i32 0\n@"-c.d_e" = global i32 0\n!n = !{!0}\n!0 = !{!"${hex}"}\n`;
    const bc = execFileSync(as, ['-', '-o', '-'], { input: Buffer.from(src, 'latin1') });
    const printed = execFileSync(dis, ['-', '-o', '-'], { input: bc }).toString('latin1');
    expect(printed).to.include(`@"${escapeLlvmBytes('a\\b"c d')}" = global [${ALL.length} x i8] c"${escapeLlvmBytes(ALL)}"`);
    expect(printed).to.include(`!0 = !{!"${escapeLlvmBytes(ALL)}"}`);
    expect(printed).to.include(`${printLlvmName('@', 'a$b')} = global i32 0`).and.include(`${printLlvmName('@', '-c.d_e')} = global i32 0`);
  });
});
