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

/** What both layouts' sizes depend on, from one scan of a block: the bit
 *  length of its range and its distinct words. The distinct words are
 *  counted by a scan of those seen so far, after a check against the
 *  previous word (the common case): a block holds 64 words and a SPID block
 *  few distinct ones, so this costs less than a Set per block. Float64: any
 *  number a word array holds. */
const SEEN = new Float64Array(BLOCK_WORDS);
const SCAN = { range: 0, distinct: 0 };
function scanBlock(block: ArrayLike<number>, from: number): typeof SCAN {
  let U = 0;
  let prev = NaN;
  let lo = Infinity;
  let hi = -Infinity;
  for (let i = from; i < from + BLOCK_WORDS; i++) {
    const v = block[i]!;
    if (v === prev) continue;
    prev = v;
    if (v < lo) lo = v;
    if (v > hi) hi = v;
    let j = 0;
    while (j < U && SEEN[j] !== v) j++;
    if (j === U) SEEN[U++] = v;
  }
  SCAN.range = bitLen(hi - lo);
  SCAN.distinct = U;
  return SCAN;
}

const minMaxLayout = (range: number): number => 38 + BLOCK_WORDS * range;
const paletteLayout = (range: number, distinct: number): number => 44 + distinct * range + BLOCK_WORDS * bitLen(distinct - 1);

/** Payload bits of the min/max codec for a block, from the layout alone (no packing). */
export function minMaxBits(block: ArrayLike<number>, from = 0): number {
  return minMaxLayout(scanBlock(block, from).range);
}

/** Payload bits of the palette codec for a block, from the layout alone. */
export function paletteBits(block: ArrayLike<number>, from = 0): number {
  const { range, distinct } = scanBlock(block, from);
  return paletteLayout(range, distinct);
}

export interface BufferCost {
  readonly blocks: number;
  /** Bytes moved: 64 per line, plus the 2-bit codec tags. */
  readonly bytes: number;
  readonly rawBytes: number;
  readonly byCodec: Record<Codec, number>;
}

/** Which codecs a buffer may use: the best per block, or one of them (else raw). */
export type CodecChoice = 'best' | Exclude<Codec, 'raw'>;
const CHOICES: readonly CodecChoice[] = ['best', 'minmax', 'palette'];
const CODECS: readonly Codec[] = ['raw', 'minmax', 'palette'];

/** A buffer's cost under every codec choice, summed block by block as
 *  blocks are added: each block's two layouts are sized once for all three
 *  choices, and a buffer can be streamed through a 64-word window instead
 *  of being held whole. */
export class BufferTally {
  private blocks = 0;
  /** Lines per choice, and blocks per (choice, codec), in CHOICES x CODECS order: numbers in arrays, not keyed records, in the per-block path. */
  private readonly lines = new Float64Array(CHOICES.length);
  private readonly byCodec = new Float64Array(CHOICES.length * CODECS.length);

  /** The block of BLOCK_WORDS words at `from`, both layouts sized from one scan. */
  add(words: ArrayLike<number>, from = 0): void {
    const { range, distinct } = scanBlock(words, from);
    const mm = linesOf(minMaxLayout(range));
    const pal = linesOf(paletteLayout(range, distinct));
    this.blocks++;
    this.take(0, mm, pal);
    this.take(1, mm, Infinity);
    this.take(2, Infinity, pal);
  }

  private take(choice: number, mm: number, pal: number): void {
    const best = Math.min(mm, pal, RAW_LINES);
    this.byCodec[choice * CODECS.length + (best === RAW_LINES ? 0 : mm <= pal ? 1 : 2)]! += 1;
    this.lines[choice]! += best;
  }

  cost(choice: CodecChoice = 'best'): BufferCost {
    const blocks = this.blocks;
    const c = CHOICES.indexOf(choice);
    const byCodec = Object.fromEntries(CODECS.map((codec, i) => [codec, this.byCodec[c * CODECS.length + i]!])) as Record<Codec, number>;
    return { blocks, bytes: this.lines[c]! * (LINE_BITS / 8) + Math.ceil((blocks * TAG_BITS) / 8), rawBytes: blocks * BLOCK_WORDS * 4, byCodec };
  }

  /** Every choice's cost. */
  costs(): Record<CodecChoice, BufferCost> {
    return { best: this.cost('best'), minmax: this.cost('minmax'), palette: this.cost('palette') };
  }
}

/** The refusal of a buffer that is not a whole number of blocks. */
export function checkWholeBlocks(words: number, what = 'compressBuffer'): void {
  if (words % BLOCK_WORDS !== 0) throw new ParamError('words', words, 'a whole number of blocks', { message: `${what}: ${words} words is not a whole number of ${BLOCK_WORDS}-word blocks` });
}

/** Compress a buffer of 32-bit words block by block (its length a multiple
 *  of 64), with both codecs or only one; sizes from the layouts, which the
 *  tests hold equal to the encoders' packed bits. */
export function compressBuffer(words: ArrayLike<number>, only?: Exclude<Codec, 'raw'>): BufferCost {
  checkWholeBlocks(words.length);
  const tally = new BufferTally();
  for (let b = 0; b < words.length; b += BLOCK_WORDS) tally.add(words, b);
  return tally.cost(only ?? 'best');
}
