// Commands every rasterizer study brings to `gfxrtl`: generate and inspect a
// micropolygon workload (`workload raster`), and list MSAA sample positions
// (`samples`) to check coverage by hand.
import { writeDurable, type StudyTool } from '../../explore/index.js';
import { formatStats, generateWorkload, MAX_MESH_TRIANGLES, SURFACE_NAMES, serializeMesh, withBlurParams, type SurfaceName } from '../../testbenches/workloads/raster/index.js';
import { decimalInteger, decimalNumber } from '../../hdl/decimal.js';
import { ParamError } from '../../hdl/errors.js';
import { checkOutputFile } from '../../hdl/output-file.js';
import { ConfigError } from '../../units/config.js';
import { MSAA_MODES, SCREEN_PIXELS, type Msaa } from '../../units/raster-common/formats.js';
import { listSamples } from '../../units/raster-common/samples.js';
import { BLUR_JITTERS, BLUR_TUPLES, type BlurJitter } from '../../units/raster-common/blur-formats.js';
import { blurTuple, listBlurSamples } from '../../units/raster-common/blur-samples.js';

const str = (o: Readonly<Record<string, string | boolean | undefined>>, k: string): string => String(o[k] ?? '');

/** Every count and size a command of these takes is checked here, against
 *  its documented limit, before any work or file write. */
function intFlag(cmd: string, flag: string, text: string, min: number, max: number): number {
  const n = decimalInteger(text);
  if (n === null || n < min || n > max) throw new ParamError(`--${flag}`, text, `an integer ${min}..${max}`, cmd);
  return n;
}

/** Seeds: any 32-bit value, signed or not (makeRng takes the low 32 bits). */
const SEED_MIN = -(2 ** 31);
const SEED_MAX = 2 ** 32 - 1;
/** Largest render target a side, pixels (the 14.8 coordinate range); smallest generateWorkload tessellates. */
const TARGET_MIN = 8;
/** Most samples `samples` prints (a 256x256-pixel rectangle at 16x). */
export const MAX_LISTED_SAMPLES = 1_000_000;

export const WORKLOAD_TOOL: StudyTool = {
  command: 'workload <kind>',
  description: 'generate a workload (kind: raster) and print its statistics',
  options: [
    { flags: '--surface <name>', description: 'default (documented mix) | plane | sphere | sine-grazing | bumpy-sphere', default: 'default' },
    { flags: '--area <px2>', description: 'target mean micropolygon area in pixels^2, in (0, 64]', default: '0.54' },
    { flags: '--count <n>', description: `number of triangles, 1..${MAX_MESH_TRIANGLES}`, default: '4096' },
    { flags: '--seed <s>', description: 'random seed (a 32-bit integer)', default: '2010' },
    { flags: '--size <WxH>', description: `render target in pixels, ${TARGET_MIN}..${SCREEN_PIXELS} a side`, default: '1920x1080' },
    { flags: '--pairs', description: 'report pairing of triangles that share an edge (TVP)' },
    { flags: '--blur', description: 'add per-vertex motion ("close") and the lens ("lens") to the mesh, seeded (testbenches/workloads/raster/blur-params.ts)' },
    { flags: '-o, --output <mesh.json>', description: 'write the mesh as {"vertices": [[x, y, z]...], "triangles": [[i, j, k]...]}' },
  ],
  run(args, opts) {
    const kind = args[0] ?? '';
    if (kind !== 'raster') throw new ConfigError(`workload: unknown kind "${kind}"; kinds: raster`);
    const surface = str(opts, 'surface');
    const surfaces = ['default', ...SURFACE_NAMES];
    if (!surfaces.includes(surface)) throw new ConfigError(`workload: unknown surface "${surface}"; surfaces: ${surfaces.join(', ')}`);
    const area = decimalNumber(str(opts, 'area'));
    if (area === null || !(area > 0 && area <= 64)) throw new ParamError('--area', str(opts, 'area'), 'a number in (0, 64] (pixels^2)', 'workload raster');
    const count = intFlag('workload raster', 'count', str(opts, 'count'), 1, MAX_MESH_TRIANGLES);
    const seed = intFlag('workload raster', 'seed', str(opts, 'seed'), SEED_MIN, SEED_MAX);
    const size = str(opts, 'size');
    const m = /^(\d+)x(\d+)$/.exec(size);
    if (!m) throw new ParamError('--size', size, 'WIDTHxHEIGHT in pixels, e.g. 1920x1080', 'workload raster');
    const width = intFlag('workload raster', 'size', m[1]!, TARGET_MIN, SCREEN_PIXELS);
    const height = intFlag('workload raster', 'size', m[2]!, TARGET_MIN, SCREEN_PIXELS);
    const output = opts['output'];
    if (typeof output === 'string') checkOutputFile(output, '--output');
    const w = generateWorkload({ surface: surface as SurfaceName | 'default', area, count, seed, target: { width, height }, pairs: opts['pairs'] === true });
    // --blur adds per-vertex motion and the lens, from the same seed.
    const mesh = opts['blur'] === true ? withBlurParams(w.mesh, seed) : w.mesh;
    if (typeof output === 'string') writeDurable(output, serializeMesh(mesh));
    console.log(`workload raster: surface ${surface}, ${count} triangles, target area ${area} px^2, ${size}, seed ${seed}`);
    console.log(formatStats(w.stats));
    if (typeof output === 'string') console.log(`mesh written to ${output}`);
  },
};

export const SAMPLES_TOOL: StudyTool = {
  command: 'samples',
  description: 'print every MSAA (or, with --blur, every tile x tuple) sample position in a pixel rectangle',
  options: [
    { flags: '--msaa <n>', description: '1 | 4 | 16 (default 16; not with --blur)' },
    { flags: '--rect <X,Y,W,H>', description: `pixel rectangle inside the ${SCREEN_PIXELS}-pixel screen`, default: '0,0,1,1' },
    { flags: '--json', description: 'one JSON object per sample' },
    { flags: '--blur', description: 'blur samples instead: every (2x2-pixel tile, u,v,t tuple) sample of the tiles the rectangle touches' },
    { flags: '--jitter <where>', description: `with --blur: ${BLUR_JITTERS.join(' | ')} (default tuple: the study's one offset per tuple in every tile; tile: shifted per tile phase)` },
  ],
  run(_args, opts) {
    const blur = opts['blur'] === true;
    if (blur && opts['msaa'] !== undefined) throw new ConfigError('samples: --msaa does not apply with --blur (blur samples are per tile and (u, v, t) tuple)');
    if (!blur && opts['jitter'] !== undefined) throw new ConfigError('samples: --jitter applies only with --blur (MSAA samples have one pattern)');
    const msaaText = opts['msaa'] === undefined ? '16' : str(opts, 'msaa');
    const msaa = decimalInteger(msaaText) as Msaa;
    if (!(MSAA_MODES as readonly number[]).includes(msaa)) throw new ConfigError(`samples: --msaa ${msaaText} is not valid; allowed: ${MSAA_MODES.join(' | ')}`);
    const rect = str(opts, 'rect');
    const m = /^([^,]*),([^,]*),([^,]*),([^,]*)$/.exec(rect);
    if (!m) throw new ParamError('--rect', rect, 'X,Y,W,H in pixels', 'samples');
    const x = intFlag('samples', 'rect X', m[1]!, 0, SCREEN_PIXELS - 1);
    const y = intFlag('samples', 'rect Y', m[2]!, 0, SCREEN_PIXELS - 1);
    const w = intFlag('samples', 'rect W', m[3]!, 1, SCREEN_PIXELS - x);
    const h = intFlag('samples', 'rect H', m[4]!, 1, SCREEN_PIXELS - y);
    if (blur) {
      const jitter = opts['jitter'] === undefined ? 'tuple' : str(opts, 'jitter');
      if (!(BLUR_JITTERS as readonly string[]).includes(jitter)) throw new ConfigError(`samples --blur: --jitter ${jitter} is not valid; allowed: ${BLUR_JITTERS.join(' | ')}`);
      return printBlurSamples({ x, y, w, h }, jitter as BlurJitter, opts['json'] === true);
    }
    if (w * h * msaa > MAX_LISTED_SAMPLES) throw new ConfigError(`samples: ${w}x${h} pixels at ${msaa}x is over ${MAX_LISTED_SAMPLES} samples; ask for a smaller --rect`);
    const list = listSamples(msaa, { x, y, w, h });
    if (opts['json'] === true) {
      for (const s of list) console.log(JSON.stringify(s));
      return;
    }
    console.log(`# ${msaa}x MSAA samples in pixels x ${x}..${x + w - 1}, y ${y}..${y + h - 1}; sx, sy in 1/256-pixel units (y grows downward)`);
    console.log('px\tpy\ts\tsx\tsy');
    for (const s of list) console.log(`${s.px}\t${s.py}\t${s.s}\t${s.sx}\t${s.sy}`);
  },
};

function printBlurSamples(rect: { x: number; y: number; w: number; h: number }, jitter: BlurJitter, json: boolean): void {
  if (rect.w <= 0 || rect.h <= 0) throw new ConfigError('samples --blur: --rect must have a positive width and height');
  if (rect.w * rect.h * (BLUR_TUPLES / 4) > MAX_LISTED_SAMPLES) throw new ConfigError(`samples --blur: ${rect.w}x${rect.h} pixels is over ${MAX_LISTED_SAMPLES} samples; ask for a smaller --rect`);
  const list = listBlurSamples(rect, jitter);
  if (json) {
    for (const s of list) {
      const t = blurTuple(s.tuple);
      console.log(JSON.stringify({ ...s, u: t.u, v: t.v, t: t.t }));
    }
    return;
  }
  console.log(`# blur samples (one per 2x2-pixel tile per (u, v, t) tuple, ${BLUR_TUPLES} tuples, jitter=${jitter}) of the tiles touching pixels x ${rect.x}..${rect.x + rect.w - 1}, y ${rect.y}..${rect.y + rect.h - 1}`);
  console.log('# sx, sy in 1/256-pixel units (y down); u, v signed 1.10 (raw/1024); t 0.12 (raw/4096)');
  console.log('tx\tty\ttuple\tsx\tsy\tu\tv\tt');
  for (const s of list) {
    const t = blurTuple(s.tuple);
    console.log(`${s.tx}\t${s.ty}\t${s.tuple}\t${s.sx}\t${s.sy}\t${t.u}\t${t.v}\t${t.t}`);
  }
}

export const RASTER_TOOLS: readonly StudyTool[] = [WORKLOAD_TOOL, SAMPLES_TOOL];
