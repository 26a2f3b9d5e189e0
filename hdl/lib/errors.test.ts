// Bad arguments to the library fail at elaboration with the usual HdlError:
// the module, the signal, the line of the caller, and what would be valid.
import { describe, expect, it } from 'vitest';
import { elaborate } from '../elaborate.js';
import { HdlError } from '../errors.js';
import { defineModule, type ModuleBuilder } from '../module.js';
import { sint, uint } from '../types.js';
import { fsm, popCount, queue, shiftRegister, switchOn, pipe, Vec, indexToOneHot } from '../index.js';

function failure(body: (m: ModuleBuilder) => void): HdlError {
  const Bad = defineModule('Bad', (m) => {
    body(m);
    return {};
  });
  try {
    elaborate(Bad, undefined);
  } catch (e) {
    if (e instanceof HdlError) return e;
    throw e;
  }
  throw new Error('elaboration succeeded');
}

const here = /hdl\/lib\/errors\.test\.ts:\d+/;

describe('library argument checks', () => {
  it('Vec index of the wrong width', () => {
    const e = failure((m) => {
      const v = Vec.regs(m, 'tags', uint(4), 5);
      v.read(m.input('i', uint(2)));
    });
    expect(e.message).toMatch(/width mismatch in module Bad, signal i .*: Vec tags.read: 5 elements need a uint\(3\) index/);
    expect(e.message).toMatch(here);
  });

  it('Vec static index past the end', () => {
    const e = failure((m) => Vec.wires(m, 'w', uint(1), 3).at(3));
    expect(e.message).toMatch(/index out of range in module Bad, signal w .*index 3 is not in 0\.\.2/);
  });

  it('FSM transition to an undeclared state lists the declared ones', () => {
    const e = failure((m) => {
      const s = fsm(m, 'st', ['idle', 'busy']);
      m.when(m.input('go', uint(1)), () => s.goto('bsy' as 'busy'));
    });
    expect(e.message).toMatch(/unknown state in module Bad, signal st .*: FSM st has no state "bsy"; declared: idle, busy/);
    expect(e.message).toMatch(here);
  });

  it('FSM switch naming an undeclared state', () => {
    const e = failure((m) => fsm(m, 'st', ['a', 'b']).switch({ c: () => undefined } as never));
    expect(e.message).toMatch(/FSM st has no state "c"/);
  });

  it('queue of depth zero', () => {
    const e = failure((m) => queue(m, 'q', uint(8), 0));
    expect(e.message).toMatch(/bad parameter in module Bad, signal q .*: queue q: depth 0; it must be an integer >= 1/);
    expect(e.message).toMatch(here);
  });

  it('switch values out of range, duplicated, or after default', () => {
    const sel = (m: ModuleBuilder) => m.input('sel', uint(2));
    expect(failure((m) => switchOn(m, sel(m), (c) => c.is(4, () => undefined))).message).toMatch(/literal out of range .*signal sel.*is\(4\).*values 0\.\.3/);
    expect(failure((m) => switchOn(m, sel(m), (c) => { c.is(1, () => undefined); c.is([2, 1], () => undefined); })).message).toMatch(/duplicate case .*value 1 is already handled by case 1/);
    expect(failure((m) => switchOn(m, sel(m), (c) => { c.default(() => undefined); c.is(0, () => undefined); })).message).toMatch(/default must be the last case/);
  });

  it('pipe and shift register lengths, decoder width, signed input to popCount', () => {
    expect(failure((m) => pipe(m, 'p', m.input('x', uint(3)), -1)).message).toMatch(/pipe p: -1 stages/);
    expect(failure((m) => shiftRegister(m, 'sr', m.input('x', uint(3)), 0)).message).toMatch(/shiftRegister sr: depth 0/);
    expect(failure((m) => indexToOneHot(m.input('i', uint(2)), 5)).message).toMatch(/indexToOneHot width is 5; it must be an integer in 1\.\.4/);
    expect(failure((m) => popCount(m.input('s', sint(4)) as never)).message).toMatch(/type mismatch .*signal s.*popCount takes a uint, got sint/);
  });
});
