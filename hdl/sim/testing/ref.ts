// Test support: a deliberately naive reference simulator for single modules
// (no instances), written from ir.ts alone: every value a BigInt, memoised
// recursive evaluation instead of a schedule, a clock edge that computes all
// next states into a Map first. Slow and obviously right is the point.
import type { ModuleIR, Node, NodeId } from '../../ir.js';
import { InternalError } from '../../errors.js';

const ones = (w: number): bigint => (1n << BigInt(w)) - 1n;
const toSigned = (v: bigint, w: number): bigint => (v >> BigInt(w - 1) === 1n ? v - (1n << BigInt(w)) : v);

export class RefSim {
  private readonly inputs = new Map<string, bigint>();
  private readonly state = new Map<NodeId, bigint>();
  private readonly mems: bigint[][];
  private readonly camKeys: bigint[][];
  private readonly camValid: boolean[][];
  private readonly camCare: bigint[][];
  private memo = new Map<NodeId, bigint>();
  reset = false;

  constructor(readonly m: ModuleIR) {
    if (m.instances.length > 0) throw new InternalError('RefSim: flat modules only');
    this.mems = m.memories.map((x) => new Array<bigint>(x.depth).fill(0n));
    this.camKeys = m.cams.map((c) => new Array<bigint>(c.entries).fill(0n));
    this.camValid = m.cams.map((c) => new Array<boolean>(c.entries).fill(false));
    this.camCare = m.cams.map((c) => new Array<bigint>(c.entries).fill(0n));
  }

  poke(port: string, v: bigint): void {
    this.inputs.set(port, v);
    this.memo.clear();
  }

  value(id: NodeId): bigint {
    const hit = this.memo.get(id);
    if (hit !== undefined) return hit;
    const v = this.compute(this.m.nodes[id]!);
    if (v < 0n || v > ones(this.m.nodes[id]!.width)) throw new InternalError(`RefSim: node ${id} out of range`);
    this.memo.set(id, v);
    return v;
  }

  edge(): void {
    const next = new Map<NodeId, bigint>();
    for (const n of this.m.nodes) {
      if (n.op === 'reg') {
        if (this.reset && n.init !== null) next.set(n.id, BigInt.asUintN(n.width, n.init));
        else if (n.en === null || this.value(n.en) === 1n) next.set(n.id, this.value(n.d));
      } else if (n.op === 'memread' && n.sync && (n.en === null || this.value(n.en) === 1n)) {
        next.set(n.id, this.read(n.mem, this.value(n.addr)));
      }
    }
    const writes: [bigint[], bigint, bigint][] = [];
    this.m.memories.forEach((mem, i) => {
      for (const p of mem.writePorts) if (this.value(p.en) === 1n) writes.push([this.mems[i]!, this.value(p.addr), this.value(p.data)]);
    });
    // Every port's operands are sampled before any CAM entry changes: a key
    // read-back feeding a later port's index must see the old keys.
    const camWrites = this.m.cams.map((cam) =>
      cam.writePorts
        .filter((p) => this.value(p.en) === 1n)
        .map((p) => ({
          idx: this.value(p.index),
          key: p.key === null ? null : this.value(p.key),
          care: p.care === undefined ? null : this.value(p.care),
          valid: this.value(p.valid) === 1n,
        })),
    );
    this.m.cams.forEach((cam, i) => {
      if (this.reset) this.camValid[i]!.fill(false);
      else
        for (const w of camWrites[i]!) {
          if (w.idx >= BigInt(cam.entries)) continue;
          const e = Number(w.idx);
          if (w.key !== null) this.camKeys[i]![e] = w.key;
          if (w.care !== null) this.camCare[i]![e] = w.care;
          this.camValid[i]![e] = w.valid;
        }
    });
    for (const [words, addr, data] of writes) if (addr < BigInt(words.length)) words[Number(addr)] = data;
    for (const [id, v] of next) this.state.set(id, v);
    this.memo.clear();
  }

  private read(mem: number, addr: bigint): bigint {
    const words = this.mems[mem]!;
    return addr < BigInt(words.length) ? words[Number(addr)]! : 0n;
  }

  private compute(n: Node): bigint {
    const w = n.width;
    const v = (id: NodeId): bigint => this.value(id);
    const wd = (id: NodeId): number => this.m.nodes[id]!.width;
    const b = (c: boolean): bigint => (c ? 1n : 0n);
    switch (n.op) {
      case 'const':
        return BigInt.asUintN(w, n.value);
      case 'input':
        return this.inputs.get(n.port) ?? 0n;
      case 'wire':
        return v(n.a);
      case 'add':
        return (v(n.a) + v(n.b)) % (1n << BigInt(w));
      case 'sub':
        return (v(n.a) - v(n.b) + (1n << BigInt(w))) % (1n << BigInt(w));
      case 'and':
        return v(n.a) & v(n.b);
      case 'or':
        return v(n.a) | v(n.b);
      case 'xor':
        return v(n.a) ^ v(n.b);
      case 'not':
        return ones(w) ^ v(n.a);
      case 'eq':
        return b(v(n.a) === v(n.b));
      case 'ne':
        return b(v(n.a) !== v(n.b));
      case 'ltu':
        return b(v(n.a) < v(n.b));
      case 'leu':
        return b(v(n.a) <= v(n.b));
      case 'lts':
        return b(toSigned(v(n.a), wd(n.a)) < toSigned(v(n.b), wd(n.b)));
      case 'les':
        return b(toSigned(v(n.a), wd(n.a)) <= toSigned(v(n.b), wd(n.b)));
      case 'mulu':
        return v(n.a) * v(n.b);
      case 'muls':
        return BigInt.asUintN(w, toSigned(v(n.a), wd(n.a)) * toSigned(v(n.b), wd(n.b)));
      case 'divu':
        return v(n.b) === 0n ? ones(w) : v(n.a) / v(n.b);
      case 'shl':
        return v(n.b) >= BigInt(w) ? 0n : (v(n.a) << v(n.b)) & ones(w);
      case 'shru':
        return v(n.b) >= BigInt(w) ? 0n : v(n.a) >> v(n.b);
      case 'shrs': {
        const s = toSigned(v(n.a), w);
        const amt = v(n.b) >= BigInt(w) ? BigInt(w) : v(n.b);
        return BigInt.asUintN(w, s >> amt);
      }
      case 'redand':
        return b(v(n.a) === ones(wd(n.a)));
      case 'redor':
        return b(v(n.a) !== 0n);
      case 'redxor':
        return BigInt(v(n.a).toString(2).split('1').length - 1) & 1n;
      case 'mux': {
        const sel = v(n.sel);
        const i = sel >= BigInt(n.cases.length) ? n.cases.length - 1 : Number(sel);
        return v(n.cases[i]!);
      }
      case 'concat':
        return n.parts.reduce((acc, p) => (acc << BigInt(wd(p))) | v(p), 0n);
      case 'slice':
        return (v(n.a) >> BigInt(n.lo)) & ones(w);
      case 'zext':
        return v(n.a);
      case 'sext':
        return BigInt.asUintN(w, toSigned(v(n.a), wd(n.a)));
      case 'reg':
        return this.state.get(n.id) ?? BigInt.asUintN(w, n.init ?? 0n);
      case 'memread':
        return n.sync ? (this.state.get(n.id) ?? 0n) : this.read(n.mem, v(n.addr));
      case 'cammatch': {
        const key = v(n.key);
        const care = n.mask === undefined ? ones(wd(n.key)) : v(n.mask);
        let m = 0n;
        this.camKeys[n.cam]!.forEach((k, i) => {
          const c = this.m.cams[n.cam]!.ternary ? care & this.camCare[n.cam]![i]! : care;
          if (this.camValid[n.cam]![i] && (k & c) === (key & c)) m |= 1n << BigInt(i);
        });
        return m;
      }
      case 'camread': {
        const idx = v(n.index);
        const keys = this.camKeys[n.cam]!;
        return idx < BigInt(keys.length) ? keys[Number(idx)]! : 0n;
      }
      case 'camvalid': {
        let m = 0n;
        this.camValid[n.cam]!.forEach((ok, i) => {
          if (ok) m |= 1n << BigInt(i);
        });
        return m;
      }
      case 'instout':
        throw new InternalError('RefSim: flat modules only');
      case 'popcount':
        return BigInt(v(n.a).toString(2).replace(/0/g, '').length);
      case 'prienc': {
        // Bit strings read from the most significant end: index wa-1-pos.
        const wa = wd(n.a);
        const s = v(n.a).toString(2).padStart(wa, '0');
        const pos = n.highest ? s.indexOf('1') : s.lastIndexOf('1');
        return pos < 0 ? 0n : (1n << BigInt(w - 1)) | BigInt(wa - 1 - pos);
      }
      case 'argmin':
      case 'argmax': {
        const valid = v(n.valid);
        const kw = wd(n.keys[0]!);
        const entries = n.keys
          .map((k, i) => ({ i, key: n.signed ? toSigned(v(k), kw) : v(k) }))
          .filter((e) => (valid >> BigInt(e.i)) & 1n);
        if (entries.length === 0) return 0n;
        // Best key first; among equal keys the earliest (latest) entry.
        entries.sort((x, y) => {
          const byKey = x.key === y.key ? 0 : (x.key < y.key) === (n.op === 'argmin') ? -1 : 1;
          return byKey !== 0 ? byKey : n.latest ? y.i - x.i : x.i - y.i;
        });
        return (1n << BigInt(w - 1)) | BigInt(entries[0]!.i);
      }
    }
  }
}
