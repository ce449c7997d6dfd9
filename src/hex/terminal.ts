/**
 * Text from a file made safe to print on a terminal. Names, strings and messages quote bytes of the
 * file, and a control sequence among them (ESC [2J, an OSC title, a bare CR, a C1 CSI) would act on
 * the terminal instead of being read: each C0 and C1 control character and DEL is shown as `\xNN`,
 * as `syclbin inspect` shows them, and so is each byte of a name that is not UTF-8 (the toolkit's
 * U+DC80+byte escapes).
 */
export function terminalSafe(line: string): string {
  // A fast path: most lines have nothing to escape.
  if (!UNSAFE.test(line)) return line;
  return line.replace(UNSAFE_ALL, (c) => {
    const code = c.charCodeAt(0);
    return `\\x${(code >= 0xdc80 ? code - 0xdc00 : code).toString(16).padStart(2, '0')}`;
  });
}

const UNSAFE = /[\u0000-\u001f\u007f-\u009f]|(?<![\ud800-\udbff])[\udc80-\udcff]/;
const UNSAFE_ALL = new RegExp(UNSAFE.source, 'g');
