// Instances as the benches that ask whether two instances are the same
// logic read them (instance-share.ts, kernel-reuse.ts): each instance's
// timing-graph nodes with those below it, and its netlist as text (per node
// in node order, its operator, width, path within the instance, and which
// of the instance's nodes feed it, 'x' from outside).
import type { GraphArrays } from '../hdl/inventory/graph-arrays.js';
import type { Inventory } from '../hdl/inventory/index.js';

/** Per instance path: its timing-graph nodes and those of the instances below it, in node order. */
export function nodesByInstance(ga: GraphArrays, paths: readonly string[]): Map<string, number[]> {
  const out = new Map<string, number[]>(paths.map((p) => [p, []]));
  for (let v = 0; v < ga.n; v++) {
    const p = ga.paths[ga.path[v]!]!;
    // The node's own instance and every ancestor instance.
    for (let at = p; ; ) {
      out.get(at)?.push(v);
      const dot = at.lastIndexOf('.');
      if (dot < 0) break;
      at = at.slice(0, dot);
    }
  }
  return out;
}

/** The netlist of instance `path` (its nodes `ids`, nodesByInstance's) as text. */
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
