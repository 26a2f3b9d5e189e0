// How busy each operator is. 1.0 means "fully used": one operation per cycle
// on data as random as the per-operation energies assume (Horowitz's figures
// are for random operands), which is how the reference study priced its
// components. Simulation can refine this per node later: toggle counts from a
// trace become activities through `activityFromToggles`.
import type { NodeId } from '../hdl/ir.js';
import type { OpKind } from '../hdl/inventory/index.js';
import { ParamError } from '../hdl/errors.js';

/** What the cost model asks about one inventory item. Pipeline registers
 *  added by retiming are asked about with path PIPELINE_PATH and node null. */
export interface ActivityQuery {
  /** Instance path, e.g. `Top.u_lane0`. */
  path: string;
  kind: OpKind;
  /** Shape key, e.g. `add 32`. */
  key: string;
  node: NodeId | null;
  /** Node name (or `op#id`), memory or CAM name. */
  name: string;
  /** The node's output width. */
  width: number;
}

/** Switching activity (0..1) of one inventory item. */
export type ActivityFn = (q: ActivityQuery) => number;

/** A number for everything, a number per operator kind (others 1.0), or a
 *  function of the item. */
export type Activity = number | Partial<Record<OpKind, number>> | ActivityFn;

/** The instance path activity queries use for pipeline registers that retiming inserted. */
export const PIPELINE_PATH = '(pipeline)';

export function resolveActivity(a: Activity | undefined): ActivityFn {
  const check = (v: number, what: string): number => {
    if (!Number.isFinite(v) || v < 0) throw new ParamError('activity', v, 'a finite number >= 0', { message: `activity for ${what} must be a finite number >= 0, got ${v}` });
    return v;
  };
  if (a === undefined) return () => 1;
  if (typeof a === 'number') {
    check(a, 'the design');
    return () => a;
  }
  if (typeof a === 'function') return (q) => check(a(q), `${q.path}.${q.name}`);
  for (const [k, v] of Object.entries(a)) check(v, k);
  return (q) => a[q.kind] ?? 1;
}

/** Random data toggles each bit with probability 1/2 per cycle. */
const RANDOM_TOGGLE_RATE = 0.5;

/** Activities from simulated toggle counts: `toggles` maps a signal path
 *  (`Top.u_lane0.sum`, the simulator's naming) to the bit toggles of that
 *  signal over `cycles` cycles. An operator's activity is its output's toggle
 *  rate relative to random data; items with no count get `fallback`. */
export function activityFromToggles(toggles: ReadonlyMap<string, number>, cycles: number, fallback = 1): ActivityFn {
  if (!(cycles > 0)) throw new ParamError('cycles', cycles, 'a positive number', { message: `activityFromToggles: cycles must be positive, got ${cycles}` });
  return (q) => {
    const t = toggles.get(`${q.path}.${q.name}`);
    if (t === undefined || q.width === 0) return fallback;
    return t / (q.width * cycles * RANDOM_TOGGLE_RATE);
  };
}
