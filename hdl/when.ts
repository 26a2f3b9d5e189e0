// Lowering when/elsewhen/otherwise into priority muxes, one target at a
// time. A target's value after a statement list is folded from the value
// before it; a when-statement becomes a mux chain whose last arm is the
// otherwise branch (or the incoming value). `null` means "not driven on
// this path": mixing it with a driven value is the partially-driven error.
import { HdlError } from './errors.js';
import type { NodeId, SourceLoc } from './ir.js';

export interface AssignStmt {
  kind: 'assign';
  target: NodeId;
  value: NodeId;
}
export interface WhenStmt {
  kind: 'when';
  /** cond null = otherwise (always last). */
  branches: { cond: NodeId | null; body: Stmt[] }[];
}
export type Stmt = AssignStmt | WhenStmt;

export interface MuxBuilder {
  readonly moduleName: string;
  muxNode(sel: NodeId, whenTrue: NodeId, whenFalse: NodeId): NodeId;
  describe(id: NodeId): string;
  nodeLoc(id: NodeId): SourceLoc | undefined;
}

export function lowerAssignments(b: MuxBuilder, target: NodeId, stmts: Stmt[], incoming: NodeId | null): NodeId | null {
  let v = incoming;
  for (const s of stmts) v = lowerStmt(b, target, s, v);
  return v;
}

function touches(s: Stmt, target: NodeId): boolean {
  if (s.kind === 'assign') return s.target === target;
  return s.branches.some((br) => br.body.some((x) => touches(x, target)));
}

function lowerStmt(b: MuxBuilder, target: NodeId, s: Stmt, v: NodeId | null): NodeId | null {
  if (s.kind === 'assign') return s.target === target ? s.value : v;
  if (!touches(s, target)) return v;
  const last = s.branches[s.branches.length - 1];
  const hasOtherwise = last !== undefined && last.cond === null;
  let acc = hasOtherwise && last !== undefined ? lowerAssignments(b, target, last.body, v) : v;
  const conds = hasOtherwise ? s.branches.slice(0, -1) : s.branches;
  for (let i = conds.length - 1; i >= 0; i--) {
    const br = conds[i];
    if (br === undefined) continue;
    const taken = lowerAssignments(b, target, br.body, v);
    if (taken === acc) continue;
    if (taken === null || acc === null) {
      throw new HdlError(
        'undriven',
        b.moduleName,
        b.describe(target),
        `${b.describe(target)} is assigned in some branches of a when but has no value on the others; ` +
          'give it a default with drive() before the when, or add an otherwise',
        b.nodeLoc(target),
      );
    }
    acc = b.muxNode(br.cond as NodeId, taken, acc);
  }
  return acc;
}
