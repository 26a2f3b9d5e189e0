// Cycle windows. Traces carry absolute cycle numbers (startCycle), so windows
// are absolute too: {from: 100, to: 120} means the same cycles in the SVG,
// the VCD and the simulator's log, whatever part of the run was recorded.
import { UserError } from '../hdl/errors.js';
import type { Trace } from '../hdl/sim/api.js';
import { traceCycles } from './trace-shape.js';

/** Requested window; a missing bound means the trace's own bound. */
export interface WindowRequest {
  from?: number;
  to?: number;
}

/** Half-open cycle range [from, to), absolute cycle numbers. */
export interface CycleWindow {
  from: number;
  to: number;
}

/** Resolve a request against the trace; throws naming the trace's range. */
export function chooseWindow(trace: Trace, req: WindowRequest = {}): CycleWindow {
  const first = trace.startCycle;
  const end = first + traceCycles(trace);
  const range = end > first ? `cycles [${first}, ${end})` : `no cycles (starts at ${first})`;
  const from = req.from ?? first;
  const to = req.to ?? end;
  if (!Number.isInteger(from) || !Number.isInteger(to)) {
    throw new UserError(`window [${from}, ${to}) must be whole cycle numbers; trace ${trace.topName} has ${range}`);
  }
  if (from < first || to > end || from >= to) {
    throw new UserError(
      `window [${from}, ${to}) is not a non-empty part of trace ${trace.topName}, which has ${range}`,
    );
  }
  return { from, to };
}

/** The same trace restricted to a window (rows are copied, signals shared). */
export function sliceTrace(trace: Trace, w: CycleWindow): Trace {
  const lo = w.from - trace.startCycle;
  const hi = w.to - trace.startCycle;
  return {
    topName: trace.topName,
    signals: trace.signals,
    startCycle: w.from,
    values: trace.values.map((row) => row.slice(lo, hi)),
  };
}
