// What the NoBlur testbench puts on the pipeline's input and how it reads a
// result record back as SampleHits (conventions.md: sample s = cy k + cx of
// the pixel's cells, position = 256 px + dx[s]).
import { geometryOf, MP_ID_BITS, type NoblurConfig, type NoblurGeometry } from '../../units/noblur/config.js';
import { SUBPIXEL } from '../../units/raster-common/formats.js';
import type { MP, SampleHit, TriInMP, Vertex } from '../../units/raster-common/mp.js';
import { SAMPLE_OFFSETS } from '../../units/raster-common/samples.js';
import type { FastPorts, NarrowPort } from './fast-ports.js';
import { InternalError } from '../../hdl/errors.js';

export const ID_MASK = 2 ** MP_ID_BITS - 1;

/** The input payload's ports in the order mpValues gives their values. */
export function mpPayloadPorts(g: NoblurGeometry): string[] {
  const ports: string[] = [];
  for (let i = 0; i < g.verts; i++) ports.push(`in_payload_v${i}_x`, `in_payload_v${i}_y`, `in_payload_v${i}_z`);
  if (g.tvp) ports.push('in_payload_pair');
  ports.push('in_payload_id');
  return ports;
}

/** What MP number `index` puts on the payload, in mpPayloadPorts' order.
 *  A lone triangle in pair mode sends pair = 0 and repeats v0 as v3. */
export function mpValues(g: NoblurGeometry, mp: MP, index: number): number[] {
  if (mp.kind === 'pair' && !g.tvp) throw new InternalError(`MP ${index} is a pair but TVP is off`);
  const v: readonly Vertex[] = mp.v;
  const out: number[] = [];
  for (let i = 0; i < g.verts; i++) {
    const src = v[i] ?? v[0]!;
    out.push(src.x, src.y, src.z);
  }
  if (g.tvp) out.push(mp.kind === 'pair' ? 1 : 0);
  out.push(index & ID_MASK);
  return out;
}

/** The input stream's ports, resolved once. */
export class MpPorts {
  readonly valid: NarrowPort;
  readonly ready: NarrowPort;
  private readonly payload: NarrowPort[];

  constructor(
    ports: FastPorts,
    private readonly g: NoblurGeometry,
  ) {
    this.valid = ports.port('in_valid');
    this.ready = ports.port('in_ready');
    this.payload = mpPayloadPorts(g).map((p) => ports.port(p));
  }

  /** Put MP number `index` on the payload. */
  write(mp: MP, index: number): void {
    mpValues(this.g, mp, index).forEach((v, j) => this.payload[j]!.write(v));
  }
}

/** The output stream's ports and the lane -> sample mapping. */
export class StampPorts {
  readonly valid: NarrowPort;
  readonly ready: NarrowPort;
  readonly oor: NarrowPort;
  readonly id: NarrowPort;
  private readonly sx: NarrowPort;
  private readonly sy: NarrowPort;
  private readonly hit: NarrowPort;
  private readonly tri: NarrowPort | null;
  private readonly z: NarrowPort[] = [];
  private readonly g: NoblurGeometry;

  constructor(ports: FastPorts, cfg: NoblurConfig) {
    const g = (this.g = geometryOf(cfg));
    this.valid = ports.port('out_valid');
    this.ready = ports.port('out_ready');
    this.oor = ports.port('out_payload_oor');
    this.id = ports.port('out_payload_id');
    this.sx = ports.port('out_payload_stamp_x');
    this.sy = ports.port('out_payload_stamp_y');
    this.hit = ports.port('out_payload_hit');
    this.tri = g.tvp ? ports.port('out_payload_tri') : null;
    for (let l = 0; l < g.lanes; l++) this.z.push(ports.port(`out_payload_z${l}`));
  }

  /** Append the record's covered samples to `out`; returns how many. */
  readHits(out: SampleHit[]): number {
    const mask = this.hit.read();
    if (mask === 0) return 0;
    return appendHits(this.g, mask, this.tri === null ? 0 : this.tri.read(), this.sx.read(), this.sy.read(), (l) => this.z[l]!.read(), out);
  }
}

/** The output fields of a result record, in the order appendHits reads
 *  them from a runStream sink: stamp, hit mask, tri (TVP), z per lane. */
export function stampFields(g: NoblurGeometry): string[] {
  return ['out_payload_stamp_x', 'out_payload_stamp_y', 'out_payload_hit', ...(g.tvp ? ['out_payload_tri'] : []), ...Array.from({ length: g.lanes }, (_, l) => `out_payload_z${l}`)];
}

/** A result record's covered samples (lane -> cell -> pixel and sample,
 *  conventions.md) appended to `out`; returns how many. */
export function appendHits(g: NoblurGeometry, mask: number, tri: number, sx: number, sy: number, z: (lane: number) => number, out: SampleHit[]): number {
  const { k, kp } = g;
  const offsets = SAMPLE_OFFSETS[g.msaa];
  const cellX0 = sx * k;
  const cellY0 = sy * k;
  let n = 0;
  for (let l = 0; l < g.lanes; l++) {
    if (((mask >>> l) & 1) === 0) continue;
    const cx = cellX0 + (l % k);
    const cy = cellY0 + Math.floor(l / k);
    const px = Math.floor(cx / kp);
    const py = Math.floor(cy / kp);
    const s = (cy % kp) * kp + (cx % kp);
    const off = offsets[s]!;
    out.push({ tri: ((tri >>> l) & 1) as TriInMP, px, py, s, sx: px * SUBPIXEL + off.dx, sy: py * SUBPIXEL + off.dy, z: z(l) });
    n++;
  }
  return n;
}

/** Canonical hit order (conventions.md): py, px, s, tri. */
export function byCanonicalOrder(a: SampleHit, b: SampleHit): number {
  return a.py - b.py || a.px - b.px || a.s - b.s || a.tri - b.tri;
}
