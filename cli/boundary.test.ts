// The error boundary: user mistakes are one line and exit 2, system refusals
// of a named file are user mistakes, anything else is a bug with its stack,
// a request to report it, and exit 70.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { UserError } from '../hdl/errors.js';
import { ConfigError } from '../units/config.js';
import { describeFailure, takeDebugFlag } from './boundary.js';

describe('describeFailure', () => {
  it('a user mistake: one line, exit 2; its stack only with --debug', () => {
    const f = describeFailure(new ConfigError('fifo: depth=3 is not valid; allowed: 2 | 4'), false);
    expect(f).toEqual({ code: 2, text: 'gfxrtl: fifo: depth=3 is not valid; allowed: 2 | 4\n' });
    expect(describeFailure(new UserError('x'), true).text).toMatch(/^gfxrtl: x\n.*at /s);
  });

  it('a file the system refuses is a user mistake naming the file', () => {
    let e: unknown;
    try {
      readFileSync('/nonexistent/in.json');
    } catch (x) {
      e = x;
    }
    expect(describeFailure(e, false)).toEqual({ code: 2, text: 'gfxrtl: cannot open /nonexistent/in.json: no such file or directory\n' });
  });

  it('anything else is a bug: stack, a request to report it, exit 70', () => {
    const f = describeFailure(new TypeError('x is undefined'), false);
    expect(f.code).toBe(70);
    expect(f.text).toMatch(/internal error.*x is undefined/);
    expect(f.text).toMatch(/at .*boundary\.test/);
    expect(f.text).toMatch(/Please report it/);
  });

  it('--debug is taken from anywhere on the line', () => {
    expect(takeDebugFlag(['sim', '--debug', 'fifo'])).toEqual({ argv: ['sim', 'fifo'], debug: true });
  });
});
