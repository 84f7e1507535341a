// A sparse attribute with one index and one value prints in the splat form
// `sparse<index, value>`, for tensors and vectors.
// RUN: ir-opt %s --allow-unregistered-dialect | FileCheck %s

// CHECK: "tst.sparse_one"() {c = sparse<1, 2.000000e+00> : tensor<4xf32>, d = sparse<0, 1> : tensor<4xi8>, e = sparse<0, 1> : vector<2xi32>} : () -> ()
"tst.sparse_one"() {c = sparse<[[1]], [2.0]> : tensor<4xf32>, d = sparse<0, 1> : tensor<4xi8>, e = sparse<[[0]], [1]> : vector<2xi32>} : () -> ()

// `sparse<[], []>` is an empty sparse attribute, printed `sparse<>`.
// CHECK: "tst.sparse_empty"() {b = sparse<> : tensor<2xf32>} : () -> ()
"tst.sparse_empty"() {b = sparse<[], []> : tensor<2xf32>} : () -> ()
