#!/usr/bin/env node
// The `gfxrtl` command. In a clone, with the TypeScript sources beside this
// file, it registers tsx and runs them as they are (no build step to forget
// while developing). The installed package ships no sources: there it runs
// the JavaScript that `npm pack` compiled into dist/ (pack/build.ts), with
// no tsx at all.
import { existsSync } from 'node:fs';

if (existsSync(new URL('./main.ts', import.meta.url))) {
  const { register } = await import('tsx/esm/api');
  register();
  await import('./main.ts');
} else {
  await import('../dist/cli/main.js');
}
