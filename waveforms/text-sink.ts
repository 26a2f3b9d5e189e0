// Where streamed text goes. Synchronous on purpose: the VCD writer is driven
// cycle by cycle from simulation loops, and a synchronous file sink needs no
// backpressure handling and never holds more than one buffer in memory.
import { closeSync, openSync, writeSync } from 'node:fs';
import { InternalError } from '../hdl/errors.js';

export interface TextSink {
  write(chunk: string): void;
}

/** Collects everything in memory (whole-trace strings, tests). */
export class StringSink implements TextSink {
  private parts: string[] = [];
  write(chunk: string): void {
    this.parts.push(chunk);
  }
  toString(): string {
    return this.parts.join('');
  }
}

/** Appends to a file through a buffer, flushing every `bufferChars`. */
export class FileSink implements TextSink {
  private fd: number | null;
  private buf: string[] = [];
  private size = 0;

  constructor(
    readonly path: string,
    private readonly bufferChars = 1 << 16,
  ) {
    this.fd = openSync(path, 'w');
  }

  write(chunk: string): void {
    if (this.fd === null) throw new InternalError(`write to ${this.path} after close`);
    this.buf.push(chunk);
    this.size += chunk.length;
    if (this.size >= this.bufferChars) this.flush();
  }

  flush(): void {
    if (this.fd === null || this.size === 0) return;
    const bytes = Buffer.from(this.buf.join(''), 'utf8');
    // writeSync may write less than asked (pipes, full disks report errors).
    for (let off = 0; off < bytes.length; ) off += writeSync(this.fd, bytes, off);
    this.buf = [];
    this.size = 0;
  }

  close(): void {
    if (this.fd === null) return;
    try {
      this.flush();
    } finally {
      closeSync(this.fd);
      this.fd = null;
    }
  }
}
