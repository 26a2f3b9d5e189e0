// Every fast-check property in the suite runs from one fixed seed unless
// GFXRTL_SEED names another, so a CI run is reproducible: a property that
// fails fails again on the same clone, and fast-check's failure message
// carries the seed (and the path) to replay it. Vitest loads this file
// before each test file (vitest.config.ts, setupFiles); a property that
// passes its own seed keeps it.
import fc from 'fast-check';
import { seedFromEnv } from './rng.js';

fc.configureGlobal({ seed: seedFromEnv(20100625) });
