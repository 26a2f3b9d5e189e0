// How a sample test hangs off the iterator's walk, in NoBlur's pipeline and
// in every Blur/Hybrid lane alike: the incremental form loads its running
// sums from the edge setup when R2 takes an MP and steps them as the
// iterator fires; the multiply form reads the stamp indices instead. Either
// form takes the stamp's phase inside its pixel when the grid has one.
import type { ModuleBuilder, Signal, UInt } from '../../hdl/index.js';
import type { EdgeSetupPorts } from '../bbox/edge-setup.js';
import type { EdgeSpec } from '../bbox/edges.js';
import type { EdgeDeltas, LocalVertex, WalkInputs } from '../raster-common/edge-ports.js';
import { fieldOf, type StageRecord } from '../raster-common/stage-record.js';

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

/** Drives the sample test `st`'s walk inputs (in `m`) from the iterator and,
 *  incremental, from the edge setup's start values. A port the form needs
 *  and `st` lacks fails elaboration, naming it. */
export function driveFromWalk(m: ModuleBuilder, st: WalkInputs, walk: StampWalk, setup: EdgeSetupPorts, w: WalkWiring): void {
  const port = (p: UInt | undefined, name: string): UInt => p ?? m.fail('missing port', name, `the sample test has no ${name} input, which its ${w.incremental ? 'incremental' : 'multiply'} form needs`);
  if (w.incremental) {
    port(st.load, 'load').drive(w.load);
    port(st.step, 'step').drive(walk.fire);
    port(st.rowEnd, 'row_end').drive(walk.rowEnd);
    const e0 = st.e0 ?? m.fail('missing port', 'e0', 'the sample test has no start value inputs, which its incremental form needs');
    m.connect(e0, setup.edges.map((e, i) => e.e0 ?? m.fail('missing port', `${w.edges[i]!.name}_e0`, 'the edge setup has no start value (origin off)')));
  } else {
    port(st.stampX, 'stamp_x').drive(walk.stampX);
    port(st.stampY, 'stamp_y').drive(walk.stampY);
  }
  if (w.phaseBits > 0) {
    port(st.phaseX, 'phase_x').drive(walk.absX.bits(w.phaseBits - 1, 0));
    port(st.phaseY, 'phase_y').drive(walk.absY.bits(w.phaseBits - 1, 0));
  }
}

/** What a sample test reads from R2 besides the walk: the local vertices
 *  (multiply), each edge's deltas and bias, the facings. */
export type R2Inputs = {
  readonly v?: readonly LocalVertex[];
  readonly edges: readonly EdgeDeltas[];
  readonly front0: UInt;
  readonly front1?: UInt;
};

/** Drives `st`'s R2 inputs (in `m`) from a pipeline's R2 stage, whose
 *  registers carry the names lx<i>, ly<i>, <edge>_dx/_dy/_bias, front0,
 *  front1. A register R2 lacks fails elaboration, naming it. */
export function driveFromR2(m: ModuleBuilder, st: R2Inputs, r2: StageRecord, edges: readonly EdgeSpec[]): void {
  const reg = (name: string): Signal => fieldOf(m, r2, name, 'the sample test');
  st.v?.forEach((p, i) => {
    p.x.drive(reg(`lx${i}`));
    p.y.drive(reg(`ly${i}`));
  });
  st.edges.forEach((p, i) => {
    const e = edges[i]!.name;
    p.dx.drive(reg(`${e}_dx`));
    p.dy.drive(reg(`${e}_dy`));
    p.bias.drive(reg(`${e}_bias`));
  });
  st.front0.drive(reg('front0'));
  st.front1?.drive(reg('front1'));
}
