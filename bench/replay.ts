// gfxrtl side of bench/sim-speed.ts: the Verilator benchmark's run replayed
// on our compiled simulator, as cheaply as the public API allows. One
// simulator makes one continuous run from reset, in slices; each slice is
// timed on its own (the first ones are the warm-up), and the checksum runs
// across all of them, so it can be compared with Verilator's at any cycle.
//  - Free-running: each slice's xorshift stimulus (testbenches/cosim/
//    xorshift.ts) is generated before its timer starts, into a Uint32Array.
//    Per cycle: inputs written through number handles (word handles above
//    32 bits, from runBatch's column layout), outputs read through them and
//    folded into the two-lane checksum of outputChecksum, then step(1).
//  - Batched: the same stimulus, per input a Uint32Array column (one word
//    per 32 bits per cycle), run through runBatch in chunks of BATCH_CHUNK
//    cycles; every output of every cycle is folded from the returned
//    arrays, in the same order as the free-running loop.
//  - Constant inputs: one draw per input after reset, then step(n) per
//    slice; outputs are folded only where a checksum is asked for.
import type { Design, PortIR } from '../hdl/ir.js';
import type { CompiledSimulator, SignalHandle, WordHandle } from '../hdl/sim/index.js';
import { topPorts } from '../testbenches/cosim/stimulus.js';
import { FOLD_OFFSET_A, FOLD_OFFSET_B, FOLD_PRIME_A, FOLD_PRIME_B, outputChecksum, SEED_IF_ZERO, XorShift64 } from '../testbenches/cosim/xorshift.js';
import { InternalError } from '../hdl/errors.js';

const M64 = (1n << 64n) - 1n;

/** XorShift64 on two uint32 halves: the same sequence, without BigInts. */
class XorShift32x2 {
  hi: number;
  lo: number;
  constructor(seed: bigint) {
    const s = seed & M64 || SEED_IF_ZERO;
    this.hi = Number(s >> 32n);
    this.lo = Number(s & 0xffffffffn);
  }
  /** Advances; the draw is (this.hi, this.lo). */
  next(): void {
    let hi = this.hi;
    let lo = this.lo;
    hi = (hi ^ ((hi << 13) | (lo >>> 19))) >>> 0; // s ^= s << 13
    lo = (lo ^ (lo << 13)) >>> 0;
    lo = (lo ^ ((lo >>> 7) | (hi << 25))) >>> 0; // s ^= s >> 7
    hi = (hi ^ (hi >>> 7)) >>> 0;
    hi = (hi ^ ((hi << 17) | (lo >>> 15))) >>> 0; // s ^= s << 17
    lo = (lo ^ (lo << 17)) >>> 0;
    this.hi = hi;
    this.lo = lo;
  }
  /** The same draws as runBatch's arrays: per input one column of
   *  wordsOf(width) 32-bit words per cycle, little-endian (each 64-bit draw
   *  is its low word then its high word; the top word masked to the width). */
  fillColumns(inputs: PortIR[], cycles: number, columns: Uint32Array[]): void {
    const words = inputs.map((p) => wordsOf(p.width));
    for (let c = 0; c < cycles; c++) {
      inputs.forEach((p, i) => {
        const k = words[i]!;
        const col = columns[i]!;
        for (let j = 0; j < k; j += 2) {
          this.next();
          col[c * k + j] = this.lo;
          if (j + 1 < k) col[c * k + j + 1] = this.hi;
        }
        const top = p.width - 32 * (k - 1);
        if (top < 32) col[c * k + k - 1]! &= 2 ** top - 1;
      });
    }
  }
}

/** runBatch's words per cycle for a port of `width` bits. */
const wordsOf = (width: number): number => (width <= 32 ? 1 : Math.ceil(width / 32));

/** outputChecksum's two lanes (xorshift.ts), as int32 patterns; the
 *  generated loops below fold into them with foldStep. */
class Fold {
  a = FOLD_OFFSET_A | 0;
  b = FOLD_OFFSET_B | 0;
  value(): bigint {
    return (BigInt(this.b >>> 0) << 32n) | BigInt(this.a >>> 0);
  }
}

/** Generated code folding the 32-bit word `w` into the lanes `a` and `b`
 *  (the primes bound as PA and PB): the same two multiplies per word as
 *  the C++ loop. */
const foldStep = (w: string): string => `w = ${w}; a = Math.imul(a ^ w, PA); b = Math.imul(b ^ w, PB);`;

interface Io {
  narrowIn: SignalHandle[];
  wideIn: { path: string; width: number; words: WordHandle }[];
  /** In output port order; handle null for outputs wider than 32 bits,
   *  which are read through `words`. */
  out: { handle: SignalHandle | null; words: WordHandle; path: string; width: number }[];
}

function portsOf(sim: CompiledSimulator): Io {
  const top = sim.design.top.name;
  const { inputs, outputs } = topPorts(sim.design);
  const path = (p: PortIR): string => `${top}.${p.name}`;
  return {
    narrowIn: inputs.filter((p) => p.width <= 32).map((p) => sim.handle(path(p))),
    wideIn: inputs.filter((p) => p.width > 32).map((p) => ({ path: path(p), width: p.width, words: sim.wordHandle(path(p)) })),
    out: outputs.map((p) => ({
      handle: p.width <= 32 ? sim.handle(path(p)) : null,
      words: sim.wordHandle(path(p)),
      path: path(p),
      width: p.width,
    })),
  };
}

/** One continuous run from reset, timed slice by slice. */
abstract class Run {
  protected readonly io: Io;
  protected readonly rng: XorShift32x2;
  protected readonly inputs: PortIR[];
  protected readonly hash = new Fold();
  /** Cycles run so far (after reset). */
  done = 0;
  /** Checksum at `checkpoint` cycles, once reached. */
  atCheckpoint: bigint | null = null;

  constructor(
    protected readonly sim: CompiledSimulator,
    seed: bigint,
    resets: number,
    private readonly checkpoint: number | null,
  ) {
    this.io = portsOf(sim);
    this.rng = new XorShift32x2(seed);
    this.inputs = topPorts(sim.design).inputs;
    // Inputs 0 with reset held for `resets` edges, as the C++ main does.
    for (const h of this.io.narrowIn) h.write(0);
    for (const p of this.io.wideIn) sim.poke(p.path, 0n);
    if (resets > 0) sim.reset(resets);
  }

  /** Runs `n` more cycles; returns the seconds they took (setup excluded),
   *  wall time and this process's CPU time (every thread: the garbage
   *  collector's and compiler's work counts against us). */
  slice(n: number): { seconds: number; cpuSeconds: number } {
    this.prepare(n);
    const cp = this.checkpoint;
    const split = cp !== null && cp > this.done && cp <= this.done + n ? cp - this.done : 0;
    const cpu0 = process.cpuUsage();
    const start = performance.now();
    if (split > 0) {
      this.cycles(0, split);
      this.atCheckpoint = this.checksumNow();
      this.cycles(split, n - split);
    } else this.cycles(0, n);
    const seconds = (performance.now() - start) / 1000;
    const cpu = process.cpuUsage(cpu0);
    this.done += n;
    return { seconds, cpuSeconds: (cpu.user + cpu.system) / 1e6 };
  }

  /** Each input's stimulus as runBatch's column of words (fillColumns). */
  protected columns: Uint32Array[] = [];

  /** Draws the stimulus of the next `n` cycles, before the timer starts. */
  protected prepare(n: number): void {
    if ((this.columns[0]?.length ?? -1) < n * wordsOf(this.inputs[0]?.width ?? 1)) {
      this.columns = this.inputs.map((p) => new Uint32Array(n * wordsOf(p.width)));
    }
    this.rng.fillColumns(this.inputs, n, this.columns);
  }

  /** Checksum of the run so far. */
  checksumNow(): bigint {
    return this.hash.value();
  }

  protected abstract cycles(from: number, count: number): void;
}

/** Per cycle: inputs written and outputs read through handles, then
 *  step(1), in the loop perCycleLoop generates for the design. */
export class FreeRun extends Run {
  private loop: PerCycleLoop | null = null;

  protected override cycles(from: number, count: number): void {
    const loop = (this.loop ??= perCycleLoop(this.sim, this.inputs, this.io));
    const end = from + count;
    for (let at = from; at < end; at += LOOP_CHUNK) loop(at, Math.min(end, at + LOOP_CHUNK), this.columns, this.hash);
  }
}

/** The per-cycle loop over cycles [from, end): `columns` are runBatch's
 *  input columns. */
type PerCycleLoop = (from: number, end: number, columns: Uint32Array[], hash: Fold) => void;

/** Cycles per call of a PerCycleLoop: called chunk by chunk, V8 optimises
 *  it as a whole function, not as on-stack-replaced code of a loop entered
 *  once per slice. */
const LOOP_CHUNK = 4096;

/** The loop a testbench author writes for one design: a statement per
 *  port, each handle a name of its own (Verilator's C++ main is generated
 *  the same way), so every call site sees one handle and V8 inlines its
 *  write or read. Number handles up to 32 bits, word handles above (no
 *  BigInt); a wide output is read into a buffer and folded word by word,
 *  low first. */
function perCycleLoop(sim: CompiledSimulator, inputs: PortIR[], io: Io): PerCycleLoop {
  let narrow = 0;
  let wide = 0;
  const handles: unknown[] = [];
  const pokes = inputs.map((p, i) => {
    handles.push(p.width <= 32 ? io.narrowIn[narrow++]! : io.wideIn[wide++]!.words);
    return p.width <= 32 ? `i${i}.write(col${i}[c]);` : `i${i}.write(col${i}, ${wordsOf(p.width)} * c);`;
  });
  const peeks = io.out.map((o, i) => {
    handles.push(o.handle ?? o.words);
    if (o.handle !== null) return foldStep(`o${i}.read()`);
    return [`o${i}.read(buf);`, ...Array.from({ length: wordsOf(o.width) }, (_, j) => foldStep(`buf[${j}]`))].join(' ');
  });
  const body = [
    'return function (from, end, columns, hash) {',
    ...inputs.map((_, i) => `const col${i} = columns[${i}];`),
    'let a = hash.a, b = hash.b, w = 0;',
    'for (let c = from; c < end; c++) {',
    ...pokes,
    ...peeks,
    'sim.step(1);',
    '}',
    'hash.a = a; hash.b = b;',
    '};',
  ].join('\n');
  const names = [...inputs.map((_, i) => `i${i}`), ...io.out.map((_, i) => `o${i}`), 'sim', 'buf', 'PA', 'PB'];
  const buf = new Uint32Array(Math.max(2, ...io.out.map((o) => wordsOf(o.width))));
  const make = new Function(...names, body) as (...args: unknown[]) => PerCycleLoop;
  return make(...handles, sim, buf, FOLD_PRIME_A, FOLD_PRIME_B);
}

/** Cycles per runBatch call: output arrays of a few pages per port, reused
 *  from cache, while the per-call cost is spread thin. */
const BATCH_CHUNK = 4096;

export class BatchRun extends Run {
  private readonly inNames: string[];
  private readonly outNames: string[];
  private readonly outWords: number[];
  private fold: BatchFold | null = null;

  constructor(sim: CompiledSimulator, seed: bigint, resets: number, checkpoint: number | null) {
    super(sim, seed, resets, checkpoint);
    const top = sim.design.top.name;
    this.inNames = this.inputs.map((p) => `${top}.${p.name}`);
    this.outNames = this.io.out.map((o) => o.path);
    this.outWords = this.io.out.map((o) => wordsOf(o.width));
  }

  protected override cycles(from: number, count: number): void {
    const { sim, hash, inNames, outNames, columns, outWords } = this;
    const words = this.inputs.map((p) => wordsOf(p.width));
    const fold = (this.fold ??= batchFold(outWords));
    // Output arrays reused from call to call (runBatch's `into`).
    const into: Record<string, Uint32Array> = {};
    outNames.forEach((name, i) => (into[name] = new Uint32Array(BATCH_CHUNK * outWords[i]!)));
    const outs = outNames.map((name) => into[name]!);
    for (let at = from; at < from + count; at += BATCH_CHUNK) {
      const len = Math.min(BATCH_CHUNK, from + count - at);
      const inputs: Record<string, Uint32Array> = {};
      inNames.forEach((name, i) => (inputs[name] = columns[i]!.subarray(at * words[i]!, (at + len) * words[i]!)));
      sim.runBatch(inputs, len, outNames, into);
      fold(hash, outs, len);
    }
  }
}

/** Folds `len` cycles of runBatch's output arrays, cycle by cycle, each
 *  output's words low first, as Fold.word does. */
type BatchFold = (hash: Fold, outs: Uint32Array[], len: number) => void;

/** The fold for outputs of `outWords[i]` words a cycle, generated as the
 *  C++ loop is: a statement per output word, each array a name of its own
 *  (a loop over an array of arrays cost more than simulating a small
 *  design). Called per chunk, so V8 optimises it as a whole function. */
function batchFold(outWords: number[]): BatchFold {
  const body = [
    'return function (hash, outs, len) {',
    ...outWords.map((_, i) => `const o${i} = outs[${i}];`),
    'let a = hash.a, b = hash.b, w = 0;',
    'for (let c = 0; c < len; c++) {',
    ...outWords.flatMap((k, i) => (k === 1 ? [foldStep(`o${i}[c]`)] : Array.from({ length: k }, (_, j) => foldStep(`o${i}[${k} * c + ${j}]`)))),
    '}',
    'hash.a = a; hash.b = b;',
    '};',
  ].join('\n');
  return (new Function('PA', 'PB', body) as (pa: number, pb: number) => BatchFold)(FOLD_PRIME_A, FOLD_PRIME_B);
}

export class ConstRun extends Run {
  constructor(sim: CompiledSimulator, seed: bigint, resets: number, checkpoint: number | null) {
    super(sim, seed, resets, checkpoint);
    // One cycle's draws, held for the whole run.
    super.prepare(1);
    let narrow = 0;
    let wide = 0;
    this.inputs.forEach((p, i) => {
      if (p.width <= 32) this.io.narrowIn[narrow++]!.write(this.columns[i]![0]!);
      else this.io.wideIn[wide++]!.words.write(this.columns[i]!, 0);
    });
  }

  protected override prepare(): void {}

  /** The outputs now, folded once (as the C++ constant-input loop does). */
  override checksumNow(): bigint {
    const top = this.sim.design.top.name;
    const now = Object.fromEntries(topPorts(this.sim.design).outputs.map((p) => [p.name, this.sim.peek(`${top}.${p.name}`)]));
    return outputChecksum(this.sim.design, [now]);
  }

  protected override cycles(_from: number, count: number): void {
    this.sim.step(count);
  }
}

/** The fast generator and checksum against their BigInt specifications. */
export function selfCheck(): void {
  const ref = new XorShift64(12345n);
  const fast = new XorShift32x2(12345n);
  for (let i = 0; i < 1000; i++) {
    fast.next();
    if (((BigInt(fast.hi) << 32n) | BigInt(fast.lo)) !== ref.next()) throw new InternalError(`bench/replay.ts: xorshift differs at draw ${i}`);
  }
  // batchFold's generated code (foldStep, as the per-cycle loop uses it)
  // on outputs of one, two and three words against outputChecksum.
  const widths = [32, 64, 96];
  const cycles = 200;
  const values = Array.from({ length: cycles }, () => widths.map((w) => BigInt.asUintN(w, (ref.next() << 64n) | ref.next())));
  const outWords = widths.map(wordsOf);
  const outs = outWords.map((k, i) => {
    const arr = new Uint32Array(cycles * k);
    values.forEach((v, c) => {
      for (let j = 0; j < k; j++) arr[c * k + j] = Number((v[i]! >> BigInt(32 * j)) & 0xffffffffn);
    });
    return arr;
  });
  const h = new Fold();
  batchFold(outWords)(h, outs, cycles);
  const ports = widths.map((width, i) => ({ name: `o${i}`, dir: 'out', width }));
  const design = { top: { name: 'T', ports } } as unknown as Design;
  const expected = outputChecksum(design, values.map((v) => Object.fromEntries(v.map((x, i) => [`o${i}`, x]))));
  if (h.value() !== expected) throw new InternalError('bench/replay.ts: generated fold differs from outputChecksum');
}
