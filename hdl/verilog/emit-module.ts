// One ModuleIR as one Verilog-2005 module. Layout, top to bottom: ports;
// state and instance-output declarations (so logic can read them before
// they are assigned); combinational logic in dependency order, one named
// wire per node; instances; clocked logic; simulation start state.
import type { DisplayFormat, ModuleIR, Node, NodeId } from '../ir.js';
import { combBody } from './expressions.js';
import type { ModulePlan } from './module-plan.js';
import { isState, planModule, printedNode } from './module-plan.js';
import { instanceLines } from './instances.js';
import type { EmitOptions } from './options.js';
import { Refs } from './refs.js';
import {
  camMatchLines,
  camReadExpr,
  camWriteBlock,
  memoryReadExpr,
  memoryWriteBlock,
  registerBlock,
  simulationStartState,
  syncReadBlock,
} from './state.js';
import { checkWidth, displayNote, range, unusedReason, waive } from './text-util.js';

export { bitRanges } from './text-util.js';

export interface VerilogPort {
  /** The DSL port name. */
  name: string;
  verilogName: string;
  dir: 'in' | 'out';
  width: number;
}

export interface VerilogModule {
  name: string;
  /** `<name>.v`: Verilator's DECLFILENAME wants one module per file, so named. */
  file: string;
  text: string;
  ports: VerilogPort[];
}

export function emitModule(
  m: ModuleIR,
  moduleName: string,
  children: Map<ModuleIR, VerilogModule>,
  opts: EmitOptions = {},
): VerilogModule {
  const plan = planModule(m);
  const r = new Refs(m, plan.nodeNames, plan.inlineValues, plan.aliasOf);
  const display = displayByNode(m, plan);
  const stateDecls: string[] = [];
  const instances: string[] = [];
  const clocked: string[] = [];
  let genvarName: string | null = null;
  const genvar = (): string => (genvarName ??= plan.names.claim('gi'));

  // Combinational logic first, so that reads are recorded before deciding
  // which declarations need waivers.
  const combEntries: { id: NodeId; lines: string[] }[] = [];
  const procedural = new Set<NodeId>();
  for (const id of plan.combOrder) {
    const { lines, isReg } = combLines(m.nodes[id]!, m, plan, r, genvar, display[id], opts);
    combEntries.push({ id, lines });
    if (isReg) procedural.add(id);
  }
  const outputAssigns: string[] = [];
  m.ports.forEach((p, i) => {
    if (p.dir !== 'out' || plan.boundToPort.get(printedNode(plan, p.node)) === i) return;
    checkWidth(m, `output ${p.name}`, p.width, r.width(p.node));
    outputAssigns.push(`  assign ${plan.portNames[i]} = ${r.ref(p.node)};`);
  });

  instances.push(...instanceLines(m, plan, r, children, stateDecls));

  for (const n of m.nodes) {
    if (!plan.live[n.id]) continue;
    if (n.op === 'reg') clocked.push(...registerBlock(n, r));
    else if (n.op === 'memread' && n.sync) clocked.push(...syncReadBlock(n, m, r, plan));
  }
  m.memories.forEach((mem, i) => clocked.push(...memoryWriteBlock(mem, plan.memoryNames[i]!, r)));
  m.cams.forEach((cam, i) => clocked.push(...camWriteBlock(cam, plan.camKeyNames[i]!, plan.camValidNames[i]!, r, plan.camCareNames[i]!)));

  // Declarations, now that every read is known.
  for (const n of m.nodes) {
    if (!plan.live[n.id] || plan.boundToPort.has(n.id)) continue;
    if (!isState(n) && n.op !== 'instout') continue;
    const decl = `  ${isState(n) ? 'reg' : 'wire'} ${range(n.width)}${plan.nodeNames[n.id]};${displayNote(display[n.id])}`;
    const why = unusedReason(r, n.id);
    stateDecls.push(...(why === null ? [decl] : waive(why, [decl])));
  }
  m.memories.forEach((mem, i) => {
    const decl = `  reg ${range(mem.width)}${plan.memoryNames[i]} [0:${mem.depth - 1}];`;
    stateDecls.push(...(r.memoryRead[i] ? [decl] : waive('Written but never read.', [decl])));
  });
  m.cams.forEach((cam, i) => {
    const keys = [`  reg ${range(cam.keyWidth)}${plan.camKeyNames[i]} [0:${cam.entries - 1}];`];
    if (cam.ternary) {
      const care = [`  reg ${range(cam.keyWidth)}${plan.camCareNames[i]} [0:${cam.entries - 1}];`];
      const searched = m.nodes.some((n) => n.op === 'cammatch' && n.cam === i && plan.live[n.id]);
      stateDecls.push(...(searched ? care : waive('No search reads these care masks.', care)));
    }
    const valid = [`  reg [${cam.entries - 1}:0] ${plan.camValidNames[i]};`];
    stateDecls.push(...(r.camRead[i] ? keys : waive('No search or read-back reads these keys.', keys)));
    stateDecls.push(...(r.camValidRead[i] ? valid : waive('No search or valid read reads these bits.', valid)));
  });

  const combText: string[] = [];
  if (genvarName !== null) combText.push(`  genvar ${genvarName};`);
  for (const { id, lines } of combEntries) {
    const why = plan.boundToPort.has(id) ? null : unusedReason(r, id);
    combText.push(...(why === null ? lines : waive(why, lines)));
  }
  combText.push(...outputAssigns);

  const clockUsed = clocked.length > 0 || m.instances.length > 0;
  const resetUsed =
    m.nodes.some((n) => plan.live[n.id] && n.op === 'reg' && n.init !== null) ||
    m.cams.length > 0 ||
    m.instances.length > 0;
  const header = portLines(m, plan, r, procedural, clockUsed, resetUsed);
  // Verilator's -Wall reports an unsigned comparison that its constant
  // propagation finds constant (x < 0 after folding ~x & x, a config-
  // dependent bound, ...). That is a property of the values, not a fault of
  // the comparison, which stays as the DSL wrote it; the waiver is scoped to
  // modules that compare unsigned magnitudes.
  const comparesUnsigned = m.nodes.some((n) => plan.live[n.id] && (n.op === 'ltu' || n.op === 'leu'));
  const text = [
    `// Generated by gfxrtl from module ${m.name}${m.loc ? ` (${m.loc.file}:${m.loc.line})` : ''}.`,
    ...(comparesUnsigned ? ['// Unsigned comparisons that fold to constants are kept as written (see the gfxrtl Verilog backend).', '/* verilator lint_off UNSIGNED */'] : []),
    `module ${moduleName} (`,
    ...header,
    ');',
    ...section('State and instance outputs', stateDecls),
    ...section('Combinational logic, in dependency order', combText),
    ...section('Instances', instances),
    ...section('Clocked logic', clocked),
    ...section(null, simulationStartState(m, plan)),
    'endmodule',
    ...(comparesUnsigned ? ['/* verilator lint_on UNSIGNED */'] : []),
    '',
  ].join('\n');
  const ports = m.ports.map((p, i) => ({ name: p.name, verilogName: plan.portNames[i]!, dir: p.dir, width: p.width }));
  return { name: moduleName, file: `${moduleName}.v`, text, ports };
}

/** A node printed under a renaming wire's name shows the wire's format. */
function displayByNode(m: ModuleIR, plan: ModulePlan): (DisplayFormat | undefined)[] {
  const d = m.nodes.map((n) => n.display);
  for (const [wire, renamed] of plan.aliasOf) d[renamed] = m.nodes[wire]!.display;
  return d;
}

function section(title: string | null, lines: string[]): string[] {
  if (lines.length === 0) return [];
  return title === null ? ['', ...lines] : ['', `  // ${title}`, ...lines];
}


/** A node's declaration and logic; isReg when it is assigned procedurally. */
function combLines(
  n: Node,
  m: ModuleIR,
  plan: ModulePlan,
  r: Refs,
  genvar: () => string,
  display: DisplayFormat | undefined,
  opts: EmitOptions,
): { lines: string[]; isReg: boolean } {
  const name = r.target(n.id);
  const bound = plan.boundToPort.has(n.id);
  const note = displayNote(display);
  if (n.op === 'cammatch') {
    const cam = m.cams[n.cam]!;
    checkWidth(m, `CAM match ${name}`, cam.entries, n.width);
    const decl = bound ? [] : [`  wire ${range(n.width)}${name};${note}`];
    return { lines: [...decl, ...camMatchLines(n, cam, plan, r, genvar)], isReg: false };
  }
  let body;
  if (n.op === 'memread') {
    const mem = m.memories[n.mem]!;
    checkWidth(m, `memory read ${name}`, mem.width, n.width);
    body = { kind: 'expr' as const, text: memoryReadExpr(r, plan, mem, n.mem, n.addr) };
  } else if (n.op === 'camread' || n.op === 'camvalid') {
    body = { kind: 'expr' as const, text: camReadExpr(n, m, r, plan) };
  } else {
    body = combBody(n, r, opts);
  }
  if (body.kind === 'expr') {
    const line = bound ? `  assign ${name} = ${body.text};` : `  wire ${range(n.width)}${name} = ${body.text};${note}`;
    return { lines: [line], isReg: false };
  }
  // Wide muxes print as a case statement, which synthesis maps to one
  // parallel mux rather than a chain of two-way ones.
  const lines = [
    ...(bound ? [] : [`  reg ${range(n.width)}${name};${note}`]),
    '  always @* begin',
    `    case (${body.sel})`,
    ...body.items.map(([k, v]) => `      ${k}: ${name} = ${v};`),
    `      default: ${name} = ${body.last};`,
    '    endcase',
    '  end',
  ];
  return { lines, isReg: true };
}

function portLines(
  m: ModuleIR,
  plan: ModulePlan,
  r: Refs,
  procedural: Set<NodeId>,
  clockUsed: boolean,
  resetUsed: boolean,
): string[] {
  const lines: string[] = [];
  const count = m.ports.length + 2;
  const add = (k: number, text: string, why: string | null, note = ''): void => {
    const line = `  ${text}${k < count - 1 ? ',' : ''}${note}`;
    lines.push(...(why === null ? [line] : waive(why, [line])));
  };
  add(0, 'input wire clock', clockUsed ? null : 'Every module takes clock; this one has no clocked logic.');
  add(1, 'input wire reset', resetUsed ? null : 'Every module takes reset; nothing here is reset.');
  m.ports.forEach((p, i) => {
    const name = plan.portNames[i]!;
    if (p.dir === 'in') {
      const n = m.nodes[p.node]!;
      checkWidth(m, `input ${p.name}`, p.width, n.width);
      add(i + 2, `input wire ${range(p.width)}${name}`, unusedReason(r, p.node), displayNote(p.display ?? n.display));
    } else {
      const n = m.nodes[p.node]!;
      const printed = printedNode(plan, p.node);
      const declares = plan.boundToPort.get(printed) === i;
      const kind = declares && (isState(m.nodes[printed]!) || procedural.has(printed)) ? 'reg' : 'wire';
      add(i + 2, `output ${kind} ${range(p.width)}${name}`, null, displayNote(p.display ?? n.display));
    }
  });
  return lines;
}

