// Testbench driver of the Scan unit: a sorted list in, one pair per cycle,
// quads and totals out (runBatch: no JS call per cycle).
import type { CompiledSimulator } from '../../hdl/sim/index.js';
import { InternalError } from '../../hdl/errors.js';

export interface ScanRun {
  readonly quads: { pid: number; quad: number; first: number; count: number }[];
  readonly prims: number;
  readonly quadCount: number;
  readonly shaderExecs: number;
  readonly cycles: number;
}

export function runScan(sim: CompiledSimulator, sorted: readonly { pid: number; xy: number }[]): ScanRun {
  const top = sim.design.top.name;
  const n = sorted.length;
  if (n === 0) return { quads: [], prims: 0, quadCount: 0, shaderExecs: 0, cycles: 0 };
  const cycles = n + 2; // n pairs, the flush cycle, the cycle done shows
  const valid = new Uint32Array(cycles);
  const last = new Uint32Array(cycles);
  const pid = new Uint32Array(cycles);
  const xy = new Uint32Array(cycles);
  sorted.forEach((p, i) => {
    valid[i] = 1;
    pid[i] = p.pid;
    xy[i] = p.xy;
  });
  last[n - 1] = 1;
  const names = ['quad_valid', 'quad_pid', 'quad_id', 'quad_first', 'quad_count', 'done', 'prims', 'quads', 'shader_execs', 'in_ready'].map((s) => `${top}.${s}`);
  const r = sim.runBatch({ [`${top}.in_valid`]: valid, [`${top}.in_last`]: last, [`${top}.in_pid`]: pid, [`${top}.in_xy`]: xy }, cycles, names);
  const col = (s: string) => r[`${top}.${s}`]!;
  const quads: ScanRun['quads'] = [];
  let doneAt = -1;
  for (let t = 0; t < cycles; t++) {
    if (col('quad_valid')[t] === 1) quads.push({ pid: col('quad_pid')[t]!, quad: col('quad_id')[t]!, first: col('quad_first')[t]!, count: col('quad_count')[t]! });
    if (col('done')[t] === 1) doneAt = t;
  }
  if (doneAt < 0) throw new InternalError(`runScan: no done pulse within ${cycles} cycles of a ${n}-pair list`);
  return { quads, prims: col('prims')[doneAt]!, quadCount: col('quads')[doneAt]!, shaderExecs: col('shader_execs')[doneAt]!, cycles: doneAt + 1 };
}
