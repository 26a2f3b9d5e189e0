// Mapping hardware types to the TypeScript shapes a module body works with:
// a scalar type becomes a signal, a bundle a record of signals, a stream
// { valid, ready, payload }.
import type { Fixed, SInt, Signal, UInt } from './signal.js';
import type { BundleType, FixedType, HwType, ScalarType, SIntType, StreamType, UIntType, VecType } from './types.js';

// A type alias, not an interface, so it is assignable to SignalTree.
/** A valid/ready stream port: its `valid`, `ready` and `payload` signals. */
export type StreamPorts<P> = {
  valid: UInt;
  ready: UInt;
  payload: P;
};

/** The signal type a port type becomes: UInt, SInt or Fixed for scalars, objects and arrays of them for bundles, streams and vecs. */
export type SigOf<T extends HwType> = T extends UIntType
  ? UInt
  : T extends SIntType
    ? SInt
    : T extends FixedType
      ? Fixed
      : T extends BundleType<infer F>
        ? { [K in keyof F]: SigOf<F[K]> }
        : T extends StreamType<infer P>
          ? StreamPorts<SigOf<P>>
          : T extends VecType<infer E>
            ? SigOf<E>[]
            : never;

/** A tree of signals: what a module body returns as its port record. A
 *  record field may be undefined: a port only some configs have. */
export type SignalTree = Signal | { readonly [k: string]: SignalTree | undefined } | readonly SignalTree[];

/** The name of a leaf at `path` under `name`: segments joined by `_`, a vec
 *  index glued to what it indexes (`in_v0_x`, not `in_v_0_x`). */
export function leafName(name: string, path: readonly string[]): string {
  let n = name;
  for (const seg of path) n += /^\d+$/.test(seg) ? seg : `_${seg}`;
  return n;
}

export interface Leaf {
  /** Name suffix path, e.g. ['in', 'payload', 'x'] -> in_payload_x */
  path: string[];
  type: ScalarType;
  /** true when the leaf flows against the declared direction (stream ready). */
  flipped: boolean;
}

/** Flatten a hardware type into its scalar leaves, in declaration order. */
export function leaves(t: HwType, path: string[] = [], flipped = false): Leaf[] {
  switch (t.kind) {
    case 'uint':
    case 'sint':
    case 'fixed':
      return [{ path, type: t, flipped }];
    case 'bundle':
      return Object.entries(t.fields).flatMap(([k, f]) => leaves(f, [...path, k], flipped));
    case 'stream':
      return [
        { path: [...path, 'valid'], type: { kind: 'uint', width: 1 }, flipped },
        { path: [...path, 'ready'], type: { kind: 'uint', width: 1 }, flipped: !flipped },
        ...leaves(t.payload, [...path, 'payload'], flipped),
      ];
    case 'vec':
      return Array.from({ length: t.length }, (_, i) => leaves(t.element, [...path, String(i)], flipped)).flat();
  }
}

/** Build the TS shape for type t, asking `make` for each leaf. */
export function buildShape<T extends HwType>(t: T, make: (leaf: Leaf) => Signal): SigOf<T> {
  return buildTree(t, make) as SigOf<T>;
}

/** buildShape for a type known only as HwType. */
export function buildTree(t: HwType, make: (leaf: Leaf) => Signal): SignalTree {
  const build = (ty: HwType, path: string[], flipped: boolean): unknown => {
    switch (ty.kind) {
      case 'uint':
      case 'sint':
      case 'fixed':
        return make({ path, type: ty, flipped });
      case 'bundle':
        return Object.fromEntries(Object.entries(ty.fields).map(([k, f]) => [k, build(f, [...path, k], flipped)]));
      case 'stream':
        return {
          valid: make({ path: [...path, 'valid'], type: { kind: 'uint', width: 1 }, flipped }),
          ready: make({ path: [...path, 'ready'], type: { kind: 'uint', width: 1 }, flipped: !flipped }),
          payload: build(ty.payload, [...path, 'payload'], flipped),
        };
      case 'vec':
        return Array.from({ length: ty.length }, (_, i) => build(ty.element, [...path, String(i)], flipped));
    }
  };
  return build(t, [], false) as SignalTree;
}

/** Map every signal leaf of a tree, keeping its structure. */
export function mapTree<T extends SignalTree>(tree: T, f: (s: Signal, path: string[]) => Signal, path: string[] = []): T {
  if (tree === undefined) return tree;
  if (isSignal(tree)) return f(tree, path) as T;
  if (Array.isArray(tree)) return tree.map((x: SignalTree, i: number) => mapTree(x, f, [...path, String(i)])) as unknown as T;
  return Object.fromEntries(
    Object.entries(tree as Record<string, SignalTree | undefined>).map(([k, v]) => [k, v === undefined ? v : mapTree(v, f, [...path, k])]),
  ) as T;
}

export function isSignal(x: unknown): x is Signal {
  return typeof x === 'object' && x !== null && 'owner' in x && 'id' in x && 'type' in x;
}
