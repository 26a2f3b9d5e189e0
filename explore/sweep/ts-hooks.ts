// Module hooks (node:module register) that let the compiled gfxrtl import a
// user's TypeScript: units, studies and gfxrtl.config.ts in the user's own
// project. Each .ts/.mts file is transpiled alone by esbuild (types are
// stripped, nothing is checked: the user's tsc or vitest does that), and
// `./x.js` written in a .ts file finds x.ts, as TypeScript's NodeNext
// resolution means it. gfxrtl's own code is compiled JavaScript and never
// passes through here. Registered by typescript.ts only when a TypeScript
// module is imported, so commands of projects without one never load esbuild.
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

type Resolve = (specifier: string, context: { parentURL?: string }) => Promise<{ url: string; format?: string | null }>;
type Load = (url: string, context: { format?: string | null }) => Promise<{ format: string; source?: string | ArrayBuffer | Uint8Array | null }>;

const TS = /\.(m?)ts$/;

/** `./x.js` imported from a .ts file means `./x.ts` when no x.js exists. */
export async function resolve(specifier: string, context: { parentURL?: string }, next: Resolve): Promise<{ url: string; format?: string | null; shortCircuit?: boolean }> {
  try {
    return await next(specifier, context);
  } catch (e) {
    const parent = context.parentURL;
    const relative = specifier.startsWith('./') || specifier.startsWith('../');
    if (!relative || parent === undefined || !TS.test(new URL(parent).pathname) || !/\.m?js$/.test(specifier)) throw e;
    return next(specifier.replace(/\.(m?)js$/, '.$1ts'), context);
  }
}

let esbuild: typeof import('esbuild') | null = null;

export async function load(url: string, context: { format?: string | null }, next: Load): Promise<{ format: string; source?: string | ArrayBuffer | Uint8Array | null; shortCircuit?: boolean }> {
  if (!url.startsWith('file:') || !TS.test(new URL(url).pathname)) return next(url, context);
  esbuild ??= await import('esbuild');
  const file = fileURLToPath(url);
  const text = await readFile(file, 'utf8');
  const { code } = await esbuild.transform(text, { loader: 'ts', format: 'esm', target: 'node20', sourcefile: file, sourcemap: 'inline' });
  return { format: 'module', source: code, shortCircuit: true };
}
