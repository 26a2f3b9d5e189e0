// How a sample test hangs off the iterator's walk, in NoBlur's pipeline and
// in every Blur/Hybrid lane alike: the incremental form loads its running
// sums from the edge setup when R2 takes an MP and steps them as the
// iterator fires; the multiply form reads the stamp indices instead. Either
// form takes the stamp's phase inside its pixel when the grid has one.
import type { Signal, UInt } from '../../hdl/index.js';
import type { EdgeSpec } from '../bbox/edges.js';

/** The iterator outputs a sample test reads. */
export interface StampWalk {
  readonly fire: UInt;
  readonly rowEnd: UInt;
  readonly stampX: UInt;
  readonly stampY: UInt;
  readonly absX: UInt;
  readonly absY: UInt;
}

export interface WalkWiring {
  readonly incremental: boolean;
  readonly edges: readonly EdgeSpec[];
  /** R2 takes a new MP (the incremental sums restart from the setup's origin values). */
  readonly load: UInt;
  /** log2 of the stamps per pixel side; 0 when a stamp is a pixel or larger. */
  readonly phaseBits: number;
}

export function driveFromWalk(st: Record<string, Signal>, walk: StampWalk, setup: Record<string, Signal>, w: WalkWiring): void {
  if (w.incremental) {
    st['load']!.drive(w.load);
    st['step']!.drive(walk.fire);
    st['rowEnd']!.drive(walk.rowEnd);
    for (const e of w.edges) st[`${e.name}_e0`]!.drive(setup[`${e.name}_e0`]!);
  } else {
    st['stampX']!.drive(walk.stampX);
    st['stampY']!.drive(walk.stampY);
  }
  if (w.phaseBits > 0) {
    st['phaseX']!.drive(walk.absX.bits(w.phaseBits - 1, 0));
    st['phaseY']!.drive(walk.absY.bits(w.phaseBits - 1, 0));
  }
}
