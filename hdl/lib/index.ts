// The standard library a unit author builds with: collections, encoders,
// arbiters, counters of bits, switch and FSMs, queues and delay lines.
export { Vec } from './vec.js';
export { priorityEncode, firstOne, oneHotToIndex, indexToOneHot, type Priority, type Encoded } from './encode.js';
export { popCount, leadingZeros, trailingZeros, bitLength, smearRight } from './count.js';
export { minOf, maxOf } from './minmax.js';
export { splitFields, packFields } from './fields.js';
export { argMin, argMax, type Extreme, type ExtremeOptions } from './library-ops.js';
export { priorityArbiter, roundRobinArbiter, type Grant } from './arbiter.js';
export { switchOn, type SwitchCases } from './switch.js';
export { fsm, Fsm } from './fsm.js';
export { Queue, queue, type QueueConfig, type QueuePorts } from './queue.js';
export { regNext, pipe, shiftRegister, stageRegs, validReg, type DelayOptions } from './pipe.js';
export { indexBits, countBits } from './util.js';
export { normalisedReciprocal, RECIPROCAL_ARCHS, type ReciprocalArch } from './reciprocal.js';
