/**
 * The subcommands, one module each (src/cli/commands/<name>.ts, exporting `command`), loaded only
 * when used: `syclbin --version` or one command does not pay for loading every other command (the
 * IR reader, the web server, ...). The order is the order of `syclbin --help`.
 */
import type { Command } from './command.js';

type Loader = () => Promise<{ command: Command }>;

const LOADERS: ReadonlyArray<readonly [name: string, load: Loader]> = [
  ['dump', () => import('./commands/dump.js')],
  ['inspect', () => import('./commands/inspect.js')],
  ['json', () => import('./commands/json.js')],
  ['pack', () => import('./commands/pack.js')],
  ['extract', () => import('./commands/extract.js')],
  ['offload-pack', () => import('./commands/offload-pack.js')],
  ['offload-list', () => import('./commands/offload-list.js')],
  ['offload-extract', () => import('./commands/offload-extract.js')],
  ['props', () => import('./commands/props.js')],
  ['lower', () => import('./commands/lower.js')],
  ['post-link', () => import('./commands/post-link.js')],
  ['specialize', () => import('./commands/specialize.js')],
  ['annotate', () => import('./commands/annotate.js')],
  ['hexdump', () => import('./commands/hexdump.js')],
  ['verify', () => import('./commands/verify.js')],
  ['diff', () => import('./commands/diff.js')],
  ['serve', () => import('./commands/serve.js')],
];

/** The command names, in help order. */
export const COMMAND_NAMES: readonly string[] = LOADERS.map(([name]) => name);

/** The command called `name` (undefined for an unknown name). */
export async function loadCommand(name: string): Promise<Command | undefined> {
  const entry = LOADERS.find(([n]) => n === name);
  if (!entry) return undefined;
  const { command } = await entry[1]();
  if (command.name !== name) throw new Error(`src/cli/commands module for '${name}' defines '${command.name}'`);
  return command;
}

/** Every command, in help order (for the command list). */
export async function loadCommands(): Promise<Command[]> {
  return Promise.all(COMMAND_NAMES.map(async (n) => (await loadCommand(n))!));
}
