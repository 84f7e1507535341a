// func.constant names its result %f (then %f_0, %f_1, ...) through the asm result-name hook.
// RUN: ir-opt %s --allow-unregistered-dialect | FileCheck %s

// CHECK-LABEL: func.func @consts() {
// CHECK-NEXT: %f = constant @d : (i32) -> i32
// CHECK-NEXT: %f_0 = constant @d : (i32) -> i32
// CHECK-NEXT: %0 = "tst.x"() : () -> i32
// CHECK-NEXT: %f_1 = constant @d : (i32) -> i32
// CHECK-NEXT: "tst.region"() ({
// CHECK-NEXT: %2 = "tst.use"(%f) : ((i32) -> i32) -> i32
// CHECK-NEXT: }) : () -> ()
// CHECK-NEXT: %1 = call_indirect %f_0(%0) : (i32) -> i32
// CHECK-NEXT: return
// CHECK-LABEL: func.func @other() {
// CHECK-NEXT: %f = constant @d : (i32) -> i32
func.func private @d(i32) -> i32
func.func @consts() {
  %a = constant @d : (i32) -> i32
  %b = constant @d : (i32) -> i32
  %c = "tst.x"() : () -> i32
  %e = constant @d : (i32) -> i32
  "tst.region"() ({
    %g = "tst.use"(%a) : ((i32) -> i32) -> i32
  }) : () -> ()
  %h = call_indirect %b(%c) : (i32) -> i32
  return
}
func.func @other() {
  %a = constant @d : (i32) -> i32
  return
}
