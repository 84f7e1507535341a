// Pending: `sparse<[], []>` is an empty sparse attribute, printed `sparse<>`.
// RUN: ir-opt %s --allow-unregistered-dialect | FileCheck %s

// CHECK: "tst.sparse_empty"() {b = sparse<> : tensor<2xf32>} : () -> ()
"tst.sparse_empty"() {b = sparse<[], []> : tensor<2xf32>} : () -> ()
