// Trace -> WaveDrom WaveJSON, for small windows a person reads in a doc or a
// review. Long traces belong in VCD (see svg.ts for the size guard).
import type { SignalInfo, Trace } from '../hdl/sim/api.js';
import { fitHscale } from './hscale.js';
import { buildHierarchy, type ScopeItem } from './hierarchy.js';
import { formatValue, type LabelOptions } from './labels.js';
import { checkTrace } from './trace-shape.js';
import { allLanes, type WaveItem, type WaveJson, type WaveLane } from './wavejson-types.js';
import { chooseWindow, sliceTrace, type WindowRequest } from './window.js';
import { ParamError } from '../hdl/errors.js';

export interface WaveJsonOptions extends LabelOptions {
  window?: WindowRequest;
  /** Title above the diagram (default: top name and cycle range). */
  title?: string;
  /** Horizontal stretch (WaveDrom config.hscale, 1..100); default 'auto'
   *  widens cycles (up to 4x) until bus labels fit. */
  hscale?: number | 'auto';
}

/** One lane: 1-bit signals as levels, buses as '=' segments with labels. */
export function laneFor(
  name: string,
  signal: SignalInfo,
  row: readonly bigint[],
  opts: LabelOptions = {},
): WaveLane {
  let wave = '';
  const data: string[] = [];
  row.forEach((v, c) => {
    if (c > 0 && v === row[c - 1]) wave += '.';
    else if (signal.width === 1) wave += v === 0n ? '0' : '1';
    else {
      wave += '=';
      data.push(formatValue(v, signal.width, signal.display, opts));
    }
  });
  return signal.width === 1 ? { name, wave } : { name, wave, data };
}

function toItems(items: ScopeItem[], trace: Trace, opts: LabelOptions): WaveItem[] {
  return items.map((it): WaveItem =>
    it.kind === 'signal'
      ? laneFor(it.leaf, trace.signals[it.index]!, trace.values[it.index]!, opts)
      : [it.scope.name, ...toItems(it.scope.items, trace, opts)],
  );
}

/** WaveJSON for a window of the trace (default: all of it), grouped by
 *  module: `Top.u_fifo.count` becomes lane `count` in ['Top', ['u_fifo', ...]]. */
export function traceToWaveJson(trace: Trace, opts: WaveJsonOptions = {}): WaveJson {
  checkTrace(trace);
  const w = chooseWindow(trace, opts.window);
  const t = sliceTrace(trace, w);
  const labelOpts: LabelOptions = { radix: opts.radix ?? 'auto', fracDigits: opts.fracDigits };
  const json: WaveJson = {
    signal: toItems(buildHierarchy(t.signals), t, labelOpts),
    head: { text: opts.title ?? `${trace.topName}, cycles ${w.from}..${w.to - 1}` },
    foot: { tick: w.from },
  };
  const h = opts.hscale ?? 'auto';
  if (h !== 'auto' && (!Number.isInteger(h) || h < 1 || h > 100)) {
    throw new ParamError('hscale', h, 'auto or an integer 1..100', { message: `hscale must be 'auto' or an integer 1..100, got ${h}` });
  }
  const hscale = h === 'auto' ? fitHscale(allLanes(json.signal)) : h;
  if (hscale !== 1) json.config = { hscale };
  return json;
}
