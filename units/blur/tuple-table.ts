// The front end's tuple tables: the 64 (u, v, t, jx, jy) constants of
// raster-common/blur-samples.ts, each a 64-way mux of constants read by the
// tuple counter (synthesis folds them into logic; the cost model prices the
// mux tree). One instance per consumer, so each table is a block of its own
// in the netlist: t for sample in time, u and v for sample in lens, and the
// jitter (jx, jy) that only the lanes' edge setup and sample test read.
import { defineModule, muxN, uint, type UInt } from '../../hdl/index.js';
import { LENS_UV_BITS, TILE_BITS, TIME_BITS, TUPLE_BITS } from '../raster-common/blur-formats.js';
import { BLUR_TUPLE_TABLE, type BlurTuple } from '../raster-common/blur-samples.js';

export type TupleField = 't' | 'u' | 'v' | 'jx' | 'jy';

/** Raw bits of each field: t 0.12, u and v signed 1.10 (two's complement), jx and jy 9 bits. */
export const TUPLE_FIELD_BITS: Readonly<Record<TupleField, number>> = { t: TIME_BITS, u: LENS_UV_BITS, v: LENS_UV_BITS, jx: TILE_BITS, jy: TILE_BITS };

export interface TupleTableConfig {
  readonly fields: readonly TupleField[];
}

/** A tuple table's ports: the tuple counter in, one output per field the config lists (the others absent). */
export type TupleTablePorts = { readonly tuple: UInt } & { readonly [F in TupleField]?: UInt };

export const TupleTable = defineModule('TupleTable', (m, cfg: TupleTableConfig): TupleTablePorts => {
  const tuple = m.input('tuple', uint(TUPLE_BITS));
  const fields: Partial<Record<TupleField, UInt>> = {};
  for (const f of cfg.fields) {
    const w = TUPLE_FIELD_BITS[f];
    const out = m.output(f, uint(w));
    out.drive(muxN(tuple, BLUR_TUPLE_TABLE.map((t: BlurTuple) => m.lit(BigInt.asUintN(w, BigInt(t[f])), uint(w)))));
    fields[f] = out;
  }
  return { tuple, ...fields };
});
