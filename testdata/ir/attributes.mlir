// Builtin attributes in their printed form: integers, floats, strings, unit, arrays,
// dictionaries, symbol references, type attributes, dense/sparse/array elements, affine maps and
// sets, strided layouts, distinct and opaque dialect attributes, attribute aliases.
// RUN: ir-opt %s --allow-unregistered-dialect | FileCheck %s
// RUN: ir-opt %s --allow-unregistered-dialect | ir-opt --allow-unregistered-dialect | FileCheck %s
// RUN: ir-opt %s --allow-unregistered-dialect --mlir-print-op-generic | FileCheck %s

// User attribute aliases are expanded; affine maps and sets get printer aliases, numbered in
// order of first use, maps before sets.
// CHECK-NOT: #one
// CHECK-NOT: #arr
#one = 1 : i32
#arr = [#one, "s"]
#dict = {k = #arr}
#m = affine_map<(d0) -> (d0 + 1)>

// CHECK: #map = affine_map<(d0) -> (d0 + 1)>
// CHECK-NEXT: #map1 = affine_map<(d0, d1)[s0] -> (d0 + s0, d1 * 2, d0 mod 3, d1 floordiv 4, d0 ceildiv 5, -d0, 7)>
// CHECK-NEXT: #map2 = affine_map<() -> (0)>
// CHECK-NEXT: #map3 = affine_map<(d0) -> (d0)>
// CHECK-NEXT: #map4 = affine_map<(d0, d1) -> (d1, d0)>
// CHECK-NEXT: #set = affine_set<(d0)[s0] : (d0 - s0 >= 0, d0 == 0)>
// CHECK-NEXT: #set1 = affine_set<(d0) : (d0 >= 0)>
// CHECK-NEXT: {{^(module \{|"builtin.module"\(\) \(\{)$}}

// CHECK-NEXT: "tst.alias"() {a = 1 : i32, b = [1 : i32, "s"], c = {k = [1 : i32, "s"]}, d = #map, e = [#map, #map]} : () -> ()
"tst.alias"() {a = #one, b = #arr, c = #dict, d = #m, e = [#m, #m]} : () -> ()

// Integers: i64 is the default type; i1 prints as true/false; hex is read as an integer.
// CHECK-NEXT: "tst.int"() {a = 1 : i64, b = -1 : i64, c = 31 : i64, d = 7 : i8, e = -128 : i8, f = 255 : ui8, g = 127 : si8, h = -1 : si8, i = true, j = true, k = false, l = false, m = 1 : index, n = 170141183460469231731687303715884105727 : i128, o = 340282366920938463463374607431768211455 : ui128, p = -9223372036854775808 : i64, q = 9223372036854775807 : i64, r = -1 : i8, s = true, t = 0 : i0, u = 1 : i3} : () -> ()
"tst.int"() {a = 1, b = -1, c = 0x1F, d = 7 : i8, e = -128 : i8, f = 255 : ui8, g = 127 : si8, h = -1 : si8, i = 1 : i1, j = true, k = false, l = 0 : i1, m = 1 : index, n = 170141183460469231731687303715884105727 : i128, o = 340282366920938463463374607431768211455 : ui128, p = -9223372036854775808, q = 0x7FFFFFFFFFFFFFFF : i64, r = 0xFF : i8, s = -1 : i1, t = 0 : i0, u = 1 : i3} : () -> ()

// Signless integers print as signed values.
// CHECK-NEXT: "tst.int_wide"() {a = -1 : i200, b = -803469022129495137770981046170581301261101496891396417650688 : i200, c = 4294967295 : ui32, d = -2147483648 : si32, e = -1 : i16, f = 803469022129495137770981046170581301261101496891396417650687 : i200} : () -> ()
"tst.int_wide"() {a = 0xFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF : i200, b = -803469022129495137770981046170581301261101496891396417650688 : i200, c = 4294967295 : ui32, d = -2147483648 : si32, e = 65535 : i16, f = 803469022129495137770981046170581301261101496891396417650687 : i200} : () -> ()

// Floats: %e form when it round-trips, hex bit patterns otherwise and for inf/nan.
// CHECK-NEXT: "tst.f64"() {a = 1.000000e+00 : f64, b = -5.000000e-01 : f64, c = 1.500000e+10 : f64, d = 0x7FF0000000000000 : f64, e = 0xFFF0000000000000 : f64, f = 0x7FF8000000000000 : f64, g = -0.000000e+00 : f64, h = 1.000000e-01 : f64, i = 1.000000e-300 : f64, j = 0x419D6F3454000000 : f64, k = 1.000000e+05 : f64, l = 4.940660e-324 : f64, m = 2.000000e+00 : f64, n = 1.000000e+02 : f64} : () -> ()
"tst.f64"() {a = 1.0, b = -0.5, c = 1.5e10, d = 0x7FF0000000000000 : f64, e = 0xFFF0000000000000 : f64, f = 0x7FF8000000000000 : f64, g = -0.0, h = 0.1, i = 1.0e-300, j = 123456789.0, k = 1.0E+5, l = 0x0000000000000001 : f64, m = 2.0 : f64, n = 100.0} : () -> ()

// CHECK-NEXT: "tst.f32"() {a = 1.000000e+00 : f32, b = 1.000000e-01 : f32, c = 0x7F800000 : f32, d = 0xFF800000 : f32, e = 0x7FC00000 : f32, f = -0.000000e+00 : f32, g = 0x4B3C614E : f32, h = 3.40282347E+38 : f32, i = 1.401300e-45 : f32, j = 0x4B800000 : f32, k = 0xFFC00001 : f32} : () -> ()
"tst.f32"() {a = 1.0 : f32, b = 0.1 : f32, c = 0x7F800000 : f32, d = 0xFF800000 : f32, e = 0x7FC00000 : f32, f = 0x80000000 : f32, g = 12345678.0 : f32, h = 3.4028234e38 : f32, i = 1.0e-45 : f32, j = 16777217.0 : f32, k = 0xFFC00001 : f32} : () -> ()

// CHECK-NEXT: "tst.f16"() {a = 1.000000e+00 : f16, b = 9.997550e-02 : f16, c = 0x7C00 : f16, d = 0xFC00 : f16, e = 0x7E00 : f16, f = 6.550400e+04 : f16, g = 5.960460e-08 : f16, h = 0x7C00 : f16} : () -> ()
"tst.f16"() {a = 1.0 : f16, b = 0.1 : f16, c = 0x7C00 : f16, d = 0xFC00 : f16, e = 0x7E00 : f16, f = 65504.0 : f16, g = 0x0001 : f16, h = 70000.0 : f16} : () -> ()

// CHECK-NEXT: "tst.bf16"() {a = 1.000000e+00 : bf16, b = 1.000980e-01 : bf16, c = 0x7F80 : bf16, d = 0x7FC0 : bf16, e = 3.004060e+38 : bf16, f = 9.183550e-41 : bf16} : () -> ()
"tst.bf16"() {a = 1.0 : bf16, b = 0.1 : bf16, c = 0x7F80 : bf16, d = 0x7FC0 : bf16, e = 3.0e38 : bf16, f = 0x0001 : bf16} : () -> ()

// CHECK-NEXT: "tst.small"() {a = 5.000000e-01 : f8E4M3FN, b = 4.480000e+02 : f8E4M3FN, c = 0x7F : f8E4M3FN, d = 0x7C : f8E5M2, e = 1.500000e+00 : f8E5M2, f = 5.000000e-01 : f4E2M1FN, g = 6.000000e+00 : f4E2M1FN, h = 2.000000e+00 : f8E8M0FNU, i = 0xFF : f8E8M0FNU, j = 1.015630e-01 : f8E4M3FN, k = 0x80 : f8E5M2FNUZ, l = 1.000000e+00 : f6E2M3FN, m = 1.000000e+00 : f6E3M2FN, n = 1.000000e+00 : f8E4M3, o = 1.000000e+00 : f8E3M4, p = 1.000000e+00 : f8E4M3FNUZ, q = 1.000000e+00 : f8E4M3B11FNUZ, r = 1.000000e+00 : f8E5M2FNUZ} : () -> ()
"tst.small"() {a = 0.5 : f8E4M3FN, b = 448.0 : f8E4M3FN, c = 0x7F : f8E4M3FN, d = 0x7C : f8E5M2, e = 1.5 : f8E5M2, f = 0.5 : f4E2M1FN, g = 0x7 : f4E2M1FN, h = 2.0 : f8E8M0FNU, i = 0xFF : f8E8M0FNU, j = 0.1 : f8E4M3FN, k = 0x80 : f8E5M2FNUZ, l = 1.0 : f6E2M3FN, m = 1.0 : f6E3M2FN, n = 1.0 : f8E4M3, o = 1.0 : f8E3M4, p = 1.0 : f8E4M3FNUZ, q = 1.0 : f8E4M3B11FNUZ, r = 1.0 : f8E5M2FNUZ} : () -> ()

// CHECK-NEXT: "tst.big"() {a = 1.000000e+00 : f80, b = 0x7FFF8000000000000000 : f80, c = 0.100000000000000005551 : f80, d = 1.000000e+00 : f128, e = 0.100000000000000005551115123125782702 : f128, f = 0x7FFF0000000000000000000000000000 : f128, g = 1.000000e+00 : tf32, h = 9.997550e-02 : tf32, i = -1.701410e+38 : tf32} : () -> ()
"tst.big"() {a = 1.0 : f80, b = 0x7FFF8000000000000000 : f80, c = 0.1 : f80, d = 1.0 : f128, e = 0.1 : f128, f = 0x7FFF0000000000000000000000000000 : f128, g = 1.0 : tf32, h = 0.1 : tf32, i = 0x7F800 : tf32} : () -> ()

// Strings: non-printable bytes, quotes and backslashes print as escapes.
// CHECK-NEXT: "tst.str"() {a = "", b = "hello", c = "tab\09here", d = "nl\0A", e = "q\22uote", f = "back\\slash", g = "\00\01\7F\FF", h = "utf8 \C3\A9", i = "x" : i32, j = "hexAa", k = "ctl\1B", l = "\09\0A\22\\", m = "#$%&'()*+,-./:;<=>?@[]^_`{|}~"} : () -> ()
"tst.str"() {a = "", b = "hello", c = "tab\there", d = "nl\n", e = "q\"uote", f = "back\\slash", g = "\00\01\7F\FF", h = "utf8 é", i = "x" : i32, j = "hex\41\61", k = "ctl\1B", l = "\t\n\"\\", m = "#$%&'()*+,-./:;<=>?@[]^_`{|}~"} : () -> ()

// Dictionary keys are sorted and quoted only when they are not bare identifiers.
// CHECK-NEXT: "tst.keys"() {"-" = 11 : i64, "1x" = 6 : i64, A = 10 : i64, _u = 7 : i64, a = 2 : i64, a.b = 5 : i64, b = 4 : i64, "quoted key" = 3 : i64, x$ = 9 : i64, z = 1 : i64} : () -> ()
"tst.keys"() {z = 1, a = 2, "quoted key" = 3, "b" = 4, "a.b" = 5, "1x" = 6, _u = 7, "x$" = 9, A = 10, "-" = 11} : () -> ()

// CHECK-NEXT: "tst.sym"() {a = @sym, b = @a::@b::@c, c = @"quoted sym", d = @a::@"b c", e = @x.y, f = @"0"} : () -> ()
"tst.sym"() {a = @sym, b = @a::@b::@c, c = @"quoted sym", d = @"a"::@"b c", e = @x.y, f = @"0"} : () -> ()

// CHECK-NEXT: "tst.unit"() {a, b, c = [unit], d = {e}} : () -> ()
"tst.unit"() {a, b = unit, c = [unit], d = {e}} : () -> ()

// CHECK-NEXT: "tst.typeattr"() {a = i32, b = tensor<4xf32>, c = () -> (), d = none, e = index, f = !tst.t, g = (i32) -> (i64, f32), h = memref<?xf32, 1>} : () -> ()
"tst.typeattr"() {a = i32, b = tensor<4xf32>, c = () -> (), d = none, e = index, f = !tst.t, g = (i32) -> (i64, f32), h = memref<?xf32, 1>} : () -> ()

// CHECK-NEXT{LITERAL}: "tst.nested"() {a = [[], [[]], {}, {a = {}}], b = {y = {z = "s"}}} : () -> ()
"tst.nested"() {a = [[], [[]], {}, {a = {}}], b = {y = {z = "s"}}} : () -> ()

// CHECK-NEXT{LITERAL}: "tst.dense"() {a = dense<1> : tensor<4xi32>, b = dense<[1, 2, 3]> : tensor<3xi64>, c = dense<[[1, 2], [3, 4]]> : tensor<2x2xi8>, d = dense<1.500000e+00> : tensor<2x2xf32>, e = dense<[1.000000e+00, 2.000000e+00]> : vector<2xf64>, f = dense<true> : tensor<3xi1>, g = dense<[true, false]> : tensor<2xi1>, n = dense<5> : tensor<i32>, q = dense<[5.000000e-01, -0.000000e+00, 0x7FC00000]> : tensor<3xf32>, t = dense<[1, 2]> : tensor<2xindex>, u = dense<[[1.000000e+00], [2.000000e+00]]> : tensor<2x1xbf16>, v = dense<[1, -1]> : tensor<2xsi8>, w = dense<[255, 0]> : tensor<2xui8>} : () -> ()
"tst.dense"() {a = dense<1> : tensor<4xi32>, b = dense<[1, 2, 3]> : tensor<3xi64>, c = dense<[[1, 2], [3, 4]]> : tensor<2x2xi8>, d = dense<1.5> : tensor<2x2xf32>, e = dense<[1.0, 2.0]> : vector<2xf64>, f = dense<true> : tensor<3xi1>, g = dense<[true, false]> : tensor<2xi1>, n = dense<5> : tensor<i32>, q = dense<[0.5, -0.0, 0x7FC00000]> : tensor<3xf32>, t = dense<[1, 2]> : tensor<2xindex>, u = dense<[[1.0], [2.0]]> : tensor<2x1xbf16>, v = dense<[1, -1]> : tensor<2xsi8>, w = dense<[255, 0]> : tensor<2xui8>} : () -> ()

// Complex elements print without a space after the comma.
// CHECK-NEXT: "tst.dense_complex"() {h = dense<(1.000000e+00,2.000000e+00)> : tensor<2xcomplex<f32>>, i = dense<[(1,2), (3,4)]> : tensor<2xcomplex<i32>>} : () -> ()
"tst.dense_complex"() {h = dense<(1.0, 2.0)> : tensor<2xcomplex<f32>>, i = dense<[(1, 2), (3, 4)]> : tensor<2xcomplex<i32>>} : () -> ()

// CHECK-NEXT: "tst.dense_string"() {j = dense<"str"> : tensor<2x!tst.s>, k = dense<["a", "bc"]> : tensor<2x!tst.s>} : () -> ()
"tst.dense_string"() {j = dense<"str"> : tensor<2x!tst.s>, k = dense<["a", "bc"]> : tensor<2x!tst.s>} : () -> ()

// A hex string is the raw little-endian data; all-equal data prints as a splat.
// CHECK-NEXT: "tst.dense_hex"() {r = dense<[1, 2]> : tensor<2xi32>, s = dense<-1> : tensor<4xi16>, x = dense<[1.000000e+00, 2.000000e+00]> : tensor<2xf32>} : () -> ()
"tst.dense_hex"() {r = dense<"0x0100000002000000"> : tensor<2xi32>, s = dense<"0xFFFF"> : tensor<4xi16>, x = dense<"0x0000803F00000040"> : tensor<2xf32>} : () -> ()

// CHECK-NEXT{LITERAL}: "tst.dense_rank3"() {a = dense<[[[1, 2]], [[3, 4]]]> : tensor<2x1x2xi32>, b = dense<[[0, 1, 2, 3], [4, 5, 6, 7], [8, 9, 10, 11]]> : tensor<3x4xi32>} : () -> ()
"tst.dense_rank3"() {a = dense<[[[1, 2]], [[3, 4]]]> : tensor<2x1x2xi32>, b = dense<[[0, 1, 2, 3], [4, 5, 6, 7], [8, 9, 10, 11]]> : tensor<3x4xi32>} : () -> ()

// CHECK-NEXT: "tst.array"() {a = array<i32: 1, 2, 3>, b = array<i64>, c = array<f32: 1.000000e+00, 2.500000e+00>, d = array<i1: true, false>, e = array<i8: -1>, f = array<f64: 1.000000e-01>, g = array<i16: 1>} : () -> ()
"tst.array"() {a = array<i32: 1, 2, 3>, b = array<i64>, c = array<f32: 1.0, 2.5>, d = array<i1: true, false>, e = array<i8: -1>, f = array<f64: 0.1>, g = array<i16: 1>} : () -> ()

// CHECK-NEXT{LITERAL}: "tst.sparse"() {a = sparse<[[0, 0], [1, 2]], [1, 5]> : tensor<3x4xi32>, b = sparse<[[0], [3]], [1.000000e+00, 2.000000e+00]> : tensor<4xf32>} : () -> ()
"tst.sparse"() {a = sparse<[[0, 0], [1, 2]], [1, 5]> : tensor<3x4xi32>, b = sparse<[[0], [3]], [1.0, 2.0]> : tensor<4xf32>} : () -> ()

// CHECK-NEXT: "tst.affine"() {a = #map1, b = #map2, c = #set, d = #map3, e = #set1, f = #map4} : () -> ()
"tst.affine"() {a = affine_map<(d0, d1)[s0] -> (d0 + s0, d1 * 2, d0 mod 3, d1 floordiv 4, d0 ceildiv 5, -d0, 7)>, b = affine_map<() -> (0)>, c = affine_set<(d0)[s0] : (d0 - s0 >= 0, d0 == 0)>, d = affine_map<(d0) -> (d0)>, e = affine_set<(d0) : (d0 >= 0)>, f = affine_map<(i, j) -> (j, i)>} : () -> ()

// CHECK-NEXT: "tst.strided"() {a = strided<[4, 1]>, b = strided<[?, 1], offset: ?>, c = strided<[]>, d = strided<[1]>, e = strided<[2], offset: 3>} : () -> ()
"tst.strided"() {a = strided<[4, 1]>, b = strided<[?, 1], offset: ?>, c = strided<[]>, d = strided<[1], offset: 0>, e = strided<[2], offset: 3>} : () -> ()

// CHECK-NEXT: "tst.opaque"() {a = #tst.attr, b = #tst.p<1, "x">, c = #tst<"q">, d = #tst.n<<>>, e = #tst.t : i32, f = #tst.a<[{x}]>} : () -> ()
"tst.opaque"() {a = #tst.attr, b = #tst.p<1, "x">, c = #tst<"q">, d = #tst.n<<>>, e = #tst.t : i32, f = #tst.a<[{x}]>} : () -> ()

// Properties and discardable attributes together.
// CHECK-NEXT: "tst.props"() <{p = 1 : i32, q = [1 : i32]}> {a = "x"} : () -> ()
"tst.props"() <{q = [1 : i32], p = 1 : i32}> {a = "x"} : () -> ()
