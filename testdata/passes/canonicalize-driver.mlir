// The greedy driver of --canonicalize: constants are deduplicated and hoisted to the front of
// the entry block of the nearest isolated (or unregistered) op's region in MLIR's order, folded
// constants are materialized and hoisted the same way, commutative ops get constants on the
// right, dead ops and unreachable blocks go. Idempotent.
// RUN: ir-opt %s --canonicalize --allow-unregistered-dialect | FileCheck %s
// RUN: ir-opt %s --canonicalize --canonicalize --allow-unregistered-dialect | FileCheck %s
// RUN: ir-opt %s --pass-pipeline='builtin.module(func.func(canonicalize{max-iterations=10 top-down=true}))' --allow-unregistered-dialect | FileCheck %s
// RUN: ir-opt %s --pass-pipeline='builtin.module(func.func(canonicalize{top-down=True}))' --allow-unregistered-dialect | FileCheck %s

// CHECK-LABEL: func.func @constant_order(%arg0: i32) -> (i32, i32, i32) {
// CHECK-NEXT: %c7_i32 = arith.constant 7 : i32
// CHECK-NEXT: %c5_i32 = arith.constant 5 : i32
// CHECK-NEXT: %c1_i32 = arith.constant 1 : i32
// CHECK-NEXT: %0 = "u.foo"() : () -> i32
// CHECK-NEXT: %1 = "u.bar"() : () -> i32
// CHECK-NEXT: %2 = arith.addi %arg0, %c1_i32 : i32
// CHECK-NEXT: return %2, %c5_i32, %c7_i32 : i32, i32, i32
// CHECK-NEXT: }
func.func @constant_order(%x: i32) -> (i32, i32, i32) {
  %a = "u.foo"() : () -> i32
  %c1 = arith.constant 1 : i32
  %b = "u.bar"() : () -> i32
  %c2 = arith.constant 2 : i32
  %c3 = arith.constant 3 : i32
  %c1b = arith.constant 1 : i32
  %s = arith.addi %c2, %c3 : i32
  %t = arith.addi %c1b, %x : i32
  %u = arith.muli %s, %c1 : i32
  %v = arith.addi %s, %c2 : i32
  %dead = arith.addi %x, %x : i32
  return %t, %u, %v : i32, i32, i32
}

// CHECK-LABEL: func.func @nested_constants(%arg0: i1, %arg1: i32) -> i32 {
// CHECK-NEXT: %c5_i32 = arith.constant 5 : i32
// CHECK-NEXT: %0 = scf.if %arg0 -> (i32) {
// CHECK-NEXT: %1 = arith.addi %arg1, %c5_i32 : i32
// CHECK-NEXT: scf.yield %1 : i32
// CHECK-NEXT: } else {
// CHECK-NEXT: scf.yield %c5_i32 : i32
// CHECK-NEXT: }
// CHECK-NEXT: "u.region"() ({
// CHECK-NEXT: %c7_i32 = arith.constant 7 : i32
// CHECK-NEXT: "u.use"(%c7_i32) : (i32) -> ()
// CHECK-NEXT: }) : () -> ()
// CHECK-NEXT: return %0 : i32
// CHECK-NEXT: }
func.func @nested_constants(%c: i1, %x: i32) -> i32 {
  %r = scf.if %c -> i32 {
    %k = arith.constant 5 : i32
    %y = arith.addi %x, %k : i32
    scf.yield %y : i32
  } else {
    %k = arith.constant 5 : i32
    scf.yield %k : i32
  }
  "u.region"() ({
    %k = arith.constant 7 : i32
    "u.use"(%k) : (i32) -> ()
  }) : () -> ()
  return %r : i32
}

// CHECK-LABEL: func.func @unreachable(%arg0: i32) -> i32 {
// CHECK-NEXT: return %arg0 : i32
// CHECK-NEXT: }
func.func @unreachable(%x: i32) -> i32 {
  return %x : i32
^dead:
  %k = arith.constant 9 : i32
  "u.keep"(%k) : (i32) -> ()
  "u.br"()[^dead] : () -> ()
}
