// LSB-first bit packing into 32-bit words: the layout both the golden codecs
// and the DSL min/max encoder produce (field i's bit 0 follows field i-1's
// last bit). Kept in bigint so fields of any width up to 32 bits pack exactly.
import { InternalError, ParamError } from '../../hdl/errors.js';

export class BitWriter {
  private readonly words: number[] = [];
  private acc = 0n;
  private fill = 0;
  bits = 0;
  put(value: number, width: number): void {
    if (width === 0) return;
    if (!Number.isInteger(value) || value < 0 || value >= 2 ** width) throw new ParamError('value', value, 'a value that fits the width', { message: `BitWriter: ${value} does not fit ${width} bits` });
    this.acc |= BigInt(value) << BigInt(this.fill);
    this.fill += width;
    this.bits += width;
    while (this.fill >= 32) {
      this.words.push(Number(this.acc & 0xffffffffn));
      this.acc >>= 32n;
      this.fill -= 32;
    }
  }
  finish(): number[] {
    return this.fill > 0 ? [...this.words, Number(this.acc)] : [...this.words];
  }
}

export class BitReader {
  private pos = 0;
  constructor(private readonly words: readonly number[]) {}
  get(width: number): number {
    let v = 0;
    for (let i = 0; i < width; i++) {
      const p = this.pos + i;
      const w = this.words[p >>> 5];
      if (w === undefined) throw new InternalError(`BitReader: read past the end (${this.words.length} words)`);
      if ((w >>> (p & 31)) & 1) v += 2 ** i;
    }
    this.pos += width;
    return v;
  }
}
