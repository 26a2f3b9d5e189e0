// Valid/ready stream agents. A driver offers queued payloads on a stream
// input and keeps them steady until accepted; a monitor (optionally
// applying back-pressure) collects what a stream output delivers. Both
// take an Rng so stalls and bubbles are random but replayable from a seed.
import type { Simulator } from '../hdl/sim/api.js';
import type { Agent } from './clocked.js';
import type { Rng } from './rng.js';

/** Payload: one bigint for a scalar payload, or a record for a bundle
 *  (keys are the field paths joined by '_', as the port names are). */
export type Payload = bigint | Readonly<Record<string, bigint>>;

function pokePayload(sim: Simulator, prefix: string, p: Payload): void {
  if (typeof p === 'bigint') sim.poke(`${prefix}_payload`, p);
  else for (const [k, v] of Object.entries(p)) sim.poke(`${prefix}_payload_${k}`, v);
}

/** Offers queued payloads on a stream input, each held until accepted, with seeded random bubbles. */
export class StreamDriver implements Agent {
  private readonly queue: Payload[] = [];
  private offering = false;
  /** Payloads accepted so far, with the cycle each was accepted in. */
  readonly accepted: { cycle: number; payload: Payload }[] = [];

  /** `prefix`: path of the stream port without suffix, e.g. `Fifo.enq`. */
  constructor(
    private readonly prefix: string,
    private readonly opts: { rng?: Rng; bubbleProbability?: number } = {},
  ) {}

  push(...payloads: Payload[]): void {
    this.queue.push(...payloads);
  }
  get pending(): number {
    return this.queue.length;
  }

  drive(sim: Simulator): void {
    // Once valid is raised it stays until the transfer (the AXI-style rule
    // the units rely on); bubbles are only inserted between payloads.
    if (!this.offering) {
      const bubble = this.opts.rng !== undefined && this.opts.rng.float() < (this.opts.bubbleProbability ?? 0);
      this.offering = this.queue.length > 0 && !bubble;
    }
    sim.poke(`${this.prefix}_valid`, this.offering ? 1 : 0);
    const head = this.queue[0];
    if (this.offering && head !== undefined) pokePayload(sim, this.prefix, head);
  }

  sample(sim: Simulator): void {
    if (this.offering && sim.peek(`${this.prefix}_ready`) === 1n) {
      this.accepted.push({ cycle: sim.cycle, payload: this.queue.shift() as Payload });
      this.offering = false;
    }
  }
}

/** Collects what a stream output delivers, optionally with seeded random back-pressure. */
export class StreamMonitor implements Agent {
  readonly received: { cycle: number; payload: Payload }[] = [];
  private ready = true;

  /** fields: payload field names for a bundle payload (omit for a scalar). */
  constructor(
    private readonly prefix: string,
    private readonly opts: { rng?: Rng; stallProbability?: number; fields?: readonly string[] } = {},
  ) {}

  drive(sim: Simulator): void {
    this.ready = !(this.opts.rng !== undefined && this.opts.rng.float() < (this.opts.stallProbability ?? 0));
    sim.poke(`${this.prefix}_ready`, this.ready ? 1 : 0);
  }

  sample(sim: Simulator): void {
    if (!this.ready || sim.peek(`${this.prefix}_valid`) !== 1n) return;
    const fields = this.opts.fields;
    const payload: Payload = fields === undefined ? sim.peek(`${this.prefix}_payload`) : Object.fromEntries(fields.map((f) => [f, sim.peek(`${this.prefix}_payload_${f}`)]));
    this.received.push({ cycle: sim.cycle, payload });
  }
}
