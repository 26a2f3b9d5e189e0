// Testbench driver of the RadixSorter: streams a tile's pairs in through the
// load port, lets the sorter run (stepping whole phases at once, each phase's
// length read from its counters, so a 262,144-pair tile simulates in
// seconds), and records the sorted stream. Cycle counts are the simulator's
// clock edges from the first load beat to the beat with out_last. Ports
// through the typed handles (`sim.ports`), the FSM's phase and counters
// (registers, not ports) through their paths.
import { portsOf } from '../../hdl/ports-of.js';
import type { CompiledSimulator, PortHandle } from '../../hdl/sim/index.js';
import { ConfigError } from '../config.js';
import { lanesOf, type RadixSortConfig } from './config.js';
import type { SortPair } from './golden.js';
import { PHASE, RadixSorter } from './module.js';
import { InternalError } from '../../hdl/errors.js';

export interface SortRun {
  readonly sorted: SortPair[];
  readonly passes: number;
  readonly overflow: boolean;
  /** Clock edges per phase group and in total. */
  readonly cycles: { load: number; sort: number; unload: number; total: number };
}

/** Pairs as three columns, index i one pair: the layout a tile already has
 *  (testbenches/workloads/tiles), and the sorter's load and unload ports'. */
export interface SortColumns {
  readonly pid: Uint32Array;
  readonly xy: Uint32Array;
  readonly val: Uint32Array;
}

/** A run on columns: the sorted pairs as columns too. */
export interface SortRunColumns extends Omit<SortRun, 'sorted'> {
  readonly sorted: SortColumns;
}

/** The input checks that name the parameter a tile breaks. */
export function checkTile(cfg: RadixSortConfig, pairs: readonly SortPair[]): void {
  const cap = 2 ** cfg.capacityLog2;
  if (pairs.length > cap) {
    const need = Math.ceil(Math.log2(pairs.length));
    throw new ConfigError(`radix-sort: a tile of ${pairs.length} pairs does not fit buffers of capacityLog2=${cfg.capacityLog2} (${cap} pairs); valid capacityLog2 ${need}..20`);
  }
  for (const p of pairs) {
    if (!Number.isInteger(p.pid) || p.pid < 0 || p.pid >= 2 ** cfg.pidBits) {
      throw new ConfigError(`radix-sort: key primitive id ${p.pid} exceeds the configured key width pidBits=${cfg.pidBits}; valid ids 0..${2 ** cfg.pidBits - 1}`);
    }
    if (!Number.isInteger(p.xy) || p.xy < 0 || p.xy >= 2 ** 32) {
      throw new ConfigError(`radix-sort: key Morton word ${p.xy} exceeds the 32-bit key low word; valid 0..${2 ** 32 - 1}`);
    }
    if (!Number.isInteger(p.val) || p.val < 0 || p.val >= 2 ** cfg.valBits) {
      throw new ConfigError(`radix-sort: value ${p.val} exceeds valBits=${cfg.valBits}; valid 0..${2 ** cfg.valBits - 1}`);
    }
  }
}

/** The input checks on columns (their words are integers in 0..2^32-1 already). */
export function checkColumns(cfg: RadixSortConfig, cols: SortColumns): void {
  const n = cols.pid.length;
  if (cols.xy.length !== n || cols.val.length !== n) throw new ConfigError(`radix-sort: columns of ${n} pids, ${cols.xy.length} Morton words and ${cols.val.length} values; valid: one of each per pair`);
  const cap = 2 ** cfg.capacityLog2;
  if (n > cap) {
    const need = Math.ceil(Math.log2(n));
    throw new ConfigError(`radix-sort: a tile of ${n} pairs does not fit buffers of capacityLog2=${cfg.capacityLog2} (${cap} pairs); valid capacityLog2 ${need}..20`);
  }
  const pidMax = 2 ** cfg.pidBits - 1;
  const valMax = 2 ** cfg.valBits - 1;
  for (let i = 0; i < n; i++) {
    if (cols.pid[i]! > pidMax) throw new ConfigError(`radix-sort: key primitive id ${cols.pid[i]} exceeds the configured key width pidBits=${cfg.pidBits}; valid ids 0..${pidMax}`);
    if (cols.val[i]! > valMax) throw new ConfigError(`radix-sort: value ${cols.val[i]} exceeds valBits=${cfg.valBits}; valid 0..${valMax}`);
  }
}

/** Records to columns and back. */
export function pairColumns(pairs: readonly SortPair[]): SortColumns {
  const n = pairs.length;
  const cols = { pid: new Uint32Array(n), xy: new Uint32Array(n), val: new Uint32Array(n) };
  pairs.forEach((p, i) => {
    cols.pid[i] = p.pid;
    cols.xy[i] = p.xy;
    cols.val[i] = p.val;
  });
  return cols;
}

export function columnPairs(cols: SortColumns): SortPair[] {
  return Array.from(cols.pid, (pid, i) => ({ pid, xy: cols.xy[i]!, val: cols.val[i]! }));
}

/** One tile of records through the sorter (runSorterColumns on their columns). */
export function runSorter(sim: CompiledSimulator, cfg: RadixSortConfig, pairs: readonly SortPair[], opts: { check?: boolean } = {}): SortRun {
  if (opts.check !== false) checkTile(cfg, pairs);
  const r = runSorterColumns(sim, cfg, pairColumns(pairs), { check: false });
  return { ...r, sorted: columnPairs(r.sorted) };
}

/** One tile through the sorter, its pairs and the sorted result as columns:
 *  no object per pair, for a caller that sorts tiles of a quarter of a
 *  million pairs under many configurations. */
export function runSorterColumns(sim: CompiledSimulator, cfg: RadixSortConfig, input: SortColumns, opts: { check?: boolean } = {}): SortRunColumns {
  if (opts.check !== false) checkColumns(cfg, input);
  const L = lanesOf(cfg);
  const n = input.pid.length;
  const top = sim.design.top.name;
  const ports = portsOf(sim, RadixSorter);
  const h = (name: string) => sim.handle(`${top}.${name}`);
  const phase = h('phase');
  if (phase.read() !== PHASE.LOAD) throw new InternalError(`runSorter: the sorter is busy (phase ${phase.read()}), not ready to load`);
  const start = sim.cycle;

  // LOAD: one beat per L pairs (one empty last beat for an empty tile).
  const beats = Math.max(1, Math.ceil(n / L));
  const last = new Uint32Array(beats);
  last[beats - 1] = 1;
  const maskCol = new Uint32Array(beats);
  const inputs: Record<string, Uint32Array> = {
    [ports.load_valid.path]: new Uint32Array(beats).fill(1),
    [ports.load_last.path]: last,
    [ports.load_mask.path]: maskCol,
  };
  const lane = (port: PortHandle | undefined, what: string, j: number): Uint32Array => {
    const path = port?.path;
    if (path === undefined) throw new InternalError(`runSorter: ${top} has no ${what} port for lane ${j} of ${L}`);
    return (inputs[path] = new Uint32Array(beats));
  };
  const cols = Array.from({ length: L }, (_, j) => ({ pid: lane(ports.load_pid[j], 'load_pid', j), xy: lane(ports.load_xy[j], 'load_xy', j), val: lane(ports.load_val[j], 'load_val', j) }));
  for (let j = 0; j < L; j++) {
    const col = cols[j]!;
    for (let b = 0, i = j; i < n; b++, i += L) {
      maskCol[b]! |= 1 << j;
      col.pid[b] = input.pid[i]!;
      col.xy[b] = input.xy[i]!;
      col.val[b] = input.val[i]!;
    }
  }
  sim.runBatch(inputs, beats, []);
  ports.load_valid.write(0);
  ports.load_last.write(0);
  const loaded = sim.cycle;

  // The passes: step to the end of each phase, its length read from the
  // counters the FSM itself compares against.
  const i = h('i');
  const c = h('c');
  const chunk = h('chunk');
  const k2 = 2 ** cfg.k;
  for (let guard = 0; ; guard++) {
    if (guard > 10_000) throw new InternalError('runSorter: the sorter never reached UNLOAD');
    const p = phase.read();
    if (p === PHASE.UNLOAD) break;
    if (p === PHASE.LOAD) throw new InternalError('runSorter: the sorter went back to LOAD without unloading');
    const left = p === PHASE.CLEAR || p === PHASE.PREFIX ? k2 - c.read() : p === PHASE.HIST || p === PHASE.SCATTER ? chunk.read() + 1 - i.read() : 1;
    sim.step(Math.max(1, left));
  }
  const sorting = sim.cycle;
  const passes = Number(ports.passes.read());
  const overflow = ports.overflow.read() === 1n;

  // UNLOAD: beats + 1 cycles (sync read), recording the output lanes.
  const outBeats = h('beats').read();
  const lanes = Array.from({ length: L }, (_, j) => {
    const [pid, xy, val] = [ports.out_pid[j], ports.out_xy[j], ports.out_val[j]];
    if (pid === undefined || xy === undefined || val === undefined) throw new InternalError(`runSorter: ${top} has no output lane ${j} of ${L}`);
    return { pid: pid.path, xy: xy.path, val: val.path };
  });
  const names = [ports.out_valid.path, ports.out_last.path, ports.out_mask.path, ...lanes.flatMap((l) => [l.pid, l.xy, l.val])];
  const rec = sim.runBatch({}, outBeats + 1, names);
  const [valid, lastOut, maskOut] = [rec[names[0]!]!, rec[names[1]!]!, rec[names[2]!]!];
  const laneOut = lanes.map((l) => ({ pid: rec[l.pid]!, xy: rec[l.xy]!, val: rec[l.val]! }));
  // The pairs the valid beats' masks select, counted first so the columns are allocated once.
  let count = 0;
  for (let t = 0; t <= outBeats; t++) if (valid[t] === 1) for (let m = maskOut[t]! & (2 ** L - 1); m !== 0; m &= m - 1) count++;
  const sorted = { pid: new Uint32Array(count), xy: new Uint32Array(count), val: new Uint32Array(count) };
  let k = 0;
  let lastAt = -1;
  for (let t = 0; t <= outBeats; t++) {
    if (valid[t] !== 1) continue;
    const mask = maskOut[t]!;
    for (let j = 0; j < L; j++) {
      if (((mask >>> j) & 1) === 0) continue;
      const l = laneOut[j]!;
      sorted.pid[k] = l.pid[t]!;
      sorted.xy[k] = l.xy[t]!;
      sorted.val[k] = l.val[t]!;
      k++;
    }
    if (lastOut[t] === 1) lastAt = t;
  }
  if (lastAt < 0) throw new InternalError(`runSorter: no out_last within ${outBeats + 1} unload cycles`);
  // The edge that samples the last beat ends the tile; the sorter is then back in LOAD.
  const unload = lastAt + 1;
  if (phase.read() !== PHASE.LOAD) sim.step(1);
  return {
    sorted,
    passes,
    overflow,
    cycles: { load: loaded - start, sort: sorting - loaded, unload, total: loaded - start + (sorting - loaded) + unload },
  };
}
