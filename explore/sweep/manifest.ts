// DIR/sweep.json: what a sweep directory holds. `identity` is everything the
// points depend on (domain, spec, knobs, workload, the full list of
// micro-architectures): a resumed run must match it exactly, and merged
// shards must agree on it. The rest is bookkeeping.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { JsonInputError, parseJson, readInputText, type Json, type JsonDoc } from '../../hdl/json-input.js';
import { SweepError } from './spec.js';
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
  /** How the last run visited the micro-architectures (explore/sweep/bound.ts). */
  explore?: ExploreRecord;
}

/** `--explore` as the last run applied it: the micro-architectures it did not
 *  simulate (their optimistic points all dominated; they have no points and
 *  no microarch/ID.json), or why a bound sweep was a grid after all. */
export interface ExploreRecord {
  strategy: 'grid' | 'bound';
  /** Why --explore bound explored as a grid. */
  grid?: string;
  skipped: string[];
  /** A simulated design above its bound (then nothing was skipped). */
  violation?: string;
}

export function manifestPath(dir: string): string {
  return join(dir, 'sweep.json');
}

const MANIFEST_KEYS = { required: ['format', 'identity', 'shard', 'command', 'complete', 'points'], optional: ['mergedFrom', 'explore'] };
const IDENTITY_KEYS = ['study', 'workloadParams', 'summary', 'axes', 'modeAxes', 'columns', 'spec', 'microArchs', 'knobs', 'knobsSource', 'workload', 'priceOptions', 'modelFingerprint'];

/** DIR/sweep.json, or null when there is none. A damaged or foreign one
 *  (cut short by a full disk, edited by hand) is refused naming the file,
 *  the line and the field: nothing is resumed or merged from it. */
export function readManifest(dir: string): SweepManifest | null {
  const file = manifestPath(dir);
  if (!existsSync(file)) return null;
  try {
    return manifestFromDoc(parseJson(readInputText(file), file));
  } catch (e) {
    if (e instanceof JsonInputError) throw new SweepError(`${e.message} (the sweep manifest is damaged or not gfxrtl's; start the sweep afresh in another --out directory, or restore ${file})`);
    throw e;
  }
}

/** The fields the sweep reads back, checked; the rest (study prose, spec)
 *  is compared whole against what this run would write. */
function manifestFromDoc(doc: JsonDoc): SweepManifest {
  const m = doc.object('', doc.value, MANIFEST_KEYS, `a ${MANIFEST_FORMAT} manifest`);
  doc.string('format', m['format']!, [MANIFEST_FORMAT]);
  const id = doc.object('identity', m['identity']!, { required: IDENTITY_KEYS }, 'a sweep identity');
  doc.object('identity.study', id['study']!, { required: ['name', 'module', 'work', 'metrics', 'objectives', 'rateTargets', 'counterDisplay', 'report'], optional: ['sampleExtension'] }, 'a study description');
  doc.array('identity.columns', id['columns']!).forEach((c, i) => doc.string(`identity.columns[${i}]`, c));
  doc.array('identity.study.metrics', (id['study'] as { metrics: Json }).metrics).forEach((x, i) => {
    const o = doc.object(`identity.study.metrics[${i}]`, x, { required: ['key', 'doc', 'display'] });
    doc.string(`identity.study.metrics[${i}].key`, o['key']!);
  });
  doc.array('identity.microArchs', id['microArchs']!).forEach((x, i) => {
    const o = doc.object(`identity.microArchs[${i}]`, x, { required: ['id', 'mode', 'params'] }, 'a micro-architecture {id, mode, params}');
    doc.string(`identity.microArchs[${i}].id`, o['id']!);
    doc.string(`identity.microArchs[${i}].mode`, o['mode']!);
    doc.object(`identity.microArchs[${i}].params`, o['params']!, { optional: Object.keys(o['params'] ?? {}) });
  });
  const knobs = doc.object('identity.knobs', id['knobs']!, { required: ['areaFactor', 'energyFactor', 'delayFactor'] }, 'knobs');
  for (const k of Object.keys(knobs)) doc.number(`identity.knobs.${k}`, knobs[k]!, 0, Infinity, { above: true });
  const w = doc.object('identity.workload', id['workload']!, { required: ['name', 'id', 'seed', 'doc'] }, 'a workload description');
  doc.int('identity.workload.seed', w['seed']!, -(2 ** 31), 2 ** 32);
  if (m['shard'] !== null) {
    const sh = doc.object('shard', m['shard']!, { required: ['index', 'count'] }, 'a shard {index, count} or null');
    const count = doc.int('shard.count', sh['count']!, 1, 1_000_000);
    doc.int('shard.index', sh['index']!, 1, count);
  }
  doc.string('command', m['command']!);
  doc.bool('complete', m['complete']!);
  doc.int('points', m['points']!, 0, Number.MAX_SAFE_INTEGER);
  if (m['mergedFrom'] !== undefined) doc.array('mergedFrom', m['mergedFrom']).forEach((x, i) => doc.string(`mergedFrom[${i}]`, x));
  if (m['explore'] !== undefined) {
    const e = doc.object('explore', m['explore'], { required: ['strategy', 'skipped'], optional: ['grid', 'violation'] }, 'an exploration record {strategy, skipped}');
    doc.string('explore.strategy', e['strategy']!, ['grid', 'bound']);
    doc.array('explore.skipped', e['skipped']!).forEach((x, i) => doc.string(`explore.skipped[${i}]`, x));
  }
  // The shape the sweep reads is checked above; the rest is what writeManifest wrote.
  return m as unknown as SweepManifest;
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
