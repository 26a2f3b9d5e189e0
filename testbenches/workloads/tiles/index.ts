// Tiles for the sort back end: scenes rendered with depth test by the exact
// golden rasterizer, cut into tiles of (SPID, sample position) pairs.
export { buildScene, FRAME, SCENE_SURFACES, sceneName, type Scene, type SceneSpec, type SceneSurface } from './scenes.js';
export { renderFrame, type Frame } from './render.js';
export { cellGrid, checkSpp, sampleOffsets, TILE_SPP, type TileSpp } from './samples.js';
export { busiestOf, checkTileSize, cutTile, cutTiles, summariseTiles, summariseTileSizes, tilePairs, TILE_SIZES, valueBits, type Tile, type TileSize, type TileSummary } from './tiles.js';
