import type { Command } from './command.js';
// One import per subcommand module (src/cli/commands/<name>.ts), each exporting `command`.
// Add new commands here; the order is the order of `syclbin --help`.

export const commands: readonly Command[] = [];
