// Canonicalization of cf: branches on constants, pass-through blocks (not around cycles),
// identical successors (merged with arith.select), a condition known from the single
// predecessor, truth propagation, true asserts, weights kept on rewritten conditional branches;
// cf.switch with only a default, on a constant, with cases going where the default goes, with
// pass-through successors or below a switch on the same flag; blocks with a single predecessor
// merge into it; unreachable blocks and dead block arguments (with the branch operands feeding
// them) go. Idempotent.
// RUN: ir-opt %s --canonicalize --allow-unregistered-dialect | FileCheck %s
// RUN: ir-opt %s --canonicalize --canonicalize --allow-unregistered-dialect | FileCheck %s

// CHECK-LABEL: func.func @const_cond(%arg0: i32, %arg1: i32) -> i32 {
// CHECK-NEXT: return %arg0 : i32
// CHECK-NEXT: }
func.func @const_cond(%x: i32, %y: i32) -> i32 {
  %true = arith.constant true
  cf.cond_br %true, ^a(%x : i32), ^b(%y : i32)
^a(%p: i32):
  return %p : i32
^b(%q: i32):
  return %q : i32
}

// CHECK-LABEL: func.func @pass_through(%arg0: i1, %arg1: i32, %arg2: i32) -> i32 {
// CHECK-NEXT: %0 = arith.select %arg0, %arg1, %arg2 : i32
// CHECK-NEXT: "u.use"(%0) : (i32) -> ()
// CHECK-NEXT: return %0 : i32
// CHECK-NEXT: }
func.func @pass_through(%c: i1, %x: i32, %y: i32) -> i32 {
  cf.cond_br %c, ^a(%x : i32), ^b
^a(%p: i32):
  cf.br ^c(%p : i32)
^b:
  cf.br ^c(%y : i32)
^c(%r: i32):
  "u.use"(%r) : (i32) -> ()
  cf.br ^d
^d:
  return %r : i32
}

// CHECK-LABEL: func.func @identical(%arg0: i1, %arg1: i32, %arg2: i32) -> i32 {
// CHECK-NEXT: %0 = arith.select %arg0, %arg1, %arg2 : i32
// CHECK-NEXT: return %0 : i32
// CHECK-NEXT: }
func.func @identical(%c: i1, %x: i32, %y: i32) -> i32 {
  cf.cond_br %c, ^a(%x : i32), ^a(%y : i32)
^a(%p: i32):
  return %p : i32
}

// CHECK-LABEL: func.func @same_cond(%arg0: i1, %arg1: i32) -> i32 {
// CHECK-NEXT: cf.cond_br %arg0, ^bb1, ^bb2
// CHECK-NEXT: ^bb1:  // pred: ^bb0
// CHECK-NEXT: "u.a"() : () -> ()
// CHECK-NEXT: "u.c"() : () -> ()
// CHECK-NEXT: return %arg1 : i32
// CHECK-NEXT: ^bb2:  // pred: ^bb0
// CHECK-NEXT: "u.b"() : () -> ()
// CHECK-NEXT: "u.d"() : () -> ()
// CHECK-NEXT: return %arg1 : i32
// CHECK-NEXT: }
func.func @same_cond(%c: i1, %x: i32) -> i32 {
  cf.cond_br %c, ^a, ^b
^a:
  "u.a"() : () -> ()
  cf.cond_br %c, ^c, ^d
^b:
  "u.b"() : () -> ()
  cf.br ^d
^c:
  "u.c"() : () -> ()
  return %x : i32
^d:
  "u.d"() : () -> ()
  return %x : i32
}

// CHECK-LABEL: func.func @truth(%arg0: i1) -> i1 {
// CHECK-NEXT: %true = arith.constant true
// CHECK-NEXT: %false = arith.constant false
// CHECK-NEXT: cf.cond_br %arg0, ^bb1, ^bb2
// CHECK-NEXT: ^bb1:  // pred: ^bb0
// CHECK-NEXT: "u.a"(%true) : (i1) -> ()
// CHECK-NEXT: return %true : i1
// CHECK-NEXT: ^bb2:  // pred: ^bb0
// CHECK-NEXT: "u.b"(%false) : (i1) -> ()
// CHECK-NEXT: return %false : i1
// CHECK-NEXT: }
func.func @truth(%c: i1) -> i1 {
  cf.cond_br %c, ^a, ^b
^a:
  "u.a"(%c) : (i1) -> ()
  return %c : i1
^b:
  "u.b"(%c) : (i1) -> ()
  return %c : i1
}

// CHECK-LABEL: func.func @assert(%arg0: i32) {
// CHECK-NEXT: return
// CHECK-NEXT: }
func.func @assert(%x: i32) {
  %t = arith.constant true
  cf.assert %t, "ok"
  return
}

// CHECK-LABEL: func.func @loop(%arg0: i32) -> i32 {
// CHECK-NEXT: %c0_i32 = arith.constant 0 : i32
// CHECK-NEXT: %c1_i32 = arith.constant 1 : i32
// CHECK-NEXT: cf.br ^bb1(%c0_i32, %c0_i32 : i32, i32)
// CHECK-NEXT: ^bb1(%0: i32, %1: i32):  // 2 preds: ^bb0, ^bb2
// CHECK-NEXT: %2 = arith.cmpi slt, %0, %arg0 : i32
// CHECK-NEXT: cf.cond_br %2, ^bb2, ^bb3
// CHECK-NEXT: ^bb2:  // pred: ^bb1
// CHECK-NEXT: %3 = arith.addi %1, %0 : i32
// CHECK-NEXT: %4 = arith.addi %0, %c1_i32 : i32
// CHECK-NEXT: cf.br ^bb1(%4, %3 : i32, i32)
// CHECK-NEXT: ^bb3:  // pred: ^bb1
// CHECK-NEXT: return %1 : i32
// CHECK-NEXT: }
func.func @loop(%n: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  cf.br ^h(%c0, %c0 : i32, i32)
^h(%i: i32, %acc: i32):
  %cmp = arith.cmpi slt, %i, %n : i32
  cf.cond_br %cmp, ^body, ^exit
^body:
  %a = arith.addi %acc, %i : i32
  %i2 = arith.addi %i, %c1 : i32
  cf.br ^h(%i2, %a : i32, i32)
^exit:
  return %acc : i32
}

// CHECK-LABEL: func.func @dead_arg(%arg0: i32) -> i32 {
// CHECK-NEXT: %c0_i32 = arith.constant 0 : i32
// CHECK-NEXT: %c1_i32 = arith.constant 1 : i32
// CHECK-NEXT: cf.br ^bb1(%c0_i32 : i32)
// CHECK-NEXT: ^bb1(%0: i32):  // 2 preds: ^bb0, ^bb1
// CHECK-NEXT: %1 = arith.cmpi slt, %0, %arg0 : i32
// CHECK-NEXT: %2 = arith.addi %0, %c1_i32 : i32
// CHECK-NEXT: cf.cond_br %1, ^bb1(%2 : i32), ^bb2
// CHECK-NEXT: ^bb2:  // pred: ^bb1
// CHECK-NEXT: return %0 : i32
// CHECK-NEXT: }
func.func @dead_arg(%n: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  cf.br ^h(%c0, %c0 : i32, i32)
^h(%i: i32, %unused: i32):
  %cmp = arith.cmpi slt, %i, %n : i32
  %u2 = arith.addi %unused, %c1 : i32
  %i2 = arith.addi %i, %c1 : i32
  cf.cond_br %cmp, ^h(%i2, %u2 : i32, i32), ^exit
^exit:
  return %i : i32
}

// CHECK-LABEL: func.func @switch_only_default(%arg0: i32, %arg1: f32) {
// CHECK-NEXT: "u.pred"()[^bb1, ^bb2] : () -> ()
// CHECK-NEXT: ^bb1:  // pred: ^bb0
// CHECK-NEXT: cf.br ^bb2(%arg1 : f32)
// CHECK-NEXT: ^bb2(%0: f32):  // 2 preds: ^bb0, ^bb1
// CHECK-NEXT: "u.term"(%0) : (f32) -> ()
// CHECK-NEXT: }
func.func @switch_only_default(%flag: i32, %x: f32) {
  "u.pred"() [^bb1, ^bb2] : () -> ()
^bb1:
  cf.switch %flag : i32, [
    default: ^bb2(%x : f32)
  ]
^bb2(%a: f32):
  "u.term"(%a) : (f32) -> ()
}

// CHECK-LABEL: func.func @switch_matching_default(%arg0: i32, %arg1: f32, %arg2: f32) {
// CHECK-NEXT: "u.pred"()[^bb1, ^bb2, ^bb3] : () -> ()
// CHECK-NEXT: ^bb1:  // pred: ^bb0
// CHECK-NEXT: cf.switch %arg0 : i32, [
// CHECK-NEXT: default: ^bb2(%arg1 : f32),
// CHECK-NEXT: 10: ^bb3(%arg2 : f32)
// CHECK-NEXT: ]
// CHECK-NEXT: ^bb2(%0: f32):  // 2 preds: ^bb0, ^bb1
// CHECK-NEXT: "u.t2"(%0) : (f32) -> ()
// CHECK-NEXT: ^bb3(%1: f32):  // 2 preds: ^bb0, ^bb1
// CHECK-NEXT: "u.t3"(%1) : (f32) -> ()
// CHECK-NEXT: }
func.func @switch_matching_default(%flag: i32, %x: f32, %y: f32) {
  "u.pred"() [^bb1, ^bb2, ^bb3] : () -> ()
^bb1:
  cf.switch %flag : i32, [
    default: ^bb2(%x : f32),
    42: ^bb2(%x : f32),
    10: ^bb3(%y : f32),
    17: ^bb2(%x : f32)
  ]
^bb2(%a: f32):
  "u.t2"(%a) : (f32) -> ()
^bb3(%b: f32):
  "u.t3"(%b) : (f32) -> ()
}

// CHECK-LABEL: func.func @switch_const(%arg0: f32, %arg1: f32, %arg2: f32) {
// CHECK-NEXT: "u.pred"()[^bb1, ^bb2, ^bb3, ^bb4] : () -> ()
// CHECK-NEXT: ^bb1:  // pred: ^bb0
// CHECK-NEXT: cf.br ^bb4(%arg2 : f32)
// CHECK-NEXT: ^bb2(%0: f32):  // pred: ^bb0
// CHECK-NEXT: "u.t2"(%0) : (f32) -> ()
// CHECK-NEXT: ^bb3(%1: f32):  // pred: ^bb0
// CHECK-NEXT: "u.t3"(%1) : (f32) -> ()
// CHECK-NEXT: ^bb4(%2: f32):  // 2 preds: ^bb0, ^bb1
// CHECK-NEXT: "u.t4"(%2) : (f32) -> ()
// CHECK-NEXT: }
func.func @switch_const(%x: f32, %y: f32, %z: f32) {
  "u.pred"() [^bb1, ^bb2, ^bb3, ^bb4] : () -> ()
^bb1:
  %c1 = arith.constant 1 : i32
  cf.switch %c1 : i32, [
    default: ^bb2(%x : f32),
    -1: ^bb3(%y : f32),
    1: ^bb4(%z : f32)
  ]
^bb2(%a: f32):
  "u.t2"(%a) : (f32) -> ()
^bb3(%b: f32):
  "u.t3"(%b) : (f32) -> ()
^bb4(%c: f32):
  "u.t4"(%c) : (f32) -> ()
}

// CHECK-LABEL: func.func @switch_passthrough(%arg0: i32, %arg1: f32, %arg2: f32, %arg3: f32) {
// CHECK-NEXT: "u.pred"()[^bb1, ^bb2, ^bb3, ^bb4, ^bb5, ^bb6] : () -> ()
// CHECK-NEXT: ^bb1:  // pred: ^bb0
// CHECK-NEXT: cf.switch %arg0 : i32, [
// CHECK-NEXT: default: ^bb5(%arg1 : f32),
// CHECK-NEXT: 43: ^bb6(%arg2 : f32),
// CHECK-NEXT: 44: ^bb4(%arg3 : f32)
// CHECK-NEXT: ]
// CHECK-NEXT: ^bb2(%0: f32):  // pred: ^bb0
// CHECK-NEXT: cf.br ^bb5(%0 : f32)
// CHECK-NEXT: ^bb3(%1: f32):  // pred: ^bb0
// CHECK-NEXT: cf.br ^bb6(%1 : f32)
// CHECK-NEXT: ^bb4(%2: f32):  // 2 preds: ^bb0, ^bb1
// CHECK-NEXT: "u.t4"(%2) : (f32) -> ()
// CHECK-NEXT: ^bb5(%3: f32):  // 3 preds: ^bb0, ^bb1, ^bb2
// CHECK-NEXT: "u.t5"(%3) : (f32) -> ()
// CHECK-NEXT: ^bb6(%4: f32):  // 3 preds: ^bb0, ^bb1, ^bb3
// CHECK-NEXT: "u.t6"(%4) : (f32) -> ()
// CHECK-NEXT: }
func.func @switch_passthrough(%flag: i32, %x: f32, %y: f32, %z: f32) {
  "u.pred"() [^bb1, ^bb2, ^bb3, ^bb4, ^bb5, ^bb6] : () -> ()
^bb1:
  cf.switch %flag : i32, [
    default: ^bb2(%x : f32),
    43: ^bb3(%y : f32),
    44: ^bb4(%z : f32)
  ]
^bb2(%a: f32):
  cf.br ^bb5(%a : f32)
^bb3(%b: f32):
  cf.br ^bb6(%b : f32)
^bb4(%c: f32):
  "u.t4"(%c) : (f32) -> ()
^bb5(%d: f32):
  "u.t5"(%d) : (f32) -> ()
^bb6(%e: f32):
  "u.t6"(%e) : (f32) -> ()
}

// CHECK-LABEL: func.func @switch_same_flag(%arg0: i32, %arg1: f32, %arg2: f32, %arg3: f32) {
// CHECK-NEXT: "u.pred"()[^bb1, ^bb2, ^bb4, ^bb5, ^bb6] : () -> ()
// CHECK-NEXT: ^bb1:  // pred: ^bb0
// CHECK-NEXT: cf.switch %arg0 : i32, [
// CHECK-NEXT: default: ^bb3,
// CHECK-NEXT: 42: ^bb2
// CHECK-NEXT: ]
// CHECK-NEXT: ^bb2:  // 2 preds: ^bb0, ^bb1
// CHECK-NEXT: "u.t2"() : () -> ()
// CHECK-NEXT: ^bb3:  // pred: ^bb1
// CHECK-NEXT: "u.op"() : () -> ()
// CHECK-NEXT: cf.switch %arg0 : i32, [
// CHECK-NEXT: default: ^bb4(%arg1 : f32),
// CHECK-NEXT: 43: ^bb6(%arg3 : f32)
// CHECK-NEXT: ]
// CHECK-NEXT: ^bb4(%0: f32):  // 2 preds: ^bb0, ^bb3
// CHECK-NEXT: "u.t4"(%0) : (f32) -> ()
// CHECK-NEXT: ^bb5(%1: f32):  // pred: ^bb0
// CHECK-NEXT: "u.t5"(%1) : (f32) -> ()
// CHECK-NEXT: ^bb6(%2: f32):  // 2 preds: ^bb0, ^bb3
// CHECK-NEXT: "u.t6"(%2) : (f32) -> ()
// CHECK-NEXT: }
func.func @switch_same_flag(%flag: i32, %x: f32, %y: f32, %z: f32) {
  "u.pred"() [^bb1, ^bb2, ^bb4, ^bb5, ^bb6] : () -> ()
^bb1:
  cf.switch %flag : i32, [
    default: ^bb3,
    42: ^bb2
  ]
^bb2:
  "u.t2"() : () -> ()
^bb3:
  "u.op"() : () -> ()
  cf.switch %flag : i32, [
    default: ^bb4(%x : f32),
    42: ^bb5(%y : f32),
    43: ^bb6(%z : f32)
  ]
^bb4(%a: f32):
  "u.t4"(%a) : (f32) -> ()
^bb5(%b: f32):
  "u.t5"(%b) : (f32) -> ()
^bb6(%c: f32):
  "u.t6"(%c) : (f32) -> ()
}

// CHECK-LABEL: func.func @switch_same_flag_case(%arg0: i32, %arg1: f32, %arg2: f32) {
// CHECK-NEXT: "u.pred"()[^bb1, ^bb2, ^bb4, ^bb5] : () -> ()
// CHECK-NEXT: ^bb1:  // pred: ^bb0
// CHECK-NEXT: cf.switch %arg0 : i32, [
// CHECK-NEXT: default: ^bb2,
// CHECK-NEXT: 42: ^bb3
// CHECK-NEXT: ]
// CHECK-NEXT: ^bb2:  // 2 preds: ^bb0, ^bb1
// CHECK-NEXT: "u.t2"() : () -> ()
// CHECK-NEXT: ^bb3:  // pred: ^bb1
// CHECK-NEXT: "u.op"() : () -> ()
// CHECK-NEXT: cf.br ^bb5(%arg2 : f32)
// CHECK-NEXT: ^bb4(%0: f32):  // pred: ^bb0
// CHECK-NEXT: "u.t4"(%0) : (f32) -> ()
// CHECK-NEXT: ^bb5(%1: f32):  // 2 preds: ^bb0, ^bb3
// CHECK-NEXT: "u.t5"(%1) : (f32) -> ()
// CHECK-NEXT: }
func.func @switch_same_flag_case(%flag: i32, %x: f32, %y: f32) {
  "u.pred"() [^bb1, ^bb2, ^bb4, ^bb5] : () -> ()
^bb1:
  cf.switch %flag : i32, [
    default: ^bb2,
    42: ^bb3
  ]
^bb2:
  "u.t2"() : () -> ()
^bb3:
  "u.op"() : () -> ()
  cf.switch %flag : i32, [
    default: ^bb4(%x : f32),
    42: ^bb5(%y : f32)
  ]
^bb4(%a: f32):
  "u.t4"(%a) : (f32) -> ()
^bb5(%b: f32):
  "u.t5"(%b) : (f32) -> ()
}

// CHECK-LABEL: func.func @weights(%arg0: i32, %arg1: i32, %arg2: i1) -> i32 {
// CHECK-NEXT: cf.cond_br %arg2 weights([30, 70]), ^bb1, ^bb2
// CHECK-NEXT: ^bb1:  // pred: ^bb0
// CHECK-NEXT: return %arg0 : i32
// CHECK-NEXT: ^bb2:  // pred: ^bb0
// CHECK-NEXT: return %arg1 : i32
// CHECK-NEXT: }
func.func @weights(%x: i32, %y: i32, %c: i1) -> i32 {
  cf.cond_br %c weights([30, 70]), ^bb1, ^bb3
^bb1:
  cf.br ^bb2
^bb3:
  cf.br ^bb4
^bb2:
  return %x : i32
^bb4:
  return %y : i32
}

// CHECK-LABEL: func.func @cycle() {
// CHECK-NEXT: cf.br ^bb1
// CHECK-NEXT: ^bb1:  // 2 preds: ^bb0, ^bb1
// CHECK-NEXT: cf.br ^bb1
// CHECK-NEXT: }
func.func @cycle() {
  cf.br ^bb1
^bb1:
  cf.br ^bb2
^bb2:
  cf.br ^bb1
}

// CHECK-LABEL: func.func @cycle4() {
// CHECK-NEXT: cf.br ^bb1
// CHECK-NEXT: ^bb1:  // 2 preds: ^bb0, ^bb1
// CHECK-NEXT: cf.br ^bb1
// CHECK-NEXT: }
func.func @cycle4() {
  cf.br ^bb1
^bb1:
  cf.br ^bb2
^bb2:
  cf.br ^bb3
^bb3:
  cf.br ^bb4
^bb4:
  cf.br ^bb1
}
