// `gfxrtl/lib`: the HDL's standard library on its own (vectors, encoders,
// arbiters, bit counts, switch, FSMs, queues, delay lines); `gfxrtl`
// exports the same names.
export * from '../hdl/lib/index.js';
