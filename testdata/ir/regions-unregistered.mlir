// Regions of unregistered operations may be graph regions, so no dominance is enforced
// between their own values, even within a function (uses of outer values still are checked).
// RUN: ir-opt %s --allow-unregistered-dialect | FileCheck %s

// CHECK-LABEL: func.func @graph_in_unregistered() {
// CHECK-NEXT: "tst.graph"() ({
// CHECK-NEXT: %0 = "tst.a"(%1) : (i32) -> i32
// CHECK-NEXT: %1 = "tst.b"(%0) : (i32) -> i32
// CHECK-NEXT: }) : () -> ()
// CHECK-NEXT: return
func.func @graph_in_unregistered() {
  "tst.graph"() ({
    %0 = "tst.a"(%1) : (i32) -> i32
    %1 = "tst.b"(%0) : (i32) -> i32
  }) : () -> ()
  return
}
