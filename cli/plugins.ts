// Where a project's units and studies come from: the modules its
// gfxrtl.config.ts (or .mts, .js, .mjs) lists, or the "gfxrtl" field of its
// package.json, found from the working directory up to the project root (the
// first folder with a package.json); and GFXRTL_PLUGINS (comma-separated
// paths or URLs). Each module is imported (TypeScript too: ts-hooks.ts) and
// what it exports is registered (studies/registry.ts, registerModule).
import { existsSync, readFileSync } from 'node:fs';
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

function firstLine(e: unknown): string {
  return (e instanceof Error ? e.message : String(e)).split('\n')[0]!.trim();
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
    throw new ConfigError(`${file}: does not load: ${firstLine(e)}`);
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
        parsed = JSON.parse(readFileSync(pkg, 'utf8'));
      } catch (e) {
        throw new ConfigError(`${pkg}: not JSON (${firstLine(e)})`);
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
  if (!existsSync(decodeURIComponent(path))) throw new ConfigError(`${origin}: plugin ${spec} not found (${decodeURIComponent(path)})`);
  let mod: unknown;
  try {
    mod = await importModule(url);
  } catch (e) {
    throw new ConfigError(`${origin}: plugin ${spec} does not load: ${firstLine(e)}`);
  }
  registerModule(url, mod as Record<string, unknown>);
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
