// Port records the raster units share: a bbox-local vertex, an edge's
// deltas and top-left bias as the edge setup produces them and the sample
// tests and the cull read them, and the sample tests' walk inputs (what
// sample-test/walk-wiring.ts drives from the iterator). Type aliases, not
// interfaces, so they are SignalTrees.
import type { Fixed, SInt, UInt } from '../../hdl/index.js';

/** A vertex in bbox-local b.8 coordinates (ports lx<i>, ly<i>). */
export type LocalVertex = {
  readonly x: Fixed;
  readonly y: Fixed;
};

/** One edge's deltas and top-left bias (ports <edge>_dx, <edge>_dy, <edge>_bias). */
export type EdgeDeltas = {
  readonly dx: Fixed;
  readonly dy: Fixed;
  readonly bias: UInt;
};

/** The walk inputs of a sample test, each present in the forms that have it:
 *  the stamp indices (multiply), the stamp's phase in its pixel (a grid
 *  with phases), and load/step/row end with each edge's start value
 *  (incremental, in edgesOf order). */
export type WalkInputs = {
  readonly stampX?: UInt;
  readonly stampY?: UInt;
  readonly phaseX?: UInt;
  readonly phaseY?: UInt;
  readonly load?: UInt;
  readonly step?: UInt;
  readonly rowEnd?: UInt;
  readonly e0?: readonly SInt[];
};
