// One entry point from a Trace to a file, format by extension. A regular
// file is written beside the target under a temporary name and renamed into
// place, so a crash or a refused render never leaves a half-written waveform
// that a viewer would open; a device, FIFO or symlink is written through,
// never replaced (hdl/output-file.ts).
import { extname } from 'node:path';
import { writeOutputFile, writeOutputWith } from '../hdl/output-file.js';
import { UserError } from '../hdl/errors.js';
import type { Trace } from '../hdl/sim/api.js';
import type { Radix } from './labels.js';
import { svgToPng, type PngOptions } from './png.js';
import { renderSvg } from './svg.js';
import { FileSink } from './text-sink.js';
import { writeTraceVcd, type VcdOptions } from './vcd.js';
import { traceToWaveJson } from './wavejson.js';
import type { WindowRequest } from './window.js';

export type WaveformFormat = 'json' | 'svg' | 'png' | 'vcd';

/** Signal selection happens upstream (Simulator.startTrace patterns). */
export interface WriteWaveformOptions {
  /** Absolute cycles [from, to); default the whole trace. */
  window?: WindowRequest;
  /** Bus labels in WaveJSON/SVG/PNG (default 'auto': per DisplayFormat). */
  radix?: Radix;
  /** Round fixed-point labels to this many decimals (default exact). */
  fracDigits?: number;
  title?: string;
  hscale?: number | 'auto';
  vcd?: Omit<VcdOptions, 'startCycle'>;
  png?: PngOptions;
}

export function formatOf(file: string): WaveformFormat {
  const ext = extname(file).toLowerCase();
  switch (ext) {
    case '.json':
      return 'json';
    case '.svg':
      return 'svg';
    case '.png':
      return 'png';
    case '.vcd':
      return 'vcd';
    default:
      throw new UserError(`cannot tell the waveform format of ${file}: use .json (WaveJSON), .svg, .png or .vcd`);
  }
}

/** Write `trace` to `file` (.json, .svg, .png or .vcd). Synchronous. */
export function writeWaveform(trace: Trace, file: string, opts: WriteWaveformOptions = {}): void {
  const format = formatOf(file);
  if (format === 'vcd') {
    writeOutputWith(file, (tmp) => {
      const sink = new FileSink(tmp);
      try {
        writeTraceVcd(trace, sink, { ...opts.vcd, window: opts.window });
      } finally {
        sink.close();
      }
    });
    return;
  }
  const json = traceToWaveJson(trace, {
    window: opts.window,
    radix: opts.radix,
    fracDigits: opts.fracDigits,
    title: opts.title,
    hscale: opts.hscale,
  });
  // Render before touching the file system: a refused SVG leaves nothing behind.
  const content =
    format === 'json'
      ? JSON.stringify(json, null, 1) + '\n'
      : format === 'svg'
        ? renderSvg(json)
        : svgToPng(renderSvg(json), opts.png);
  writeOutputFile(file, content);
}
