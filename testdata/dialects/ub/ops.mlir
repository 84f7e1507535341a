// Round trip of the ub ops: ub.poison (the default #ub.poison is elided, and filled in when
// the generic form leaves it out) and ub.unreachable.
// RUN: ir-opt %s | FileCheck %s
// RUN: ir-opt %s --mlir-print-op-generic | ir-opt | FileCheck %s

%0 = ub.poison : i32
%2 = ub.poison <#ub.poison> : f32
%3 = ub.poison {a} : f32
%4 = "ub.poison"() : () -> i32
ub.unreachable

// CHECK: module {
// CHECK-NEXT: %0 = ub.poison : i32
// CHECK-NEXT: %1 = ub.poison : f32
// CHECK-NEXT: %2 = ub.poison {a} : f32
// CHECK-NEXT: %3 = ub.poison : i32
// CHECK-NEXT: ub.unreachable
// CHECK-NEXT: }
