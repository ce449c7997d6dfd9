import type { Command } from './command.js';
import { command as offloadPack } from './commands/offload-pack.js';
import { command as offloadList } from './commands/offload-list.js';
import { command as offloadExtract } from './commands/offload-extract.js';
import { command as props } from './commands/props.js';
import { command as dump } from './commands/dump.js';
import { command as lower } from './commands/lower.js';
import { command as inspect } from './commands/inspect.js';
import { command as json } from './commands/json.js';
import { command as pack } from './commands/pack.js';
import { command as extract } from './commands/extract.js';
import { command as specialize } from './commands/specialize.js';
import { command as annotate } from './commands/annotate.js';
import { command as hexdump } from './commands/hexdump.js';
import { command as verify } from './commands/verify.js';
import { command as diff } from './commands/diff.js';
import { command as serve } from './commands/serve.js';
import { command as postLink } from './commands/post-link.js';
// One import per subcommand module (src/cli/commands/<name>.ts), each exporting `command`.
// Add new commands here; the order is the order of `syclbin --help`.

export const commands: readonly Command[] = [dump, inspect, json, pack, extract, offloadPack, offloadList, offloadExtract, props, lower, postLink, specialize, annotate, hexdump, verify, diff, serve];
