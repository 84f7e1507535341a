// Distinct attribute ids are renumbered from 0 in order of appearance.
// RUN: ir-opt %s --allow-unregistered-dialect | FileCheck %s

// CHECK: #distinct = distinct[0]<"x">
// CHECK-NEXT: #distinct1 = distinct[1]<{}>
// CHECK-NEXT: module {
// CHECK-NEXT: "tst.distinct"() {a = #distinct, b = #distinct1, c = #distinct, d = distinct[2]<>} : () -> ()
"tst.distinct"() {a = distinct[7]<"x">, b = distinct[3]<{}>, c = distinct[7]<"x">, d = distinct[5]<unit>} : () -> ()
