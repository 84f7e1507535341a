// Inside func.func the default dialect is func only, so builtin ops keep their
// `builtin.` prefix when printed (and an unprefixed builtin op name is an error).
// RUN: ir-opt %s --allow-unregistered-dialect | FileCheck %s

// CHECK-LABEL: func.func @casts(%arg0: i32, %arg1: f32) -> (i64, i8) {
// CHECK-NEXT: %0 = builtin.unrealized_conversion_cast %arg0 : i32 to i64
// CHECK-NEXT: %1:2 = builtin.unrealized_conversion_cast %arg0, %arg1 : i32, f32 to i8, i16
// CHECK-NEXT: %2 = builtin.unrealized_conversion_cast to i8
// CHECK-NEXT: %3 = builtin.unrealized_conversion_cast %arg0 : i32 to !tst.t {tst.x}
// CHECK-NEXT: return %0, %1#0 : i64, i8
func.func @casts(%a: i32, %b: f32) -> (i64, i8) {
  %0 = builtin.unrealized_conversion_cast %a : i32 to i64
  %1:2 = builtin.unrealized_conversion_cast %a, %b : i32, f32 to i8, i16
  %2 = builtin.unrealized_conversion_cast to i8
  %3 = "builtin.unrealized_conversion_cast"(%a) {tst.x} : (i32) -> !tst.t
  return %0, %1#0 : i64, i8
}
