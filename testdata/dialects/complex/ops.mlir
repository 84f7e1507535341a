// Round trip of every complex op, its fastmath flags and the #complex.number attribute,
// in the custom form and through the generic form.
// RUN: ir-opt %s --allow-unregistered-dialect | FileCheck %s
// RUN: ir-opt %s --allow-unregistered-dialect --mlir-print-op-generic | ir-opt --allow-unregistered-dialect | FileCheck %s

func.func @ops(%x: f32, %c: complex<f32>, %i: i64) {
  %cst = complex.constant [0.1, -1.0] : complex<f64>
  %cst1 = complex.constant [0.1 : f32, -1.0 : f32] : complex<f32>
  %0 = complex.create %x, %x : complex<f32>
  %1 = complex.re %c : complex<f32>
  %2 = complex.im %c fastmath<nnan> : complex<f32>
  %3 = complex.abs %c : complex<f32>
  %4 = complex.angle %c fastmath<fast> : complex<f32>
  %5 = complex.add %c, %c : complex<f32>
  %6 = complex.sub %c, %c fastmath<nnan,ninf> : complex<f32>
  %7 = complex.mul %c, %c : complex<f32>
  %8 = complex.div %c, %c : complex<f32>
  %9 = complex.pow %c, %c : complex<f32>
  %10 = complex.atan2 %c, %c : complex<f32>
  %11 = complex.eq %c, %c : complex<f32>
  %12 = complex.neq %c, %c : complex<f32>
  %13 = complex.conj %c : complex<f32>
  %14 = complex.cos %c : complex<f32>
  %15 = complex.sin %c : complex<f32>
  %16 = complex.tan %c : complex<f32>
  %17 = complex.tanh %c : complex<f32>
  %18 = complex.exp %c : complex<f32>
  %19 = complex.expm1 %c : complex<f32>
  %20 = complex.log %c : complex<f32>
  %21 = complex.log1p %c : complex<f32>
  %22 = complex.neg %c : complex<f32>
  %23 = complex.sign %c : complex<f32>
  %24 = complex.sqrt %c : complex<f32>
  %25 = complex.rsqrt %c fastmath<afn> : complex<f32>
  %26 = complex.bitcast %c : complex<f32> to i64
  %27 = complex.bitcast %i : i64 to complex<f32>
  %28 = "test.op"() {value = #complex.number<:f64 1.0, -2.5>} : () -> complex<f64>
  return
}

// CHECK-LABEL: func.func @ops(%arg0: f32, %arg1: complex<f32>, %arg2: i64) {
// CHECK-NEXT: %cst = complex.constant [1.000000e-01, -1.000000e+00] : complex<f64>
// CHECK-NEXT: %cst_0 = complex.constant [1.000000e-01 : f32, -1.000000e+00 : f32] : complex<f32>
// CHECK-NEXT: %0 = complex.create %arg0, %arg0 : complex<f32>
// CHECK-NEXT: %1 = complex.re %arg1 : complex<f32>
// CHECK-NEXT: %2 = complex.im %arg1 fastmath<nnan> : complex<f32>
// CHECK-NEXT: %3 = complex.abs %arg1 : complex<f32>
// CHECK-NEXT: %4 = complex.angle %arg1 fastmath<fast> : complex<f32>
// CHECK-NEXT: %5 = complex.add %arg1, %arg1 : complex<f32>
// CHECK-NEXT: %6 = complex.sub %arg1, %arg1 fastmath<nnan,ninf> : complex<f32>
// CHECK-NEXT: %7 = complex.mul %arg1, %arg1 : complex<f32>
// CHECK-NEXT: %8 = complex.div %arg1, %arg1 : complex<f32>
// CHECK-NEXT: %9 = complex.pow %arg1, %arg1 : complex<f32>
// CHECK-NEXT: %10 = complex.atan2 %arg1, %arg1 : complex<f32>
// CHECK-NEXT: %11 = complex.eq %arg1, %arg1 : complex<f32>
// CHECK-NEXT: %12 = complex.neq %arg1, %arg1 : complex<f32>
// CHECK-NEXT: %13 = complex.conj %arg1 : complex<f32>
// CHECK-NEXT: %14 = complex.cos %arg1 : complex<f32>
// CHECK-NEXT: %15 = complex.sin %arg1 : complex<f32>
// CHECK-NEXT: %16 = complex.tan %arg1 : complex<f32>
// CHECK-NEXT: %17 = complex.tanh %arg1 : complex<f32>
// CHECK-NEXT: %18 = complex.exp %arg1 : complex<f32>
// CHECK-NEXT: %19 = complex.expm1 %arg1 : complex<f32>
// CHECK-NEXT: %20 = complex.log %arg1 : complex<f32>
// CHECK-NEXT: %21 = complex.log1p %arg1 : complex<f32>
// CHECK-NEXT: %22 = complex.neg %arg1 : complex<f32>
// CHECK-NEXT: %23 = complex.sign %arg1 : complex<f32>
// CHECK-NEXT: %24 = complex.sqrt %arg1 : complex<f32>
// CHECK-NEXT: %25 = complex.rsqrt %arg1 fastmath<afn> : complex<f32>
// CHECK-NEXT: %26 = complex.bitcast %arg1 : complex<f32> to i64
// CHECK-NEXT: %27 = complex.bitcast %arg2 : i64 to complex<f32>
// CHECK-NEXT: %28 = "test.op"() {value = #complex.number<:f64 1.000000e+00, -2.500000e+00> : complex<f64>} : () -> complex<f64>
// CHECK-NEXT: return
