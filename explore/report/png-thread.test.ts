// The report's PNG thread: the same image as drawn in the report's own
// thread, at most one plot waiting beside the one drawn, and a failure
// reported (and the thread ended) rather than a report left hanging.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { InternalError } from '../../hdl/errors.js';
import { PngQueue } from './png-thread.js';
import { renderPng } from './render.js';

const T = mkdtempSync(join(tmpdir(), 'gfxrtl-png-'));
afterAll(() => rmSync(T, { recursive: true, force: true }));

const svg = (n: number): string =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="120" height="40"><rect width="120" height="40" fill="#${(n * 40).toString(16).padStart(2, '0')}8040"/><text x="4" y="24">plot ${n}</text></svg>`;

describe('PngQueue', () => {
  it('writes each plot as the report thread would draw it, and lets one plot wait beside the one drawn', async () => {
    const q = new PngQueue();
    try {
      const files = [0, 1, 2, 3].map((n) => join(T, `p${n}.png`));
      await q.add(svg(0), files[0]!);
      await q.add(svg(1), files[1]!);
      // Two queued: the third is let in only once the first is written.
      await q.add(svg(2), files[2]!);
      expect(existsSync(files[0]!)).toBe(true);
      await q.add(svg(3), files[3]!);
      expect(existsSync(files[1]!)).toBe(true);
      await q.done();
      files.forEach((f, n) => expect(readFileSync(f).equals(renderPng(svg(n)))).toBe(true));
    } finally {
      await q.close();
    }
  });

  it('reports an SVG resvg cannot read as a gfxrtl bug, writes nothing after it, and ends its thread', async () => {
    const q = new PngQueue();
    try {
      await q.add('<svg this is not', join(T, 'bad.png'));
      await q.add(svg(1), join(T, 'after.png'));
      await expect(q.done()).rejects.toThrow(InternalError);
      await expect(q.done()).rejects.toThrow(/resvg could not draw a plot's PNG/);
      expect(existsSync(join(T, 'bad.png'))).toBe(false);
      expect(existsSync(join(T, 'after.png'))).toBe(false);
    } finally {
      await q.close();
    }
  });
});
