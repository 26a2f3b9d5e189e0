// What the characterisation synthesises (characterise.ts runs it): every
// form of every kind at these widths, the Verilog, the Yosys script, the
// genlib and the ABC script, as file texts (characterise.ts writes them to
// rtl/, which is not committed: it is regenerated from here). Each job has
// a SHA-256 of everything its synthesis reads; operators.json records it
// per row, so a test can tell that the committed table was synthesised
// from what this plan writes today.
import { createHash } from 'node:crypto';
import { nangateGenlib } from './genlib.js';
import { operatorRtl, RTL_FORMS, type RtlForm, type RtlKind } from './forms-rtl.js';

export const WIDTHS: Readonly<Record<RtlKind, readonly number[]>> = {
  add: [4, 8, 12, 16, 24, 32, 48, 64],
  sub: [4, 8, 12, 16, 24, 32, 48, 64],
  cmp: [4, 8, 12, 16, 24, 32, 48, 64],
  eq: [4, 8, 16, 32, 64],
  mux2: [4, 8, 16, 32, 64],
  mul: [4, 6, 8, 12, 16, 24, 32],
};

/** ABC: structural hashing, choices, delay-oriented mapping, the stats. */
export const ABC_SCRIPT = 'strash; dch -f; map; topo; print_stats\n';

export interface Job {
  kind: RtlKind;
  form: RtlForm;
  width: number;
  module: string;
  /** SHA-256 (hex) of the job's inputs: its Verilog module, its Yosys
   *  script block, the genlib and the ABC script. */
  sha256: string;
}

export function characterisationPlan(): { jobs: Job[]; files: Map<string, string> } {
  const files = new Map<string, string>();
  files.set('nangate45.genlib', nangateGenlib());
  files.set('delay.abc', ABC_SCRIPT);
  const jobs: Job[] = [];
  const ys: string[] = ['# written by synth-models/yosys/characterise.ts: yosys -s characterise.ys (after mkdir out)'];
  const genlib = files.get('nangate45.genlib')!;
  for (const kind of Object.keys(RTL_FORMS) as RtlKind[]) {
    const sources: string[] = [];
    for (const form of RTL_FORMS[kind]) {
      for (const width of WIDTHS[kind]) {
        const rtl = operatorRtl(kind, form, width);
        sources.push(rtl.verilog);
        const block = [
          'design -reset',
          `read_verilog ${kind}.v`,
          `synth -flatten -top ${rtl.module}`,
          `tee -q -o out/${rtl.module}.generic.json stat -json`,
          `log MARK ${rtl.module}`,
          'abc -genlib nangate45.genlib -script delay.abc',
          `tee -q -o out/${rtl.module}.mapped.json stat -json`,
        ];
        ys.push(...block);
        jobs.push({ kind, form, width, module: rtl.module, sha256: jobDigest([rtl.verilog, block.join('\n'), genlib, ABC_SCRIPT]) });
      }
    }
    files.set(`${kind}.v`, sources.join('\n'));
  }
  files.set('characterise.ys', ys.join('\n') + '\n');
  return { jobs, files };
}

/** Length-prefixed parts, so no two different splits hash alike. */
function jobDigest(parts: readonly string[]): string {
  const h = createHash('sha256');
  for (const p of parts) h.update(`${Buffer.byteLength(p)}:`).update(p);
  return h.digest('hex');
}
