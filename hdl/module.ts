// The module builder: what a module body talks to. It records nodes,
// ports, registers, conditional assignments, instances, memories and CAMs,
// then closes into a ModuleIR (lowering when/otherwise into muxes).
import { buildCam, type Cam, type CamOptions } from './cam.js';
import { callerLoc, HdlError, ParamError } from './errors.js';
import { indexBits, type CamIR, type DisplayFormat, type InstanceIR, type MemoryIR, type ModuleIR, type Node, type NodeId, type PortIR, type SourceLoc } from './ir.js';
import { cat } from './ops.js';
import { buildShape, buildTree, isSignal, leafName, leaves, mapTree, type SigOf, type SignalTree } from './shape.js';
import { displayOf, Fixed, SInt, UInt, type Literal, type NodeSpec, type Owner, Signal, fixedRaw, uintWidthOf, sintWidthOf } from './signal.js';
import { formatName, uint, type HwType, type ScalarType } from './types.js';
import { lowerAssignments, type Stmt, type WhenStmt } from './when.js';
import { reuseModule } from './module-reuse.js';

/** A module definition: a name and a body parameterised by a typed config.
 *  The body declares ports and logic and returns its port record, which
 *  gives instances their typed interface. */
export interface ModuleDef<C, P extends SignalTree> {
  readonly name: string;
  readonly body: (m: ModuleBuilder, cfg: C) => P;
}

/** Defines a hardware module: `body` declares its ports, state and logic on the builder for one config
 *  and returns its ports; `elaborate` (or an instance in a parent) runs it. */
export function defineModule<C, P extends SignalTree>(name: string, body: (m: ModuleBuilder, cfg: C) => P): ModuleDef<C, P> {
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) throw new ParamError('module name', name, 'letters, digits and _, not starting with a digit', { message: `defineModule: "${name}" is not a valid module name (letters, digits, _)` });
  return { name, body };
}

export type AssignKind = 'wire' | 'output' | 'instin' | 'reg';

interface AssignState {
  kind: AssignKind;
  signal: Signal;
  /** The unconditional driver (drive, or set outside any when). */
  base: NodeId | null;
  baseLoc?: SourceLoc;
  /** Top-level statements that touch this target, in program order. */
  stmts: Stmt[];
}

export interface ElaboratedChild {
  ir: ModuleIR;
  ports: SignalTree;
  portOf: Map<NodeId, PortIR>;
}

/** Shared across one elaboration: the module cache and the def of each IR. */
export interface ElabContext {
  cache: Map<ModuleDef<never, SignalTree>, Map<string, ElaboratedChild>>;
  defOf: Map<ModuleIR, ModuleDef<never, SignalTree>>;
  configKeyOf: Map<ModuleIR, string>;
  /** The config each module was elaborated with (variant names print it). */
  configOf: Map<ModuleIR, unknown>;
  /** Record each node's and driver's source line (a stack capture per node,
   *  about half of a design's elaboration). Only error messages read them,
   *  so elaborate() builds without them and builds again with them to
   *  report an error (elaborate.ts). */
  locations: boolean;
  /** Take a module this process already built at the same config (module-reuse.ts). */
  reuse: boolean;
  /** The modules taken so: optimised and checked already. */
  reused: Set<ModuleIR>;
}

/** What a module body builds with: inputs and outputs, registers, wires, memories, CAMs, instances, `when` blocks and literals. */
export class ModuleBuilder implements Owner {
  readonly nodes: Node[] = [];
  readonly ports: PortIR[] = [];
  readonly instances: InstanceIR[] = [];
  readonly memories: MemoryIR[] = [];
  readonly cams: CamIR[] = [];
  /** Every name in the module's namespace -> the node holding it (-1 for memories and CAMs). */
  private readonly names = new Map<string, NodeId>();
  private readonly portNames = new Set<string>();
  private readonly targets = new Map<NodeId, AssignState>();
  private readonly root: Stmt[] = [];
  /** Open when-branches: the statement list being appended to, innermost last. */
  private readonly scopes: { body: Stmt[]; guard: () => NodeId }[] = [];
  private closed = false;

  constructor(
    readonly moduleName: string,
    readonly ctx: ElabContext,
    readonly loc?: SourceLoc,
  ) {}

  // ---- Owner ---------------------------------------------------------------

  addNode(spec: NodeSpec, width: number, display?: DisplayFormat): NodeId {
    if (this.closed) this.fail('module closed', undefined, 'a signal was created after elaboration of this module finished (a signal leaked out of its module body?)');
    const id = this.nodes.length;
    this.nodes.push({ ...spec, id, width, loc: this.ctx.locations ? callerLoc() : undefined, display } as Node);
    return id;
  }

  describe(id: NodeId): string {
    const n = this.nodes[id]!;
    return n.name ?? `<${n.op}#${id}>`;
  }

  fail(kind: string, signal: string | undefined, detail: string): never {
    throw new HdlError(kind, this.moduleName, signal, detail, callerLoc());
  }

  rename(sig: Signal, name: string): NodeId {
    const id = this.addNode({ op: 'wire', a: sig.id }, sig.width, displayOf(sig.type));
    const n = this.uniqueName(name);
    this.nodes[id]!.name = n;
    this.names.set(n, id);
    return id;
  }

  assign(target: Signal, value: Signal, conditional: boolean): void {
    const state = this.targets.get(target.id);
    if (!state) {
      const n = this.nodes[target.id]!;
      const why = n.op === 'input' ? 'it is an input port of this module' : n.op === 'instout' ? 'it is an output of an instance' : 'it is a computed value, not a wire, output or register';
      this.fail('not assignable', target.label, `cannot drive ${target.label}: ${why}`);
    }
    if (target.width !== value.width || target.type.kind !== value.type.kind || (target instanceof Fixed && (value as Fixed).fracBits !== target.fracBits)) {
      this.fail('width mismatch', target.label, `${target.label} is ${formatName(target.type)} but is driven by ${value.label}, ${formatName(value.type)}; convert explicitly (zext, sext, trunc, resize)`);
    }
    const inWhen = this.scopes.length > 0;
    if (!conditional && inWhen) {
      this.fail('drive inside when', target.label, 'drive() gives the unconditional default; inside when/otherwise use set()');
    }
    if (!inWhen) {
      if (state.base !== null) {
        this.fail('multiple drivers', target.label, `${target.label} already has an unconditional driver at ${state.baseLoc ? `${state.baseLoc.file}:${state.baseLoc.line}` : 'an earlier line'}; use when/otherwise for priority`);
      }
      state.base = value.id;
      if (this.ctx.locations) state.baseLoc = callerLoc();
      return;
    }
    const stmt: Stmt = { kind: 'assign', target: target.id, value: value.id };
    this.scopes[this.scopes.length - 1]!.body.push(stmt);
    const top = this.topLevelStmt();
    if (state.stmts[state.stmts.length - 1] !== top) state.stmts.push(top);
  }

  private topLevelStmt(): Stmt {
    return this.root[this.root.length - 1]!;
  }

  // ---- Declarations --------------------------------------------------------

  uniqueName(name: string): string {
    if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) this.fail('bad name', name, 'names are letters, digits and _, not starting with a digit');
    let n = name;
    for (let i = 1; this.names.has(n); i++) n = `${name}_${i}`;
    this.names.set(n, -1);
    return n;
  }

  /** Ports keep their exact names (they are the module's interface): an
   *  internal signal that took the name first (say the wire of instance
   *  `lane0`'s port `z`, named lane0_z) moves aside to a suffixed name. */
  private claimPortName(name: string): void {
    if (this.portNames.has(name)) this.fail('duplicate port', name, `port ${name} is already declared`);
    const holder = this.names.get(name);
    if (holder !== undefined && holder >= 0) {
      let n = name;
      for (let i = 1; this.names.has(n); i++) n = `${name}_${i}`;
      this.nodes[holder]!.name = n;
      this.names.set(n, holder);
    }
    this.names.delete(name);
    this.portNames.add(name);
  }

  private makeSignal(id: NodeId, t: ScalarType): Signal {
    switch (t.kind) {
      case 'uint':
        return new UInt(this, id, t);
      case 'sint':
        return new SInt(this, id, t);
      case 'fixed':
        return new Fixed(this, id, t);
    }
  }

  private namedNode(spec: NodeSpec, t: ScalarType, name: string): Signal {
    const id = this.addNode(spec, t.width, displayOf(t));
    const n = this.uniqueName(name);
    this.nodes[id]!.name = n;
    this.names.set(n, id);
    return this.makeSignal(id, t);
  }

  private track(sig: Signal, kind: AssignKind): Signal {
    this.targets.set(sig.id, { kind, signal: sig, base: null, stmts: [] });
    return sig;
  }

  input<T extends HwType>(name: string, type: T): SigOf<T> {
    return buildShape(type, (leaf) => (leaf.flipped ? this.outputLeaf(leafName(name, leaf.path), leaf.type) : this.inputLeaf(leafName(name, leaf.path), leaf.type)));
  }

  output<T extends HwType>(name: string, type: T): SigOf<T> {
    return buildShape(type, (leaf) => (leaf.flipped ? this.inputLeaf(leafName(name, leaf.path), leaf.type) : this.outputLeaf(leafName(name, leaf.path), leaf.type)));
  }

  private inputLeaf(name: string, t: ScalarType): Signal {
    this.claimPortName(name);
    const sig = this.namedNode({ op: 'input', port: name }, t, name);
    this.ports.push({ name, dir: 'in', width: t.width, node: sig.id, display: displayOf(t) });
    return sig;
  }

  private outputLeaf(name: string, t: ScalarType): Signal {
    this.claimPortName(name);
    const sig = this.namedNode({ op: 'wire', a: -1 }, t, name);
    this.ports.push({ name, dir: 'out', width: t.width, node: sig.id, display: displayOf(t) });
    return this.track(sig, 'output');
  }

  /** A named wire, driven later with drive() or set(). */
  wire<T extends HwType>(name: string, type: T): SigOf<T> {
    return buildShape(type, (leaf) => this.track(this.namedNode({ op: 'wire', a: -1 }, leaf.type, leafName(name, leaf.path)), 'wire'));
  }

  /** A register. init: reset value (default 0); null for a register with no
   *  reset (cheaper flop; starts at 0 in simulation). en: clock enable. The
   *  next value is given with drive()/set(); unassigned, it holds. */
  reg<T extends HwType>(name: string, type: T, opts: { init?: Literal | null; en?: UInt } = {}): SigOf<T> {
    if (opts.en) this.own(opts.en, 'reg enable');
    return buildShape(type, (leaf) => {
      const init = opts.init === undefined ? 0n : opts.init === null ? null : this.initValue(opts.init, leaf.type, name);
      const sig = this.namedNode({ op: 'reg', d: -1, en: opts.en ? opts.en.id : null, init }, leaf.type, leafName(name, leaf.path));
      return this.track(sig, 'reg');
    });
  }

  private initValue(v: Literal, t: ScalarType, name: string): bigint {
    if (t.kind === 'fixed') {
      const raw = fixedRaw(v, t);
      if (raw === null) this.fail('literal out of range', name, `reset value ${v} is not representable in ${formatName(t)}`);
      return raw;
    }
    const b = BigInt(v);
    const fits = t.kind === 'uint' ? b >= 0n && uintWidthOf(b) <= t.width : sintWidthOf(b) <= t.width;
    if (!fits) this.fail('literal out of range', name, `reset value ${b} does not fit ${formatName(t)}`);
    return BigInt.asUintN(t.width, b);
  }

  /** Drive every leaf of `dst` (ports, wires, instance inputs) from the leaf
   *  at the same place in `src`: typed composition, no string port paths.
   *  The two trees must have the same shape (keys, vec lengths). */
  connect<T extends SignalTree>(dst: T, src: T): void {
    const walk = (d: SignalTree | undefined, s: SignalTree | undefined, path: string): void => {
      const where = path === '' ? 'the top level' : path;
      const sig = path === '' ? undefined : path;
      if (d === undefined || s === undefined) {
        if (d !== s) this.fail('shape mismatch', sig, `connect: ${where} is ${d === undefined ? 'missing in the destination' : 'missing in the source'}`);
        return;
      }
      if (isSignal(d) || isSignal(s)) {
        if (!isSignal(d) || !isSignal(s)) this.fail('shape mismatch', sig, `connect: at ${where} one side is a signal and the other a ${Array.isArray(isSignal(d) ? s : d) ? 'vec' : 'bundle'}`);
        d.drive(s);
        return;
      }
      if (Array.isArray(d) !== Array.isArray(s)) this.fail('shape mismatch', sig, `connect: at ${where} one side is a vec and the other a bundle`);
      if (Array.isArray(d) && Array.isArray(s)) {
        if (d.length !== s.length) this.fail('shape mismatch', sig, `connect: vec at ${where} has ${d.length} elements in the destination, ${s.length} in the source`);
        d.forEach((x: SignalTree, i: number) => walk(x, s[i], `${path}${i}`));
        return;
      }
      const dr = d as Readonly<Record<string, SignalTree | undefined>>;
      const sr = s as Readonly<Record<string, SignalTree | undefined>>;
      const keys = new Set([...Object.keys(dr), ...Object.keys(sr)]);
      for (const k of keys) walk(dr[k], sr[k], path === '' ? k : `${path}_${k}`);
    };
    walk(dst, src, '');
  }

  /** A constant of the given type. */
  lit<T extends ScalarType>(value: Literal, type: T): SigOf<T> {
    const raw = this.initValue(value, type, 'lit');
    return this.makeSignal(this.addNode({ op: 'const', value: raw }, type.width, displayOf(type)), type) as SigOf<T>;
  }

  own<S extends Signal>(s: S, what: string): S {
    if (s.owner !== this) this.fail('signal used outside its module', s.label, `${what}: ${s.label} belongs to module ${s.owner.moduleName}, not ${this.moduleName}`);
    return s;
  }

  // ---- Conditional assignment ------------------------------------------------

  /** when(cond, body).elsewhen(cond2, body2).otherwise(body3): set() inside a
   *  branch takes effect when its condition holds and no earlier one did. */
  when(cond: UInt, body: () => void): WhenChain {
    this.own(cond, 'when');
    if (cond.width !== 1) this.fail('width mismatch', cond.label, `when() needs a 1-bit condition, got ${cond.width} bits`);
    const stmt: WhenStmt = { kind: 'when', branches: [] };
    if (this.scopes.length === 0) this.root.push(stmt);
    else this.scopes[this.scopes.length - 1]!.body.push(stmt);
    const outerGuard = this.scopes.length === 0 ? null : this.scopes[this.scopes.length - 1]!.guard;
    const chain: WhenChain = {
      elsewhen: (c: UInt, b: () => void) => {
        this.own(c, 'elsewhen');
        this.branch(stmt, c.id, b, outerGuard);
        return chain;
      },
      otherwise: (b: () => void) => {
        this.branch(stmt, null, b, outerGuard);
      },
    };
    this.branch(stmt, cond.id, body, outerGuard);
    return chain;
  }

  private branch(stmt: WhenStmt, cond: NodeId | null, body: () => void, outerGuard: (() => NodeId) | null): void {
    const earlier = stmt.branches.map((b) => b.cond).filter((c): c is NodeId => c !== null);
    const branch = { cond, body: [] as Stmt[] };
    stmt.branches.push(branch);
    let cached: NodeId | null = null;
    // The guard (this branch is taken) is only built when a memory or CAM
    // write inside needs it, so plain when-blocks cost only their muxes.
    const guard = (): NodeId => {
      if (cached !== null) return cached;
      let g = cond ?? this.addNode({ op: 'const', value: 1n }, 1);
      for (const e of earlier) g = this.addNode({ op: 'and', a: g, b: this.addNode({ op: 'not', a: e }, 1) }, 1);
      if (outerGuard) g = this.addNode({ op: 'and', a: g, b: outerGuard() }, 1);
      cached = g;
      return g;
    };
    this.scopes.push({ body: branch.body, guard });
    try {
      body();
    } finally {
      this.scopes.pop();
    }
  }

  /** The condition under which the current code runs (1 outside whens),
   *  and `en` if given: the enable of a memory or CAM write port. */
  guardNode(en: UInt | undefined): NodeId {
    const e = en ? this.own(en, 'enable').id : null;
    if (this.scopes.length === 0) return e ?? this.addNode({ op: 'const', value: 1n }, 1);
    const g = this.scopes[this.scopes.length - 1]!.guard();
    return e === null ? g : this.addNode({ op: 'and', a: g, b: e }, 1);
  }

  // ---- Memories and CAMs -----------------------------------------------------

  /** A memory of `depth` words of `type`: a scalar, or a bundle or vec
   *  stored as one word (its leaves packed, the first leaf in the most
   *  significant bits, as a packed struct in SystemVerilog), written and
   *  read as the same tree of signals. */
  memory<T extends HwType>(name: string, type: T, depth: number): Memory<T> {
    if (!Number.isInteger(depth) || depth < 1) this.fail('bad memory', name, `depth ${depth} must be a positive integer`);
    if (type.kind === 'stream') this.fail('bad memory', name, 'a memory stores data, not a stream (store its payload type)');
    const fields = leaves(type);
    const width = fields.reduce((w, f) => w + f.type.width, 0);
    const mem: MemoryIR = { name: this.uniqueName(name), width, depth, writePorts: [], loc: callerLoc() };
    const index = this.memories.push(mem) - 1;
    const addrBits = indexBits(depth);
    const scalar = fields.length === 1 && fields[0]!.path.length === 0;
    /** The word a tree of signals packs into (checked leaf by leaf against the type). */
    const pack = (data: unknown): Signal => {
      if (scalar) {
        const d = this.own(data as Signal, `${mem.name}.write`);
        if (d.width !== width) this.fail('width mismatch', d.label, `memory ${mem.name} stores ${formatName(type as ScalarType)}, data is ${d.width} bits`);
        return d;
      }
      const parts = fields.map((f) => {
        const leaf = f.path.reduce<unknown>((t, k) => (t as Record<string, unknown> | undefined)?.[k], data);
        const where = `${mem.name}.write ${leafName('data', f.path)}`;
        if (!isSignal(leaf)) return this.fail('width mismatch', mem.name, `${where}: missing; the data must have the memory's shape`);
        const d = this.own(leaf, where);
        if (d.width !== f.type.width) this.fail('width mismatch', d.label, `${where} is ${d.width} bits, the memory's ${leafName('data', f.path)} is ${formatName(f.type)}`);
        return d.asUInt();
      });
      return parts.length === 1 ? parts[0]! : cat(...parts);
    };
    const memory: UntypedMemory = {
      name: mem.name,
      depth,
      addrBits,
      write: (addr, data, en) => {
        this.checkAddr(addr, addrBits, mem.name);
        const d = pack(data);
        mem.writePorts.push({ addr: addr.id, data: d.id, en: this.guardNode(en) });
      },
      read: (addr, opts = {}) => {
        this.checkAddr(addr, addrBits, mem.name);
        const wordType: ScalarType = scalar ? fields[0]!.type : uint(width);
        const id = this.addNode({ op: 'memread', mem: index, addr: addr.id, en: opts.en ? this.own(opts.en, 'read enable').id : null, sync: opts.sync ?? true }, width, displayOf(wordType));
        this.nodes[id]!.name = this.uniqueName(`${mem.name}_rd`);
        const word = this.makeSignal(id, wordType);
        if (scalar) return word;
        let lo = width;
        const at = new Map<string, Signal>();
        for (const f of fields) {
          lo -= f.type.width;
          at.set(f.path.join('/'), retype(word.bits(lo + f.type.width - 1, lo), f.type));
        }
        return buildTree(type, (leaf) => at.get(leaf.path.join('/'))!);
      },
    };
    // The read-back shape is buildShape's for `type`, which is SigOf<T>.
    return memory as Memory<T>;
  }

  private checkAddr(addr: UInt, bits: number, mem: string): void {
    this.own(addr, `${mem} address`);
    if (!(addr instanceof UInt) || addr.width !== bits) this.fail('width mismatch', addr.label, `memory ${mem} needs a ${bits}-bit uint address, got ${formatName(addr.type)}`);
  }

  /** A content-addressable memory (hdl/cam.ts): searches with hit index
   *  and optional mask, key read-back, valid bits, invalidate by index.
   *  Write ports apply in declaration order: the later one wins. */
  cam(name: string, opts: CamOptions): Cam {
    return buildCam(this, name, opts);
  }

  // ---- Instances ---------------------------------------------------------------

  /** Instantiate a child module. Its inputs come back drivable, its outputs readable. */
  instance<C, P extends SignalTree>(name: string, def: ModuleDef<C, P>, cfg: C): P {
    const child = elaborateChild(this.ctx, def, cfg, callerLoc());
    const instName = this.uniqueName(name);
    const inst: InstanceIR = { name: instName, module: child.ir, inputs: {}, loc: callerLoc() };
    const index = this.instances.push(inst) - 1;
    const pending: [string, Signal][] = [];
    const mirror = mapTree(child.ports, (s) => {
      const port = child.portOf.get(s.id);
      if (!port) this.fail('not a port', s.label, `module ${child.ir.name} returns ${s.label}, which is not one of its ports`);
      const pname = `${instName}_${port.name}`;
      if (port.dir === 'out') return this.namedNode({ op: 'instout', inst: index, port: port.name }, s.type, pname);
      const w = this.track(this.namedNode({ op: 'wire', a: -1 }, s.type, pname), 'instin');
      pending.push([port.name, w]);
      return w;
    });
    for (const [p, w] of pending) inst.inputs[p] = w.id;
    return mirror as P;
  }

  // ---- Closing -----------------------------------------------------------------

  /** Lower assignments into drivers and return the module's IR. */
  close(): ModuleIR {
    for (const [id, state] of this.targets) {
      const isReg = state.kind === 'reg';
      const driver = lowerAssignments(this, id, state.stmts, state.base ?? (isReg ? id : null));
      const n = this.nodes[id] as Node & { a?: NodeId; d?: NodeId };
      if (driver === null) {
        const what = { output: 'output port', instin: 'instance input', wire: 'wire', reg: 'register' }[state.kind];
        const partial = state.stmts.length > 0 ? ' on every path (a when without otherwise, and no default from drive())' : '';
        throw new HdlError('undriven', this.moduleName, n.name, `${what} ${n.name} is never driven${partial}`, n.loc);
      }
      if (isReg) n.d = driver;
      else n.a = driver;
    }
    this.closed = true;
    return {
      name: this.moduleName,
      ports: this.ports,
      nodes: this.nodes,
      instances: this.instances,
      memories: this.memories,
      cams: this.cams,
      loc: this.loc,
    };
  }

  /** Used by when-lowering: a 2:1 mux node (cases [else, then]). */
  muxNode(sel: NodeId, whenTrue: NodeId, whenFalse: NodeId): NodeId {
    const t = this.nodes[whenTrue]!;
    return this.addNode({ op: 'mux', sel, cases: [whenFalse, whenTrue] }, t.width, t.display);
  }
  nodeLoc(id: NodeId): SourceLoc | undefined {
    return this.nodes[id]?.loc;
  }
}

/** The rest of a `when`: `elsewhen` and `otherwise` branches, checked in order. */
export interface WhenChain {
  elsewhen(cond: UInt, body: () => void): WhenChain;
  otherwise(body: () => void): void;
}

/** A memory before its data type is attached (what memory() builds). */
interface UntypedMemory {
  readonly name: string;
  readonly depth: number;
  readonly addrBits: number;
  write(addr: UInt, data: unknown, en?: UInt): void;
  read(addr: UInt, opts?: { sync?: boolean; en?: UInt }): SignalTree;
}

/** A memory declared with `m.memory`: synchronous (read-first) or asynchronous read ports and write ports. */
export interface Memory<T extends HwType> {
  readonly name: string;
  readonly depth: number;
  readonly addrBits: number;
  /** Write at the clock edge when en (and the enclosing when-conditions) hold. */
  write(addr: UInt, data: SigOf<T>, en?: UInt): void;
  /** sync (default): data one cycle after the address, read-first. */
  read(addr: UInt, opts?: { sync?: boolean; en?: UInt }): SigOf<T>;
}

/** Elaborate (or reuse) a module for a config. */
export function elaborateChild<C, P extends SignalTree>(ctx: ElabContext, def: ModuleDef<C, P>, cfg: C, loc?: SourceLoc): ElaboratedChild {
  const key = stableKey(cfg);
  const anyDef = def as unknown as ModuleDef<never, SignalTree>;
  let byCfg = ctx.cache.get(anyDef);
  if (!byCfg) ctx.cache.set(anyDef, (byCfg = new Map()));
  const hit = byCfg.get(key);
  if (hit) return hit;
  const done = (ctx.reuse ? reuseModule(ctx, anyDef, key, loc, (d, c, l) => elaborateChild(ctx, d, c as never, l)) : undefined) ?? buildModule(ctx, def, cfg, loc);
  const ir = done.ir;
  byCfg.set(key, done);
  ctx.defOf.set(ir, anyDef);
  ctx.configKeyOf.set(ir, key);
  ctx.configOf.set(ir, cfg);
  return done;
}

function buildModule<C, P extends SignalTree>(ctx: ElabContext, def: ModuleDef<C, P>, cfg: C, loc: SourceLoc | undefined): ElaboratedChild {
  const m = new ModuleBuilder(def.name, ctx, loc);
  const ports = def.body(m, cfg);
  const ir = m.close();
  return { ir, ports, portOf: new Map<NodeId, PortIR>(ir.ports.map((p) => [p.node, p])) };
}

export function stableKey(v: unknown): string {
  return JSON.stringify(v, (_k, x: unknown) => {
    if (typeof x === 'bigint') return `${x}n`;
    if (x && typeof x === 'object' && !Array.isArray(x)) {
      return Object.fromEntries(Object.entries(x as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1)));
    }
    return x;
  }) ?? 'undefined';
}

export { Signal };
export type { Cam };

/** The bits of a packed word read back as the scalar type they were written as. */
function retype(bits: UInt, t: ScalarType): Signal {
  switch (t.kind) {
    case 'uint':
      return bits;
    case 'sint':
      return bits.asSInt();
    case 'fixed':
      return bits.asFixed(t.intBits, t.fracBits, t.signed);
  }
}
