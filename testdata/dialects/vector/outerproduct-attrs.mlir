// vector.outerproduct prints its attributes, the default kind included, only after an
// accumulator; without one they are left out altogether.
// RUN: ir-opt %s | FileCheck %s

// CHECK: vector.outerproduct %arg0, %arg1, %arg2 {kind = #vector.kind<add>} : vector<4xf32>, vector<8xf32>
// CHECK: vector.outerproduct %arg0, %arg1, %arg2 {kind = #vector.kind<maxnumf>, tst.x} : vector<4xf32>, vector<8xf32>
// CHECK: vector.outerproduct %arg0, %arg1 : vector<4xf32>, vector<8xf32>
// CHECK: vector.outerproduct %arg0, %arg3 : vector<4xf32>, f32
// CHECK: vector.outerproduct %arg0, %arg3, %arg4 {kind = #vector.kind<maxnumf>} : vector<4xf32>, f32
func.func @f(%a: vector<4xf32>, %b: vector<8xf32>, %c: vector<4x8xf32>, %s: f32, %d: vector<4xf32>) {
  %0 = vector.outerproduct %a, %b, %c : vector<4xf32>, vector<8xf32>
  %1 = vector.outerproduct %a, %b, %c {kind = #vector.kind<maxnumf>, tst.x} : vector<4xf32>, vector<8xf32>
  %2 = vector.outerproduct %a, %b {kind = #vector.kind<maxnumf>, tst.x} : vector<4xf32>, vector<8xf32>
  %3 = vector.outerproduct %a, %s {kind = #vector.kind<maxnumf>} : vector<4xf32>, f32
  %4 = vector.outerproduct %a, %s, %d {kind = #vector.kind<maxnumf>} : vector<4xf32>, f32
  return
}
