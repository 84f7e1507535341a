// Literal edge cases that MLIR accepts: overflowing decimal floats become infinities,
// underflowing ones zero; hex integers for floats are bit patterns zero-extended; leading
// zeros in integer type widths; an empty integer set is `0 == 0`.
// RUN: ir-opt %s --allow-unregistered-dialect | FileCheck %s

// CHECK: #set = affine_set<() : (0 == 0)>
// CHECK-NEXT: module {

// CHECK-NEXT: "tst.float_range"() {b = 0x7FF0000000000000 : f64, c = 0x7F800000 : f32, f = 0xFFF0000000000000 : f64, g = 0.000000e+00 : f64} : () -> ()
"tst.float_range"() {b = 1.0e400, c = 1.0e39 : f32, f = -1.0e400, g = 1.0e-400} : () -> ()

// CHECK-NEXT: "tst.short_hex"() {a = 6.530050e-42 : f32} : () -> ()
"tst.short_hex"() {a = 0x1234 : f32} : () -> ()

// CHECK-NEXT: "tst.misc"() {d = strided<[-1]>, e = #set, h = dense<true> : tensor<8xi1>} : () -> ()
"tst.misc"() {d = strided<[-1]>, e = affine_set<() : ()>, h = dense<"0xFF"> : tensor<8xi1>} : () -> ()

// CHECK-NEXT: %0:2 = "tst.widths"() : () -> (i1, si10)
%0:2 = "tst.widths"() : () -> (i0001, si0010)

// An unquoted hex literal in dense<> is one integer, here a splat.
// CHECK-NEXT: "tst.hex_int_splat"() {a = dense<16909060> : tensor<2xi32>} : () -> ()
"tst.hex_int_splat"() {a = dense<0x01020304> : tensor<2xi32>} : () -> ()

// Raw data of complex elements.
// CHECK-NEXT: "tst.complex_hex"() {c = dense<(67305985,134678021)> : tensor<2xcomplex<i32>>} : () -> ()
"tst.complex_hex"() {c = dense<"0x0102030405060708"> : tensor<2xcomplex<i32>>} : () -> ()

// Dense arrays of signed/unsigned integers and bf16; a two-byte hex string is one f16 splat.
// CHECK-NEXT: "tst.arrays"() {a = array<ui8: 1>, c = dense<7.510180e-06> : tensor<3xf16>, d = array<si8: -1>, e = array<bf16: 1.500000e+00>} : () -> ()
"tst.arrays"() {a = array<ui8: 1>, c = dense<"0x7E00"> : tensor<3xf16>, d = array<si8: -1>, e = array<bf16: 1.5>} : () -> ()

// Deeply nested attributes (200 levels of arrays).
// CHECK-NEXT{LITERAL}: "tst.deep"() {a = [[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]} : () -> ()
"tst.deep"() {a = [[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]} : () -> ()
