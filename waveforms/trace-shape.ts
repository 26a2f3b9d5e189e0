// A Trace is plain data that may come from a simulator, a file or a test, so
// every writer checks its shape once, up front, and fails with a message that
// names the offending signal instead of emitting a corrupt waveform.
import type { Trace } from '../hdl/sim/api.js';
import { InternalError } from '../hdl/errors.js';

/** Number of recorded cycles (0 for a trace without signals). */
export function traceCycles(trace: Trace): number {
  return trace.values[0]?.length ?? 0;
}

/** Throws unless every signal has a positive width, a unique path, one row of
 *  values of the common length, and values that fit their width unsigned. */
export function checkTrace(trace: Trace): void {
  if (!Number.isInteger(trace.startCycle) || trace.startCycle < 0) {
    throw new InternalError(`trace ${trace.topName}: startCycle must be a non-negative integer, got ${trace.startCycle}`);
  }
  if (trace.values.length !== trace.signals.length) {
    throw new InternalError(
      `trace ${trace.topName}: ${trace.signals.length} signals but ${trace.values.length} value rows`,
    );
  }
  const n = traceCycles(trace);
  const seen = new Set<string>();
  trace.signals.forEach((s, i) => {
    if (seen.has(s.path)) throw new InternalError(`trace ${trace.topName}: signal ${s.path} appears twice`);
    seen.add(s.path);
    if (!Number.isInteger(s.width) || s.width < 1) {
      throw new InternalError(`trace ${trace.topName}: signal ${s.path} has width ${s.width}`);
    }
    if (s.path.split('.').some((seg) => seg === '')) {
      throw new InternalError(`trace ${trace.topName}: signal path "${s.path}" has an empty hierarchy level`);
    }
    const row = trace.values[i]!;
    if (row.length !== n) {
      throw new InternalError(
        `trace ${trace.topName}: signal ${s.path} has ${row.length} cycles, ${trace.signals[0]!.path} has ${n}`,
      );
    }
    const limit = 1n << BigInt(s.width);
    for (let c = 0; c < n; c++) {
      const v = row[c]!;
      if (v < 0n || v >= limit) {
        throw new InternalError(
          `trace ${trace.topName}: signal ${s.path} (${s.width} bits) has value ${v} at cycle ${trace.startCycle + c}; ` +
            `values are raw unsigned bits`,
        );
      }
    }
  });
}
