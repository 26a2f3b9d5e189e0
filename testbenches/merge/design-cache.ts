// Merge-unit property tests draw a few unit configurations over many runs;
// each costs seconds to elaborate and compile, so each is elaborated once.
import type { Design } from '../../hdl/ir.js';
import { findUnit } from '../../units/registry.js';

/** Elaborate `unit` at a configuration (key = value texts) the first time it is asked for. */
export function designCache(unit: string): (config: Readonly<Record<string, string>>) => Design {
  const designs = new Map<string, Design>();
  return (config) => {
    const key = JSON.stringify(config);
    let d = designs.get(key);
    if (d === undefined) designs.set(key, (d = findUnit(unit).elaborate(config).design));
    return d;
  };
}
