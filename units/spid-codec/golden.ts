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
  if (block.length !== BLOCK_WORDS) throw new Error(`codec: a block holds ${BLOCK_WORDS} words, got ${block.length}`);
  for (const v of block) if (!Number.isInteger(v) || v < 0 || v >= 2 ** 32) throw new Error(`codec: ${v} is not a 32-bit word`);
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
    if (e === undefined) throw new Error('palette: index past the palette');
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

export interface BufferCost {
  readonly blocks: number;
  /** Bytes moved: 64 per line, plus the codec tags. */
  readonly bytes: number;
  readonly rawBytes: number;
  readonly byCodec: Record<Codec, number>;
}

/** Compress a buffer of 32-bit words block by block (a short last block is padded by repeating its last word). */
export function compressBuffer(words: ArrayLike<number>, only?: Codec): BufferCost {
  const byCodec: Record<Codec, number> = { raw: 0, minmax: 0, palette: 0 };
  let lines = 0;
  let blocks = 0;
  for (let b = 0; b < words.length; b += BLOCK_WORDS) {
    const block = Array.from({ length: BLOCK_WORDS }, (_, i) => words[Math.min(b + i, words.length - 1)]!);
    let e: Encoded;
    if (only === undefined) e = encodeBlock(block);
    else {
      const c = only === 'minmax' ? encodeMinMax(block) : only === 'palette' ? encodePalette(block) : null;
      e = c !== null && c.lines < RAW_LINES ? c : { codec: 'raw', words: block, bits: 2048, lines: RAW_LINES };
    }
    byCodec[e.codec]++;
    lines += e.lines;
    blocks++;
  }
  return { blocks, bytes: lines * (LINE_BITS / 8) + Math.ceil((blocks * TAG_BITS) / 8), rawBytes: blocks * BLOCK_WORDS * 4, byCodec };
}
