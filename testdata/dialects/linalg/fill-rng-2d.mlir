// linalg.fill_rng_2d builds OpDSL's random number generator body: constants, loop indices,
// integer casts (trunci with its default overflow flags), the two LCG steps, the scaling into
// [min, max) and the cast to the output's element type.
// RUN: ir-opt %s --mlir-print-op-generic | FileCheck %s

// CHECK: "linalg.fill_rng_2d"(%arg0, %arg1, %arg2, %arg3) <{operandSegmentSizes = array<i32: 3, 1>}> ({
// CHECK-NEXT: ^bb0(%arg{{[0-9]+}}: f64, %arg{{[0-9]+}}: f64, %arg{{[0-9]+}}: i32, %arg{{[0-9]+}}: f32):
// CHECK-NEXT: "arith.constant"() <{value = 2147483647 : i64}> : () -> i64
// CHECK-NEXT: "arith.sitofp"
// CHECK-NEXT: "linalg.index"() <{dim = 1 : i64}> : () -> index
// CHECK-NEXT: "arith.index_cast"
// CHECK-NEXT: "linalg.index"() <{dim = 0 : i64}> : () -> index
// CHECK-NEXT: "arith.index_cast"
// CHECK-NEXT: "arith.addi"
// CHECK-NEXT: "arith.constant"() <{value = 1103515245 : i64}> : () -> i64
// CHECK-NEXT: "arith.trunci"({{.*}}) <{overflowFlags = #arith.overflow<none>}> : (i64) -> i32
// CHECK: "arith.constant"() <{value = 2.3283063999999999E-10 : f64}> : () -> f64
// CHECK: "arith.truncf"({{.*}}) : (f64) -> f32
// CHECK-NEXT: "linalg.yield"
// CHECK: {linalg.memoized_indexing_maps = [#map, #map, #map, #map1]}
// CHECK: "arith.fptosi"({{.*}}) : (f64) -> i32
func.func @f(%min: f64, %max: f64, %seed: i32, %o: tensor<16x32xf32>, %p: memref<4x4xi32>) {
  %0 = linalg.fill_rng_2d ins(%min, %max, %seed : f64, f64, i32) outs(%o : tensor<16x32xf32>) -> tensor<16x32xf32>
  linalg.fill_rng_2d ins(%min, %max, %seed : f64, f64, i32) outs(%p : memref<4x4xi32>)
  return
}
