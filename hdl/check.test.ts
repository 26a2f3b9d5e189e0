// The IR check elaborate() runs before any backend: malformed modules
// (built by hand, as a buggy pass or elaborator would) fail by name.
import { describe, expect, it } from 'vitest';
import { checkModule } from './check.js';
import { IrModuleBuilder } from './test-ir.js';

describe('IR check', () => {
  it('accepts a well-formed module', () => {
    const t = new IrModuleBuilder('Good');
    const a = t.input('a', 8);
    t.output('y', t.node({ op: 'add', a, b: a }, 8));
    expect(() => checkModule(t.build())).not.toThrow();
  });

  it('names the module and node of a width violation', () => {
    const t = new IrModuleBuilder('Bad');
    const a = t.input('a', 8);
    const b = t.input('b', 9);
    t.output('y', t.node({ op: 'add', a, b }, 8, 's'));
    expect(() => checkModule(t.build())).toThrow('IR check: module Bad: node s (add, 8 bits): operand b is 9 bits (node 1), expected 8');
  });

  it('catches references to missing nodes and unconnected instance inputs', () => {
    const dangling = new IrModuleBuilder('Dangling');
    dangling.output('y', dangling.node({ op: 'not', a: 7 }, 1));
    expect(() => checkModule(dangling.build())).toThrow(/reads node 7, which does not exist/);

    const child = new IrModuleBuilder('Child');
    child.output('o', child.input('i', 4));
    const parent = new IrModuleBuilder('Parent');
    const inst = parent.instance('u', child.build(), {});
    parent.output('y', parent.instout(inst, 'o'));
    expect(() => checkModule(parent.build())).toThrow(/instance u \(module Child\): input port "i" is not connected/);
  });
});
