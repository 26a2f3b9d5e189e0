// Test support: build ModuleIR/Design objects by hand, so the simulator can be
// tested without (and independently of) the DSL front end. No checking beyond
// what keeps ids consistent: tests sometimes want malformed IR on purpose.
import type { NodeId } from '../../ir.js';
import { designOf, IrModuleBuilder, type NodeBody } from '../../test-ir.js';

export type { NodeBody };

export class IrBuilder extends IrModuleBuilder {
  /** Register whose `d` is closed later with setD (feedback loops). */
  reg(width: number, name: string | undefined, init: bigint | number | null, en: NodeId | null = null): NodeId {
    const i = init === null ? null : BigInt(init);
    return this.node({ op: 'reg', d: -1, en, init: i }, width, name);
  }
}

export { designOf };
