import { describe, expect, it } from 'vitest';
import { findUnit } from '../../studies/registry.js';
import { dropHandedOver, elaborated, handOver } from './elaborated.js';

describe('elaborated designs handed from one report to the next', () => {
  const key = { module: 'file:///study.js', name: 'mac', id: 'intBits=4' };
  let made = 0;
  const mac = () => (made++, findUnit('mac').elaborate('intBits=4,fracBits=4').design);

  it('takes a handed design once, for its own key only, and elaborates otherwise', () => {
    made = 0;
    const first = elaborated(key, mac);
    expect(made).toBe(1);
    expect(first.inv.top).toBe(first.design.top.name);
    handOver(key, first);
    expect(elaborated({ ...key, name: 'other' }, mac)).not.toBe(first);
    expect(elaborated({ ...key, id: 'intBits=8' }, mac)).not.toBe(first);
    expect(made).toBe(3);
    expect(elaborated(key, mac)).toBe(first);
    expect(made).toBe(3);
    expect(elaborated(key, mac)).not.toBe(first);
    expect(made).toBe(4);
  });

  it('forgets what was handed over when dropped', () => {
    made = 0;
    const e = elaborated(key, mac);
    handOver(key, e);
    dropHandedOver();
    expect(elaborated(key, mac)).not.toBe(e);
    expect(made).toBe(2);
  });
});
