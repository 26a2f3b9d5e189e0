// Public face of the raster workload generator (what the CLI and sweeps import).
export { DEFAULT_WORKLOAD, generateWorkload, type ResolvedWorkloadOptions, type Workload, type WorkloadOptions } from './workload.js';
export { type WorkloadStats, bboxPixels, computeStats, formatStats } from './stats.js';
export { MAX_MESH_TRIANGLES, meshFromDoc, parseMeshJson, readMeshFile, serializeMesh } from './mesh-json.js';
export { type Mesh, type TriIndices, concatMeshes, triangleVerts, truncateMesh } from './mesh.js';
export { pairOrder, pairsFromMesh, singlesFromMesh } from './pairing.js';
export { SURFACE_NAMES, type Surface, type SurfaceName, makeSurface } from './surfaces.js';
export { type DiceOptions, type DicedInstance, type Target, diceSurface } from './tessellate.js';
export { blurMpsFromMesh, NO_LENS, withBlurParams } from './blur-params.js';
export type { ClosePosition } from './mesh.js';
export { surfaceStrata } from './strata.js';
