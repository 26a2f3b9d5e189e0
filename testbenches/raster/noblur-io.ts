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

/** The input stream's ports, resolved once. */
export class MpPorts {
  readonly valid: NarrowPort;
  readonly ready: NarrowPort;
  private readonly coords: { x: NarrowPort; y: NarrowPort; z: NarrowPort }[] = [];
  private readonly pair: NarrowPort | null;
  private readonly id: NarrowPort;

  constructor(
    ports: FastPorts,
    private readonly g: NoblurGeometry,
  ) {
    this.valid = ports.port('in_valid');
    this.ready = ports.port('in_ready');
    for (let i = 0; i < g.verts; i++) {
      this.coords.push({ x: ports.port(`in_payload_v${i}_x`), y: ports.port(`in_payload_v${i}_y`), z: ports.port(`in_payload_v${i}_z`) });
    }
    this.pair = g.tvp ? ports.port('in_payload_pair') : null;
    this.id = ports.port('in_payload_id');
  }

  /** Put MP number `index` on the payload. A lone triangle in pair mode
   *  sends pair = 0 and repeats v0 as v3. */
  write(mp: MP, index: number): void {
    if (mp.kind === 'pair' && !this.g.tvp) throw new InternalError(`MP ${index} is a pair but TVP is off`);
    const v: readonly Vertex[] = mp.v;
    for (let i = 0; i < this.g.verts; i++) {
      const src = v[i] ?? v[0]!;
      const c = this.coords[i]!;
      c.x.write(src.x);
      c.y.write(src.y);
      c.z.write(src.z);
    }
    this.pair?.write(mp.kind === 'pair' ? 1 : 0);
    this.id.write(index & ID_MASK);
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
    const { k, kp } = this.g;
    const offsets = SAMPLE_OFFSETS[this.g.msaa];
    const tri = this.tri === null ? 0 : this.tri.read();
    const cellX0 = this.sx.read() * k;
    const cellY0 = this.sy.read() * k;
    let n = 0;
    for (let l = 0; l < this.g.lanes; l++) {
      if (((mask >>> l) & 1) === 0) continue;
      const cx = cellX0 + (l % k);
      const cy = cellY0 + Math.floor(l / k);
      const px = Math.floor(cx / kp);
      const py = Math.floor(cy / kp);
      const s = (cy % kp) * kp + (cx % kp);
      const off = offsets[s]!;
      out.push({ tri: ((tri >>> l) & 1) as TriInMP, px, py, s, sx: px * SUBPIXEL + off.dx, sy: py * SUBPIXEL + off.dy, z: this.z[l]!.read() });
      n++;
    }
    return n;
  }
}

/** Canonical hit order (conventions.md): py, px, s, tri. */
export function byCanonicalOrder(a: SampleHit, b: SampleHit): number {
  return a.py - b.py || a.px - b.px || a.s - b.s || a.tri - b.tri;
}
