// The calibrate -> price -> pick iterations as a table (calibration.md, the
// report's calibration section, `gfxrtl calibrate --sweep`).
import type { LoopRecord } from './checks.js';
import { mdTable, sig } from './format.js';

export function loopTable(l: LoopRecord): string {
  const head = ['iteration', 'fitted on', 'area knob', 'energy knob', 'delay knob', 'RMS log area', 'RMS log power', `pick at ${sig(l.limit)} W/mm^2`, 'physical point', 'area mm^2', 'power W'];
  const rows = l.iterations.map((it) => [
    String(it.index),
    it.calibratedOn,
    sig(it.knobs.areaFactor, 4),
    sig(it.knobs.energyFactor, 4),
    sig(it.knobs.delayFactor, 4),
    sig(it.rmsLogArea),
    sig(it.rmsLogPower),
    it.pick?.id ?? 'nothing within the limit',
    it.pick?.point ?? '—',
    it.pick ? sig(it.pick.areaMm2) : '—',
    it.pick ? sig(it.pick.powerW) : '—',
  ]);
  return [
    `Calibration on the design our own sweep picks (${l.mode} mode, least area at or under ${sig(l.limit)} W/mm^2 at ${sig(l.rate / 1e9)} G/s), ` +
      `iterated from the reference over ${l.priced} simulated micro-architectures of ${l.sweep}${l.missing > 0 ? ` (${l.missing} not simulated yet, left out)` : ''}: ${l.message}.`,
    '',
    mdTable(head, rows),
  ].join('\n');
}
