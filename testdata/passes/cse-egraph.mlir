// MICA-ONLY: `cse{egraph=true}` is a Mica option (mlir-opt's CSE has none).
// --cse='egraph=true': ops equal up to commutativity and the integer identities x+0, x*1, x-0,
// x|0, x^0, x&-1 merge (floats never take an identity); a replacement always dominates its
// uses; the ordinary CSE then erases the dead constants. The default --cse does none of this.
// RUN: ir-opt %s --split-input-file --cse='egraph=true' | FileCheck %s
// RUN: ir-opt %s --split-input-file --pass-pipeline='builtin.module(func.func(cse{egraph=true egraph-max-iterations=5}))' | FileCheck %s
// RUN: ir-opt %s --split-input-file --cse | FileCheck %s --check-prefix=PLAIN

// CHECK-LABEL: func.func @commute
// CHECK-NEXT:    %[[S:.*]] = arith.addi %arg0, %arg1 : i32
// CHECK-NEXT:    %[[M:.*]] = arith.muli %[[S]], %arg0 : i32
// CHECK-NEXT:    return %[[S]], %[[S]], %[[M]], %[[M]]
// The ordinary CSE compares commutative operands as a multiset too.
// PLAIN-LABEL: func.func @commute
// PLAIN-NEXT:    %[[S:.*]] = arith.addi %arg0, %arg1 : i32
// PLAIN-NEXT:    %[[M:.*]] = arith.muli %[[S]], %arg0 : i32
// PLAIN-NEXT:    return %[[S]], %[[S]], %[[M]], %[[M]]
func.func @commute(%a: i32, %b: i32) -> (i32, i32, i32, i32) {
  %0 = arith.addi %a, %b : i32
  %1 = arith.addi %b, %a : i32
  %2 = arith.muli %0, %a : i32
  %3 = arith.muli %a, %1 : i32
  return %0, %1, %2, %3 : i32, i32, i32, i32
}

// -----

// Commutativity after an identity: b*1 + a is a + b, and (a + b) | c, c | (b*1 + a) merge.
// CHECK-LABEL: func.func @commute_identity
// CHECK-NEXT:    %[[S:.*]] = arith.addi %arg0, %arg1 : i32
// CHECK-NEXT:    %[[O:.*]] = arith.ori %[[S]], %arg2 : i32
// CHECK-NEXT:    return %[[S]], %[[S]], %[[O]], %[[O]]
// PLAIN-LABEL: func.func @commute_identity
// PLAIN-COUNT-2: arith.addi
// PLAIN-COUNT-2: arith.ori
func.func @commute_identity(%a: i32, %b: i32, %c: i32) -> (i32, i32, i32, i32) {
  %c1 = arith.constant 1 : i32
  %0 = arith.addi %a, %b : i32
  %x = arith.muli %b, %c1 : i32
  %1 = arith.addi %x, %a : i32
  %2 = arith.ori %0, %c : i32
  %3 = arith.ori %c, %1 : i32
  return %0, %1, %2, %3 : i32, i32, i32, i32
}

// -----

// CHECK-LABEL: func.func @identities
// CHECK-NEXT:    %[[Z:.*]] = arith.constant 0 : i32
// CHECK-NEXT:    %[[N:.*]] = arith.subi %[[Z]], %arg0 : i32
// CHECK-NEXT:    return %arg0, %arg0, %arg0, %arg0, %arg0, %arg0, %[[N]], %arg1, %arg2
// PLAIN-LABEL: func.func @identities
// PLAIN: arith.subi %c0_i32, %arg0
// PLAIN: arith.andi %{{.*}}, %true
func.func @identities(%a: i32, %b: index, %p: i1) -> (i32, i32, i32, i32, i32, i32, i32, index, i1) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %m1 = arith.constant -1 : i32
  %z = arith.constant 0 : index
  %t = arith.constant true
  %0 = arith.addi %c0, %a : i32
  %1 = arith.muli %0, %c1 : i32
  %2 = arith.subi %1, %c0 : i32
  %3 = arith.ori %2, %c0 : i32
  %4 = arith.xori %c0, %3 : i32
  %5 = arith.andi %m1, %4 : i32
  // 0 - x is not x.
  %6 = arith.subi %c0, %a : i32
  %7 = arith.addi %b, %z : index
  %8 = arith.andi %p, %t : i1
  return %0, %1, %2, %3, %4, %5, %6, %7, %8 : i32, i32, i32, i32, i32, i32, i32, index, i1
}

// -----

// Floats take no identity (x + 0.0 is not x for x = -0.0); a constant of another type is no
// neutral element.
// CHECK-LABEL: func.func @no_identity
// CHECK:         arith.addf %arg0, %{{.*}} : f32
// CHECK:         arith.mulf %arg0, %{{.*}} : f32
// CHECK:         %[[W:.*]] = arith.addi %arg1, %{{.*}} : i32
// CHECK:         return %{{.*}}, %{{.*}}, %[[W]]
func.func @no_identity(%f: f32, %a: i32) -> (f32, f32, i32) {
  %z = arith.constant 0.0 : f32
  %o = arith.constant 1.0 : f32
  %c2 = arith.constant 2 : i32
  %0 = arith.addf %f, %z : f32
  %1 = arith.mulf %f, %o : f32
  %2 = arith.addi %a, %c2 : i32
  return %0, %1, %2 : f32, f32, i32
}

// -----

// Replacements respect dominance: an op in a nested block merges into the outer value, but an
// outer op never takes a value defined inside a region.
// CHECK-LABEL: func.func @dominance
// CHECK:         %[[O:.*]] = arith.addi %arg1, %arg0 : i32
// CHECK:         scf.if %arg2 -> (i32) {
// CHECK-NEXT:      scf.yield %[[O]] : i32
// CHECK:         } else {
// CHECK-NEXT:      %[[I:.*]] = arith.muli %arg0, %arg1 : i32
// CHECK-NEXT:      scf.yield %[[I]] : i32
// CHECK:         %[[L:.*]] = arith.muli %arg1, %arg0 : i32
// CHECK:         return %[[O]], %{{.*}}, %[[L]]
func.func @dominance(%a: i32, %b: i32, %p: i1) -> (i32, i32, i32) {
  %c0 = arith.constant 0 : i32
  %0 = arith.addi %b, %a : i32
  %1 = scf.if %p -> (i32) {
    %2 = arith.addi %a, %b : i32
    %3 = arith.addi %2, %c0 : i32
    scf.yield %3 : i32
  } else {
    %4 = arith.muli %a, %b : i32
    scf.yield %4 : i32
  }
  %5 = arith.muli %b, %a : i32
  return %0, %1, %5 : i32, i32, i32
}
