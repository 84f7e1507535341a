// A tensor type whose encoding is left out after the comma (MLIR's optional attribute).
// RUN: ir-opt %s --allow-unregistered-dialect | FileCheck %s

// An empty tensor encoding is no encoding.
// CHECK: %0 = "tst.empty_encoding"() : () -> tensor<4xf32>
%0 = "tst.empty_encoding"() : () -> tensor<4xf32, >
