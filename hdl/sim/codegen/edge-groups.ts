// Registers sharing one enable, committed under one branch. A pipeline
// stage's registers all load on the stage's advance signal: NoBlur's five
// stages hold 9 to 27 narrow registers each. Per register the enable is a
// mask select (three ALU operations, when the enable follows the stimulus)
// or a branch of its own (when it follows state); per group it is one
// branch and a move per register:
//   let x1 = v1, x2 = v2; if (en !== 0) { x1 = d1; x2 = d2; }
// A branch on a stimulus-steered enable mispredicts about half the time,
// so such groups need enough registers to pay for it (MIN_STEERED_GROUP);
// measured on NoBlur's batch loop, about 5% of its cycle.
import type { NodeId } from '../../ir.js';
import type { ExprCtx } from './util.js';
import { isNarrow } from '../passes/layout.js';

/** Fewest registers under a stimulus-steered enable worth one branch. */
const MIN_STEERED_GROUP = 8;
/** Fewest under a state-steered enable (each would branch anyway). */
const MIN_STATE_GROUP = 2;

export interface EnableGroups {
  /** Registers whose next state the statements compute. */
  ids: Set<NodeId>;
  /** Statements defining next-state locals `name(id)` for `ids`. */
  statements: string[];
}

/** Narrow registers without reset, grouped by enable; `name(id)`: the
 *  next-state local, `cur(id)` / `d(id)`: the current and loaded values. */
export function enableGroups(x: ExprCtx, stateIds: NodeId[], name: (id: NodeId) => string, cur: (id: NodeId) => string): EnableGroups {
  const byEnable = new Map<string, NodeId[]>();
  for (const id of stateIds) {
    const n = x.net.nodes[id]!;
    if (n.op !== 'reg' || n.en === null || n.init !== null || !isNarrow(n.width)) continue;
    const key = x.ref(n.en);
    const list = byEnable.get(key);
    if (list === undefined) byEnable.set(key, [id]);
    else list.push(id);
  }
  const ids = new Set<NodeId>();
  const statements: string[] = [];
  for (const [en, regs] of byEnable) {
    const first = x.net.nodes[regs[0]!]!;
    const steered = first.op === 'reg' && first.en !== null && x.maskSelect(first.en);
    if (regs.length < (steered ? MIN_STEERED_GROUP : MIN_STATE_GROUP)) continue;
    const loads = regs.map((id) => {
      const n = x.net.nodes[id]!;
      return `${name(id)} = ${n.op === 'reg' ? x.ref(n.d) : cur(id)};`;
    });
    statements.push(`let ${regs.map((id) => `${name(id)} = ${cur(id)}`).join(', ')};`);
    statements.push(`if (${en} !== 0) { ${loads.join(' ')} }`);
    regs.forEach((id) => ids.add(id));
  }
  return { ids, statements };
}
