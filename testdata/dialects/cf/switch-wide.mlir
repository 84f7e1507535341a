// cf.switch on flags wider than 64 bits: the case value is kept in the flag's width (the
// generic form shows -1), and the custom form prints its low 64 bits unsigned, as MLIR does.
// RUN: ir-opt %s | FileCheck %s
// RUN: ir-opt %s --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC

// CHECK-LABEL: func.func @switch_wide
// CHECK: default: ^bb1,
// CHECK-NEXT: 18446744073709551615: ^bb1
// GENERIC: case_values = dense<-1> : vector<1xi256>
func.func @switch_wide(%f: i256) {
  cf.switch %f : i256, [
    default: ^bb1,
    -1: ^bb1
  ]
^bb1:
  return
}
