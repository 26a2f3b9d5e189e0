// How far each global knob may go, derived from the figures the cost table
// cites (sources.ts) and from nothing else. A knob at a bound says the
// published table asks for more than those figures allow; the report prints
// each fitted knob beside its range and the facts behind both ends. Where an
// end has no published figure behind it, it says so ('assumed').
//
//  area   = library density x placement. Horowitz's operator areas (ISSCC
//           2014) are a commercial 45 nm library's; ours are NanGate cells
//           (our own Yosys characterisation, the least-area form of each
//           operator). Their ratio at each width Horowitz gives is how much
//           denser that library is: the least ratio is the area knob's lower
//           bound (at 100% row utilisation). Upper: NanGate's own density at
//           40% utilisation (assumed: no figure is cited for utilisation).
//  energy = the spread of the cited energies over what the table charges.
//           Logic without a published energy is priced at ENERGY_DENSITY x
//           cell area (op-cost.ts: Horowitz's 32-bit add over its
//           synthesised area); each of Horowitz's operators, divided by our
//           least-area form of it, gives another energy per um^2, and the
//           ratios of those to ENERGY_DENSITY bound how far the table's
//           energies can be from the cited ones. The register clock pin
//           (7-10 fJ per cycle, NanGate) is priced at its midpoint, which
//           widens the range by its own spread. Activity is 1.0 on both
//           sides: the published blocks are "fully used", as ours are priced.
//  delay  = the fastest a 45 nm inverter drives a fanout of four
//           (FreePDK45's device model, no cell parasitics: 14.2 ps at
//           nominal Vt, 1.1 V) over what the characterisation charges one
//           (NanGate INV_X1 at its FO4-ish load, 28 ps, the genlib delay ABC
//           maps with): no sizing of cells built from those devices is
//           faster. Upper: 1.0, the spec's Yosys+ABC delays "are upper
//           bounds" (no wire load; the blocks here are 0.1 mm across).
import { characterised } from './operator-table.js';
import { ENERGY_DENSITY, atReference } from './op-cost.js';
import { FREEPDK45_VT, HOROWITZ_ISSCC14, NANGATE45, type OperatorFigure } from './sources.js';
import type { RtlForm } from './yosys/forms-rtl.js';

/** One cited comparison behind a bound. */
export interface KnobEvidence {
  /** What is compared, e.g. '32-bit add'. */
  what: string;
  /** The cited figure over ours. */
  ratio: number;
  /** The two figures, for the report. */
  detail: string;
}

export interface KnobBound {
  readonly range: readonly [number, number];
  /** The facts behind the range, one line. */
  readonly why: string;
  /** The cited comparisons the range is read from (the lower end for area
   *  and delay, both ends for energy). */
  readonly evidence: readonly KnobEvidence[];
}

const ADDER_FORMS: readonly RtlForm[] = ['ripple', 'brent-kung', 'kogge-stone'];
const MULTIPLIER_FORMS: readonly RtlForm[] = ['array', 'booth4-wallace'];

/** Our least cell area of a w-bit add or multiply over the forms the table chooses among. */
function leastAreaUm2(kind: 'add' | 'mul', w: number): number {
  return Math.min(...(kind === 'add' ? ADDER_FORMS : MULTIPLIER_FORMS).map((f) => characterised(kind, f, w).areaUm2));
}

const horowitzOps = (): { kind: 'add' | 'mul'; f: OperatorFigure; ours: number }[] =>
  (['add', 'mul'] as const).flatMap((kind) => HOROWITZ_ISSCC14[kind].map((f) => ({ kind, f, ours: leastAreaUm2(kind, f.width) })));

const name = (kind: 'add' | 'mul', w: number): string => `${w}-bit ${kind === 'add' ? 'add' : 'multiply'}`;
const sig = (x: number): string => x.toPrecision(3);

/** Commercial (Horowitz) area over our NanGate area, per cited operator. */
export function libraryDensity(): KnobEvidence[] {
  return horowitzOps().map(({ kind, f, ours }) => ({ what: name(kind, f.width), ratio: f.areaUm2 / ours, detail: `${f.areaUm2} vs ${sig(ours)} um^2` }));
}

/** Each cited energy per um^2 of our cells over ENERGY_DENSITY, and the clock pin's spread. */
export function energySpread(): KnobEvidence[] {
  const ops = horowitzOps().map(({ kind, f, ours }) => {
    const perUm2 = atReference(f.energyPj * 1000, HOROWITZ_ISSCC14.vdd) / ours;
    return { what: `${name(kind, f.width)} energy per um^2`, ratio: perUm2 / ENERGY_DENSITY, detail: `${sig(perUm2)} vs ${sig(ENERGY_DENSITY)} fJ/um^2 at 1.1 V` };
  });
  const [lo, hi] = NANGATE45.DFF_X1.clockPinFj;
  const mid = (lo + hi) / 2;
  return [
    ...ops,
    { what: 'register clock pin, least', ratio: lo / mid, detail: `${lo} vs ${mid} fJ per cycle` },
    { what: 'register clock pin, most', ratio: hi / mid, detail: `${hi} vs ${mid} fJ per cycle` },
  ];
}

/** The fastest FO4 inverter of the devices over the inverter delay the table charges. */
export function deviceDelay(): KnobEvidence[] {
  const fo4 = FREEPDK45_VT.nominal.fo4Ps[3];
  const inv = NANGATE45.cells.INV_X1.delayPs;
  return [{ what: 'FO4 inverter, FreePDK45 device model vs NanGate INV_X1', ratio: fo4 / inv, detail: `${fo4} vs ${inv} ps at nominal Vt, 1.1 V` }];
}

/** 40% row utilisation: the sparse end for routed logic blocks (assumed, not cited). */
const SPARSEST_UTILISATION = 0.4;

const lows = (e: readonly KnobEvidence[]): number => Math.min(...e.map((x) => x.ratio));
const highs = (e: readonly KnobEvidence[]): number => Math.max(...e.map((x) => x.ratio));
/** Bounds to three significant digits, rounded outwards, so a knobs file printed with them still reads inside. */
const down = (x: number): number => Math.floor(x * 1000) / 1000;
const up = (x: number): number => Math.ceil(x * 1000) / 1000;

export function deriveKnobBounds(): { areaFactor: KnobBound; energyFactor: KnobBound; delayFactor: KnobBound } {
  const density = libraryDensity();
  const energy = energySpread();
  const delay = deviceDelay();
  return {
    areaFactor: {
      range: [down(lows(density)), 1 / SPARSEST_UTILISATION],
      why: `a commercial 45 nm library (Horowitz, ISSCC 2014) is ${sig(lows(density))}-${sig(highs(density))} of our NanGate cell area, placed at 100% utilisation at the least; NanGate density at ${SPARSEST_UTILISATION * 100}% row utilisation at the most (assumed)`,
      evidence: density,
    },
    energyFactor: {
      range: [down(lows(energy)), up(highs(energy))],
      why: 'the cited energies (Horowitz per operation, NanGate clock pin) over what the table charges for the same cell area; activity 1.0 on both sides ("fully used")',
      evidence: energy,
    },
    delayFactor: {
      range: [down(lows(delay)), 1],
      why: `no sizing beats the device's own FO4 (FreePDK45 ${FREEPDK45_VT.nominal.fo4Ps[3]} ps against the ${NANGATE45.cells.INV_X1.delayPs} ps NanGate INV_X1 delay the characterisation maps with); the Yosys+ABC delays are upper bounds (no wire load)`,
      evidence: delay,
    },
  };
}
