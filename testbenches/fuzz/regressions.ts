// Shrunk fuzz failures kept as regression tests: one JSON file per failure
// under testbenches/fuzz/regressions/, holding the circuit's IR and its
// stimulus (BigInts as {"$bigint": "hex"}), read back by regressions.test.ts.
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ModuleIR } from '../../hdl/ir.js';
import type { Stimulus } from '../cosim/stimulus.js';
import { UserError } from '../../hdl/errors.js';

export const REGRESSION_DIR = fileURLToPath(new URL('./regressions/', import.meta.url));

export interface Regression {
  /** The campaign seed and circuit seed that found it. */
  campaignSeed: number;
  circuitSeed: number;
  /** What differed when it was found. */
  message: string;
  module: ModuleIR;
  stimulus: Stimulus;
}

const replacer = (_k: string, v: unknown): unknown => (typeof v === 'bigint' ? { $bigint: v.toString(16) } : v);
const reviver = (_k: string, v: unknown): unknown =>
  typeof v === 'object' && v !== null && '$bigint' in v && typeof v.$bigint === 'string' ? BigInt(`0x${v.$bigint}`) : v;

/** Writes the regression; returns its path. */
export function saveRegression(r: Regression, dir = REGRESSION_DIR): string {
  mkdirSync(dir, { recursive: true });
  const path = join(dir, `fuzz-${r.campaignSeed}-${r.circuitSeed}.json`);
  writeFileSync(path, `${JSON.stringify(r, replacer, 1)}\n`);
  return path;
}

export function loadRegressions(dir = REGRESSION_DIR): { file: string; regression: Regression }[] {
  let files: string[];
  try {
    files = readdirSync(dir).filter((f) => f.endsWith('.json')).sort();
  } catch {
    return [];
  }
  return files.map((file) => {
    const regression = JSON.parse(readFileSync(join(dir, file), 'utf8'), reviver) as Regression;
    if (typeof regression.module?.name !== 'string' || !Array.isArray(regression.stimulus?.cycles)) {
      throw new UserError(`${join(dir, file)}: not a fuzz regression (needs module and stimulus)`);
    }
    return { file, regression };
  });
}
