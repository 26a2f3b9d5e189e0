// Parametric surfaces the workloads tessellate, placed in camera space. Each
// maps (u, v) in [0, 1]^2 to a point such that dS/du x dS/dv is the outward
// (visible-side) normal; with the camera's y flip that makes the visible side
// clockwise on screen, i.e. front-facing (conventions.md). Seeded variation
// (orientation, phase) gives different MP shapes from the same surface kind.

import type { Rng } from '../../rng.js';
import { type Mat3, type Vec3, compose, rotate, rotationX, rotationY, rotationZ } from './camera.js';

export const SURFACE_NAMES = ['plane', 'sphere', 'sine-grazing', 'bumpy-sphere'] as const;
export type SurfaceName = (typeof SURFACE_NAMES)[number];

/** Distance of every object's centre from the eye. */
export const CENTRE_Z = 6;

export interface Surface {
  readonly name: SurfaceName;
  /** Camera-space point at parameters (u, v). */
  point(u: number, v: number): Vec3;
  /** u = 0 and u = 1 are the same seam (closed in u): the seam's vertices are shared. */
  readonly wrapU: boolean;
  /** v = 0 and v = 1 are poles: each row collapses to a single vertex. */
  readonly poles: boolean;
}

function translated(m: Mat3, p: Vec3): Vec3 {
  const r = rotate(m, p);
  return [r[0], r[1], r[2] + CENTRE_Z];
}

/** Unit sphere in longitude u and colatitude v; dS/du x dS/dv = sin(theta) * S (outward). */
function spherePoint(u: number, v: number, radius: number): Vec3 {
  const phi = 2 * Math.PI * u;
  const theta = Math.PI * v;
  const s = Math.sin(theta);
  return [radius * s * Math.cos(phi), radius * Math.cos(theta), radius * s * Math.sin(phi)];
}

function randomOrientation(rng: Rng): Mat3 {
  return compose(
    rotationZ(rng.range(0, 2 * Math.PI)),
    compose(rotationX(rng.range(0, 2 * Math.PI)), rotationY(rng.range(0, 2 * Math.PI))),
  );
}

/** A square facing the camera, tilted away by 20..60 degrees and spun about the view axis. */
function plane(rng: Rng): Surface {
  const m = compose(rotationZ(rng.range(0, 2 * Math.PI)), rotationX(rng.range((20 * Math.PI) / 180, (60 * Math.PI) / 180)));
  return {
    name: 'plane',
    wrapU: false,
    poles: false,
    // X = 2u - 1, Y = 1 - 2v: dS/du x dS/dv = (0, 0, -4), towards the eye.
    point: (u, v) => translated(m, [2 * u - 1, 1 - 2 * v, 0]),
  };
}

/** A whole sphere: half of it faces away, and those MPs stay in the stream to be culled. */
function sphere(rng: Rng): Surface {
  const m = randomOrientation(rng);
  return { name: 'sphere', wrapU: true, poles: true, point: (u, v) => translated(m, spherePoint(u, v, 1)) };
}

/**
 * A sine-wave height field seen at a grazing angle (about 12 degrees above
 * the mean surface): foreshortened, elongated MPs and wave backs that face away.
 */
function sineGrazing(rng: Rng): Surface {
  const phaseX = rng.range(0, 2 * Math.PI);
  const phaseZ = rng.range(0, 2 * Math.PI);
  const spin = rotationY(rng.range(-0.3, 0.3));
  const amplitude = 0.08;
  const waves = 3;
  const eyeHeight = Math.tan((12 * Math.PI) / 180) * CENTRE_Z;
  return {
    name: 'sine-grazing',
    wrapU: false,
    poles: false,
    point: (u, v) => {
      const x = 2 * u - 1;
      // v runs towards the eye so that dS/du x dS/dv points up (+Y), towards it.
      const zLocal = 1 - 2 * v;
      const h = amplitude * Math.sin(waves * Math.PI * x + phaseX) * Math.sin(waves * Math.PI * zLocal + phaseZ);
      const r = rotate(spin, [2 * x, h, 2 * zLocal]);
      return [r[0], r[1] - eyeHeight, r[2] + CENTRE_Z + 1];
    },
  };
}

/**
 * A sphere displaced along its normal by r = 1 + 0.2 sin(8 phi) sin(6 theta):
 * bumps face away near the silhouette and on their far sides. The frequencies
 * are integers so the seam and the poles stay closed.
 */
function bumpySphere(rng: Rng): Surface {
  const m = randomOrientation(rng);
  return {
    name: 'bumpy-sphere',
    wrapU: true,
    poles: true,
    point: (u, v) => {
      const r = 1 + 0.2 * Math.sin(8 * 2 * Math.PI * u) * Math.sin(6 * Math.PI * v);
      return translated(m, spherePoint(u, v, r));
    },
  };
}

/** The surface `name`, with its seeded orientation and phase drawn from rng. */
export function makeSurface(name: SurfaceName, rng: Rng): Surface {
  switch (name) {
    case 'plane':
      return plane(rng);
    case 'sphere':
      return sphere(rng);
    case 'sine-grazing':
      return sineGrazing(rng);
    case 'bumpy-sphere':
      return bumpySphere(rng);
  }
}
