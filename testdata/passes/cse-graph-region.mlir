// --cse in a graph region (the module's body): a value used before its definition is the same
// operand for every op using it, before and after the definition, so those ops merge; the
// duplicate's uses by ops not in the table are rewritten.
// RUN: ir-opt %s --allow-unregistered-dialect --cse | FileCheck %s

// CHECK:      %[[X:.*]] = arith.addi %[[C:.*]], %[[C]] : i32
// CHECK-NEXT: %[[C]] = arith.constant 1 : i32
// CHECK-NEXT: "foo.use"(%[[X]], %[[X]]) : (i32, i32) -> ()
// CHECK-NEXT: %[[L:.*]], %[[H:.*]] = arith.mulsi_extended %[[C]], %[[C]] : i32
// CHECK-NEXT: "foo.use"(%[[H]], %[[H]], %[[L]]) : (i32, i32, i32) -> ()
%0 = arith.addi %2, %2 : i32
%2 = arith.constant 1 : i32
%1 = arith.addi %2, %2 : i32
"foo.use"(%0, %1) : (i32, i32) -> ()
%m:2 = arith.mulsi_extended %2, %2 : i32
%n:2 = arith.mulsi_extended %2, %2 : i32
"foo.use"(%m#1, %n#1, %n#0) : (i32, i32, i32) -> ()
