// Domains are referred to by module URL plus options, not passed as objects,
// so that worker threads can load the same domain themselves (functions do
// not cross a thread boundary). Built-in domains have short names.
import { existsSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { resolve } from 'node:path';
import type { DomainFactory, ParamValue, SweepDomain } from './types.js';
import { SweepError } from './spec.js';

export interface DomainRef {
  /** Built-in name ('mac', 'noblur') or a module path/URL exporting
   *  `createDomain: DomainFactory`. */
  name: string;
  options?: Readonly<Record<string, ParamValue>>;
}

/** Module files next to this one, without a static import: the NoBlur
 *  domain pulls in the whole rasterizer and is loaded only when asked for. */
const BUILTIN: Readonly<Record<string, string>> = {
  mac: './domains/mac',
  noblur: './noblur',
};

export function builtinDomains(): string[] {
  return Object.keys(BUILTIN);
}

/** The .ts file when running from sources (tsx, vitest), else the .js. */
function sibling(stem: string): string {
  for (const ext of ['.ts', '.js']) {
    const url = new URL(stem + ext, import.meta.url);
    if (existsSync(fileURLToPath(url))) return url.href;
  }
  throw new Error(`domain module ${stem} not found next to ${fileURLToPath(import.meta.url)}`);
}

export function domainModuleUrl(name: string): string {
  const stem = BUILTIN[name];
  if (stem !== undefined) return sibling(stem);
  if (name.startsWith('file:')) return name;
  if (/[/\\]|\.[cm]?[jt]s$/.test(name)) return pathToFileURL(resolve(name)).href;
  throw new SweepError(`unknown sweep domain "${name}"; built-in domains: ${builtinDomains().join(', ')} (or a module path exporting createDomain)`);
}

function isFactory(x: unknown): x is DomainFactory {
  return typeof x === 'function';
}

export async function loadDomain(ref: DomainRef): Promise<SweepDomain<unknown>> {
  const url = domainModuleUrl(ref.name);
  const mod: unknown = await import(url);
  const factory = typeof mod === 'object' && mod !== null && 'createDomain' in mod ? mod.createDomain : undefined;
  if (!isFactory(factory)) throw new Error(`domain module ${url} does not export a createDomain function`);
  return factory(ref.options ?? {});
}
