// The NoBlur pipeline's stream interfaces.
//
// in  (one MP per transfer): v0..v2 (v3 with TVP) each {x, y: ufixed 14.8,
//     z: uint 24 (0.24)}, pair (TVP: 1 = a pair, 0 = a lone triangle, only
//     triangle 0 tested), id (MP tag, returned with every result).
// out (one record per stamp with at least one covered sample, or one
//     out-of-range record per MP that does not fit STP): oor, id,
//     stamp_x/stamp_y (absolute stamp index: the stamp's corner is
//     (stamp_x << stampBits, stamp_y << stampBits) in 1/256 units),
//     hit (bit l = lane l covered, lane = j k + i), tri (TVP: bit l = lane l
//     belongs to triangle 1), z0..z{k*k-1} (lane depth, 0.24; defined for
//     hit lanes only). An oor record has hit = 0.
import { bundle, stream, ufixed, uint, vec, type Fixed, type ModuleBuilder, type SigOf, type StreamPorts, type UInt } from '../../hdl/index.js';
import { COORD_INT_BITS, DEPTH_BITS, SUBPIXEL_BITS } from '../raster-common/formats.js';
import { MP_ID_BITS, type NoblurGeometry } from './config.js';

const coord = ufixed(COORD_INT_BITS, SUBPIXEL_BITS);
const vertex = bundle({ x: coord, y: coord, z: uint(DEPTH_BITS) });
// vec(n, vertex) named v gives the ports in_payload_v0_x, ..., v2_z (v3_z).
const singleMp = bundle({ v: vec(3, vertex), id: uint(MP_ID_BITS) });
const pairMp = bundle({ v: vec(4, vertex), pair: uint(1), id: uint(MP_ID_BITS) });

// A type alias, not an interface, so a vertex list is a SignalTree.
export type VertexSig = {
  x: Fixed;
  y: Fixed;
  z: UInt;
};

/** The input stream, normalised over TVP. */
export interface MpInput {
  valid: UInt;
  ready: UInt;
  verts: VertexSig[];
  /** null without TVP. */
  pair: UInt | null;
  id: UInt;
  /** The declared port record (what the module returns). */
  ports: StreamPorts<SigOf<typeof singleMp>> | StreamPorts<SigOf<typeof pairMp>>;
}

export function declareInput(m: ModuleBuilder, g: NoblurGeometry): MpInput {
  if (g.tvp) {
    const p = m.input('in', stream(pairMp));
    const q = p.payload;
    return { valid: p.valid, ready: p.ready, verts: q.v, pair: q.pair, id: q.id, ports: p };
  }
  const p = m.input('in', stream(singleMp));
  const q = p.payload;
  return { valid: p.valid, ready: p.ready, verts: q.v, pair: null, id: q.id, ports: p };
}

/** One stamp's record, as NoBlur and every Blur lane send it: oor, id,
 *  tuple (Blur), the stamp index, hit, tri (TVP) and the lanes' depths
 *  z0..z{lanes-1}. Field names are the port names (out_payload_stamp_x,
 *  out_payload_z0), and the stage registers that carry it take them too. */
export type StampRecord = {
  readonly oor: UInt;
  readonly id: UInt;
  readonly tuple?: UInt;
  readonly stamp_x: UInt;
  readonly stamp_y: UInt;
  readonly hit: UInt;
  readonly tri?: UInt;
  readonly z: readonly UInt[];
};

/** What sets a stamp record's fields and widths. */
export interface StampRecordShape {
  readonly tvp: boolean;
  /** Sample lanes per stamp (bits of hit and tri, count of z). */
  readonly lanes: number;
  /** Bits of stamp_x and stamp_y. */
  readonly stampIdxBits: number;
  /** Bits of the tuple field; absent: no tuple (NoBlur). */
  readonly tupleBits?: number;
}

/** An output stream of stamp records named `name` (`out`, `out0`),
 *  declared leaf by leaf (the field set depends on the config) with the
 *  names and order m.output(name, stream(bundle(...))) would give. */
export function declareStampOutput(m: ModuleBuilder, name: string, s: StampRecordShape): StreamPorts<StampRecord> {
  const valid = m.output(`${name}_valid`, uint(1));
  const ready = m.input(`${name}_ready`, uint(1));
  const field = (f: string, width: number): UInt => m.output(`${name}_payload_${f}`, uint(width));
  const oor = field('oor', 1);
  const id = field('id', MP_ID_BITS);
  const tuple = s.tupleBits === undefined ? null : field('tuple', s.tupleBits);
  const stampX = field('stamp_x', s.stampIdxBits);
  const stampY = field('stamp_y', s.stampIdxBits);
  const hit = field('hit', s.lanes);
  const tri = s.tvp ? field('tri', s.lanes) : null;
  const z = Array.from({ length: s.lanes }, (_, l) => field(`z${l}`, DEPTH_BITS));
  const payload: StampRecord = { oor, id, ...(tuple !== null && { tuple }), stamp_x: stampX, stamp_y: stampY, hit, ...(tri !== null && { tri }), z };
  return { valid, ready, payload };
}
