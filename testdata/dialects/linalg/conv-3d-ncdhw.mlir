// conv_3d_ncdhw_fcdhw iterates (n, f, od, oh, ow, c, kd, kh, kw), as MLIR's definition
// orders the domain: the memoized indexing maps of the generic form show it.
// RUN: ir-opt %s --mlir-print-op-generic | FileCheck %s

// CHECK: #map = affine_map<(d0, d1, d2, d3, d4, d5, d6, d7, d8) -> (d0, d5, d2 + d6, d3 + d7, d4 + d8)>
// CHECK-NEXT: #map1 = affine_map<(d0, d1, d2, d3, d4, d5, d6, d7, d8) -> (d1, d5, d6, d7, d8)>
// CHECK-NEXT: #map2 = affine_map<(d0, d1, d2, d3, d4, d5, d6, d7, d8) -> (d0, d1, d2, d3, d4)>
// CHECK: {linalg.memoized_indexing_maps = [#map, #map1, #map2]}
func.func @f(%i: tensor<1x3x9x9x9xf32>, %k: tensor<4x3x3x3x3xf32>, %o: tensor<1x4x7x7x7xf32>) -> tensor<1x4x7x7x7xf32> {
  %0 = linalg.conv_3d_ncdhw_fcdhw ins(%i, %k : tensor<1x3x9x9x9xf32>, tensor<4x3x3x3x3xf32>) outs(%o : tensor<1x4x7x7x7xf32>) -> tensor<1x4x7x7x7xf32>
  return %0 : tensor<1x4x7x7x7xf32>
}
