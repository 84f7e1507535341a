// Blocks unreachable from their region's entry are dominated by everything: a use there needs
// no dominating definition, not even within its own block (MLIR's dominance rules). Reachable
// blocks are still checked.
// RUN: ir-opt %s --split-input-file --verify-diagnostics | FileCheck %s

// CHECK-LABEL: func.func @unreachable_use_before_def(%arg0: i32) -> i32 {
// CHECK: ^bb1:  // no predecessors
// CHECK-NEXT: %0 = arith.addi %1, %1 : i32
// CHECK-NEXT: %1 = arith.addi %arg0, %arg0 : i32
func.func @unreachable_use_before_def(%a: i32) -> i32 {
  cf.br ^bb2
^bb1:
  %x = arith.addi %y, %y : i32
  %y = arith.addi %a, %a : i32
  cf.br ^bb2
^bb2:
  return %a : i32
}

// -----

func.func @reachable_use_before_def(%a: i32) -> i32 {
  cf.br ^bb1
^bb1:
  // expected-error @below {{operand #0 does not dominate this use}}
  %x = arith.addi %y, %y : i32
  // expected-note @below {{operand defined here (op in the same block)}}
  %y = arith.addi %a, %a : i32
  return %x : i32
}
