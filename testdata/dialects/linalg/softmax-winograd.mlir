// linalg.softmax (attributes first, results only for tensors) and the Winograd transforms
// with their fmr(F_m_r) variants.
// RUN: ir-opt %s | FileCheck %s
// RUN: ir-opt %s --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC

// CHECK: linalg.softmax {tst.x} dimension(1) ins(%arg0 : tensor<2x16x32xf32>) outs(%arg0 : tensor<2x16x32xf32>) -> tensor<2x16x32xf32>
// CHECK: linalg.softmax dimension(2) ins(%arg1 : memref<2x16x32xf32>) outs(%arg1 : memref<2x16x32xf32>)
// CHECK: linalg.winograd_filter_transform fmr(F_4_3) ins(%arg2 : tensor<2x3x3x5xf32>) outs(%arg3 : tensor<6x6x5x2xf32>) -> tensor<6x6x5x2xf32>
// CHECK: linalg.winograd_input_transform fmr(F_2_3) ins(%arg4 : tensor<2x6x6x5xf32>) outs(%arg5 : tensor<4x4x2x2x2x5xf32>) -> tensor<4x4x2x2x2x5xf32>
// CHECK: linalg.winograd_output_transform fmr(F_2_3) ins(%arg5 : tensor<4x4x2x2x2x5xf32>) outs(%arg6 : tensor<2x4x4x5xf32>) -> tensor<2x4x4x5xf32>
// GENERIC: "linalg.softmax"(%arg0, %arg0) <{dimension = 1 : i64}> {tst.x} : (tensor<2x16x32xf32>, tensor<2x16x32xf32>) -> tensor<2x16x32xf32>
// GENERIC: "linalg.winograd_filter_transform"(%arg2, %arg3) <{fmr = 1 : i32}>
// GENERIC: "linalg.winograd_input_transform"(%arg4, %arg5) <{fmr = 0 : i32}>
func.func @f(%t: tensor<2x16x32xf32>, %m: memref<2x16x32xf32>, %k: tensor<2x3x3x5xf32>, %kt: tensor<6x6x5x2xf32>, %i: tensor<2x6x6x5xf32>, %it: tensor<4x4x2x2x2x5xf32>, %o: tensor<2x4x4x5xf32>) {
  %0 = linalg.softmax {tst.x} dimension(1) ins(%t : tensor<2x16x32xf32>) outs(%t : tensor<2x16x32xf32>) -> tensor<2x16x32xf32>
  linalg.softmax dimension(2) ins(%m : memref<2x16x32xf32>) outs(%m : memref<2x16x32xf32>)
  %1 = linalg.winograd_filter_transform fmr(F_4_3) ins(%k : tensor<2x3x3x5xf32>) outs(%kt : tensor<6x6x5x2xf32>) -> tensor<6x6x5x2xf32>
  %2 = linalg.winograd_input_transform fmr(F_2_3) ins(%i : tensor<2x6x6x5xf32>) outs(%it : tensor<4x4x2x2x2x5xf32>) -> tensor<4x4x2x2x2x5xf32>
  %3 = linalg.winograd_output_transform fmr(F_2_3) ins(%it : tensor<4x4x2x2x2x5xf32>) outs(%o : tensor<2x4x4x5xf32>) -> tensor<2x4x4x5xf32>
  return
}
