// Every builtin type in its printed form: integers, index, none, the float types, complex,
// tuple, function types, tensors, memrefs, vectors, opaque dialect types and type aliases.
// RUN: ir-opt %s --allow-unregistered-dialect | FileCheck %s
// RUN: ir-opt %s --allow-unregistered-dialect | ir-opt --allow-unregistered-dialect | FileCheck %s
// RUN: ir-opt %s --allow-unregistered-dialect --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC

// Type aliases are expanded where used and never printed back.
// CHECK-NOT: !alias
!alias = tensor<?x4xf32>
!alias_unused = i32
!elem = i32
!nested = tensor<4x!elem>
!fn = (!elem) -> !nested

// Only the layouts that are not the identity get an affine_map alias, numbered in order.
// CHECK: #map = affine_map<(d0, d1) -> (d1, d0)>
// CHECK-NEXT: #map1 = affine_map<(d0) -> (d0 + 1)>
// CHECK-NEXT: #map2 = affine_map<(d0)[s0] -> (d0 + s0)>
// CHECK-NEXT: module {

// CHECK-NEXT: %0:15 = "tst.ints"() : () -> (i0, i1, i2, i7, i8, i16, i32, i64, i128, i1024, si8, ui8, si1, ui64, i16777215)
"tst.ints"() : () -> (i0, i1, i2, i7, i8, i16, i32, i64, i128, i1024, si8, ui8, si1, ui64, i16777215)

// CHECK-NEXT: %1:2 = "tst.index"() : () -> (index, none)
"tst.index"() : () -> (index, none)

// CHECK-NEXT: %2:18 = "tst.floats"() : () -> (f16, bf16, f32, f64, f80, f128, tf32, f4E2M1FN, f6E2M3FN, f6E3M2FN, f8E5M2, f8E4M3, f8E4M3FN, f8E5M2FNUZ, f8E4M3FNUZ, f8E4M3B11FNUZ, f8E3M4, f8E8M0FNU)
"tst.floats"() : () -> (f16, bf16, f32, f64, f80, f128, tf32, f4E2M1FN, f6E2M3FN, f6E3M2FN, f8E5M2, f8E4M3, f8E4M3FN, f8E5M2FNUZ, f8E4M3FNUZ, f8E4M3B11FNUZ, f8E3M4, f8E8M0FNU)

// CHECK-NEXT: %3:4 = "tst.complex"() : () -> (complex<f32>, complex<i8>, complex<f64>, complex<bf16>)
"tst.complex"() : () -> (complex<f32>, complex<i8>, complex<f64>, complex<bf16>)

// CHECK-NEXT: %4:4 = "tst.tuple"() : () -> (tuple<>, tuple<i32>, tuple<i32, tuple<f32, index>>, tuple<tensor<2xi8>, () -> ()>)
"tst.tuple"() : () -> (tuple<>, tuple<i32>, tuple<i32, tuple<f32, index>>, tuple<tensor<2xi8>, () -> ()>)

// A function result list is parenthesized unless it is a single non-function type.
// CHECK-NEXT: %5:7 = "tst.fn"() : () -> (() -> (), (i32) -> i32, (i32, f32) -> (i1, i1), () -> (() -> ()), (i32) -> ((i1) -> i2), ((i8) -> i8) -> i1, (i32) -> i32)
"tst.fn"() : () -> (() -> (), (i32) -> (i32), (i32, f32) -> (i1, i1), () -> (() -> ()), (i32) -> ((i1) -> i2), ((i8) -> i8) -> i1, (i32) -> i32)

// CHECK-NEXT: %6:9 = "tst.tensor"() : () -> (tensor<f32>, tensor<*xf32>, tensor<?xi8>, tensor<1x?x3xf32>, tensor<0x4xi1>, tensor<4xf32, "enc">, tensor<2x2xi32, {a = 1 : i64}>, tensor<?x?xcomplex<f32>>, tensor<2xvector<4xf32>>)
"tst.tensor"() : () -> (tensor<f32>, tensor<*xf32>, tensor<?xi8>, tensor<1x?x3xf32>, tensor<0x4xi1>, tensor<4xf32, "enc">, tensor<2x2xi32, {a = 1}>, tensor<?x?xcomplex<f32>>, tensor<2xvector<4xf32>>)

// CHECK-NEXT: %7:3 = "tst.tensor_enc"() : () -> (tensor<4xf32, #tst.enc>, tensor<?xi64, #tst.e<[1, 2]>>, tensor<?xi64, #tst<"opaque">>)
"tst.tensor_enc"() : () -> (tensor<4xf32, #tst.enc>, tensor<?xi64, #tst.e<[1, 2]>>, tensor<?xi64, #tst<"opaque">>)

// The identity affine_map layout is dropped; integer and string memory spaces are kept.
// CHECK-NEXT: %8:7 = "tst.memref"() : () -> (memref<f32>, memref<*xf32>, memref<*xf32, 1>, memref<4xf32, 3>, memref<?x4xf32, "gpu">, memref<4x4xf32>, memref<2xvector<4xf32>>)
"tst.memref"() : () -> (memref<f32>, memref<*xf32>, memref<*xf32, 1>, memref<4xf32, 3>, memref<?x4xf32, "gpu">, memref<4x4xf32, affine_map<(d0, d1) -> (d0, d1)>>, memref<2xvector<4xf32>>)

// CHECK-NEXT: %9:5 = "tst.memref_map"() : () -> (memref<4x4xf32, #map>, memref<4x4xf32, #map, 2>, memref<4xf32, #map1>, memref<4xf32, #map2>, memref<4x4xf32, #map>)
"tst.memref_map"() : () -> (memref<4x4xf32, affine_map<(d0, d1) -> (d1, d0)>>, memref<4x4xf32, affine_map<(d0, d1) -> (d1, d0)>, 2>, memref<4xf32, affine_map<(d0) -> (d0 + 1)>>, memref<4xf32, affine_map<(d0)[s0] -> (d0 + s0)>>, memref<4x4xf32, affine_map<(d0, d1) -> (d1, d0)>>)

// A zero offset is not printed in a strided layout.
// CHECK-NEXT: %10:8 = "tst.memref_strided"() : () -> (memref<4x?xf32, strided<[?, 1], offset: ?>>, memref<4x4xf32, strided<[4, 1]>>, memref<4x4xf32, strided<[4, 1]>>, memref<4x4xf32, strided<[8, 2], offset: 5>, 7>, memref<f32, strided<[]>>, memref<f32, strided<[], offset: 3>>, memref<4xf32, strided<[1]>>, memref<?x?xf32, strided<[?, ?], offset: ?>>)
"tst.memref_strided"() : () -> (memref<4x?xf32, strided<[?, 1], offset: ?>>, memref<4x4xf32, strided<[4, 1]>>, memref<4x4xf32, strided<[4, 1], offset: 0>>, memref<4x4xf32, strided<[8, 2], offset: 5>, 7>, memref<f32, strided<[]>>, memref<f32, strided<[], offset: 3>>, memref<4xf32, strided<[1], offset: 0>>, memref<?x?xf32, strided<[?, ?], offset: ?>>)

// CHECK-NEXT: %11:7 = "tst.vector"() : () -> (vector<f32>, vector<4xf32>, vector<2x3xi8>, vector<[4]xf32>, vector<2x[4]xf32>, vector<[2]x[4]xi1>, vector<1xindex>)
"tst.vector"() : () -> (vector<f32>, vector<4xf32>, vector<2x3xi8>, vector<[4]xf32>, vector<2x[4]xf32>, vector<[2]x[4]xi1>, vector<1xindex>)

// The pretty form `!dialect.ident<...>` stays as written; the `!dialect<...>` form is printed
// pretty when its body is an identifier.
// CHECK-NEXT: %12:10 = "tst.opaque"() : () -> (!tst.simple, !tst.t<1, 2>, !tst.q<"str">, !tst.nest<<[{}]>>, !tst.pair<(i32, f32)>, !tst.sym<@a::@b>, !tst<"x<1>">, !tst.simple, !tst<"">, !tst<"a b">)
"tst.opaque"() : () -> (!tst.simple, !tst.t<1, 2>, !tst.q<"str">, !tst.nest<<[{}]>>, !tst.pair<(i32, f32)>, !tst.sym<@a::@b>, !tst<"x<1>">, !tst<simple>, !tst<"">, !tst<"a b">)

// CHECK-NEXT: %13:4 = "tst.alias"() : () -> (tensor<?x4xf32>, tensor<?x4xf32>, tensor<4xi32>, (i32) -> tensor<4xi32>)
"tst.alias"() : () -> (!alias, !alias, !nested, !fn)

// CHECK-LABEL: func.func @signature
// CHECK-SAME: (%arg0: i32, %arg1: memref<4xf32, #map1>, %arg2: !tst.x) -> (f32, !tst.x, (i32) -> i32)
func.func @signature(%a: i32, %b: memref<4xf32, affine_map<(d0) -> (d0 + 1)>>, %c: !tst.x) -> (f32, !tst.x, (i32) -> i32) {
  // CHECK-NEXT: %14 = "tst.a"() : () -> f32
  %0 = "tst.a"() : () -> f32
  // CHECK-NEXT: %15 = "tst.b"() : () -> ((i32) -> i32)
  %1 = "tst.b"() : () -> ((i32) -> i32)
  // CHECK-NEXT: return %14, %arg2, %15 : f32, !tst.x, (i32) -> i32
  return %0, %c, %1 : f32, !tst.x, (i32) -> i32
}
// CHECK-NEXT: }

// CHECK-NEXT: func.func private @decl(i32, (i32) -> i32) -> ((i32) -> i32)
func.func private @decl(i32, (i32) -> i32) -> ((i32) -> i32)
// CHECK-NEXT: }

// GENERIC: "builtin.module"() ({
// GENERIC: %13:4 = "tst.alias"() : () -> (tensor<?x4xf32>, tensor<?x4xf32>, tensor<4xi32>, (i32) -> tensor<4xi32>)
// GENERIC-NEXT: "func.func"() <{function_type = (i32, memref<4xf32, #map1>, !tst.x) -> (f32, !tst.x, (i32) -> i32), sym_name = "signature"}> ({
// GENERIC-NEXT: ^bb0(%arg0: i32, %arg1: memref<4xf32, #map1>, %arg2: !tst.x):
// GENERIC: "func.func"() <{function_type = (i32, (i32) -> i32) -> ((i32) -> i32), sym_name = "decl", sym_visibility = "private"}> ({
// GENERIC-NEXT: }) : () -> ()
// GENERIC-NEXT: }) : () -> ()
