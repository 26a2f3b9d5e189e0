// `gfxrtl init <dir>`: a new project that uses the installed gfxrtl package:
// a unit (DSL module, config schema, unit record), its golden model, a
// property test, gfxrtl.config.ts listing them, and a small study; its
// tests pass as generated (pack/pack.test.ts installs the packed tarball
// and runs them). The files are templates in cli/init/, copied as they are
// but for the project's name and the versions of gfxrtl and its test tools.
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeOutputFile } from '../../hdl/output-file.js';
import { ConfigError } from '../../units/config.js';
import { InternalError } from '../../hdl/errors.js';

export interface InitOptions {
  /** The dependency spec of gfxrtl in the new package.json (default ^VERSION of this gfxrtl). */
  gfxrtl?: string;
}

/** Template (in cli/init/) -> file in the new project. */
const FILES: readonly [string, string][] = [
  ['README.md.txt', 'README.md'],
  ['gitignore.txt', '.gitignore'],
  ['gfxrtl.config.ts.txt', 'gfxrtl.config.ts'],
  ['config.ts.txt', 'src/peak/config.ts'],
  ['module.ts.txt', 'src/peak/module.ts'],
  ['golden.ts.txt', 'src/peak/golden.ts'],
  ['unit.ts.txt', 'src/peak/unit.ts'],
  ['study.ts.txt', 'src/peak/study.ts'],
  ['peak.test.ts.txt', 'test/peak.test.ts'],
];

interface OwnPackage {
  version: string;
  dependencies: Record<string, string>;
  devDependencies?: Record<string, string>;
}

/** gfxrtl's own package.json: from the sources (cli/commands/) or the package (dist/cli/commands/). */
function ownPackage(): OwnPackage {
  for (let dir = dirname(fileURLToPath(import.meta.url)); dirname(dir) !== dir; dir = dirname(dir)) {
    const file = join(dir, 'package.json');
    if (!existsSync(file)) continue;
    const p = JSON.parse(readFileSync(file, 'utf8')) as OwnPackage & { name?: string };
    if (p.name === 'gfxrtl') return p;
  }
  throw new InternalError("init: gfxrtl's own package.json not found above " + fileURLToPath(import.meta.url));
}

function templateDir(): string {
  // The templates sit in cli/init/, copied to dist/cli/init/ by pack/build.ts.
  return join(dirname(fileURLToPath(import.meta.url)), '..', 'init');
}

/** An npm package name from a folder name. */
function packageName(dir: string): string {
  const n = basename(resolve(dir)).toLowerCase().replace(/[^a-z0-9._-]+/g, '-').replace(/^[._-]+/, '');
  return n === '' ? 'gfxrtl-project' : n;
}

export function initCommand(dir: string, opts: InitOptions): void {
  if (existsSync(dir)) {
    if (!statSync(dir).isDirectory()) throw new ConfigError(`init: ${dir} is a file; give a new or empty folder`);
    const entries = readdirSync(dir);
    if (entries.length > 0) throw new ConfigError(`init: ${dir} is not empty (${entries.length} entries, e.g. ${entries[0]}); give a new or empty folder`);
  }
  const own = ownPackage();
  const dev = own.devDependencies ?? {};
  const version = (name: string, fallback: string): string => own.dependencies[name] ?? dev[name] ?? fallback;
  const pkg = {
    name: packageName(dir),
    version: '0.1.0',
    private: true,
    type: 'module',
    scripts: { test: 'tsc --noEmit && vitest run', study: 'gfxrtl study peak --out report/peak' },
    dependencies: { gfxrtl: opts.gfxrtl ?? `^${own.version}` },
    devDependencies: { '@types/node': version('@types/node', '^20'), 'fast-check': version('fast-check', '^4'), typescript: version('typescript', '5.9'), vitest: version('vitest', '4.1') },
  };
  const tsconfig = {
    compilerOptions: { target: 'ES2022', module: 'NodeNext', moduleResolution: 'NodeNext', strict: true, noEmit: true, types: ['node'] },
    include: ['src', 'test', 'gfxrtl.config.ts'],
  };
  mkdirSync(dir, { recursive: true });
  writeOutputFile(join(dir, 'package.json'), JSON.stringify(pkg, null, 2) + '\n');
  writeOutputFile(join(dir, 'tsconfig.json'), JSON.stringify(tsconfig, null, 2) + '\n');
  for (const [from, to] of FILES) {
    mkdirSync(dirname(join(dir, to)), { recursive: true });
    writeOutputFile(join(dir, to), readFileSync(join(templateDir(), from), 'utf8').replaceAll('__NAME__', pkg.name));
  }
  console.log(`init: ${dir}: ${FILES.length + 2} files (unit peak: module, config, golden model, property test, study; gfxrtl.config.ts lists them)`);
  console.log(`next: cd ${dir} && npm install && npm test && npx gfxrtl study peak --out report/peak`);
}
