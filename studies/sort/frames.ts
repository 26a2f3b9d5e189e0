// Rendered frames for the study, cached on disk (the visible-primitive
// buffer as raw Int32 bytes) when a cache folder is given. The study gives
// none: a 1728 x 1080 frame at 16 spp builds and renders in about 0.45 s
// of CPU, reads back in 0.1 s, but writing its 120 MB took 0.3 s of CPU
// and about 1 s of wall (measured over 6 frames at load 16), so a fresh
// main job wrote 1.75 GB for 20 frames to save later runs 7 s. A scene is
// kept for the next frame (the study renders one scene at three rates).
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildScene, FRAME, renderFrame, type Frame, type Scene, type SceneSpec, sceneName, type TileSpp } from '../../testbenches/workloads/tiles/index.js';

/** Bump when scenes, sample positions or the renderer change (2: the merge units' scenes, issue 23). */
const CACHE_VERSION = 2;

let lastScene: { key: string; scene: Scene } | null = null;

export function loadFrame(spec: SceneSpec, spp: TileSpp, cacheDir: string | null, width: number = FRAME.width, height: number = FRAME.height): Frame {
  const file = cacheDir === null ? null : join(cacheDir, `v${CACHE_VERSION}-${sceneName(spec)}-s${spec.seed}-${width}x${height}-${spp}spp.i32`);
  if (file !== null && existsSync(file)) {
    const buf = readFileSync(file);
    // A view when the read is word-aligned (a file this size is never a slice of Node's small-buffer pool): a copy of 120 MB at 16 spp saved.
    const words = Math.floor(buf.byteLength / 4);
    const pid = buf.byteOffset % 4 === 0 ? new Int32Array(buf.buffer, buf.byteOffset, words) : new Int32Array(Uint8Array.from(buf).buffer, 0, words);
    if (pid.length === width * height * spp) return { width, height, spp, pid, exactCompares: 0 };
  }
  const key = `${sceneName(spec)}-s${spec.seed}-${width}x${height}`;
  if (lastScene?.key !== key) lastScene = { key, scene: buildScene(spec, width, height) };
  const scene = lastScene.scene;
  const frame = renderFrame(scene.tris, width, height, spp);
  if (file !== null && cacheDir !== null) {
    mkdirSync(cacheDir, { recursive: true });
    writeFileSync(`${file}.tmp`, Buffer.from(frame.pid.buffer, frame.pid.byteOffset, frame.pid.byteLength));
    renameSync(`${file}.tmp`, file);
  }
  return frame;
}
