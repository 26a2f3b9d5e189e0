// Run a merge unit's DSL module over a stream of quad-fragment payloads
// and collect its output stream. Two loops: `runStream`, a cycle at a time
// through the stream agents, with random input bubbles and output
// back-pressure (the unit tests); and `runStreamFast`, back to back with the
// consumer always ready, on the simulator's fast path (sim.runStream:
// payloads prepared up front as words, outputs read in bulk, no handle
// call per cycle), which the studies use. runStreamFast packs the
// stimulus into words (word-pack.ts) for the design's ports;
// runPackedStream takes it packed already (the studies' workloads pack it
// when they are built, so a run's time is the simulation's); runStream
// takes the BigInt records of the same encoders. stream-run.test.ts holds
// the loops equal. The unit must expose `state` (0 = idle) and `occupancy`, and its
// input is ready exactly in its idle state.
import { createSimulator, type CompiledSimulator } from '../../hdl/sim/index.js';
import { batchWords } from '../../hdl/sim/index.js';
import type { Design } from '../../hdl/ir.js';
import { InternalError } from '../../hdl/errors.js';
import { runUntilDone } from '../clocked.js';
import type { Rng } from '../rng.js';
import { packStream, type PackedStimulus, type PackedStream } from './word-pack.js';
import { type Payload, payloadPorts, portHandle, StreamDriver, StreamMonitor, streamHandles, type StreamHandles } from '../stream.js';

export interface StreamRun {
  readonly received: Record<string, bigint>[];
  readonly cycles: number;
  /** Cycles in which a fragment was offered and not accepted. */
  readonly stalls: number;
}

/** Most cycles a run may take: 40 per fragment and 200 to drain. */
const budget = (n: number): number => 40 * n + 200;

/** Drive every grid's fragments (the last of each grid marked) and collect the output stream. */
export function runStream(design: Design, top: string, payloads: readonly Payload[], fields: readonly string[], rng: Rng, bubble: number, stall: number, simulator?: CompiledSimulator): StreamRun {
  const sim = simulator ?? createSimulator(design);
  sim.reset();
  const ports = sim.ports;
  const input = streamHandles(ports['in'], `${top}.in`);
  // The FSM's state register is no port: a named signal, read through its path.
  const state = sim.handle(`${top}.state`);
  const occupancy = portHandle(ports['occupancy'], `${top}.occupancy`);
  const drv = new StreamDriver(input, { rng: rng.fork('drv'), bubbleProbability: bubble });
  const mon = new StreamMonitor(streamHandles(ports['out'], `${top}.out`), { rng: rng.fork('mon'), stallProbability: stall, fields });
  drv.push(...payloads);
  const n = payloads.length;
  let stalls = 0;
  const counter = {
    drive: () => undefined,
    sample: () => {
      if (input.valid.read() === 1n && input.ready.read() === 0n) stalls++;
    },
  };
  // Done when every fragment is in and the unit is back to idle with nothing left to say.
  const idle = (): boolean => drv.pending === 0 && state.read() === 0 && occupancy.read() === 0n;
  const cycles = runUntilDone(sim, [drv, mon, counter], () => drv.accepted.length === n && idle(), budget(n), `${top} stream [seed ${rng.seed}]`);
  return { received: mon.received.map((r) => r.payload as Record<string, bigint>), cycles, stalls };
}

function getWords(from: Uint32Array, at: number, words: number): bigint {
  let v = 0n;
  for (let j = words - 1; j >= 0; j--) v = (v << 32n) | BigInt(from[at * words + j]!);
  return v;
}

/** The in stream's payload field handles, by field name (`who`: the function that asks, for its errors). */
function inFields(input: StreamHandles, top: string, who: string) {
  const { scalar, fields } = payloadPorts(input);
  if (scalar !== null) throw new InternalError(`${who}: ${top}.in has a scalar payload; the merge units take records`);
  return fields;
}

/**
 * runStream with no bubbles and the consumer always ready, on the
 * simulator's stream loop: the same cycles, stalls and output records.
 * The run ends, as there, once every fragment is taken and the unit is
 * idle: its input is ready only in the idle state, and after the last
 * fragment (marked `last`) it is idle only with the buffer flushed, so
 * `in_ready` is the stop condition. `fields`: the output fields to return
 * per record (none: the records are counted only).
 */
export function runStreamFast<R, K extends string>(design: Design, top: string, stimulus: PackedStimulus<R, K>, fields: readonly string[], simulator?: CompiledSimulator): StreamRun {
  const sim = simulator ?? createSimulator(design);
  const ports = inFields(streamHandles(sim.ports['in'], `${top}.in`), top, 'runStreamFast');
  const packed = packStream(stimulus, (key) => {
    const h = ports.get(key);
    if (h === undefined) throw new InternalError(`runStreamFast: ${top}.in has no payload field ${key}`);
    return h.width;
  });
  return runPackedStream(design, top, packed, fields, sim);
}

/**
 * runStreamFast on a stimulus packed before the run (a study's workload
 * packs it when it is built, for the port widths the config gives): each
 * packed field must be a field of the in stream, in as many words a record
 * as the port takes; a port field the stimulus does not write stays 0.
 */
export function runPackedStream<K extends string>(design: Design, top: string, packed: PackedStream<K>, fields: readonly string[], simulator?: CompiledSimulator): StreamRun {
  const sim = simulator ?? createSimulator(design);
  sim.reset();
  const ports = sim.ports;
  const input = streamHandles(ports['in'], `${top}.in`);
  const output = streamHandles(ports['out'], `${top}.out`);
  const n = packed.count;
  const inPorts = inFields(input, top, 'runPackedStream');
  const columns: Record<string, Uint32Array> = {};
  for (const key of Object.keys(packed.columns) as K[]) {
    const h = inPorts.get(key);
    if (h === undefined) throw new InternalError(`runPackedStream: ${top}.in has no payload field ${key}`);
    if (packed.words[key] !== batchWords(h.width)) throw new InternalError(`runPackedStream: ${top}.in field ${key} is ${h.width} bits (${batchWords(h.width)} words a record); the stimulus was packed in ${packed.words[key]}`);
  }
  for (const [key, h] of inPorts) columns[h.path] = (packed.columns as Partial<Record<string, Uint32Array>>)[key] ?? new Uint32Array(Math.max(1, n) * batchWords(h.width));
  const outFields = payloadPorts(output).fields;
  const wanted = fields.map((f) => {
    const h = outFields.get(f);
    if (h === undefined) throw new InternalError(`runPackedStream: ${top}.out has no payload field ${f}`);
    return { f, path: h.path, words: batchWords(h.width) };
  });
  output.ready.write(1);
  const r = sim.runStream({
    source: { valid: input.valid.path, ready: input.ready.path, payload: columns, count: n },
    until: input.ready.path,
    sinks: [{ valid: output.valid.path, fields: wanted.map((w) => w.path) }],
    tallies: [{ when: input.valid.path, unless: input.ready.path }],
    // One cycle more than the budget: the loop looks for the end before it gives up at a cycle.
    maxCycles: budget(n) + 1,
  });
  if (!r.done) throw new InternalError(`${top} stream: not done after ${budget(n)} cycles (${r.accepted.filter((c) => c >= 0).length} of ${n} fragments accepted)`);
  const sink = r.sinks[0]!;
  const received = Array.from({ length: sink.count }, (_, m) => Object.fromEntries(wanted.map((w) => [w.f, getWords(sink.fields[w.path]!, m, w.words)])));
  return { received, cycles: r.cycles, stalls: r.tallies[0]! };
}
