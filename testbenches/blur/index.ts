export { runBlur, runHybrid, type BlurRun, type BlurRunOptions, type BlurStats } from './run-blur.js';
export { mpsFor, stabilityOf, Z95, type BatchVariance, type Stability } from './stability.js';
