// The workload camera: a pinhole at the origin looking down +Z (camera space,
// X right, Y up), projecting to screen pixels with y down. Depth is the usual
// perspective depth, 0 at the near plane and approaching 1 at the far plane,
// so its distribution over the 0.24 range looks like a real depth buffer's.
import { ParamError } from '../../../hdl/errors.js';

export type Vec3 = readonly [number, number, number];

export const NEAR = 1;
export const FAR = 100;

/** A projected point: screen position in pixels at focal length 1 (scaled later) and unit depth. */
export interface Projected {
  readonly x: number;
  readonly y: number;
  readonly depth: number;
}

/** Projection at focal length 1; screen coordinates scale linearly with the focal length. */
export function project(p: Vec3): Projected {
  const [X, Y, Z] = p;
  if (!(Z >= NEAR && Z < FAR)) throw new ParamError('Z', Z, 'a depth in the view range', { message: `project: Z = ${Z} outside the [${NEAR}, ${FAR}) view range` });
  return { x: X / Z, y: -Y / Z, depth: (FAR / (FAR - NEAR)) * (1 - NEAR / Z) };
}

/** 3x3 rotation matrix, row-major. */
export type Mat3 = readonly [Vec3, Vec3, Vec3];

export function rotate(m: Mat3, p: Vec3): Vec3 {
  return [
    m[0][0] * p[0] + m[0][1] * p[1] + m[0][2] * p[2],
    m[1][0] * p[0] + m[1][1] * p[1] + m[1][2] * p[2],
    m[2][0] * p[0] + m[2][1] * p[1] + m[2][2] * p[2],
  ];
}

export function rotationX(a: number): Mat3 {
  const c = Math.cos(a);
  const s = Math.sin(a);
  return [
    [1, 0, 0],
    [0, c, -s],
    [0, s, c],
  ];
}

export function rotationY(a: number): Mat3 {
  const c = Math.cos(a);
  const s = Math.sin(a);
  return [
    [c, 0, s],
    [0, 1, 0],
    [-s, 0, c],
  ];
}

export function rotationZ(a: number): Mat3 {
  const c = Math.cos(a);
  const s = Math.sin(a);
  return [
    [c, -s, 0],
    [s, c, 0],
    [0, 0, 1],
  ];
}

export function compose(a: Mat3, b: Mat3): Mat3 {
  const row = (i: 0 | 1 | 2): Vec3 => [
    a[i][0] * b[0][0] + a[i][1] * b[1][0] + a[i][2] * b[2][0],
    a[i][0] * b[0][1] + a[i][1] * b[1][1] + a[i][2] * b[2][1],
    a[i][0] * b[0][2] + a[i][1] * b[1][2] + a[i][2] * b[2][2],
  ];
  return [row(0), row(1), row(2)];
}
