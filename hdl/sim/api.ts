// The simulator's public contract. Testbenches, waveform writers, the CLI and
// cross-simulation code depend on this file only, never on how the compiled
// simulator is built.
import type { Design, DisplayFormat } from '../ir.js';

/** One observable signal of the flattened design. `path` is hierarchical,
 *  dot-separated, rooted at the top module's name: `Top.u_fifo.count`. */
export interface SignalInfo {
  path: string;
  width: number;
  kind: 'input' | 'output' | 'reg' | 'wire' | 'memread' | 'cammatch' | 'node';
  display?: DisplayFormat;
}

/** Values recorded per cycle. values[i][c] is signal i at cycle startCycle + c,
 *  sampled after combinational settle and before the clock edge of that cycle. */
export interface Trace {
  topName: string;
  signals: SignalInfo[];
  startCycle: number;
  values: bigint[][];
}

/** A cycle simulator of an elaborated design: poke inputs, peek any named signal, step the clock, trace for waveforms. */
export interface Simulator {
  readonly design: Design;
  /** Number of clock edges since construction. */
  readonly cycle: number;
  /** Every peekable signal (ports, named wires and registers, internal nodes). */
  signals(): SignalInfo[];
  /** Hold reset high for `cycles` edges (default 1), then release it. */
  reset(cycles?: number): void;
  /** Drive a top-level input, or overwrite a register's state. Anything else
   *  is an error naming the signal and what can be poked. */
  poke(path: string, value: bigint | number): void;
  /** Raw bits as an unsigned bigint (settles combinational logic first). */
  peek(path: string): bigint;
  /** Two's-complement interpretation of the bits. */
  peekSigned(path: string): bigint;
  /** As a JS number; throws for signals wider than 53 bits. */
  peekNumber(path: string): number;
  /** Settle combinational logic for the current inputs and state. */
  evaluate(): void;
  /** `n` clock edges; combinational logic is settled before and after each. */
  step(n?: number): void;
  /** Step until `cond` holds (checked before each edge); returns cycles taken.
   *  Throws, naming the limit, if it does not hold within maxCycles. */
  runUntil(cond: (sim: Simulator) => boolean, maxCycles: number): number;
  /** Start recording the selected signals (patterns: see runtime/select.ts) each cycle. */
  startTrace(patterns?: string[]): void;
  /** Stop recording and return what was recorded (null if not tracing). */
  stopTrace(): Trace | null;
}
