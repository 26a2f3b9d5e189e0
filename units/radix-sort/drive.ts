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

export function runSorter(sim: CompiledSimulator, cfg: RadixSortConfig, pairs: readonly SortPair[], opts: { check?: boolean } = {}): SortRun {
  if (opts.check !== false) checkTile(cfg, pairs);
  const L = lanesOf(cfg);
  const top = sim.design.top.name;
  const ports = portsOf(sim, RadixSorter);
  const h = (name: string) => sim.handle(`${top}.${name}`);
  const phase = h('phase');
  if (phase.read() !== PHASE.LOAD) throw new InternalError(`runSorter: the sorter is busy (phase ${phase.read()}), not ready to load`);
  const start = sim.cycle;

  // LOAD: one beat per L pairs (one empty last beat for an empty tile).
  const beats = Math.max(1, Math.ceil(pairs.length / L));
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
  for (let b = 0; b < beats; b++) {
    let mask = 0;
    for (let j = 0; j < L; j++) {
      const p = pairs[b * L + j];
      if (p === undefined) continue;
      mask |= 1 << j;
      cols[j]!.pid[b] = p.pid;
      cols[j]!.xy[b] = p.xy;
      cols[j]!.val[b] = p.val;
    }
    maskCol[b] = mask;
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
  const sorted: SortPair[] = [];
  let lastAt = -1;
  for (let t = 0; t <= outBeats; t++) {
    if (rec[names[0]!]![t] !== 1) continue;
    const mask = rec[names[2]!]![t]!;
    for (let j = 0; j < L; j++) {
      if (((mask >>> j) & 1) === 0) continue;
      const l = lanes[j]!;
      sorted.push({ pid: rec[l.pid]![t]!, xy: rec[l.xy]![t]!, val: rec[l.val]![t]! });
    }
    if (rec[names[1]!]![t] === 1) lastAt = t;
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
