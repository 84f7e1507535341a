// More arith canonicalization: andi/ori of a value with itself, logic ops of extensions, truncf of int-to-float casts, trunci of
// an arithmetic shift by the truncated width, truncf folding only when exact (whatever the
// rounding mode), mulsi_extended by one, bitcast chains and same-type bitcasts, i0 arithmetic,
// NaN comparisons, maxnumf/minnumf with NaN, extended multiplication of constants and by zero.
// Idempotent.
// RUN: ir-opt %s --canonicalize --allow-unregistered-dialect | FileCheck %s
// RUN: ir-opt %s --canonicalize --canonicalize --allow-unregistered-dialect | FileCheck %s

// CHECK-LABEL: func.func @logic_of_ext(%arg0: i8, %arg1: i8) -> (i64, i64, i64, i64) {
// CHECK-NEXT: %0 = arith.andi %arg0, %arg1 : i8
// CHECK-NEXT: %1 = arith.extsi %0 : i8 to i64
// CHECK-NEXT: %2 = arith.ori %arg0, %arg1 : i8
// CHECK-NEXT: %3 = arith.extui %2 : i8 to i64
// CHECK-NEXT: %4 = arith.xori %arg0, %arg1 : i8
// CHECK-NEXT: %5 = arith.extui %4 : i8 to i64
// CHECK-NEXT: %6 = arith.xori %arg0, %arg1 : i8
// CHECK-NEXT: %7 = arith.extsi %6 : i8 to i64
// CHECK-NEXT: return %1, %3, %5, %7 : i64, i64, i64, i64
// CHECK-NEXT: }
func.func @logic_of_ext(%a: i8, %b: i8) -> (i64, i64, i64, i64) {
  %0 = arith.extsi %a : i8 to i64
  %1 = arith.extsi %b : i8 to i64
  %2 = arith.andi %0, %1 : i64
  %3 = arith.extui %a : i8 to i64
  %4 = arith.extui %b : i8 to i64
  %5 = arith.ori %3, %4 : i64
  %6 = arith.xori %3, %4 : i64
  %7 = arith.xori %0, %1 : i64
  return %2, %5, %6, %7 : i64, i64, i64, i64
}

// CHECK-LABEL: func.func @trunc_patterns(%arg0: i32, %arg1: i64) -> (f32, f32, i32, i32) {
// CHECK-NEXT: %c32_i64 = arith.constant 32 : i64
// CHECK-NEXT: %c31_i64 = arith.constant 31 : i64
// CHECK-NEXT: %0 = arith.sitofp %arg0 : i32 to f32
// CHECK-NEXT: %1 = arith.uitofp %arg0 : i32 to f64
// CHECK-NEXT: %2 = arith.truncf %1 to_nearest_even : f64 to f32
// CHECK-NEXT: %3 = arith.shrui %arg1, %c32_i64 : i64
// CHECK-NEXT: %4 = arith.trunci %3 : i64 to i32
// CHECK-NEXT: %5 = arith.shrsi %arg1, %c31_i64 : i64
// CHECK-NEXT: %6 = arith.trunci %5 : i64 to i32
// CHECK-NEXT: return %0, %2, %4, %6 : f32, f32, i32, i32
// CHECK-NEXT: }
func.func @trunc_patterns(%x: i32, %y: i64) -> (f32, f32, i32, i32) {
  %0 = arith.sitofp %x : i32 to f64
  %1 = arith.truncf %0 : f64 to f32
  %2 = arith.uitofp %x : i32 to f64
  %3 = arith.truncf %2 to_nearest_even : f64 to f32
  %c32 = arith.constant 32 : i64
  %4 = arith.shrsi %y, %c32 : i64
  %5 = arith.trunci %4 : i64 to i32
  %c31 = arith.constant 31 : i64
  %6 = arith.shrsi %y, %c31 : i64
  %7 = arith.trunci %6 : i64 to i32
  return %1, %3, %5, %7 : f32, f32, i32, i32
}

// CHECK-LABEL: func.func @trunc_modes() -> (bf16, bf16, bf16) {
// CHECK-NEXT: %cst = arith.constant 1.444000e+25 : f32
// CHECK-NEXT: %cst_0 = arith.constant 1.000000e+00 : bf16
// CHECK-NEXT: %0 = arith.truncf %cst : f32 to bf16
// CHECK-NEXT: return %cst_0, %cst_0, %0 : bf16, bf16, bf16
// CHECK-NEXT: }
func.func @trunc_modes() -> (bf16, bf16, bf16) {
  %c = arith.constant 1.0 : f32
  %0 = arith.truncf %c downward : f32 to bf16
  %1 = arith.truncf %c to_nearest_away : f32 to bf16
  %r = arith.constant 1.444000e+25 : f32
  %2 = arith.truncf %r : f32 to bf16
  return %0, %1, %2 : bf16, bf16, bf16
}

// CHECK-LABEL: func.func @mulsi_one(%arg0: i32, %arg1: i1) -> (i32, i32, i1, i1) {
// CHECK-NEXT: %true = arith.constant true
// CHECK-NEXT: %c0_i32 = arith.constant 0 : i32
// CHECK-NEXT: %0 = arith.cmpi slt, %arg0, %c0_i32 : i32
// CHECK-NEXT: %1 = arith.extsi %0 : i1 to i32
// CHECK-NEXT: %low, %high = arith.mulsi_extended %arg1, %true : i1
// CHECK-NEXT: return %arg0, %1, %low, %high : i32, i32, i1, i1
// CHECK-NEXT: }
func.func @mulsi_one(%x: i32, %b: i1) -> (i32, i32, i1, i1) {
  %one = arith.constant 1 : i32
  %l, %h = arith.mulsi_extended %x, %one : i32
  %t = arith.constant true
  %l1, %h1 = arith.mulsi_extended %b, %t : i1
  return %l, %h, %l1, %h1 : i32, i32, i1, i1
}

// CHECK-LABEL: func.func @bitcasts(%arg0: f32, %arg1: i16) -> (f32, f16) {
// CHECK-NEXT: %0 = arith.bitcast %arg1 : i16 to f16
// CHECK-NEXT: return %arg0, %0 : f32, f16
// CHECK-NEXT: }
func.func @bitcasts(%x: f32, %y: i16) -> (f32, f16) {
  %0 = arith.bitcast %x : f32 to f32
  %1 = arith.bitcast %y : i16 to bf16
  %2 = arith.bitcast %1 : bf16 to f16
  return %0, %2 : f32, f16
}

// CHECK-LABEL: func.func @i0() -> (i0, i0, i0, i16, i0, i0) {
// CHECK-NEXT: %c0_i0 = arith.constant 0 : i0
// CHECK-NEXT: %c0_i16 = arith.constant 0 : i16
// CHECK-NEXT: return %c0_i0, %c0_i0, %c0_i0, %c0_i16, %c0_i0, %c0_i0 : i0, i0, i0, i16, i0, i0
// CHECK-NEXT: }
func.func @i0() -> (i0, i0, i0, i16, i0, i0) {
  %c0 = arith.constant 0 : i0
  %0 = arith.maxsi %c0, %c0 : i0
  %1 = arith.shli %c0, %c0 : i0
  %2 = arith.shrsi %c0, %c0 : i0
  %3 = arith.extsi %c0 : i0 to i16
  %cff = arith.constant 255 : i8
  %4 = arith.trunci %cff : i8 to i0
  %l, %h = arith.mulsi_extended %c0, %c0 : i0
  return %0, %1, %2, %3, %4, %h : i0, i0, i0, i16, i0, i0
}

// CHECK-LABEL: func.func @cmpf_nan(%arg0: f32) -> (i1, i1, i1, i1) {
// CHECK-NEXT: %false = arith.constant false
// CHECK-NEXT: %true = arith.constant true
// CHECK-NEXT: return %false, %false, %true, %true : i1, i1, i1, i1
// CHECK-NEXT: }
func.func @cmpf_nan(%x: f32) -> (i1, i1, i1, i1) {
  %nan = arith.constant 0x7fffffff : f32
  %0 = arith.cmpf olt, %nan, %x : f32
  %1 = arith.cmpf olt, %x, %nan : f32
  %2 = arith.cmpf ugt, %nan, %x : f32
  %3 = arith.cmpf ugt, %x, %nan : f32
  return %0, %1, %2, %3 : i1, i1, i1, i1
}

// CHECK-LABEL: func.func @minmaxf(%arg0: f32) -> (f32, f32, f32, f32) {
// CHECK-NEXT: %cst = arith.constant 0.000000e+00 : f32
// CHECK-NEXT: %cst_0 = arith.constant 0x7F800000 : f32
// CHECK-NEXT: %cst_1 = arith.constant 0x7FC00000 : f32
// CHECK-NEXT: %0 = arith.minnumf %arg0, %cst : f32
// CHECK-NEXT: %1 = arith.minnumf %arg0, %cst_0 : f32
// CHECK-NEXT: %2 = arith.maximumf %arg0, %cst_1 : f32
// CHECK-NEXT: return %0, %1, %arg0, %2 : f32, f32, f32, f32
// CHECK-NEXT: }
func.func @minmaxf(%x: f32) -> (f32, f32, f32, f32) {
  %c0 = arith.constant 0.0 : f32
  %inf = arith.constant 0x7F800000 : f32
  %nan = arith.constant 0x7FC00000 : f32
  %0 = arith.minnumf %c0, %x : f32
  %1 = arith.minnumf %inf, %x : f32
  %2 = arith.minnumf %nan, %x : f32
  %3 = arith.maximumf %nan, %x : f32
  return %0, %1, %2, %3 : f32, f32, f32, f32
}

// CHECK-LABEL: func.func @muli_extended_consts() -> (i8, i8, vector<3xi8>, vector<3xi8>) {
// CHECK-NEXT: %c27_i8 = arith.constant 27 : i8
// CHECK-NEXT: %c-3_i8 = arith.constant -3 : i8
// CHECK-NEXT: %cst = arith.constant dense<[65, 79, 1]> : vector<3xi8>
// CHECK-NEXT: %cst_0 = arith.constant dense<[0, 14, -2]> : vector<3xi8>
// CHECK-NEXT: return %c27_i8, %c-3_i8, %cst, %cst_0 : i8, i8, vector<3xi8>, vector<3xi8>
// CHECK-NEXT: }
func.func @muli_extended_consts() -> (i8, i8, vector<3xi8>, vector<3xi8>) {
  %a = arith.constant 57 : i8
  %b = arith.constant -13 : i8
  %l, %h = arith.mulsi_extended %a, %b : i8
  %va = arith.constant dense<[5, 37, 255]> : vector<3xi8>
  %vb = arith.constant dense<[13, 99, 255]> : vector<3xi8>
  %vl, %vh = arith.mului_extended %va, %vb : vector<3xi8>
  return %l, %h, %vl, %vh : i8, i8, vector<3xi8>, vector<3xi8>
}

// CHECK-LABEL: func.func @idempotent(%arg0: i32, %arg1: i32) -> (i32, i32, i32) {
// CHECK-NEXT: %0 = arith.maxsi %arg0, %arg1 : i32
// CHECK-NEXT: return %arg0, %arg1, %0 : i32, i32, i32
// CHECK-NEXT: }
func.func @idempotent(%x: i32, %y: i32) -> (i32, i32, i32) {
  %0 = arith.andi %x, %x : i32
  %1 = arith.ori %y, %y : i32
  %2 = arith.maxsi %0, %1 : i32
  return %0, %1, %2 : i32, i32, i32
}

// An extended multiplication by zero folds to zero constants (not to its zero operand): the
// first zero constant dies with the multiplications and the new one comes first.
// CHECK-LABEL: func.func @mul_extended_by_zero
// CHECK-NEXT: %[[Z:.*]] = arith.constant 0 : i32
// CHECK-NEXT: %[[T:.*]] = arith.constant 2 : i32
// CHECK-NEXT: %[[X:.*]] = arith.xori
// CHECK-NEXT: %[[S:.*]] = arith.addi
// CHECK-NEXT: %[[M:.*]] = arith.muli %[[X]], %[[S]]
// CHECK-NEXT: return %[[T]], %[[M]], %[[Z]]
func.func @mul_extended_by_zero(%a: i32, %b: i32) -> (i32, i32, i32) {
  %x = arith.xori %b, %a : i32
  %s = arith.addi %b, %a : i32
  %m = arith.muli %x, %s : i32
  %c0 = arith.constant 0 : i32
  %z = arith.muli %c0, %s : i32
  %l, %h = arith.mulsi_extended %z, %x : i32
  %c2 = arith.constant 2 : i32
  return %c2, %m, %h : i32, i32, i32
}
