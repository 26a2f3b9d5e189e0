import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { characterised, envelope, fittedModels, operatorTable } from '../operator-table.js';
import { operatorRtl, reference, RTL_FORMS, type RtlKind } from './forms-rtl.js';
import { characterisationPlan, WIDTHS } from './plan.js';
import { readOperatorTable, rowsOf } from './table-format.js';

const kinds = Object.keys(RTL_FORMS) as RtlKind[];

describe('the committed operator table', () => {
  it('is in the format characterise.ts writes, one row per job of its plan', () => {
    const raw: unknown = JSON.parse(readFileSync(new URL('./operators.json', import.meta.url), 'utf8'));
    const t = readOperatorTable(raw, 'operators.json');
    const want = characterisationPlan().jobs.map((j) => `${j.kind}/${j.form}/${j.width}`);
    expect(t.rows.map((r) => `${r.kind}/${r.form}/${r.width}`)).toEqual(want);
    expect(t.script).toBe('synth-models/yosys/characterise.ts');
  });

  it('refuses a table in another format, naming the file and the field', () => {
    expect(() => readOperatorTable({ format: 'x', rows: [] }, 'ops.json')).toThrow(/ops\.json: format is "x"/);
    const t = structuredClone(operatorTable());
    t.rows[0]!.areaUm2 = -1;
    expect(() => readOperatorTable(t, 'ops.json')).toThrow(/ops\.json: rows\[0\]\.areaUm2 must be a positive number/);
  });

  it('was synthesised from exactly what the plan writes today: each row carries its job\'s input hash', () => {
    const jobs = new Map(characterisationPlan().jobs.map((j) => [`${j.kind}/${j.form}/${j.width}`, j]));
    const stale = operatorTable().rows.filter((r) => jobs.get(`${r.kind}/${r.form}/${r.width}`)?.sha256 !== r.sha256);
    expect(stale.map((r) => `${r.kind}/${r.form}/${r.width}`), 'rows synthesised from other inputs: rerun npx tsx synth-models/yosys/characterise.ts --missing').toEqual([]);
    // The hash covers the inputs: a changed Verilog module, script or cell library changes it.
    const all = [...jobs.values()].map((j) => j.sha256);
    expect(new Set(all).size).toBe(all.length);
  });

  it('each form grows with width row by row once a wider row bounds a narrower one (ABC leaves a few exceptions)', () => {
    let exceptions = 0;
    for (const kind of kinds) {
      for (const form of RTL_FORMS[kind]) {
        const raw = rowsOf(operatorTable(), kind, form);
        for (let i = 1; i < raw.length; i++) if (raw[i]!.areaUm2 <= raw[i - 1]!.areaUm2 || raw[i]!.delayPs < raw[i - 1]!.delayPs) exceptions++;
        const rows = envelope(raw);
        expect(rows.map((r) => r.width), `${kind} ${form}`).toEqual([...WIDTHS[kind]]);
        for (let i = 1; i < rows.length; i++) {
          expect(rows[i]!.areaUm2, `${kind} ${form} ${rows[i]!.width}`).toBeGreaterThanOrEqual(rows[i - 1]!.areaUm2);
          expect(rows[i]!.delayPs, `${kind} ${form} ${rows[i]!.width}`).toBeGreaterThanOrEqual(rows[i - 1]!.delayPs);
        }
      }
    }
    expect(exceptions).toBeLessThanOrEqual(6);
  });

  it('interpolated and extrapolated, each form stays monotone in width from 1 to 256 bits', () => {
    for (const kind of kinds) {
      for (const form of RTL_FORMS[kind]) {
        let prev = characterised(kind, form, 1);
        for (let w = 2; w <= 256; w++) {
          const c = characterised(kind, form, w);
          expect(c.areaUm2, `${kind} ${form} ${w}`).toBeGreaterThanOrEqual(prev.areaUm2);
          expect(c.delayPs, `${kind} ${form} ${w}`).toBeGreaterThanOrEqual(prev.delayPs - 1e-9);
          prev = c;
        }
      }
    }
  });

  it('is exact at every synthesised width (after the envelope)', () => {
    for (const kind of kinds) for (const form of RTL_FORMS[kind]) for (const r of envelope(rowsOf(operatorTable(), kind, form))) {
      const c = characterised(r.kind, r.form, r.width);
      expect(c.areaUm2).toBeCloseTo(r.areaUm2, 9);
      expect(c.delayPs).toBeCloseTo(r.delayPs, 9);
    }
  });

  it('prints a fitted model for every kind and form', () => {
    const lines = fittedModels();
    expect(lines).toHaveLength(kinds.reduce((n, k) => n + RTL_FORMS[k].length, 0));
    expect(lines.find((l) => l.startsWith('add ripple:'))).toMatch(/um\^2\/bit .* ps\/bit/);
    expect(lines.find((l) => l.startsWith('mul booth4-wallace:'))).toMatch(/um\^2\/cell/);
    expect(lines.find((l) => l.startsWith('add const:'))).toBeDefined();
  });
});

describe('the structural forms compute what they stand for', () => {
  // The behavioural forms (a Verilog expression Yosys builds) have no netlist.
  const structural = kinds.flatMap((k) => RTL_FORMS[k].filter((f) => operatorRtl(k, f, 4).net !== null).map((f) => [k, f] as const));
  it('on random operands at random widths (seeded by fast-check)', () => {
    fc.assert(
      fc.property(fc.constantFrom(...structural), fc.integer({ min: 2, max: 20 }), fc.bigInt({ min: 0n, max: (1n << 20n) - 1n }), fc.bigInt({ min: 0n, max: (1n << 20n) - 1n }), ([kind, form], w, a0, b0) => {
        const mask = (1n << BigInt(w)) - 1n;
        const [a, b] = [a0 & mask, b0 & mask];
        const rtl = operatorRtl(kind, form, w);
        expect(rtl.net!.evaluate({ a, b }, rtl.out)).toBe(reference(kind, w, a, b));
      }),
      { numRuns: 300 },
    );
  });
});
