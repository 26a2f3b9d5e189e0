// `gfxrtl samples`: every MSAA sample position in a pixel rectangle (or, with
// --blur, every (tile, tuple) blur sample of the tiles it touches), so anyone
// can check coverage against the published conventions by hand.
import { MSAA_MODES, type Msaa } from '../../units/raster-common/formats.js';
import { listSamples } from '../../units/raster-common/samples.js';
import { blurTuple, listBlurSamples } from '../../units/raster-common/blur-samples.js';
import { BLUR_TUPLES } from '../../units/raster-common/blur-formats.js';
import { ConfigError } from '../../units/config.js';

export function samplesCommand(opts: { msaa: string; rect: string; json?: boolean; blur?: boolean }): void {
  const msaa = Number(opts.msaa) as Msaa;
  if (!(MSAA_MODES as readonly number[]).includes(msaa)) throw new ConfigError(`samples: --msaa ${opts.msaa} is not valid; allowed: ${MSAA_MODES.join(' | ')}`);
  const m = /^(\d+),(\d+),(\d+),(\d+)$/.exec(opts.rect);
  if (!m) throw new ConfigError(`samples: --rect ${opts.rect} must be X,Y,W,H in pixels`);
  const [x, y, w, h] = m.slice(1).map(Number) as [number, number, number, number];
  const perPixel = opts.blur ? BLUR_TUPLES / 4 : msaa;
  if (w * h * perPixel > 1_000_000) throw new ConfigError(`samples: ${w}x${h} pixels at ${perPixel} samples per pixel is over a million samples; ask for a smaller --rect`);
  if (opts.blur) return printBlur({ x, y, w, h }, opts.json === true);
  const list = listSamples(msaa, { x, y, w, h });
  if (opts.json) {
    for (const s of list) console.log(JSON.stringify(s));
    return;
  }
  console.log(`# ${msaa}x MSAA samples in pixels x ${x}..${x + w - 1}, y ${y}..${y + h - 1}; sx, sy in 1/256-pixel units (y grows downward)`);
  console.log('px\tpy\ts\tsx\tsy');
  for (const s of list) console.log(`${s.px}\t${s.py}\t${s.s}\t${s.sx}\t${s.sy}`);
}

function printBlur(rect: { x: number; y: number; w: number; h: number }, json: boolean): void {
  if (rect.w <= 0 || rect.h <= 0) throw new ConfigError(`samples --blur: --rect must have a positive width and height`);
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
