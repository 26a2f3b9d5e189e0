// The package as a user gets it: `npm pack` (which builds dist/ first), the
// tarball installed into an empty folder, and a project made there by
// `gfxrtl init` with its dependencies installed. Shared by the package test
// (pack/pack.test.ts) and the start-up bench (bench/startup.ts). npm takes
// packages from its local cache when it has them (--prefer-offline): CI's
// own `npm ci` has just filled it with the same versions.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { InternalError } from '../hdl/errors.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const NPM_QUIET = ['--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error'];

export interface Installed {
  /** The packed tarball. */
  readonly tarball: string;
  /** A folder that was empty before `npm install TARBALL`. */
  readonly empty: string;
  /** The `gfxrtl` command installed there. */
  readonly bin: string;
}

function run(cmd: string, args: readonly string[], cwd: string): string {
  return execFileSync(cmd, args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, GFXRTL_PLUGINS: '' } });
}

/** Packs the repository into `dir` and installs the tarball into dir/empty. */
export function packAndInstall(dir: string): Installed {
  run('npm', ['pack', '--pack-destination', dir, '--loglevel=error'], ROOT);
  const tgz = readdirSync(dir).filter((f) => /^gfxrtl-.*\.tgz$/.test(f));
  if (tgz.length !== 1) throw new InternalError(`npm pack left ${tgz.length} tarballs in ${dir}`);
  const tarball = join(dir, tgz[0]!);
  const empty = join(dir, 'empty');
  mkdirSync(empty);
  run('npm', ['install', tarball, ...NPM_QUIET], empty);
  return { tarball, empty, bin: join(empty, 'node_modules', '.bin', 'gfxrtl') };
}

/** `gfxrtl init` of a project at `dir` depending on the tarball, then its `npm install`. */
export function initProject(installed: Installed, dir: string): string {
  const out = run(installed.bin, ['init', dir, '--gfxrtl', `file:${installed.tarball}`], installed.empty);
  run('npm', ['install', ...NPM_QUIET], dir);
  return out;
}
