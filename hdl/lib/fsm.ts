// A finite-state machine with named states. The state register is binary
// encoded and carries an enum display, so WaveDrom labels and VCD show the
// state names. Every state name is checked at elaboration: a goto, is or
// case naming a state that was not declared is an error listing the
// declared ones.
import type { ModuleBuilder } from '../module.js';
import type { UInt } from '../signal.js';
import { uint } from '../types.js';
import { switchOn } from './switch.js';
import { indexBits } from './util.js';

/** A finite-state machine with named states (`fsm(m, name, states)`): `is`, `goto` and `switch` by name; waveforms show the names. */
export class Fsm<N extends string> {
  /** The state register (binary code of the state, in declaration order). */
  readonly state: UInt;
  private readonly codes = new Map<string, number>();

  constructor(
    private readonly m: ModuleBuilder,
    readonly name: string,
    readonly states: readonly N[],
    opts: { init?: N } = {},
  ) {
    if (states.length === 0) m.fail('bad parameter', name, `FSM ${name} declares no states`);
    states.forEach((s, i) => {
      if (typeof s !== 'string' || s.length === 0) m.fail('bad parameter', name, `FSM ${name}: state ${i} has no name`);
      if (this.codes.has(s)) m.fail('bad parameter', name, `FSM ${name}: state ${s} is declared twice`);
      this.codes.set(s, i);
    });
    const init = opts.init ?? states[0]!;
    this.state = m.reg(name, uint(indexBits(states.length)), { init: this.code(init) });
    m.nodes[this.state.id]!.display = { kind: 'enum', names: [...states] };
  }

  /** The binary code of a state. */
  code(s: N): number {
    const c = this.codes.get(s);
    if (c === undefined) this.m.fail('unknown state', this.name, `FSM ${this.name} has no state "${String(s)}"; declared: ${this.states.join(', ')}`);
    return c;
  }

  /** The code of state `s` as a constant of the state register's type: a
   *  next state chosen by a `mux` (`state.set(mux(c, f.lit('a'), f.lit('b')))`). */
  lit(s: N): UInt {
    return this.m.lit(this.code(s), this.state.type);
  }

  /** 1 while the machine is in state `s`. */
  is(s: N): UInt {
    return this.state.eq(this.code(s));
  }

  /** Next state is `s` (a set(): put it inside when/switch branches): a
   *  state name, or a state code chosen by a `mux` of `lit`s. */
  goto(s: N | UInt): void {
    this.state.set(typeof s === 'string' ? this.code(s) : s);
  }

  /** One branch per state, like switchOn; states left out stay put unless
   *  `otherwise` is given. */
  switch(cases: { readonly [K in N]?: () => void }, otherwise?: () => void): void {
    const known = new Set<string>(this.states);
    for (const k of Object.keys(cases)) if (!known.has(k)) this.code(k as N);
    switchOn(this.m, this.state, (c) => {
      for (const s of this.states) {
        const body = cases[s];
        if (body) c.is(this.code(s), body);
      }
      if (otherwise) c.default(otherwise);
    });
  }
}

/** An FSM whose state register is `name` (reset to `init`, default the first state). */
export function fsm<const N extends string>(m: ModuleBuilder, name: string, states: readonly N[], opts: { init?: N } = {}): Fsm<N> {
  return new Fsm(m, name, states, opts);
}
