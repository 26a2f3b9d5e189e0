// Reference codecs for the SPID buffers (sort-units.md). A block is 256 bytes
// = 64 32-bit words of one buffer (primitive ids, or Morton coordinates);
// the bus moves 64-byte lines, so a block costs 1, 2 or 3 lines compressed,
// or 4 raw. The codec of each block (2 bits) lives in a side table.
//
// min/max offset: min (32) | w (6) | 64 x (value - min) in w bits, w = bits of max - min.
// palette:        U-1 (6) | base (32) | pw (6) | U sorted entries (entry - base) in pw bits
//                 | 64 indices in ceil(log2 U) bits, pw = bits of (largest - base).
// A codec applies when its bits fit 3 lines; each block takes the fewest
// lines among those that apply (min/max first on a tie), else raw.
import { BitReader, BitWriter } from './bitstream.js';
import { InternalError, ParamError } from '../../hdl/errors.js';

export const BLOCK_WORDS = 64;
export const LINE_BITS = 512;
export const RAW_LINES = 4;
export const TAG_BITS = 2;
export type Codec = 'raw' | 'minmax' | 'palette';

export interface Encoded {
  readonly codec: Codec;
  /** Payload words, LSB-first packing. */
  readonly words: number[];
  readonly bits: number;
  readonly lines: number;
}

const bitLen = (v: number): number => (v === 0 ? 0 : Math.floor(Math.log2(v)) + 1);
const linesOf = (bits: number): number => Math.ceil(bits / LINE_BITS);

function checkBlock(block: readonly number[]): void {
  if (block.length !== BLOCK_WORDS) throw new ParamError('block', block.length, 'BLOCK_WORDS words', { message: `codec: a block holds ${BLOCK_WORDS} words, got ${block.length}` });
  for (const v of block) if (!Number.isInteger(v) || v < 0 || v >= 2 ** 32) throw new ParamError('word', v, 'a 32-bit word', { message: `codec: ${v} is not a 32-bit word` });
}

export function encodeMinMax(block: readonly number[]): Encoded {
  checkBlock(block);
  let lo = Infinity;
  let hi = -Infinity;
  for (const v of block) {
    if (v < lo) lo = v;
    if (v > hi) hi = v;
  }
  const w = bitLen(hi - lo);
  const bw = new BitWriter();
  bw.put(lo, 32);
  bw.put(w, 6);
  for (const v of block) bw.put(v - lo, w);
  return { codec: 'minmax', words: bw.finish(), bits: bw.bits, lines: linesOf(bw.bits) };
}

export function decodeMinMax(words: readonly number[]): number[] {
  const r = new BitReader(words);
  const lo = r.get(32);
  const w = r.get(6);
  return Array.from({ length: BLOCK_WORDS }, () => lo + r.get(w));
}

export function encodePalette(block: readonly number[]): Encoded | null {
  checkBlock(block);
  const entries = [...new Set(block)].sort((a, b) => a - b);
  const U = entries.length;
  const base = entries[0]!;
  const pw = bitLen(entries[U - 1]! - base);
  const iw = bitLen(U - 1);
  const index = new Map(entries.map((v, i) => [v, i]));
  const bw = new BitWriter();
  bw.put(U - 1, 6);
  bw.put(base, 32);
  bw.put(pw, 6);
  for (const e of entries) bw.put(e - base, pw);
  for (const v of block) bw.put(index.get(v)!, iw);
  return { codec: 'palette', words: bw.finish(), bits: bw.bits, lines: linesOf(bw.bits) };
}

export function decodePalette(words: readonly number[]): number[] {
  const r = new BitReader(words);
  const U = r.get(6) + 1;
  const base = r.get(32);
  const pw = r.get(6);
  const entries = Array.from({ length: U }, () => base + r.get(pw));
  const iw = bitLen(U - 1);
  return Array.from({ length: BLOCK_WORDS }, () => {
    const e = entries[r.get(iw)];
    if (e === undefined) throw new InternalError('palette: index past the palette');
    return e;
  });
}

/** The block in the fewest lines: min/max or palette if either fits 3 lines, else raw. */
export function encodeBlock(block: readonly number[]): Encoded {
  checkBlock(block);
  const options: Encoded[] = [encodeMinMax(block)];
  const pal = encodePalette(block);
  if (pal !== null) options.push(pal);
  let best: Encoded = { codec: 'raw', words: [...block], bits: BLOCK_WORDS * 32, lines: RAW_LINES };
  for (const o of options) if (o.lines < best.lines) best = o;
  return best;
}

export function decodeBlock(e: Pick<Encoded, 'codec' | 'words'>): number[] {
  switch (e.codec) {
    case 'raw':
      return [...e.words];
    case 'minmax':
      return decodeMinMax(e.words);
    case 'palette':
      return decodePalette(e.words);
  }
}

/** Payload bits of the min/max codec for a block, from the layout alone (no packing). */
export function minMaxBits(block: ArrayLike<number>, from = 0): number {
  let lo = Infinity;
  let hi = -Infinity;
  for (let i = from; i < from + BLOCK_WORDS; i++) {
    const v = block[i]!;
    if (v < lo) lo = v;
    if (v > hi) hi = v;
  }
  return 38 + BLOCK_WORDS * bitLen(hi - lo);
}

/** Payload bits of the palette codec for a block, from the layout alone. */
export function paletteBits(block: ArrayLike<number>, from = 0): number {
  const seen = new Set<number>();
  let lo = Infinity;
  let hi = -Infinity;
  for (let i = from; i < from + BLOCK_WORDS; i++) {
    const v = block[i]!;
    seen.add(v);
    if (v < lo) lo = v;
    if (v > hi) hi = v;
  }
  const U = seen.size;
  return 44 + U * bitLen(hi - lo) + BLOCK_WORDS * bitLen(U - 1);
}

export interface BufferCost {
  readonly blocks: number;
  /** Bytes moved: 64 per line, plus the 2-bit codec tags. */
  readonly bytes: number;
  readonly rawBytes: number;
  readonly byCodec: Record<Codec, number>;
}

/** Compress a buffer of 32-bit words block by block (its length a multiple
 *  of 64), with both codecs or only one; sizes from the layouts, which the
 *  tests hold equal to the encoders' packed bits. */
export function compressBuffer(words: ArrayLike<number>, only?: Exclude<Codec, 'raw'>): BufferCost {
  if (words.length % BLOCK_WORDS !== 0) throw new ParamError('words', words.length, 'a whole number of blocks', { message: `compressBuffer: ${words.length} words is not a whole number of ${BLOCK_WORDS}-word blocks` });
  const byCodec: Record<Codec, number> = { raw: 0, minmax: 0, palette: 0 };
  let lines = 0;
  let blocks = 0;
  for (let b = 0; b < words.length; b += BLOCK_WORDS) {
    const mm = only === 'palette' ? Infinity : linesOf(minMaxBits(words, b));
    const pal = only === 'minmax' ? Infinity : linesOf(paletteBits(words, b));
    const best = Math.min(mm, pal, RAW_LINES);
    byCodec[best === RAW_LINES ? 'raw' : mm <= pal ? 'minmax' : 'palette']++;
    lines += best;
    blocks++;
  }
  return { blocks, bytes: lines * (LINE_BITS / 8) + Math.ceil((blocks * TAG_BITS) / 8), rawBytes: blocks * BLOCK_WORDS * 4, byCodec };
}
