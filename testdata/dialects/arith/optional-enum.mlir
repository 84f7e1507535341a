// An optional group anchored on an enum attribute (truncf's rounding mode) is only taken when
// the next keyword names one of the cases: `fastmath` after the operand starts the next group.
// RUN: ir-opt %s | FileCheck %s
// RUN: ir-opt %s --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC

// CHECK: arith.truncf %arg0 fastmath<fast> : vector<4xf32> to vector<4xf16>
// CHECK: arith.truncf %arg0 upward fastmath<nnan> : vector<4xf32> to vector<4xf16>
// CHECK: arith.truncf %arg0 fastmath<none> : vector<4xf32> to vector<4xf16>
// CHECK: arith.scaling_truncf %arg0, %arg1 fastmath<fast> : vector<4xf32>, vector<4xf8E8M0FNU> to vector<4xf16>
// GENERIC: "arith.truncf"(%arg0) <{fastmath = #arith.fastmath<none>}> : (vector<4xf32>) -> vector<4xf16>
func.func @f(%x: vector<4xf32>, %s: vector<4xf8E8M0FNU>) {
  %0 = arith.truncf %x fastmath<fast> : vector<4xf32> to vector<4xf16>
  %1 = arith.truncf %x upward fastmath<nnan> : vector<4xf32> to vector<4xf16>
  %2 = arith.truncf %x fastmath<none> : vector<4xf32> to vector<4xf16>
  %3 = arith.scaling_truncf %x, %s fastmath<fast> : vector<4xf32>, vector<4xf8E8M0FNU> to vector<4xf16>
  return
}
