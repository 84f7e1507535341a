// tensor.parallel_insert_slice inside scf.forall.in_parallel (written generically so that the
// test does not depend on how scf ops print), in both forms.
// RUN: ir-opt %s --allow-unregistered-dialect | FileCheck %s
// RUN: ir-opt %s --allow-unregistered-dialect --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC

// CHECK: tensor.parallel_insert_slice %arg1 into %arg3[%arg2] [2] [1] : tensor<2xf32> into tensor<8xf32>
// GENERIC: "tensor.parallel_insert_slice"(%arg1, %arg3, %arg2) <{operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>, static_offsets = array<i64: -9223372036854775808>, static_sizes = array<i64: 2>, static_strides = array<i64: 1>}> : (tensor<2xf32>, tensor<8xf32>, index) -> ()
func.func @parallel(%t: tensor<8xf32>, %s: tensor<2xf32>) -> tensor<8xf32> {
  %0 = "scf.forall"(%t) <{operandSegmentSizes = array<i32: 0, 0, 0, 1>, staticLowerBound = array<i64: 0>, staticStep = array<i64: 1>, staticUpperBound = array<i64: 4>}> ({
  ^bb0(%iv: index, %out: tensor<8xf32>):
    "scf.forall.in_parallel"() ({
      tensor.parallel_insert_slice %s into %out[%iv] [2] [1] : tensor<2xf32> into tensor<8xf32>
    }) : () -> ()
  }) : (tensor<8xf32>) -> tensor<8xf32>
  return %0 : tensor<8xf32>
}
