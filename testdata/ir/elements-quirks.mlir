// Element literals as mlir-opt 22 reads them: bit-packed i1 hex data, a parenthesized pair
// standing for two elements, memref-typed literals.
// RUN: ir-opt %s --allow-unregistered-dialect --split-input-file | FileCheck %s

// Hex data of i1 elements is bit-packed: bit i of the data is element i.
// CHECK: "tst.i1_hex"() {a = dense<[true, false, false, false, false, false, false, false]> : tensor<8xi1>, i = dense<[true, false]> : tensor<2xi1>} : () -> ()
"tst.i1_hex"() {a = dense<"0x01"> : tensor<8xi1>, i = dense<"0x01"> : tensor<2xi1>} : () -> ()

// -----

// A parenthesized pair in an integer tensor literal is read as two elements.
// CHECK: "tst.paren_ints"() {b = dense<[1, 2]> : tensor<2xi32>} : () -> ()
"tst.paren_ints"() {b = dense<(1, 2)> : tensor<2xi32>} : () -> ()

// -----

// A second strided layout after the first is dropped.
// CHECK: %0 = "tst.two_layouts"() : () -> memref<?xf32, strided<[1]>>
%0 = "tst.two_layouts"() : () -> memref<?xf32, strided<[1]>, strided<[1]>>

// -----

// A dense elements attribute may have a memref type.
// CHECK: "tst.dense_memref"() {c = dense<[1, 2]> : memref<2xi32>} : () -> ()
"tst.dense_memref"() {c = dense<[1, 2]> : memref<2xi32>} : () -> ()
