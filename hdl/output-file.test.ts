// Result files never replace what the path names: a symlink keeps pointing
// at its (rewritten) target, a device or FIFO is written through, a regular
// file is replaced whole; and unwritable locations are refused up front.
import { spawn } from 'node:child_process';
import { lstatSync, mkdirSync, mkdtempSync, readFileSync, readlinkSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execFileSync } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { UserError } from './errors.js';
import { checkOutputDir, checkOutputFile, writeOutputFile } from './output-file.js';

const T = mkdtempSync(join(tmpdir(), 'gfxrtl-out-'));
afterAll(() => rmSync(T, { recursive: true, force: true }));

describe('writeOutputFile', () => {
  it('replaces a regular file and creates a new one', () => {
    writeFileSync(join(T, 'a.txt'), 'old');
    writeOutputFile(join(T, 'a.txt'), 'new');
    writeOutputFile(join(T, 'sub', 'b.txt'), 'b');
    expect(readFileSync(join(T, 'a.txt'), 'utf8')).toBe('new');
    expect(readFileSync(join(T, 'sub', 'b.txt'), 'utf8')).toBe('b');
  });

  it('writes through a symlink: the link stays, its target changes', () => {
    writeFileSync(join(T, 'target.txt'), 'old');
    symlinkSync('target.txt', join(T, 'link.txt'));
    writeOutputFile(join(T, 'link.txt'), 'new');
    expect(lstatSync(join(T, 'link.txt')).isSymbolicLink()).toBe(true);
    expect(readlinkSync(join(T, 'link.txt'))).toBe('target.txt');
    expect(readFileSync(join(T, 'target.txt'), 'utf8')).toBe('new');
  });

  it('writes through a character device', () => {
    writeOutputFile('/dev/null', 'discarded');
    expect(lstatSync('/dev/null').isCharacterDevice()).toBe(true);
  });

  it('writes through a FIFO to its reader', async () => {
    const fifo = join(T, 'pipe');
    execFileSync('mkfifo', [fifo]);
    const reader = spawn('cat', [fifo]);
    let got = '';
    reader.stdout.on('data', (d: Buffer) => (got += d.toString()));
    const closed = new Promise((r) => reader.on('close', r));
    writeOutputFile(fifo, 'through the pipe');
    await closed;
    expect(got).toBe('through the pipe');
    expect(lstatSync(fifo).isFIFO()).toBe(true);
  });
});

describe('checkOutputFile / checkOutputDir', () => {
  it('refuses a directory, a path under a file, a dangling link, with UserError', () => {
    mkdirSync(join(T, 'd'), { recursive: true });
    writeFileSync(join(T, 'f'), '');
    symlinkSync(join(T, 'gone'), join(T, 'dangling'));
    expect(() => checkOutputFile(join(T, 'd'), '--output')).toThrow(/is a directory/);
    expect(() => checkOutputFile(join(T, 'f', 'x'), '--output')).toThrow(/is not a directory/);
    expect(() => checkOutputFile(join(T, 'dangling'), '--output')).toThrow(/dangling symbolic link/);
    expect(() => checkOutputDir(join(T, 'f'), '--out')).toThrow(UserError);
    expect(() => checkOutputFile('-', '--output')).not.toThrow();
    expect(() => checkOutputFile(join(T, 'new', 'deeper', 'x.jsonl'), '--output')).not.toThrow();
  });
});
