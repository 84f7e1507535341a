// Canonicalization of cf: branches on constants, pass-through blocks, identical successors
// (merged with arith.select), a condition known from the single predecessor, truth propagation,
// true asserts; blocks with a single predecessor merge into it; unreachable blocks and dead
// block arguments (with the branch operands feeding them) go. Idempotent.
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
