// --remove-dead-values as MLIR 22: a liveness analysis over the module (on the dead-code
// analysis), then dead arguments and unused results of private functions go (with what their
// calls pass and receive), dead operands of region-branch ops and their terminators become
// ub.poison, branches stop passing dead values, ops without memory effects whose results are
// dead go; then the region-branch ops are canonicalized (not with canonicalize=false, the second run).
// RUN: ir-opt %s --split-input-file --remove-dead-values | FileCheck %s
// RUN: ir-opt %s --split-input-file --remove-dead-values=canonicalize=false | FileCheck %s --check-prefix=NOCANON

// Private functions lose their dead arguments (calls stop passing them) and the results no
// call uses, even when the function computes them from live values.
// CHECK-LABEL: func.func private @callee(%arg0: i32, %arg1: memref<i32>) -> i32 {
// CHECK-NEXT: %0 = arith.addi %arg0, %arg0 : i32
// CHECK-NEXT: memref.store %0, %arg1[] : memref<i32>
// CHECK-NEXT: return %arg0 : i32
// CHECK-NEXT: }
// CHECK-NEXT: func.func @caller(%arg0: i32, %arg1: i32, %arg2: memref<i32>) -> i32 {
// CHECK-NEXT: %0 = call @callee(%arg0, %arg2) : (i32, memref<i32>) -> i32
// CHECK-NEXT: %1 = call @callee(%arg1, %arg2) : (i32, memref<i32>) -> i32
// CHECK-NEXT: return %0 : i32
// CHECK-NEXT: }
// CHECK-NEXT: }
func.func private @callee(%a: i32, %b: i32, %m: memref<i32>) -> (i32, i32) {
  %s = arith.addi %a, %a : i32
  memref.store %s, %m[] : memref<i32>
  return %a, %s : i32, i32
}
func.func @caller(%x: i32, %y: i32, %m: memref<i32>) -> i32 {
  %r:2 = call @callee(%x, %y, %m) : (i32, i32, memref<i32>) -> (i32, i32)
  %u:2 = call @callee(%y, %x, %m) : (i32, i32, memref<i32>) -> (i32, i32)
  return %r#0 : i32
}

// -----

// Public functions keep their signature; ops whose results nothing needs go when they only
// compute or read (a load, and then the index it read at), ops writing memory stay with the
// values they use.
// CHECK-LABEL: func.func @public(%arg0: i32, %arg1: i32, %arg2: memref<?xi32>, %arg3: index) -> i32 {
// CHECK-NEXT: %0 = arith.index_cast %arg0 : i32 to index
// CHECK-NEXT: memref.store %arg0, %arg2[%0] : memref<?xi32>
// CHECK-NEXT: return %arg0 : i32
// CHECK-NEXT: }
// CHECK-NEXT: }
func.func @public(%a: i32, %unused: i32, %m: memref<?xi32>, %i: index) -> i32 {
  %dead = arith.muli %a, %a : i32
  %j = arith.addi %i, %i : index
  %v = memref.load %m[%j] : memref<?xi32>
  %k = arith.index_cast %a : i32 to index
  memref.store %a, %m[%k] : memref<?xi32>
  return %a : i32
}

// -----

// A private function nothing calls is never reached: everything in it is dead, even a store.
// CHECK-LABEL: func.func private @never() {
// CHECK-NEXT: return
// CHECK-NEXT: }
// CHECK-NEXT: }
func.func private @never(%a: i32, %m: memref<i32>) -> i32 {
  memref.store %a, %m[] : memref<i32>
  %c = arith.constant 1 : i32
  return %c : i32
}

// -----

// Dead values a region-branch op or its terminators forward become ub.poison; the
// canonicalization that follows removes the loop-carried values left unused (in place: the
// poison ops stay where they were made).
// CHECK-LABEL: func.func @loops(%arg0: index, %arg1: i32, %arg2: i32, %arg3: memref<i32>) -> i32 {
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %c1 = arith.constant 1 : index
// CHECK-NEXT: %0 = ub.poison : i32
// CHECK-NEXT: %1 = scf.for %arg4 = %c0 to %arg0 step %c1 iter_args(%arg5 = %arg1) -> (i32) {
// CHECK-NEXT: memref.store %arg5, %arg3[] : memref<i32>
// CHECK-NEXT: %5 = arith.addi %arg5, %arg1 : i32
// CHECK-NEXT: %6 = ub.poison : i32
// CHECK-NEXT: scf.yield %5 : i32
// CHECK-NEXT: }
// CHECK-NEXT: %2 = ub.poison : i32
// CHECK-NEXT: %3 = scf.while (%arg4 = %arg1) : (i32) -> i32 {
// CHECK-NEXT: %5 = arith.cmpi slt, %arg4, %arg2 : i32
// CHECK-NEXT: %6 = ub.poison : i32
// CHECK-NEXT: %7 = ub.poison : i32
// CHECK-NEXT: scf.condition(%5) %arg4 : i32
// CHECK-NEXT: } do {
// CHECK-NEXT: ^bb0(%arg4: i32):
// CHECK-NEXT: %5 = arith.addi %arg4, %arg1 : i32
// CHECK-NEXT: %6 = ub.poison : i32
// CHECK-NEXT: scf.yield %5 : i32
// CHECK-NEXT: }
// CHECK-NEXT: %4 = arith.addi %1, %3 : i32
// CHECK-NEXT: return %4 : i32
// CHECK-NEXT: }
// CHECK-NEXT: }
// NOCANON-LABEL: func.func @loops(%arg0: index, %arg1: i32, %arg2: i32, %arg3: memref<i32>) -> i32 {
// NOCANON-NEXT: %c0 = arith.constant 0 : index
// NOCANON-NEXT: %c1 = arith.constant 1 : index
// NOCANON-NEXT: %0 = ub.poison : i32
// NOCANON-NEXT: %1:2 = scf.for %arg4 = %c0 to %arg0 step %c1 iter_args(%arg5 = %arg1, %arg6 = %0) -> (i32, i32) {
// NOCANON-NEXT: memref.store %arg5, %arg3[] : memref<i32>
// NOCANON-NEXT: %5 = arith.addi %arg5, %arg1 : i32
// NOCANON-NEXT: %6 = ub.poison : i32
// NOCANON-NEXT: scf.yield %5, %6 : i32, i32
// NOCANON-NEXT: }
// NOCANON-NEXT: %2 = ub.poison : i32
// NOCANON-NEXT: %3:3 = scf.while (%arg4 = %arg1, %arg5 = %2) : (i32, i32) -> (i32, i32, i32) {
// NOCANON-NEXT: %5 = arith.cmpi slt, %arg4, %arg2 : i32
// NOCANON-NEXT: %6 = ub.poison : i32
// NOCANON-NEXT: %7 = ub.poison : i32
// NOCANON-NEXT: scf.condition(%5) %arg4, %6, %7 : i32, i32, i32
// NOCANON-NEXT: } do {
// NOCANON-NEXT: ^bb0(%arg4: i32, %arg5: i32, %arg6: i32):
// NOCANON-NEXT: %5 = arith.addi %arg4, %arg1 : i32
// NOCANON-NEXT: %6 = ub.poison : i32
// NOCANON-NEXT: scf.yield %5, %6 : i32, i32
// NOCANON-NEXT: }
// NOCANON-NEXT: %4 = arith.addi %1#0, %3#0 : i32
// NOCANON-NEXT: return %4 : i32
// NOCANON-NEXT: }
// NOCANON-NEXT: }
func.func @loops(%n: index, %a: i32, %b: i32, %m: memref<i32>) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%x = %a, %y = %b) -> (i32, i32) {
    memref.store %x, %m[] : memref<i32>
    %x2 = arith.addi %x, %a : i32
    %y2 = arith.muli %y, %y : i32
    scf.yield %x2, %y2 : i32, i32
  }
  %w:3 = scf.while (%p = %a, %q = %b) : (i32, i32) -> (i32, i32, i32) {
    %t = arith.cmpi slt, %p, %b : i32
    %z = arith.addi %q, %q : i32
    scf.condition(%t) %p, %q, %z : i32, i32, i32
  } do {
  ^bb0(%p2: i32, %q2: i32, %z2: i32):
    %p3 = arith.addi %p2, %a : i32
    scf.yield %p3, %z2 : i32, i32
  }
  %s = arith.addi %r#0, %w#0 : i32
  return %s : i32
}

// -----

// Without canonicalization the region-branch ops keep their arguments and results, fed by
// poison.
// CHECK-LABEL: func.func @no_canonicalize(%arg0: index, %arg1: i32, %arg2: memref<i32>) {
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %c1 = arith.constant 1 : index
// CHECK-NEXT: %0 = ub.poison : i32
// CHECK-NEXT: scf.for %arg3 = %c0 to %arg0 step %c1 {
// CHECK-NEXT: memref.store %arg1, %arg2[] : memref<i32>
// CHECK-NEXT: %1 = ub.poison : i32
// CHECK-NEXT: }
// CHECK-NEXT: return
// CHECK-NEXT: }
// CHECK-NEXT: }
// NOCANON-LABEL: func.func @no_canonicalize(%arg0: index, %arg1: i32, %arg2: memref<i32>) {
// NOCANON-NEXT: %c0 = arith.constant 0 : index
// NOCANON-NEXT: %c1 = arith.constant 1 : index
// NOCANON-NEXT: %0 = ub.poison : i32
// NOCANON-NEXT: %1 = scf.for %arg3 = %c0 to %arg0 step %c1 iter_args(%arg4 = %0) -> (i32) {
// NOCANON-NEXT: memref.store %arg1, %arg2[] : memref<i32>
// NOCANON-NEXT: %2 = ub.poison : i32
// NOCANON-NEXT: scf.yield %2 : i32
// NOCANON-NEXT: }
// NOCANON-NEXT: return
// NOCANON-NEXT: }
// NOCANON-NEXT: }
func.func @no_canonicalize(%n: index, %a: i32, %m: memref<i32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%x = %a) -> (i32) {
    memref.store %a, %m[] : memref<i32>
    %x2 = arith.addi %x, %a : i32
    scf.yield %x2 : i32
  }
  return
}

// -----

// A region-branch op without memory effects and without live results goes whole.
// CHECK-LABEL: func.func @pure_if(%arg0: i1, %arg1: i32) -> i32 {
// CHECK-NEXT: return %arg1 : i32
// CHECK-NEXT: }
// CHECK-NEXT: }
func.func @pure_if(%c: i1, %a: i32) -> i32 {
  %r = scf.if %c -> (i32) {
    %x = arith.addi %a, %a : i32
    scf.yield %x : i32
  } else {
    scf.yield %a : i32
  }
  return %a : i32
}

// -----

// Branches stop passing the dead values their successors receive; the arguments go.
// CHECK-LABEL: func.func @branches(%arg0: i1, %arg1: i32) -> i32 {
// CHECK-NEXT: cf.cond_br %arg0, ^bb1(%arg1 : i32), ^bb2(%arg1 : i32)
// CHECK-NEXT: ^bb1(%0: i32):  // pred: ^bb0
// CHECK-NEXT: cf.br ^bb3(%0 : i32)
// CHECK-NEXT: ^bb2(%1: i32):  // pred: ^bb0
// CHECK-NEXT: cf.br ^bb3(%1 : i32)
// CHECK-NEXT: ^bb3(%2: i32):  // 2 preds: ^bb1, ^bb2
// CHECK-NEXT: return %2 : i32
// CHECK-NEXT: }
// CHECK-NEXT: }
func.func @branches(%c: i1, %x: i32) -> i32 {
  %d = arith.addi %x, %x : i32
  cf.cond_br %c, ^bb1(%d, %x : i32, i32), ^bb2(%x : i32)
^bb1(%a: i32, %b: i32):
  cf.br ^bb3(%b : i32)
^bb2(%e: i32):
  cf.br ^bb3(%e : i32)
^bb3(%f: i32):
  return %f : i32
}
