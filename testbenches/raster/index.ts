// The raster testbenches: drive MP streams through rasterizer pipelines and measure them.
export { FastPorts, type NarrowPort } from './fast-ports.js';
export { byCanonicalOrder, MpPorts, StampPorts } from './noblur-io.js';
export { noblurBench, runNoblur, type NoblurRun, type NoblurRunOptions, type NoblurStats } from './run-noblur.js';
