// The VCD declaration section: one `$scope module` per hierarchy level (Surfer
// rejects scopes without a type), one `$var` per signal, and optionally the
// synthetic clock at the top of the top module's scope.
import type { SignalInfo } from '../hdl/sim/api.js';
import { buildHierarchy, type ScopeItem } from './hierarchy.js';

/** VCD references are whitespace-delimited tokens. */
function token(name: string): string {
  return name.replace(/\s/g, '_');
}

function varLine(width: number, id: string, name: string): string {
  const range = width > 1 ? ` [${width - 1}:0]` : '';
  return `$var wire ${width} ${id} ${token(name)}${range} $end\n`;
}

export interface HeaderSpec {
  signals: readonly SignalInfo[];
  ids: readonly string[];
  timescale: string;
  version: string;
  /** Per signal: the id of its `<name>_name` string companion (enum
   *  displays, so viewers show FSM state names), else null. */
  nameIds?: readonly (string | null)[];
  /** Synthetic clock: scope it goes in, its name and its id. */
  clock: { scope: string; name: string; id: string } | null;
}

/** Name for the synthetic clock that no traced signal in `scope` already uses. */
export function clockName(signals: readonly SignalInfo[], scope: string): string {
  const taken = new Set(signals.map((s) => s.path));
  let name = 'clock';
  while (taken.has(`${scope}.${name}`)) name = '_' + name;
  return name;
}

export function vcdHeader(spec: HeaderSpec): string {
  let out = `$version ${spec.version} $end\n$timescale ${spec.timescale} $end\n`;
  let items = buildHierarchy(spec.signals);
  const clock = spec.clock;
  if (clock && !items.some((it) => it.kind === 'scope' && it.scope.name === clock.scope)) {
    items = [{ kind: 'scope', scope: { name: clock.scope, items: [] } }, ...items];
  }
  const emit = (list: ScopeItem[], depth: number): void => {
    for (const it of list) {
      if (it.kind === 'signal') {
        out += varLine(spec.signals[it.index]!.width, spec.ids[it.index]!, it.leaf);
        const nameId = spec.nameIds?.[it.index];
        if (nameId) out += `$var string 1 ${nameId} ${token(`${it.leaf}_name`)} $end\n`;
      } else {
        out += `$scope module ${token(it.scope.name)} $end\n`;
        if (clock && depth === 0 && it.scope.name === clock.scope) out += varLine(1, clock.id, clock.name);
        emit(it.scope.items, depth + 1);
        out += '$upscope $end\n';
      }
    }
  };
  emit(items, 0);
  return out + '$enddefinitions $end\n';
}
