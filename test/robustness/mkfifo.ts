/** mkfifo(1) for tests (Node has no mkfifo call). */
import { execFileSync } from 'node:child_process';

/** Make a FIFO at `path`. */
export function mkfifoSync(path: string): void {
  execFileSync('mkfifo', [path]);
}
