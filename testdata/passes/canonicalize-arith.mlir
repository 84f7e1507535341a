// Canonicalization of arith: constant folding of integer ops with exact two's complement
// semantics (wrap-around, no folding of division by zero, signed overflow or over-wide shifts),
// algebraic identities, reassociation of constants with merged overflow flags, comparisons,
// selects, cast chains, float folding with IEEE semantics, splat and element-wise vectors,
// extended arithmetic and poison. Folded constants are hoisted to the function entry, deduped,
// in MLIR's order. Running the pass twice gives the same output (idempotence).
// RUN: ir-opt %s --canonicalize --split-input-file --allow-unregistered-dialect | FileCheck %s
// RUN: ir-opt %s --canonicalize --canonicalize --split-input-file --allow-unregistered-dialect | FileCheck %s

// CHECK-LABEL: func.func @int_const_fold() -> (i32, i32, i32, i32, i8, i8, i64, index) {
// CHECK-NEXT: %c10_i32 = arith.constant 10 : i32
// CHECK-NEXT: %c-4_i32 = arith.constant -4 : i32
// CHECK-NEXT: %c-56_i32 = arith.constant -56 : i32
// CHECK-NEXT: %c-2_i32 = arith.constant -2 : i32
// CHECK-NEXT: %c-128_i8 = arith.constant -128 : i8
// CHECK-NEXT: %c1_i8 = arith.constant 1 : i8
// CHECK-NEXT: %c-2_i64 = arith.constant -2 : i64
// CHECK-NEXT: %c42 = arith.constant 42 : index
// CHECK-NEXT: return %c10_i32, %c-4_i32, %c-56_i32, %c-2_i32, %c-128_i8, %c1_i8, %c-2_i64, %c42 : i32, i32, i32, i32, i8, i8, i64, index
// CHECK-NEXT: }
func.func @int_const_fold() -> (i32, i32, i32, i32, i8, i8, i64, index) {
  %c7 = arith.constant 7 : i32
  %c3 = arith.constant 3 : i32
  %cm8 = arith.constant -8 : i32
  %a = arith.addi %c7, %c3 : i32
  %b = arith.subi %c3, %c7 : i32
  %c = arith.muli %c7, %cm8 : i32
  %d = arith.divsi %cm8, %c3 : i32
  %i1 = arith.constant 127 : i8
  %i2 = arith.constant 1 : i8
  %e = arith.addi %i1, %i2 : i8
  %f = arith.muli %i1, %i1 : i8
  %l1 = arith.constant 9223372036854775807 : i64
  %g = arith.addi %l1, %l1 : i64
  %x1 = arith.constant 40 : index
  %x2 = arith.constant 2 : index
  %h = arith.addi %x1, %x2 : index
  return %a, %b, %c, %d, %e, %f, %g, %h : i32, i32, i32, i32, i8, i8, i64, index
}

// CHECK-LABEL: func.func @div_rem(%arg0: i32) -> (i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32) {
// CHECK-NEXT: %c-1_i32 = arith.constant -1 : i32
// CHECK-NEXT: %c-2147483648_i32 = arith.constant -2147483648 : i32
// CHECK-NEXT: %c7_i32 = arith.constant 7 : i32
// CHECK-NEXT: %c0_i32 = arith.constant 0 : i32
// CHECK-NEXT: %c2147483644_i32 = arith.constant 2147483644 : i32
// CHECK-NEXT: %c-3_i32 = arith.constant -3 : i32
// CHECK-NEXT: %c4_i32 = arith.constant 4 : i32
// CHECK-NEXT: %c-4_i32 = arith.constant -4 : i32
// CHECK-NEXT: %c1_i32 = arith.constant 1 : i32
// CHECK-NEXT: %0 = arith.divsi %arg0, %c0_i32 : i32
// CHECK-NEXT: %1 = arith.remui %c7_i32, %c0_i32 : i32
// CHECK-NEXT: %2 = arith.divsi %c-2147483648_i32, %c-1_i32 : i32
// CHECK-NEXT: return %c2147483644_i32, %c-3_i32, %c-3_i32, %c-3_i32, %c4_i32, %c-4_i32, %c-4_i32, %c-1_i32, %c1_i32, %0, %1, %2 : i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32
// CHECK-NEXT: }
func.func @div_rem(%x: i32) -> (i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32) {
  %c7 = arith.constant 7 : i32
  %cm7 = arith.constant -7 : i32
  %c2 = arith.constant 2 : i32
  %cm2 = arith.constant -2 : i32
  %c0 = arith.constant 0 : i32
  %a = arith.divui %cm7, %c2 : i32
  %b = arith.divsi %cm7, %c2 : i32
  %c = arith.ceildivsi %cm7, %c2 : i32
  %d = arith.ceildivsi %c7, %cm2 : i32
  %e = arith.ceildivui %c7, %c2 : i32
  %f = arith.floordivsi %cm7, %c2 : i32
  %g = arith.floordivsi %c7, %cm2 : i32
  %h = arith.remsi %cm7, %c2 : i32
  %i = arith.remui %cm7, %c2 : i32
  %j = arith.divsi %x, %c0 : i32
  %k = arith.remui %c7, %c0 : i32
  %min = arith.constant -2147483648 : i32
  %m1 = arith.constant -1 : i32
  %l = arith.divsi %min, %m1 : i32
  return %a, %b, %c, %d, %e, %f, %g, %h, %i, %j, %k, %l : i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32
}

// CHECK-LABEL: func.func @identities(%arg0: i32, %arg1: i32) -> (i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32) {
// CHECK-NEXT: %c0_i32 = arith.constant 0 : i32
// CHECK-NEXT: return %arg0, %arg0, %c0_i32, %c0_i32, %arg0, %arg0, %c0_i32, %arg0, %c0_i32, %arg1, %arg0, %arg1 : i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32
// CHECK-NEXT: }
func.func @identities(%x: i32, %y: i32) -> (i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %cm1 = arith.constant -1 : i32
  %a = arith.addi %x, %c0 : i32
  %b = arith.muli %x, %c1 : i32
  %c = arith.muli %x, %c0 : i32
  %d = arith.subi %x, %x : i32
  %e = arith.andi %x, %cm1 : i32
  %f = arith.ori %x, %c0 : i32
  %g = arith.xori %x, %x : i32
  %h = arith.divui %x, %c1 : i32
  %i = arith.remsi %x, %c1 : i32
  %j = arith.addi %c0, %y : i32
  %s = arith.subi %x, %y : i32
  %k = arith.addi %s, %y : i32
  %t = arith.addi %x, %y : i32
  %l = arith.subi %t, %x : i32
  return %a, %b, %c, %d, %e, %f, %g, %h, %i, %j, %k, %l : i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32
}

// CHECK-LABEL: func.func @reassoc(%arg0: i32) -> (i32, i32, i32, i32, i32) {
// CHECK-NEXT: %c1_i32 = arith.constant 1 : i32
// CHECK-NEXT: %c2_i32 = arith.constant 2 : i32
// CHECK-NEXT: %c9_i32 = arith.constant 9 : i32
// CHECK-NEXT: %c-1_i32 = arith.constant -1 : i32
// CHECK-NEXT: %c3_i32 = arith.constant 3 : i32
// CHECK-NEXT: %0 = arith.addi %arg0, %c3_i32 overflow<nsw> : i32
// CHECK-NEXT: %1 = arith.addi %arg0, %c-1_i32 : i32
// CHECK-NEXT: %2 = arith.muli %arg0, %c9_i32 : i32
// CHECK-NEXT: %3 = arith.subi %c2_i32, %arg0 : i32
// CHECK-NEXT: %4 = arith.subi %c1_i32, %arg0 : i32
// CHECK-NEXT: return %0, %1, %2, %3, %4 : i32, i32, i32, i32, i32
// CHECK-NEXT: }
func.func @reassoc(%x: i32) -> (i32, i32, i32, i32, i32) {
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %c3 = arith.constant 3 : i32
  %a0 = arith.addi %x, %c1 overflow<nsw> : i32
  %a = arith.addi %a0, %c2 overflow<nsw, nuw> : i32
  %s0 = arith.subi %x, %c3 : i32
  %b = arith.addi %s0, %c2 : i32
  %m0 = arith.muli %x, %c3 : i32
  %c = arith.muli %m0, %c3 : i32
  %s1 = arith.subi %c3, %x : i32
  %d = arith.subi %s1, %c1 : i32
  %e0 = arith.addi %c2, %x : i32
  %e = arith.subi %c3, %e0 : i32
  return %a, %b, %c, %d, %e : i32, i32, i32, i32, i32
}

// CHECK-LABEL: func.func @shifts_minmax(%arg0: i32) -> (i32, i32, i32, i32, i32, i32, i32, i32) {
// CHECK-NEXT: %c-16_i32 = arith.constant -16 : i32
// CHECK-NEXT: %c2_i32 = arith.constant 2 : i32
// CHECK-NEXT: %c2147483647_i32 = arith.constant 2147483647 : i32
// CHECK-NEXT: %c1_i32 = arith.constant 1 : i32
// CHECK-NEXT: %c33_i32 = arith.constant 33 : i32
// CHECK-NEXT: %c-64_i32 = arith.constant -64 : i32
// CHECK-NEXT: %c-4_i32 = arith.constant -4 : i32
// CHECK-NEXT: %c1073741820_i32 = arith.constant 1073741820 : i32
// CHECK-NEXT: %0 = arith.shli %c1_i32, %c33_i32 : i32
// CHECK-NEXT: return %c-64_i32, %c-4_i32, %c1073741820_i32, %0, %c2_i32, %c-16_i32, %arg0, %c2147483647_i32 : i32, i32, i32, i32, i32, i32, i32, i32
// CHECK-NEXT: }
func.func @shifts_minmax(%x: i32) -> (i32, i32, i32, i32, i32, i32, i32, i32) {
  %c1 = arith.constant 1 : i32
  %c33 = arith.constant 33 : i32
  %cm16 = arith.constant -16 : i32
  %c2 = arith.constant 2 : i32
  %a = arith.shli %cm16, %c2 : i32
  %b = arith.shrsi %cm16, %c2 : i32
  %c = arith.shrui %cm16, %c2 : i32
  %d = arith.shli %c1, %c33 : i32
  %e = arith.maxsi %cm16, %c2 : i32
  %f = arith.maxui %cm16, %c2 : i32
  %g = arith.minsi %x, %x : i32
  %max = arith.constant 2147483647 : i32
  %h = arith.maxsi %x, %max : i32
  return %a, %b, %c, %d, %e, %f, %g, %h : i32, i32, i32, i32, i32, i32, i32, i32
}

// -----

// CHECK-LABEL: func.func @cmpi(%arg0: i32, %arg1: i1) -> (i1, i1, i1, i1, i1, i1, i1) {
// CHECK-NEXT: %c2_i32 = arith.constant 2 : i32
// CHECK-NEXT: %false = arith.constant false
// CHECK-NEXT: %true = arith.constant true
// CHECK-NEXT: %0 = arith.cmpi sgt, %arg0, %c2_i32 : i32
// CHECK-NEXT: return %false, %true, %true, %false, %0, %arg1, %arg1 : i1, i1, i1, i1, i1, i1, i1
// CHECK-NEXT: }
func.func @cmpi(%x: i32, %b: i1) -> (i1, i1, i1, i1, i1, i1, i1) {
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %cm1 = arith.constant -1 : i32
  %a = arith.cmpi slt, %x, %x : i32
  %bb = arith.cmpi uge, %x, %x : i32
  %c = arith.cmpi slt, %cm1, %c1 : i32
  %d = arith.cmpi ult, %cm1, %c1 : i32
  %e = arith.cmpi slt, %c2, %x : i32
  %false = arith.constant false
  %f = arith.cmpi ne, %b, %false : i1
  %z = arith.extui %b : i1 to i32
  %c0 = arith.constant 0 : i32
  %g = arith.cmpi ne, %z, %c0 : i32
  return %a, %bb, %c, %d, %e, %f, %g : i1, i1, i1, i1, i1, i1, i1
}

// CHECK-LABEL: func.func @select(%arg0: i1, %arg1: i32, %arg2: i32) -> (i32, i32, i32, i1, i32, i32) {
// CHECK-NEXT: %0 = arith.extui %arg0 : i1 to i32
// CHECK-NEXT: return %arg1, %arg2, %arg1, %arg0, %0, %arg2 : i32, i32, i32, i1, i32, i32
// CHECK-NEXT: }
func.func @select(%c: i1, %x: i32, %y: i32) -> (i32, i32, i32, i1, i32, i32) {
  %true = arith.constant true
  %false = arith.constant false
  %a = arith.select %true, %x, %y : i32
  %b = arith.select %false, %x, %y : i32
  %d = arith.select %c, %x, %x : i32
  %e = arith.select %c, %true, %false : i1
  %c1 = arith.constant 1 : i32
  %c0 = arith.constant 0 : i32
  %f = arith.select %c, %c1, %c0 : i32
  %eq = arith.cmpi eq, %x, %y : i32
  %g = arith.select %eq, %x, %y : i32
  return %a, %b, %d, %e, %f, %g : i32, i32, i32, i1, i32, i32
}

// CHECK-LABEL: func.func @casts(%arg0: i8, %arg1: i64) -> (i32, i64, i16, index, i64, i8, i32, i32, f32, i32) {
// CHECK-NEXT: %cst = arith.constant -5.000000e+00 : f32
// CHECK-NEXT: %c1075838976_i32 = arith.constant 1075838976 : i32
// CHECK-NEXT: %c-3_i32 = arith.constant -3 : i32
// CHECK-NEXT: %c44_i8 = arith.constant 44 : i8
// CHECK-NEXT: %c-3 = arith.constant -3 : index
// CHECK-NEXT: %0 = arith.extui %arg0 : i8 to i32
// CHECK-NEXT: %1 = arith.extsi %arg0 : i8 to i64
// CHECK-NEXT: %2 = arith.trunci %arg1 : i64 to i16
// CHECK-NEXT: return %0, %1, %2, %c-3, %arg1, %c44_i8, %c-3_i32, %c-3_i32, %cst, %c1075838976_i32 : i32, i64, i16, index, i64, i8, i32, i32, f32, i32
// CHECK-NEXT: }
func.func @casts(%x: i8, %y: i64) -> (i32, i64, i16, index, i64, i8, i32, i32, f32, i32) {
  %e1 = arith.extui %x : i8 to i16
  %a = arith.extui %e1 : i16 to i32
  %s1 = arith.extsi %x : i8 to i32
  %b = arith.extsi %s1 : i32 to i64
  %t1 = arith.trunci %y : i64 to i32
  %c = arith.trunci %t1 : i32 to i16
  %i1 = arith.index_cast %y : i64 to index
  %i2 = arith.index_cast %i1 : index to i64
  %k = arith.constant -5 : i8
  %d = arith.extsi %k : i8 to i32
  %f = arith.extui %k : i8 to i32
  %big = arith.constant 300 : i32
  %g = arith.trunci %big : i32 to i8
  %ic = arith.constant -3 : index
  %h = arith.index_cast %ic : index to i32
  %hu = arith.index_castui %ic : index to i32
  %fl = arith.constant 2.5 : f32
  %bc = arith.bitcast %fl : f32 to i32
  %si = arith.sitofp %d : i32 to f32
  %fi = arith.fptosi %fl : f32 to i32
  return %a, %b, %c, %ic, %i2, %g, %h, %hu, %si, %bc : i32, i64, i16, index, i64, i8, i32, i32, f32, i32
}

// -----

// CHECK-LABEL: func.func @floats(%arg0: f32) -> (f32, f32, f32, f32, f32, f32, f32, f64, f32, f32, i1, i1) {
// CHECK-NEXT: %cst = arith.constant 4.000000e+00 : f32
// CHECK-NEXT: %cst_0 = arith.constant 0.333333343 : f32
// CHECK-NEXT: %cst_1 = arith.constant 0.000000e+00 : f32
// CHECK-NEXT: %cst_2 = arith.constant -3.000000e+00 : f32
// CHECK-NEXT: %cst_3 = arith.constant 3.000000e+00 : f64
// CHECK-NEXT: %cst_4 = arith.constant 3.000000e+00 : f32
// CHECK-NEXT: %true = arith.constant true
// CHECK-NEXT: return %cst, %cst_0, %arg0, %arg0, %cst_1, %cst_2, %arg0, %cst_3, %cst_4, %arg0, %true, %true : f32, f32, f32, f32, f32, f32, f32, f64, f32, f32, i1, i1
// CHECK-NEXT: }
func.func @floats(%x: f32) -> (f32, f32, f32, f32, f32, f32, f32, f64, f32, f32, i1, i1) {
  %c1 = arith.constant 1.0 : f32
  %c3 = arith.constant 3.0 : f32
  %nz = arith.constant -0.0 : f32
  %a = arith.addf %c1, %c3 : f32
  %b = arith.divf %c1, %c3 : f32
  %c = arith.mulf %x, %c1 : f32
  %d = arith.addf %x, %nz : f32
  %e = arith.remf %c3, %c1 : f32
  %f = arith.negf %c3 : f32
  %n1 = arith.negf %x : f32
  %g = arith.negf %n1 : f32
  %h = arith.extf %c3 : f32 to f64
  %i = arith.maximumf %c1, %c3 : f32
  %j = arith.minnumf %x, %x : f32
  %k = arith.cmpf olt, %c1, %c3 : f32
  %nan = arith.constant 0x7FC00000 : f32
  %l = arith.cmpf uno, %nan, %x : f32
  return %a, %b, %c, %d, %e, %f, %g, %h, %i, %j, %k, %l : f32, f32, f32, f32, f32, f32, f32, f64, f32, f32, i1, i1
}

// CHECK-LABEL: func.func @vectors() -> (vector<4xi32>, vector<2xi32>, vector<2xf32>) {
// CHECK-NEXT: %cst = arith.constant dense<7> : vector<4xi32>
// CHECK-NEXT: %cst_0 = arith.constant dense<[3, 8]> : vector<2xi32>
// CHECK-NEXT: %cst_1 = arith.constant dense<[3.000000e+00, 4.000000e+00]> : vector<2xf32>
// CHECK-NEXT: return %cst, %cst_0, %cst_1 : vector<4xi32>, vector<2xi32>, vector<2xf32>
// CHECK-NEXT: }
func.func @vectors() -> (vector<4xi32>, vector<2xi32>, vector<2xf32>) {
  %a = arith.constant dense<3> : vector<4xi32>
  %b = arith.constant dense<4> : vector<4xi32>
  %c = arith.addi %a, %b : vector<4xi32>
  %d = arith.constant dense<[1, 2]> : vector<2xi32>
  %e = arith.constant dense<[3, 4]> : vector<2xi32>
  %f = arith.muli %d, %e : vector<2xi32>
  %g = arith.constant dense<[1.5, 2.0]> : vector<2xf32>
  %h = arith.addf %g, %g : vector<2xf32>
  return %c, %f, %h : vector<4xi32>, vector<2xi32>, vector<2xf32>
}

// CHECK-LABEL: func.func @truncf_inexact() -> (f32, f16) {
// CHECK-NEXT: %cst = arith.constant 5.000000e-01 : f16
// CHECK-NEXT: %cst_0 = arith.constant 1.000000e-01 : f64
// CHECK-NEXT: %0 = arith.truncf %cst_0 : f64 to f32
// CHECK-NEXT: return %0, %cst : f32, f16
// CHECK-NEXT: }
func.func @truncf_inexact() -> (f32, f16) {
  %a = arith.constant 0.1 : f64
  %b = arith.truncf %a : f64 to f32
  %c = arith.constant 0.5 : f32
  %d = arith.truncf %c : f32 to f16
  return %b, %d : f32, f16
}

// CHECK-LABEL: func.func @extended(%arg0: i32) -> (i32, i1, i32, i32) {
// CHECK-NEXT: %c1_i32 = arith.constant 1 : i32
// CHECK-NEXT: %true = arith.constant true
// CHECK-NEXT: %c-2_i32 = arith.constant -2 : i32
// CHECK-NEXT: return %c1_i32, %true, %c-2_i32, %c1_i32 : i32, i1, i32, i32
// CHECK-NEXT: }
func.func @extended(%x: i32) -> (i32, i1, i32, i32) {
  %c1 = arith.constant 4294967295 : i32
  %c2 = arith.constant 2 : i32
  %s, %o = arith.addui_extended %c1, %c2 : i32, i1
  %l, %h = arith.mului_extended %c1, %c2 : i32
  return %s, %o, %l, %h : i32, i1, i32, i32
}

// CHECK-LABEL: func.func @poison(%arg0: i32) -> i32 {
// CHECK-NEXT: %0 = ub.poison : i32
// CHECK-NEXT: return %0 : i32
// CHECK-NEXT: }
func.func @poison(%x: i32) -> i32 {
  %p = ub.poison : i32
  %a = arith.addi %p, %x : i32
  %c = arith.constant 1 : i32
  %b = arith.addi %p, %c : i32
  return %b : i32
}

// -----

// maximumf/minimumf drop an infinite identity; maxnumf/minnumf only drop a NaN operand (an
// infinity is no identity for them: maxnumf(NaN, -inf) is -inf). Found by the semantic test.
// CHECK-LABEL: func.func @minmax_identities(%arg0: f64) -> (f64, f64, f64, f64, f64, f64) {
// CHECK-NEXT: %cst = arith.constant 0xFFF0000000000000 : f64
// CHECK-NEXT: %cst_0 = arith.constant 0x7FF0000000000000 : f64
// CHECK-NEXT: %0 = arith.maxnumf %arg0, %cst : f64
// CHECK-NEXT: %1 = arith.minnumf %arg0, %cst_0 : f64
// CHECK-NEXT: return %0, %1, %arg0, %arg0, %arg0, %arg0 : f64, f64, f64, f64, f64, f64
func.func @minmax_identities(%a: f64) -> (f64, f64, f64, f64, f64, f64) {
  %ninf = arith.constant 0xFFF0000000000000 : f64
  %inf = arith.constant 0x7FF0000000000000 : f64
  %nan = arith.constant 0x7FF8000000000000 : f64
  %r1 = arith.maxnumf %a, %ninf : f64
  %r2 = arith.minnumf %a, %inf : f64
  %r3 = arith.maxnumf %a, %nan : f64
  %r4 = arith.minnumf %a, %nan : f64
  %r5 = arith.maximumf %a, %ninf : f64
  %r6 = arith.minimumf %a, %inf : f64
  return %r1, %r2, %r3, %r4, %r5, %r6 : f64, f64, f64, f64, f64, f64
}
