// Characterises every operator architecture of the cost model with Yosys +
// ABC on the NanGate 45 nm cells of sources.ts, and writes the table the
// cost model takes operator areas from (operators.json beside this file):
//
//   npx tsx synth-models/yosys/characterise.ts [--check-only] [--missing]
//
// For each kind, form and width (forms-rtl.ts writes the structural
// Verilog, checked here against integer arithmetic on seeded random and
// corner operands before it is synthesised):
//  - area: `synth -flatten` to Yosys' generic gates, each gate priced as the
//    NanGate cells yosys-area.ts maps it to. This is the very measure the
//    cost model's Yosys cross-check uses for whole units, so an operator
//    priced from this table and the same operator inside a unit agree.
//  - delay and mapped area: ABC maps the same netlist onto the cells as a
//    genlib library (genlib.ts: each cell's published delay) with its
//    delay-oriented mapper, and reports the longest path (print_stats).
// The generated Verilog, the Yosys script and the genlib are written to
// rtl/ beside this file (not committed; plan.ts is their source), so the
// syntheses can be re-run by hand:
//   cd synth-models/yosys/rtl && mkdir -p out && yosys -s characterise.ys
// Each row records the SHA-256 of its job's inputs (plan.ts); --missing
// resynthesises the jobs whose row is absent or whose inputs changed.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { yosysCellArea } from '../yosys-area.js';
import { operatorRtl, reference, RTL_FORMS, type RtlForm, type RtlKind } from './forms-rtl.js';
import { characterisationPlan, WIDTHS } from './plan.js';
import { envelope, fitModel, OPERATOR_TABLE_FORMAT, readOperatorTable, type OperatorRow, type OperatorTable } from './table-format.js';
import { InternalError } from '../../hdl/errors.js';

const here = dirname(fileURLToPath(import.meta.url));
const rtlDir = join(here, 'rtl');
const SEED = 20261124n;

/** Checks a structural form on 400 seeded operand pairs (the corners first). */
export function check(kind: RtlKind, form: RtlForm, w: number): void {
  const rtl = operatorRtl(kind, form, w);
  if (rtl.net === null) return;
  let s = SEED ^ BigInt(w * 131 + kind.length);
  const mask = (1n << BigInt(w)) - 1n;
  const rnd = (): bigint => {
    s = (s * 6364136223846793005n + 1442695040888963407n) & ((1n << 64n) - 1n);
    return (s >> 7n) & mask;
  };
  for (let t = 0; t < 400; t++) {
    const a = t < 4 ? (t & 1 ? mask : 0n) : rnd();
    const b = t < 4 ? (t & 2 ? mask : 0n) : rnd();
    const got = rtl.net.evaluate({ a, b }, rtl.out);
    const want = reference(kind, w, a, b);
    if (got !== want) throw new InternalError(`characterise: ${rtl.module} gives ${got} for a=${a} b=${b}, want ${want} (seed ${SEED})`);
  }
}

function yosysVersion(): string {
  return execFileSync('yosys', ['-V'], { encoding: 'utf8' }).trim();
}

function main(): void {
  const checkOnly = process.argv.includes('--check-only');
  mkdirSync(rtlDir, { recursive: true });
  const { jobs, files } = characterisationPlan();
  for (const j of jobs) check(j.kind, j.form, j.width);
  for (const [name, text] of files) writeFileSync(join(rtlDir, name), text);
  console.log(`characterise: ${jobs.length} operators checked against integer arithmetic (seed ${SEED})`);
  if (checkOnly) return;
  mkdirSync(join(rtlDir, 'out'), { recursive: true });
  const t0 = Date.now();
  // --missing: keep the committed rows, synthesise only jobs without one
  // (the script's blocks for those modules; the rows are the same either way).
  const previous = process.argv.includes('--missing') ? readOperatorTable(JSON.parse(readFileSync(join(here, 'operators.json'), 'utf8')), 'operators.json').rows : [];
  // A kept row must have been synthesised from today's inputs.
  const inputsOf = new Map(jobs.map((j) => [`${j.kind}/${j.form}/${j.width}`, j.sha256]));
  const kept = new Map(previous.filter((r) => inputsOf.get(`${r.kind}/${r.form}/${r.width}`) === r.sha256).map((r) => [`${r.kind}/${r.form}/${r.width}`, r]));
  const todo = new Set(jobs.filter((j) => !kept.has(`${j.kind}/${j.form}/${j.width}`)).map((j) => j.module));
  const blocks = files.get('characterise.ys')!.split('design -reset\n').slice(1);
  const partial = blocks.filter((b) => todo.has(/synth -flatten -top (\S+)/.exec(b)![1]!)).map((b) => 'design -reset\n' + b);
  writeFileSync(join(rtlDir, 'out', 'run.ys'), partial.join(''));
  execFileSync('yosys', ['-q', '-l', 'out/yosys.log', '-s', 'out/run.ys'], { cwd: rtlDir, stdio: ['ignore', 'ignore', 'inherit'], maxBuffer: 1 << 28 });
  const log = readFileSync(join(rtlDir, 'out', 'yosys.log'), 'utf8');
  // The ABC stats line after each module's MARK.
  const delays = new Map<string, { delayPs: number; mappedAreaUm2: number }>();
  let current: string | null = null;
  for (const line of log.split('\n')) {
    const mark = /MARK (\S+)/.exec(line);
    if (mark) current = mark[1]!;
    const st = /area\s*=\s*([\d.]+)\s+delay\s*=\s*([\d.]+)/.exec(line);
    if (st && current !== null) {
      delays.set(current, { mappedAreaUm2: Number(st[1]), delayPs: Number(st[2]) });
      current = null;
    }
  }
  const rows: OperatorRow[] = jobs.map((j) => {
    const old = kept.get(`${j.kind}/${j.form}/${j.width}`);
    if (old !== undefined) return old;
    const stat = JSON.parse(readFileSync(join(rtlDir, 'out', `${j.module}.generic.json`), 'utf8')) as { modules: Record<string, { num_cells: number; num_cells_by_type: Record<string, number> }> };
    const m = stat.modules[`\\${j.module}`];
    if (m === undefined) throw new InternalError(`characterise: no stats for ${j.module} in out/${j.module}.generic.json`);
    const area = yosysCellArea(m.num_cells_by_type);
    if (Object.keys(area.unmapped).length > 0) throw new InternalError(`characterise: ${j.module} has cells yosys-area.ts cannot price: ${JSON.stringify(area.unmapped)}`);
    const d = delays.get(j.module);
    if (d === undefined) throw new InternalError(`characterise: ABC printed no delay for ${j.module} (out/yosys.log)`);
    return { kind: j.kind, form: j.form, width: j.width, cells: m.num_cells, areaUm2: round(area.areaUm2), mappedAreaUm2: d.mappedAreaUm2, delayPs: d.delayPs, sha256: j.sha256 };
  });
  const table: OperatorTable = {
    format: OPERATOR_TABLE_FORMAT,
    tool: yosysVersion(),
    flow: 'area: synth -flatten, generic gates priced as NanGate cells (yosys-area.ts); delay: abc -genlib nangate45.genlib (strash; dch -f; map), cell delays of sources.ts',
    script: 'synth-models/yosys/characterise.ts',
    models: Object.fromEntries(
      (Object.keys(RTL_FORMS) as RtlKind[]).flatMap((kind) => RTL_FORMS[kind].map((form) => [`${kind} ${form}`, fitModel(kind, envelope(rows.filter((r) => r.kind === kind && r.form === form).sort((a, b) => a.width - b.width))).text])),
    ),
    rows,
  };
  writeFileSync(join(here, 'operators.json'), JSON.stringify(table, null, 1) + '\n');
  console.log(`characterise: ${todo.size} syntheses (${rows.length - todo.size} rows kept) in ${((Date.now() - t0) / 1000).toFixed(1)} s -> synth-models/yosys/operators.json`);
  console.log('kind | form | ' + WIDTHS.add.map((w) => `${w}b`).join(' | ') + ' | fitted area model');
  for (const kind of Object.keys(RTL_FORMS) as RtlKind[]) {
    for (const form of RTL_FORMS[kind]) {
      const rs = rows.filter((r) => r.kind === kind && r.form === form);
      const fit = fitModel(kind, envelope(rs));
      console.log(`${kind} | ${form} | ${rs.map((r) => `${r.width}b ${r.areaUm2.toFixed(0)} um^2 ${r.delayPs.toFixed(0)} ps`).join(' | ')} | ${fit.text}`);
    }
  }
}

const round = (x: number): number => Math.round(x * 1000) / 1000;

if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1]) main();
