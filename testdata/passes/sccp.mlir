// --sccp as MLIR 22: sparse conditional constant propagation over branches, structured
// control flow and (on a symbol table) calls; values found constant are replaced by constants
// made at the top of their function, the latest first, and ops left trivially dead are erased.
// A second run makes every constant again, so their order flips (TWICE); run on each function
// alone (FUNC), calls are not followed and every argument is unknown.
// RUN: ir-opt %s --allow-unregistered-dialect --split-input-file --sccp | FileCheck %s
// RUN: ir-opt %s --allow-unregistered-dialect --split-input-file --sccp --sccp | FileCheck %s --check-prefix=TWICE
// RUN: ir-opt %s --allow-unregistered-dialect --split-input-file --pass-pipeline='builtin.module(func.func(sccp))' | FileCheck %s --check-prefix=FUNC

// Straight-line folding: every constant is made again at the top of the function, the latest
// first, with an unknown location; folded ops go when trivially dead; a fold to an operand
// (x * 1) gives what the operand holds, a fold needs no more constants than it reads (x * 0);
// an in-place fold (constants moved right) makes nothing known and is undone.
// CHECK-LABEL: func.func @straight(%arg0: i32) -> (i32, i32, i32, i1) {
// CHECK-NEXT: %c3_i32 = arith.constant 3 : i32
// CHECK-NEXT: %c0_i32 = arith.constant 0 : i32
// CHECK-NEXT: %c2_i32 = arith.constant 2 : i32
// CHECK-NEXT: %c1_i32 = arith.constant 1 : i32
// CHECK-NEXT: %0 = arith.muli %arg0, %c1_i32 : i32
// CHECK-NEXT: %1 = arith.cmpi slt, %c2_i32, %arg0 : i32
// CHECK-NEXT: return %c3_i32, %0, %c0_i32, %1 : i32, i32, i32, i1
// CHECK-NEXT: }
// CHECK-NEXT: }
// TWICE-LABEL: func.func @straight(%arg0: i32) -> (i32, i32, i32, i1) {
// TWICE-NEXT: %c1_i32 = arith.constant 1 : i32
// TWICE-NEXT: %c2_i32 = arith.constant 2 : i32
// TWICE-NEXT: %c0_i32 = arith.constant 0 : i32
// TWICE-NEXT: %c3_i32 = arith.constant 3 : i32
// TWICE-NEXT: %0 = arith.muli %arg0, %c1_i32 : i32
// TWICE-NEXT: %1 = arith.cmpi slt, %c2_i32, %arg0 : i32
// TWICE-NEXT: return %c3_i32, %0, %c0_i32, %1 : i32, i32, i32, i1
// TWICE-NEXT: }
// TWICE-NEXT: }
func.func @straight(%arg0: i32) -> (i32, i32, i32, i1) {
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %c0 = arith.constant 0 : i32
  %a = arith.addi %c1, %c2 : i32
  %b = arith.muli %arg0, %c1 : i32
  %z = arith.muli %arg0, %c0 : i32
  %s = arith.addi %a, %z : i32
  %cmp = arith.cmpi slt, %c2, %arg0 : i32
  return %s, %b, %z, %cmp : i32, i32, i32, i1
}

// -----

// Branches: only the successors a constant condition selects are live; values in dead blocks
// stay as written and dead blocks stay. Block arguments all of whose incoming values agree
// become constants; a switch edge counts for every case naming the same block.
// CHECK-LABEL: func.func @branches(%arg0: i1, %arg1: i32) -> (i32, i32) {
// CHECK-NEXT: %c2_i32 = arith.constant 2 : i32
// CHECK-NEXT: %c3_i32 = arith.constant 3 : i32
// CHECK-NEXT: %c1_i32 = arith.constant 1 : i32
// CHECK-NEXT: %true = arith.constant true
// CHECK-NEXT: cf.cond_br %true, ^bb1(%c1_i32 : i32), ^bb2(%arg1 : i32)
// CHECK-NEXT: ^bb1(%0: i32):  // pred: ^bb0
// CHECK-NEXT: cf.switch %c3_i32 : i32, [
// CHECK-NEXT: default: ^bb3(%c2_i32 : i32),
// CHECK-NEXT: 3: ^bb4(%c1_i32 : i32),
// CHECK-NEXT: 4: ^bb3(%c3_i32 : i32)
// CHECK-NEXT: ]
// CHECK-NEXT: ^bb2(%1: i32):  // pred: ^bb0
// CHECK-NEXT: %2 = arith.addi %c1_i32, %c1_i32 : i32
// CHECK-NEXT: cf.br ^bb4(%1 : i32)
// CHECK-NEXT: ^bb3(%3: i32):  // 2 preds: ^bb1, ^bb1
// CHECK-NEXT: return %3, %3 : i32, i32
// CHECK-NEXT: ^bb4(%4: i32):  // 2 preds: ^bb1, ^bb2
// CHECK-NEXT: cf.cond_br %arg0, ^bb5(%c1_i32 : i32), ^bb5(%c1_i32 : i32)
// CHECK-NEXT: ^bb5(%5: i32):  // 2 preds: ^bb4, ^bb4
// CHECK-NEXT: return %c1_i32, %c1_i32 : i32, i32
// CHECK-NEXT: }
// CHECK-NEXT: }
func.func @branches(%arg0: i1, %arg1: i32) -> (i32, i32) {
  %true = arith.constant true
  %c1 = arith.constant 1 : i32
  %c3 = arith.constant 3 : i32
  cf.cond_br %true, ^bb1(%c1 : i32), ^bb2(%arg1 : i32)
^bb1(%x: i32):
  %y = arith.addi %x, %c1 : i32
  cf.switch %c3 : i32, [
    default: ^bb3(%y : i32),
    3: ^bb4(%c1 : i32),
    4: ^bb3(%c3 : i32)
  ]
^bb2(%w: i32):
  %q = arith.addi %c1, %c1 : i32
  cf.br ^bb4(%w : i32)
^bb3(%p: i32):
  return %p, %p : i32, i32
^bb4(%r: i32):
  cf.cond_br %arg0, ^bb5(%r : i32), ^bb5(%c1 : i32)
^bb5(%t: i32):
  return %t, %r : i32, i32
}

// -----

// Structured control flow: an scf.if on a constant enters one region; results every live path
// agrees on become constants (the op goes when all do); loop-carried values that never change
// are constants, the induction variable never is; a while loop whose condition is always true
// never produces results; index_switch takes the matching case.
// CHECK-LABEL: func.func @structured(%arg0: i1, %arg1: index, %arg2: memref<i32>) -> (i32, i32, i32, i32, i32, i32) {
// CHECK-NEXT: %c2_i32 = arith.constant 2 : i32
// CHECK-NEXT: %c1_i32 = arith.constant 1 : i32
// CHECK-NEXT: %c1 = arith.constant 1 : index
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %true = arith.constant true
// CHECK-NEXT: %false = arith.constant false
// CHECK-NEXT: %0 = scf.for %arg3 = %c0 to %arg1 step %c1 iter_args(%arg4 = %c1_i32) -> (i32) {
// CHECK-NEXT: memref.store %c1_i32, %arg2[] : memref<i32>
// CHECK-NEXT: scf.yield %c1_i32 : i32
// CHECK-NEXT: }
// CHECK-NEXT: %1 = scf.for %arg3 = %c0 to %arg1 step %c1 iter_args(%arg4 = %c1_i32) -> (i32) {
// CHECK-NEXT: %3 = arith.addi %arg4, %c1_i32 : i32
// CHECK-NEXT: scf.yield %3 : i32
// CHECK-NEXT: }
// CHECK-NEXT: %2 = scf.while (%arg3 = %c1_i32) : (i32) -> i32 {
// CHECK-NEXT: scf.condition(%true) %c1_i32 : i32
// CHECK-NEXT: } do {
// CHECK-NEXT: ^bb0(%arg3: i32):
// CHECK-NEXT: scf.yield %c1_i32 : i32
// CHECK-NEXT: }
// CHECK-NEXT: return %c2_i32, %c2_i32, %c1_i32, %1, %2, %c2_i32 : i32, i32, i32, i32, i32, i32
// CHECK-NEXT: }
// CHECK-NEXT: }
func.func @structured(%arg0: i1, %arg1: index, %m: memref<i32>) -> (i32, i32, i32, i32, i32, i32) {
  %false = arith.constant false
  %true = arith.constant true
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %i1 = arith.constant 1 : i32
  %i2 = arith.constant 2 : i32
  %a = scf.if %false -> i32 {
    %t = arith.addi %i1, %i1 : i32
    scf.yield %t : i32
  } else {
    scf.yield %i2 : i32
  }
  %b = scf.if %arg0 -> i32 {
    scf.yield %i2 : i32
  } else {
    %t = arith.muli %i1, %i2 : i32
    scf.yield %t : i32
  }
  %l = scf.for %i = %c0 to %arg1 step %c1 iter_args(%acc = %i1) -> i32 {
    %t = arith.muli %acc, %i1 : i32
    memref.store %t, %m[] : memref<i32>
    scf.yield %t : i32
  }
  %l2 = scf.for %i = %c0 to %arg1 step %c1 iter_args(%acc = %i1) -> i32 {
    %t = arith.addi %acc, %i1 : i32
    scf.yield %t : i32
  }
  %w = scf.while (%x = %i1) : (i32) -> i32 {
    scf.condition(%true) %x : i32
  } do {
  ^bb0(%y: i32):
    %t = arith.addi %y, %i1 : i32
    scf.yield %i1 : i32
  }
  %s = scf.index_switch %c1 -> i32
  case 0 {
    scf.yield %i1 : i32
  }
  case 1 {
    scf.yield %i2 : i32
  }
  default {
    scf.yield %i1 : i32
  }
  return %a, %b, %l, %l2, %w, %s : i32, i32, i32, i32, i32, i32
}

// -----

// A while loop leaving at once, a multi-block execute_region, an affine loop that never runs
// and one that runs once; an op with regions the analysis does not model gets no constant
// results, and constants for its region stay in it when its parent is unregistered.
// CHECK-LABEL: func.func @more_regions(%arg0: index) -> (i32, i32, i32, i32, i32) {
// CHECK-NEXT: %c2_i32 = arith.constant 2 : i32
// CHECK-NEXT: %c7_i32 = arith.constant 7 : i32
// CHECK-NEXT: %c1_i32 = arith.constant 1 : i32
// CHECK-NEXT: %false = arith.constant false
// CHECK-NEXT: %0 = "test.region"() ({
// CHECK-NEXT: %c14_i32 = arith.constant 14 : i32
// CHECK-NEXT: "test.use"(%c14_i32) : (i32) -> ()
// CHECK-NEXT: }) : () -> i32
// CHECK-NEXT: return %c1_i32, %c7_i32, %c7_i32, %c1_i32, %c2_i32 : i32, i32, i32, i32, i32
// CHECK-NEXT: }
// CHECK-NEXT: }
func.func @more_regions(%arg0: index) -> (i32, i32, i32, i32, i32) {
  %false = arith.constant false
  %i1 = arith.constant 1 : i32
  %i7 = arith.constant 7 : i32
  %w:2 = scf.while (%a = %i1, %b = %i7) : (i32, i32) -> (i32, i32) {
    scf.condition(%false) %a, %b : i32, i32
  } do {
  ^bb0(%a2: i32, %b2: i32):
    scf.yield %b2, %a2 : i32, i32
  }
  %e = scf.execute_region -> i32 {
    cf.br ^bb1(%i7 : i32)
  ^bb1(%q: i32):
    scf.yield %q : i32
  }
  %f0 = affine.for %i = 0 to 0 iter_args(%acc = %i1) -> i32 {
    %t = arith.addi %acc, %i1 : i32
    affine.yield %t : i32
  }
  %f1 = affine.for %i = 0 to 1 iter_args(%acc = %i1) -> i32 {
    %t = arith.addi %acc, %i1 : i32
    affine.yield %t : i32
  }
  %u = "test.region"() ({
    %t = arith.addi %i7, %i7 : i32
    "test.use"(%t) : (i32) -> ()
  }) : () -> i32
  return %w#0, %w#1, %e, %f0, %f1 : i32, i32, i32, i32, i32
}

// -----

// Calls: a private callee called with the same constant gets it as its argument; its returned
// constant reaches the call (which stays); so does a public callee's. A private function never
// called is not analysed; one referenced other than by a call, or called with different
// constants, gets no constant arguments. Recursion keeps the optimistic value.
// CHECK-LABEL: func.func private @add_one(%arg0: i32) -> i32 {
// CHECK-NEXT: %c2_i32 = arith.constant 2 : i32
// CHECK-NEXT: %c1_i32 = arith.constant 1 : i32
// CHECK-NEXT: return %c2_i32 : i32
// CHECK-NEXT: }
// CHECK-LABEL: func.func private @uncalled(%arg0: i32) -> i32 {
// CHECK-NEXT: %c1_i32 = arith.constant 1 : i32
// CHECK-NEXT: %c2_i32 = arith.constant 2 : i32
// CHECK-NEXT: %0 = arith.addi %c1_i32, %c2_i32 : i32
// CHECK-NEXT: return %0 : i32
// CHECK-NEXT: }
// CHECK-LABEL: func.func private @referenced(%arg0: i32) -> i32 {
// CHECK-NEXT: return %arg0 : i32
// CHECK-NEXT: }
// CHECK-LABEL: func.func private @twice(%arg0: i32) -> i32 {
// CHECK-NEXT: return %arg0 : i32
// CHECK-NEXT: }
// CHECK-LABEL: func.func private @rec(%arg0: i32, %arg1: i32) -> i32 {
// CHECK-NEXT: %c1_i32 = arith.constant 1 : i32
// CHECK-NEXT: %c0_i32 = arith.constant 0 : i32
// CHECK-NEXT: %0 = arith.cmpi eq, %arg1, %c0_i32 : i32
// CHECK-NEXT: cf.cond_br %0, ^bb1, ^bb2
// CHECK-NEXT: ^bb1:  // pred: ^bb0
// CHECK-NEXT: return %c1_i32 : i32
// CHECK-NEXT: ^bb2:  // pred: ^bb0
// CHECK-NEXT: %1 = arith.subi %arg1, %c1_i32 : i32
// CHECK-NEXT: %2 = call @rec(%c1_i32, %1) : (i32, i32) -> i32
// CHECK-NEXT: return %c1_i32 : i32
// CHECK-NEXT: }
// CHECK-LABEL: func.func @five() -> i32 {
// CHECK-NEXT: %c5_i32 = arith.constant 5 : i32
// CHECK-NEXT: return %c5_i32 : i32
// CHECK-NEXT: }
// CHECK-LABEL: func.func @calls(%arg0: i32) -> (i32, i32, i32, i32, i32, i32) {
// CHECK-NEXT: %f = constant @referenced : (i32) -> i32
// CHECK-NEXT: %c5_i32 = arith.constant 5 : i32
// CHECK-NEXT: %c2_i32 = arith.constant 2 : i32
// CHECK-NEXT: %c1_i32 = arith.constant 1 : i32
// CHECK-NEXT: %0 = call @add_one(%c1_i32) : (i32) -> i32
// CHECK-NEXT: %1 = call @five() : () -> i32
// CHECK-NEXT: %2 = call @referenced(%c1_i32) : (i32) -> i32
// CHECK-NEXT: %3 = call @twice(%c1_i32) : (i32) -> i32
// CHECK-NEXT: %4 = call @twice(%c2_i32) : (i32) -> i32
// CHECK-NEXT: %5 = call @rec(%c1_i32, %arg0) : (i32, i32) -> i32
// CHECK-NEXT: return %c2_i32, %c5_i32, %2, %3, %4, %c1_i32 : i32, i32, i32, i32, i32, i32
// CHECK-NEXT: }
// CHECK-NEXT: }
// FUNC-LABEL: func.func private @add_one(%arg0: i32) -> i32 {
// FUNC-NEXT: %c1_i32 = arith.constant 1 : i32
// FUNC-NEXT: %0 = arith.addi %arg0, %c1_i32 : i32
// FUNC-NEXT: return %0 : i32
// FUNC-NEXT: }
// FUNC-LABEL: func.func private @uncalled(%arg0: i32) -> i32 {
// FUNC-NEXT: %c3_i32 = arith.constant 3 : i32
// FUNC-NEXT: %c2_i32 = arith.constant 2 : i32
// FUNC-NEXT: %c1_i32 = arith.constant 1 : i32
// FUNC-NEXT: return %c3_i32 : i32
// FUNC-NEXT: }
// FUNC-LABEL: func.func private @referenced(%arg0: i32) -> i32 {
// FUNC-NEXT: return %arg0 : i32
// FUNC-NEXT: }
// FUNC-LABEL: func.func private @twice(%arg0: i32) -> i32 {
// FUNC-NEXT: return %arg0 : i32
// FUNC-NEXT: }
// FUNC-LABEL: func.func private @rec(%arg0: i32, %arg1: i32) -> i32 {
// FUNC-NEXT: %c0_i32 = arith.constant 0 : i32
// FUNC-NEXT: %0 = arith.cmpi eq, %arg1, %c0_i32 : i32
// FUNC-NEXT: cf.cond_br %0, ^bb1, ^bb2
// FUNC-NEXT: ^bb1:  // pred: ^bb0
// FUNC-NEXT: return %arg0 : i32
// FUNC-NEXT: ^bb2:  // pred: ^bb0
// FUNC-NEXT: %1 = arith.subi %arg1, %arg0 : i32
// FUNC-NEXT: %2 = call @rec(%arg0, %1) : (i32, i32) -> i32
// FUNC-NEXT: return %2 : i32
// FUNC-NEXT: }
// FUNC-LABEL: func.func @five() -> i32 {
// FUNC-NEXT: %c5_i32 = arith.constant 5 : i32
// FUNC-NEXT: return %c5_i32 : i32
// FUNC-NEXT: }
// FUNC-LABEL: func.func @calls(%arg0: i32) -> (i32, i32, i32, i32, i32, i32) {
// FUNC-NEXT: %f = constant @referenced : (i32) -> i32
// FUNC-NEXT: %c2_i32 = arith.constant 2 : i32
// FUNC-NEXT: %c1_i32 = arith.constant 1 : i32
// FUNC-NEXT: %0 = call @add_one(%c1_i32) : (i32) -> i32
// FUNC-NEXT: %1 = call @five() : () -> i32
// FUNC-NEXT: %2 = call @referenced(%c1_i32) : (i32) -> i32
// FUNC-NEXT: %3 = call @twice(%c1_i32) : (i32) -> i32
// FUNC-NEXT: %4 = call @twice(%c2_i32) : (i32) -> i32
// FUNC-NEXT: %5 = call @rec(%c1_i32, %arg0) : (i32, i32) -> i32
// FUNC-NEXT: return %0, %1, %2, %3, %4, %5 : i32, i32, i32, i32, i32, i32
// FUNC-NEXT: }
// FUNC-NEXT: }
func.func private @add_one(%x: i32) -> i32 {
  %c1 = arith.constant 1 : i32
  %y = arith.addi %x, %c1 : i32
  return %y : i32
}
func.func private @uncalled(%x: i32) -> i32 {
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %y = arith.addi %c1, %c2 : i32
  return %y : i32
}
func.func private @referenced(%x: i32) -> i32 {
  return %x : i32
}
func.func private @twice(%x: i32) -> i32 {
  return %x : i32
}
func.func private @rec(%x: i32, %n: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %done = arith.cmpi eq, %n, %c0 : i32
  cf.cond_br %done, ^bb1, ^bb2
^bb1:
  return %x : i32
^bb2:
  %m = arith.subi %n, %x : i32
  %r = call @rec(%x, %m) : (i32, i32) -> i32
  return %r : i32
}
func.func @five() -> i32 {
  %c5 = arith.constant 5 : i32
  return %c5 : i32
}
func.func @calls(%n: i32) -> (i32, i32, i32, i32, i32, i32) {
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %a = call @add_one(%c1) : (i32) -> i32
  %b = call @five() : () -> i32
  %f = func.constant @referenced : (i32) -> i32
  %c = call @referenced(%c1) : (i32) -> i32
  %d = call @twice(%c1) : (i32) -> i32
  %e = call @twice(%c2) : (i32) -> i32
  %r = call @rec(%c1, %n) : (i32, i32) -> i32
  return %a, %b, %c, %d, %e, %r : i32, i32, i32, i32, i32, i32
}

// -----

// Nested symbol tables: a nested callable of a module whose symbols are all visible is called
// only from inside, so it gets its caller's constants.
// CHECK-LABEL: module @outer {
// CHECK-LABEL: module @inner {
// CHECK-LABEL: func.func nested @callee(%arg0: i32) -> i32 {
// CHECK-NEXT: %c5_i32 = arith.constant 5 : i32
// CHECK-NEXT: return %c5_i32 : i32
// CHECK-NEXT: }
// CHECK-LABEL: func.func @caller() -> i32 {
// CHECK-NEXT: %c5_i32 = arith.constant 5 : i32
// CHECK-NEXT: %0 = call @callee(%c5_i32) : (i32) -> i32
// CHECK-NEXT: return %c5_i32 : i32
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: }
module @outer {
  module @inner {
    func.func nested @callee(%x: i32) -> i32 {
      return %x : i32
    }
    func.func @caller() -> i32 {
      %c5 = arith.constant 5 : i32
      %r = call @callee(%c5) : (i32) -> i32
      return %r : i32
    }
  }
}

// -----

// Folds of other dialects: math materializes its constants as arith.constant (one constant
// stands for both), index as index.constant, ub as ub.poison; poison in one operand makes a
// poison result.
// CHECK-LABEL: func.func @dialects(%arg0: i32) -> (f32, f32, index, i32) {
// CHECK-NEXT: %0 = ub.poison : i32
// CHECK-NEXT: %idx6 = index.constant 6
// CHECK-NEXT: %idx3 = index.constant 3
// CHECK-NEXT: %cst = arith.constant 2.000000e+00 : f32
// CHECK-NEXT: %cst_0 = arith.constant 4.000000e+00 : f32
// CHECK-NEXT: return %cst, %cst, %idx6, %0 : f32, f32, index, i32
// CHECK-NEXT: }
// CHECK-NEXT: }
func.func @dialects(%arg0: i32) -> (f32, f32, index, i32) {
  %cst = arith.constant 4.0 : f32
  %s = math.sqrt %cst : f32
  %two = arith.constant 2.0 : f32
  %i = index.constant 3
  %j = index.add %i, %i
  %p = ub.poison : i32
  %q = arith.muli %p, %arg0 : i32
  return %s, %two, %j, %q : f32, f32, index, i32
}

// -----

// Parallel loops run their bodies only once their operands are known: an scf.parallel bounded
// by the result of a loop that never ends is dead. Their induction variables are unknown;
// scf.forall passes its shared outputs to their arguments; memref.alloca_scope returns what its
// region returns.
// CHECK-LABEL: func.func @parallel(%arg0: index, %arg1: memref<i32>) -> (tensor<4xi32>, i32) {
// CHECK-NEXT: %c7_i32 = arith.constant 7 : i32
// CHECK-NEXT: %cst = arith.constant dense<7> : tensor<4xi32>
// CHECK-NEXT: %true = arith.constant true
// CHECK-NEXT: %c1 = arith.constant 1 : index
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %0 = scf.forall (%arg2) in (%arg0) shared_outs(%arg3 = %cst) -> (tensor<4xi32>) {
// CHECK-NEXT: memref.store %c7_i32, %arg1[] : memref<i32>
// CHECK-NEXT: scf.forall.in_parallel {
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: %1 = scf.while (%arg2 = %c0) : (index) -> index {
// CHECK-NEXT: scf.condition(%true) %c0 : index
// CHECK-NEXT: } do {
// CHECK-NEXT: ^bb0(%arg2: index):
// CHECK-NEXT: scf.yield %c0 : index
// CHECK-NEXT: }
// CHECK-NEXT: scf.parallel (%arg2) = (%c0) to (%1) step (%c1) {
// CHECK-NEXT: %extracted = tensor.extract %cst[%c0] : tensor<4xi32>
// CHECK-NEXT: memref.store %extracted, %arg1[] : memref<i32>
// CHECK-NEXT: scf.reduce
// CHECK-NEXT: }
// CHECK-NEXT: return %0, %c7_i32 : tensor<4xi32>, i32
// CHECK-NEXT: }
// CHECK-NEXT: }
func.func @parallel(%n: index, %m: memref<i32>) -> (tensor<4xi32>, i32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %true = arith.constant true
  %cst = arith.constant dense<7> : tensor<4xi32>
  %r = scf.forall (%i) in (%n) shared_outs(%o = %cst) -> tensor<4xi32> {
    %e = tensor.extract %o[%c0] : tensor<4xi32>
    memref.store %e, %m[] : memref<i32>
    scf.forall.in_parallel {
    }
  }
  %never = scf.while (%x = %c0) : (index) -> index {
    scf.condition(%true) %x : index
  } do {
  ^bb0(%y: index):
    scf.yield %y : index
  }
  scf.parallel (%i) = (%c0) to (%never) step (%c1) {
    %e = tensor.extract %cst[%c0] : tensor<4xi32>
    memref.store %e, %m[] : memref<i32>
    scf.reduce
  }
  %s = memref.alloca_scope -> (i32) {
    %e = tensor.extract %cst[%c1] : tensor<4xi32>
    memref.alloca_scope.return %e : i32
  }
  return %r, %s : tensor<4xi32>, i32
}
