// The physical design point and how it scales the cost table (which is at
// nominal Vt, 1.1 V): threshold flavour and supply set delay, dynamic energy
// and leakage; the pipeline depth sets the clock.
//
//  delay   ~ Vdd / (Vdd - Vt)^alpha (alpha-power law, Sakurai and Newton,
//            JSSC 1990), with Vt and alpha fitted per flavour to FreePDK45
//            inverters; the flavours' delay ratio at 1.1 V is taken from
//            FreePDK45 for low Vt and is a parameter for high Vt (below).
//  energy  ~ Vdd^2 (dynamic, CV^2).
//  leakage = FreePDK45 flavour ratio at 1.0 V x 1.5 per +100 mV.
import { REFERENCE, REGISTER_OVERHEAD_PS } from './cost-table.js';
import { FREEPDK45_VT, LEAKAGE_PER_100MV } from './sources.js';
import { ParamError } from '../hdl/errors.js';

/** Threshold-voltage flavour of the cells. */
export type VtFlavour = 'low' | 'nominal' | 'high';

/** A physical point: threshold flavour, supply voltage and pipeline depth. */
export interface DesignPoint {
  vt: VtFlavour;
  /** Supply in volts, within VDD_RANGE (the spec sweeps 0.81, 0.90, 0.99, 1.08). */
  vdd: number;
  /** Register stages the critical path is cut into (integer >= 1). */
  stages: number;
}

/** The FreePDK45 fits cover 0.8-1.1 V; 50 mV of extrapolation is allowed
 *  each side, no more: the alpha-power law degrades near threshold. */
/** The least logic a pipeline stage is worth, in FO4 delays: below it a
 *  register's own overhead dominates the stage (the sweep's default floor). */
export const DEFAULT_MIN_FO4_PER_STAGE = 6;

/** The supply voltages the physical model covers, in volts. */
export const VDD_RANGE = { min: 0.75, max: 1.15 } as const;

/** Parameters of the physical model that a study may set. */
export interface PhysicalParams {
  /** High-Vt delay over nominal-Vt delay at 1.1 V. FreePDK45's high-Vt
   *  device (thicker oxide) gives 29.1/14.2 = 2.05 (FREEPDK45_HIGH_VT_PENALTY);
   *  commercial 45 nm high-Vt libraries are milder, about 1.3-1.5x, so the
   *  default is 1.4. A documented choice, not a fit: change it here. */
  highVtDelayPenalty: number;
}

/** How much slower high-Vt cells are than nominal ones in FreePDK45, from its FO4 delays. */
export const FREEPDK45_HIGH_VT_PENALTY = FREEPDK45_VT.high.fo4Ps[3] / FREEPDK45_VT.nominal.fo4Ps[3];
/** The physical model's default parameters. */
export const DEFAULT_PHYSICAL: PhysicalParams = { highVtDelayPenalty: 1.4 };

/** Multipliers on the cost table's reference figures. */
export interface PhysicalScale {
  delay: number;
  dynamicEnergy: number;
  leakage: number;
}

/** Refuses a physical point outside the model's range, naming the field and what is valid. */
export function checkPoint(p: DesignPoint): void {
  if (!(p.vt in FREEPDK45_VT)) throw new ParamError('vt', p.vt, 'low, nominal or high', { message: `design point: unknown Vt flavour ${String(p.vt)} (low, nominal or high)` });
  if (!(p.vdd >= VDD_RANGE.min && p.vdd <= VDD_RANGE.max)) {
    throw new ParamError('vdd', p.vdd, 'VDD_RANGE', { message: `design point: Vdd ${p.vdd} V is outside ${VDD_RANGE.min}-${VDD_RANGE.max} V, where the delay fits hold` });
  }
  if (!Number.isInteger(p.stages) || p.stages < 1) throw new ParamError('stages', p.stages, 'an integer >= 1', { message: `design point: stages must be an integer >= 1, got ${p.stages}` });
}

function alphaPower(vt: VtFlavour, vdd: number): number {
  const f = FREEPDK45_VT[vt];
  return vdd / (vdd - f.vt) ** f.alpha;
}

/** Delay of `vt` at 1.1 V relative to nominal at 1.1 V. */
function flavourDelay(vt: VtFlavour, params: PhysicalParams): number {
  if (vt === 'high') return params.highVtDelayPenalty;
  return FREEPDK45_VT[vt].fo4Ps[3] / FREEPDK45_VT.nominal.fo4Ps[3];
}

/** Leakage of `vt` relative to nominal, at 1.0 V (the FreePDK45 point
 *  nearest the table's 1.1 V reference). */
function flavourLeakage(vt: VtFlavour): number {
  return FREEPDK45_VT[vt].leakageNw[1] / FREEPDK45_VT.nominal.leakageNw[1];
}

/** How area, energy, leakage and delay scale from the reference point to `p`. */
export function physicalScale(p: DesignPoint, params: PhysicalParams = DEFAULT_PHYSICAL): PhysicalScale {
  checkPoint(p);
  return {
    delay: flavourDelay(p.vt, params) * (alphaPower(p.vt, p.vdd) / alphaPower(p.vt, REFERENCE.vdd)),
    dynamicEnergy: (p.vdd / REFERENCE.vdd) ** 2,
    leakage: flavourLeakage(p.vt) * LEAKAGE_PER_100MV ** ((p.vdd - REFERENCE.vdd) / 0.1),
  };
}

/** One register's clk-to-q + setup at the point, with the delay knob: a
 *  flop is built from the same transistors as the logic it bounds and drives
 *  the same wires, so threshold flavour, supply, cell sizing and wire load
 *  move its delay as they move the logic's. (Scaling only the logic left
 *  229 ps of NanGate-typical overhead, 46% of a 2 GHz cycle at high Vt and
 *  0.99 V, untouched by a delay knob that halved every logic delay.) */
export function registerOverheadPs(scale: PhysicalScale, delayFactor: number): number {
  return REGISTER_OVERHEAD_PS * scale.delay * delayFactor;
}

/** Clock period with ideal retiming: the combinational delay (already
 *  scaled to the point and by the delay knob) split evenly over the stages,
 *  plus one register's clk-to-q + setup at the point. */
export function clockPeriodPs(combinationalPs: number, stages: number, scale: PhysicalScale, delayFactor: number): number {
  return combinationalPs / stages + registerOverheadPs(scale, delayFactor);
}

/** The fewest stages that reach `periodPs` (combinational delay already
 *  scaled to the point and by the delay knob), or null when the register
 *  overhead alone does not fit in it. */
export function stagesForPeriod(combinationalPs: number, periodPs: number, scale: PhysicalScale, delayFactor: number): number | null {
  const room = periodPs - registerOverheadPs(scale, delayFactor);
  if (room <= 0) return null;
  return Math.max(1, Math.ceil(combinationalPs / room - 1e-9));
}
