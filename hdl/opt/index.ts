// Netlist passes between elaboration and every backend (see optimise.ts).
import type { Design } from '../ir.js';
import { optimiseModule, type OptStats } from './optimise.js';

export { optimiseModule, type OptStats } from './optimise.js';

/** Optimises every module of the design in place; returns per-module stats. */
export function optimiseDesign(design: Design): Map<string, OptStats> {
  const stats = new Map<string, OptStats>();
  for (const m of design.modules) stats.set(m.name, optimiseModule(m));
  return stats;
}
