// The sort study's sweep simulates the same 20 micro-architectures on the
// same tile as the experiment's lane sweep (plane at 2 px^2, 16 spp, the
// busiest 128 x 128 tile, k x keys per cycle): 27.7 M cycles simulated
// twice in one main job. The experiment keeps each run it simulates in the
// process's run store (studies/run-store.ts), and the sweep's driver takes
// a run from it when the run is provably the one it would simulate:
//
// - the same netlist: the digest of the flat netlist's canonical text (every
//   node, memory, CAM and signal; the text the simulator's code cache keys
//   on), so a sorter elaborated differently (another config, another
//   version of units/radix-sort) never matches;
// - the same driver: units/radix-sort/drive.ts's runSorterColumns on the
//   same config (every field of the unit's schema: lanes and k steer the
//   drive, the widths its input checks; a sweep's config may carry more), from a
//   simulator just reset (the bench resets before every run it stores, as
//   the sweep's driver does);
// - the same stimulus: the digest of the tile's three columns (pid, Morton
//   word, value of every pair, in order), not the workload's name.
//
// run-reuse.test.ts changes each of these by one bit and checks the key
// changes. A traced run (a design page's waveform) is always simulated.
import { createHash } from 'node:crypto';
import type { Design } from '../../hdl/index.js';
import { canonicalText } from '../../hdl/canonical-text.js';
import { flatten } from '../../hdl/flatten.js';
import { radixSortSchema, type RadixSortConfig } from '../../units/radix-sort/config.js';
import type { SortColumns, SortRunColumns } from '../../units/radix-sort/drive.js';
import { readRun, storeRun } from '../run-store.js';

const FORMAT = 'gfxrtl-sort-run/1';

/** What a reused run gives the sweep's driver: its cycles and passes. */
export interface StoredSortRun {
  readonly cycles: SortRunColumns['cycles'];
  readonly passes: number;
  readonly pairs: number;
}

/** Digest of the design's flat netlist (a design is elaborated once per micro-architecture; the digest is kept with it). */
const netlists = new WeakMap<Design, string>();
export function netlistDigest(design: Design): string {
  let d = netlists.get(design);
  if (d === undefined) netlists.set(design, (d = createHash('sha256').update(canonicalText(flatten(design))).digest('hex')));
  return d;
}

/** Digest of the stimulus: every pair's three words, in load order. */
export function stimulusDigest(cols: SortColumns): string {
  const h = createHash('sha256').update(`${cols.pid.length}/${cols.xy.length}/${cols.val.length}\0`);
  for (const c of [cols.pid, cols.xy, cols.val]) h.update(new Uint8Array(c.buffer, c.byteOffset, c.byteLength));
  return h.digest('hex');
}

/** The store's file name of a run of `design` under `cfg` on `cols` from reset. */
export function sortRunKey(design: Design, cfg: RadixSortConfig, cols: SortColumns): string {
  const fields = Object.keys(radixSortSchema).map((f) => [f, cfg[f as keyof RadixSortConfig]]);
  const key = createHash('sha256').update(`${FORMAT}\0${netlistDigest(design)}\0${canonicalText(fields)}\0${stimulusDigest(cols)}`).digest('hex');
  return `sort-${key.slice(0, 40)}.json`;
}

/** A run stored under `key` in this process, or null. */
export function storedSortRun(key: string): StoredSortRun | null {
  const text = readRun(key);
  if (text === null) return null;
  try {
    return JSON.parse(text) as StoredSortRun;
  } catch {
    return null; // torn: simulate again
  }
}

/** Keeps a run simulated from reset for the process's other threads. */
export function storeSortRun(key: string, run: StoredSortRun): void {
  storeRun(key, JSON.stringify(run));
}
