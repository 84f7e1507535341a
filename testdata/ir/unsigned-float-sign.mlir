// f8E8M0FNU has no sign bit, yet mlir-opt 22 accepts a negative literal for it: the float
// attribute keeps the sign (APFloat's flag) and prints it back, while an element of a dense
// literal or a dense array is stored with LLVM's bit pattern, where the sign lands on the
// exponent's top bit (-1.0 becomes 0xFF, the NaN). A negative zero or an underflow gives the
// smallest value, positive; an overflow gives the NaN.
// RUN: ir-opt %s --allow-unregistered-dialect | FileCheck %s
// RUN: ir-opt %s --allow-unregistered-dialect --mlir-print-op-generic | ir-opt --allow-unregistered-dialect | FileCheck %s
// RUN: ir-opt %s --allow-unregistered-dialect --canonicalize | FileCheck %s --check-prefix=FOLD

// CHECK: "tst.scalars"() {a = -1.000000e+00 : f8E8M0FNU, b = -4.000000e+00 : f8E8M0FNU, c = 5.877470e-39 : f8E8M0FNU, d = 5.877470e-39 : f8E8M0FNU, e = 0xFF : f8E8M0FNU, f = -5.877470e-39 : f8E8M0FNU}
"tst.scalars"() {a = -1.0 : f8E8M0FNU, b = -3.0 : f8E8M0FNU, c = -0.0 : f8E8M0FNU, d = -1.0e-40 : f8E8M0FNU, e = -1.0e39 : f8E8M0FNU, f = -5.877470e-39 : f8E8M0FNU} : () -> ()

// CHECK: "tst.elements"() {a = dense<[0xFF, 1.000000e+00]> : tensor<2xf8E8M0FNU>, b = dense<4.000000e+00> : tensor<2xf8E8M0FNU>, c = dense<2.000000e+00> : tensor<2xf8E8M0FNU>, d = array<f8E8M0FNU: 0xFF, 5.877470e-39>}
"tst.elements"() {a = dense<[-1.0, 1.0]> : tensor<2xf8E8M0FNU>, b = dense<-3.0> : tensor<2xf8E8M0FNU>, c = dense<-5.877470e-39> : tensor<2xf8E8M0FNU>, d = array<f8E8M0FNU: -1.0, -0.0>} : () -> ()

// A negative value and its positive twin are different attributes: no merging.
// FOLD-LABEL: func.func @fold
// FOLD-NEXT: %[[M1:.*]] = arith.constant -1.000000e+00 : f8E8M0FNU
// FOLD-NEXT: %[[M4:.*]] = arith.constant -4.000000e+00 : f8E8M0FNU
// FOLD-NEXT: %[[P1:.*]] = arith.constant 1.000000e+00 : f8E8M0FNU
// FOLD-NEXT: %[[MIN:.*]] = arith.constant 5.877470e-39 : f8E8M0FNU
// FOLD-NEXT: %[[BITS:.*]] = arith.constant -1 : i8
// FOLD-NEXT: return %[[M4]], %[[M1]], %[[P1]], %[[MIN]], %[[M1]], %[[BITS]]
func.func @fold() -> (f8E8M0FNU, f8E8M0FNU, f8E8M0FNU, f8E8M0FNU, f8E8M0FNU, i8) {
  %i = arith.constant -3 : i32
  %s = arith.sitofp %i : i32 to f8E8M0FNU
  %one = arith.constant 1.0 : f8E8M0FNU
  %two = arith.constant 2.0 : f8E8M0FNU
  %d = arith.subf %one, %two : f8E8M0FNU
  %m = arith.constant -1.0 : f8E8M0FNU
  %n = arith.negf %m : f8E8M0FNU
  %z = arith.addf %m, %one : f8E8M0FNU
  %p = arith.mulf %m, %one : f8E8M0FNU
  %b = arith.bitcast %m : f8E8M0FNU to i8
  return %s, %d, %n, %z, %p, %b : f8E8M0FNU, f8E8M0FNU, f8E8M0FNU, f8E8M0FNU, f8E8M0FNU, i8
}
