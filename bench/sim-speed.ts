// Simulation speed: gfxrtl's compiled simulator against Verilator on the
// Verilog we emit, same designs, same xorshift stimulus, in the same run,
// with the outputs checksummed on both sides to prove the same work was done.
//
//   npm run bench -- [--only SUBSTRING] [--seconds 0.5] [--verilator-cxx O3|default]
//
// Two modes, each timed around the cycle loop alone:
//  (a) free-running: every cycle, every input gets fresh xorshift bits and
//      every output is folded into the two-lane checksum of
//      testbenches/cosim/xorshift.ts. Verilator: the C++ loop of
//      testbenches/cosim/verilator-bench.ts, which draws each 4096 cycles'
//      stimulus into a buffer before timing them. Ours: stimulus
//      pre-generated outside the timed region, written through handles
//      (word handles above 32 bits), outputs read through them, step(1).
//      See replay.ts.
//      Also 'batched': the same stimulus through runBatch, 4096 cycles per
//      call, every output of every cycle folded from the returned arrays
//      (designs whose ports are all at most 32 bits).
//  (b) constant inputs: after reset one draw per input, then bare clock
//      cycles (our step(n), the simulator's fast loop; Verilator's two
//      evals per cycle); outputs checksummed once at the end.
// Ours is measured with observe: 'ports' (logic that cannot reach an output
// compiled away, as Verilator does) and, for reference, the default 'all',
// each in a child process of its own (sim-speed-child.ts). Verilator: -O3
// and BENCH_FLAGS, single-threaded, and by default the model's C++ compiled
// at -O3 too (Verilator's Makefile default is -Os, which on this machine
// runs small designs up to 2x slower; --verilator-cxx default selects it);
// build time excluded and reported (cached under $TMPDIR/gfxrtl-eda-cache). Each figure is the best of 3
// runs of ~--seconds each, after a warm-up; each of ours' timed runs follows
// one of Verilator's, and a ratio divides by the best of the Verilator runs
// that alternated with that path's runs: a busy stretch on this shared
// machine then slows both sides' samples alike, instead of one side's.
import { fork } from 'node:child_process';
import { cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { flatten } from '../hdl/flatten.js';
import { pruneToPorts } from '../hdl/sim/passes/prune.js';
import { hasTool, INSTALL_HINT, toolStatus } from '../testbenches/cosim/eda.js';
import { topPorts } from '../testbenches/cosim/stimulus.js';
import { createSimulator } from '../hdl/sim/index.js';
import { BENCH_DESIGNS, largeDesign, type BenchDesign } from './designs.js';
import { selfCheck } from './replay.js';
import type { BetweenMessage, ChildMode, ChildRequest, ChildResult, TimedPath } from './sim-speed-child.js';
import { buildVerilatorModel, verilatorFlags, type CxxOpt, type VerilatorModel, type VerilatorRun } from './verilator-modes.js';
import { UserError } from '../hdl/errors.js';

const { values: args } = parseArgs({
  options: {
    only: { type: 'string' },
    seconds: { type: 'string', default: '0.5' },
    'verilator-cxx': { type: 'string', default: 'O3' },
    'ours-only': { type: 'boolean', default: false },
  },
});
const TARGET = Number(args.seconds);
if (!(TARGET > 0)) throw new UserError(`--seconds must be a positive number, got ${args.seconds}`);
const CXX: CxxOpt = ((v: string): CxxOpt => {
  if (v === 'O3' || v === 'default') return v;
  throw new UserError(`--verilator-cxx must be O3 or default, got ${v}`);
})(args['verilator-cxx']);
const REPS = 3;
const SEED = 1n;
const RESETS = 1;
/** Narrow input words (4 bytes each) prepared per timed slice, at most. */
const MAX_STIM_WORDS = 48_000_000;

type Mode = 'free' | 'constant';
const MODES: Mode[] = ['free', 'constant'];
const MODE_TITLE: Record<Mode, string> = {
  free: '(a) free-running: xorshift inputs every cycle, every output checksummed every cycle',
  constant: '(b) step(n) with constant inputs (the fast loop), outputs checksummed once at the end',
};

const cps = (v: number): string => (Number.isFinite(v) ? (v >= 1e6 ? `${(v / 1e6).toFixed(2)}M` : `${(v / 1e3).toFixed(1)}k`) : 'n/a');
const hex = (v: bigint): string => `0x${v.toString(16).padStart(16, '0')}`;
const load = (): string => loadavg().map((l) => l.toFixed(2)).join(' ');

interface Timed {
  cycles: number;
  seconds: number;
  cpuSeconds: number;
}
/** Cycles per second of wall time. */
const rate = (r: Timed): number => r.cycles / r.seconds;
/** Cycles per second of CPU time: what the ratios compare (see CLOCK_NOTE). */
const cpuRate = (r: Timed): number => r.cycles / r.cpuSeconds;
const CLOCK_NOTE =
  'ratios are of CPU time (Verilator: the loop thread\'s clock; ours: the whole process, GC and compiler threads included), ' +
  'since on this shared machine each side\'s wall time moves with the load at the moment it ran; wall-time ratios in brackets';

interface VerilatorMode extends VerilatorRun {
  run(cycles: number): Promise<VerilatorRun>;
}

/** Calibrate (doubling up to a quarter of the target), then one run of
 *  about the target: its length and checksum. The figures the ratios use
 *  are timed later, between ours' slices (Paired), and each of those runs
 *  must give this run's checksum. */
async function measureVerilator(run: (cycles: number) => Promise<VerilatorRun>): Promise<VerilatorMode> {
  let r = await run(1 << 14);
  while (r.seconds < TARGET / 4) r = await run(r.cycles * 2);
  const timed = (from: VerilatorRun): Promise<VerilatorRun> => run(Math.max(1000, Math.round(rate(from) * TARGET)));
  r = await timed(r);
  // Calibrated on a short run: time again if that guessed far too short.
  for (let redo = 0; redo < 3 && r.seconds < 0.6 * TARGET; redo++) r = await timed(r);
  return { ...r, run };
}

/** Called before each of the child's timed slices when it interleaves. */
type OnBetween = (m: BetweenMessage) => Promise<void>;

function runChild(req: ChildRequest, onBetween: OnBetween = async () => {}): Promise<ChildResult> {
  return new Promise((resolve, reject) => {
    // V8 compiles optimised code on the child's main thread, not on a
    // background thread: on a loaded machine a large design's loop could
    // otherwise still be waiting for its optimised code after the warm-up,
    // and the timed slices ran unoptimised (the QFM at 0.02x, 40 times below
    // the same loop measured alone). Steady-state code is the same either way.
    const child = fork(fileURLToPath(new URL('./sim-speed-child.ts', import.meta.url)), [], {
      stdio: 'inherit',
      execArgv: [...process.execArgv, '--no-concurrent-recompilation'],
    });
    let answered = false;
    const fail = (e: Error): void => {
      answered = true;
      child.kill();
      reject(e);
    };
    child.on('message', (m: BetweenMessage | { ok: boolean; result?: ChildResult; error?: string }) => {
      if ('kind' in m) {
        onBetween(m).then(
          () => child.send({ kind: 'go' }),
          (e: unknown) => fail(new Error(`Verilator run between ${req.design}'s ${m.path} slices failed: ${(e as Error).message}`)),
        );
        return;
      }
      answered = true;
      if (m.ok) resolve(m.result!);
      else reject(new Error(`child (${req.design}, observe ${req.observe}) failed:\n${m.error}`));
    });
    child.once('exit', (code) => {
      if (!answered) reject(new Error(`child (${req.design}, observe ${req.observe}) exited with ${code} before answering`));
    });
    child.send(req);
  });
}

/** Verilator's runs timed between one path's slices of ours: the figure that
 *  path's ratio divides by (best of them, as ours is best of its slices). */
class Paired {
  private runs: Record<TimedPath, VerilatorRun[]> = { free: [], batched: [], constant: [] };

  constructor(private readonly v: Record<Mode, VerilatorMode>) {}

  /** Verilator's mode that `path` is compared to. */
  private mode(path: TimedPath): VerilatorMode {
    return this.v[path === 'constant' ? 'constant' : 'free'];
  }

  readonly onBetween: OnBetween = async ({ path, fresh }) => {
    if (fresh) this.runs[path] = [];
    const vm = this.mode(path);
    this.runs[path].push(await vm.run(vm.cycles));
  };

  /** Best wall and CPU time of the runs paired with `path`, and whether
   *  they all gave the checksum of the upfront run. */
  figure(path: TimedPath): PairedFigure | null {
    const runs = this.runs[path];
    if (runs.length === 0) return null;
    const expect = this.mode(path).checksum;
    return {
      cycles: runs[0]!.cycles,
      seconds: Math.min(...runs.map((r) => r.seconds)),
      cpuSeconds: Math.min(...runs.map((r) => r.cpuSeconds)),
      runs: runs.length,
      consistent: runs.every((r) => r.checksum === expect),
    };
  }
}

interface PairedFigure extends Timed {
  runs: number;
  consistent: boolean;
}

interface Check {
  ok: boolean;
  cycles: number;
  ours: bigint;
  verilator: bigint;
}

/** Ours against Verilator at Verilator's timed cycle count when our run
 *  passed it, else at our run's end (one more Verilator run). */
async function check(ours: ChildMode, v: VerilatorMode): Promise<Check> {
  if (ours.checksumAtCheckpoint !== null) {
    const o = BigInt(`0x${ours.checksumAtCheckpoint}`);
    return { ok: o === v.checksum, cycles: v.cycles, ours: o, verilator: v.checksum };
  }
  const o = BigInt(`0x${ours.checksumAtEnd}`);
  const r = await v.run(ours.totalCycles);
  return { ok: o === r.checksum, cycles: ours.totalCycles, ours: o, verilator: r.checksum };
}

interface ModeRow {
  ours: ChildMode;
  all: ChildMode;
  /** Mode (a) through runBatch (observe: 'ports'), when the ports fit. */
  batched: ChildMode | null;
  /** Verilator's upfront run: calibration and the checksum. */
  verilator: VerilatorMode | null;
  /** Verilator's runs interleaved with ours' timed slices, which the
   *  ratios divide by: for the per-cycle (or step(n)) path, and batched. */
  paired: { ours: PairedFigure | null; batched: PairedFigure | null };
  checks: { ports: Check; all: Check; batched: Check | null } | null;
}

interface Row {
  bench: BenchDesign;
  nodes: number;
  maxWidth: number;
  compileSeconds: number | null;
  modes: Record<Mode, ModeRow>;
}

function checkText(m: ModeRow): string {
  if (m.checks === null) return `n/a (ours ${hex(BigInt(`0x${m.ours.checksumAtEnd}`))})`;
  const { ports, all, batched } = m.checks;
  const problems = [
    ...(batched === null || batched.ok ? [] : [`batched ${hex(batched.ours)} vs ${hex(batched.verilator)} @${batched.cycles}`]),
    ...(ports.ok ? [] : [`ours ${hex(ports.ours)} vs Verilator ${hex(ports.verilator)} @${ports.cycles}`]),
    ...(all.ok ? [] : [`observe:'all' ${hex(all.ours)} vs ${hex(all.verilator)} @${all.cycles}`]),
    ...([m.paired.ours, m.paired.batched].every((p) => p === null || p.consistent) ? [] : ['Verilator repetitions differ']),
  ];
  return problems.length === 0 ? `OK ${hex(ports.ours)} @${ports.cycles}` : `MISMATCH: ${problems.join('; ')}`;
}

type Clock = (r: Timed) => number;

const pairedText = (what: string, p: PairedFigure | null): string =>
  p === null ? `${what} n/a` : `${what} ${cps(rate(p))} c/s (${p.cycles} cyc in ${p.seconds.toFixed(2)} s, cpu ${p.cpuSeconds.toFixed(2)} s, best of ${p.runs})`;

/** Per-cycle API against Verilator, by CPU time unless `clock` says. */
function ratio(m: ModeRow, clock: Clock = cpuRate): number {
  return m.paired.ours === null ? NaN : clock(m.ours) / clock(m.paired.ours);
}

function batchedRatio(m: ModeRow, clock: Clock = cpuRate): number {
  return m.paired.batched === null || m.batched === null ? NaN : clock(m.batched) / clock(m.paired.batched);
}

const ratioText = (r: number): string => (Number.isNaN(r) ? 'n/a' : `${r.toFixed(2)}x`);
/** CPU-time ratio with the wall-time one in brackets. */
const bothText = (f: (m: ModeRow, clock?: Clock) => number, m: ModeRow): string => `${ratioText(f(m))} [${ratioText(f(m, rate))}]`;

async function measureDesign(bench: BenchDesign, haveVerilator: boolean): Promise<Row> {
  const design = bench.make();
  const flat = flatten(design);
  const maxWidth = Math.max(...flat.nodes.map((n) => n.width));
  const { inputs, outputs } = topPorts(design);
  console.log(`## ${bench.name}: ${bench.how}`);
  console.log(
    `  ${flat.nodes.length} IR nodes (${pruneToPorts(flat).nodes.length} after observe:'ports'), max width ${maxWidth}, ` +
      `${inputs.length} inputs / ${outputs.length} outputs; load ${load()}`,
  );

  let model: VerilatorModel | null = null;
  if (haveVerilator) {
    try {
      model = await buildVerilatorModel(design, CXX);
      console.log(`  Verilator build ${model.compileSeconds.toFixed(1)} s${model.cached ? ' (cached; time when built)' : ''}`);
    } catch (e) {
      console.log(`  Verilator build FAILED, ours only: ${(e as Error).message.split('\n')[0]}`);
    }
  }
  const v: Record<Mode, VerilatorMode> | null =
    model === null
      ? null
      : {
          free: await measureVerilator((n) => model.freeRunning(n, SEED, RESETS)),
          constant: await measureVerilator((n) => model.constantInputs(n, SEED, RESETS)),
        };

  const request = (observe: 'ports' | 'all'): ChildRequest => ({
    design: bench.name,
    observe,
    target: TARGET,
    reps: REPS,
    seed: SEED.toString(),
    resets: RESETS,
    checkpointFree: v?.free.cycles ?? null,
    checkpointConst: v?.constant.cycles ?? null,
    maxStimWords: MAX_STIM_WORDS,
    interleave: false,
  });
  // Ours' timed slices through observe 'ports' alternate with Verilator's
  // runs; the 'all' figures are for reference, without a ratio.
  const paired = v === null ? null : new Paired(v);
  const ports = await runChild({ ...request('ports'), interleave: paired !== null }, paired?.onBetween);
  const all = await runChild(request('all'));
  console.log(
    `  ours: createSimulator ${ports.compileSeconds.toFixed(2)} s (observe:'ports'), ${all.compileSeconds.toFixed(2)} s ('all'); ` +
      `step(n) loop: ${ports.loopMode ? 'single function' : 'chunked'}`,
  );

  const modes = {} as Record<Mode, ModeRow>;
  for (const mode of MODES) {
    const vm = v?.[mode] ?? null;
    const batched = mode === 'free' ? ports.batched : null;
    const row: ModeRow = {
      ours: ports[mode],
      all: all[mode],
      batched,
      verilator: vm,
      paired: {
        ours: paired?.figure(mode) ?? null,
        batched: mode === 'free' && batched !== null ? (paired?.figure('batched') ?? null) : null,
      },
      checks:
        vm === null
          ? null
          : {
              ports: await check(ports[mode], vm),
              all: await check(all[mode], vm),
              batched: batched === null ? null : await check(batched, vm),
            },
    };
    modes[mode] = row;
    const o = row.ours;
    const parts = [
      `  ${mode === 'free' ? '(a) free-running' : '(b) step(n) const'}: ours ${mode === 'free' ? 'per-cycle ' : ''}${cps(rate(o))} c/s (${o.cycles} cyc in ${o.seconds.toFixed(2)} s, cpu ${o.cpuSeconds.toFixed(2)} s)`,
      ...(mode === 'free'
        ? [batched === null ? 'batched n/a' : `batched ${cps(rate(batched))} c/s (${batched.cycles} cyc in ${batched.seconds.toFixed(2)} s, cpu ${batched.cpuSeconds.toFixed(2)} s)`]
        : []),
      `ours observe:'all' ${cps(rate(row.all))} c/s`,
      pairedText('Verilator', row.paired.ours),
      ...(mode === 'free' ? [pairedText('Verilator beside batched', row.paired.batched)] : []),
      `ratio cpu [wall] ${bothText(ratio, row)}${mode === 'free' ? `, batched ${bothText(batchedRatio, row)}` : ''}`,
      `checksum ${checkText(row)}`,
    ];
    console.log(parts.join(' | '));
  }
  return { bench, nodes: flat.nodes.length, maxWidth, compileSeconds: model?.compileSeconds ?? null, modes };
}

/** Elaboration and createSimulator time of a ~10,000-node design (issue 10),
 *  in this process (so after the JIT has warmed on the other designs). */
function largeDesignTimes(): void {
  const large = largeDesign();
  let t = performance.now();
  const design = large.make();
  const elab = (performance.now() - t) / 1000;
  const nodes = flatten(design).nodes.length;
  const create = (observe: 'ports' | 'all'): number => {
    const t1 = performance.now();
    createSimulator(design, { observe });
    return (performance.now() - t1) / 1000;
  };
  const ports = create('ports');
  const all = create('all');
  t = performance.now();
  console.log(`\n### Large design: ${large.how}`);
  console.log(
    `  ${nodes} IR nodes: elaborate ${elab.toFixed(2)} s; createSimulator ${all.toFixed(2)} s (observe 'all'), ${ports.toFixed(2)} s ('ports'); load ${load()}`,
  );
}

/** The per-cycle API's cost per call (bench/sim-speed-calls.ts), in a
 *  process of its own so its type feedback is its own. */
function perCallOverhead(): Promise<void> {
  console.log('');
  return new Promise((resolve, reject) => {
    const child = fork(fileURLToPath(new URL('./sim-speed-calls.ts', import.meta.url)), ['--cycles', '1000000'], { stdio: 'inherit' });
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`bench/sim-speed-calls.ts exited with ${code}`))));
  });
}

/** One line per design: the issue's targets against what was measured. */
function summary(rows: Row[]): void {
  const mark = (r: number, target: number | undefined): string =>
    target === undefined ? `${ratioText(r)}` : `${ratioText(r)} ${r >= target ? '>=' : '<'} ${target.toFixed(1)} ${r >= target ? 'met' : 'MISSED'}`;
  const wall = (r: number): string => ` [${ratioText(r)}]`;
  console.log('\n### Summary: free-running ratios to Verilator -O3, against the targets\n');
  console.log(`(${CLOCK_NOTE})\n`);
  console.log('| design | max width | batched cpu [wall] | per-cycle cpu [wall] | checksums |');
  console.log('|---|---:|---|---|---|');
  let met = 0;
  let total = 0;
  for (const r of rows) {
    const f = r.modes.free;
    const b = batchedRatio(f);
    const p = ratio(f);
    const t = r.bench.target;
    total += t.perCycle === undefined ? 1 : 2;
    met += (b >= t.batched ? 1 : 0) + (t.perCycle !== undefined && p >= t.perCycle ? 1 : 0);
    const ok = MODES.every((m) => !checkText(r.modes[m]).startsWith('MISMATCH')) ? 'OK' : 'MISMATCH';
    console.log(
      `| ${r.bench.name} | ${r.maxWidth} | ${mark(b, t.batched)}${wall(batchedRatio(f, rate))} | ${mark(p, t.perCycle)}${wall(ratio(f, rate))} | ${ok} |`,
    );
  }
  console.log(`\n${met}/${total} targets met; load average ${load()} (Verilator and ours both run on this shared machine)`);
}

async function main(): Promise<void> {
  selfCheck();
  const t0 = performance.now();
  const haveVerilator = hasTool('verilator');
  if (!haveVerilator && !args['ours-only']) {
    console.error(
      `bench: verilator is not installed, and every ratio this bench prints is against it. Install it with: ${INSTALL_HINT}\n` +
        '(or pass --ours-only for gfxrtl figures alone, without ratios)',
    );
    process.exit(2);
  }
  console.log('# gfxrtl compiled simulator vs Verilator');
  console.log(`node ${process.version}, ${cpus().length} x ${cpus()[0]?.model ?? '?'}; load average ${load()} (1/5/15 min; the machine is shared)`);
  if (haveVerilator) {
    const cxx = CXX === 'O3' ? 'model C++ at -O3' : "model C++ at Verilator's default OPT_FAST (-Os)";
    console.log(`${toolStatus('verilator').version}: -O3 ${verilatorFlags(CXX).join(' ')}, single-threaded, ${cxx}`);
  } else {
    console.log(`NOTICE: --ours-only and verilator not found (${INSTALL_HINT}): gfxrtl figures only, no ratios, no checksum check.`);
  }
  console.log(
    `each figure: best of ${REPS} timed runs of ~${TARGET} s after warm-up, ours and Verilator's alternating (one Verilator run before each of ours); ` +
      `xorshift seed ${SEED}, ${RESETS} reset cycle`,
  );
  console.log(`${CLOCK_NOTE}\n`);

  const benches = BENCH_DESIGNS.filter((b) => args.only === undefined || b.name.includes(args.only));
  const rows: Row[] = [];
  for (const bench of benches) rows.push(await measureDesign(bench, haveVerilator));

  for (const mode of MODES) {
    const free = mode === 'free';
    console.log(`\n### ${MODE_TITLE[mode]}\n`);
    console.log(
      `| design | nodes | max width | ours c/s${free ? ' (per-cycle)' : ''} | Verilator c/s | ratio cpu [wall] | ` +
        `${free ? 'ours batched c/s | batched ratio cpu [wall] | ' : ''}Verilator compile s | checksum | ours c/s, observe: 'all' |`,
    );
    console.log(`|---|---:|---:|---:|---:|---:|${free ? '---:|---:|' : ''}---:|---|---:|`);
    for (const r of rows) {
      const m = r.modes[mode];
      const batchedCols = free ? `${m.batched === null ? 'n/a' : cps(rate(m.batched))} | ${bothText(batchedRatio, m)} | ` : '';
      console.log(
        `| ${r.bench.name} | ${r.nodes} | ${r.maxWidth} | ${cps(rate(m.ours))} | ${m.paired.ours === null ? 'n/a' : cps(rate(m.paired.ours))} | ` +
          `${bothText(ratio, m)} | ${batchedCols}${r.compileSeconds === null ? 'n/a' : r.compileSeconds.toFixed(1)} | ` +
          `${checkText(m)} | ${cps(rate(m.all))} |`,
      );
    }
  }

  if (haveVerilator) {
    const bad = rows.filter((r) => MODES.some((m) => checkText(r.modes[m]).startsWith('MISMATCH')));
    console.log(`  checksums: ${bad.length === 0 ? 'all OK' : `MISMATCH in ${bad.map((r) => r.bench.name).join(', ')}`}`);
  }
  if (args.only === undefined) {
    largeDesignTimes();
    await perCallOverhead();
  }
  if (haveVerilator) summary(rows);
  console.log(`\nload average ${load()}; total ${((performance.now() - t0) / 1000).toFixed(0)} s`);
}

await main();
