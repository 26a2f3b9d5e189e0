// SRAM and CAM arrays: CACTI 7 (45 nm high-performance) per-bit area and
// per-access energy, at the reference point (op-cost.ts). The array item
// carries area and leakage; each read, write or search port item carries
// its energy per access and its access time.
import type { OpShape } from '../hdl/inventory/index.js';
import { equality } from './arith-cost.js';
import { powerLaw, type Anchor } from './interpolate.js';
import { atReference, ENERGY_DENSITY, ZERO, type OpCost } from './op-cost.js';
import { CACTI7_45HP, NANGATE45 } from './sources.js';
import { InternalError } from '../hdl/errors.js';

const FO4_PS = NANGATE45.fo4Ps;
const log2 = Math.log2;

/** Ports beyond the one CACTI's arrays have add a wordline and bitlines to
 *  every cell: we take +50% area (and leaking transistors) per extra port,
 *  which puts a two-port cell at 1.5x, inside the 1.3-2x usually quoted. */
function portFactor(ports: number, basePorts: number): number {
  return 1 + 0.5 * Math.max(0, ports - basePorts);
}

/** A 6T cell has two cross-coupled minimum inverters, each with one device
 *  off: about one INV_X1's leakage per bit. */
const SRAM_BIT_LEAKAGE_NW = NANGATE45.cells.INV_X1.leakageNw;

const sramRead64: Anchor[] = CACTI7_45HP.sramRead64.map((f) => ({ x: f.bytes, y: atReference(f.energyPj * 1000, CACTI7_45HP.vdd) }));

/** Energy per accessed bit of an SRAM of `bits` capacity: CACTI's 64-bit
 *  read energies, power-law between 8 KB and 1 MB; below 8 KB as
 *  sqrt(capacity) (word and bit lines both shorten as the square root).
 *  Writes are taken to cost what reads do. */
function sramBitEnergy(bits: number): number {
  return powerLaw(sramRead64, Math.max(bits, 1) / 8, 0.5) / 64;
}

/** Access time (our estimate; no public figure in the spec): a decoder of
 *  ceil(log4 depth) FO4 stages, plus ~8 FO4 for wordline, bitline, sense amp
 *  and output. About 290 ps for 1024 rows. */
function sramAccessPs(depth: number): number {
  return FO4_PS * (8 + Math.ceil(log2(Math.max(depth, 2)) / 2));
}

const camBitArea: Anchor[] = CACTI7_45HP.camBitUm2.map((f) => ({ x: f.entries, y: f.areaUm2 }));
const camSlope = Math.log(camBitArea[1]!.y / camBitArea[0]!.y) / Math.log(camBitArea[1]!.x / camBitArea[0]!.x);
/** A NOR-type CAM cell: 10 transistors against SRAM's 6. */
const CAM_BIT_LEAKAGE_NW = (SRAM_BIT_LEAKAGE_NW * 10) / 6;

function macro(areaUm2: number, leakageNw: number): OpCost {
  return { ...ZERO, areaUm2, leakageNw, macro: true };
}

function access(energyFj: number, delayPs: number): OpCost {
  return { ...ZERO, energyFj, delayPs, macro: true };
}

/** The memory and CAM kinds: storage, access ports and write ports, all
 *  priced here (one form each). Listed once; `satisfies` makes the compiler
 *  reject a list that misses or invents a kind. */
type MemoryKind = 'sram' | 'sramread' | 'sramwrite' | 'cam' | 'camsearch' | 'camwrite';
const MEMORY_KINDS: ReadonlySet<string> = new Set(Object.keys({ sram: 1, sramread: 1, sramwrite: 1, cam: 1, camsearch: 1, camwrite: 1 } satisfies Record<MemoryKind, 1>));
export type MemoryShape = Extract<OpShape, { kind: MemoryKind }>;

export function isMemoryShape(s: OpShape): s is MemoryShape {
  return MEMORY_KINDS.has(s.kind);
}

/** Below this many bits a memory is built as synthesis builds it without a
 *  memory compiler: a register file of flip-flops, a write-enable per word
 *  and a read multiplexer per port (Yosys memory_map does exactly this).
 *  SRAM compilers' smallest macros hold a few Kbit (and an 8 KB array is the
 *  smallest CACTI figure we have); below 4 Kbit the macro's periphery (sense
 *  amplifiers, decoders, timing) outweighs its cells, so designers take
 *  flops. Above it, CACTI's SRAM macros. */
export const REGISTER_FILE_MAX_BITS = 4096;

export function isRegisterFile(width: number, depth: number): boolean {
  return width * depth <= REGISTER_FILE_MAX_BITS;
}

const cells = NANGATE45.cells;
const DFF = NANGATE45.DFF_X1;
const CLOCK_PIN_FJ = (DFF.clockPinFj[0] + DFF.clockPinFj[1]) / 2;

/** A flip-flop register file: every bit a DFF with its load mux (write
 *  enable), a decoder of one AND per word and address bit, and per read
 *  port a (depth - 1)-way tree of width-bit 2:1 muxes. Energies by area
 *  density (op-cost.ts), the clock pins every cycle. */
function registerFile(s: MemoryShape): OpCost {
  switch (s.kind) {
    case 'sram': {
      const bits = s.width * s.depth;
      const cell = DFF.areaUm2 + cells.MUX2_X1.areaUm2;
      const decoder = s.writePorts * s.depth * Math.max(1, Math.ceil(log2(Math.max(s.depth, 2)))) * cells.NAND2_X1.areaUm2;
      const area = bits * cell + decoder;
      return { areaUm2: area, leakageNw: bits * (DFF.leakageNw + cells.MUX2_X1.leakageNw) + (decoder / cells.NAND2_X1.areaUm2) * cells.NAND2_X1.leakageNw, energyFj: 0, clockFj: bits * CLOCK_PIN_FJ, delayPs: 0, macro: false };
    }
    case 'sramread': {
      const muxes = Math.max(0, s.depth - 1) * s.width;
      const area = muxes * cells.MUX2_X1.areaUm2;
      // a read switches one path through the tree per bit, about log2(depth) muxes
      const levels = Math.max(1, Math.ceil(log2(Math.max(s.depth, 2))));
      return { areaUm2: area, leakageNw: muxes * cells.MUX2_X1.leakageNw, energyFj: s.width * levels * cells.MUX2_X1.areaUm2 * ENERGY_DENSITY, clockFj: 0, delayPs: levels * cells.MUX2_X1.delayPs, macro: false };
    }
    case 'sramwrite':
      // one word's flops and its decoder line switch
      return { ...ZERO, energyFj: s.width * (DFF.areaUm2 + cells.MUX2_X1.areaUm2) * ENERGY_DENSITY, delayPs: 0 };
    default:
      throw new InternalError(`registerFile: ${s.kind} is not a memory shape`);
  }
}

/** A CAM as Yosys builds it from our Verilog: key (and care) and valid bits
 *  in flops with a load mux, a write decoder, and per search port an
 *  equality comparator and an AND per entry. */
function flopCam(s: MemoryShape): OpCost {
  switch (s.kind) {
    case 'cam': {
      const bits = s.entries * ((s.ternary ? 2 : 1) * s.keyWidth + 1);
      return registerFile({ kind: 'sram', width: bits / s.entries, depth: s.entries, readPorts: 0, writePorts: s.writePorts });
    }
    case 'camsearch': {
      const eq = equality(s.keyWidth);
      const and = cells.NAND2_X1.areaUm2 + cells.INV_X1.areaUm2;
      const area = s.entries * (eq.areaUm2 + and);
      return { areaUm2: area, leakageNw: s.entries * eq.leakageNw, energyFj: area * ENERGY_DENSITY, clockFj: 0, delayPs: eq.delayPs + cells.NAND2_X1.delayPs + cells.INV_X1.delayPs, macro: false };
    }
    case 'camwrite':
      return registerFile({ kind: 'sramwrite', width: s.keyWidth + 1, depth: s.entries });
    default:
      return registerFile(s);
  }
}

/** Every memory and CAM as flops and logic, whatever its size: what Yosys,
 *  which has no SRAM compiler, builds from our Verilog (memory_map), for the
 *  area cross-check to compare like with like. */
export function memoryAsFlops(s: MemoryShape): OpCost {
  return flopCam(s);
}

export function memoryCost(s: MemoryShape): OpCost {
  if ((s.kind === 'sram' || s.kind === 'sramread' || s.kind === 'sramwrite') && isRegisterFile(s.width, s.depth)) return registerFile(s);
  switch (s.kind) {
    case 'sram': {
      const bits = s.width * s.depth;
      const f = portFactor(s.readPorts + s.writePorts, 1);
      return macro(bits * CACTI7_45HP.sramBitUm2 * f, bits * SRAM_BIT_LEAKAGE_NW * f);
    }
    case 'sramread':
      return access(s.width * sramBitEnergy(s.width * s.depth), sramAccessPs(s.depth));
    case 'sramwrite':
      return access(s.width * sramBitEnergy(s.width * s.depth), 0);
    case 'cam': {
      // A ternary cell stores a care bit beside each key bit.
      const bits = s.entries * ((s.ternary ? 2 : 1) * s.keyWidth + 1);
      const f = portFactor(s.searchPorts + s.writePorts + (s.readPorts ?? 0), 2);
      return macro(bits * powerLaw(camBitArea, s.entries, camSlope) * f, bits * CAM_BIT_LEAKAGE_NW * f);
    }
    case 'camsearch': {
      // every stored bit's match line is precharged and evaluated; the search
      // lines fan out to all entries through ceil(log4 entries) FO4 drivers
      const bits = s.entries * (s.keyWidth + 1);
      const energy = atReference(bits * CACTI7_45HP.camSearchFjPerBit, CACTI7_45HP.vdd);
      return access(energy, equality(s.keyWidth + 1).delayPs + FO4_PS * Math.ceil(log2(Math.max(s.entries, 2)) / 2));
    }
    case 'camwrite':
      return access((s.keyWidth + 1) * sramBitEnergy(s.entries * (s.keyWidth + 1)), 0);
  }
}
