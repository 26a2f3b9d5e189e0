// Test support shared by the backends' tests: ModuleIR/Design objects built
// by hand, so the simulator, the Verilog printer and the inventory can each be
// tested without (and independently of) the DSL front end. Only ids are kept
// consistent; tests sometimes want malformed IR on purpose. Each backend's
// test-ir.ts extends this with the conveniences its fixtures read best with.
import type { CamWritePort, Design, MemoryWritePort, ModuleIR, Node, NodeId } from './ir.js';
import { InternalError } from './errors.js';

/** A Node without the fields the builder assigns. */
export type NodeBody = Node extends infer N ? (N extends Node ? Omit<N, 'id' | 'width' | 'name'> : never) : never;

export class IrModuleBuilder {
  readonly ir: ModuleIR;

  constructor(name: string) {
    this.ir = { name, ports: [], nodes: [], instances: [], memories: [], cams: [] };
  }

  get name(): string {
    return this.ir.name;
  }
  get nodes(): Node[] {
    return this.ir.nodes;
  }
  get ports(): ModuleIR['ports'] {
    return this.ir.ports;
  }
  get instances(): ModuleIR['instances'] {
    return this.ir.instances;
  }
  get memories(): ModuleIR['memories'] {
    return this.ir.memories;
  }
  get cams(): ModuleIR['cams'] {
    return this.ir.cams;
  }

  node(body: NodeBody, width: number, name?: string): NodeId {
    const id = this.ir.nodes.length;
    const n = { ...body, id, width } as Node;
    if (name !== undefined) n.name = name;
    this.ir.nodes.push(n);
    return id;
  }

  width(id: NodeId): number {
    return this.ir.nodes[id]!.width;
  }
  w(id: NodeId): number {
    return this.width(id);
  }

  input(port: string, width: number): NodeId {
    const id = this.node({ op: 'input', port }, width, port);
    this.ir.ports.push({ name: port, dir: 'in', width, node: id });
    return id;
  }

  output(port: string, node: NodeId): void {
    this.ir.ports.push({ name: port, dir: 'out', width: this.width(node), node });
  }

  const(value: bigint | number, width: number, name?: string): NodeId {
    return this.node({ op: 'const', value: BigInt(value) }, width, name);
  }

  /** Close a register's `d` after creation (feedback loops). */
  setD(reg: NodeId, d: NodeId): void {
    const n = this.ir.nodes[reg]!;
    if (n.op !== 'reg') throw new InternalError(`node ${reg} is not a register`);
    n.d = d;
  }

  memory(name: string, width: number, depth: number, writePorts: MemoryWritePort[] = []): number {
    this.ir.memories.push({ name, width, depth, writePorts });
    return this.ir.memories.length - 1;
  }

  cam(name: string, keyWidth: number, entries: number, writePorts: CamWritePort[] = []): number {
    this.ir.cams.push({ name, keyWidth, entries, writePorts });
    return this.ir.cams.length - 1;
  }

  instance(name: string, module: ModuleIR, inputs: Record<string, NodeId>): number {
    this.ir.instances.push({ name, module, inputs });
    return this.ir.instances.length - 1;
  }

  /** Output `port` of instance `inst`, with the width the child declares. */
  instout(inst: number, port: string, name?: string): NodeId {
    const child = this.ir.instances[inst]!.module;
    const p = child.ports.find((q) => q.name === port && q.dir === 'out');
    if (!p) throw new InternalError(`${child.name} has no output ${port}`);
    return this.node({ op: 'instout', inst, port }, p.width, name);
  }

  build(): ModuleIR {
    return this.ir;
  }
}

/** A Design whose module list is every module reachable from `top`, children first. */
export function designOf(top: ModuleIR): Design {
  const modules: ModuleIR[] = [];
  const visit = (m: ModuleIR): void => {
    if (modules.includes(m)) return;
    for (const inst of m.instances) visit(inst.module);
    modules.push(m);
  };
  visit(top);
  return { top, modules };
}
