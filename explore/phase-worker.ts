// Worker-thread entry for the phases of a study that run in one thread (a
// report and its HTML pages, the experiments, the global study's calibration
// loop): in the main job they run here, so that the main
// thread stays free to feed the sweeps' workers of the studies running
// beside them (a report that held the main thread for 15 s left both sweep
// workers waiting for their next task). One job at a time; its log lines
// go back to the main thread, which says whose they are.
//
// A job holds one CPU slot of the main job's budget (cpu-budget.ts), taken
// by the main thread before it is sent. Work the job farms out (the sort
// study's experiment runs its scenes on a job farm) asks for slots here
// (lent-slots.ts): the job's own first (its thread only waits while the
// farm runs), any more of the main thread's budget.
import { parentPort } from 'node:worker_threads';
import { InternalError, UserError } from '../hdl/errors.js';
import { calibrateStudy } from './calibrate.js';
import { withCpuBudget } from './cpu-budget.js';
import { LentSlots } from './lent-slots.js';
import { runExperiments } from './report/experiments.js';
import { writeReport } from './report/write.js';
import { createProgress } from './sweep/progress.js';
import { importStudy } from './sweep/study-ref.js';
import { profilePhase, profileStudy } from './profile.js';
import type { FromPhaseWorker, PhaseJob, PhaseResult, ToPhaseWorker } from './phase-thread.js';
import { HeapCollector, WATCH_MS, watchHeap } from './thread-heap.js';

const port = parentPort;
if (port === null) throw new InternalError('explore/phase-worker.ts must run in a worker thread');

const post = (m: FromPhaseWorker): void => port.postMessage(m);
// A report or an experiment allocates far more than it keeps (Blur's
// report grew its thread's heap to 597 MB and left 181 MB alive), and its
// thread is busy, not idle: watched like the main thread (thread-heap.ts).
const heap = new HeapCollector();
watchHeap(WATCH_MS, heap);

// The job's slot and those asked of the main thread, lent to the work it farms out.
const slots = new LentSlots(
  (id) => post({ kind: 'acquire', id }),
  (id) => post({ kind: 'release', id }),
);

async function run(job: PhaseJob): Promise<PhaseResult> {
  switch (job.kind) {
    case 'report': {
      const index = (await profilePhase(job.study, 'report', () => writeReport(job.dir))).index;
      let html: string | null = null;
      if (job.html !== null) {
        const m = (await import(job.html)) as { writeHtml?: unknown };
        if (typeof m.writeHtml !== 'function') throw new InternalError(`${job.html} exports no writeHtml(dir)`);
        html = await profilePhase(job.study, 'html', () => (m.writeHtml as (dir: string) => Promise<string>)(job.dir));
      }
      return { kind: 'report', index, html };
    }
    case 'calibrate': {
      const study = await importStudy({ module: job.module, name: job.study });
      const r = await calibrateStudy(study, { out: job.out, sweep: job.sweep, yosys: { skip: '' }, log: (line) => post({ kind: 'log', line }) });
      return { kind: 'calibrate', texts: [r.calibration?.text, r.yosys?.text].filter((t): t is string => t !== undefined) };
    }
    case 'experiments': {
      const study = await importStudy({ module: job.module, name: job.study });
      const files = await profilePhase(job.study, 'experiments', () =>
        runExperiments(study.experiments ?? [], job.out, job.seed, { mainJob: job.mainJob, progress: (label, unit) => createProgress({ label: `${job.label}${label}`, unit, quiet: job.quiet }) }),
      );
      return { kind: 'experiments', files };
    }
  }
}

port.on('message', (m: ToPhaseWorker) => {
  if (m.kind === 'granted') return slots.granted(m.id);
  slots.newJob();
  // A profile's samples in this thread name the study whose phase runs (and then idles) here.
  profileStudy(m.job.study);
  withCpuBudget({ budget: slots, priority: 0, study: m.job.study }, () => run(m.job)).then(
    // The heap it leaves, a large one collected (the thread waits idle
    // until its next job): the main thread retires a thread a job left large.
    (result) => post({ kind: 'done', result, heapMb: heap.settle() }),
    (e: unknown) => post({ kind: 'error', message: e instanceof Error ? (e instanceof UserError ? e.message : (e.stack ?? e.message)) : String(e), user: e instanceof UserError }),
  );
});
