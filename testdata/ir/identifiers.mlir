// Identifiers: SSA value, block and symbol names with the characters the grammar allows;
// number literal spellings.
// RUN: ir-opt %s --allow-unregistered-dialect | FileCheck %s

// CHECK: module {
// CHECK-NEXT: %0 = "tst.a"() : () -> i32
// CHECK-NEXT: %1 = "tst.b"() : () -> i32
// CHECK-NEXT: %2 = "tst.c"() : () -> i32
// CHECK-NEXT: %3 = "tst.d"() : () -> i32
// CHECK-NEXT: %4 = "tst.e"() : () -> i32
// CHECK-NEXT: "tst.use"(%0, %1, %2, %3, %4) : (i32, i32, i32, i32, i32) -> ()
// CHECK-NEXT: "tst.r"() ({
// CHECK-NEXT: ^bb0(%arg0: i32):
// CHECK-NEXT: "tst.br"(%arg0)[^bb1] : (i32) -> ()
// CHECK-NEXT: ^bb1(%5: i32):  // 2 preds: ^bb0, ^bb1
// CHECK-NEXT: "tst.br"(%5)[^bb1] : (i32) -> ()
// CHECK-NEXT: }) : () -> ()
// CHECK-NEXT: "tst.syms"() {a = @foo$bar, b = @"a\22b", c = @_x.y$z, d = @"with space"::@"n\0A"} : () -> ()
// CHECK-NEXT: "tst.nums"() {a = 7 : i64, b = -16 : i64, c = 1.000000e+00 : f64, d = 1.000000e+05 : f64, e = 1.000000e-03 : f64, f = 0 : i64} : () -> ()
// CHECK-NEXT: }
%foo.bar = "tst.a"() : () -> i32
%foo$ = "tst.b"() : () -> i32
%foo-bar = "tst.c"() : () -> i32
%_1 = "tst.d"() : () -> i32
%007 = "tst.e"() : () -> i32
"tst.use"(%foo.bar, %foo$, %foo-bar, %_1, %007) : (i32, i32, i32, i32, i32) -> ()
"tst.r"() ({
^bb-1(%a.b: i32):
  "tst.br"(%a.b)[^foo.bar$] : (i32) -> ()
^foo.bar$(%c-d: i32):
  "tst.br"(%c-d)[^foo.bar$] : (i32) -> ()
}) : () -> ()
"tst.syms"() {a = @foo$bar, b = @"a\"b", c = @_x.y$z, d = @"with space"::@"n\0A"} : () -> ()
"tst.nums"() {a = 007, b = -0x10, c = 1., d = 1.e5, e = 1.0E-3, f = 0x0} : () -> ()
