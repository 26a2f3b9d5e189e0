// Commands every rasterizer study brings to `gfxrtl`: generate and inspect a
// micropolygon workload (`workload raster`), and list MSAA sample positions
// (`samples`) to check coverage by hand.
import { writeDurable, type StudyTool } from '../../explore/index.js';
import { formatStats, generateWorkload, SURFACE_NAMES, serializeMesh, withBlurParams, type SurfaceName } from '../../testbenches/workloads/raster/index.js';
import { ConfigError } from '../../units/config.js';
import { MSAA_MODES, type Msaa } from '../../units/raster-common/formats.js';
import { listSamples } from '../../units/raster-common/samples.js';
import { BLUR_TUPLES } from '../../units/raster-common/blur-formats.js';
import { blurTuple, listBlurSamples } from '../../units/raster-common/blur-samples.js';

const str = (o: Readonly<Record<string, string | boolean | undefined>>, k: string): string => String(o[k] ?? '');

export const WORKLOAD_TOOL: StudyTool = {
  command: 'workload <kind>',
  description: 'generate a workload (kind: raster) and print its statistics',
  options: [
    { flags: '--surface <name>', description: 'default (documented mix) | plane | sphere | sine-grazing | bumpy-sphere', default: 'default' },
    { flags: '--area <px2>', description: 'target mean micropolygon area in pixels^2', default: '0.54' },
    { flags: '--count <n>', description: 'number of triangles', default: '4096' },
    { flags: '--seed <s>', description: 'random seed', default: '2010' },
    { flags: '--size <WxH>', description: 'render target in pixels', default: '1920x1080' },
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
    const area = Number(opts['area']);
    if (!(area > 0 && area <= 64)) throw new ConfigError(`workload: --area ${str(opts, 'area')} must be a number in (0, 64] (pixels^2)`);
    const count = Number(opts['count']);
    if (!Number.isInteger(count) || count < 1) throw new ConfigError(`workload: --count ${str(opts, 'count')} must be a positive integer`);
    const seed = Number(opts['seed']);
    if (!Number.isInteger(seed)) throw new ConfigError(`workload: --seed ${str(opts, 'seed')} must be an integer`);
    const size = str(opts, 'size');
    const m = /^(\d+)x(\d+)$/.exec(size);
    if (!m) throw new ConfigError(`workload: --size ${size} must be WIDTHxHEIGHT in pixels, e.g. 1920x1080`);
    const w = generateWorkload({ surface: surface as SurfaceName | 'default', area, count, seed, target: { width: Number(m[1]), height: Number(m[2]) }, pairs: opts['pairs'] === true });
    const output = opts['output'];
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
    { flags: '--msaa <n>', description: '1 | 4 | 16', default: '16' },
    { flags: '--rect <X,Y,W,H>', description: 'pixel rectangle', default: '0,0,1,1' },
    { flags: '--json', description: 'one JSON object per sample' },
    { flags: '--blur', description: 'blur samples instead: every (2x2-pixel tile, u,v,t tuple) sample of the tiles the rectangle touches' },
  ],
  run(_args, opts) {
    const msaa = Number(opts['msaa']) as Msaa;
    if (!(MSAA_MODES as readonly number[]).includes(msaa)) throw new ConfigError(`samples: --msaa ${str(opts, 'msaa')} is not valid; allowed: ${MSAA_MODES.join(' | ')}`);
    const rect = str(opts, 'rect');
    const m = /^(\d+),(\d+),(\d+),(\d+)$/.exec(rect);
    if (!m) throw new ConfigError(`samples: --rect ${rect} must be X,Y,W,H in pixels`);
    const [x, y, w, h] = [Number(m[1]), Number(m[2]), Number(m[3]), Number(m[4])];
    if (opts['blur'] === true) return printBlurSamples({ x, y, w, h }, opts['json'] === true);
    if (w * h * msaa > 1_000_000) throw new ConfigError(`samples: ${w}x${h} pixels at ${msaa}x is over a million samples; ask for a smaller --rect`);
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

function printBlurSamples(rect: { x: number; y: number; w: number; h: number }, json: boolean): void {
  if (rect.w <= 0 || rect.h <= 0) throw new ConfigError('samples --blur: --rect must have a positive width and height');
  if (rect.w * rect.h * (BLUR_TUPLES / 4) > 1_000_000) throw new ConfigError(`samples --blur: ${rect.w}x${rect.h} pixels is over a million samples; ask for a smaller --rect`);
  const list = listBlurSamples(rect);
  if (json) {
    for (const s of list) {
      const t = blurTuple(s.tuple);
      console.log(JSON.stringify({ ...s, u: t.u, v: t.v, t: t.t }));
    }
    return;
  }
  console.log(`# blur samples (one per 2x2-pixel tile per (u, v, t) tuple, ${BLUR_TUPLES} tuples) of the tiles touching pixels x ${rect.x}..${rect.x + rect.w - 1}, y ${rect.y}..${rect.y + rect.h - 1}`);
  console.log('# sx, sy in 1/256-pixel units (y down); u, v signed 1.10 (raw/1024); t 0.12 (raw/4096)');
  console.log('tx\tty\ttuple\tsx\tsy\tu\tv\tt');
  for (const s of list) {
    const t = blurTuple(s.tuple);
    console.log(`${s.tx}\t${s.ty}\t${s.tuple}\t${s.sx}\t${s.sy}\t${t.u}\t${t.v}\t${t.t}`);
  }
}

export const RASTER_TOOLS: readonly StudyTool[] = [WORKLOAD_TOOL, SAMPLES_TOOL];
