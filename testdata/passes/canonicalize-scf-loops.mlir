// --canonicalize on the scf and affine ops whose patterns remove-dead-values relies on, as MLIR
// 22: scf.while (WhileConditionTruth, WhileCmpCond, WhileOpAlignBeforeArgs and the region-branch
// patterns that forward, deduplicate and remove loop-carried values, as on scf.for, scf.if and
// scf.index_switch), scf.for steps, scf.forall and scf.parallel folders, the affine.for fold and
// empty-loop folder, the affine.if fold.
// RUN: ir-opt %s --split-input-file --canonicalize | FileCheck %s

// The condition's value is true in the after region (WhileConditionTruth), so is a comparison
// repeating the condition's (WhileCmpCond); unused loop-carried values go.
// CHECK-LABEL: func.func @truth(%arg0: i32, %arg1: i32) -> i32 {
// CHECK-NEXT: %0 = scf.while (%arg2 = %arg0) : (i32) -> i32 {
// CHECK-NEXT: %1 = arith.cmpi slt, %arg2, %arg1 : i32
// CHECK-NEXT: scf.condition(%1) %arg2 : i32
// CHECK-NEXT: } do {
// CHECK-NEXT: ^bb0(%arg2: i32):
// CHECK-NEXT: %1 = arith.addi %arg2, %arg0 : i32
// CHECK-NEXT: scf.yield %1 : i32
// CHECK-NEXT: }
// CHECK-NEXT: return %0 : i32
// CHECK-NEXT: }
// CHECK-NEXT: }
func.func @truth(%a: i32, %b: i32) -> i32 {
  %r:2 = scf.while (%x = %a) : (i32) -> (i32, i1) {
    %t = arith.cmpi slt, %x, %b : i32
    scf.condition(%t) %x, %t : i32, i1
  } do {
  ^bb0(%p: i32, %c: i1):
    %t2 = arith.cmpi slt, %p, %b : i32
    %n = arith.addi %p, %a : i32
    %s = arith.select %c, %n, %p : i32
    %s2 = arith.select %t2, %s, %p : i32
    scf.yield %s2 : i32
  }
  return %r#0 : i32
}

// -----

// A before argument that always holds its initial value is replaced by it, duplicated
// results by the first, and the loop-carried values left unused go.
// CHECK-LABEL: func.func @invariant(%arg0: i32, %arg1: i32) -> (i32, i32, i32) {
// CHECK-NEXT: %0 = scf.while (%arg2 = %arg0) : (i32) -> i32 {
// CHECK-NEXT: %1 = arith.cmpi slt, %arg2, %arg1 : i32
// CHECK-NEXT: scf.condition(%1) %arg2 : i32
// CHECK-NEXT: } do {
// CHECK-NEXT: ^bb0(%arg2: i32):
// CHECK-NEXT: %1 = arith.addi %arg2, %arg1 : i32
// CHECK-NEXT: scf.yield %1 : i32
// CHECK-NEXT: }
// CHECK-NEXT: return %0, %arg1, %0 : i32, i32, i32
// CHECK-NEXT: }
// CHECK-NEXT: }
func.func @invariant(%a: i32, %b: i32) -> (i32, i32, i32) {
  %r:3 = scf.while (%x = %a, %z = %b) : (i32, i32) -> (i32, i32, i32) {
    %t = arith.cmpi slt, %x, %z : i32
    scf.condition(%t) %x, %z, %x : i32, i32, i32
  } do {
  ^bb0(%p: i32, %q: i32, %d: i32):
    %n = arith.addi %p, %q : i32
    scf.yield %n, %q : i32, i32
  }
  return %r#0, %r#1, %r#2 : i32, i32, i32
}

// -----

// A condition forwarding the before arguments in another order is rebuilt in order.
// CHECK-LABEL: func.func @align(%arg0: i32, %arg1: i32) -> (i32, i32) {
// CHECK-NEXT: %0:2 = scf.while (%arg2 = %arg0, %arg3 = %arg1) : (i32, i32) -> (i32, i32) {
// CHECK-NEXT: %1 = arith.cmpi slt, %arg2, %arg3 : i32
// CHECK-NEXT: scf.condition(%1) %arg2, %arg3 : i32, i32
// CHECK-NEXT: } do {
// CHECK-NEXT: ^bb0(%arg2: i32, %arg3: i32):
// CHECK-NEXT: %1 = arith.addi %arg2, %arg3 : i32
// CHECK-NEXT: %2 = arith.muli %arg2, %arg3 : i32
// CHECK-NEXT: scf.yield %1, %2 : i32, i32
// CHECK-NEXT: }
// CHECK-NEXT: return %0#1, %0#0 : i32, i32
// CHECK-NEXT: }
// CHECK-NEXT: }
func.func @align(%a: i32, %b: i32) -> (i32, i32) {
  %r:2 = scf.while (%x = %a, %y = %b) : (i32, i32) -> (i32, i32) {
    %t = arith.cmpi slt, %x, %y : i32
    scf.condition(%t) %y, %x : i32, i32
  } do {
  ^bb0(%p: i32, %q: i32):
    %n = arith.addi %q, %p : i32
    %n2 = arith.muli %q, %p : i32
    scf.yield %n, %n2 : i32, i32
  }
  return %r#0, %r#1 : i32, i32
}

// -----

// Iteration arguments feeding each other stay (only unused ones in no cycle go).
// CHECK-LABEL: func.func @for_cycle(%arg0: i32, %arg1: i32, %arg2: index, %arg3: memref<i32>) -> i32 {
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %c1 = arith.constant 1 : index
// CHECK-NEXT: %0:3 = scf.for %arg4 = %c0 to %arg2 step %c1 iter_args(%arg5 = %arg0, %arg6 = %arg1, %arg7 = %arg0) -> (i32, i32, i32) {
// CHECK-NEXT: memref.store %arg7, %arg3[] : memref<i32>
// CHECK-NEXT: %1 = arith.addi %arg7, %arg0 : i32
// CHECK-NEXT: scf.yield %arg6, %arg5, %1 : i32, i32, i32
// CHECK-NEXT: }
// CHECK-NEXT: return %0#2 : i32
// CHECK-NEXT: }
// CHECK-NEXT: }
func.func @for_cycle(%a: i32, %b: i32, %n: index, %m: memref<i32>) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r:3 = scf.for %i = %c0 to %n step %c1 iter_args(%x = %a, %y = %b, %z = %a) -> (i32, i32, i32) {
    memref.store %z, %m[] : memref<i32>
    %w = arith.addi %z, %a : i32
    scf.yield %y, %x, %w : i32, i32, i32
  }
  return %r#2 : i32
}

// -----

// scf.if and scf.index_switch results every region gives the same values for are one.
// CHECK-LABEL: func.func @dup_results(%arg0: i1, %arg1: index, %arg2: i32, %arg3: i32) -> (i32, i32, i32, i32) {
// CHECK-NEXT: %0 = scf.if %arg0 -> (i32) {
// CHECK-NEXT: %2 = arith.addi %arg2, %arg3 : i32
// CHECK-NEXT: scf.yield %2 : i32
// CHECK-NEXT: } else {
// CHECK-NEXT: scf.yield %arg3 : i32
// CHECK-NEXT: }
// CHECK-NEXT: %1 = scf.index_switch %arg1 -> i32
// CHECK-NEXT: case 1 {
// CHECK-NEXT: %2 = arith.addi %arg2, %arg3 : i32
// CHECK-NEXT: scf.yield %2 : i32
// CHECK-NEXT: }
// CHECK-NEXT: default {
// CHECK-NEXT: scf.yield %arg3 : i32
// CHECK-NEXT: }
// CHECK-NEXT: return %0, %0, %1, %1 : i32, i32, i32, i32
// CHECK-NEXT: }
// CHECK-NEXT: }
func.func @dup_results(%c: i1, %i: index, %a: i32, %b: i32) -> (i32, i32, i32, i32) {
  %r:2 = scf.if %c -> (i32, i32) {
    %x = arith.addi %a, %b : i32
    scf.yield %x, %x : i32, i32
  } else {
    scf.yield %b, %b : i32, i32
  }
  %s:2 = scf.index_switch %i -> i32, i32
  case 1 {
    %x = arith.addi %a, %b : i32
    scf.yield %x, %x : i32, i32
  }
  default {
    scf.yield %b, %b : i32, i32
  }
  return %r#0, %r#1, %s#0, %s#1 : i32, i32, i32, i32
}

// -----

// A loop whose step is not positive runs no iteration.
// CHECK-LABEL: func.func @for_step(%arg0: i32, %arg1: memref<i32>, %arg2: index) -> i32 {
// CHECK-NEXT: return %arg0 : i32
// CHECK-NEXT: }
// CHECK-NEXT: }
func.func @for_step(%a: i32, %m: memref<i32>, %n: index) -> i32 {
  %c1 = arith.constant 1 : index
  %c0 = arith.constant 0 : index
  %r = scf.for %i = %c1 to %n step %c0 iter_args(%x = %a) -> (i32) {
    %y = arith.subi %x, %a : i32
    memref.store %y, %m[] : memref<i32>
    scf.yield %y : i32
  }
  return %r : i32
}

// -----

// scf.forall: constant bounds become static, a dimension running once is dropped (all of
// them: the body is inlined), one running never drops the loop; an induction variable of a
// mapped dimension running once becomes its lower bound.
// CHECK-LABEL: func.func @forall(%arg0: index, %arg1: memref<?xi32>, %arg2: i32) {
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %c1 = arith.constant 1 : index
// CHECK-NEXT: scf.forall (%arg3) = (0) to (%arg0) step (3) {
// CHECK-NEXT: memref.store %arg2, %arg1[%arg3] : memref<?xi32>
// CHECK-NEXT: }
// CHECK-NEXT: memref.store %arg2, %arg1[%c1] : memref<?xi32>
// CHECK-NEXT: scf.forall (%arg3) in (%arg0) {
// CHECK-NEXT: memref.store %arg2, %arg1[%c0] : memref<?xi32>
// CHECK-NEXT: memref.store %arg2, %arg1[%arg3] : memref<?xi32>
// CHECK-NEXT: } {foo}
// CHECK-NEXT: scf.forall (%arg3, %arg4) in (%arg0, 1) {
// CHECK-NEXT: memref.store %arg2, %arg1[%c0] : memref<?xi32>
// CHECK-NEXT: } {mapping = [#gpu.thread<x>, #gpu.thread<y>]}
// CHECK-NEXT: return
// CHECK-NEXT: }
// CHECK-NEXT: }
func.func @forall(%n: index, %m: memref<?xi32>, %a: i32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.forall (%i) = (%c0) to (%n) step (3) {
    memref.store %a, %m[%i] : memref<?xi32>
  }
  scf.forall (%i) = (1) to (2) step (3) {
    memref.store %a, %m[%i] : memref<?xi32>
  }
  scf.forall (%i) in (0) {
    memref.store %a, %m[%i] : memref<?xi32>
  }
  scf.forall (%i, %j) = (%c0, 0) to (%n, 1) step (%c1, 1) {
    memref.store %a, %m[%j] : memref<?xi32>
    memref.store %a, %m[%i] : memref<?xi32>
  } {foo}
  scf.forall (%i, %j) = (%c0, 0) to (%n, 1) step (%c1, 1) {
    memref.store %a, %m[%j] : memref<?xi32>
  } {mapping = [#gpu.thread<x>, #gpu.thread<y>]}
  return
}

// -----

// affine.for with results and constant bounds running no iteration folds to its inits.
// CHECK-LABEL: func.func @affine_zero_trip(%arg0: f32) -> f32 {
// CHECK-NEXT: return %arg0 : f32
// CHECK-NEXT: }
// CHECK-NEXT: }
func.func @affine_zero_trip(%a: f32) -> f32 {
  %r = affine.for %i = 2 to 2 iter_args(%x = %a) -> (f32) {
    %y = arith.addf %x, %x : f32
    affine.yield %y : f32
  }
  return %r : f32
}

// -----

// scf.parallel: a dimension of no iteration drops the loop (its initial values remain), a loop
// whose dimensions all run once is inlined with its reductions applied once, and dimensions
// running once are dropped from the others.
// CHECK-LABEL: func.func @f(%arg0: index, %arg1: memref<?xi32>, %arg2: i32) -> (i32, i32, i32) {
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %c1 = arith.constant 1 : index
// CHECK-NEXT: memref.store %arg2, %arg1[%c1] : memref<?xi32>
// CHECK-NEXT: %0 = arith.muli %arg2, %arg2 : i32
// CHECK-NEXT: %1 = arith.addi %arg2, %0 : i32
// CHECK-NEXT: %2 = scf.parallel (%arg3) = (%c0) to (%arg0) step (%c1) init (%arg2) -> i32 {
// CHECK-NEXT: memref.store %arg2, %arg1[%c0] : memref<?xi32>
// CHECK-NEXT: memref.store %arg2, %arg1[%arg3] : memref<?xi32>
// CHECK-NEXT: scf.reduce(%arg2 : i32) {
// CHECK-NEXT: ^bb0(%arg4: i32, %arg5: i32):
// CHECK-NEXT: %3 = arith.maxsi %arg4, %arg5 : i32
// CHECK-NEXT: scf.reduce.return %3 : i32
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: memref.store %arg2, %arg1[%c0] : memref<?xi32>
// CHECK-NEXT: return %arg2, %1, %2 : i32, i32, i32
// CHECK-NEXT: }
// CHECK-NEXT: }
func.func @f(%n: index, %m: memref<?xi32>, %a: i32) -> (i32, i32, i32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %r0 = scf.parallel (%i) = (%c0) to (%c0) step (%c1) init (%a) -> i32 {
    memref.store %a, %m[%i] : memref<?xi32>
    scf.reduce(%a : i32) {
    ^bb0(%l: i32, %r: i32):
      %t = arith.addi %l, %r : i32
      scf.reduce.return %t : i32
    }
  }
  %r1 = scf.parallel (%i) = (%c1) to (%c4) step (%c4) init (%a) -> i32 {
    memref.store %a, %m[%i] : memref<?xi32>
    %x = arith.muli %a, %a : i32
    scf.reduce(%x : i32) {
    ^bb0(%l: i32, %r: i32):
      %t = arith.addi %l, %r : i32
      scf.reduce.return %t : i32
    }
  }
  %r2 = scf.parallel (%i, %j) = (%c0, %c0) to (%n, %c1) step (%c1, %c1) init (%a) -> i32 {
    memref.store %a, %m[%j] : memref<?xi32>
    memref.store %a, %m[%i] : memref<?xi32>
    scf.reduce(%a : i32) {
    ^bb0(%l: i32, %r: i32):
      %t = arith.maxsi %l, %r : i32
      scf.reduce.return %t : i32
    }
  } {foo}
  scf.parallel (%i) = (%c0) to (%c1) step (%c1) {
    memref.store %a, %m[%i] : memref<?xi32>
    scf.reduce
  }
  return %r0, %r1, %r2 : i32, i32, i32
}

// -----

// affine.if folds its operands into the set: constants fold in, symbols bound as dims become
// symbols, repeated operands share a position.
// CHECK: #set = affine_set<() : (1 >= 0)>
// CHECK: #set1 = affine_set<()[s0] : (s0 >= 0, 0 == 0)>
// CHECK: #set2 = affine_set<(d0)[s0] : (d0 - s0 >= 0, d0 - 3 >= 0)>
// CHECK-LABEL: func.func @f(%arg0: index, %arg1: index) -> index {
// CHECK-NEXT: %c2 = arith.constant 2 : index
// CHECK-NEXT: %0 = affine.if #set() -> index {
// CHECK-NEXT: affine.yield %arg0 : index
// CHECK-NEXT: } else {
// CHECK-NEXT: affine.yield %c2 : index
// CHECK-NEXT: }
// CHECK-NEXT: %1 = affine.if #set1()[%arg0] -> index {
// CHECK-NEXT: affine.yield %arg0 : index
// CHECK-NEXT: } else {
// CHECK-NEXT: affine.yield %c2 : index
// CHECK-NEXT: }
// CHECK-NEXT: %2 = affine.for %arg2 = 0 to 10 iter_args(%arg3 = %arg0) -> (index) {
// CHECK-NEXT: %5 = affine.if #set2(%arg2)[%arg1] -> index {
// CHECK-NEXT: affine.yield %arg2 : index
// CHECK-NEXT: } else {
// CHECK-NEXT: affine.yield %arg3 : index
// CHECK-NEXT: }
// CHECK-NEXT: affine.yield %5 : index
// CHECK-NEXT: }
// CHECK-NEXT: %3 = arith.addi %0, %1 : index
// CHECK-NEXT: %4 = arith.addi %3, %2 : index
// CHECK-NEXT: return %4 : index
// CHECK-NEXT: }
// CHECK-NEXT: }
func.func @f(%n: index, %m: index) -> index {
  %c2 = arith.constant 2 : index
  %c0 = arith.constant 0 : index
  %r = affine.if affine_set<(d0) : (d0 - 1 >= 0)>(%c2) -> index {
    affine.yield %n : index
  } else {
    affine.yield %c2 : index
  }
  %r2 = affine.if affine_set<(d0, d1)[s0] : (d0 - s0 >= 0, d1 - d0 == 0)>(%n, %n)[%c0] -> index {
    affine.yield %n : index
  } else {
    affine.yield %c2 : index
  }
  %r3 = affine.for %i = 0 to 10 iter_args(%x = %n) -> index {
    %q = affine.if affine_set<(d0)[s0] : (d0 - s0 >= 0, d0 - 3 >= 0)>(%i)[%m] -> index {
      affine.yield %i : index
    } else {
      affine.yield %x : index
    }
    affine.yield %q : index
  }
  %s = arith.addi %r, %r2 : index
  %t = arith.addi %s, %r3 : index
  return %t : index
}

// -----

// affine.for with a body that only yields is replaced by its values when the trip count
// allows (not with iteration arguments out of order over several iterations).
// CHECK-LABEL: func.func @f(%arg0: i32, %arg1: i32, %arg2: index) -> (i32, i32, i32, i32) {
// CHECK-NEXT: %0:2 = affine.for %arg3 = 0 to 3 iter_args(%arg4 = %arg0, %arg5 = %arg1) -> (i32, i32) {
// CHECK-NEXT: affine.yield %arg5, %arg4 : i32, i32
// CHECK-NEXT: }
// CHECK-NEXT: return %0#0, %0#1, %arg1, %arg0 : i32, i32, i32, i32
// CHECK-NEXT: }
// CHECK-NEXT: }
func.func @f(%a: i32, %b: i32, %n: index) -> (i32, i32, i32, i32) {
  %r:2 = affine.for %i = 0 to 3 iter_args(%x = %a, %y = %b) -> (i32, i32) {
    affine.yield %y, %x : i32, i32
  }
  %s = affine.for %i = 0 to 1 iter_args(%x = %a) -> (i32) {
    affine.yield %b : i32
  }
  %t = affine.for %i = 0 to %n iter_args(%x = %a) -> (i32) {
    affine.yield %x : i32
  }
  return %r#0, %r#1, %s, %t : i32, i32, i32, i32
}
