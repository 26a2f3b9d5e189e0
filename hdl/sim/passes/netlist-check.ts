// Width rules of ir.ts (hdl/check.ts), checked once more on the flat netlist
// before compiling: elaborate() checks every module, but the generated fast
// path relies on them (an `add` of unequal widths would leave non-canonical
// bits in a slot and corrupt later nodes silently), and designs built by hand
// reach the simulator without elaborate().
import { nodeRuleViolation, storageRuleViolation, type NodeContext } from '../../check.js';
import type { FlatNetlist } from '../../flatten.js';
import type { Labeler } from './labels.js';
import { InternalError } from '../../errors.js';

export function checkNetlist(net: FlatNetlist, label: Labeler): void {
  const ctx: NodeContext = { width: (id) => net.nodes[id]!.width, memory: (i) => net.memories[i], cam: (i) => net.cams[i], label };
  for (const n of net.nodes) {
    if (n.op === 'instout') throw new InternalError(`simulator: node ${label(n.id)} (${n.op}, ${n.width} bits): instout must not survive flattening`);
    const bad = nodeRuleViolation(n, ctx);
    if (bad) throw new InternalError(`simulator: node ${label(n.id)} (${n.op}, ${n.width} bits): ${bad}`);
  }
  const storage = storageRuleViolation(ctx, net.memories, net.cams);
  if (storage) throw new InternalError(`simulator: ${storage}`);
}
