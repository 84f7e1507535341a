// The regions MLIR builds for named ops (casts by element types, the cast attribute,
// payload ops with their default properties), the properties the generic form shows
// (indexing maps filled in, memoized maps of ops with static maps), and locations.
// RUN: ir-opt %s --mlir-print-op-generic | FileCheck %s

// CHECK-DAG: #map3 = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-DAG: #map4 = affine_map<(d0, d1) -> (d1)>
// CHECK-DAG: #map5 = affine_map<(d0, d1) -> (d0)>
// CHECK-DAG: #map6 = affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1 * 2 + d4, d2 * 2 + d5, d3)>
// CHECK-DAG: #map7 = affine_map<(d0, d1, d2, d3, d4, d5) -> (d4, d5)>
// CHECK-DAG: #map8 = affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3)>
// CHECK-LABEL: "func.func"
// CHECK: "linalg.matmul"(%arg0, %arg1, %arg2) <{cast = #linalg.type_fn<cast_unsigned>, indexing_maps = [#map, #map1, #map2], operandSegmentSizes = array<i32: 2, 1>}> ({
// CHECK-NEXT: ^bb0(%[[A:.*]]: i8, %[[B:.*]]: i8, %[[C:.*]]: i32):
// CHECK-NEXT: %[[X:.*]] = "arith.extui"(%[[A]]) : (i8) -> i32
// CHECK-NEXT: %[[Y:.*]] = "arith.extui"(%[[B]]) : (i8) -> i32
// CHECK-NEXT: %[[M:.*]] = "arith.muli"(%[[X]], %[[Y]]) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
// CHECK-NEXT: %[[S:.*]] = "arith.addi"(%[[C]], %[[M]]) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
// CHECK-NEXT: "linalg.yield"(%[[S]]) : (i32) -> ()
// CHECK-NEXT: }) : (tensor<4x8xi8>, tensor<8x16xi8>, tensor<4x16xi32>) -> tensor<4x16xi32>
// CHECK: "linalg.matvec"
// CHECK: "arith.sitofp"(%{{.*}}) : (i8) -> bf16
// CHECK: "arith.truncf"(%{{.*}}) : (f32) -> bf16
// CHECK: "arith.mulf"(%{{.*}}, %{{.*}}) <{fastmath = #arith.fastmath<none>}> : (bf16, bf16) -> bf16
// CHECK: }) {linalg.memoized_indexing_maps = [#map3, #map4, #map5]} : (tensor<4x8xi8>, tensor<8xf32>, tensor<4xbf16>) -> tensor<4xbf16>
// CHECK: "linalg.pooling_nhwc_max"(%arg5, %arg6, %arg7) <{dilations = dense<1> : tensor<2xi64>, operandSegmentSizes = array<i32: 2, 1>, strides = dense<2> : tensor<2xi64>}>
// CHECK: "arith.maximumf"(%{{.*}}, %{{.*}}) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
// CHECK: {linalg.memoized_indexing_maps = [#map6, #map7, #map8]}
// CHECK: "arith.constant"() <{value = 1.000000e+00 : f32}> : () -> f32
// CHECK-NEXT: "arith.divf"
func.func @f(%ai: tensor<4x8xi8>, %bi: tensor<8x16xi8>, %ci: tensor<4x16xi32>, %v: tensor<8xf32>, %o: tensor<4xbf16>, %i: tensor<1x9x9x3xf32>, %w: tensor<3x3xf32>, %p: tensor<1x4x4x3xf32>, %t: tensor<4xf32>) {
  %0 = linalg.matmul {cast = #linalg.type_fn<cast_unsigned>} ins(%ai, %bi : tensor<4x8xi8>, tensor<8x16xi8>) outs(%ci : tensor<4x16xi32>) -> tensor<4x16xi32>
  %1 = linalg.matvec ins(%ai, %v : tensor<4x8xi8>, tensor<8xf32>) outs(%o : tensor<4xbf16>) -> tensor<4xbf16>
  %2 = linalg.pooling_nhwc_max {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>} ins(%i, %w : tensor<1x9x9x3xf32>, tensor<3x3xf32>) outs(%p : tensor<1x4x4x3xf32>) -> tensor<1x4x4x3xf32>
  %3 = linalg.reciprocal ins(%t : tensor<4xf32>) outs(%t : tensor<4xf32>) -> tensor<4xf32>
  return
}
