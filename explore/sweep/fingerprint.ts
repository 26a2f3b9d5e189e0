// What a resumed or merged sweep must not silently mix: points priced by a
// different cost model, or cached evaluations of hardware that has changed
// since. The model fingerprint hashes the cost table at representative
// shapes and the physical scaling at every corner; the design fingerprint
// hashes a micro-architecture's operator tally.
import { createHash } from 'node:crypto';
import type { Inventory, OpShape } from '../../hdl/inventory/index.js';
import { COST_TABLE_VERSION, costTable, REGISTER_OVERHEAD_PS } from '../../synth-models/cost-table.js';
import { DEFAULT_PHYSICAL, physicalScale, type PhysicalParams } from '../../synth-models/physical.js';

function hash(x: unknown): string {
  return createHash('sha256').update(JSON.stringify(x)).digest('hex').slice(0, 16);
}

const PROBES: OpShape[] = [
  ...[1, 8, 16, 24, 32, 48].flatMap((w): OpShape[] => [
    { kind: 'add', width: w },
    { kind: 'sub', width: w },
    { kind: 'cmp', width: w },
    { kind: 'eq', width: w },
    { kind: 'mux2', width: w },
    { kind: 'xor', width: w },
    { kind: 'and', width: w },
    { kind: 'not', width: w },
    { kind: 'redor', width: w },
    { kind: 'shift', width: w, amountWidth: 5 },
    { kind: 'reg', width: w, reset: true, enable: true },
    { kind: 'reg', width: w, reset: false, enable: false },
    { kind: 'mul', signed: true, aWidth: w, bWidth: w },
    { kind: 'recip', aWidth: w, bWidth: w },
  ]),
  { kind: 'sram', width: 64, depth: 1024, readPorts: 1, writePorts: 1 },
  { kind: 'sramread', width: 64, depth: 1024 },
  { kind: 'cam', keyWidth: 32, entries: 64, searchPorts: 1, writePorts: 1 },
];

export function modelFingerprint(physical: PhysicalParams = DEFAULT_PHYSICAL): string {
  const tables = (['ripple', 'fast'] as const).map((arith) => {
    const t = costTable({ arith });
    return PROBES.map((s) => t.cost(s));
  });
  const corners = (['low', 'nominal', 'high'] as const).flatMap((vt) => [0.81, 0.9, 0.99, 1.08].map((vdd) => physicalScale({ vt, vdd, stages: 1 }, physical)));
  return hash({ tables, corners, REGISTER_OVERHEAD_PS, COST_TABLE_VERSION });
}

export function designFingerprint(inv: Inventory): string {
  return hash({ total: inv.total, instances: inv.instances.length, nodes: inv.graph.nodes.length, endpoints: inv.graph.endpoints.length });
}
