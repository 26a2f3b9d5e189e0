// Rendered frames for the study, cached on disk (the visible-primitive
// buffer as raw Int32 bytes) because rendering the larger scenes costs
// seconds and they never change for a given scene, size and rate.
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildScene, FRAME, renderFrame, type Frame, type SceneSpec, sceneName, type TileSpp } from '../../testbenches/workloads/tiles/index.js';

/** Bump when scenes, sample positions or the renderer change (2: the merge units' scenes, issue 23). */
const CACHE_VERSION = 2;

export function loadFrame(spec: SceneSpec, spp: TileSpp, cacheDir: string | null, width: number = FRAME.width, height: number = FRAME.height): Frame {
  const file = cacheDir === null ? null : join(cacheDir, `v${CACHE_VERSION}-${sceneName(spec)}-s${spec.seed}-${width}x${height}-${spp}spp.i32`);
  if (file !== null && existsSync(file)) {
    const buf = readFileSync(file);
    // A view when the read is word-aligned (a file this size is never a slice of Node's small-buffer pool): a copy of 120 MB at 16 spp saved.
    const words = Math.floor(buf.byteLength / 4);
    const pid = buf.byteOffset % 4 === 0 ? new Int32Array(buf.buffer, buf.byteOffset, words) : new Int32Array(Uint8Array.from(buf).buffer, 0, words);
    if (pid.length === width * height * spp) return { width, height, spp, pid, exactCompares: 0 };
  }
  const scene = buildScene(spec, width, height);
  const frame = renderFrame(scene.tris, width, height, spp);
  if (file !== null && cacheDir !== null) {
    mkdirSync(cacheDir, { recursive: true });
    writeFileSync(`${file}.tmp`, Buffer.from(frame.pid.buffer, frame.pid.byteOffset, frame.pid.byteLength));
    renameSync(`${file}.tmp`, file);
  }
  return frame;
}
