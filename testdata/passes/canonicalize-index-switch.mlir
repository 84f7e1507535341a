// scf.index_switch: results every case yields the same outside value for are replaced by it,
// unused results go (cases moved whole, yields trimmed). Idempotent.
// RUN: ir-opt %s --canonicalize --allow-unregistered-dialect | FileCheck %s
// RUN: ir-opt %s --canonicalize --canonicalize --allow-unregistered-dialect | FileCheck %s

// CHECK-LABEL: func.func @index_switch(%arg0: index) -> i32 {
// CHECK-NEXT: %c0_i32 = arith.constant 0 : i32
// CHECK-NEXT: %c1_i32 = arith.constant 1 : i32
// CHECK-NEXT: %0 = scf.index_switch %arg0 -> i32
// CHECK-NEXT: case 1 {
// CHECK-NEXT: scf.yield %c0_i32 : i32
// CHECK-NEXT: }
// CHECK-NEXT: case 4 {
// CHECK-NEXT: "u.side"() : () -> ()
// CHECK-NEXT: scf.yield %c1_i32 : i32
// CHECK-NEXT: }
// CHECK-NEXT: default {
// CHECK-NEXT: scf.yield %c1_i32 : i32
// CHECK-NEXT: }
// CHECK-NEXT: return %0 : i32
// CHECK-NEXT: }
func.func @index_switch(%flag: index) -> i32 {
  %a = arith.constant 0 : i32
  %b = arith.constant 1 : i32
  %c, %d = scf.index_switch %flag -> i32, i32
  case 1 {
    scf.yield %a, %a : i32, i32
  }
  case 4 {
    "u.side"() : () -> ()
    scf.yield %b, %a : i32, i32
  }
  default {
    scf.yield %b, %b : i32, i32
  }
  return %c : i32
}
// CHECK-LABEL: func.func @index_switch_none(%arg0: index) {
// CHECK-NEXT: scf.index_switch %arg0
// CHECK-NEXT: case 1 {
// CHECK-NEXT: "u.side"() : () -> ()
// CHECK-NEXT: scf.yield
// CHECK-NEXT: }
// CHECK-NEXT: default {
// CHECK-NEXT: }
// CHECK-NEXT: return
// CHECK-NEXT: }
func.func @index_switch_none(%flag: index) {
  %a = arith.constant 0 : i32
  %c = scf.index_switch %flag -> i32
  case 1 {
    "u.side"() : () -> ()
    scf.yield %a : i32
  }
  default {
    scf.yield %a : i32
  }
  return
}
// CHECK-LABEL: func.func @fwd(%arg0: index, %arg1: i32) -> i32 {
// CHECK-NEXT: scf.index_switch %arg0
// CHECK-NEXT: case 1 {
// CHECK-NEXT: "u.side"() : () -> ()
// CHECK-NEXT: scf.yield
// CHECK-NEXT: }
// CHECK-NEXT: default {
// CHECK-NEXT: }
// CHECK-NEXT: return %arg1 : i32
// CHECK-NEXT: }
func.func @fwd(%flag: index, %a: i32) -> i32 {
  %c = scf.index_switch %flag -> i32
  case 1 {
    "u.side"() : () -> ()
    scf.yield %a : i32
  }
  default {
    scf.yield %a : i32
  }
  return %c : i32
}
