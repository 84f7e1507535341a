// A dense attribute with no elements prints as `dense<>` whatever the input spelling.
// RUN: ir-opt %s --allow-unregistered-dialect | FileCheck %s

// CHECK: "tst.dense_empty"() {l = dense<> : tensor<0xi32>, m = dense<> : tensor<0xf32>, o = dense<> : tensor<1x0xi8>} : () -> ()
"tst.dense_empty"() {l = dense<> : tensor<0xi32>, m = dense<[]> : tensor<0xf32>, o = dense<[[]]> : tensor<1x0xi8>} : () -> ()
