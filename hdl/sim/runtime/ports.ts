// Typed port handles: `sim.ports` has the shape of the top module's port
// record (what its body returned), each port a handle, so a testbench
// writes `sim.ports.mp.valid.write(1)` and the type checker knows the port
// exists; a renamed port is a compile error, not a string that no longer
// matches. Each handle resolves its signal once. read/write take and give
// the raw bits as a bigint (any width); number() and words() give the fast
// handles of runtime/handles.ts and runtime/word-handles.ts for hot loops.
import { InternalError, ParamError } from '../../errors.js';
import type { Design, PortNames } from '../../ir.js';
import type { Signal } from '../../signal.js';
import type { SignalHandle } from './handles.js';
import type { WordHandle } from './word-handles.js';

/** One top-level port. */
export interface PortHandle {
  /** Hierarchical path, as peek and poke take it (`Top.mp_valid`). */
  readonly path: string;
  readonly width: number;
  readonly direction: 'input' | 'output';
  /** Raw bits, unsigned (settles combinational logic first). */
  read(): bigint;
  /** The bits as a two's-complement value. */
  readSigned(): bigint;
  /** Drives an input: raw bits, or a negative value in two's complement.
   *  Writing an output throws, naming it. */
  write(value: bigint | number): void;
  /** A number handle (at most 52 bits) for loops that drive and sample every cycle. */
  number(): SignalHandle;
  /** A word handle (any width, 32-bit words). */
  words(): WordHandle;
}

/** The port record `P` with every port a PortHandle (a port only some
 *  configs have stays possibly undefined). A design whose record type is
 *  unknown gets a record of handles by port name. */
export type PortHandles<P> = P extends undefined
  ? undefined
  : P extends Signal
  ? PortHandle
  : P extends readonly (infer E)[]
    ? readonly PortHandles<E>[]
    : P extends object
      ? { readonly [K in keyof P]: PortHandles<P[K]> }
      : { readonly [name: string]: PortHandleTree };

export type PortHandleTree = PortHandle | { readonly [k: string]: PortHandleTree | undefined } | readonly PortHandleTree[];

/** What runtime/ports.ts needs of the simulator. */
export interface PortOwner {
  readonly design: Design<unknown>;
  peek(path: string): bigint;
  peekSigned(path: string): bigint;
  poke(path: string, value: bigint | number): void;
  handle(path: string): SignalHandle;
  wordHandle(path: string): WordHandle;
}

export function portHandles<P>(sim: PortOwner): PortHandles<P> {
  const top = sim.design.top;
  const byName = new Map(top.ports.map((p) => [p.name, p]));
  const make = (name: string): PortHandle => {
    const port = byName.get(name);
    // The names come from the design's own port record: a miss is a bug.
    if (port === undefined) throw new InternalError(`ports: ${top.name} has no port ${name}, though its port record names it`);
    const path = `${top.name}.${name}`;
    const direction = port.dir === 'in' ? 'input' : 'output';
    return {
      path,
      width: port.width,
      direction,
      read: () => sim.peek(path),
      readSigned: () => sim.peekSigned(path),
      write: (value) => {
        if (direction !== 'input') throw new ParamError('port', path, `an input of ${top.name}`, { message: `ports: ${path} is an output of ${top.name}; only inputs can be written` });
        sim.poke(path, value);
      },
      number: () => sim.handle(path),
      words: () => sim.wordHandle(path),
    };
  };
  const build = (names: PortNames): PortHandleTree => {
    if (typeof names === 'string') return make(names);
    if (Array.isArray(names)) return (names as readonly PortNames[]).map(build);
    const out: Record<string, PortHandleTree> = {};
    for (const [k, v] of Object.entries(names as Record<string, PortNames | undefined>)) if (v !== undefined) out[k] = build(v);
    return out;
  };
  // A design built without a module body: its ports by name.
  const names: PortNames = sim.design.portNames ?? Object.fromEntries(top.ports.map((p) => [p.name, p.name]));
  return build(names) as PortHandles<P>;
}
