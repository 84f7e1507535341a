// The checks of a vector type's dimensions report at its `vector` keyword.
// RUN: not ir-opt %s 2>&1 | FileCheck %s

// CHECK: vector-type-error-column.mlir:[[@LINE+1]]:18: error: vector types must have positive constant sizes but got 0, 8
func.func @f(%a: vector<0x8xf16>) {
  return
}
