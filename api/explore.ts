// `gfxrtl/explore`: the exploration engine a project's study plugs into.
// The study contract (a unit, its config space, workloads, a driver that
// simulates it, metrics, the two Pareto objectives, report sections), the
// throughput metrics and objectives most studies share, and the table
// helpers a study's own Markdown report section may use. The engine's
// internals (sweep, report writer, cross-study tables) stay behind it.
export * from '../explore/contract.js';
export { mdTable, sig } from '../explore/report/format.js';
export { densityEnergyObjectives, throughputMetrics } from '../studies/throughput.js';
