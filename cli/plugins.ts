// Where a project's units and studies come from: the modules its
// gfxrtl.config.ts (or .mts, .js, .mjs) lists, or the "gfxrtl" field of its
// package.json, found from the working directory up to the project root (the
// first folder with a package.json); and GFXRTL_PLUGINS (comma-separated
// paths or URLs). Each module is imported (TypeScript too: ts-hooks.ts) and
// what it exports is registered (studies/registry.ts, registerModule).
import { existsSync } from 'node:fs';
import { decimalInteger } from '../hdl/decimal.js';
import { readJsonFile } from '../hdl/json-input.js';
import { registeringFrom } from '../units/registry.js';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { importModule } from '../explore/sweep/typescript.js';
import { registerModule } from '../studies/registry.js';
import { ConfigError } from '../units/config.js';
import { CONFIG_FILES } from './project-config.js';

/** Where a project's plugin list was found. */
export interface ProjectConfig {
  /** The config file, or the package.json whose "gfxrtl" field lists them. */
  readonly file: string;
  readonly plugins: readonly string[];
}

/** The whole reason (the boundary flattens its lines; never only the first). */
function reason(e: unknown): string {
  return (e instanceof Error ? e.message : String(e)).trim();
}

/** How long one plugin may take to load (its imports and top-level code)
 *  before it is reported and the command refused: seconds, from
 *  GFXRTL_PLUGIN_TIMEOUT (default 30; a plugin elaborates nothing at load). */
export function pluginTimeoutMs(env: NodeJS.ProcessEnv = process.env): number {
  const text = env['GFXRTL_PLUGIN_TIMEOUT'];
  if (text === undefined || text === '') return 30_000;
  const s = decimalInteger(text);
  if (s === null || s < 1 || s > 3600) throw new ConfigError(`GFXRTL_PLUGIN_TIMEOUT=${text} is not valid; expected whole seconds 1..3600`);
  return s * 1000;
}

/** Plugins are ES modules: a .ts or .js file outside a "type": "module"
 *  package would load as CommonJS and fail inside Node with a require()
 *  cycle; say what to do instead. */
function checkModuleKind(file: string, origin: string): void {
  if (!/\.(ts|js)$/.test(file)) return;
  for (let d = dirname(file); ; d = dirname(d)) {
    const pkg = join(d, 'package.json');
    if (existsSync(pkg)) {
      let type: unknown;
      try {
        const doc = readJsonFile(pkg).value;
        type = doc !== null && typeof doc === 'object' && !Array.isArray(doc) ? doc['type'] : undefined;
      } catch {
        type = undefined;
      }
      if (type === 'module') return;
      throw new ConfigError(`${origin}: ${file} would load as CommonJS (${pkg} does not say "type": "module"); a plugin is an ES module: name it .mts, or add "type": "module" to that package.json`);
    }
    if (dirname(d) === d) throw new ConfigError(`${origin}: ${file} would load as CommonJS (no package.json with "type": "module" above it); a plugin is an ES module: name it .mts, or put {"type": "module"} in a package.json beside it`);
  }
}

/** Imports `url` within the plugin time limit, recording `file` on what it registers. */
async function importWithin(url: string, file: string, origin: string): Promise<unknown> {
  const timeout = pluginTimeoutMs();
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, fail) => {
    timer = setTimeout(() => fail(new ConfigError(`${origin}: ${file} did not finish loading within ${timeout / 1000} s (a top-level await that never settles?); GFXRTL_PLUGIN_TIMEOUT sets the limit in seconds`)), timeout);
  });
  try {
    return await registeringFrom(file, () => Promise.race([importModule(url), late]));
  } finally {
    clearTimeout(timer);
  }
}

function pluginList(value: unknown, file: string, where: string): string[] {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new ConfigError(`${file}: ${where} must be an object like { plugins: ['./src/my-unit.ts'] }`);
  const plugins = (value as { plugins?: unknown }).plugins ?? [];
  const unknownKeys = Object.keys(value).filter((k) => k !== 'plugins');
  if (unknownKeys.length > 0) throw new ConfigError(`${file}: ${where} has unknown key "${unknownKeys[0]}"; valid keys: plugins`);
  if (!Array.isArray(plugins) || !plugins.every((p) => typeof p === 'string' && p.trim() !== '')) throw new ConfigError(`${file}: ${where}.plugins must be a list of module paths, e.g. ['./src/my-unit.ts']`);
  return plugins as string[];
}

async function readConfigFile(file: string): Promise<ProjectConfig> {
  let mod: unknown;
  try {
    mod = await importModule(pathToFileURL(file).href);
  } catch (e) {
    throw new ConfigError(`${file}: does not load: ${reason(e)}`);
  }
  const value = (mod as { default?: unknown }).default;
  if (value === undefined) throw new ConfigError(`${file}: no default export; write export default defineConfig({ plugins: [...] })`);
  return { file, plugins: pluginList(value, file, 'the default export') };
}

/** The project config that applies in `cwd`, or null (no config file and no "gfxrtl" field up to the project root). */
export async function findProjectConfig(cwd: string): Promise<ProjectConfig | null> {
  for (let dir = resolve(cwd); ; dir = dirname(dir)) {
    for (const name of CONFIG_FILES) if (existsSync(join(dir, name))) return readConfigFile(join(dir, name));
    const pkg = join(dir, 'package.json');
    if (existsSync(pkg)) {
      let parsed: unknown;
      try {
        parsed = readJsonFile(pkg).value;
      } catch (e) {
        // The strict reader's place and reason, as this file's error kind.
        throw new ConfigError(`${pkg}: not JSON (${reason(e).replace(`${pkg}:`, 'at ')})`);
      }
      const field = typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>)['gfxrtl'] : undefined;
      return field === undefined ? null : { file: pkg, plugins: pluginList(field, pkg, 'the "gfxrtl" field') };
    }
    if (dirname(dir) === dir) return null;
  }
}

async function loadPlugin(spec: string, base: string, origin: string): Promise<string> {
  const url = spec.startsWith('file:') ? spec : pathToFileURL(resolve(base, spec)).href;
  const path = new URL(url).pathname;
  const file = decodeURIComponent(path);
  if (!existsSync(file)) throw new ConfigError(`${origin}: plugin ${spec} not found (${file})`);
  checkModuleKind(file, origin);
  let mod: unknown;
  try {
    mod = await importWithin(url, file, origin);
  } catch (e) {
    if (e instanceof ConfigError && e.message.startsWith(`${origin}: `)) throw e;
    throw new ConfigError(`${origin}: plugin ${spec} does not load: ${reason(e)}`);
  }
  await registeringFrom(file, async () => registerModule(url, mod as Record<string, unknown>));
  return url;
}

/** Imports and registers the project's plugins, then GFXRTL_PLUGINS'; returns their URLs. */
export async function loadProjectPlugins(cwd = process.cwd(), env: NodeJS.ProcessEnv = process.env): Promise<string[]> {
  const urls: string[] = [];
  const config = await findProjectConfig(cwd);
  if (config !== null) for (const p of config.plugins) urls.push(await loadPlugin(p, dirname(config.file), config.file));
  const listed = (env['GFXRTL_PLUGINS'] ?? '').split(',').map((s) => s.trim()).filter((s) => s !== '');
  for (const p of listed) urls.push(await loadPlugin(p, cwd, 'GFXRTL_PLUGINS'));
  return urls;
}
