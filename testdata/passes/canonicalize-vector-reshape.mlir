// vector.extract / vector.insert without a position are their source, a -1 position is poison;
// tensor.reshape of a reshape reads the first source, a same-type reshape of rank one is its
// source. Idempotent.
// RUN: ir-opt %s --canonicalize | FileCheck %s
// RUN: ir-opt %s --canonicalize --canonicalize | FileCheck %s

// CHECK-LABEL: func.func @vector_folds(%arg0: vector<4x8xf32>, %arg1: vector<8xf32>, %arg2: index) -> (vector<4x8xf32>, f32, vector<4x8xf32>, vector<8xf32>) {
// CHECK-NEXT: %0 = ub.poison : f32
// CHECK-NEXT: %1 = vector.extract %arg0[%arg2] : vector<8xf32> from vector<4x8xf32>
// CHECK-NEXT: return %arg0, %0, %arg0, %1 : vector<4x8xf32>, f32, vector<4x8xf32>, vector<8xf32>
// CHECK-NEXT: }
func.func @vector_folds(%v: vector<4x8xf32>, %s: vector<8xf32>, %i: index) -> (vector<4x8xf32>, f32, vector<4x8xf32>, vector<8xf32>) {
  %0 = vector.extract %v[] : vector<4x8xf32> from vector<4x8xf32>
  %1 = vector.extract %v[-1, 0] : f32 from vector<4x8xf32>
  %2 = vector.insert %v, %v [] : vector<4x8xf32> into vector<4x8xf32>
  %3 = vector.extract %v[%i] : vector<8xf32> from vector<4x8xf32>
  return %0, %1, %2, %3 : vector<4x8xf32>, f32, vector<4x8xf32>, vector<8xf32>
}

// CHECK-LABEL: func.func @reshapes(%arg0: tensor<*xf32>, %arg1: tensor<1xi32>, %arg2: tensor<2xi32>, %arg3: tensor<?xf32>, %arg4: tensor<1xi32>) -> (tensor<?x?xf32>, tensor<?xf32>) {
// CHECK-NEXT: %reshape = tensor.reshape %arg0(%arg2) : (tensor<*xf32>, tensor<2xi32>) -> tensor<?x?xf32>
// CHECK-NEXT: return %reshape, %arg3 : tensor<?x?xf32>, tensor<?xf32>
// CHECK-NEXT: }
func.func @reshapes(%t: tensor<*xf32>, %s1: tensor<1xi32>, %s2: tensor<2xi32>, %u: tensor<?xf32>, %s3: tensor<1xi32>) -> (tensor<?x?xf32>, tensor<?xf32>) {
  %a = tensor.reshape %t(%s1) : (tensor<*xf32>, tensor<1xi32>) -> tensor<?xf32>
  %b = tensor.reshape %a(%s2) : (tensor<?xf32>, tensor<2xi32>) -> tensor<?x?xf32>
  %c = tensor.reshape %u(%s3) : (tensor<?xf32>, tensor<1xi32>) -> tensor<?xf32>
  return %b, %c : tensor<?x?xf32>, tensor<?xf32>
}
