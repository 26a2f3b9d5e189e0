// SVG -> PNG with resvg. WaveDrom's text asks for Helvetica, which Linux
// machines rarely have, and resvg without a usable font silently drops the
// text; so we hand resvg a font file ourselves.
// resvg is a native module: it is loaded on the first PNG, not by every
// command that imports a module drawing one (gfxrtl --help draws nothing).
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';

type ResvgModule = typeof import('@resvg/resvg-js');

/** The font a caller named is not there (png.ts imports nothing of gfxrtl's, so the engine can load it alone). */
export class MissingFontError extends Error {}
let resvgModule: ResvgModule | null = null;
function resvg(): ResvgModule {
  return (resvgModule ??= createRequire(import.meta.url)('@resvg/resvg-js') as ResvgModule);
}

/** Helvetica-compatible first: Liberation Sans has Helvetica's metrics, so
 *  WaveDrom's label widths (computed for Helvetica) still fit. */
const FONT_CANDIDATES: ReadonlyArray<{ file: string; family: string }> = [
  { file: '/usr/share/fonts/truetype/liberation2/LiberationSans-Regular.ttf', family: 'Liberation Sans' },
  { file: '/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf', family: 'Liberation Sans' },
  { file: '/usr/share/fonts/liberation-sans/LiberationSans-Regular.ttf', family: 'Liberation Sans' },
  { file: '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf', family: 'DejaVu Sans' },
  { file: '/usr/share/fonts/dejavu-sans-fonts/DejaVuSans.ttf', family: 'DejaVu Sans' },
  { file: '/System/Library/Fonts/Helvetica.ttc', family: 'Helvetica' },
  { file: '/Library/Fonts/Arial.ttf', family: 'Arial' },
  { file: 'C:\\Windows\\Fonts\\arial.ttf', family: 'Arial' },
];

export interface PngOptions {
  /** Pixels per SVG unit (default 2: crisp on high-DPI screens and in docs). */
  scale?: number;
  /** Font file to use instead of searching; its family must be given too. */
  font?: { file: string; family: string };
  /** Default white: WaveDrom's SVG is transparent and dark viewers hide it. */
  background?: string;
}

/** The font we will use, or null when only system fonts are left. */
export function findFont(): { file: string; family: string } | null {
  return FONT_CANDIDATES.find((f) => existsSync(f.file)) ?? null;
}

/** resvg's options for `opts` (the font checked and chosen here). */
function resvgOptions(opts: PngOptions): import('@resvg/resvg-js').ResvgRenderOptions {
  const font = opts.font ?? findFont();
  if (opts.font && !existsSync(opts.font.file)) throw new MissingFontError(`font file ${opts.font.file} not found`);
  return {
    fitTo: { mode: 'zoom', value: opts.scale ?? 2 },
    background: opts.background ?? 'white',
    font: font
      ? {
          loadSystemFonts: false,
          fontFiles: [font.file],
          // 'Helvetica' is not in the database, so resvg falls back to these.
          defaultFontFamily: font.family,
          sansSerifFamily: font.family,
        }
      : // No known file: let resvg scan the system (slower; text renders if
        // any font is installed, otherwise it is missing from the PNG).
        { loadSystemFonts: true },
  };
}

export function svgToPng(svg: string, opts: PngOptions = {}): Buffer {
  return new (resvg().Resvg)(svg, resvgOptions(opts)).render().asPng();
}

/** svgToPng's image, parsed and drawn on a thread of libuv's pool (the
 *  caller's thread only encodes the PNG): a report draws its next plot
 *  meanwhile. */
export async function svgToPngAsync(svg: string, opts: PngOptions = {}): Promise<Buffer> {
  return (await resvg().renderAsync(svg, resvgOptions(opts))).asPng();
}
