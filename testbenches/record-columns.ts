// A stream's records as the columns CompiledSimulator.runStream reads: one
// typed array per input port, entry k for record k, filled up front. Each
// value is checked as a number handle's write checks it (an unsigned integer
// of the port's width), so a record the per-cycle loop would refuse is
// refused here too, naming the port and the record.
import type { CompiledSimulator } from '../hdl/sim/index.js';
import { ParamError } from '../hdl/errors.js';

export type ColumnWriter = (record: number, value: number) => void;

export class RecordColumns {
  /** runStream's source.payload. */
  readonly payload: Record<string, Int32Array> = {};

  constructor(
    private readonly sim: CompiledSimulator,
    readonly count: number,
  ) {}

  /** The column of a top-level input of at most 32 bits. */
  column(path: string): ColumnWriter {
    const h = this.sim.handle(path);
    if (h.width > 32) throw new ParamError('port', h.path, 'a port of at most 32 bits', { message: `record column ${h.path}: ${h.width} bits; columns hold ports of at most 32 bits` });
    const values = new Int32Array(this.count);
    this.payload[h.path] = values;
    const top = 2 ** h.width;
    return (k, v) => {
      if (!(Number.isInteger(v) && v >= 0 && v < top)) throw new ParamError(h.path, v, `an unsigned ${h.width}-bit integer`, { message: `record ${k}, ${h.path}: ${v} is not an unsigned ${h.width}-bit integer` });
      values[k] = v;
    };
  }
}
