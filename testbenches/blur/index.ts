export { runBlur, runHybrid, type BlurRun, type BlurRunOptions, type BlurStats } from './run-blur.js';
export { stabilityOf, type Stability } from './stability.js';
