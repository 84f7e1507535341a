// --inline as MLIR 22's inliner: callees before callers, single- and multi-block callees,
// dead private callees erased, recursion and no_inline left alone, dialect rules for regions,
// callsite locations. `default-pipeline=` keeps the simplification pipeline out.
// RUN: ir-opt %s --split-input-file --inline='default-pipeline=' | FileCheck %s
// RUN: ir-opt %s --split-input-file --inline='default-pipeline=' --mlir-disable-threading --inline='default-pipeline=' | FileCheck %s
// RUN: ir-opt %s --split-input-file --inline='default-pipeline=' --mlir-print-debuginfo --mlir-print-local-scope | FileCheck %s --check-prefix=LOC
// RUN: ir-opt %s --split-input-file --inline='default-pipeline= inlining-threshold=0' | FileCheck %s --check-prefix=NONE

// Single-block callee: inlined; the private callee goes once its last call took its body.
// CHECK-LABEL: module {
// CHECK-NOT:   @add
// CHECK:       func.func @single(%arg0: i32) -> i32 {
// CHECK-NEXT:    %0 = arith.addi %arg0, %arg0 : i32
// CHECK-NEXT:    %1 = arith.muli %0, %0 : i32
// CHECK-NEXT:    return %1 : i32
// LOC-LABEL:   func.func @single
// LOC-NEXT:      arith.addi %arg0, %arg0 : i32 loc(callsite("{{.*}}inline.mlir":[[@LINE+5]]:8 at "{{.*}}inline.mlir":[[@LINE+9]]:8))
// LOC-NEXT:      arith.muli %0, %0 : i32 loc("{{.*}}inline.mlir":[[@LINE+9]]:8)
// NONE-LABEL:  func.func private @add
// NONE:        call @add
func.func private @add(%a: i32) -> i32 {
  %0 = arith.addi %a, %a : i32
  return %0 : i32
}
func.func @single(%x: i32) -> i32 {
  %0 = call @add(%x) : (i32) -> i32
  %1 = arith.muli %0, %0 : i32
  return %1 : i32
}

// -----

// Multi-block callee: the caller block is split; returns become branches to the rest.
// CHECK-LABEL: module {
// CHECK-NOT:   @select
// CHECK:       func.func @multi(%arg0: i1, %arg1: i32) -> i32 {
// CHECK-NEXT:    cf.cond_br %arg0, ^bb1, ^bb2
// CHECK-NEXT:  ^bb1:  // pred: ^bb0
// CHECK-NEXT:    cf.br ^bb3(%arg1 : i32)
// CHECK-NEXT:  ^bb2:  // pred: ^bb0
// CHECK-NEXT:    %c0_i32 = arith.constant 0 : i32
// CHECK-NEXT:    cf.br ^bb3(%c0_i32 : i32)
// CHECK-NEXT:  ^bb3(%0: i32):  // 2 preds: ^bb1, ^bb2
// CHECK-NEXT:    cf.cond_br %arg0, ^bb4, ^bb5
// CHECK-NEXT:  ^bb4:  // pred: ^bb3
// CHECK-NEXT:    cf.br ^bb6(%0 : i32)
// CHECK-NEXT:  ^bb5:  // pred: ^bb3
// CHECK-NEXT:    %c0_i32_0 = arith.constant 0 : i32
// CHECK-NEXT:    cf.br ^bb6(%c0_i32_0 : i32)
// CHECK-NEXT:  ^bb6(%1: i32):  // 2 preds: ^bb4, ^bb5
// CHECK-NEXT:    return %1 : i32
// The branches take the returns' locations, the new block's argument the call's.
// LOC-LABEL:   func.func @multi
// LOC-NEXT:      cf.cond_br %arg0, ^bb1, ^bb2 loc(callsite("{{.*}}":[[@LINE+4]]:3 at "{{.*}}":[[@LINE+12]]:8))
// LOC:           cf.br ^bb3(%arg1 : i32) loc(callsite("{{.*}}":[[@LINE+5]]:3 at "{{.*}}":[[@LINE+11]]:8))
// LOC:         ^bb3(%0: i32 loc("{{.*}}":[[@LINE+10]]:8)):
func.func private @select(%c: i1, %a: i32) -> i32 {
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  return %a : i32
^bb2:
  %z = arith.constant 0 : i32
  return %z : i32
}
func.func @multi(%c: i1, %x: i32) -> i32 {
  %0 = call @select(%c, %x) : (i1, i32) -> i32
  %1 = call @select(%c, %0) : (i1, i32) -> i32
  return %1 : i32
}

// -----

// Public callees stay; unused private and nested-visibility functions go; declarations stay.
// CHECK-LABEL: module {
// CHECK-NEXT:    func.func @public_callee() -> i32 {
// CHECK-NEXT:      %c7_i32 = arith.constant 7 : i32
// CHECK-NEXT:      return %c7_i32 : i32
// CHECK-NEXT:    }
// CHECK-NEXT:    func.func private @decl() -> i32
// CHECK-NEXT:    func.func @caller() -> (i32, i32) {
// CHECK-NEXT:      %c7_i32 = arith.constant 7 : i32
// CHECK-NEXT:      %0 = call @decl() : () -> i32
// CHECK-NEXT:      return %c7_i32, %0 : i32, i32
// CHECK-NEXT:    }
// CHECK-NEXT:  }
func.func @public_callee() -> i32 {
  %c = arith.constant 7 : i32
  return %c : i32
}
func.func private @unused() {
  return
}
func.func nested @unused_nested() {
  return
}
func.func private @decl() -> i32
func.func @caller() -> (i32, i32) {
  %0 = call @public_callee() : () -> i32
  %1 = call @decl() : () -> i32
  return %0, %1 : i32, i32
}

// -----

// Recursion stays: a self call, and a call to a function that calls back.
// CHECK-LABEL: func.func @self
// CHECK-NEXT:    call @self
// CHECK-LABEL: func.func @ping
// CHECK-NEXT:    call @pong
// CHECK-LABEL: func.func @pong
// CHECK-NEXT:    call @ping
func.func @self(%a: i32) -> i32 {
  %0 = call @self(%a) : (i32) -> i32
  return %0 : i32
}
func.func @ping(%a: i32) -> i32 {
  %0 = call @pong(%a) : (i32) -> i32
  return %0 : i32
}
func.func @pong(%a: i32) -> i32 {
  %0 = call @ping(%a) : (i32) -> i32
  return %0 : i32
}

// -----

// no_inline on the call or on the callee keeps the call; call_indirect is never inlined.
// CHECK-LABEL: func.func private @leaf
// CHECK-LABEL: func.func private @marked
// CHECK-SAME:    attributes {no_inline}
// CHECK-LABEL: func.func @kept
// CHECK-NEXT:    %0 = call @leaf(%arg0) {no_inline} : (i32) -> i32
// CHECK-NEXT:    %1 = call @marked(%arg0) : (i32) -> i32
// CHECK-NEXT:    %f = constant @leaf : (i32) -> i32
// CHECK-NEXT:    %2 = call_indirect %f(%arg0) : (i32) -> i32
func.func private @leaf(%a: i32) -> i32 {
  return %a : i32
}
func.func private @marked(%a: i32) -> i32 attributes {no_inline} {
  return %a : i32
}
func.func @kept(%a: i32) -> (i32, i32, i32) {
  %0 = call @leaf(%a) {no_inline} : (i32) -> i32
  %1 = call @marked(%a) : (i32) -> i32
  %f = constant @leaf : (i32) -> i32
  %2 = call_indirect %f(%a) : (i32) -> i32
  return %0, %1, %2 : i32, i32, i32
}

// -----

// Regions: a single-block callee goes into scf.if; a multi-block one only where several blocks
// are allowed (scf.execute_region); affine ops only into affine scopes and affine loops.
// CHECK-LABEL: func.func private @next
// CHECK-LABEL: func.func private @branchy
// CHECK-NOT:   @twice
// CHECK-LABEL: func.func @regions
// CHECK-NEXT:    %0 = scf.if %arg0 -> (index) {
// CHECK-NEXT:      %2 = arith.addi %arg1, %arg1 : index
// CHECK-NEXT:      %3 = func.call @branchy(%arg0, %2) : (i1, index) -> index
// CHECK:         %1 = scf.execute_region -> index {
// CHECK-NEXT:      cf.cond_br %arg0, ^bb1, ^bb2
// CHECK:         ^bb3(%2: index):  // 2 preds: ^bb1, ^bb2
// CHECK-NEXT:      scf.yield %2 : index
// CHECK:         scf.for
// CHECK-NEXT:      func.call @next(%arg2) : (index) -> index
// CHECK:         affine.for
// CHECK-NEXT:      affine.apply #map(%arg2)
func.func private @twice(%a: index) -> index {
  %0 = arith.addi %a, %a : index
  return %0 : index
}
func.func private @next(%a: index) -> index {
  %0 = affine.apply affine_map<(d0) -> (d0 + 1)>(%a)
  return %0 : index
}
func.func private @branchy(%c: i1, %a: index) -> index {
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  return %a : index
^bb2:
  return %a : index
}
func.func @regions(%c: i1, %n: index) -> index {
  %0 = scf.if %c -> index {
    %1 = func.call @twice(%n) : (index) -> index
    %2 = func.call @branchy(%c, %1) : (i1, index) -> index
    scf.yield %2 : index
  } else {
    scf.yield %n : index
  }
  %3 = scf.execute_region -> index {
    %4 = func.call @branchy(%c, %0) : (i1, index) -> index
    scf.yield %4 : index
  }
  scf.for %i = %n to %3 step %n {
    %5 = func.call @next(%i) : (index) -> index
  }
  affine.for %j = 0 to 8 {
    %6 = func.call @next(%j) : (index) -> index
  }
  return %3 : index
}

// -----

// Calls brought in by an inlined body are inlined too.
// CHECK-LABEL: module {
// CHECK-NEXT:    func.func @a(%arg0: i32) -> i32 {
// CHECK-NEXT:      %0 = arith.subi %arg0, %arg0 : i32
// CHECK-NEXT:      %1 = arith.xori %0, %arg0 : i32
// CHECK-NEXT:      return %1 : i32
// CHECK-NEXT:    }
// CHECK-NEXT:  }
func.func private @c(%a: i32) -> i32 {
  %0 = arith.subi %a, %a : i32
  return %0 : i32
}
func.func private @b(%a: i32) -> i32 {
  %0 = call @c(%a) : (i32) -> i32
  %1 = arith.xori %0, %a : i32
  return %1 : i32
}
func.func @a(%a: i32) -> i32 {
  %0 = call @b(%a) : (i32) -> i32
  return %0 : i32
}

// -----

// Nested symbol tables: calls resolve in the caller's table.
// CHECK-LABEL: module @outer {
// CHECK-NEXT:    module @inner {
// CHECK-NEXT:      func.func @g() -> i32 {
// CHECK-NEXT:        %c1_i32 = arith.constant 1 : i32
// CHECK-NEXT:        return %c1_i32 : i32
module @outer {
  module @inner {
    func.func private @f() -> i32 {
      %c = arith.constant 1 : i32
      return %c : i32
    }
    func.func @g() -> i32 {
      %0 = call @f() : () -> i32
      return %0 : i32
    }
  }
}
