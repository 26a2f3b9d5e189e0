// Per-call cost of the per-cycle testbench path on designs with ports wider
// than 32 bits: word handles (wordHandle, 32-bit words from and into typed
// arrays) against BigInt poke/peek, and the whole loop against the
// generated code it runs:
//
//   npx tsx bench/word-handle-calls.ts [--only qfm] [--cycles 200000]
//
// Per design (each in a process of its own, as bench/sim-speed-calls.ts):
// ns per cycle of the loop a testbench writes (every input written, every
// output read, step(1)) through word handles above 32 bits and number
// handles below, and through poke/peek above 32 bits; of settlePorts + edge
// alone; and ns per call of a word-handle write and settled read, and a
// poke and settled peek, of the widest input and output. Stimulus: fixed
// pseudo-random words per cycle slot. CPU time of this process, best of 3.
// The generated code alone runs with the last cycle's inputs held, so its
// branches predict better than in the loop: the overhead column (loop less
// generated code) is an upper bound on what the handles cost.
import { fork } from 'node:child_process';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { createSimulator, type SignalHandle, type WordHandle } from '../hdl/sim/index.js';
import { topPorts } from '../testbenches/cosim/stimulus.js';
import { BENCH_DESIGNS } from './designs.js';
import { nsPer as nsPerOf } from './cpu-timing.js';
import { UserError } from '../hdl/errors.js';

const { values: args } = parseArgs({
  options: { cycles: { type: 'string', default: '200000' }, only: { type: 'string' }, row: { type: 'string' } },
});
const CYCLES = Number(args.cycles);
if (!Number.isSafeInteger(CYCLES) || CYCLES < 1000) throw new UserError(`--cycles must be a whole number >= 1000, got ${args.cycles}`);
const nsPer = (f: (n: number) => void, n = CYCLES): number => nsPerOf(f, n);



/** Stimulus slots per port: a few cycles' worth, cycled through. */
const SLOTS = 64;

function measure(name: string): string {
  const design = BENCH_DESIGNS.find((b) => b.name === name)!.make();
  const sim = createSimulator(design, { observe: 'ports' });
  const top = design.top.name;
  const { inputs, outputs } = topPorts(design);
  const path = (p: { name: string }): string => `${top}.${p.name}`;
  let seed = 0x9e3779b9 | 0;
  const next = (): number => {
    seed ^= seed << 13;
    seed ^= seed >>> 17;
    seed ^= seed << 5;
    return seed >>> 0;
  };
  const wordsOf = (w: number): number => Math.ceil(w / 32);
  const topMask = (w: number): number => (w % 32 === 0 ? 0xffffffff : 2 ** (w % 32) - 1);
  // Per input: SLOTS cycles of words, top word masked to the width.
  const stim = inputs.map((p) => {
    const k = wordsOf(p.width);
    const a = new Uint32Array(SLOTS * k);
    for (let s = 0; s < SLOTS; s++) {
      for (let j = 0; j < k; j++) a[s * k + j] = j === k - 1 ? next() & topMask(p.width) : next();
    }
    return a;
  });
  const big = inputs.map((p, i) =>
    Array.from({ length: SLOTS }, (_, s) => {
      let v = 0n;
      const k = wordsOf(p.width);
      for (let j = k - 1; j >= 0; j--) v = (v << 32n) | BigInt(stim[i]![s * k + j]!);
      return v;
    }),
  );
  const narrowIn: { h: SignalHandle; col: Uint32Array }[] = [];
  const wideIn: { h: WordHandle; col: Uint32Array; k: number }[] = [];
  inputs.forEach((p, i) => {
    if (p.width <= 32) narrowIn.push({ h: sim.handle(path(p)), col: stim[i]! });
    else wideIn.push({ h: sim.wordHandle(path(p)), col: stim[i]!, k: wordsOf(p.width) });
  });
  const narrowOut = outputs.filter((p) => p.width <= 32).map((p) => sim.handle(path(p)));
  const wideOut = outputs.filter((p) => p.width > 32).map((p) => sim.wordHandle(path(p)));
  const buf = new Uint32Array(Math.max(2, ...outputs.map((p) => wordsOf(p.width))));
  sim.reset();
  let sum = 0;
  const words = (n: number): void => {
    for (let c = 0; c < n; c++) {
      const s = c & (SLOTS - 1);
      for (const i of narrowIn) i.h.write(i.col[s]!);
      for (const i of wideIn) i.h.write(i.col, s * i.k);
      for (const o of narrowOut) sum = (sum + o.read()) | 0;
      for (const o of wideOut) {
        o.read(buf);
        sum = (sum + buf[0]!) | 0;
      }
      sim.step(1);
    }
  };
  const wideInPaths = inputs.map((p, i) => ({ p, i })).filter(({ p }) => p.width > 32);
  const wideOutPaths = outputs.filter((p) => p.width > 32).map(path);
  const bigints = (n: number): void => {
    for (let c = 0; c < n; c++) {
      const s = c & (SLOTS - 1);
      for (const i of narrowIn) i.h.write(i.col[s]!);
      for (const { p, i } of wideInPaths) sim.poke(path(p), big[i]![s]!);
      for (const o of narrowOut) sum = (sum + o.read()) | 0;
      for (const o of wideOutPaths) sum = (sum + Number(sim.peek(o) & 1n)) | 0;
      sim.step(1);
    }
  };
  const perCycle = nsPer(words);
  const perCycleBig = nsPer(bigints, Math.max(1000, CYCLES / 5));
  const c = sim.compiled;
  const generated = nsPer((n) => {
    for (let k = 0; k < n; k++) {
      c.settlePorts();
      c.edge();
    }
  });
  // The widest input and output, call by call.
  const wi = [...wideIn].sort((a, b) => b.k - a.k)[0];
  const wo = [...wideOut].sort((a, b) => b.words - a.words)[0];
  const wiPath = wideInPaths.sort((a, b) => b.p.width - a.p.width)[0];
  const write = wi === undefined ? NaN : nsPer((n) => {
    for (let k = 0; k < n; k++) wi.h.write(wi.col, (k & (SLOTS - 1)) * wi.k);
  }, CYCLES * 10);
  const poke = wiPath === undefined ? NaN : nsPer((n) => {
    for (let k = 0; k < n; k++) sim.poke(path(wiPath.p), big[wiPath.i]![k & (SLOTS - 1)]!);
  });
  wo?.read(buf);
  const read = wo === undefined ? NaN : nsPer((n) => {
    for (let k = 0; k < n; k++) {
      wo.read(buf);
      sum = (sum + buf[0]!) | 0;
    }
  }, CYCLES * 10);
  const peek = wo === undefined ? NaN : nsPer((n) => {
    for (let k = 0; k < n; k++) sum = (sum + Number(sim.peek(wo.path) & 1n)) | 0;
  });
  const f = (v: number): string => (Number.isNaN(v) ? 'n/a' : v.toFixed(1));
  const w = (h: { width: number } | undefined): string => (h === undefined ? '-' : String(h.width));
  return (
    `| ${name} | ${wideIn.length} / ${wideOut.length} | ${f(perCycle)} | ${f(perCycleBig)} | ${f(generated)} | ${f(perCycle - generated)} | ` +
    `${f(write)} (${w(wi?.h)} b) | ${f(poke)} | ${f(read)} (${w(wo)} b) | ${f(peek)} | ${sum & 1} |`
  );
}

if (args.row !== undefined) {
  console.log(measure(args.row));
} else {
  console.log(`# per-cycle testbench path with wide ports: ${CYCLES} cycles per figure, CPU time, best of 3; load ${loadavg().map((l) => l.toFixed(2)).join(' ')}\n`);
  console.log(
    '| design | wide ports in / out | loop, word handles, ns/cycle | loop, poke/peek, ns/cycle | generated code ns/cycle | word-handle overhead ns/cycle | word write ns | poke ns | word read ns | peek ns | - |',
  );
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|');
  const wide = BENCH_DESIGNS.filter((d) => {
    const { inputs, outputs } = topPorts(d.make());
    return [...inputs, ...outputs].some((p) => p.width > 32);
  });
  for (const b of wide.filter((d) => args.only === undefined || d.name.includes(args.only))) {
    await new Promise<void>((resolve, reject) => {
      const child = fork(fileURLToPath(import.meta.url), ['--cycles', String(CYCLES), '--row', b.name], { stdio: 'inherit' });
      child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`word-handle-calls --row ${b.name} exited with ${code}`))));
    });
  }
  console.log(`\nload ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
}
