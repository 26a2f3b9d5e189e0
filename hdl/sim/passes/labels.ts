// Human names for flat nodes, for error messages: the node's own path when it
// has one, else the first signal that aliases it, else its flat id.
import type { SimNetlist } from '../netlist.js';
import type { NodeId } from '../../ir.js';

export type Labeler = (id: NodeId) => string;

/** The labels are gathered on the first call: only an error message asks,
 *  and a compilation makes a labeler several times (gathering every
 *  node's name took about 5% of a Blur design's compilation). */
export function labeler(net: SimNetlist): Labeler {
  let labels: (string | undefined)[] | null = null;
  return (id) => {
    if (labels === null) {
      labels = net.nodes.map((n) => n.name);
      for (const s of net.signals) if (labels[s.node] === undefined) labels[s.node] = s.path;
    }
    return labels[id] ?? `${net.topName}.#flat${id}`;
  };
}
