// Verilator side of bench/sim-speed.ts. One build per design serves both
// measurement modes: the free-running loop is benchMain's C++ verbatim
// (testbenches/cosim/verilator-bench.ts, only its `main` renamed), and a
// constant-input loop is added next to it:
//
//   sim CYCLES SEED RESETS          free-running: xorshift inputs every cycle
//                                   (drawn before each chunk's clocks start),
//                                   every output folded into the checksum
//   sim const CYCLES SEED RESETS    reset, one xorshift draw per input, then
//                                   CYCLES bare clock edges; the outputs
//                                   after the last edge are folded once
//
// Both print {"cycles", "seconds", "cpuSeconds", "checksum"}, timing the
// cycle loop alone.
import type { Design, PortIR } from '../hdl/ir.js';
import { cacheRoot, runTool } from '../testbenches/cosim/build-cache.js';
import { buildVerilator, checkVerilatorLimits, verilatorExecutable } from '../testbenches/cosim/verilator.js';
import { benchMain, BENCH_FLAGS, CPP_FOLD_INIT, CPP_FOLD_VALUE, cppFold, cppModelAfterReset, cppRandomPoke } from '../testbenches/cosim/verilator-bench.js';
import { wrapDesign } from '../testbenches/cosim/wrapper.js';
import { InternalError } from '../hdl/errors.js';

const HOOK_MAIN = 'int main(int argc, char** argv) {';

function twoModeMain(inputs: PortIR[], outputs: PortIR[], hookMain: string): string {
  if (hookMain.split(HOOK_MAIN).length !== 2) throw new InternalError(`benchMain's C++ no longer has exactly one '${HOOK_MAIN}'; update bench/verilator-modes.ts`);
  return `${hookMain.replace(HOOK_MAIN, 'static int freeRunning(int argc, char** argv) {')}
static int constantInputs(uint64_t cycles, uint64_t seed, int resets) {
${cppModelAfterReset(inputs)}
${inputs.map((p, i) => cppRandomPoke(p, i, '  ')).join('\n')}
  const double cpuStart = cpuNow();
  const auto start = std::chrono::steady_clock::now();
  for (uint64_t c = 0; c < cycles; ++c) {
    top->clock = 0;
    top->eval();
    top->clock = 1;
    top->eval();
  }
  const auto stop = std::chrono::steady_clock::now();
  const double cpuSeconds = cpuNow() - cpuStart;
  top->clock = 0;
  top->eval();
  ${CPP_FOLD_INIT}
${outputs.map((p, i) => cppFold(p, i, '  ')).join('\n')}
  const double seconds = std::chrono::duration<double>(stop - start).count();
  top->final();
  std::printf("{\\"cycles\\": %llu, \\"seconds\\": %.9f, \\"cpuSeconds\\": %.9f, \\"checksum\\": \\"%016llx\\"}\\n",
              static_cast<unsigned long long>(cycles), seconds, cpuSeconds, static_cast<unsigned long long>(${CPP_FOLD_VALUE}));
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
  if (lines.length === 0) throw new InternalError(`Verilator benchmark printed no result:\n${stdout.slice(0, 2000)}`);
  const r = Object.assign({}, ...lines.map((l) => JSON.parse(l) as object)) as {
    cycles?: unknown;
    seconds?: unknown;
    cpuSeconds?: unknown;
    checksum?: unknown;
  };
  if (typeof r.cycles !== 'number' || typeof r.seconds !== 'number' || typeof r.cpuSeconds !== 'number' || typeof r.checksum !== 'string') {
    throw new InternalError(`bad benchmark output: ${lines.join(' ')}`);
  }
  return { cycles: r.cycles, seconds: r.seconds, cpuSeconds: r.cpuSeconds, checksum: BigInt(`0x${r.checksum}`) };
}
