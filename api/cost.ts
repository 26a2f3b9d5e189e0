// `gfxrtl/cost`: the 45 nm cost model. An elaborated design's operator
// inventory, priced at a physical point (Vt, Vdd, pipeline depth): area,
// power, clock and critical path, each watt and square micron attributed to
// an instance and an operator kind; and the calibration of its global knobs.
export * from '../synth-models/index.js';
export { inventory, type Inventory } from '../hdl/inventory/index.js';
