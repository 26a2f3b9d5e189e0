export * from './grid.js';
export * from './scene.js';
export * from './scene-error.js';
export * from './game.js';
export * from './rasterize.js';
export * from './overlap.js';
export * from './scene-file.js';
