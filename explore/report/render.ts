// Vega-Lite -> SVG in Node (vega's headless View, no browser) and SVG -> PNG
// through resvg with a known font file (waveforms/png.ts): without one,
// resvg silently drops text. vega and vega-lite load on the first plot, not
// with the engine: commands that draw nothing should not pay for them.
import type { TopLevelSpec } from 'vega-lite';
import { svgToPng, svgToPngAsync } from '../../waveforms/png.js';

export async function renderSvg(spec: TopLevelSpec): Promise<string> {
  const [{ parse, View }, { compile }] = await Promise.all([import('vega'), import('vega-lite')]);
  const view = new View(parse(compile(spec).spec), { renderer: 'none' });
  try {
    return await view.toSVG();
  } finally {
    view.finalize();
  }
}

export function renderPng(svg: string): Buffer {
  return svgToPng(svg, { scale: 2 });
}

/** renderPng's bytes, drawn on another thread (waveforms/png.ts svgToPngAsync). */
export function renderPngAsync(svg: string): Promise<Buffer> {
  return svgToPngAsync(svg, { scale: 2 });
}
