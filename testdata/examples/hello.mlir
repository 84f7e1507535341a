// A small program for the quick start: `ir-opt` parses, verifies and prints it back.
// RUN: ir-opt --allow-unregistered-dialect %s | ir-opt --allow-unregistered-dialect | FileCheck %s
// CHECK: #map = affine_map<(d0, d1) -> (d1, d0)>
// CHECK: func.func private @external(tensor<2x?xf32>, vector<4xf32>) -> i1
// CHECK: %0:2 = "test.pair"(%arg0) {value = dense<[1.500000e+00, 2.000000e+00]> : tensor<2xf32>} : (i64) -> (i64, i64)
!vec = vector<4xf32>
#id = affine_map<(d0, d1) -> (d1, d0)>
func.func private @external(tensor<2x?xf32>, !vec) -> i1
func.func @main(%arg0: i64, %arg1: f32 {test.attr = "in"}) -> (i64, f32) attributes {layout = #id} {
  %0:2 = "test.pair"(%arg0) {value = dense<[1.5, 2.0]> : tensor<2xf32>} : (i64) -> (i64, i64)
  "test.branch"(%0#1)[^bb1] : (i64) -> ()
^bb1:
  return %0#0, %arg1 : i64, f32
}
