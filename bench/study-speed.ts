// Where the main job's time goes, study by study: runs `gfxrtl study --all`
// (what `npm start` runs: every shipped study, the same design spaces and
// workloads) in a child process with $GFXRTL_PROFILE set (explore/profile.ts),
// then prints per study: micro-architectures, elaborations and simulator
// compilations (and how many were reused), the time in elaboration,
// compilation, the drivers' loops, pricing and report writing, simulated
// cycles and cycles/s, points and points/s (per second of pricing's wall
// time, and per second of its threads' CPU time, explore/thread-cpu.ts:
// a worker waits for a core while others run), and the study's wall time;
// then the drivers' cycles/s as a fraction of runBatch on the same designs
// (bench/driver-ratio.ts), and the job's peak resident memory; and where
// the job's CPU went: each thread's clock by study, the sweep tasks' own
// clocks, what ran beside the JavaScript threads (V8's helpers, libuv's
// pool), and Yosys (the process's ended children).
//
//   npm run bench:study [-- --label before|after] [--write] [--out DIR]
//                       [--ratio-designs 3] [--no-job] [--no-ratio]
//                       [--from DIR] [--commit ID]
//
// --from DIR tabulates a job an earlier run left in DIR (its profile.jsonl
// and wall.json) instead of running one; --commit names the commit measured
// when the tree is not a git checkout (a snapshot).
// --write puts the tables in docs/results/study-speed-LABEL.md. Times are
// wall time in the thread that spent them (the sweep's two workers run in
// parallel, so a study's summed times can exceed its wall time). The load
// average at the start and the end is printed: figures taken while others
// use the machine are slower.
import { spawn, execFileSync } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { HEAP_EVERY_MS, type ProfileEvent } from '../explore/profile.js';
import { allStudies } from '../studies/registry.js';
import { driverRatios, type DriverRatio } from './driver-ratio.js';
import { cpuBetween, machineCpu, type MachineCpu } from './machine-cpu.js';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

const { values } = parseArgs({
  options: {
    label: { type: 'string', default: 'run' },
    write: { type: 'boolean', default: false },
    out: { type: 'string' },
    'ratio-designs': { type: 'string', default: '3' },
    'no-job': { type: 'boolean', default: false },
    'no-ratio': { type: 'boolean', default: false },
    from: { type: 'string' },
    commit: { type: 'string' },
  },
});

/** `study`: whose event it is (recorded since studies run at once in the main job). */
type Stamped = ProfileEvent & { t: number; thread: number; study?: string };
type Task = Extract<Stamped, { ev: 'task' }>;

const load = (): string => loadavg().map((x) => x.toFixed(2)).join(' / ');
const s1 = (ms: number): string => (ms / 1000).toFixed(1);
const int = (x: number): string => Math.round(x).toLocaleString('en-US');

/** The main job in a child process; its events and wall time. */
async function runJob(out: string): Promise<ReturnType<typeof savedJob> & { log: string }> {
  mkdirSync(out, { recursive: true });
  const profileFile = join(out, 'profile.jsonl');
  const log = join(out, 'job.log');
  writeFileSync(profileFile, '');
  const logStream = createWriteStream(log);
  const t0 = performance.now();
  const cpu0 = machineCpu();
  const code = await new Promise<number>((resolve, reject) => {
    // Through npm start itself, so the job runs with the environment its script sets (MALLOC_ARENA_MAX).
    const child = spawn('npm', ['start', '--silent', '--', '--out', join(out, 'report')], {
      cwd: ROOT,
      env: { ...process.env, GFXRTL_PROFILE: profileFile },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout.pipe(logStream, { end: false });
    child.stderr.on('data', (d: Buffer) => {
      logStream.write(d);
      // The per-study lines only; the progress bars stay in the log.
      for (const line of d.toString().split(/\r|\n/)) if (/^(\[\S+\] )?gfxrtl study (--all:|\S+: done)/.test(line)) console.error(`  ${line}`);
    });
    child.on('error', reject);
    child.on('close', (c) => resolve(c ?? 1));
  });
  logStream.end();
  const wallMs = performance.now() - t0;
  const cpu1 = machineCpu();
  const cpu = cpu0 !== null && cpu1 !== null ? cpuBetween(cpu0, cpu1) : null;
  writeFileSync(join(out, 'wall.json'), JSON.stringify({ wallMs, exitCode: code, loadStart, loadEnd: load(), cpu } satisfies WallRecord) + '\n');
  return { ...savedJob(out), log };
}

/** wall.json: the job's wall time, exit code, load averages, and what the machine's cores did meanwhile (cpu: absent in a job saved before it was recorded). */
interface WallRecord {
  readonly wallMs: number;
  readonly exitCode: number;
  readonly loadStart: string;
  readonly loadEnd: string;
  readonly cpu?: MachineCpu | null;
}

/** A job's events and wall time as runJob left them in `out`. */
function savedJob(out: string): { events: Stamped[] } & WallRecord {
  const events = readFileSync(join(out, 'profile.jsonl'), 'utf8')
    .split('\n')
    .filter((l) => l !== '')
    .map((l) => JSON.parse(l) as Stamped);
  const w = JSON.parse(readFileSync(join(out, 'wall.json'), 'utf8')) as WallRecord;
  return { events, ...w };
}

/** When a saved job's first event was recorded (UTC, to the minute). */
function jobStart(dir: string): string {
  const first = readFileSync(join(dir, 'profile.jsonl'), 'utf8').split('\n')[0];
  return first === undefined || first === '' ? 'unknown' : new Date((JSON.parse(first) as Stamped).t).toISOString().slice(0, 16).replace('T', ' ');
}

interface StudyRow {
  study: string;
  wallMs: number;
  microArchs: number;
  elaborations: number;
  elaborationsReused: number;
  compilations: number;
  compilationsReused: number;
  elaborateMs: number;
  compileMs: number;
  workloadMs: number;
  driverMs: number;
  cycles: number;
  simulated: number;
  priceMs: number;
  /** Pricing in its threads' CPU time (NaN where the system gives no thread clock). */
  priceCpuMs: number;
  points: number;
  phases: Map<string, number>;
  /** The job's peak resident memory at the study's end (so far: the study that raises it is the one that holds it). */
  peakRssKb: number;
  start: number;
  end: number;
  /** CPU slots the study held (explore/cpu-budget.ts), summed; NaN before the budget. */
  slotMs: number;
}

/** How the studies overlapped: the span from the first study's start to the last one's end, the studies' walls summed, and the time two or more ran at once. */
function overlapLine(rows: StudyRow[], cores: number): string {
  const edges = rows.flatMap((r) => [{ t: r.start, d: 1 }, { t: r.end, d: -1 }]).sort((a, b) => a.t - b.t || a.d - b.d);
  let running = 0;
  let last = edges[0]?.t ?? 0;
  let together = 0;
  for (const e of edges) {
    if (running >= 2) together += e.t - last;
    running += e.d;
    last = e.t;
  }
  const span = Math.max(...rows.map((r) => r.end)) - Math.min(...rows.map((r) => r.start));
  const summed = rows.reduce((a, r) => a + r.wallMs, 0);
  const slots = rows.reduce((a, r) => a + r.slotMs, 0);
  const slotText = Number.isNaN(slots) ? '' : `; the studies held ${s1(slots)} CPU-slot seconds of the span's ${s1(span * cores)} (${cores} slots): ${s1(span * cores - slots)} slot-seconds idle or in untracked work`;
  return `Studies from the first one's start to the last one's end: ${s1(span)} s; their walls summed ${s1(summed)} s; two or more at once for ${s1(together)} s${slotText}.`;
}

/** What the machine's cores did during the job: the host's speed (busy core-seconds for the same work) and what scheduling left idle. */
function machineLine(cpu: MachineCpu | null, wallMs: number, cores: number): string {
  if (cpu === null) return '';
  const s = (x: number): string => x.toFixed(1);
  return `The machine's ${cores} cores during the job (/proc/stat, anything else running included): ${s(cpu.busy)} core-seconds busy, ${s(cpu.idle)} idle, ${s(cpu.steal)} taken by the hypervisor, of ${s((wallMs / 1000) * cores)}.`;
}

/** When the global study's knobs came (its calibration loop's end), which every other study's pricing waits for. */
function knobsLine(events: Stamped[]): string {
  const loop = events.find((e): e is Extract<Stamped, { ev: 'phase' }> => e.ev === 'phase' && e.phase === 'calibration loop');
  const first = events[0];
  if (loop === undefined || first === undefined) return '';
  return `The global knobs (${loop.study}'s calibration loop done) came ${s1(loop.t - first.t)} s after the job's first event; the loop took ${s1(loop.ms)} s.`;
}

/** Each thread's largest V8 heap (committed MB) and the main thread's largest resident memory (whole process) from the profile's heap events. */
function heapLine(events: Stamped[]): string {
  const heaps = events.filter((e): e is Extract<Stamped, { ev: 'heap' }> => e.ev === 'heap');
  if (heaps.length === 0) return '';
  const byThread = new Map<number, { mb: number; study: string }>();
  for (const h of heaps) if (h.totalMb + h.externalMb > (byThread.get(h.thread)?.mb ?? -1)) byThread.set(h.thread, { mb: h.totalMb + h.externalMb, study: h.study ?? (h.thread === 0 ? 'main' : '?') });
  const rss = Math.max(...heaps.map((h) => h.rssMb ?? 0));
  const top = [...byThread].sort((a, b) => b[1].mb - a[1].mb).slice(0, 8);
  // At the largest sample: each thread's last heap sample within one sampling period before it.
  const peak = heaps.find((h) => h.rssMb === rss);
  const last = new Map<number, Extract<Stamped, { ev: 'heap' }>>();
  if (peak !== undefined) for (const h of heaps) if (h.t <= peak.t && peak.t - h.t < 1.5 * HEAP_EVERY_MS) last.set(h.thread, h);
  const atPeak = [...last.values()];
  const sum = (f: (h: Extract<Stamped, { ev: 'heap' }>) => number): number => atPeak.reduce((a, h) => a + f(h), 0);
  const peakText = peak === undefined ? '' : ` At that sample ${atPeak.length} threads held ${sum((h) => h.totalMb + h.externalMb)} MB of V8 heap (${sum((h) => h.usedMb)} MB of it in use); the rest, ${rss - sum((h) => h.totalMb + h.externalMb)} MB, is outside V8's heaps (the node binary, stacks, malloc's arenas).`;
  const collects = events.filter((e): e is Extract<Stamped, { ev: 'collect' }> => e.ev === 'collect');
  const collectText =
    collects.length === 0
      ? ''
      : ` Heap collections (explore/thread-heap.ts: idle workers, the watched main and phase threads): ${collects.length}, ${s1(collects.reduce((a, c) => a + c.ms, 0))} s, ${collects.reduce((a, c) => a + c.beforeMb - c.afterMb, 0)} MB released.`;
  return `Largest resident memory sampled (every ${HEAP_EVERY_MS / 1000} s, whole process): ${(rss / 1024).toFixed(2)} GiB. Largest V8 heaps (committed + external MB, by thread, the study it ran): ${top.map(([t, h]) => `thread ${t} (${h.study}) ${h.mb}`).join(', ')}.${peakText}${collectText}`;
}

/** Where the job's CPU went: each thread's clock from its heap samples
 *  (the CPU between two samples goes to the study the later one names),
 *  the tasks' own clocks, and the process's and its children's at exit. */
function cpuTable(events: Stamped[]): string {
  const heaps = events.filter((e): e is Extract<Stamped, { ev: 'heap' }> => e.ev === 'heap' && e.cpuMs !== undefined);
  const exit = events.find((e): e is Extract<Stamped, { ev: 'exit' }> => e.ev === 'exit');
  if (heaps.length === 0 || exit?.processCpuMs === undefined) return '';
  const byStudy = new Map<string, number>();
  const lastByThread = new Map<number, number>();
  for (const h of heaps) {
    const before = lastByThread.get(h.thread) ?? 0;
    lastByThread.set(h.thread, h.cpuMs!);
    const who = h.thread === 0 ? 'main thread (every study)' : (h.study ?? 'no study (idle or between studies)');
    byStudy.set(who, (byStudy.get(who) ?? 0) + h.cpuMs! - before);
  }
  const tasks = events.filter((e): e is Task => e.ev === 'task');
  const taskSum = (study: string, f: (t: Task) => number | undefined): number => tasks.filter((t) => t.study === study).reduce((a, t) => a + (f(t) ?? 0), 0);
  const sampled = [...lastByThread.values()].reduce((a, x) => a + x, 0);
  const child = exit.childCpuMs ?? NaN;
  // Phases timed off the main thread (the phase threads' reports, HTML, experiments, calibration loop), by study.
  const phaseCpu = new Map<string, Map<string, number>>();
  for (const e of events) {
    if (e.ev !== 'phase' || e.cpuMs === undefined) continue;
    const m = phaseCpu.get(e.study) ?? new Map<string, number>();
    phaseCpu.set(e.study, m.set(e.phase, (m.get(e.phase) ?? 0) + e.cpuMs));
  }
  const lines = [
    '| thread work of | CPU s | sweep tasks and replicates: elaboration and inventory | evaluation (workload, compilation, driver) | pricing | optimistic bounds | the rest | of which phases on phase threads (their thread\'s CPU s) |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | --- |',
  ];
  for (const [who, ms] of [...byStudy].sort((a, b) => b[1] - a[1])) {
    const el = taskSum(who, (t) => t.elaborateCpuMs);
    const ev = taskSum(who, (t) => t.evaluateCpuMs);
    const pr = taskSum(who, (t) => t.priceCpuMs);
    const bo = events.reduce((a, e) => a + (e.ev === 'optimistic' && e.study === who ? (e.cpuMs ?? 0) : 0), 0);
    const has = el + ev + pr + bo > 0;
    const phases = [...(phaseCpu.get(who) ?? [])].sort((a, b) => b[1] - a[1]).map(([p, c]) => `${p} ${s1(c)}`).join(', ');
    lines.push(`| ${who} | ${s1(ms)} | ${has ? s1(el) : '-'} | ${has ? s1(ev) : '-'} | ${has ? s1(pr) : '-'} | ${has ? s1(bo) : '-'} | ${has ? s1(ms - el - ev - pr - bo) : '-'} | ${phases || '-'} |`);
  }
  return [
    `Where the job's CPU went (each JavaScript thread's clock, sampled every ${HEAP_EVERY_MS / 1000} s with its heap: the CPU between two samples is the study's that the later one names; a kept worker's samples name the study it serves then):`,
    '',
    lines.join('\n'),
    '',
    `The process used ${s1(exit.processCpuMs)} CPU-seconds: ${s1(sampled)} in its JavaScript threads' samples above and ${s1(exit.processCpuMs - sampled)} beside them (V8's helper threads: its compiler's, and its collector's unless Node runs with --single-threaded-gc, as npm start does; libuv's pool, where resvg draws the plots; and what ended threads ran after their last sample); its ended children (Yosys, and the ABC it runs) ${Number.isNaN(child) ? 'were not measured' : `${s1(child)} more`}.`,
  ].join('\n');
}

function studyRows(events: Stamped[]): StudyRow[] {
  const rows: StudyRow[] = [];
  const starts = events.filter((e): e is Extract<Stamped, { ev: 'study' }> => e.ev === 'study' && e.edge === 'start');
  for (const st of starts) {
    const endEvent = events.find((e): e is Extract<Stamped, { ev: 'study' }> => e.ev === 'study' && e.edge === 'end' && e.study === st.study && e.t >= st.t);
    const end = endEvent?.t ?? Infinity;
    const inside = events.filter((e) => e.t >= st.t && e.t <= end);
    // A task is the study's that it names; a profile from before studies ran at once names none: the study's time window then.
    const tasks = (events.some((e) => e.ev === 'task' && e.study !== undefined) ? events.filter((e) => e.study === st.study) : inside).filter((e): e is Task => e.ev === 'task');
    const phases = new Map<string, number>();
    for (const e of events) if (e.ev === 'phase' && e.study === st.study) phases.set(e.phase, (phases.get(e.phase) ?? 0) + e.ms);
    const sum = (f: (t: Task) => number): number => tasks.reduce((a, t) => a + f(t), 0);
    rows.push({
      study: st.study,
      wallMs: end - st.t,
      microArchs: new Set(tasks.map((t) => t.id.split('#')[0])).size,
      elaborations: tasks.filter((t) => !t.elaborationReused && t.storedInventory !== true).length,
      elaborationsReused: tasks.filter((t) => t.elaborationReused).length,
      compilations: sum((t) => t.compiled),
      compilationsReused: sum((t) => t.compileReused),
      elaborateMs: sum((t) => t.elaborateMs + t.inventoryMs),
      compileMs: sum((t) => t.compileMs),
      workloadMs: sum((t) => t.workloadMs),
      driverMs: sum((t) => (t.simulated ? t.driverMs : 0)),
      cycles: sum((t) => (t.simulated ? t.cycles : 0)),
      simulated: tasks.filter((t) => t.simulated).length,
      priceMs: sum((t) => t.priceMs),
      // Replicate runs (points 0) price nothing and record no clock.
      priceCpuMs: tasks.every((t) => t.points === 0 || t.priceCpuMs !== undefined) ? sum((t) => t.priceCpuMs ?? 0) : NaN,
      points: sum((t) => t.points),
      phases,
      peakRssKb: endEvent?.maxRssKb ?? NaN,
      start: st.t,
      end,
      slotMs: endEvent?.slotMs ?? NaN,
    });
  }
  return rows;
}

function jobTable(rows: StudyRow[]): string {
  const head = '| study | wall s | micro-archs | elaborations (reused) | compilations (reused) | simulated runs | elaboration s | compilation s | workload s | driver s | simulated cycles | driver cycles/s | pricing s | points | points/s | points/CPU-s | report s | other phases s | peak GiB so far |';
  const lines = [head, '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- | ---: |'];
  for (const r of rows) {
    const other = [...r.phases].filter(([p]) => p !== 'report' && p !== 'sweep').map(([p, ms]) => `${p} ${s1(ms)}`).join(', ');
    lines.push(
      `| ${r.study} | ${s1(r.wallMs)} | ${r.microArchs} | ${r.elaborations} (${r.elaborationsReused}) | ${r.compilations} (${r.compilationsReused}) | ${r.simulated} | ${s1(r.elaborateMs)} | ${s1(r.compileMs)} | ${s1(r.workloadMs)} | ${s1(r.driverMs)} | ${int(r.cycles)} | ${r.driverMs > 0 ? int(r.cycles / (r.driverMs / 1000)) : '-'} | ${s1(r.priceMs)} | ${int(r.points)} | ${r.priceMs > 0 ? int(r.points / (r.priceMs / 1000)) : '-'} | ${r.priceCpuMs > 0 ? int(r.points / (r.priceCpuMs / 1000)) : '-'} | ${s1(r.phases.get('report') ?? 0)} | ${other || '-'} | ${Number.isNaN(r.peakRssKb) ? '-' : (r.peakRssKb / 1024 / 1024).toFixed(2)} |`,
    );
  }
  return lines.join('\n');
}

function ratioTable(ratios: DriverRatio[]): string {
  const lines = ['| study | micro-architecture | cycles a run | runs timed | driver cycles/s | runBatch cycles/s | driver / runBatch | first run cycles/s |', '| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |'];
  for (const r of ratios) lines.push(`| ${r.study} | ${r.id} | ${int(r.cycles)} | ${r.runs} | ${int(r.driver)} | ${int(r.runBatch)} | ${(r.driver / r.runBatch).toFixed(2)} | ${int(r.cold)} |`);
  return lines.join('\n');
}

const commit = ((): string => {
  if (values.commit !== undefined) return values.commit;
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT, encoding: 'utf8' }).trim();
  } catch {
    return 'unknown';
  }
})();
const parts: string[] = [
  `# Study speed: ${values.label}`,
  '',
  values.from === undefined
    ? `Written by \`npm run bench:study -- --label ${values.label} --write\` at commit ${commit}, ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, on ${availableParallelism()} cores.`
    : `Written by \`npm run bench:study -- --from DIR --label ${values.label} --write\` from the job a run at commit ${commit} left in DIR (its first event at ${jobStart(values.from)} UTC), on ${availableParallelism()} cores.`,
];
const loadStart = load();

if (!values['no-job']) {
  const out = values.from ?? values.out ?? mkdtempSync(join(tmpdir(), 'gfxrtl-study-speed-'));
  if (values.from === undefined) console.error(`study-speed: gfxrtl study --all into ${out} (load average ${loadStart})`);
  const job = values.from === undefined ? await runJob(out) : { ...savedJob(out), log: join(out, 'job.log') };
  if (job.exitCode !== 0) {
    console.error(`study-speed: the main job failed (exit ${job.exitCode}); its log: ${job.log}`);
    process.exit(1);
  }
  const rows = studyRows(job.events);
  const rss = job.events.find((e): e is Extract<Stamped, { ev: 'exit' }> => e.ev === 'exit')?.maxRssKb ?? NaN;
  parts.push(
    '',
    `## The main job (\`gfxrtl study --all\`, as \`npm start\`)`,
    '',
    `Wall time ${s1(job.wallMs)} s; peak resident memory ${Math.round(rss).toLocaleString('en-US')} kB (${(rss / 1024 / 1024).toFixed(2)} GiB; the target, 2 GB, is 1,953,125 kB); load average (1 / 5 / 15 min) ${job.loadStart} at the start, ${job.loadEnd} at the end.`,
    '',
    `Per study (times are wall time in the thread that spent them; the sweep's workers run in parallel, so they can add up to more than the study's wall time; "driver" is the drivers' own loops, without compilation and workload construction):`,
    '',
    jobTable(rows),
    '',
    `Time per study: ${rows.map((r) => `${r.study} ${s1(r.wallMs)} s`).join(', ')}.`,
    '',
    overlapLine(rows, availableParallelism()),
    ...[machineLine(job.cpu ?? null, job.wallMs, availableParallelism()), knobsLine(job.events)].filter((l) => l !== '').flatMap((l) => ['', l]),
    ...((h) => (h === '' ? [] : ['', h]))(heapLine(job.events)),
    ...((c) => (c === '' ? [] : ['', c]))(cpuTable(job.events)),
  );
}

if (!values['no-ratio']) {
  const n = Number(values['ratio-designs']);
  const studies = allStudies().filter((e) => e.study.example !== true && e.study.notInMainJob === undefined).map((e) => e.study.name);
  console.error(`study-speed: drivers against runBatch, ${n} designs per study (load average ${load()})`);
  const ratios: DriverRatio[] = [];
  for (const s of studies) ratios.push(...(await driverRatios(s, n, (l) => console.error(l))));
  parts.push(
    '',
    '## Drivers against runBatch',
    '',
    `Per study, ${n} micro-architectures spread over its main-job space, on its main-job workload: the study's driver (CPU time of its runs, each on a fresh workload built before the clock starts, as many runs as make at least 200,000 cycles: "runs timed") against runBatch on the same compiled simulator with random inputs every cycle and every output recorded, as many cycles; warm (after one untimed run), alternating, best of three each (bench/driver-ratio.ts). "First run" is the driver's first run on the freshly compiled simulator (its lazily generated loop and V8's compilation of it included): what a sweep sees, since it runs each design's workload once. Load average ${load()} at the end.`,
    '',
    ratioTable(ratios),
  );
}

const text = parts.join('\n') + '\n';
console.log(text);
if (values.write) {
  const file = join(ROOT, 'docs', 'results', `study-speed-${values.label}.md`);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, text);
  console.error(`study-speed: ${file}${existsSync(file) ? '' : ' (not written?)'}`);
}
