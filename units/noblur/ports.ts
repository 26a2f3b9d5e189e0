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

/** Payload fields of the output stream, in port order. */
export function outputFields(g: NoblurGeometry): [string, number][] {
  const fields: [string, number][] = [
    ['oor', 1],
    ['id', MP_ID_BITS],
    ['stamp_x', g.stampIdxBits],
    ['stamp_y', g.stampIdxBits],
    ['hit', g.lanes],
  ];
  if (g.tvp) fields.push(['tri', g.lanes]);
  for (let l = 0; l < g.lanes; l++) fields.push([`z${l}`, DEPTH_BITS]);
  return fields;
}

export interface StampOutput {
  valid: UInt;
  ready: UInt;
  payload: Record<string, UInt>;
}

/** Declared leaf by leaf (the field set depends on the config), with the
 *  names and order m.output('out', stream(bundle(...))) would give. */
export function declareOutput(m: ModuleBuilder, g: NoblurGeometry): StampOutput {
  const valid = m.output('out_valid', uint(1));
  const ready = m.input('out_ready', uint(1));
  const payload: Record<string, UInt> = {};
  for (const [name, width] of outputFields(g)) payload[name] = m.output(`out_payload_${name}`, uint(width));
  return { valid, ready, payload };
}
