// The gfxrtl HDL: what a unit author imports.
export * from './types.js';
export { Signal, UInt, SInt, Fixed, type Literal } from './signal.js';
export { resize, ROUNDINGS, OVERFLOWS, type Rounding, type Overflow, type ResizeOptions } from './fixed.js';
export { defineModule, ModuleBuilder, type ModuleDef, type Memory, type Cam, type WhenChain } from './module.js';
export type { CamSearch, CamOptions } from './cam.js';
export { elaborate } from './elaborate.js';
export { mux, muxN, cat } from './ops.js';
export type { SigOf, StreamPorts, SignalTree } from './shape.js';
export { leafName, mapTree } from './shape.js';
export { HdlError } from './errors.js';
export type { Design, ModuleIR } from './ir.js';
export * from './lib/index.js';
