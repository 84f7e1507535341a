// --convert-scf-to-cf as MLIR 22: a partial conversion on the conversion driver in which the
// scf region ops are illegal; each is lowered to blocks and `cf` branches where it stands.
// Running it twice changes nothing the second time (there is nothing left to lower).
// RUN: ir-opt %s --allow-unregistered-dialect --split-input-file --convert-scf-to-cf | FileCheck %s
// RUN: ir-opt %s --allow-unregistered-dialect --split-input-file --convert-scf-to-cf --convert-scf-to-cf | FileCheck %s
// RUN: ir-opt %s --allow-unregistered-dialect --split-input-file --pass-pipeline='builtin.module(convert-scf-to-cf)' | FileCheck %s

// Loops carry their values through the header block's arguments; an scf.if with results
// joins in a block taking them, which branches on to the rest; the scf.if in the loop body is
// lowered after the loop (pre-order), in the blocks the loop's body became.
// CHECK-LABEL: func.func @for_if(%arg0: index, %arg1: index, %arg2: index, %arg3: i1, %arg4: i32) -> i32 {
// CHECK-NEXT: cf.br ^bb1(%arg0, %arg4 : index, i32)
// CHECK-NEXT: ^bb1(%0: index, %1: i32):  // 2 preds: ^bb0, ^bb6
// CHECK-NEXT: %2 = arith.cmpi slt, %0, %arg1 : index
// CHECK-NEXT: cf.cond_br %2, ^bb2, ^bb7
// CHECK-NEXT: ^bb2:  // pred: ^bb1
// CHECK-NEXT: cf.cond_br %arg3, ^bb3, ^bb4
// CHECK-NEXT: ^bb3:  // pred: ^bb2
// CHECK-NEXT: %3 = arith.addi %1, %1 : i32
// CHECK-NEXT: cf.br ^bb5(%3 : i32)
// CHECK-NEXT: ^bb4:  // pred: ^bb2
// CHECK-NEXT: cf.br ^bb5(%1 : i32)
// CHECK-NEXT: ^bb5(%4: i32):  // 2 preds: ^bb3, ^bb4
// CHECK-NEXT: cf.br ^bb6
// CHECK-NEXT: ^bb6:  // pred: ^bb5
// CHECK-NEXT: %5 = arith.addi %0, %arg2 : index
// CHECK-NEXT: cf.br ^bb1(%5, %4 : index, i32)
// CHECK-NEXT: ^bb7:  // pred: ^bb1
// CHECK-NEXT: return %1 : i32
// CHECK-NEXT: }
func.func @for_if(%lb: index, %ub: index, %step: index, %c: i1, %x: i32) -> i32 {
  %r = scf.for %i = %lb to %ub step %step iter_args(%acc = %x) -> i32 {
    %y = scf.if %c -> i32 {
      %z = arith.addi %acc, %acc : i32
      scf.yield %z : i32
    } else {
      scf.yield %acc : i32
    }
    scf.yield %y : i32
  }
  return %r : i32
}

// -----

// Unsigned loops compare with `ult`; integer induction variables keep their type; the loop's
// LLVM dialect attributes go to the back edge, others are dropped. An scf.if without results
// or else region branches straight to the rest of its block.
// CHECK-LABEL: func.func @unsigned(%arg0: i32, %arg1: i32, %arg2: i32, %arg3: i1) {
// CHECK-NEXT: cf.br ^bb1(%arg0 : i32)
// CHECK-NEXT: ^bb1(%0: i32):  // 2 preds: ^bb0, ^bb4
// CHECK-NEXT: %1 = arith.cmpi ult, %0, %arg1 : i32
// CHECK-NEXT: cf.cond_br %1, ^bb2, ^bb5
// CHECK-NEXT: ^bb2:  // pred: ^bb1
// CHECK-NEXT: cf.cond_br %arg3, ^bb3, ^bb4
// CHECK-NEXT: ^bb3:  // pred: ^bb2
// CHECK-NEXT: "test.use"(%0) : (i32) -> ()
// CHECK-NEXT: cf.br ^bb4
// CHECK-NEXT: ^bb4:  // 2 preds: ^bb2, ^bb3
// CHECK-NEXT: %2 = arith.addi %0, %arg2 : i32
// CHECK-NEXT: cf.br ^bb1(%2 : i32) {llvm.foo = #llvm.linkage<internal>}
// CHECK-NEXT: ^bb5:  // pred: ^bb1
// CHECK-NEXT: return
// CHECK-NEXT: }
func.func @unsigned(%lb: i32, %ub: i32, %step: i32, %c: i1) {
  scf.for unsigned %i = %lb to %ub step %step : i32 {
    scf.if %c {
      "test.use"(%i) : (i32) -> ()
    }
  } {llvm.foo = #llvm.linkage<internal>, other = 1 : i32}
  return
}

// -----

// scf.while: the before region loops through the after region; a while whose after region
// only forwards its arguments (a do-while) loops onto the before region itself.
// CHECK-LABEL: func.func @while(%arg0: i32, %arg1: i32) -> (i32, i32) {
// CHECK-NEXT: cf.br ^bb1(%arg0, %arg1 : i32, i32)
// CHECK-NEXT: ^bb1(%0: i32, %1: i32):  // 2 preds: ^bb0, ^bb2
// CHECK-NEXT: %2 = arith.cmpi slt, %0, %1 : i32
// CHECK-NEXT: cf.cond_br %2, ^bb2(%0, %1 : i32, i32), ^bb3
// CHECK-NEXT: ^bb2(%3: i32, %4: i32):  // pred: ^bb1
// CHECK-NEXT: %5 = arith.addi %3, %4 : i32
// CHECK-NEXT: cf.br ^bb1(%5, %4 : i32, i32)
// CHECK-NEXT: ^bb3:  // pred: ^bb1
// CHECK-NEXT: cf.br ^bb4(%0 : i32)
// CHECK-NEXT: ^bb4(%6: i32):  // 2 preds: ^bb3, ^bb4
// CHECK-NEXT: %7 = "test.cond"(%6) : (i32) -> i1
// CHECK-NEXT: cf.cond_br %7, ^bb4(%6 : i32), ^bb5
// CHECK-NEXT: ^bb5:  // pred: ^bb4
// CHECK-NEXT: return %1, %6 : i32, i32
// CHECK-NEXT: }
func.func @while(%x: i32, %y: i32) -> (i32, i32) {
  %w:2 = scf.while (%a = %x, %b = %y) : (i32, i32) -> (i32, i32) {
    %cond = arith.cmpi slt, %a, %b : i32
    scf.condition(%cond) %a, %b : i32, i32
  } do {
  ^bb0(%a: i32, %b: i32):
    %n = arith.addi %a, %b : i32
    scf.yield %n, %b : i32, i32
  }
  %d = scf.while (%a = %w#0) : (i32) -> i32 {
    %cond = "test.cond"(%a) : (i32) -> i1
    scf.condition(%cond) %a : i32
  } do {
  ^bb0(%a: i32):
    scf.yield %a : i32
  }
  return %w#1, %d : i32, i32
}

// -----

// scf.execute_region: a branch into its blocks, each yield a branch out with the results;
// scf.index_switch: `cf.switch` on the index cast to i32 (case values truncated to 32 bits),
// cases before the default.
// CHECK-LABEL: func.func @region_and_switch(%arg0: index, %arg1: i32) -> i32 {
// CHECK-NEXT: cf.br ^bb1
// CHECK-NEXT: ^bb1:  // pred: ^bb0
// CHECK-NEXT: %0 = "test.cond"() : () -> i1
// CHECK-NEXT: cf.cond_br %0, ^bb2, ^bb3
// CHECK-NEXT: ^bb2:  // pred: ^bb1
// CHECK-NEXT: cf.br ^bb4(%arg1 : i32)
// CHECK-NEXT: ^bb3:  // pred: ^bb1
// CHECK-NEXT: %1 = "test.y"() : () -> i32
// CHECK-NEXT: cf.br ^bb4(%1 : i32)
// CHECK-NEXT: ^bb4(%2: i32):  // 2 preds: ^bb2, ^bb3
// CHECK-NEXT: %3 = arith.index_cast %arg0 : index to i32
// CHECK-NEXT: cf.switch %3 : i32, [
// CHECK-NEXT: default: ^bb7,
// CHECK-NEXT: 2: ^bb5,
// CHECK-NEXT: 2: ^bb6
// CHECK-NEXT: ]
// CHECK-NEXT: ^bb5:  // pred: ^bb4
// CHECK-NEXT: cf.br ^bb8(%2 : i32)
// CHECK-NEXT: ^bb6:  // pred: ^bb4
// CHECK-NEXT: %4 = "test.z"() : () -> i32
// CHECK-NEXT: cf.br ^bb8(%4 : i32)
// CHECK-NEXT: ^bb7:  // pred: ^bb4
// CHECK-NEXT: cf.br ^bb8(%arg1 : i32)
// CHECK-NEXT: ^bb8(%5: i32):  // 3 preds: ^bb5, ^bb6, ^bb7
// CHECK-NEXT: %6 = arith.index_cast %arg0 : index to i32
// CHECK-NEXT: cf.switch %6 : i32, [
// CHECK-NEXT: default: ^bb9]
// CHECK-NEXT: ^bb9:  // pred: ^bb8
// CHECK-NEXT: "test.default"() : () -> ()
// CHECK-NEXT: cf.br ^bb10
// CHECK-NEXT: ^bb10:  // pred: ^bb9
// CHECK-NEXT: return %5 : i32
// CHECK-NEXT: }
func.func @region_and_switch(%i: index, %x: i32) -> i32 {
  %e = scf.execute_region -> i32 {
    %c = "test.cond"() : () -> i1
    cf.cond_br %c, ^a, ^b
  ^a:
    scf.yield %x : i32
  ^b:
    %y = "test.y"() : () -> i32
    scf.yield %y : i32
  }
  %s = scf.index_switch %i -> i32
  case 2 {
    scf.yield %e : i32
  }
  case 4294967298 {
    %z = "test.z"() : () -> i32
    scf.yield %z : i32
  }
  default {
    scf.yield %x : i32
  }
  scf.index_switch %i
  default {
    "test.default"() : () -> ()
    scf.yield
  }
  return %s : i32
}

// -----

// scf.parallel becomes a nest of scf.for (lowered in turn), its reductions folded into the
// innermost body; scf.forall without shared outputs becomes an scf.parallel first (its static
// bounds constants, lower bounds, upper bounds, then steps).
// CHECK-LABEL: func.func @parallel(%arg0: index, %arg1: index, %arg2: index, %arg3: memref<?x?xf32>) -> (f32, i32) {
// CHECK-NEXT: %cst = arith.constant 0.000000e+00 : f32
// CHECK-NEXT: %c1_i32 = arith.constant 1 : i32
// CHECK-NEXT: cf.br ^bb1(%arg0, %cst, %c1_i32 : index, f32, i32)
// CHECK-NEXT: ^bb1(%0: index, %1: f32, %2: i32):  // 2 preds: ^bb0, ^bb5
// CHECK-NEXT: %3 = arith.cmpi slt, %0, %arg1 : index
// CHECK-NEXT: cf.cond_br %3, ^bb2, ^bb6
// CHECK-NEXT: ^bb2:  // pred: ^bb1
// CHECK-NEXT: cf.br ^bb3(%arg0, %1, %2 : index, f32, i32)
// CHECK-NEXT: ^bb3(%4: index, %5: f32, %6: i32):  // 2 preds: ^bb2, ^bb4
// CHECK-NEXT: %7 = arith.cmpi slt, %4, %arg1 : index
// CHECK-NEXT: cf.cond_br %7, ^bb4, ^bb5
// CHECK-NEXT: ^bb4:  // pred: ^bb3
// CHECK-NEXT: %8 = memref.load %arg3[%0, %4] : memref<?x?xf32>
// CHECK-NEXT: %9 = arith.fptosi %8 : f32 to i32
// CHECK-NEXT: %10 = arith.addf %5, %8 : f32
// CHECK-NEXT: %11 = arith.muli %6, %9 : i32
// CHECK-NEXT: %12 = arith.addi %4, %arg2 : index
// CHECK-NEXT: cf.br ^bb3(%12, %10, %11 : index, f32, i32)
// CHECK-NEXT: ^bb5:  // pred: ^bb3
// CHECK-NEXT: %13 = arith.addi %0, %arg2 : index
// CHECK-NEXT: cf.br ^bb1(%13, %5, %6 : index, f32, i32)
// CHECK-NEXT: ^bb6:  // pred: ^bb1
// CHECK-NEXT: %c1 = arith.constant 1 : index
// CHECK-NEXT: %c8 = arith.constant 8 : index
// CHECK-NEXT: %c2 = arith.constant 2 : index
// CHECK-NEXT: %c3 = arith.constant 3 : index
// CHECK-NEXT: cf.br ^bb7(%c1 : index)
// CHECK-NEXT: ^bb7(%14: index):  // 2 preds: ^bb6, ^bb11
// CHECK-NEXT: %15 = arith.cmpi slt, %14, %c8 : index
// CHECK-NEXT: cf.cond_br %15, ^bb8, ^bb12
// CHECK-NEXT: ^bb8:  // pred: ^bb7
// CHECK-NEXT: cf.br ^bb9(%arg0 : index)
// CHECK-NEXT: ^bb9(%16: index):  // 2 preds: ^bb8, ^bb10
// CHECK-NEXT: %17 = arith.cmpi slt, %16, %arg1 : index
// CHECK-NEXT: cf.cond_br %17, ^bb10, ^bb11
// CHECK-NEXT: ^bb10:  // pred: ^bb9
// CHECK-NEXT: "test.use"(%14, %16) : (index, index) -> ()
// CHECK-NEXT: %18 = arith.addi %16, %c3 : index
// CHECK-NEXT: cf.br ^bb9(%18 : index)
// CHECK-NEXT: ^bb11:  // pred: ^bb9
// CHECK-NEXT: %19 = arith.addi %14, %c2 : index
// CHECK-NEXT: cf.br ^bb7(%19 : index)
// CHECK-NEXT: ^bb12:  // pred: ^bb7
// CHECK-NEXT: return %1, %2 : f32, i32
// CHECK-NEXT: }
func.func @parallel(%lb: index, %ub: index, %step: index, %m: memref<?x?xf32>) -> (f32, i32) {
  %zero = arith.constant 0.0 : f32
  %one = arith.constant 1 : i32
  %r:2 = scf.parallel (%i, %j) = (%lb, %lb) to (%ub, %ub) step (%step, %step) init (%zero, %one) -> (f32, i32) {
    %v = memref.load %m[%i, %j] : memref<?x?xf32>
    %w = arith.fptosi %v : f32 to i32
    scf.reduce(%v, %w : f32, i32) {
    ^bb0(%a: f32, %b: f32):
      %s = arith.addf %a, %b : f32
      scf.reduce.return %s : f32
    }, {
    ^bb0(%a: i32, %b: i32):
      %s = arith.muli %a, %b : i32
      scf.reduce.return %s : i32
    }
  }
  scf.forall (%i, %j) = (1, %lb) to (8, %ub) step (2, 3) {
    "test.use"(%i, %j) : (index, index) -> ()
  }
  return %r#0, %r#1 : f32, i32
}

// -----

// An scf.if on a negated condition is folded first (branches swapped), as the driver folds
// illegal ops before trying patterns. Ops in regions of other ops and nested modules are
// lowered in place; ops in unreachable blocks are left alone.
// CHECK-LABEL: func.func @fold_nested(%arg0: i1, %arg1: i32, %arg2: i32) -> i32 {
// CHECK-NEXT: %true = arith.constant true
// CHECK-NEXT: %0 = arith.xori %arg0, %true : i1
// CHECK-NEXT: cf.cond_br %arg0, ^bb1, ^bb2
// CHECK-NEXT: ^bb1:  // pred: ^bb0
// CHECK-NEXT: cf.br ^bb3(%arg2 : i32)
// CHECK-NEXT: ^bb2:  // pred: ^bb0
// CHECK-NEXT: cf.br ^bb3(%arg1 : i32)
// CHECK-NEXT: ^bb3(%1: i32):  // 2 preds: ^bb1, ^bb2
// CHECK-NEXT: cf.br ^bb4
// CHECK-NEXT: ^bb4:  // pred: ^bb3
// CHECK-NEXT: "test.wrap"() ({
// CHECK-NEXT: cf.cond_br %arg0, ^bb1, ^bb2
// CHECK-NEXT: ^bb1:  // pred: ^bb0
// CHECK-NEXT: "test.x"() : () -> ()
// CHECK-NEXT: cf.br ^bb2
// CHECK-NEXT: ^bb2:  // 2 preds: ^bb0, ^bb1
// CHECK-NEXT: "test.end"() : () -> ()
// CHECK-NEXT: }) : () -> ()
// CHECK-NEXT: cf.br ^bb6
// CHECK-NEXT: ^bb5:  // no predecessors
// CHECK-NEXT: scf.if %arg0 {
// CHECK-NEXT: "test.dead"() : () -> ()
// CHECK-NEXT: }
// CHECK-NEXT: cf.br ^bb6
// CHECK-NEXT: ^bb6:  // 2 preds: ^bb4, ^bb5
// CHECK-NEXT: return %1 : i32
// CHECK-NEXT: }
// CHECK-NEXT: module @inner {
// CHECK-LABEL: func.func @g(%arg0: i1) {
// CHECK-NEXT: cf.cond_br %arg0, ^bb1, ^bb2
// CHECK-NEXT: ^bb1:  // pred: ^bb0
// CHECK-NEXT: "test.y"() : () -> ()
// CHECK-NEXT: cf.br ^bb2
// CHECK-NEXT: ^bb2:  // 2 preds: ^bb0, ^bb1
// CHECK-NEXT: return
// CHECK-NEXT: }
// CHECK-NEXT: }
func.func @fold_nested(%c: i1, %a: i32, %b: i32) -> i32 {
  %t = arith.constant true
  %n = arith.xori %c, %t : i1
  %r = scf.if %n -> i32 {
    scf.yield %a : i32
  } else {
    scf.yield %b : i32
  }
  "test.wrap"() ({
    scf.if %c {
      "test.x"() : () -> ()
    }
    "test.end"() : () -> ()
  }) : () -> ()
  cf.br ^exit
^dead:
  scf.if %c {
    "test.dead"() : () -> ()
  }
  cf.br ^exit
^exit:
  return %r : i32
}
module @inner {
  func.func @g(%c: i1) {
    scf.if %c {
      "test.y"() : () -> ()
    }
    return
  }
}
