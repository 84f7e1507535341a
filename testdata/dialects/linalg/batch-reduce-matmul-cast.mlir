// batch_reduce_matmul takes a `cast` attribute but, unlike matmul and batch_matmul, builds
// its body with signed casts whatever it says (as MLIR 22 does).
// RUN: ir-opt %s --mlir-print-op-generic | FileCheck %s

// CHECK: "linalg.batch_reduce_matmul"
// CHECK: "arith.extsi"
// CHECK-NEXT: "arith.extsi"
// CHECK: "linalg.batch_matmul"
// CHECK: "arith.extui"
// CHECK-NEXT: "arith.extui"
func.func @f(%a: tensor<2x1x16xi8>, %b: tensor<2x16x8xi8>, %c: tensor<1x8xi32>, %d: tensor<2x1x8xi32>) {
  %0 = linalg.batch_reduce_matmul {cast = #linalg.type_fn<cast_unsigned>} ins(%a, %b : tensor<2x1x16xi8>, tensor<2x16x8xi8>) outs(%c : tensor<1x8xi32>) -> tensor<1x8xi32>
  %1 = linalg.batch_matmul {cast = #linalg.type_fn<cast_unsigned>} ins(%a, %b : tensor<2x1x16xi8>, tensor<2x16x8xi8>) outs(%d : tensor<2x1x8xi32>) -> tensor<2x1x8xi32>
  return
}
