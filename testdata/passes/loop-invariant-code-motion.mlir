// --loop-invariant-code-motion as MLIR 22: innermost loops first; ops move out when they read
// nothing defined in the loop, have no memory effect and are speculatable (regions included),
// in body order. Running it twice changes nothing the second time.
// RUN: ir-opt %s --split-input-file --loop-invariant-code-motion | FileCheck %s
// RUN: ir-opt %s --split-input-file --loop-invariant-code-motion --loop-invariant-code-motion | FileCheck %s

// Nested loops: the inner loop's invariants move to the outer body, then out of the outer loop.
// CHECK-LABEL: module {
// CHECK-NEXT: func.func @nested(%arg0: memref<10xf32>) {
// CHECK-NEXT: %cst = arith.constant 7.000000e+00 : f32
// CHECK-NEXT: %cst_0 = arith.constant 8.000000e+00 : f32
// CHECK-NEXT: %0 = arith.addf %cst, %cst_0 : f32
// CHECK-NEXT: %1 = arith.addf %0, %cst_0 : f32
// CHECK-NEXT: affine.for %arg1 = 0 to 10 {
// CHECK-NEXT: affine.for %arg2 = 0 to 10 {
// CHECK-NEXT: affine.store %0, %arg0[%arg1] : memref<10xf32>
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: return
// CHECK-NEXT: }
// CHECK-NEXT: }
func.func @nested(%m: memref<10xf32>) {
  %cf7 = arith.constant 7.0 : f32
  %cf8 = arith.constant 8.0 : f32
  affine.for %i = 0 to 10 {
    %v0 = arith.addf %cf7, %cf8 : f32
    affine.for %j = 0 to 10 {
      %v1 = arith.addf %v0, %cf8 : f32
      affine.store %v0, %m[%i] : memref<10xf32>
    }
  }
  return
}

// -----

// Loads, stores and values computed from the induction variable stay; a chain of invariant ops
// moves in order; a whole scf.if of speculatable ops moves; an empty inner loop moves.
// CHECK-LABEL: module {
// CHECK-NEXT: func.func @mixed(%arg0: memref<10xf32>, %arg1: i32, %arg2: i1, %arg3: index, %arg4: index) -> i32 {
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %c1 = arith.constant 1 : index
// CHECK-NEXT: %c10 = arith.constant 10 : index
// CHECK-NEXT: %c0_i32 = arith.constant 0 : i32
// CHECK-NEXT: %0 = arith.addi %arg1, %arg1 : i32
// CHECK-NEXT: %1 = arith.muli %0, %arg1 : i32
// CHECK-NEXT: %2 = scf.if %arg2 -> (i32) {
// CHECK-NEXT: scf.yield %1 : i32
// CHECK-NEXT: } else {
// CHECK-NEXT: scf.yield %arg1 : i32
// CHECK-NEXT: }
// CHECK-NEXT: scf.for %arg5 = %arg3 to %arg4 step %c1 {
// CHECK-NEXT: }
// CHECK-NEXT: %3 = scf.for %arg5 = %c0 to %c10 step %c1 iter_args(%arg6 = %c0_i32) -> (i32) {
// CHECK-NEXT: %4 = memref.load %arg0[%arg5] : memref<10xf32>
// CHECK-NEXT: %5 = arith.addi %arg6, %2 : i32
// CHECK-NEXT: %6 = arith.index_cast %arg5 : index to i32
// CHECK-NEXT: memref.store %4, %arg0[%c0] : memref<10xf32>
// CHECK-NEXT: scf.yield %5 : i32
// CHECK-NEXT: }
// CHECK-NEXT: return %3 : i32
// CHECK-NEXT: }
// CHECK-NEXT: }
func.func @mixed(%m: memref<10xf32>, %a: i32, %c: i1, %lb: index, %ub: index) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c10 = arith.constant 10 : index
  %z = arith.constant 0 : i32
  %r = scf.for %i = %c0 to %c10 step %c1 iter_args(%acc = %z) -> i32 {
    %v = memref.load %m[%i] : memref<10xf32>
    %x = arith.addi %a, %a : i32
    %y = arith.muli %x, %a : i32
    %s = scf.if %c -> i32 {
      scf.yield %y : i32
    } else {
      scf.yield %a : i32
    }
    %t = arith.addi %acc, %s : i32
    %w = arith.index_cast %i : index to i32
    scf.for %j = %lb to %ub step %c1 {
    }
    memref.store %v, %m[%c0] : memref<10xf32>
    scf.yield %t : i32
  }
  return %r : i32
}

// -----

// Speculation: divisions only by constants that cannot trap, dims only in bounds, nothing from
// a loop with an unknown step, nothing calling out.
// CHECK-LABEL: module {
// CHECK-NEXT: func.func private @opaque() -> i32
// CHECK-NEXT: func.func @speculation(%arg0: i32, %arg1: i32, %arg2: index, %arg3: tensor<?x?xf32>, %arg4: tensor<*xf32>, %arg5: index) {
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %c1 = arith.constant 1 : index
// CHECK-NEXT: %c2 = arith.constant 2 : index
// CHECK-NEXT: %c4 = arith.constant 4 : index
// CHECK-NEXT: %c3_i32 = arith.constant 3 : i32
// CHECK-NEXT: %c0_i32 = arith.constant 0 : i32
// CHECK-NEXT: %c-1_i32 = arith.constant -1 : i32
// CHECK-NEXT: %0 = arith.divui %arg0, %c3_i32 : i32
// CHECK-NEXT: %1 = arith.ceildivsi %arg0, %c3_i32 : i32
// CHECK-NEXT: %2 = arith.remui %arg0, %arg1 : i32
// CHECK-NEXT: %dim = tensor.dim %arg3, %c1 : tensor<?x?xf32>
// CHECK-NEXT: %3 = arith.addi %arg0, %arg1 : i32
// CHECK-NEXT: scf.for %arg6 = %c0 to %c4 step %c1 {
// CHECK-NEXT: %4 = arith.divui %arg0, %arg1 : i32
// CHECK-NEXT: %5 = arith.divui %arg0, %c0_i32 : i32
// CHECK-NEXT: %6 = arith.divsi %arg0, %c-1_i32 : i32
// CHECK-NEXT: %dim_0 = tensor.dim %arg3, %c2 : tensor<?x?xf32>
// CHECK-NEXT: %dim_1 = tensor.dim %arg4, %c0 : tensor<*xf32>
// CHECK-NEXT: %dim_2 = tensor.dim %arg3, %arg2 : tensor<?x?xf32>
// CHECK-NEXT: scf.for %arg7 = %c0 to %arg2 step %arg5 {
// CHECK-NEXT: }
// CHECK-NEXT: %7 = func.call @opaque() : () -> i32
// CHECK-NEXT: }
// CHECK-NEXT: return
// CHECK-NEXT: }
// CHECK-NEXT: }
func.func private @opaque() -> i32
func.func @speculation(%a: i32, %b: i32, %n: index, %t: tensor<?x?xf32>, %u: tensor<*xf32>, %step: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %k3 = arith.constant 3 : i32
  %k0 = arith.constant 0 : i32
  %km1 = arith.constant -1 : i32
  scf.for %i = %c0 to %c4 step %c1 {
    %0 = arith.divui %a, %b : i32
    %1 = arith.divui %a, %k3 : i32
    %2 = arith.divui %a, %k0 : i32
    %3 = arith.divsi %a, %km1 : i32
    %4 = arith.ceildivsi %a, %k3 : i32
    %5 = arith.remui %a, %b : i32
    %6 = tensor.dim %t, %c1 : tensor<?x?xf32>
    %7 = tensor.dim %t, %c2 : tensor<?x?xf32>
    %8 = tensor.dim %u, %c0 : tensor<*xf32>
    %9 = tensor.dim %t, %n : tensor<?x?xf32>
    scf.for %j = %c0 to %n step %step {
      %10 = arith.addi %a, %b : i32
    }
    %11 = func.call @opaque() : () -> i32
  }
  return
}

// -----

// Other loops: both regions of scf.while, scf.parallel, scf.forall, affine.parallel; linalg
// on tensors moves (on buffers it writes and stays).
// CHECK-LABEL: module {
// CHECK-NEXT: func.func @loops(%arg0: i32, %arg1: i1, %arg2: index, %arg3: tensor<8xf32>, %arg4: memref<8xf32>, %arg5: f32) {
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %c1 = arith.constant 1 : index
// CHECK-NEXT: %0 = arith.addi %arg0, %arg0 : i32
// CHECK-NEXT: %1 = arith.muli %arg0, %arg0 : i32
// CHECK-NEXT: %2 = scf.while (%arg6 = %arg0) : (i32) -> i32 {
// CHECK-NEXT: scf.condition(%arg1) %arg6 : i32
// CHECK-NEXT: } do {
// CHECK-NEXT: ^bb0(%arg6: i32):
// CHECK-NEXT: scf.yield %arg6 : i32
// CHECK-NEXT: }
// CHECK-NEXT: %3 = arith.subi %arg0, %arg0 : i32
// CHECK-NEXT: scf.parallel (%arg6) = (%c0) to (%arg2) step (%c1) {
// CHECK-NEXT: %7 = arith.index_cast %arg6 : index to i32
// CHECK-NEXT: scf.reduce
// CHECK-NEXT: }
// CHECK-NEXT: %4 = arith.xori %arg0, %arg0 : i32
// CHECK-NEXT: scf.forall (%arg6) in (4) {
// CHECK-NEXT: }
// CHECK-NEXT: %5 = arith.ori %arg0, %arg0 : i32
// CHECK-NEXT: %6 = linalg.fill ins(%arg5 : f32) outs(%arg3 : tensor<8xf32>) -> tensor<8xf32>
// CHECK-NEXT: affine.parallel (%arg6) = (0) to (8) {
// CHECK-NEXT: linalg.fill ins(%arg5 : f32) outs(%arg4 : memref<8xf32>)
// CHECK-NEXT: }
// CHECK-NEXT: return
// CHECK-NEXT: }
// CHECK-NEXT: }
func.func @loops(%a: i32, %c: i1, %n: index, %t: tensor<8xf32>, %m: memref<8xf32>, %f: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %w = scf.while (%x = %a) : (i32) -> i32 {
    %p = arith.addi %a, %a : i32
    scf.condition(%c) %x : i32
  } do {
  ^bb0(%y: i32):
    %q = arith.muli %a, %a : i32
    scf.yield %y : i32
  }
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    %r = arith.subi %a, %a : i32
    %s = arith.index_cast %i : index to i32
  }
  scf.forall (%i) in (4) {
    %v = arith.xori %a, %a : i32
  }
  affine.parallel (%i) = (0) to (8) {
    %v = arith.ori %a, %a : i32
    %g = linalg.fill ins(%f : f32) outs(%t : tensor<8xf32>) -> tensor<8xf32>
    linalg.fill ins(%f : f32) outs(%m : memref<8xf32>)
  }
  return
}
