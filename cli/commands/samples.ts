// `gfxrtl samples`: every MSAA sample position in a pixel rectangle, so
// anyone can check coverage against the published conventions by hand.
import { MSAA_MODES, type Msaa } from '../../units/raster-common/formats.js';
import { listSamples } from '../../units/raster-common/samples.js';
import { ConfigError } from '../../units/config.js';

export function samplesCommand(opts: { msaa: string; rect: string; json?: boolean }): void {
  const msaa = Number(opts.msaa) as Msaa;
  if (!(MSAA_MODES as readonly number[]).includes(msaa)) throw new ConfigError(`samples: --msaa ${opts.msaa} is not valid; allowed: ${MSAA_MODES.join(' | ')}`);
  const m = /^(\d+),(\d+),(\d+),(\d+)$/.exec(opts.rect);
  if (!m) throw new ConfigError(`samples: --rect ${opts.rect} must be X,Y,W,H in pixels`);
  const [x, y, w, h] = m.slice(1).map(Number);
  if (w * h * msaa > 1_000_000) throw new ConfigError(`samples: ${w}x${h} pixels at ${msaa}x is over a million samples; ask for a smaller --rect`);
  const list = listSamples(msaa, { x, y, w, h });
  if (opts.json) {
    for (const s of list) console.log(JSON.stringify(s));
    return;
  }
  console.log(`# ${msaa}x MSAA samples in pixels x ${x}..${x + w - 1}, y ${y}..${y + h - 1}; sx, sy in 1/256-pixel units (y grows downward)`);
  console.log('px\tpy\ts\tsx\tsy');
  for (const s of list) console.log(`${s.px}\t${s.py}\t${s.s}\t${s.sx}\t${s.sy}`);
}
