// The operator inventory's public surface: count a design's hardware, time
// it with caller-supplied delays, estimate pipeline registers, print it.
export { OP_KINDS, shapeKey, storageBits, type OpKind, type OpShape } from './shapes.js';
export { classifyNode, isWiring, type OpUse } from './classify.js';
export { countOf, type InventoryItem, type OpCount, type OpTally, type WiringCount } from './tally.js';
export { inventory, type Inventory, type InstanceInventory } from './inventory.js';
export { buildTimingGraph, graphNode, graphOp, type Endpoint, type GraphNode, type GraphOp, type TimingGraph } from './timing-graph.js';
export { analyzeTiming, endpointDelays, nodeDelays, timingFrom, topoOrder, type CriticalPath, type DelayFn, type PathStep, type Timing } from './critical-path.js';
export { cutHolders, cutWidths, latestConsumer, type Cut, type CutHolder, type CutProfile } from './cuts.js';
export { criticalPathMarkdown, inventoryMarkdown, tallyMarkdown } from './render.js';
export { loopBound, loopDelay, loopStructure, type LoopBound, type LoopStructure } from './loops.js';
export { graphArrays, type GraphArrays } from './graph-arrays.js';
