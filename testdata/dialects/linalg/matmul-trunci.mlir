// A named op narrowing its inputs to the output's integer type builds arith.trunci with its
// default overflow flags, as MLIR's builders do.
// RUN: ir-opt %s --mlir-print-op-generic | FileCheck %s

// CHECK: "arith.trunci"(%arg3) <{overflowFlags = #arith.overflow<none>}> : (i64) -> i32
// CHECK-NEXT: "arith.trunci"(%arg4) <{overflowFlags = #arith.overflow<none>}> : (i64) -> i32
func.func @f(%a: tensor<4x8xi64>, %b: tensor<8x4xi64>, %c: tensor<4x4xi32>) -> tensor<4x4xi32> {
  %0 = linalg.matmul ins(%a, %b : tensor<4x8xi64>, tensor<8x4xi64>) outs(%c : tensor<4x4xi32>) -> tensor<4x4xi32>
  return %0 : tensor<4x4xi32>
}
