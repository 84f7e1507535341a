// Pending type cases: mlir-opt 22 accepts these, ir-opt rejects them.
// RUN: ir-opt %s --allow-unregistered-dialect | FileCheck %s

// An empty tensor encoding is no encoding.
// CHECK: %0 = "tst.empty_encoding"() : () -> tensor<4xf32>
%0 = "tst.empty_encoding"() : () -> tensor<4xf32, >
