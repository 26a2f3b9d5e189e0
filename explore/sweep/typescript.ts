// Importing a module by URL that may be TypeScript: a user's unit, study or
// gfxrtl.config.ts. From the sources (tsx, vitest) TypeScript loads as it
// is; the compiled package registers ts-hooks.js in this thread the first
// time a .ts/.mts module is imported. Sweep workers import their study
// through here too, so a user's TypeScript study runs in worker threads.
import { register } from 'node:module';

const FROM_SOURCES = import.meta.url.endsWith('.ts');
let registered = false;

/** Imports `url` (a file: URL), first making TypeScript importable when it is a .ts/.mts file. */
export async function importModule(url: string): Promise<unknown> {
  if (!FROM_SOURCES && !registered && /\.m?ts$/.test(new URL(url).pathname)) {
    register(new URL('./ts-hooks.js', import.meta.url));
    registered = true;
  }
  return import(url);
}
