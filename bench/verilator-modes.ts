// Verilator side of bench/sim-speed.ts. One build per design serves both
// measurement modes: the free-running loop is benchMain's C++ verbatim (the
// timing hook of testbenches/cosim/verilator-bench.ts, only its `main`
// renamed), and a constant-input loop is added next to it:
//
//   sim CYCLES SEED RESETS          free-running: xorshift inputs every cycle,
//                                   every output folded into the checksum
//   sim const CYCLES SEED RESETS    reset, one xorshift draw per input, then
//                                   CYCLES bare clock edges; the outputs
//                                   after the last edge are folded once
//
// Both print {"cycles", "seconds", "checksum"}, timing the cycle loop alone,
// after a line {"cpuSeconds"}: the same loop's CPU time.
import type { Design, PortIR } from '../hdl/ir.js';
import { cacheRoot, runTool } from '../testbenches/cosim/build-cache.js';
import { buildVerilator, checkVerilatorLimits, verilatorExecutable } from '../testbenches/cosim/verilator.js';
import { benchMain, BENCH_FLAGS, cppFold, cppModelAfterReset, cppRandomPoke } from '../testbenches/cosim/verilator-bench.js';
import { wrapDesign } from '../testbenches/cosim/wrapper.js';
import { FNV_OFFSET } from '../testbenches/cosim/xorshift.js';

const hex64 = (v: bigint): string => `0x${v.toString(16)}ULL`;

const HOOK_MAIN = 'int main(int argc, char** argv) {';

const HOOK_START = 'const auto start = std::chrono::steady_clock::now();';
const HOOK_STOP = 'const auto stop = std::chrono::steady_clock::now();';
/** The loop's CPU time beside its wall time: on a shared machine the wall
 *  time of either side moves with the other users' load, and the two sides
 *  run at different moments. Printed as a line of its own before the hook's
 *  result line; parse() merges them. */
const CPU_CLOCK = `#include <ctime>
static double cpuNow() {
  timespec ts;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) + 1e-9 * static_cast<double>(ts.tv_nsec);
}`;
const CPU_START = `const double cpuStart = cpuNow();\n  ${HOOK_START}`;
const CPU_STOP = `${HOOK_STOP}\n  std::printf("{\\"cpuSeconds\\": %.9f}\\n", cpuNow() - cpuStart);`;

function twoModeMain(inputs: PortIR[], outputs: PortIR[], hookMain: string): string {
  for (const hook of [HOOK_MAIN, HOOK_START, HOOK_STOP]) {
    if (hookMain.split(hook).length !== 2) throw new Error(`benchMain's C++ no longer has exactly one '${hook}'; update bench/verilator-modes.ts`);
  }
  const timed = hookMain.replace(HOOK_START, CPU_START).replace(HOOK_STOP, CPU_STOP);
  return `${timed.replace(HOOK_MAIN, `${CPU_CLOCK}\nstatic int freeRunning(int argc, char** argv) {`)}
static int constantInputs(uint64_t cycles, uint64_t seed, int resets) {
${cppModelAfterReset(inputs)}
${inputs.map((p, i) => cppRandomPoke(p, i, '  ')).join('\n')}
  ${CPU_START}
  for (uint64_t c = 0; c < cycles; ++c) {
    top->clock = 0;
    top->eval();
    top->clock = 1;
    top->eval();
  }
  ${CPU_STOP}
  top->clock = 0;
  top->eval();
  uint64_t h = ${hex64(FNV_OFFSET)};
${outputs.map((p, i) => cppFold(p, i, '  ')).join('\n')}
  const double seconds = std::chrono::duration<double>(stop - start).count();
  top->final();
  std::printf("{\\"cycles\\": %llu, \\"seconds\\": %.9f, \\"checksum\\": \\"%016llx\\"}\\n",
              static_cast<unsigned long long>(cycles), seconds, static_cast<unsigned long long>(h));
  return 0;
}

int main(int argc, char** argv) {
  if (argc >= 5 && std::string(argv[1]) == "const") {
    return constantInputs(std::strtoull(argv[2], nullptr, 10), std::strtoull(argv[3], nullptr, 10), std::atoi(argv[4]));
  }
  return freeRunning(argc, argv);
}
`;
}

export interface VerilatorRun {
  cycles: number;
  seconds: number;
  /** CPU time of the cycle loop (the model's thread). */
  cpuSeconds: number;
  checksum: bigint;
}

export interface VerilatorModel {
  compileSeconds: number;
  cached: boolean;
  freeRunning(cycles: number, seed: bigint, resets: number): Promise<VerilatorRun>;
  constantInputs(cycles: number, seed: bigint, resets: number): Promise<VerilatorRun>;
}

/** Verilator's generated Makefile compiles the model at OPT_FAST (-Os by
 *  default; the -O3 that buildVerilator passes is Verilator's own
 *  optimisation level). 'O3' compiles the model's C++ at -O3 as well. */
export type CxxOpt = 'O3' | 'default';

export function verilatorFlags(cxx: CxxOpt): string[] {
  return cxx === 'O3' ? [...BENCH_FLAGS, '-MAKEFLAGS', 'OPT_FAST=-O3'] : [...BENCH_FLAGS];
}

/** Builds (or reuses from the EDA cache) the two-mode benchmark model:
 *  Verilator -O3 plus the hook's BENCH_FLAGS, single-threaded. */
export async function buildVerilatorModel(design: Design, cxx: CxxOpt): Promise<VerilatorModel> {
  checkVerilatorLimits(design);
  const wrapped = wrapDesign(design);
  const main = twoModeMain(wrapped.ports.inputs, wrapped.ports.outputs, benchMain(wrapped));
  const build = await buildVerilator(wrapped, main, { flags: verilatorFlags(cxx) });
  const exe = verilatorExecutable(build);
  const run = async (args: string[]): Promise<VerilatorRun> => parse((await runTool(exe, args, cacheRoot())).stdout);
  return {
    compileSeconds: build.buildSeconds,
    cached: build.cached,
    freeRunning: (cycles, seed, resets) => run([String(cycles), seed.toString(10), String(resets)]),
    constantInputs: (cycles, seed, resets) => run(['const', String(cycles), seed.toString(10), String(resets)]),
  };
}

function parse(stdout: string): VerilatorRun {
  const lines = stdout.split('\n').filter((l) => l.startsWith('{'));
  if (lines.length === 0) throw new Error(`Verilator benchmark printed no result:\n${stdout.slice(0, 2000)}`);
  const r = Object.assign({}, ...lines.map((l) => JSON.parse(l) as object)) as {
    cycles?: unknown;
    seconds?: unknown;
    cpuSeconds?: unknown;
    checksum?: unknown;
  };
  if (typeof r.cycles !== 'number' || typeof r.seconds !== 'number' || typeof r.cpuSeconds !== 'number' || typeof r.checksum !== 'string') {
    throw new Error(`bad benchmark output: ${lines.join(' ')}`);
  }
  return { cycles: r.cycles, seconds: r.seconds, cpuSeconds: r.cpuSeconds, checksum: BigInt(`0x${r.checksum}`) };
}
