// A report's PNGs, drawn on a thread of their own (png-worker.ts) one at a
// time in the order asked, while the report renders its next plot's SVG.
// At most one plot waits for its PNG beside the one being drawn: the
// report asks to add a plot and waits while one is waiting already. So the
// report's thread holds at most two plots' SVG text, and never resvg's
// images: drawn on libuv's pool from the report's thread, each image stayed
// in memory until that thread's next full collection. The Blur report of
// a main job, written again alone (`gfxrtl report` on a copy of its folder,
// MALLOC_ARENA_MAX=2 as npm start sets it), peaked at 1,016-1,021 MB
// resident with every SVG queued and resvg drawing on libuv's pool, and at
// 653-656 MB so (10.4-10.9 s against 11.2-11.5 s; the same files).
import type { Worker } from 'node:worker_threads';
import { writeOutputFile } from '../../hdl/output-file.js';
import { InternalError } from '../../hdl/errors.js';
import { spawnWorker } from '../sweep/spawn.js';

export type ToPngWorker = { id: number; svg: string };
export type FromPngWorker = { id: number; png: Uint8Array } | { id: number; error: string };

/** PNG files written from SVG text, in order, on another thread. */
export class PngQueue {
  private worker: Worker | null = null;
  private readonly waiting = new Map<number, { resolve: (png: Uint8Array) => void; reject: (e: Error) => void }>();
  private next = 0;
  private tail: Promise<void> = Promise.resolve();
  /** Each plot asked for and not yet written (the one being drawn first). */
  private readonly queued: Promise<void>[] = [];
  private failed: { e: unknown } | null = null;

  private thread(): Worker {
    if (this.worker !== null) return this.worker;
    const w = spawnWorker(new URL('./png-worker', import.meta.url), null);
    w.on('message', (m: FromPngWorker) => {
      const p = this.waiting.get(m.id);
      this.waiting.delete(m.id);
      if (p === undefined) return;
      if ('png' in m) p.resolve(m.png);
      else p.reject(new InternalError(`report: resvg could not draw a plot's PNG: ${m.error}`));
    });
    w.on('error', (e) => this.fail(e));
    w.on('exit', (code) => this.fail(new InternalError(`report: the PNG thread stopped (exit code ${code}) before drawing every plot`)));
    return (this.worker = w);
  }

  private fail(e: Error): void {
    for (const p of this.waiting.values()) p.reject(e);
    this.waiting.clear();
  }

  private draw(svg: string): Promise<Uint8Array> {
    const id = ++this.next;
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      this.thread().postMessage({ id, svg } satisfies ToPngWorker);
    });
  }

  /** Queues `svg`'s PNG for `file`; resolves once at most one plot waits besides the one being drawn. */
  async add(svg: string, file: string): Promise<void> {
    while (this.queued.length >= 2) await this.queued[0];
    const item = this.tail.then(async () => {
      try {
        if (this.failed === null) writeOutputFile(file, await this.draw(svg));
      } catch (e) {
        this.failed = { e };
      } finally {
        this.queued.shift();
      }
    });
    this.queued.push(item);
    this.tail = item;
  }

  /** Every PNG written, or the first failure thrown. */
  async done(): Promise<void> {
    await this.tail;
    if (this.failed !== null) throw this.failed.e;
  }

  /** Ends the thread (after done(), or when the report failed before it). */
  async close(): Promise<void> {
    const w = this.worker;
    this.worker = null;
    if (w === null) return;
    w.removeAllListeners('exit');
    await w.terminate();
  }
}
