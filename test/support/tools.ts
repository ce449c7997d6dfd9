/**
 * Locating the real peer tools the interop tests run against. A missing tool is a test FAILURE
 * that says how to install it — never a silent pass. `.ci/run` installs all of them.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const INSTALL_HINT =
  'install the Debian peers: apt-get update && apt-get install -y clang-19 llvm-19 clang-22 clang-tools-22 llvm-22 llvm-22-dev lld-22 spirv-tools llvm-15 llvm-spirv-15 chromium jq';

function llvmBindir(version: number): string | undefined {
  try {
    return execFileSync(`llvm-config-${version}`, ['--bindir'], { encoding: 'utf8' }).trim();
  } catch {
    const guess = `/usr/lib/llvm-${version}/bin`;
    return existsSync(guess) ? guess : undefined;
  }
}

const cache = new Map<string, string>();

/** The peers the interop tests run. */
export type ToolName =
  | 'clang-offload-packager-19'
  | 'llvm-objdump-19'
  | 'clang-19'
  | 'llvm-objcopy-19'
  | 'llvm-as-19'
  | 'llvm-dis-19'
  | 'opt-19'
  | 'llvm-offload-binary-22'
  | 'llvm-objdump-22'
  | 'llvm-objcopy-22'
  | 'llvm-strip-22'
  | 'llvm-as-22'
  | 'llvm-dis-22'
  | 'llvm-cat-22'
  | 'llvm-ar-22'
  | 'llvm-nm-22'
  | 'llvm-dlltool-22'
  | 'llvm-tblgen-22'
  | 'clang-22'
  | 'clang++-22'
  | 'clang-sycl-linker-22'
  | 'llvm-config-22'
  | 'ld.lld-22'
  | 'spirv-val'
  | 'spirv-dis'
  | 'spirv-as'
  | 'llvm-as-15'
  | 'llvm-spirv-15'
  | 'chromium'
  | 'jq';

/** The packer and lister of each LLVM era we test against (Debian package names in `requireTool`). */
export const ERA_TOOLS = {
  '19': { packer: 'clang-offload-packager-19', objdump: 'llvm-objdump-19' },
  '22': { packer: 'llvm-offload-binary-22', objdump: 'llvm-objdump-22' },
} as const satisfies Record<string, { packer: ToolName; objdump: ToolName }>;

/** Absolute path of a tool, or throws an Error naming the Debian package to install. */
export function requireTool(
  name: ToolName,
): string {
  const hit = cache.get(name);
  if (hit) return hit;
  let path: string | undefined;
  const pkg: Record<string, string> = {
    'clang-offload-packager-19': 'clang-19',
    'llvm-offload-binary-22': 'llvm-22',
    'llvm-objdump-22': 'llvm-22',
    'llvm-objcopy-22': 'llvm-22',
    'llvm-strip-22': 'llvm-22',
    'llvm-as-22': 'llvm-22',
    'llvm-dis-22': 'llvm-22',
    'llvm-cat-22': 'llvm-22',
    'llvm-ar-22': 'llvm-22',
    'llvm-nm-22': 'llvm-22',
    'llvm-dlltool-22': 'llvm-22',
    'llvm-tblgen-22': 'llvm-22',
    'clang-22': 'clang-22',
    'clang++-22': 'clang-22',
    'clang-sycl-linker-22': 'clang-tools-22',
    'llvm-config-22': 'llvm-22-dev',
    'ld.lld-22': 'lld-22',
    'llvm-objdump-19': 'llvm-19',
    'clang-19': 'clang-19',
    'llvm-objcopy-19': 'llvm-19',
    'llvm-as-19': 'llvm-19',
    'llvm-dis-19': 'llvm-19',
    'opt-19': 'llvm-19',
    'spirv-val': 'spirv-tools',
    'spirv-dis': 'spirv-tools',
    'spirv-as': 'spirv-tools',
    'llvm-as-15': 'llvm-15',
    'llvm-spirv-15': 'llvm-spirv-15',
    chromium: 'chromium',
    jq: 'jq',
  };
  if (name === 'clang-offload-packager-19') {
    const dir = llvmBindir(19);
    if (dir && existsSync(`${dir}/clang-offload-packager`)) path = `${dir}/clang-offload-packager`;
  } else if (name === 'clang-sycl-linker-22') {
    const dir = llvmBindir(22);
    if (dir && existsSync(`${dir}/clang-sycl-linker`)) path = `${dir}/clang-sycl-linker`;
  } else if (name === 'llvm-as-15') {
    const dir = llvmBindir(15);
    if (dir && existsSync(`${dir}/llvm-as`)) path = `${dir}/llvm-as`;
  } else {
    const r = spawnSync('sh', ['-c', `command -v ${name}`], { encoding: 'utf8' });
    if (r.status === 0) path = r.stdout.trim();
    if (!path && name === 'chromium' && existsSync('/usr/bin/chromium')) path = '/usr/bin/chromium';
  }
  if (!path) throw new Error(`${name} is not installed (Debian package ${pkg[name]}); ${INSTALL_HINT}`);
  cache.set(name, path);
  return path;
}

/**
 * Builds a C++ program against Debian's libLLVM 22 (clang++-22 and llvm-config-22; packages
 * clang-22 and llvm-22-dev) into a fresh temporary folder: the harnesses of scripts/fixtures/ the
 * interop tests compare with (bench/ adds `-O2` in `extraFlags`). Returns the program and its folder
 * (remove it after use).
 */
export function buildLlvm22Program(source: string, name: string, extraFlags: readonly string[] = []): { exe: string; dir: string } {
  const cxx = requireTool('clang++-22');
  const config = requireTool('llvm-config-22');
  const dir = mkdtempSync(join(tmpdir(), `${name}-`));
  const exe = join(dir, name);
  const flags = (a: string): string[] => execFileSync(config, [a], { encoding: 'utf8' }).trim().split(/\s+/).filter(Boolean);
  execFileSync(cxx, ['-std=c++17', ...extraFlags, ...flags('--cxxflags'), source, ...flags('--ldflags'), '-lLLVM-22', '-o', exe], { stdio: ['ignore', 'ignore', 'inherit'] });
  return { exe, dir };
}

/**
 * A libLLVM 22 harness for the tests of a mocha `describe`: built in its `before` hook (with
 * `timeoutMs`), its folder removed in `after`. Read `exe` (the program) and `dir` (its folder, for
 * scratch files) from the returned object inside the tests.
 */
export function useLlvm22Program(source: string, name: string, timeoutMs: number): { exe: string; dir: string } {
  const built = { exe: '', dir: '' };
  before(function () {
    this.timeout(timeoutMs);
    // A missing peer fails with the install command, as every interop test.
    Object.assign(built, buildLlvm22Program(source, name));
  });
  after(() => {
    if (built.dir) rmSync(built.dir, { recursive: true, force: true });
  });
  return built;
}
