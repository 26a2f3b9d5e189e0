// Cross-simulation against Verilator and Icarus, and the Verilator speed
// yardstick. See compare.ts for the entry points most callers want.
export type { CosimMismatch, CrossSimOptions, CrossSimReport } from './compare.js';
export { compareCosim, crossSimulate, firstMismatch, runOurSimulator } from './compare.js';
export type { EdaTool, ToolStatus } from './eda.js';
export { edaRequired, hasTool, INSTALL_HINT, requireTool, toolStatus } from './eda.js';
export { runIcarus } from './icarus.js';
export type { CycleOutputs, Stimulus } from './stimulus.js';
export { runVerilator } from './verilator.js';
export type { VerilatorBenchOptions, VerilatorBenchResult } from './verilator-bench.js';
export { benchVerilator } from './verilator-bench.js';
export { outputChecksum, XorShift64, xorshiftStimulus } from './xorshift.js';
