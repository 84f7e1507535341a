// Diagnostics at locations holding no file position: `<unknown>:0:`, then the location itself
// (unless it is `unknown`), then the message.
// RUN: not ir-opt %s --split-input-file 2>&1 | FileCheck %s

// CHECK: <unknown>:0: error: loc("n0"): 'arith.addi' op requires the same type for all operands and results
func.func @f(%a: i32) {
  %0 = "arith.addi"(%a, %a) : (i32, i32) -> i64 loc("n0")
  return
}

// -----

// CHECK: <unknown>:0: error: 'arith.addi' op requires the same type for all operands and results
func.func @f(%a: i32) {
  %0 = "arith.addi"(%a, %a) : (i32, i32) -> i64 loc(unknown)
  return
}

// -----

// CHECK: <unknown>:0: error: loc(fused["n0", "n1"]): 'arith.addi' op requires the same type for all operands and results
func.func @f(%a: i32) {
  %0 = "arith.addi"(%a, %a) : (i32, i32) -> i64 loc(fused["n0", "n1"])
  return
}
