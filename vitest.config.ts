import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // The default reporter for people; the summary line for CI logs.
    reporters: ['default', './testbenches/summary-reporter.ts'],
    // Cross-simulation tests build Verilator models; give them room.
    testTimeout: 120_000,
    // fast-check's default seed is the clock; ours is fixed (GFXRTL_SEED overrides).
    // Caches of a test run in a temporary folder of its own (test-cache-dir.ts).
    setupFiles: ['./testbenches/fast-check-seed.ts', './testbenches/test-cache-dir.ts'],
  },
});
