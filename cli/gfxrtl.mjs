#!/usr/bin/env node
// The installed `gfxrtl` command: registers tsx so the TypeScript sources
// run as they are (no build step to forget), then hands over to the CLI.
import { register } from 'tsx/esm/api';

register();
await import('./main.ts');
