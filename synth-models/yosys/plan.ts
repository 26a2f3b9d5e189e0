// What the characterisation synthesises (characterise.ts runs it): every
// form of every kind at these widths, the Verilog, the Yosys script, the
// genlib and the ABC script, as file texts. The committed rtl/ folder is
// exactly this; a test holds it to that.
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
}

export function characterisationPlan(): { jobs: Job[]; files: Map<string, string> } {
  const files = new Map<string, string>();
  files.set('nangate45.genlib', nangateGenlib());
  files.set('delay.abc', ABC_SCRIPT);
  const jobs: Job[] = [];
  const ys: string[] = ['# written by synth-models/yosys/characterise.ts: yosys -s characterise.ys (after mkdir out)'];
  for (const kind of Object.keys(RTL_FORMS) as RtlKind[]) {
    const sources: string[] = [];
    for (const form of RTL_FORMS[kind]) {
      for (const width of WIDTHS[kind]) {
        const rtl = operatorRtl(kind, form, width);
        sources.push(rtl.verilog);
        jobs.push({ kind, form, width, module: rtl.module });
        ys.push(
          'design -reset',
          `read_verilog ${kind}.v`,
          `synth -flatten -top ${rtl.module}`,
          `tee -q -o out/${rtl.module}.generic.json stat -json`,
          `log MARK ${rtl.module}`,
          'abc -genlib nangate45.genlib -script delay.abc',
          `tee -q -o out/${rtl.module}.mapped.json stat -json`,
        );
      }
    }
    files.set(`${kind}.v`, sources.join('\n'));
  }
  files.set('characterise.ys', ys.join('\n') + '\n');
  return { jobs, files };
}
