// --canonicalize of arith.cmpf comparing an integer converted to float with a float constant
// (CmpFIntToFPConst, as MLIR 22): an arith.cmpi with the constant as an integer, the predicate
// adjusted for a fraction (x < 4.5 is x <= 4), or a constant when the constant is out of the
// integer's range (or the predicate is ord).
// RUN: ir-opt %s --canonicalize | FileCheck %s

// CHECK-LABEL: func.func @f(%arg0: i32, %arg1: i8, %arg2: i64, %arg3: i1) -> (i1, i1, i1, i1, i1, i1, i1) {
// CHECK-NEXT: %false = arith.constant false
// CHECK-NEXT: %c2_i64 = arith.constant 2 : i64
// CHECK-NEXT: %true = arith.constant true
// CHECK-NEXT: %c4_i8 = arith.constant 4 : i8
// CHECK-NEXT: %c0_i32 = arith.constant 0 : i32
// CHECK-NEXT: %0 = arith.cmpi sgt, %arg0, %c0_i32 : i32
// CHECK-NEXT: %1 = arith.cmpi ule, %arg1, %c4_i8 : i8
// CHECK-NEXT: %2 = arith.cmpi eq, %arg2, %c2_i64 : i64
// CHECK-NEXT: %3 = arith.cmpi slt, %arg3, %false : i1
// CHECK-NEXT: return %0, %1, %true, %true, %2, %3, %true : i1, i1, i1, i1, i1, i1, i1
func.func @f(%a: i32, %b: i8, %c: i64, %d: i1) -> (i1, i1, i1, i1, i1, i1, i1) {
  %0 = arith.sitofp %a : i32 to f64
  %1 = arith.uitofp %b : i8 to f32
  %2 = arith.sitofp %c : i64 to f32
  %3 = arith.sitofp %d : i1 to f32
  %z = arith.constant 0.0 : f64
  %h = arith.constant 4.5 : f32
  %n = arith.constant -4.5 : f32
  %big = arith.constant 1.0e10 : f32
  %p = arith.constant 2.0 : f32
  %f0 = arith.constant -0.5 : f32
  %r0 = arith.cmpf ogt, %0, %z : f64
  %r1 = arith.cmpf olt, %1, %h : f32
  %r2 = arith.cmpf uge, %1, %n : f32
  %r3 = arith.cmpf ole, %1, %big : f32
  %r4 = arith.cmpf oeq, %2, %p : f32
  %r5 = arith.cmpf olt, %3, %f0 : f32
  %r6 = arith.cmpf ord, %1, %h : f32
  return %r0, %r1, %r2, %r3, %r4, %r5, %r6 : i1, i1, i1, i1, i1, i1, i1
}
