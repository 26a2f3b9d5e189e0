// Handle-based access to a compiled simulator's ports, for testbenches whose
// hot loop runs for tens of thousands of cycles. The Simulator contract
// (hdl/sim/api.ts) only offers string paths, each a map lookup and a BigInt;
// here a path is resolved once to its slot in the simulator's state arrays
// and read or written as a JS number. Narrow signals (<= 32 bits) only.
import type { CompiledSimulator } from '../../hdl/sim/index.js';
import { isWide } from '../../hdl/sim/layout.js';

export interface NarrowPort {
  readonly path: string;
  readonly width: number;
  read(): number;
  write(v: number): void;
}

export class FastPorts {
  private readonly index = new Map<string, { node: number; width: number }>();
  private cycles = 0;

  constructor(readonly sim: CompiledSimulator) {
    const net = sim.compiled.net;
    for (const s of net.signals) this.index.set(s.path, { node: s.node, width: net.nodes[s.node]!.width });
  }

  /** A narrow signal by path (top name optional). */
  port(path: string): NarrowPort {
    const top = this.sim.compiled.net.topName;
    const e = this.index.get(path) ?? this.index.get(`${top}.${path}`);
    if (e === undefined) throw new Error(`FastPorts: no signal ${path}`);
    if (isWide(e.width)) throw new Error(`FastPorts: ${path} is ${e.width} bits; only signals of at most 32 bits have a number handle`);
    const N = this.sim.compiled.state.N;
    const slot = this.sim.compiled.lay.slot[e.node]!;
    const width = e.width;
    return {
      path,
      width,
      read: width === 32 ? () => N[slot]! >>> 0 : () => N[slot]!,
      write: (v: number) => {
        N[slot] = v | 0;
      },
    };
  }

  /** Compute every combinational value from the current inputs and state. */
  settle(): void {
    this.sim.compiled.settle();
  }

  /** One clock edge from settled values (call settle() first). `traced`:
   *  go through Simulator.step so an active trace records the cycle. */
  edge(traced = false): void {
    if (traced) this.sim.step(1);
    else this.sim.compiled.edge();
    this.cycles++;
  }

  /** Edges taken through this object. */
  get cycle(): number {
    return this.cycles;
  }
}
