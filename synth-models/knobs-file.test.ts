import { describe, expect, it } from 'vitest';
import { COST_TABLE_VERSION } from './cost-table.js';
import { parseKnobs } from './knobs-file.js';
import { DEFAULT_KNOBS, knobsOutOfBounds } from './knobs.js';

const cal = (knobs: object, version: unknown = COST_TABLE_VERSION): string => JSON.stringify({ format: 'gfxrtl-calibration/1', costTableVersion: version, knobs });

describe('knobs files', () => {
  it('reads knobs from a calibration file and from a bare object', () => {
    const k = { areaFactor: 1.3, energyFactor: 0.8, delayFactor: 0.9 };
    expect(parseKnobs(cal(k), 'cal.json')).toEqual(k);
    expect(parseKnobs(JSON.stringify(k), 'k.json')).toEqual(k);
  });

  it('refuses a knob outside its physical range, naming the file, the knob and the range', () => {
    expect(() => parseKnobs(cal({ areaFactor: 0.275, energyFactor: 0.8, delayFactor: 0.9 }), 'out/cal/calibration.json')).toThrow(
      'out/cal/calibration.json: knob areaFactor = 0.275 is outside its physical range 1..2.5',
    );
    expect(() => parseKnobs(JSON.stringify({ areaFactor: 1, energyFactor: 9, delayFactor: 0.1 }), 'k.json')).toThrow(/energyFactor = 9 .* 0.25..3; knob delayFactor = 0.1 .* 0.5..2/);
    expect(() => parseKnobs(JSON.stringify({ areaFactor: 1, energyFactor: 1 }), 'k.json')).toThrow('k.json: knob delayFactor must be a number in 0.5..2');
  });

  it('refuses knobs fitted against another cost table version', () => {
    const k = { areaFactor: 1.3, energyFactor: 0.8, delayFactor: 0.9 };
    expect(() => parseKnobs(cal(k, 1), 'old.json')).toThrow(`old.json: fitted with cost table version 1, this is version ${COST_TABLE_VERSION}; rerun gfxrtl calibrate`);
    expect(() => parseKnobs(JSON.stringify({ format: 'gfxrtl-calibration/1', knobs: k }), 'old.json')).toThrow(/version \(none/);
  });

  it('refuses a cross-check calibration, which is shown beside the global fit and never priced with', () => {
    const k = { areaFactor: 1.3, energyFactor: 0.8, delayFactor: 0.9 };
    const text = JSON.stringify({ format: 'gfxrtl-calibration/2', costTableVersion: COST_TABLE_VERSION, study: 'noblur', knobs: k, role: 'cross-check' });
    expect(() => parseKnobs(text, 'out/cal/calibration-crosscheck.json')).toThrow(
      'out/cal/calibration-crosscheck.json: a cross-check calibration (study noblur), not knobs to price with; use the calibration.json that gfxrtl calibrate writes for the global knobs',
    );
    expect(parseKnobs(JSON.stringify({ format: 'gfxrtl-calibration/2', costTableVersion: COST_TABLE_VERSION, knobs: k, role: 'global' }), 'cal.json')).toEqual(k);
  });

  it('the defaults lie inside the bounds', () => {
    expect(knobsOutOfBounds(DEFAULT_KNOBS)).toEqual([]);
  });
});
