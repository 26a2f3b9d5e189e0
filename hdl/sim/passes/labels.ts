// Human names for flat nodes, for error messages: the node's own path when it
// has one, else the first signal that aliases it, else its flat id.
import type { SimNetlist } from '../netlist.js';
import type { NodeId } from '../../ir.js';

export type Labeler = (id: NodeId) => string;

export function labeler(net: SimNetlist): Labeler {
  const labels: (string | undefined)[] = net.nodes.map((n) => n.name);
  for (const s of net.signals) if (labels[s.node] === undefined) labels[s.node] = s.path;
  return (id) => labels[id] ?? `${net.topName}.#flat${id}`;
}
