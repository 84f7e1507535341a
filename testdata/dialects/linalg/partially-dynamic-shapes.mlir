// The structured-op verifier compares operand shapes with the loop ranges only when every loop
// range is static: with a dynamic one, mismatched static dimensions are not its business.
// RUN: ir-opt %s | FileCheck %s

// CHECK: linalg.generic {{.*}} ins(%arg0 : tensor<?x4xf32>) outs(%arg1 : tensor<3x5xf32>)
func.func @f(%a: tensor<?x4xf32>, %b: tensor<3x5xf32>) -> tensor<3x5xf32> {
  %0 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%a : tensor<?x4xf32>) outs(%b : tensor<3x5xf32>) {
  ^bb0(%x: f32, %y: f32):
    linalg.yield %x : f32
  } -> tensor<3x5xf32>
  return %0 : tensor<3x5xf32>
}
