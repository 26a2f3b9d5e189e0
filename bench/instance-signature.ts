// An instance's netlist as text, for the benches that ask whether two
// instances are the same logic (instance-share.ts, kernel-reuse.ts): per
// timing-graph node in node order, its operator, width, path within the
// instance, and which of the instance's nodes feed it ('x': from outside).
import type { GraphArrays } from '../hdl/inventory/graph-arrays.js';
import type { Inventory } from '../hdl/inventory/index.js';

export function signature(inv: Inventory, ga: GraphArrays, path: string, ids: readonly number[]): string {
  const local = new Map(ids.map((v, k) => [v, k]));
  return ids
    .map((v) => {
      const preds: string[] = [];
      for (let k = ga.predStart[v]!; k < ga.predStart[v + 1]!; k++) preds.push(String(local.get(ga.pred[k]!) ?? 'x'));
      const n = inv.graph.nodes[v]!.node;
      return `${n.op}/${n.width}/${ga.paths[ga.path[v]!]!.slice(path.length)}/${preds.join(',')}`;
    })
    .join(';');
}
