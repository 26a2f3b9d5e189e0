// The order in which the main job serves the studies' chains (their sweeps
// and reports) once the global knobs are in (pipeline.ts): the global study
// first, then the others with the fewest micro-architectures first. A
// study's chain ends in its report, one thread; when the short studies
// came after the long ones (the shipped order: NoBlur, the Hybrid, then
// sort, QFM, PMU), their sweeps waited for the long sweeps' slots, and
// their four reports then ran one after the other at the job's end with
// the other core idle: 8-11 core-seconds in the last 15 s of every
// `npm run bench:study` profile. Short ones first, their reports run
// beside the long sweeps, which keep both cores busy to the end.
import type { Study } from './contract.js';
import { enumerateMicroArchs } from './sweep/enumerate.js';
import { resolveSpec } from './sweep/spec.js';
import { studyDomain } from './sweep/study-ref.js';

/** A study of the main job and the narrowing its sweep runs with. */
export interface ChainEntry {
  readonly study: Study;
  readonly only?: string;
  readonly params?: Readonly<Record<string, number>>;
}

/** The study as the main job sweeps it: narrowed by its `mainJob`, if it has one. */
export function mainJobEntry(study: Study): ChainEntry {
  const main = study.mainJob;
  return { study, ...(main?.only !== undefined && { only: main.only }), ...(main?.params !== undefined && { params: main.params }) };
}

/** Micro-architectures the study's sweep visits (before any bound skips some). */
export function sweepSize(e: ChainEntry): number {
  const domain = studyDomain(e.study, e.params !== undefined ? { params: e.params } : {});
  return enumerateMicroArchs(domain, resolveSpec(domain.axes, e.only !== undefined ? { only: e.only } : {})).length;
}

/** The studies' names in the order their chains are served: `global` first, then fewest micro-architectures first, ties in the given order. */
export function chainOrder(entries: readonly ChainEntry[], global: string): string[] {
  // Array.prototype.sort is stable: equal sizes keep their order.
  const sized = entries.map((e) => ({ name: e.study.name, size: e.study.name === global ? -1 : sweepSize(e) }));
  return sized.sort((a, b) => a.size - b.size).map((s) => s.name);
}
