// Signals grouped by module instance, from their dot-separated paths. Both
// WaveJSON groups and VCD scopes are this tree, so they agree on structure.
// Order is first appearance, so the simulator's signal order is kept within
// each module and a module shows up where its first signal did.
import type { SignalInfo } from '../hdl/sim/api.js';

export type ScopeItem =
  | { kind: 'signal'; /** index into the signal list */ index: number; leaf: string }
  | { kind: 'scope'; scope: Scope };

export interface Scope {
  name: string;
  items: ScopeItem[];
}

/** Root items: usually one scope named after the top module. A path without
 *  a dot becomes a signal at the root. */
export function buildHierarchy(signals: readonly SignalInfo[]): ScopeItem[] {
  const root: Scope = { name: '', items: [] };
  // Child scopes by name, per scope, so lookups stay linear in signal count.
  const children = new Map<Scope, Map<string, Scope>>();
  signals.forEach((s, index) => {
    const segs = s.path.split('.');
    let scope = root;
    for (const name of segs.slice(0, -1)) {
      let byName = children.get(scope);
      if (!byName) children.set(scope, (byName = new Map()));
      let child = byName.get(name);
      if (!child) {
        child = { name, items: [] };
        byName.set(name, child);
        scope.items.push({ kind: 'scope', scope: child });
      }
      scope = child;
    }
    scope.items.push({ kind: 'signal', index, leaf: segs[segs.length - 1]! });
  });
  return root.items;
}
