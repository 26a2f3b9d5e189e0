// Verilator as the yardstick for simulation speed. The C++ main makes its
// own stimulus with the xorshift generator specified in xorshift.ts (so file
// I/O is not timed, and gfxrtl's simulator can replay the exact run), and
// folds every output into the checksum also specified there, which proves
// the work was done and lets the replay be checked bit for bit.
//
// What is timed is what gfxrtl's side times (bench/replay.ts): the cycle
// loop, which reads its stimulus from a buffer, pokes, evaluates and folds
// the outputs. The stimulus of each chunk of STIM_CHUNK cycles is drawn
// before that chunk's clocks start, as gfxrtl's is drawn before its slice.
import { cacheRoot, runTool } from './build-cache.js';
import { FOLD_OFFSET_A, FOLD_OFFSET_B, FOLD_PRIME_A, FOLD_PRIME_B, SEED_IF_ZERO } from './xorshift.js';
import { buildVerilator, checkVerilatorLimits, CPP_PRELUDE, MODEL, verilatorExecutable, words } from './verilator.js';
import type { Design, PortIR } from '../../hdl/ir.js';
import type { WrappedDesign } from './wrapper.js';
import { wrapDesign } from './wrapper.js';
import { InternalError, ParamError } from '../../hdl/errors.js';

/** Verilator's recommended settings for speed (part of the build key). */
export const BENCH_FLAGS = ['--x-assign', 'fast', '--x-initial', 'fast', '--noassert'];

/** Cycles of stimulus drawn at a time, outside the timed loop. */
const STIM_CHUNK = 4096;

const hex64 = (v: bigint): string => `0x${v.toString(16)}ULL`;
const hex32 = (v: number): string => `0x${v.toString(16)}u`;

/** 64-bit xorshift draws per cycle: ceil(width / 64) per input. */
const drawsPerCycle = (inputs: readonly PortIR[]): number => inputs.reduce((n, p) => n + Math.ceil(p.width / 64), 0);

/** Pokes input `i` with fresh xorshift words, exactly as XorShift64.bits
 *  (`indent`: the C++ statement indentation of the caller's loop; `draw`:
 *  the expression that yields the next 64-bit draw). */
export function cppRandomPoke(p: PortIR, i: number, indent = '    ', draw = 'next()'): string {
  const name = `top->in${i}`;
  if (p.width <= 64) {
    const m = p.width === 64 ? '' : ` & ${hex64((1n << BigInt(p.width)) - 1n)}`;
    return `${indent}${name} = ${draw}${m};`;
  }
  const w = words(p.width);
  const draws = Math.ceil(p.width / 64);
  const top = p.width % 32 === 0 ? '' : `\n${indent}${name}[${w - 1}] &= 0x${((1n << BigInt(p.width % 32)) - 1n).toString(16)}u;`;
  return [
    `${indent}for (int j = 0; j < ${draws}; ++j) {`,
    `${indent}  const uint64_t d = ${draw};`,
    `${indent}  ${name}[2 * j] = static_cast<uint32_t>(d);`,
    `${indent}  if (2 * j + 1 < ${w}) ${name}[2 * j + 1] = static_cast<uint32_t>(d >> 32);`,
    `${indent}}${top}`,
  ].join('\n');
}

/** The checksum's two lanes, declared at their offsets (C++ in scope after
 *  it: hA, hB). */
export const CPP_FOLD_INIT = `uint32_t hA = ${hex32(FOLD_OFFSET_A)}, hB = ${hex32(FOLD_OFFSET_B)};`;
/** The checksum as outputChecksum reports it, lane B above lane A. */
export const CPP_FOLD_VALUE = '((static_cast<uint64_t>(hB) << 32) | hA)';

/** Folds output `i` into the two lanes, 32-bit words low first, as
 *  outputChecksum does. */
export function cppFold(p: PortIR, i: number, indent = '    '): string {
  const name = `top->out${i}`;
  const step = (w: string): string => `{ const uint32_t w = ${w}; hA = (hA ^ w) * ${hex32(FOLD_PRIME_A)}; hB = (hB ^ w) * ${hex32(FOLD_PRIME_B)}; }`;
  if (p.width <= 32) return `${indent}${step(`${name}`)}`;
  if (p.width <= 64) return `${indent}${step(`static_cast<uint32_t>(${name})`)}\n${indent}${step(`static_cast<uint32_t>(${name} >> 32)`)}`;
  return `${indent}for (int j = 0; j < ${words(p.width)}; ++j) ${step(`${name}[j]`)}`;
}

/** Seeds the generator, builds the model with every input at 0 and clocks
 *  `resets` cycles of reset (C++ in scope: seed, resets, s). Shared by every
 *  timed loop so they all start from the same state. */
export function cppModelAfterReset(inputs: readonly PortIR[]): string {
  return `  s = seed != 0 ? seed : ${hex64(SEED_IF_ZERO)};
  const std::unique_ptr<VerilatedContext> ctx{new VerilatedContext};
  const std::unique_ptr<${MODEL}> top{new ${MODEL}{ctx.get()}};
${inputs.map(zeroPoke).join('\n')}
  top->reset = 1;
  for (int r = 0; r < resets; ++r) {
    top->clock = 0;
    top->eval();
    top->clock = 1;
    top->eval();
  }
  top->reset = 0;`;
}

function zeroPoke(p: PortIR, i: number): string {
  return p.width <= 64 ? `  top->in${i} = 0;` : `  for (int k = 0; k < ${words(p.width)}; ++k) top->in${i}[k] = 0;`;
}

/** Seconds of this thread's CPU time: on a shared machine the wall time of
 *  either side moves with the other users' load. */
const CPP_CPU_CLOCK = `#include <ctime>
static double cpuNow() {
  timespec ts;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) + 1e-9 * static_cast<double>(ts.tv_nsec);
}`;

/** `bench CYCLES SEED RESET_CYCLES` prints one JSON line: cycles, wall
 *  and CPU seconds of the timed loop, checksum. */
export function benchMain(wrapped: WrappedDesign): string {
  const { inputs, outputs } = wrapped.ports;
  const draws = Math.max(1, drawsPerCycle(inputs));
  return `// Generated by gfxrtl: Verilator speed benchmark for ${wrapped.verilog.top}.
${CPP_PRELUDE}
#include <algorithm>
#include <cstdlib>
#include <vector>
${CPP_CPU_CLOCK}

static uint64_t s;
static inline uint64_t next() {
  s ^= s << 13;
  s ^= s >> 7;
  s ^= s << 17;
  return s;
}

int main(int argc, char** argv) {
  if (argc < 4) {
    std::fprintf(stderr, "usage: %s CYCLES SEED RESET_CYCLES\\n", argv[0]);
    return 2;
  }
  const uint64_t cycles = std::strtoull(argv[1], nullptr, 10);
  const uint64_t seed = std::strtoull(argv[2], nullptr, 10);
  const int resets = std::atoi(argv[3]);
${cppModelAfterReset(inputs)}
  ${CPP_FOLD_INIT}
  std::vector<uint64_t> stim(${STIM_CHUNK * draws});
  double seconds = 0;
  double cpuSeconds = 0;
  for (uint64_t at = 0; at < cycles; at += ${STIM_CHUNK}) {
    const uint64_t len = std::min<uint64_t>(${STIM_CHUNK}, cycles - at);
    for (uint64_t k = 0; k < len * ${draws}; ++k) stim[k] = next();
    const uint64_t* draw = stim.data();
    const double cpuStart = cpuNow();
    const auto start = std::chrono::steady_clock::now();
    for (uint64_t c = 0; c < len; ++c) {
${inputs.map((p, i) => cppRandomPoke(p, i, '      ', '*draw++')).join('\n')}
      top->clock = 0;
      top->eval();
${outputs.map((p, i) => cppFold(p, i, '      ')).join('\n')}
      top->clock = 1;
      top->eval();
    }
    const auto stop = std::chrono::steady_clock::now();
    cpuSeconds += cpuNow() - cpuStart;
    seconds += std::chrono::duration<double>(stop - start).count();
  }
  top->final();
  std::printf("{\\"cycles\\": %llu, \\"seconds\\": %.9f, \\"cpuSeconds\\": %.9f, \\"checksum\\": \\"%016llx\\"}\\n",
              static_cast<unsigned long long>(cycles), seconds, cpuSeconds, static_cast<unsigned long long>(${CPP_FOLD_VALUE}));
  return 0;
}
`;
}

export interface VerilatorBenchOptions {
  cycles: number;
  /** xorshift seed (see xorshift.ts); default 1. */
  seed?: bigint;
  /** Reset cycles before the timed loop (inputs 0); default 1. */
  resetCycles?: number;
}

export interface VerilatorBenchResult {
  top: string;
  /** Seconds to verilate and compile (measured when built, even if cached). */
  compileSeconds: number;
  cached: boolean;
  cycles: number;
  /** Seconds inside the C++ cycle loop only. */
  runSeconds: number;
  cyclesPerSecond: number;
  /** outputChecksum (xorshift.ts) of every sampled output of the run. */
  checksum: bigint;
}

export async function benchVerilator(design: Design, opts: VerilatorBenchOptions): Promise<VerilatorBenchResult> {
  checkVerilatorLimits(design);
  const seed = opts.seed ?? 1n;
  const resets = opts.resetCycles ?? 1;
  if (!Number.isSafeInteger(opts.cycles) || opts.cycles < 0) throw new ParamError('cycles', opts.cycles, 'an integer >= 0', { message: `cycles must be a whole number, got ${opts.cycles}` });
  if (seed < 0n || seed >= 1n << 64n) throw new ParamError('seed', seed, 'an unsigned 64-bit value', { message: `seed must be an unsigned 64-bit value, got ${seed}` });
  const wrapped = wrapDesign(design);
  const build = await buildVerilator(wrapped, benchMain(wrapped), { flags: BENCH_FLAGS });
  const { stdout } = await runTool(verilatorExecutable(build), [String(opts.cycles), seed.toString(10), String(resets)], cacheRoot());
  const report = parseBenchLine(stdout);
  return {
    top: wrapped.verilog.top,
    compileSeconds: build.buildSeconds,
    cached: build.cached,
    cycles: report.cycles,
    runSeconds: report.seconds,
    cyclesPerSecond: report.seconds > 0 ? report.cycles / report.seconds : Infinity,
    checksum: report.checksum,
  };
}

function parseBenchLine(stdout: string): { cycles: number; seconds: number; checksum: bigint } {
  const line = stdout.split('\n').find((l) => l.startsWith('{'));
  if (line === undefined) throw new InternalError(`Verilator benchmark printed no result:\n${stdout.slice(0, 2000)}`);
  const r: unknown = JSON.parse(line);
  if (typeof r !== 'object' || r === null) throw new InternalError(`bad benchmark line: ${line}`);
  const { cycles, seconds, checksum } = r as Record<string, unknown>;
  if (typeof cycles !== 'number' || typeof seconds !== 'number' || typeof checksum !== 'string') {
    throw new InternalError(`bad benchmark line: ${line}`);
  }
  return { cycles, seconds, checksum: BigInt(`0x${checksum}`) };
}
