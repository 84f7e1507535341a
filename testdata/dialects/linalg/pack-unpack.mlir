// linalg.pack and linalg.unpack: padding value, outer permutation (left out when empty),
// static and dynamic inner tiles, the operand segments of pack, and their result names.
// RUN: ir-opt %s | FileCheck %s
// RUN: ir-opt %s --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC

// CHECK: %pack = linalg.pack %arg0 padding_value(%arg3 : f32) outer_dims_perm = [1, 0] inner_dims_pos = [0, 1] inner_tiles = [8, 32] into %arg2 {tst.x} : tensor<128x256xf32> -> tensor<8x16x8x32xf32>
// CHECK: %pack_0 = linalg.pack %arg0 inner_dims_pos = [0, 1] inner_tiles = [8, %arg4] into %arg5 : tensor<128x256xf32> -> tensor<?x?x8x?xf32>
// CHECK: %unpack = linalg.unpack %arg2 outer_dims_perm = [1, 0] inner_dims_pos = [0, 1] inner_tiles = [8, 32] into %arg0 : tensor<8x16x8x32xf32> -> tensor<128x256xf32>
// CHECK: %unpack_1 = linalg.unpack %arg1 inner_dims_pos = [0, 1] inner_tiles = [8, 32] into %arg0 : tensor<16x8x8x32xf32> -> tensor<128x256xf32>
// GENERIC: "linalg.pack"(%arg0, %arg2, %arg3) <{inner_dims_pos = array<i64: 0, 1>, operandSegmentSizes = array<i32: 1, 1, 1, 0>, outer_dims_perm = array<i64: 1, 0>, static_inner_tiles = array<i64: 8, 32>}> {tst.x}
// GENERIC: "linalg.pack"(%arg0, %arg5, %arg4) <{inner_dims_pos = array<i64: 0, 1>, operandSegmentSizes = array<i32: 1, 1, 0, 1>, static_inner_tiles = array<i64: 8, -9223372036854775808>}>
// GENERIC: "linalg.unpack"(%arg1, %arg0) <{inner_dims_pos = array<i64: 0, 1>, outer_dims_perm = array<i64>, static_inner_tiles = array<i64: 8, 32>}>
func.func @f(%p: tensor<128x256xf32>, %q: tensor<16x8x8x32xf32>, %r: tensor<8x16x8x32xf32>, %f: f32, %n: index, %d: tensor<?x?x8x?xf32>) {
  %0 = linalg.pack %p padding_value(%f : f32) outer_dims_perm = [1, 0] inner_dims_pos = [0, 1] inner_tiles = [8, 32] into %r {tst.x} : tensor<128x256xf32> -> tensor<8x16x8x32xf32>
  %1 = linalg.pack %p inner_dims_pos = [0, 1] inner_tiles = [8, %n] into %d : tensor<128x256xf32> -> tensor<?x?x8x?xf32>
  %2 = linalg.unpack %r outer_dims_perm = [1, 0] inner_dims_pos = [0, 1] inner_tiles = [8, 32] into %p : tensor<8x16x8x32xf32> -> tensor<128x256xf32>
  %3 = linalg.unpack %q outer_dims_perm = [] inner_dims_pos = [0, 1] inner_tiles = [8, 32] into %p : tensor<16x8x8x32xf32> -> tensor<128x256xf32>
  return
}
