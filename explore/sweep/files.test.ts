import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { scratchDir } from '../../testbenches/scratch-dir.js';
import { Appender } from './files.js';

describe('an appended file', () => {
  it('holds each append when it returns, fsyncs once per interval and at close, and refuses appends after close', () => {
    const file = join(scratchDir('gfxrtl-append-'), 'points.jsonl');
    let t = 0;
    const a = new Appender(file, 1000, () => t);
    a.append('a\n');
    a.append('b\n');
    // In the file (a killed process loses nothing), not yet fsync'd.
    expect(readFileSync(file, 'utf8')).toBe('a\nb\n');
    expect(a.syncs).toBe(0);
    t = 1000;
    a.append('c\n');
    expect(a.syncs).toBe(1);
    t = 1500;
    a.append('d\n');
    a.append('');
    expect(a.syncs).toBe(1);
    a.close();
    expect(a.syncs).toBe(2);
    expect(readFileSync(file, 'utf8')).toBe('a\nb\nc\nd\n');
    expect(() => a.append('e\n')).toThrow(/append after close/);
    a.close();
    expect(a.syncs).toBe(2);
  });
});
