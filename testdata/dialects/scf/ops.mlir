// Round trip of every scf op: for (index and integer induction variables, iter_args,
// unsigned), if with and without results and else, while/condition,
// parallel/reduce/reduce.return, execute_region (no_inline, several blocks), index_switch,
// yield, and forall/forall.in_parallel (normalized or not, bounds given by constants,
// shared_outs, mapping), with implicit terminators left out as MLIR does.
// RUN: ir-opt %s | FileCheck %s
// RUN: ir-opt %s --mlir-print-op-generic | ir-opt | FileCheck %s
// RUN: ir-opt %s --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC

func.func @f(%lb: index, %ub: index, %st: index, %c: i1, %x: f32, %i: i32) -> f32 {
  %r = scf.for unsigned %iv = %lb to %ub step %st iter_args(%a = %x) -> (f32) {
    scf.yield %a : f32
  } {foo}
  scf.for %iv = %lb to %ub step %st {
  }
  %r2 = scf.if %c -> f32 {
    scf.yield %x : f32
  } else {
    scf.yield %x : f32
  }
  scf.if %c {
    %zz = arith.addi %i, %i : i32
  }
  %w = scf.while (%arg = %i) : (i32) -> i32 {
    scf.condition(%c) %arg : i32
  } do {
  ^bb0(%arg2: i32):
    scf.yield %arg2 : i32
  } attributes {bar}
  %p = scf.parallel (%i0, %j0) = (%lb, %lb) to (%ub, %ub) step (%st, %st) init (%x) -> f32 {
    scf.reduce(%x : f32) {
    ^bb0(%l: f32, %r1: f32):
      scf.reduce.return %l : f32
    }
  }
  scf.parallel (%i0) = (%lb) to (%ub) step (%st) {
  }
  %e = scf.execute_region -> f32 no_inline {
    scf.yield %x : f32
  }
  %s = scf.index_switch %lb -> f32
  case 2 {
    scf.yield %x : f32
  }
  case 5 {
    scf.yield %x : f32
  }
  default {
    scf.yield %x : f32
  }
  return %r : f32
}
func.func @more(%lb: i32, %ub: i32, %c: i1, %n: index) -> i32 {
  %r:2 = scf.for %iv = %lb to %ub step %lb iter_args(%a = %lb, %b = %ub) -> (i32, i32)  : i32 {
    %s = arith.addi %a, %iv : i32
    scf.yield %s, %b : i32, i32
  }
  scf.if %c {
  } else {
    %z = arith.addi %lb, %lb : i32
  }
  %e:2 = scf.execute_region -> (i32, i1) {
    cf.cond_br %c, ^bb1, ^bb2
  ^bb1:
    scf.yield %lb, %c : i32, i1
  ^bb2:
    scf.yield %ub, %c : i32, i1
  } {tag}
  scf.index_switch %n
  default {
  }
  scf.while : () -> () {
    scf.condition(%c)
  } do {
    scf.yield
  }
  return %r#0 : i32
}
func.func @forall(%t: tensor<8xf32>, %s: tensor<2xf32>, %n: index) -> tensor<8xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.forall (%i, %j) = (%c0, 0) to (%n, 4) step (%c1, 1) shared_outs(%o = %t) -> (tensor<8xf32>) {
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %s into %o[%i] [2] [1] : tensor<2xf32> into tensor<8xf32>
    }
  } {mapping = [#gpu.thread<x>, #gpu.thread<y>]}
  scf.forall (%i) in (%n) {
  }
  scf.forall (%i) = (1) to (%n) step (2) {
    %z = arith.addi %i, %i : index
  }
  %e = scf.forall (%i) in (4) shared_outs(%o = %t) -> tensor<8xf32> {
  }
  return %r : tensor<8xf32>
}

// GENERIC: "scf.forall"(%0, %arg2, %1, %arg0) <{mapping = [#gpu.thread<x>, #gpu.thread<y>], operandSegmentSizes = array<i32: 1, 1, 1, 1>, staticLowerBound = array<i64: -9223372036854775808, 0>, staticStep = array<i64: -9223372036854775808, 1>, staticUpperBound = array<i64: -9223372036854775808, 4>}> ({
// GENERIC: "scf.forall"(%arg2) <{operandSegmentSizes = array<i32: 0, 1, 0, 0>, staticLowerBound = array<i64: 0>, staticStep = array<i64: 1>, staticUpperBound = array<i64: -9223372036854775808>}> ({
// GENERIC-NEXT: ^bb0(%{{.*}}: index):
// GENERIC-NEXT: "scf.forall.in_parallel"() ({
// GENERIC-NEXT: ^bb0:
// GENERIC-NEXT: }) : () -> ()
// GENERIC-NEXT: }) : (index) -> ()

// CHECK: module {
// CHECK-LABEL: func.func @f(%arg0: index, %arg1: index, %arg2: index, %arg3: i1, %arg4: f32, %arg5: i32) -> f32 {
// CHECK-NEXT: %0 = scf.for unsigned %arg6 = %arg0 to %arg1 step %arg2 iter_args(%arg7 = %arg4) -> (f32) {
// CHECK-NEXT: scf.yield %arg7 : f32
// CHECK-NEXT: } {foo}
// CHECK-NEXT: scf.for %arg6 = %arg0 to %arg1 step %arg2 {
// CHECK-NEXT: }
// CHECK-NEXT: %1 = scf.if %arg3 -> (f32) {
// CHECK-NEXT: scf.yield %arg4 : f32
// CHECK-NEXT: } else {
// CHECK-NEXT: scf.yield %arg4 : f32
// CHECK-NEXT: }
// CHECK-NEXT: scf.if %arg3 {
// CHECK-NEXT: %6 = arith.addi %arg5, %arg5 : i32
// CHECK-NEXT: }
// CHECK-NEXT: %2 = scf.while (%arg6 = %arg5) : (i32) -> i32 {
// CHECK-NEXT: scf.condition(%arg3) %arg6 : i32
// CHECK-NEXT: } do {
// CHECK-NEXT: ^bb0(%arg6: i32):
// CHECK-NEXT: scf.yield %arg6 : i32
// CHECK-NEXT: } attributes {bar}
// CHECK-NEXT: %3 = scf.parallel (%arg6, %arg7) = (%arg0, %arg0) to (%arg1, %arg1) step (%arg2, %arg2) init (%arg4) -> f32 {
// CHECK-NEXT: scf.reduce(%arg4 : f32) {
// CHECK-NEXT: ^bb0(%arg8: f32, %arg9: f32):
// CHECK-NEXT: scf.reduce.return %arg8 : f32
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: scf.parallel (%arg6) = (%arg0) to (%arg1) step (%arg2) {
// CHECK-NEXT: scf.reduce
// CHECK-NEXT: }
// CHECK-NEXT: %4 = scf.execute_region -> f32 no_inline {
// CHECK-NEXT: scf.yield %arg4 : f32
// CHECK-NEXT: }
// CHECK-NEXT: %5 = scf.index_switch %arg0 -> f32
// CHECK-NEXT: case 2 {
// CHECK-NEXT: scf.yield %arg4 : f32
// CHECK-NEXT: }
// CHECK-NEXT: case 5 {
// CHECK-NEXT: scf.yield %arg4 : f32
// CHECK-NEXT: }
// CHECK-NEXT: default {
// CHECK-NEXT: scf.yield %arg4 : f32
// CHECK-NEXT: }
// CHECK-NEXT: return %0 : f32
// CHECK-NEXT: }
// CHECK-LABEL: func.func @more(%arg0: i32, %arg1: i32, %arg2: i1, %arg3: index) -> i32 {
// CHECK-NEXT: %0:2 = scf.for %arg4 = %arg0 to %arg1 step %arg0 iter_args(%arg5 = %arg0, %arg6 = %arg1) -> (i32, i32)  : i32 {
// CHECK-NEXT: %2 = arith.addi %arg5, %arg4 : i32
// CHECK-NEXT: scf.yield %2, %arg6 : i32, i32
// CHECK-NEXT: }
// CHECK-NEXT: scf.if %arg2 {
// CHECK-NEXT: } else {
// CHECK-NEXT: %2 = arith.addi %arg0, %arg0 : i32
// CHECK-NEXT: }
// CHECK-NEXT: %1:2 = scf.execute_region -> (i32, i1) {
// CHECK-NEXT: cf.cond_br %arg2, ^bb1, ^bb2
// CHECK-NEXT: ^bb1:  // pred: ^bb0
// CHECK-NEXT: scf.yield %arg0, %arg2 : i32, i1
// CHECK-NEXT: ^bb2:  // pred: ^bb0
// CHECK-NEXT: scf.yield %arg1, %arg2 : i32, i1
// CHECK-NEXT: } {tag}
// CHECK-NEXT: scf.index_switch %arg3
// CHECK-NEXT: default {
// CHECK-NEXT: }
// CHECK-NEXT: scf.while : () -> () {
// CHECK-NEXT: scf.condition(%arg2)
// CHECK-NEXT: } do {
// CHECK-NEXT: scf.yield
// CHECK-NEXT: }
// CHECK-NEXT: return %0#0 : i32
// CHECK-NEXT: }
// CHECK-LABEL: func.func @forall(%arg0: tensor<8xf32>, %arg1: tensor<2xf32>, %arg2: index) -> tensor<8xf32> {
// CHECK: %0 = scf.forall (%arg3, %arg4) in (%arg2, 4) shared_outs(%arg5 = %arg0) -> (tensor<8xf32>) {
// CHECK-NEXT: scf.forall.in_parallel {
// CHECK-NEXT: tensor.parallel_insert_slice %arg1 into %arg5[%arg3] [2] [1] : tensor<2xf32> into tensor<8xf32>
// CHECK-NEXT: }
// CHECK-NEXT: } {mapping = [#gpu.thread<x>, #gpu.thread<y>]}
// CHECK-NEXT: scf.forall (%arg3) in (%arg2) {
// CHECK-NEXT: }
// CHECK-NEXT: scf.forall (%arg3) = (1) to (%arg2) step (2) {
// CHECK-NEXT: %2 = arith.addi %arg3, %arg3 : index
// CHECK-NEXT: }
// CHECK-NEXT: %1 = scf.forall (%arg3) in (4) shared_outs(%arg4 = %arg0) -> (tensor<8xf32>) {
// CHECK-NEXT: scf.forall.in_parallel {
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: return %0 : tensor<8xf32>
// CHECK-NEXT: }
// CHECK-NEXT: }
