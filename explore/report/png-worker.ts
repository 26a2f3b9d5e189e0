// Worker-thread entry that draws a report's PNGs (png-thread.ts). resvg's
// images are native memory that V8 does not count: each one is freed only
// when the collector finds its JavaScript handle dead, and a report's own
// thread, holding a sweep's rows, collects seldom. Here the heap is a few
// MB, so a full collection after each image costs a millisecond or two
// and hands the image's memory back at once.
import { parentPort } from 'node:worker_threads';
import { InternalError } from '../../hdl/errors.js';
import { collectHeapQuietly } from '../thread-heap.js';
import { renderPngAsync } from './render.js';
import type { FromPngWorker, ToPngWorker } from './png-thread.js';

const port = parentPort;
if (port === null) throw new InternalError('explore/report/png-worker.ts must run in a worker thread');

port.on('message', (m: ToPngWorker) => {
  void (async (): Promise<void> => {
    let reply: FromPngWorker;
    try {
      // A copy the thread owns, so its buffer can be handed over without copying again.
      const drawn = await renderPngAsync(m.svg);
      const png = new Uint8Array(new ArrayBuffer(drawn.length));
      png.set(drawn);
      reply = { id: m.id, png };
    } catch (e) {
      reply = { id: m.id, error: e instanceof Error ? e.message : String(e) };
    }
    collectHeapQuietly();
    port.postMessage(reply, 'png' in reply ? [reply.png.buffer as ArrayBuffer] : []);
  })();
});
