// Entry point of the compiled simulator.
import type { Design } from '../ir.js';
import type { CompileOptions } from './compile.js';
import { CompiledSimulator } from './runtime/simulator.js';

export { CompiledSimulator };
export type { SignalHandle, WordHandle } from './runtime/simulator.js';
export type { PortHandle, PortHandles } from './runtime/ports.js';

export type { Simulator, SignalInfo, Trace } from './api.js';
export type { CompileOptions, SimPass } from './compile.js';
/** The simulator's passes by name, in the order they run; CompileOptions.passes switches each off. */
export { SIM_PASSES } from './compile.js';
export type { StreamResult, StreamSink, StreamSpec } from './runtime/stream.js';
export { selectSignals } from './runtime/select.js';
/** Words per cycle of a runBatch port of a given width. */
export { wordsPerCycle as batchWords } from './runtime/batch.js';

/** A Simulator (api.ts); the concrete class adds memory/CAM peeks and pokes. */
export function createSimulator<P>(design: Design<P>, opts?: CompileOptions): CompiledSimulator<P> {
  return new CompiledSimulator<P>(design, opts);
}
