// builtin.unrealized_conversion_cast: custom form with zero, one and several operands and
// results; the `builtin.` prefix is optional and elided where builtin is the default dialect.
// RUN: ir-opt %s --allow-unregistered-dialect | FileCheck %s
// RUN: ir-opt %s --allow-unregistered-dialect --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC

// CHECK: module {
// CHECK-NEXT: %0 = "tst.a"() : () -> i32
// CHECK-NEXT: %1 = unrealized_conversion_cast %0 : i32 to i64
// CHECK-NEXT: %2 = unrealized_conversion_cast %0 : i32 to i8
// CHECK-NEXT: %3:2 = unrealized_conversion_cast %0, %1 : i32, i64 to i8, i16
// CHECK-NEXT: %4 = unrealized_conversion_cast %0 : i32 to !tst.t {tst.x}
// CHECK-NEXT: module {
// CHECK-NEXT: %5 = unrealized_conversion_cast to i8
// CHECK-NEXT: }
// CHECK-NEXT: }
// GENERIC: %1 = "builtin.unrealized_conversion_cast"(%0) : (i32) -> i64
// GENERIC-NEXT: %2 = "builtin.unrealized_conversion_cast"(%0) : (i32) -> i8
// GENERIC-NEXT: %3:2 = "builtin.unrealized_conversion_cast"(%0, %1) : (i32, i64) -> (i8, i16)
// GENERIC-NEXT: %4 = "builtin.unrealized_conversion_cast"(%0) {tst.x} : (i32) -> !tst.t
// GENERIC-NEXT: "builtin.module"() ({
// GENERIC-NEXT: %5 = "builtin.unrealized_conversion_cast"() : () -> i8
%0 = "tst.a"() : () -> i32
%1 = builtin.unrealized_conversion_cast %0 : i32 to i64
%2 = unrealized_conversion_cast %0 : i32 to i8
%3:2 = unrealized_conversion_cast %0, %1 : i32, i64 to i8, i16
%4 = "builtin.unrealized_conversion_cast"(%0) {tst.x} : (i32) -> !tst.t
module {
  %5 = unrealized_conversion_cast to i8
}
