// Round trip of every math op and its optional fastmath flags, in the custom form and
// through the generic form.
// RUN: ir-opt %s | FileCheck %s
// RUN: ir-opt %s --mlir-print-op-generic | ir-opt | FileCheck %s

func.func @float_unary(%x: f32, %v: vector<4xf32>, %t: tensor<2x?xf64>) {
  %0 = math.absf %x : f32
  %1 = math.acos %x fastmath<fast> : f32
  %2 = math.acosh %v : vector<4xf32>
  %3 = math.asin %t : tensor<2x?xf64>
  %4 = math.asinh %x fastmath<nnan,ninf> : f32
  %5 = math.atan %x : f32
  %6 = math.atanh %x : f32
  %7 = math.cbrt %x : f32
  %8 = math.ceil %x : f32
  %9 = math.cos %x : f32
  %10 = math.cosh %x : f32
  %11 = math.erf %x : f32
  %12 = math.erfc %x : f32
  %13 = math.exp %x : f32
  %14 = math.exp2 %x : f32
  %15 = math.expm1 %x : f32
  %16 = math.floor %x : f32
  %17 = math.log %x : f32
  %18 = math.log10 %x : f32
  %19 = math.log1p %x : f32
  %20 = math.log2 %x : f32
  %21 = math.round %x : f32
  %22 = math.roundeven %x : f32
  %23 = math.rsqrt %x : f32
  %24 = math.sin %x : f32
  %25 = math.sinh %x : f32
  %26 = math.sqrt %x {test.attr} : f32
  %27 = math.tan %x : f32
  %28 = math.tanh %x fastmath<afn> : f32
  %29 = math.trunc %x : f32
  return
}

func.func @others(%x: f32, %i: i32, %v: vector<4xf32>, %vi: vector<4xi32>) {
  %0 = math.absi %i : i32
  %1 = math.ctlz %vi : vector<4xi32>
  %2 = math.ctpop %i : i32
  %3 = math.cttz %i : i32
  %4 = math.atan2 %x, %x : f32
  %5 = math.copysign %x, %x fastmath<nsz> : f32
  %6 = math.powf %v, %v : vector<4xf32>
  %7 = math.fma %x, %x, %x : f32
  %8 = math.fma %v, %v, %v fastmath<contract> : vector<4xf32>
  %9 = math.clampf %x to [%x, %x] : f32
  %10 = math.clampf %v to [%v, %v] fastmath<nnan> : vector<4xf32>
  %11 = math.fpowi %x, %i : f32, i32
  %12 = math.fpowi %v, %vi fastmath<fast> : vector<4xf32>, vector<4xi32>
  %13 = math.ipowi %i, %i : i32
  %14 = math.isfinite %x : f32
  %15 = math.isinf %v : vector<4xf32>
  %16 = math.isnan %x : f32
  %17 = math.isnormal %x : f32
  %18:2 = math.sincos %x : f32
  %19:2 = math.sincos %v fastmath<fast> : vector<4xf32>
  return
}

// CHECK-LABEL: func.func @float_unary(%arg0: f32, %arg1: vector<4xf32>, %arg2: tensor<2x?xf64>) {
// CHECK-NEXT: %0 = math.absf %arg0 : f32
// CHECK-NEXT: %1 = math.acos %arg0 fastmath<fast> : f32
// CHECK-NEXT: %2 = math.acosh %arg1 : vector<4xf32>
// CHECK-NEXT: %3 = math.asin %arg2 : tensor<2x?xf64>
// CHECK-NEXT: %4 = math.asinh %arg0 fastmath<nnan,ninf> : f32
// CHECK-NEXT: %5 = math.atan %arg0 : f32
// CHECK-NEXT: %6 = math.atanh %arg0 : f32
// CHECK-NEXT: %7 = math.cbrt %arg0 : f32
// CHECK-NEXT: %8 = math.ceil %arg0 : f32
// CHECK-NEXT: %9 = math.cos %arg0 : f32
// CHECK-NEXT: %10 = math.cosh %arg0 : f32
// CHECK-NEXT: %11 = math.erf %arg0 : f32
// CHECK-NEXT: %12 = math.erfc %arg0 : f32
// CHECK-NEXT: %13 = math.exp %arg0 : f32
// CHECK-NEXT: %14 = math.exp2 %arg0 : f32
// CHECK-NEXT: %15 = math.expm1 %arg0 : f32
// CHECK-NEXT: %16 = math.floor %arg0 : f32
// CHECK-NEXT: %17 = math.log %arg0 : f32
// CHECK-NEXT: %18 = math.log10 %arg0 : f32
// CHECK-NEXT: %19 = math.log1p %arg0 : f32
// CHECK-NEXT: %20 = math.log2 %arg0 : f32
// CHECK-NEXT: %21 = math.round %arg0 : f32
// CHECK-NEXT: %22 = math.roundeven %arg0 : f32
// CHECK-NEXT: %23 = math.rsqrt %arg0 : f32
// CHECK-NEXT: %24 = math.sin %arg0 : f32
// CHECK-NEXT: %25 = math.sinh %arg0 : f32
// CHECK-NEXT: %26 = math.sqrt %arg0 {test.attr} : f32
// CHECK-NEXT: %27 = math.tan %arg0 : f32
// CHECK-NEXT: %28 = math.tanh %arg0 fastmath<afn> : f32
// CHECK-NEXT: %29 = math.trunc %arg0 : f32
// CHECK-NEXT: return
// CHECK-LABEL: func.func @others(%arg0: f32, %arg1: i32, %arg2: vector<4xf32>, %arg3: vector<4xi32>) {
// CHECK-NEXT: %0 = math.absi %arg1 : i32
// CHECK-NEXT: %1 = math.ctlz %arg3 : vector<4xi32>
// CHECK-NEXT: %2 = math.ctpop %arg1 : i32
// CHECK-NEXT: %3 = math.cttz %arg1 : i32
// CHECK-NEXT: %4 = math.atan2 %arg0, %arg0 : f32
// CHECK-NEXT: %5 = math.copysign %arg0, %arg0 fastmath<nsz> : f32
// CHECK-NEXT: %6 = math.powf %arg2, %arg2 : vector<4xf32>
// CHECK-NEXT: %7 = math.fma %arg0, %arg0, %arg0 : f32
// CHECK-NEXT: %8 = math.fma %arg2, %arg2, %arg2 fastmath<contract> : vector<4xf32>
// CHECK-NEXT: %9 = math.clampf %arg0 to [%arg0, %arg0] : f32
// CHECK-NEXT: %10 = math.clampf %arg2 to [%arg2, %arg2] fastmath<nnan> : vector<4xf32>
// CHECK-NEXT: %11 = math.fpowi %arg0, %arg1 : f32, i32
// CHECK-NEXT: %12 = math.fpowi %arg2, %arg3 fastmath<fast> : vector<4xf32>, vector<4xi32>
// CHECK-NEXT: %13 = math.ipowi %arg1, %arg1 : i32
// CHECK-NEXT: %14 = math.isfinite %arg0 : f32
// CHECK-NEXT: %15 = math.isinf %arg2 : vector<4xf32>
// CHECK-NEXT: %16 = math.isnan %arg0 : f32
// CHECK-NEXT: %17 = math.isnormal %arg0 : f32
// CHECK-NEXT: %sin, %cos = math.sincos %arg0 : f32
// CHECK-NEXT: %sin_0, %cos_1 = math.sincos %arg2 fastmath<fast> : vector<4xf32>
// CHECK-NEXT: return
