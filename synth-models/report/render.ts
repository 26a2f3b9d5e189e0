// Vega-Lite -> SVG in Node (vega's headless View, no browser) and SVG -> PNG
// through resvg with a known font file (waveforms/png.ts): without one,
// resvg silently drops text.
import { parse, View } from 'vega';
import { compile, type TopLevelSpec } from 'vega-lite';
import { svgToPng } from '../../waveforms/png.js';

export async function renderSvg(spec: TopLevelSpec): Promise<string> {
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
