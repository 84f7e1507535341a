// complex.powi: a complex number to a signless integer power; its fastmath flags are optional
// (not defaulted), so the generic form only shows them when given.
// RUN: ir-opt %s | FileCheck %s
// RUN: ir-opt %s --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC

// CHECK: complex.powi %arg0, %arg1 : complex<f32>, i32
// CHECK: complex.powi %arg0, %arg2 fastmath<fast> : complex<f32>, i64
// CHECK: complex.powi %arg0, %arg1 fastmath<none> {tst.x} : complex<f32>, i32
// GENERIC: "complex.powi"(%arg0, %arg1) : (complex<f32>, i32) -> complex<f32>
// GENERIC: "complex.powi"(%arg0, %arg2) <{fastmath = #arith.fastmath<fast>}> : (complex<f32>, i64) -> complex<f32>
// GENERIC: "complex.powi"(%arg0, %arg1) <{fastmath = #arith.fastmath<none>}> {tst.x} : (complex<f32>, i32) -> complex<f32>
func.func @f(%c: complex<f32>, %i: i32, %j: i64) {
  %0 = complex.powi %c, %i : complex<f32>, i32
  %1 = complex.powi %c, %j fastmath<fast> : complex<f32>, i64
  %2 = complex.powi %c, %i fastmath<none> {tst.x} : complex<f32>, i32
  return
}
