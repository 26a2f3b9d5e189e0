// Many library test modules as one design (one Verilator build for the
// whole library): each child is instantiated once and every port of it is
// exposed at the top as `<instance>_<port>`.
import { defineModule, type ModuleBuilder, type ModuleDef } from '../module.js';
import { mapTree, type SignalTree } from '../shape.js';
import type { Signal } from '../signal.js';

export interface BundleChild {
  name: string;
  def: ModuleDef<never, SignalTree>;
  cfg: unknown;
}

export function bundleOf(name: string, children: BundleChild[]): ModuleDef<void, SignalTree> {
  return defineModule(name, (m: ModuleBuilder) => {
    const ports: Record<string, Signal> = {};
    for (const c of children) {
      const inst = m.instance(c.name, c.def, c.cfg as never);
      mapTree(inst, (s, path) => {
        const port = `${c.name}_${path.join('_')}`;
        if (m.nodes[s.id]!.op === 'instout') {
          const o = m.output(port, s.type);
          o.drive(s);
          ports[port] = o;
        } else {
          const i = m.input(port, s.type);
          s.drive(i);
          ports[port] = i;
        }
        return s;
      });
    }
    return ports;
  });
}
