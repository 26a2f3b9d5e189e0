// The interactive report beside the Markdown one, for `gfxrtl report`,
// `sweep --report` and `study`: the engine writes the pages
// (explore/report/html/), the CLI hands it WaveDrom to draw each design's
// first cycles (the engine draws no waveforms itself).
import { writeHtmlReport } from '../explore/report/html/write-html.js';
import type { Trace } from '../hdl/sim/api.js';
import { renderSvg } from '../waveforms/svg.js';
import { traceToWaveJson } from '../waveforms/wavejson.js';

/** Writes DIR/index.html and DIR/designs/; returns a line saying so. */
export async function writeHtml(dir: string): Promise<string> {
  const r = await writeHtmlReport(dir, { waveform: (trace: Trace) => renderSvg(traceToWaveJson(trace)) });
  return `${r.index} (${r.designs.length} design pages)`;
}

/** This module's URL, for a phase thread of the study pipeline (explore/phase-worker.ts imports it and calls writeHtml). */
export const HTML_REPORT_MODULE = import.meta.url;
