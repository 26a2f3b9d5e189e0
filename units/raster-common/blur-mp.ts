// What flows into a blur rasterizer: an MP whose vertices carry a position
// at shutter open (x, y: the NoBlur vertex) and at shutter close (x1, y1),
// both 14.8, and a depth z (0.24) that also sets the defocus radius; plus the
// per-frame lens (A, F). Out: covered (tile, tuple) samples.
import type { Vertex } from './mp.js';

export interface BlurVertex extends Vertex {
  /** Position at shutter close, 14.8 raw (1/256 units). */
  readonly x1: number;
  readonly y1: number;
}

export interface BlurMP {
  readonly kind: 'single' | 'pair';
  /** 3 vertices (single) or 4 (pair: triangles (v0, v1, v2) and (v2, v1, v3)). */
  readonly v: readonly BlurVertex[];
  readonly src: readonly number[];
}

/** Per-frame thin-lens parameters, raw: a = CoC radius at infinity (5.8 px), f = focus depth (0.24). */
export interface Lens {
  readonly a: number;
  readonly f: number;
}

/** One covered blur sample: triangle in MP, tuple index, tile, absolute position, depth. */
export interface BlurHit {
  readonly tri: 0 | 1;
  readonly tuple: number;
  readonly tx: number;
  readonly ty: number;
  readonly sx: number;
  readonly sy: number;
  readonly z: number;
}

/** A static MP (x1 = x, y1 = y): what NoBlur geometry looks like to a blur unit. */
export function staticBlurMP(mp: { kind: 'single' | 'pair'; v: readonly Vertex[]; src: readonly number[] }): BlurMP {
  return { kind: mp.kind, v: mp.v.map((p) => ({ ...p, x1: p.x, y1: p.y })), src: mp.src };
}
