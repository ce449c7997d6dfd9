/**
 * Text outputs of verify, annotate, hexdump and diff quote the file's names and strings: control
 * characters among them are shown as \xNN, never sent to the terminal (an ESC [2J clearing the
 * screen, an OSC setting its title, a C1 CSI).
 */
import { expect } from 'chai';
import { terminalSafe } from '../../src/hex/terminal.js';
import { formatReport, verify } from '../../src/hex/verify.js';
import { diffFiles, formatDiff } from '../../src/hex/diff.js';
import { annotate } from '../../src/hex/annotate.js';
import { hexdump } from '../../src/hex/hexdump.js';

describe('hex: text outputs are safe on a terminal', () => {
  it('terminalSafe: C0, DEL, C1 and non-UTF-8 byte escapes become \\xNN; text and paired surrogates stay', () => {
    expect(terminalSafe('a\x1b[2J\rb\x07\x7f\x9b\udcff é 😀')).to.equal('a\\x1b[2J\\x0db\\x07\\x7f\\x9b\\xff é 😀');
    expect(terminalSafe('plain text')).to.equal('plain text');
  });

  it('no control character reaches the output of formatReport, formatDiff, annotate or hexdump labels', () => {
    const enc = new TextEncoder();
    // A key with ESC, an OSC title sequence, a C1 CSI and DEL.
    const a = enc.encode('[S]\nk\x1b]0;pwned\x07\u009b2J\x7f=1|1\n');
    const b = enc.encode('[S]\nk\x1b]0;pwned\x07\u009b2J\x7f=1|2\n');
    const texts = [formatReport(verify(a), 'a\x1bname'), formatDiff(diffFiles(a, b), 'a', 'b'), hexdump(a, annotate(a))];
    for (const t of texts) expect(t).to.not.match(/[\x00-\x09\x0b-\x1f\x7f-\x9f]/);
    expect(texts[0]).to.contain('a\\x1bname: property-sets');
    expect(texts[1]).to.contain('\\x9b2J\\x7f"]: 1 -> 2');
    expect(texts[2]).to.contain('\\x9b2J\\x7f"]');
  });
});

describe('hex: a name that is not UTF-8 is spelled one way in every command', () => {
  it('paths write its bytes \\xNN (as inspect and props do), not \\udcNN; hexdump --path takes that spelling', async () => {
    const { quotedName } = await import('../../src/codec/spans.js');
    expect(quotedName('k\udcff')).to.equal('"k\\xff"');
    expect(quotedName('a\\udcff')).to.equal('"a\\\\udcff"'); // a backslash and the letters: not a byte
    const text = Uint8Array.of(...new TextEncoder().encode('[S]\nk'), 0xff, ...new TextEncoder().encode('=1|1\n'));
    const ann = annotate(text);
    expect(ann.spans.map((s) => s.path)).to.include('["S"]["k\\xff"]');
    expect(hexdump(text, ann, { path: '["S"]["k\\xff"]' })).to.contain('["S"]["k\\xff"]');
  });
});
