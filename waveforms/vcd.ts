// Trace -> VCD for GTKWave and Surfer: the format for long traces. VcdWriter
// streams cycle by cycle (a simulation can write as it runs, memory stays
// flat); traceToVcd is the whole-trace convenience on top of it.
//
// Timing: cycle c occupies [c*period, (c+1)*period). Values of cycle c (sampled
// before the clock edge that ends it) appear at c*period, together with the
// synthetic clock's rising edge, as a Verilog simulator would dump them; the
// clock falls at c*period + period/2. Timestamps appear only where something
// changes, strictly increasing.
import type { SignalInfo, Trace } from '../hdl/sim/api.js';
import { StringSink, type TextSink } from './text-sink.js';
import { checkTrace } from './trace-shape.js';
import { clockName, vcdHeader } from './vcd-header.js';
import { vcdId } from './vcd-ids.js';
import { chooseWindow, type WindowRequest } from './window.js';
import { InternalError, ParamError } from '../hdl/errors.js';

export interface VcdOptions {
  /** $timescale, e.g. '1ns' (default), '10ps'. */
  timescale?: string;
  /** Time units per clock cycle (default 10: a 100 MHz clock at 1ns). Must be
   *  even when the clock is shown; period 1 with clock: false is one unit per cycle. */
  period?: number;
  /** Add a synthetic 1-bit clock in the top scope (default true). */
  clock?: boolean;
  /** Absolute number of the first sampled cycle (default 0). */
  startCycle?: number;
  /** Scope that holds the clock (default: first level of the first signal's path). */
  topName?: string;
  /** $version text (default 'gfxrtl'). */
  version?: string;
}

const TIMESCALE = /^(1|10|100) ?(s|ms|us|ns|ps|fs)$/;

export class VcdWriter {
  private readonly ids: string[];
  private readonly limits: bigint[];
  private readonly last: bigint[];
  private readonly period: number;
  private readonly clockId: string | null;
  /** Enum names and the id of their string companion, per signal. */
  private readonly names: ({ id: string; names: string[] } | null)[];
  private cycle: number;
  private samples = 0;
  private closed = false;

  constructor(
    private readonly sink: TextSink,
    private readonly signals: readonly SignalInfo[],
    opts: VcdOptions = {},
  ) {
    const timescale = opts.timescale ?? '1ns';
    if (!TIMESCALE.test(timescale)) {
      throw new ParamError('timescale', timescale, '1, 10 or 100 of s/ms/us/ns/ps/fs', { message: `VCD timescale must be 1, 10 or 100 of s/ms/us/ns/ps/fs, got "${timescale}"` });
    }
    const showClock = opts.clock ?? true;
    this.period = opts.period ?? 10;
    if (!Number.isInteger(this.period) || this.period < 1 || (showClock && this.period % 2 !== 0)) {
      throw new InternalError(
        `VCD period must be a positive integer${showClock ? ', even when the clock is shown' : ''}, got ${this.period}`,
      );
    }
    this.cycle = opts.startCycle ?? 0;
    if (!Number.isInteger(this.cycle) || this.cycle < 0) {
      throw new ParamError('startCycle', this.cycle, 'a natural number', { message: `VCD startCycle must be a natural number, got ${this.cycle}` });
    }
    for (const s of signals) {
      if (!Number.isInteger(s.width) || s.width < 1) throw new ParamError('width', s.width, 'an integer >= 1', { message: `signal ${s.path} has width ${s.width}` });
    }
    this.ids = signals.map((_, i) => vcdId(i));
    this.limits = signals.map((s) => 1n << BigInt(s.width));
    this.last = signals.map(() => -1n);
    this.clockId = showClock ? vcdId(signals.length) : null;
    let nextId = signals.length + 1;
    this.names = signals.map((s) => (s.display?.kind === 'enum' ? { id: vcdId(nextId++), names: s.display.names } : null));
    const scope = opts.topName ?? signals[0]?.path.split('.')[0] ?? 'top';
    sink.write(
      vcdHeader({
        signals,
        ids: this.ids,
        nameIds: this.names.map((n) => n?.id ?? null),
        timescale,
        version: opts.version ?? 'gfxrtl',
        clock: this.clockId ? { scope, name: clockName(signals, scope), id: this.clockId } : null,
      }),
    );
  }

  private change(i: number, v: bigint): string {
    const line = this.signals[i]!.width === 1 ? `${v}${this.ids[i]}\n` : `b${v.toString(2)} ${this.ids[i]}\n`;
    const n = this.names[i];
    if (!n) return line;
    const name = (n.names[Number(v)] ?? `0x${v.toString(16)}`).replace(/\s/g, '_');
    return `${line}s${name} ${n.id}\n`;
  }

  /** Record one cycle: values[i] is signal i's raw unsigned bits. */
  sample(values: readonly bigint[]): void {
    if (this.closed) throw new InternalError('VcdWriter: sample after close');
    if (values.length !== this.signals.length) {
      throw new InternalError(`VcdWriter: ${values.length} values for ${this.signals.length} signals`);
    }
    const first = this.samples === 0;
    let changes = '';
    for (let i = 0; i < values.length; i++) {
      const v = values[i]!;
      if (typeof v !== 'bigint' || v < 0n || v >= this.limits[i]!) {
        const s = this.signals[i]!;
        throw new InternalError(`VcdWriter: signal ${s.path} (${s.width} bits) got ${String(v)} at cycle ${this.cycle}`);
      }
      if (first || v !== this.last[i]) {
        changes += this.change(i, v);
        this.last[i] = v;
      }
    }
    const t = this.cycle * this.period;
    if (this.clockId) changes += `1${this.clockId}\n`;
    if (first) this.sink.write(`#${t}\n$dumpvars\n${changes}$end\n`);
    else if (changes) this.sink.write(`#${t}\n${changes}`);
    if (this.clockId) this.sink.write(`#${t + this.period / 2}\n0${this.clockId}\n`);
    this.cycle++;
    this.samples++;
  }

  /** End the dump: with a clock, its rising edge at the end of the last cycle
   *  gives that cycle its full width in viewers. Does not close the sink. */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    if (this.clockId && this.samples > 0) this.sink.write(`#${this.cycle * this.period}\n1${this.clockId}\n`);
  }
}

export interface TraceVcdOptions extends Omit<VcdOptions, 'startCycle'> {
  window?: WindowRequest;
}

/** Stream a (windowed) trace into a sink. */
export function writeTraceVcd(trace: Trace, sink: TextSink, opts: TraceVcdOptions = {}): void {
  checkTrace(trace);
  const w = chooseWindow(trace, opts.window);
  const writer = new VcdWriter(sink, trace.signals, { topName: trace.topName, ...opts, startCycle: w.from });
  // Index in place rather than slicing: long traces are why VCD exists.
  for (let c = w.from - trace.startCycle; c < w.to - trace.startCycle; c++) {
    writer.sample(trace.values.map((row) => row[c]!));
  }
  writer.close();
}

/** The whole (windowed) trace as VCD text. */
export function traceToVcd(trace: Trace, opts: TraceVcdOptions = {}): string {
  const sink = new StringSink();
  writeTraceVcd(trace, sink, opts);
  return sink.toString();
}
