// Constant folding of math: exact operations for every float and integer type, host-library
// functions for f32 and f64 only (f16 stays), no folding outside the domain (sqrt of -0.0, log2
// of a negative), splat vectors element-wise. Idempotent.
// RUN: ir-opt %s --canonicalize --allow-unregistered-dialect | FileCheck %s
// RUN: ir-opt %s --canonicalize --canonicalize --allow-unregistered-dialect | FileCheck %s

// CHECK-LABEL: func.func @m() -> (f32, f64, f16, i32, i8, f32, f64) {
// CHECK-NEXT: %cst = arith.constant dense<[1.64872122, 4.48168898]> : vector<2xf32>
// CHECK-NEXT: %c29_i32 = arith.constant 29 : i32
// CHECK-NEXT: %c3_i8 = arith.constant 3 : i8
// CHECK-NEXT: %c0_i32 = arith.constant 0 : i32
// CHECK-NEXT: %c12_i32 = arith.constant 12 : i32
// CHECK-NEXT: %cst_0 = arith.constant -2.3561944901923448 : f64
// CHECK-NEXT: %cst_1 = arith.constant 0.779055893 : f32
// CHECK-NEXT: %cst_2 = arith.constant -0.699999988 : f32
// CHECK-NEXT: %cst_3 = arith.constant -0.98661429815143031 : f64
// CHECK-NEXT: %cst_4 = arith.constant 1.25516903 : f32
// CHECK-NEXT: %cst_5 = arith.constant -6.0502044810397875 : f64
// CHECK-NEXT: %cst_6 = arith.constant 0.610725939 : f32
// CHECK-NEXT: %cst_7 = arith.constant 0x7FF8000000000000 : f64
// CHECK-NEXT: %cst_8 = arith.constant 0.775397479 : f32
// CHECK-NEXT: %cst_9 = arith.constant 0.842288374 : f32
// CHECK-NEXT: %cst_10 = arith.constant 0.764842212 : f32
// CHECK-NEXT: %cst_11 = arith.constant -0.59847214410395655 : f64
// CHECK-NEXT: %cst_12 = arith.constant -0.693147182 : f32
// CHECK-NEXT: %cst_13 = arith.constant -0.154901981 : f32
// CHECK-NEXT: %cst_14 = arith.constant -0.356674969 : f32
// CHECK-NEXT: %cst_15 = arith.constant 1.0137527 : f32
// CHECK-NEXT: %cst_16 = arith.constant 0.17677669529663689 : f64
// CHECK-NEXT: %cst_17 = arith.constant 2.0137527 : f32
// CHECK-NEXT: %c8_i8 = arith.constant 8 : i8
// CHECK-NEXT: %c-12_i32 = arith.constant -12 : i32
// CHECK-NEXT: %cst_18 = arith.constant 0.699999988 : f32
// CHECK-NEXT: %cst_19 = arith.constant -2.500000e+00 : f64
// CHECK-NEXT: %cst_20 = arith.constant 2.500000e+00 : f16
// CHECK-NEXT: %cst_21 = arith.constant -0.000000e+00 : f32
// CHECK-NEXT: %cst_22 = arith.constant 2.500000e+00 : f64
// CHECK-NEXT: %cst_23 = arith.constant -2.000000e+00 : f64
// CHECK-NEXT: %cst_24 = arith.constant 2.000000e+00 : f16
// CHECK-NEXT: %cst_25 = arith.constant -3.000000e+00 : f64
// CHECK-NEXT: %cst_26 = arith.constant 8.366600e-01 : f32
// CHECK-NEXT: %0 = math.sqrt %cst_21 : f32
// CHECK-NEXT: %1 = math.log2 %cst_19 : f64
// CHECK-NEXT: "u.use"(%cst_22, %cst_23, %cst_24, %cst_25, %cst_24, %cst_23, %cst_26, %0, %cst_17, %cst_16, %cst_15, %cst_14, %1, %cst_13, %cst_12, %cst_11, %cst_10, %cst_9, %cst_8, %cst_7, %cst_6, %cst_5, %cst_4, %cst_3, %cst_2, %cst_1, %cst_0, %c12_i32, %c0_i32, %c3_i8, %c29_i32, %cst) : (f64, f64, f16, f64, f16, f64, f32, f32, f32, f64, f32, f32, f64, f32, f32, f64, f32, f32, f32, f64, f32, f64, f32, f64, f32, f32, f64, i32, i32, i8, i32, vector<2xf32>) -> ()
// CHECK-NEXT: return %cst_18, %cst_19, %cst_20, %c-12_i32, %c8_i8, %cst_18, %cst_19 : f32, f64, f16, i32, i8, f32, f64
// CHECK-NEXT: }
func.func @m() -> (f32, f64, f16, i32, i8, f32, f64) {
  %a = arith.constant 0.7 : f32
  %b = arith.constant -2.5 : f64
  %h = arith.constant 2.5 : f16
  %nz = arith.constant -0.0 : f32
  %m1 = arith.constant -0.5 : f32
  %r0 = math.absf %b : f64
  %r1 = math.ceil %b : f64
  %r2 = math.floor %h : f16
  %r3 = math.round %b : f64
  %r4 = math.roundeven %h : f16
  %r5 = math.trunc %b : f64
  %r6 = math.sqrt %a : f32
  %r7 = math.sqrt %nz : f32
  %r8 = math.exp %a : f32
  %r9 = math.exp2 %b : f64
  %r10 = math.expm1 %a : f32
  %r11 = math.log %a : f32
  %r12 = math.log2 %b : f64
  %r13 = math.log10 %a : f32
  %r14 = math.log1p %m1 : f32
  %r15 = math.sin %b : f64
  %r16 = math.cos %a : f32
  %r17 = math.tan %a : f32
  %r18 = math.asin %a : f32
  %r19 = math.acos %b : f64
  %r20 = math.atan %a : f32
  %r21 = math.sinh %b : f64
  %r22 = math.cosh %a : f32
  %r23 = math.tanh %b : f64
  %b1 = arith.constant -1.0 : f32
  %r24 = math.copysign %a, %b1 : f32
  %r25 = math.powf %a, %a : f32
  %r26 = math.atan2 %b, %b : f64
  %i = arith.constant -12 : i32
  %r27 = math.absi %i : i32
  %r28 = math.ctlz %i : i32
  %i8 = arith.constant 8 : i8
  %r29 = math.cttz %i8 : i8
  %r30 = math.ctpop %i : i32
  %v = arith.constant dense<[0.5, 1.5]> : vector<2xf32>
  %r31 = math.exp %v : vector<2xf32>
  "u.use"(%r0, %r1, %r2, %r3, %r4, %r5, %r6, %r7, %r8, %r9, %r10, %r11, %r12, %r13, %r14, %r15, %r16, %r17, %r18, %r19, %r20, %r21, %r22, %r23, %r24, %r25, %r26, %r27, %r28, %r29, %r30, %r31) : (f64, f64, f16, f64, f16, f64, f32, f32, f32, f64, f32, f32, f64, f32, f32, f64, f32, f32, f32, f64, f32, f64, f32, f64, f32, f32, f64, i32, i32, i8, i32, vector<2xf32>) -> ()
  return %a, %b, %h, %i, %i8, %a, %b : f32, f64, f16, i32, i8, f32, f64
}

// Integer powers fold with wrap-around; a negative power gives 0 except for bases 1 and -1,
// and a base of 0 to a negative power stays. Index and splat vectors fold too.
// CHECK-LABEL: func.func @ipowi() -> (i8, i32, i32, i32, i32, index, vector<2xi16>, i8) {
// CHECK-NEXT: %c-128_i8 = arith.constant -128 : i8
// CHECK-NEXT: %cst = arith.constant dense<49> : vector<2xi16>
// CHECK-NEXT: %c27 = arith.constant 27 : index
// CHECK-NEXT: %c0_i32 = arith.constant 0 : i32
// CHECK-NEXT: %c-1_i32 = arith.constant -1 : i32
// CHECK-NEXT: %c81_i8 = arith.constant 81 : i8
// CHECK-NEXT: %c1_i32 = arith.constant 1 : i32
// CHECK-NEXT: %0 = math.ipowi %c0_i32, %c-1_i32 : i32
// CHECK-NEXT: return %c81_i8, %c0_i32, %c-1_i32, %c1_i32, %0, %c27, %cst, %c-128_i8 : i8, i32, i32, i32, i32, index, vector<2xi16>, i8
func.func @ipowi() -> (i8, i32, i32, i32, i32, index, vector<2xi16>, i8) {
  %c3 = arith.constant 3 : i8
  %c4 = arith.constant 4 : i8
  %a = math.ipowi %c3, %c4 : i8
  %c2 = arith.constant 2 : i32
  %cm1 = arith.constant -1 : i32
  %cm3 = arith.constant -3 : i32
  %c1 = arith.constant 1 : i32
  %c0 = arith.constant 0 : i32
  %b = math.ipowi %c2, %cm1 : i32
  %c = math.ipowi %cm1, %cm3 : i32
  %d = math.ipowi %c1, %cm3 : i32
  %e = math.ipowi %c0, %cm1 : i32
  %i3 = arith.constant 3 : index
  %f = math.ipowi %i3, %i3 : index
  %v = arith.constant dense<7> : vector<2xi16>
  %v2 = arith.constant dense<2> : vector<2xi16>
  %g = math.ipowi %v, %v2 : vector<2xi16>
  %b2 = arith.constant 2 : i8
  %p7 = arith.constant 7 : i8
  %h = math.ipowi %b2, %p7 : i8
  return %a, %b, %c, %d, %e, %f, %g, %h : i8, i32, i32, i32, i32, index, vector<2xi16>, i8
}
