// `gfxrtl/explore`: the exploration engine a project's study plugs into.
// The study contract (a unit, its config space, workloads, a driver that
// simulates it, metrics, the two Pareto objectives, report sections) and the
// services a study may use in its own sections; and the throughput metrics
// and objectives most studies share.
export * from '../explore/index.js';
export { densityEnergyObjectives, throughputMetrics } from '../studies/throughput.js';
