// The error boundary: user mistakes are one line and exit 2, system refusals
// of a named file are user mistakes, anything else is a bug with its stack,
// a request to report it, and exit 70.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { OutputError, UserError } from '../hdl/errors.js';
import { writeOutputFile } from '../hdl/output-file.js';
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

  it('the whole reason on one line: line breaks flattened, nothing cut', () => {
    expect(describeFailure(new UserError('GFXRTL_PLUGINS: cannot load p.ts: Transform failed with 1 error:\np.ts:3:5: ERROR: Expected ";"'), false).text).toBe(
      'gfxrtl: GFXRTL_PLUGINS: cannot load p.ts: Transform failed with 1 error: p.ts:3:5: ERROR: Expected ";"\n',
    );
    let e: unknown;
    try {
      readFileSync('no\nsuch.stim.json');
    } catch (x) {
      e = x;
    }
    expect(describeFailure(e, false).text).toBe('gfxrtl: cannot open "no\\nsuch.stim.json": no such file or directory\n');
  });

  it('an output the system refuses: one line naming it, exit 74', () => {
    let e: unknown;
    try {
      writeOutputFile('/dev/full', 'x'.repeat(10));
    } catch (x) {
      e = x;
    }
    expect(describeFailure(e, false)).toEqual({ code: 74, text: 'gfxrtl: cannot write /dev/full: no space left on the device (ENOSPC)\n' });
    expect(describeFailure(new OutputError('standard output', 'the reader closed the pipe (output cut short) (EPIPE)'), false).code).toBe(74);
  });

  it('--debug is taken from anywhere on the line', () => {
    expect(takeDebugFlag(['sim', '--debug', 'fifo'])).toEqual({ argv: ['sim', 'fifo'], debug: true });
  });
});
