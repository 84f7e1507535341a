// --canonicalize=region-simplify=aggressive: identical blocks merge (values from outside that
// differ become block arguments, passed by every predecessor, also through cf.switch case
// groups), block arguments every predecessor passes the same value for are replaced by it.
// RUN: ir-opt %s --canonicalize=region-simplify=aggressive --allow-unregistered-dialect | FileCheck %s
// RUN: ir-opt %s --pass-pipeline='builtin.module(canonicalize{region-simplify=aggressive})' --allow-unregistered-dialect | FileCheck %s

// CHECK-LABEL: func.func @identical(%arg0: i1, %arg1: i32) -> i32 {
// CHECK-NEXT: %0 = arith.addi %arg1, %arg1 : i32
// CHECK-NEXT: return %0 : i32
// CHECK-NEXT: }
func.func @identical(%c: i1, %x: i32) -> i32 {
  cf.cond_br %c, ^a, ^b
^a:
  %1 = arith.addi %x, %x : i32
  cf.br ^c(%1 : i32)
^b:
  %2 = arith.addi %x, %x : i32
  cf.br ^c(%2 : i32)
^c(%r: i32):
  return %r : i32
}

// CHECK-LABEL: func.func @mismatch(%arg0: i1, %arg1: i32, %arg2: i32) -> i32 {
// CHECK-NEXT: %0 = arith.select %arg0, %arg1, %arg2 : i32
// CHECK-NEXT: %1 = arith.select %arg0, %arg2, %arg1 : i32
// CHECK-NEXT: %2 = arith.muli %0, %1 : i32
// CHECK-NEXT: "u.use"(%2) : (i32) -> ()
// CHECK-NEXT: return %2 : i32
// CHECK-NEXT: }
func.func @mismatch(%c: i1, %x: i32, %y: i32) -> i32 {
  cf.cond_br %c, ^a, ^b
^a:
  %1 = arith.muli %x, %y : i32
  "u.use"(%1) : (i32) -> ()
  return %1 : i32
^b:
  %2 = arith.muli %y, %x : i32
  "u.use"(%2) : (i32) -> ()
  return %2 : i32
}

// CHECK-LABEL: func.func @switchy(%arg0: i32, %arg1: i32, %arg2: i32) -> i32 {
// CHECK-NEXT: cf.switch %arg0 : i32, [
// CHECK-NEXT: default: ^bb2,
// CHECK-NEXT: 1: ^bb1(%arg1 : i32),
// CHECK-NEXT: 2: ^bb1(%arg2 : i32)
// CHECK-NEXT: ]
// CHECK-NEXT: ^bb1(%0: i32):  // 2 preds: ^bb0, ^bb0
// CHECK-NEXT: "u.a"(%0) : (i32) -> ()
// CHECK-NEXT: return %0 : i32
// CHECK-NEXT: ^bb2:  // pred: ^bb0
// CHECK-NEXT: return %arg1 : i32
// CHECK-NEXT: }
func.func @switchy(%f: i32, %x: i32, %y: i32) -> i32 {
  cf.switch %f : i32, [
    default: ^d,
    1: ^a,
    2: ^b
  ]
^a:
  "u.a"(%x) : (i32) -> ()
  return %x : i32
^b:
  "u.a"(%y) : (i32) -> ()
  return %y : i32
^d:
  return %x : i32
}

// CHECK-LABEL: func.func @redundant(%arg0: i1, %arg1: i32) -> i32 {
// CHECK-NEXT: "u.use"(%arg1) : (i32) -> ()
// CHECK-NEXT: return %arg1 : i32
// CHECK-NEXT: }
func.func @redundant(%c: i1, %x: i32) -> i32 {
  cf.cond_br %c, ^a(%x : i32), ^a(%x : i32)
^a(%p: i32):
  "u.use"(%p) : (i32) -> ()
  return %p : i32
}

// CHECK-LABEL: func.func @loop_same(%arg0: i1, %arg1: i32) -> i32 {
// CHECK-NEXT: cf.br ^bb1
// CHECK-NEXT: ^bb1:  // 2 preds: ^bb0, ^bb1
// CHECK-NEXT: "u.body"(%arg1) : (i32) -> ()
// CHECK-NEXT: %0 = "u.cond"() : () -> i1
// CHECK-NEXT: cf.cond_br %0, ^bb1, ^bb2
// CHECK-NEXT: ^bb2:  // pred: ^bb1
// CHECK-NEXT: return %arg1 : i32
// CHECK-NEXT: }
func.func @loop_same(%c: i1, %x: i32) -> i32 {
  cf.br ^h(%x : i32)
^h(%p: i32):
  "u.body"(%p) : (i32) -> ()
  %b = "u.cond"() : () -> i1
  cf.cond_br %b, ^h(%x : i32), ^e
^e:
  return %p : i32
}
