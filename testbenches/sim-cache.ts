// One compiled simulator per configuration, reused across property runs.
// Elaborating and compiling a unit costs more than most property runs
// simulate, so a property should build each config once and start every
// run from the state a new simulator has (every slot, memory and CAM at 0,
// inputs at 0, no trace), then reset() it as it would a new one.
import { stableKey } from '../hdl/module.js';
import type { Design } from '../hdl/ir.js';
import { createSimulator, type CompiledSimulator, type CompileOptions } from '../hdl/sim/index.js';
import { ParamError } from '../hdl/errors.js';

interface Entry {
  sim: CompiledSimulator;
  /** The state right after construction, restored in place before each use
   *  (generated code holds references to these very arrays). */
  initial: unknown;
}

export class SimulatorCache<C> {
  private readonly entries = new Map<string, Entry>();
  /** Simulators built (a miss) and handed out again (a hit), for benches. */
  builds = 0;
  reuses = 0;

  constructor(
    private readonly build: (cfg: C) => Design,
    private readonly opts: CompileOptions = {},
  ) {}

  /** The simulator for `cfg`, as fresh as a new one, then held in reset
   *  for `resetCycles` edges (at least 1). Its cycle counter keeps counting
   *  across uses: count cycles from the start of a run. */
  get(cfg: C, resetCycles = 1): CompiledSimulator {
    const key = stableKey(cfg);
    let e = this.entries.get(key);
    if (e === undefined) {
      const sim = createSimulator(this.build(cfg), this.opts);
      e = { sim, initial: structuredClone(sim.compiled.state) };
      this.entries.set(key, e);
      this.builds++;
    } else {
      e.sim.stopTrace();
      restore(e.sim.compiled.state, e.initial);
      this.reuses++;
    }
    // reset() marks every combinational value stale, so nothing settled
    // before the restore is read again.
    if (!Number.isInteger(resetCycles) || resetCycles < 1) throw new ParamError('resetCycles', resetCycles, 'an integer >= 1', { message: `SimulatorCache.get: resetCycles must be an integer >= 1, got ${resetCycles}` });
    e.sim.reset(resetCycles);
    return e.sim;
  }
}

/** Copy `from` (a structured clone of `into`) back into `into` in place. */
function restore(into: unknown, from: unknown): void {
  if (ArrayBuffer.isView(into)) {
    (into as unknown as { set(a: ArrayLike<number>): void }).set(from as ArrayLike<number>);
  } else if (Array.isArray(into)) {
    const src = from as unknown[];
    for (let i = 0; i < into.length; i++) {
      const v = into[i] as unknown;
      if (typeof v === 'object' && v !== null) restore(v, src[i]);
      else into[i] = src[i];
    }
  } else if (typeof into === 'object' && into !== null) {
    const src = from as Record<string, unknown>;
    for (const [k, v] of Object.entries(into)) {
      if (typeof v === 'object' && v !== null) restore(v, src[k]);
    }
  }
}
