// Valid/ready stream agents. A driver offers queued payloads on a stream
// input and keeps them steady until accepted; a monitor (optionally
// applying back-pressure) collects what a stream output delivers. Both
// take an Rng so stalls and bubbles are random but replayable from a seed.
import { ParamError } from '../hdl/errors.js';
import type { Simulator } from '../hdl/sim/api.js';
import type { PortHandle, PortHandleTree } from '../hdl/sim/runtime/ports.js';
import type { Agent } from './clocked.js';
import type { Rng } from './rng.js';

/** Payload: one bigint for a scalar payload, or a record for a bundle
 *  (keys are the field paths joined by '_', as the port names are). */
export type Payload = bigint | Readonly<Record<string, bigint>>;

/** A stream port's handles, as `sim.ports` gives them (`sim.ports.enq`). */
export interface StreamHandles {
  readonly valid: PortHandle;
  readonly ready: PortHandle;
  readonly payload: PortHandleTree;
}

const isHandle = (t: PortHandleTree | undefined): t is PortHandle => t !== undefined && typeof (t as PortHandle).path === 'string' && typeof (t as PortHandle).read === 'function';

/** `tree` (an entry of an untyped design's `sim.ports`) as a stream port;
 *  `what` names it in the error when it is not one. */
export function streamHandles(tree: PortHandleTree | undefined, what: string): StreamHandles {
  const t = tree as Partial<Record<'valid' | 'ready' | 'payload', PortHandleTree>> | undefined;
  if (t === undefined || Array.isArray(t) || isHandle(tree) || !isHandle(t.valid) || !isHandle(t.ready) || t.payload === undefined)
    throw new ParamError('stream port', what, 'a stream port of the design (valid, ready and payload)');
  return { valid: t.valid, ready: t.ready, payload: t.payload };
}

/** `tree` (an entry of an untyped design's `sim.ports`) as one port; `what` names it in the error. */
export function portHandle(tree: PortHandleTree | undefined, what: string): PortHandle {
  if (!isHandle(tree)) throw new ParamError('port', what, 'a scalar port of the design');
  return tree;
}

/** The stream's path without its suffix (`Swap.in`): its valid port's path, less `_valid`. */
const streamName = (s: StreamHandles): string => s.valid.path.replace(/_valid$/, '');

/** The payload's handles: the port itself for a scalar payload, else its leaves by field path ('_'-joined, as Payload keys are). */
export function payloadPorts(s: StreamHandles): { scalar: PortHandle | null; fields: Map<string, PortHandle> } {
  if (isHandle(s.payload)) return { scalar: s.payload, fields: new Map() };
  const root = `${streamName(s)}_payload_`;
  const fields = new Map<string, PortHandle>();
  const walk = (t: PortHandleTree): void => {
    if (isHandle(t)) fields.set(t.path.slice(root.length), t);
    else for (const c of Array.isArray(t) ? t : Object.values(t)) if (c !== undefined) walk(c as PortHandleTree);
  };
  walk(s.payload);
  return { scalar: null, fields };
}

/** Offers queued payloads on a stream input, each held until accepted, with seeded random bubbles. */
export class StreamDriver implements Agent {
  private readonly queue: Payload[] = [];
  private offering = false;
  /** Payloads accepted so far, with the cycle each was accepted in. */
  readonly accepted: { cycle: number; payload: Payload }[] = [];

  private readonly payload: ReturnType<typeof payloadPorts>;

  /** `port`: the stream input's handles, e.g. `sim.ports.enq`. */
  constructor(
    private readonly port: StreamHandles,
    private readonly opts: { rng?: Rng; bubbleProbability?: number } = {},
  ) {
    this.payload = payloadPorts(port);
  }

  push(...payloads: Payload[]): void {
    this.queue.push(...payloads);
  }
  get pending(): number {
    return this.queue.length;
  }

  drive(_sim: Simulator): void {
    // Once valid is raised it stays until the transfer (the AXI-style rule
    // the units rely on); bubbles are only inserted between payloads.
    if (!this.offering) {
      const bubble = this.opts.rng !== undefined && this.opts.rng.float() < (this.opts.bubbleProbability ?? 0);
      this.offering = this.queue.length > 0 && !bubble;
    }
    this.port.valid.write(this.offering ? 1 : 0);
    const head = this.queue[0];
    if (this.offering && head !== undefined) this.offer(head);
  }

  private offer(p: Payload): void {
    const { scalar, fields } = this.payload;
    if (typeof p === 'bigint') {
      if (scalar === null) throw new ParamError('payload', String(p), `a record of ${streamName(this.port)}'s fields (${[...fields.keys()].join(', ')})`);
      scalar.write(p);
      return;
    }
    for (const [k, v] of Object.entries(p)) {
      const h = fields.get(k);
      if (h === undefined) throw new ParamError('payload field', k, scalar === null ? `a field of ${streamName(this.port)} (${[...fields.keys()].join(', ')})` : `none: ${streamName(this.port)} has a scalar payload`);
      h.write(v);
    }
  }

  sample(sim: Simulator): void {
    if (this.offering && this.port.ready.read() === 1n) {
      this.accepted.push({ cycle: sim.cycle, payload: this.queue.shift() as Payload });
      this.offering = false;
    }
  }
}

/** Collects what a stream output delivers, optionally with seeded random back-pressure. */
export class StreamMonitor implements Agent {
  readonly received: { cycle: number; payload: Payload }[] = [];
  private ready = true;

  private readonly scalar: PortHandle | null;
  private readonly fields: [string, PortHandle][];

  /** `port`: the stream output's handles, e.g. `sim.ports.deq`. A bundle
   *  payload is collected as a record of every field, or of `fields` only. */
  constructor(
    private readonly port: StreamHandles,
    private readonly opts: { rng?: Rng; stallProbability?: number; fields?: readonly string[] } = {},
  ) {
    const { scalar, fields } = payloadPorts(port);
    this.scalar = scalar;
    const keep = opts.fields ?? [...fields.keys()];
    this.fields = keep.map((f) => {
      const h = fields.get(f);
      if (h === undefined) throw new ParamError('fields', f, `a payload field of ${streamName(port)} (${[...fields.keys()].join(', ') || 'none: its payload is scalar'})`);
      return [f, h];
    });
  }

  drive(_sim: Simulator): void {
    this.ready = !(this.opts.rng !== undefined && this.opts.rng.float() < (this.opts.stallProbability ?? 0));
    this.port.ready.write(this.ready ? 1 : 0);
  }

  sample(sim: Simulator): void {
    if (!this.ready || this.port.valid.read() !== 1n) return;
    const payload: Payload = this.scalar !== null ? this.scalar.read() : Object.fromEntries(this.fields.map(([f, h]) => [f, h.read()]));
    this.received.push({ cycle: sim.cycle, payload });
  }
}
