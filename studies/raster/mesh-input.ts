// Reading a mesh file for the CLI: the strict reader (hdl/json-input.ts)
// and the mesh format's checks, each mistake at its line, column and field.
export { readMeshFile as readMesh } from '../../testbenches/workloads/raster/index.js';
