// Number-handle access to a compiled simulator's ports, for testbenches whose
// hot loop runs for tens of thousands of cycles: each path is resolved once
// (CompiledSimulator.handle) and read or written as a JS number, and the
// simulator keeps its own settle/cycle bookkeeping, so peek, trace and
// sim.cycle stay correct alongside. Narrow signals (<= 32 bits) only.
import type { CompiledSimulator } from '../../hdl/sim/index.js';

export interface NarrowPort {
  readonly path: string;
  readonly width: number;
  read(): number;
  write(v: number): void;
}

export class FastPorts {
  constructor(readonly sim: CompiledSimulator) {}

  /** A narrow signal by path (top name optional). */
  port(path: string): NarrowPort {
    return this.sim.handle(path);
  }

  /** Compute every combinational value from the current inputs and state. */
  settle(): void {
    this.sim.evaluate();
  }

  /** One clock edge from settled values; an active trace records the cycle. */
  edge(): void {
    this.sim.step(1);
  }

  get cycle(): number {
    return this.sim.cycle;
  }
}
