import { describe, expect, it } from 'vitest';
import { COST_TABLE_VERSION } from './cost-table.js';
import { parseKnobs } from './knobs-file.js';
import { DEFAULT_KNOBS, KNOB_BOUNDS, knobsOutOfBounds } from './knobs.js';

const cal = (knobs: object, version: unknown = COST_TABLE_VERSION): string => JSON.stringify({ format: 'gfxrtl-calibration/1', costTableVersion: version, knobs });

describe('knobs files', () => {
  it('reads knobs from a calibration file and from a bare object', () => {
    const k = { areaFactor: 1.3, energyFactor: 1.1, delayFactor: 0.9 };
    expect(parseKnobs(cal(k), 'cal.json')).toEqual(k);
    expect(parseKnobs(JSON.stringify(k), 'k.json')).toEqual(k);
  });

  it('refuses a knob outside its physical range, naming the file, the knob and the range', () => {
    const [aLo, aHi] = KNOB_BOUNDS.areaFactor;
    expect(() => parseKnobs(cal({ areaFactor: 0.275, energyFactor: 1.1, delayFactor: 0.9 }), 'out/cal/calibration.json')).toThrow(
      new RegExp(`^out/cal/calibration\\.json:1:\\d+ \\(knobs\\.areaFactor\\): knob areaFactor = 0\\.275 is outside its range ${aLo}\\.\\.${aHi} \\(`),
    );
    // inside the bounds issue #9 allowed (energy 0.25-3, delay 0.5-2), outside the cited ones
    const [eLo, eHi] = KNOB_BOUNDS.energyFactor;
    const [dLo, dHi] = KNOB_BOUNDS.delayFactor;
    const message = (text: string): string => {
      try {
        parseKnobs(text, 'k.json');
      } catch (e) {
        return (e as Error).message;
      }
      throw new Error('accepted');
    };
    const m = message(JSON.stringify({ areaFactor: 1, energyFactor: 0.4, delayFactor: 1.5 }));
    expect(m).toMatch(new RegExp(`^k\\.json:1:\\d+ \\(energyFactor\\): knob energyFactor = 0\\.4 is outside its range ${eLo}\\.\\.${eHi} \\(.*; knob delayFactor = 1\\.5 is outside its range ${dLo}\\.\\.${dHi} \\(`));
    expect(m).not.toContain('\n');
    expect(() => parseKnobs(JSON.stringify({ areaFactor: 1, energyFactor: 1, delayFactor: '1' }), 'k.json')).toThrow(`(delayFactor): knob delayFactor must be a number in ${dLo}..${dHi}`);
    expect(() => parseKnobs(JSON.stringify({ areaFactor: 1, energyFactor: 1 }), 'k.json')).toThrow(/^k\.json:1:1: missing key "delayFactor"/);
  });

  it('refuses unknown and duplicated knobs, naming the valid ones', () => {
    expect(() => parseKnobs('{"areaFactor": 1, "energyFactor": 1, "delayFactor": 1, "leakFactor": 2}', 'k.json')).toThrow(/\(leakFactor\): unknown key "leakFactor"; valid keys: areaFactor, energyFactor, delayFactor/);
    expect(() => parseKnobs('{"areaFactor": 1, "energyFactor": 1, "delayFactor": 1, "delayFactor": 2}', 'k.json')).toThrow(/duplicate key "delayFactor"/);
  });

  it('refuses knobs fitted against another cost table version', () => {
    const k = { areaFactor: 1.3, energyFactor: 1.1, delayFactor: 0.9 };
    expect(() => parseKnobs(cal(k, 1), 'old.json')).toThrow(`old.json: fitted with cost table version 1, this is version ${COST_TABLE_VERSION} (knobs areaFactor ${KNOB_BOUNDS.areaFactor.join('..')}, energyFactor ${KNOB_BOUNDS.energyFactor.join('..')}, delayFactor ${KNOB_BOUNDS.delayFactor.join('..')}); rerun gfxrtl calibrate`);
    expect(() => parseKnobs(JSON.stringify({ format: 'gfxrtl-calibration/1', knobs: k }), 'old.json')).toThrow(/version \(none/);
  });

  it('refuses a cross-check calibration, which is shown beside the global fit and never priced with', () => {
    const k = { areaFactor: 1.3, energyFactor: 1.1, delayFactor: 0.9 };
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
