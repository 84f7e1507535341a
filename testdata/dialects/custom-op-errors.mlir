// Errors raised inside a hand-written custom parser carry MLIR's `custom op 'name'` prefix
// exactly once (checked on whole diagnostic lines).
// RUN: not ir-opt %s --split-input-file 2>&1 | FileCheck %s

// CHECK: error: custom op 'affine.for' expected step to be representable as a positive signed integer{{$}}
func.func @negative_step() {
  affine.for %i = 0 to 8 step -1 {
  }
  return
}

// -----

// CHECK: error: custom op 'linalg.generic' unexpected iterator_type (sideways){{$}}
func.func @bad_iterator(%a: tensor<4xf32>) -> tensor<4xf32> {
  %0 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>], iterator_types = ["sideways"]} outs(%a : tensor<4xf32>) {
  ^bb0(%x: f32):
    linalg.yield %x : f32
  } -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
