// The knobs a command prices with when none are named: the newest global
// calibration under the report folder (what `gfxrtl study` and `gfxrtl
// calibrate --out report` write), so `gfxrtl price` and the study's own
// report price a config alike. Cross-check fits (calibration-crosscheck.json,
// role 'cross-check') and files fitted against another cost table are
// skipped: they never price anything.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { KnobsFileError, readKnobsFile } from '../synth-models/knobs-file.js';
import type { Knobs } from '../synth-models/knobs.js';

/** Folder levels searched below the root: report/, report/<study>/, report/<study>/simulation/. */
const DEPTH = 3;

function calibrationFiles(dir: string, depth: number): string[] {
  if (!existsSync(dir) || !statSync(dir).isDirectory()) return [];
  const out: string[] = [];
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    if (e.isFile() && e.name === 'calibration.json') out.push(join(dir, e.name));
    else if (e.isDirectory() && depth > 1) out.push(...calibrationFiles(join(dir, e.name), depth - 1));
  }
  return out;
}

/** The newest usable calibration.json under `root` (by modification time), or null. */
export function latestCalibration(root: string): { file: string; knobs: Knobs } | null {
  let best: { file: string; knobs: Knobs; mtime: number } | null = null;
  for (const file of calibrationFiles(root, DEPTH)) {
    let knobs: Knobs;
    try {
      knobs = readKnobsFile(file);
    } catch (e) {
      if (e instanceof KnobsFileError) continue; // stale or a cross-check: not knobs to price with
      throw e;
    }
    const mtime = statSync(file).mtimeMs;
    if (best === null || mtime > best.mtime) best = { file, knobs, mtime };
  }
  return best === null ? null : { file: best.file, knobs: best.knobs };
}
