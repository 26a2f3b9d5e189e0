// Per-call cost of the per-cycle testbench path (poke, peek, step through
// number handles), against the generated code those calls run:
//
//   npx tsx bench/sim-speed-calls.ts [--cycles 2000000]
//
// For each design: ns per cycle of the whole testbench loop (write every
// input, read every output, step(1)); of the generated functions alone
// (settlePorts + edge, what the loop must run, on the same stimulus through
// the slot arrays); and ns per call of a
// handle write, a read of an already settled value, and a read that settles
// followed by step(1). The difference between the first two is the API's
// overhead per cycle. Inputs are fixed pseudo-random words, outputs folded
// into a checksum so nothing is optimised away. Times are CPU time of this
// process (the machine is shared: wall time moves with the load), best of 3.
import { fork } from 'node:child_process';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { flatten } from '../hdl/flatten.js';
import { createSimulator, type SignalHandle } from '../hdl/sim/index.js';
import { topPorts } from '../testbenches/cosim/stimulus.js';
import { BENCH_DESIGNS } from './designs.js';
import { nsPer as nsPerOf } from './cpu-timing.js';
import { UserError } from '../hdl/errors.js';

const { values: args } = parseArgs({
  options: { cycles: { type: 'string', default: '2000000' }, only: { type: 'string' }, row: { type: 'string' } },
});
const CYCLES = Number(args.cycles);
if (!Number.isSafeInteger(CYCLES) || CYCLES < 1000) throw new UserError(`--cycles must be a whole number >= 1000, got ${args.cycles}`);
const nsPer = (f: (n: number) => void, n = CYCLES): number => nsPerOf(f, n);



function measure(name: string): string {
  const design = BENCH_DESIGNS.find((b) => b.name === name)!.make();
  const sim = createSimulator(design, { observe: 'ports' });
  const top = design.top.name;
  const { inputs, outputs } = topPorts(design);
  const narrowIn = inputs.filter((p) => p.width <= 52);
  const narrowOut = outputs.filter((p) => p.width <= 52);
  const ins: SignalHandle[] = narrowIn.map((p) => sim.handle(`${top}.${p.name}`));
  const outs: SignalHandle[] = narrowOut.map((p) => sim.handle(`${top}.${p.name}`));
  // Stimulus: word i + cycle, masked to the port (a mask, not a modulo, so
  // the loop's own arithmetic stays small next to the calls it measures).
  const masks = ins.map((h) => (h.width >= 32 ? -1 : 2 ** h.width - 1));
  const words = ins.map((_, i) => Math.imul(i + 1, 0x9e3779b1));
  sim.reset();
  let sum = 0;
  const loop = (n: number): void => {
    for (let c = 0; c < n; c++) {
      for (let i = 0; i < ins.length; i++) ins[i]!.write(((words[i]! + c) & masks[i]!) >>> 0);
      for (let i = 0; i < outs.length; i++) sum = (sum + outs[i]!.read()) | 0;
      sim.step(1);
    }
  };
  const perCycle = nsPer(loop);
  const c = sim.compiled;
  // The same stimulus written straight into the input slots and the outputs
  // read straight from theirs: with inputs held constant instead, a design
  // with an FSM (the radix sorter) runs other phases than the loop above,
  // and the difference measured that, not the API (92 ns "overhead" where
  // the calls cost ~6 ns).
  const slotOf = (p: { name: string }): number => c.lay.slot[c.net.signals.find((s) => s.path === `${top}.${p.name}`)!.node]!;
  const inSlots = narrowIn.map(slotOf);
  const outSlots = narrowOut.map(slotOf);
  const inD = narrowIn.map((p) => p.width > 32);
  const outD = narrowOut.map((p) => p.width > 32);
  const { N, D } = c.state;
  const generated = nsPer((n) => {
    for (let k = 0; k < n; k++) {
      for (let i = 0; i < inSlots.length; i++) {
        const v = ((words[i]! + k) & masks[i]!) >>> 0;
        if (inD[i]) D[inSlots[i]!] = v;
        else N[inSlots[i]!] = v | 0;
      }
      c.settlePorts();
      for (let i = 0; i < outSlots.length; i++) sum = (sum + (outD[i] ? D[outSlots[i]!]! : N[outSlots[i]!]! >>> 0)) | 0;
      c.edge();
    }
  });
  const h = ins[0];
  const write = h === undefined ? NaN : nsPer((n) => {
    for (let k = 0; k < n; k++) h.write(k & 1);
  });
  const o = outs[0];
  o?.read();
  const read = o === undefined ? NaN : nsPer((n) => {
    for (let k = 0; k < n; k++) sum = (sum + o.read()) | 0;
  });
  const readStep = o === undefined ? NaN : nsPer((n) => {
    for (let k = 0; k < n; k++) {
      sum = (sum + o.read()) | 0;
      sim.step(1);
    }
  });
  const f = (v: number): string => (Number.isNaN(v) ? 'n/a' : v.toFixed(1));
  return (
    `| ${name} | ${ins.length} / ${outs.length} | ${f(perCycle)} | ${f(generated)} | ${f(perCycle - generated)} | ` +
    `${f(write)} | ${f(read)} | ${f(readStep)} | ${sum & 1} |`
  );
}

if (args.row !== undefined) {
  // A child: one design's row.
  console.log(measure(args.row));
} else {
  console.log(`# per-cycle testbench path: ${CYCLES} cycles per figure, CPU time, best of 3; load ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  console.log('(each design in a process of its own: in one process the measuring loops\' call sites see every design and stop inlining)\n');
  console.log('| design | handles in / out | loop ns/cycle | generated code ns/cycle | API overhead ns/cycle | write ns | settled read ns | read + step(1) ns | - |');
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|---|');
  for (const b of BENCH_DESIGNS.filter((d) => args.only === undefined || d.name.includes(args.only))) {
    // The per-cycle target is for narrow designs (every node at most 32 bits).
    if (Math.max(...flatten(b.make()).nodes.map((n) => n.width)) > 32) continue;
    await new Promise<void>((resolve, reject) => {
      const child = fork(fileURLToPath(import.meta.url), ['--cycles', String(CYCLES), '--row', b.name], { stdio: 'inherit' });
      child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`sim-speed-calls --row ${b.name} exited with ${code}`))));
    });
  }
  console.log(`\nload ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
}
