// DIR/sweep.json: what a sweep directory holds. `identity` is everything the
// points depend on (domain, spec, knobs, workload, the full list of
// micro-architectures): a resumed run must match it exactly, and merged
// shards must agree on it. The rest is bookkeeping.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Knobs } from '../../synth-models/knobs.js';
import type { PriceOptions } from '../../synth-models/price.js';
import { writeDurable } from './files.js';
import type { SweepSpec } from './spec.js';
import type { Objectives, RateTargets, WorkUnit } from '../contract.js';
import type { RowLayout } from './point.js';
import type { Axis, MetricInfo, Params, SweepDomain } from './types.js';

export const MANIFEST_FORMAT = 'gfxrtl-sweep/2';

/** Everything the report needs to know about the study, as data: the
 *  report reads it from here and never imports a study. */
export interface StudyInfo {
  name: string;
  /** The study's module, for a rerun (`gfxrtl sweep --study NAME`). */
  module: string;
  work: WorkUnit;
  metrics: readonly MetricInfo[];
  objectives: Objectives;
  rateTargets: RateTargets | null;
  counterDisplay: NonNullable<SweepDomain<unknown>['counterDisplay']>;
  report: SweepDomain<unknown>['report'];
  /** Sequential sampling's settings (extend.ts), when the study declares it. */
  sampleExtension?: { halfWidth: string; target: number; minReplicates: number; maxReplicates: number; doc: string };
}

export interface SweepIdentity {
  study: StudyInfo;
  /** The workload's parameters as given (defaults not spelled out). */
  workloadParams: Readonly<Record<string, number>>;
  summary: string;
  axes: readonly Axis[];
  modeAxes: readonly string[];
  columns: readonly string[];
  spec: SweepSpec;
  /** The full enumeration of the spec, in canonical order (all shards). */
  microArchs: readonly { id: string; mode: string; params: Params }[];
  knobs: Knobs;
  /** 'default' or the calibration file the knobs were read from. */
  knobsSource: string;
  workload: { name: string; id: string; seed: number; doc: string };
  priceOptions: Pick<PriceOptions, 'pipelineRegisters' | 'physical'>;
  /** Hash of the cost table and physical scaling (fingerprint.ts). */
  modelFingerprint: string;
}

export interface Shard {
  /** 1-based. */
  index: number;
  count: number;
}

export interface SweepManifest {
  format: typeof MANIFEST_FORMAT;
  identity: SweepIdentity;
  shard: Shard | null;
  /** The command line that produced (or last resumed) the directory. */
  command: string;
  /** All micro-architectures of the shard priced; pareto flags final. */
  complete: boolean;
  points: number;
  /** For merged directories: the directories merged. */
  mergedFrom?: string[];
}

export function manifestPath(dir: string): string {
  return join(dir, 'sweep.json');
}

export function readManifest(dir: string): SweepManifest | null {
  const file = manifestPath(dir);
  if (!existsSync(file)) return null;
  const parsed: unknown = JSON.parse(readFileSync(file, 'utf8'));
  if (typeof parsed !== 'object' || parsed === null || !('format' in parsed) || parsed.format !== MANIFEST_FORMAT) {
    throw new Error(`${file} is not a ${MANIFEST_FORMAT} manifest`);
  }
  if (!('identity' in parsed) || typeof parsed.identity !== 'object' || parsed.identity === null) throw new Error(`${file} has no identity`);
  // Our own file in a checked format version: the shape is what writeManifest wrote.
  return parsed as SweepManifest;
}

export function writeManifest(dir: string, m: SweepManifest): void {
  writeDurable(manifestPath(dir), JSON.stringify(m, null, 1) + '\n');
}

export function layoutOf(id: SweepIdentity): RowLayout {
  return { columns: id.columns, metrics: id.study.metrics.map((m) => m.key) };
}

/** What the points depend on: prose (summary, docs, displays) and where the
 *  study's module lives may change freely. */
function comparable(id: SweepIdentity): Record<string, unknown> {
  const { summary: _summary, axes, workload, study, workloadParams: _p, ...rest } = id;
  return { ...rest, study: study.name, metrics: study.metrics.map((m) => m.key), axes: axes.map(({ doc: _doc, ...a }) => a), workload: { id: workload.id, seed: workload.seed } };
}

/** Names of the identity fields that differ (empty when identical). */
export function identityDiff(a: SweepIdentity, b: SweepIdentity): string[] {
  const ca = comparable(a);
  const cb = comparable(b);
  const keys = [...new Set([...Object.keys(ca), ...Object.keys(cb)])];
  return keys.filter((k) => JSON.stringify(ca[k]) !== JSON.stringify(cb[k]));
}
