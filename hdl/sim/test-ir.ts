// Test support: build ModuleIR/Design objects by hand, so the simulator can be
// tested without (and independently of) the DSL front end. No checking beyond
// what keeps ids consistent: tests sometimes want malformed IR on purpose.
import type {
  CamIR,
  CamWritePort,
  Design,
  InstanceIR,
  MemoryIR,
  MemoryWritePort,
  ModuleIR,
  Node,
  NodeId,
  PortIR,
} from '../ir.js';

/** A Node without its id and width, which the builder assigns. */
export type NodeBody = Node extends infer N ? (N extends Node ? Omit<N, 'id' | 'width' | 'name'> : never) : never;

export class IrBuilder {
  readonly nodes: Node[] = [];
  readonly ports: PortIR[] = [];
  readonly instances: InstanceIR[] = [];
  readonly memories: MemoryIR[] = [];
  readonly cams: CamIR[] = [];

  constructor(readonly name: string) {}

  node(body: NodeBody, width: number, name?: string): NodeId {
    const id = this.nodes.length;
    const n = { ...body, id, width } as Node;
    if (name !== undefined) n.name = name;
    this.nodes.push(n);
    return id;
  }

  width(id: NodeId): number {
    return this.nodes[id]!.width;
  }

  const(value: bigint | number, width: number, name?: string): NodeId {
    return this.node({ op: 'const', value: BigInt(value) }, width, name);
  }

  input(port: string, width: number): NodeId {
    const id = this.node({ op: 'input', port }, width, port);
    this.ports.push({ name: port, dir: 'in', width, node: id });
    return id;
  }

  output(port: string, node: NodeId): void {
    this.ports.push({ name: port, dir: 'out', width: this.width(node), node });
  }

  /** Register whose `d` is closed later with setD (feedback loops). */
  reg(width: number, name: string | undefined, init: bigint | number | null, en: NodeId | null = null): NodeId {
    const i = init === null ? null : BigInt(init);
    return this.node({ op: 'reg', d: -1, en, init: i }, width, name);
  }

  setD(reg: NodeId, d: NodeId): void {
    const n = this.nodes[reg]!;
    if (n.op !== 'reg') throw new Error(`node ${reg} is not a register`);
    n.d = d;
  }

  memory(name: string, width: number, depth: number, writePorts: MemoryWritePort[] = []): number {
    this.memories.push({ name, width, depth, writePorts });
    return this.memories.length - 1;
  }

  cam(name: string, keyWidth: number, entries: number, writePorts: CamWritePort[] = []): number {
    this.cams.push({ name, keyWidth, entries, writePorts });
    return this.cams.length - 1;
  }

  instance(name: string, module: ModuleIR, inputs: Record<string, NodeId>): number {
    this.instances.push({ name, module, inputs });
    return this.instances.length - 1;
  }

  /** Output `port` of instance `inst`, with the width the child declares. */
  instout(inst: number, port: string, name?: string): NodeId {
    const child = this.instances[inst]!.module;
    const p = child.ports.find((q) => q.name === port && q.dir === 'out');
    if (!p) throw new Error(`${child.name} has no output ${port}`);
    return this.node({ op: 'instout', inst, port }, p.width, name);
  }

  build(): ModuleIR {
    return {
      name: this.name,
      ports: this.ports,
      nodes: this.nodes,
      instances: this.instances,
      memories: this.memories,
      cams: this.cams,
    };
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
