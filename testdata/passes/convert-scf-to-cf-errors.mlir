// --convert-scf-to-cf fails, leaving the IR as it was, when an illegal op has no lowering:
// an scf.forall with shared outputs (only bufferized ones become scf.parallel).
// RUN: ir-opt %s --split-input-file --convert-scf-to-cf --verify-diagnostics
// RUN: not ir-opt %s --split-input-file --convert-scf-to-cf 2>&1 | FileCheck %s

// CHECK: convert-scf-to-cf-errors.mlir:[[@LINE+3]]:8: error: failed to legalize operation 'scf.forall' that was explicitly marked illegal
func.func @shared_outs(%t: tensor<4xf32>, %c: i1) -> tensor<4xf32> {
  // expected-error@+1 {{failed to legalize operation 'scf.forall' that was explicitly marked illegal}}
  %r = scf.forall (%i) in (4) shared_outs(%o = %t) -> tensor<4xf32> {
    scf.forall.in_parallel {
    }
  }
  return %r : tensor<4xf32>
}
