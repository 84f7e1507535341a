// The verifier messages of the bufferization ops, each in its own split. (MLIR reports a
// to_tensor/to_buffer type mismatch as two errors, the first from the tensor type's
// compatibility check.)
// RUN: ir-opt %s -split-input-file -verify-diagnostics

func.func @a(%m: f32) {
  // expected-error@+1 {{'bufferization.to_tensor' op operand #0 must be BufferLikeType instance, but got 'f32'}}
  %0 = "bufferization.to_tensor"(%m) : (f32) -> tensor<4xf32>
  return
}

// -----

func.func @a(%m: tensor<4xf32>) {
  // expected-error@+1 {{'bufferization.to_buffer' op result #0 must be BufferLikeType instance, but got 'f32'}}
  %0 = "bufferization.to_buffer"(%m) : (tensor<4xf32>) -> f32
  return
}

// -----

func.func @a(%t: tensor<?xf32>, %d: index) {
  // expected-error@+1 {{dynamic sizes not needed when copying a tensor}}
  %0 = bufferization.alloc_tensor(%d) copy(%t) : tensor<?xf32>
  return
}

// -----

func.func @a(%t: tensor<?xf32>, %d: index) {
  // expected-error@+1 {{'bufferization.alloc_tensor' op incorrect number of dynamic sizes, has 0, expected 1}}
  %0 = bufferization.alloc_tensor() : tensor<?xf32>
  return
}

// -----

func.func @a(%t: tensor<4xf32>, %d: index) {
  // expected-error@+1 {{expected that `copy` and return type match}}
  %0 = "bufferization.alloc_tensor"(%t) <{operandSegmentSizes = array<i32: 0, 1, 0>}> : (tensor<4xf32>) -> tensor<5xf32>
  return
}

// -----

func.func @a(%t: tensor<4xf32>, %m: memref<4xf32>) {
  // expected-error@+1 {{'bufferization.materialize_in_destination' op memref 'dest' implies zero results}}
  %0 = bufferization.materialize_in_destination %t in %m : (tensor<4xf32>, memref<4xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @a(%t: tensor<4xf32>, %m: memref<4xf32>) {
  // expected-error@+1 {{'bufferization.materialize_in_destination' op 'writable' must be specified if and only if the destination is of memref type}}
  bufferization.materialize_in_destination %t in %m : (tensor<4xf32>, memref<4xf32>) -> ()
  return
}

// -----

func.func @a(%t: tensor<4xf32>, %u: tensor<4xf32>) {
  // expected-error@+1 {{'bufferization.materialize_in_destination' op 'restrict' is valid only for memref destinations}}
  %0 = bufferization.materialize_in_destination %t in restrict %u : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @a(%t: tensor<4xf32>, %u: tensor<4xf32>) {
  // expected-error@+1 {{'bufferization.materialize_in_destination' op tensor 'dest' implies exactly one tensor result}}
  bufferization.materialize_in_destination %t in %u : (tensor<4xf32>, tensor<4xf32>) -> ()
  return
}

// -----

func.func @a(%t: tensor<4xf32>, %u: tensor<5xf32>) {
  // expected-error@+1 {{'bufferization.materialize_in_destination' op source/destination shapes are incompatible}}
  %0 = bufferization.materialize_in_destination %t in %u : (tensor<4xf32>, tensor<5xf32>) -> tensor<5xf32>
  return
}

// -----

func.func @a(%t: tensor<4xf32>, %u: tensor<4xi32>) {
  // expected-error@+1 {{'bufferization.materialize_in_destination' op failed to verify that all of {source, dest} have same element type}}
  %0 = bufferization.materialize_in_destination %t in %u : (tensor<4xf32>, tensor<4xi32>) -> tensor<4xi32>
  return
}

// -----

func.func @a(%t: tensor<4xf32>, %u: tensor<?xf32>) {
  // expected-error@+1 {{'bufferization.materialize_in_destination' op result and 'dest' types must match}}
  %0 = bufferization.materialize_in_destination %t in %u : (tensor<4xf32>, tensor<?xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @a(%t: tensor<*xf32>, %u: tensor<4xf32>) {
  // expected-error@+1 {{'bufferization.materialize_in_destination' op source/destination shapes are incompatible}}
  %0 = bufferization.materialize_in_destination %t in %u : (tensor<*xf32>, tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @a(%t: tensor<4xf32>, %u: tensor<4x1xf32>) {
  // expected-error@+1 {{'bufferization.materialize_in_destination' op rank mismatch between source and destination shape}}
  %0 = bufferization.materialize_in_destination %t in %u : (tensor<4xf32>, tensor<4x1xf32>) -> tensor<4x1xf32>
  return
}

// -----

func.func @a(%m: memref<4xf32>, %c: i1) {
  // expected-error@+1 {{'bufferization.dealloc' op must have the same number of conditions as memrefs to deallocate}}
  bufferization.dealloc (%m, %m : memref<4xf32>, memref<4xf32>) if (%c)
  return
}

// -----

func.func @a(%m: memref<4xf32>, %c: i1) {
  // expected-error@+1 {{'bufferization.dealloc' op must have the same number of updated conditions (results) as retained operands}}
  "bufferization.dealloc"(%m, %c, %m) <{operandSegmentSizes = array<i32: 1, 1, 1>}> : (memref<4xf32>, i1, memref<4xf32>) -> ()
  return
}

// -----

func.func @a(%m: tensor<4xf32>) {
  // expected-error@+1 {{'bufferization.clone' op operand #0 must be ranked or unranked memref of any type values, but got 'tensor<4xf32>'}}
  %0 = "bufferization.clone"(%m) : (tensor<4xf32>) -> memref<4xf32>
  return
}

// -----

func.func @a(%m: memref<4xf32>) {
  // expected-error@+1 {{'bufferization.dealloc_tensor' op operand #0 must be tensor of any type values, but got 'memref<4xf32>'}}
  "bufferization.dealloc_tensor"(%m) : (memref<4xf32>) -> ()
  return
}

// -----

func.func @a(%m: memref<2x3xf32>) {
  // expected-error@+2 {{shapes do not match}}
  // expected-error@+1 {{'bufferization.to_tensor' op failed to verify that specified tensor and buffer types match}}
  %0 = bufferization.to_tensor %m : memref<2x3xf32> to tensor<3x2xf32>
  return
}

// -----

func.func @a(%t: tensor<8xi8>) {
  // expected-error@+2 {{element types do not match}}
  // expected-error@+1 {{'bufferization.to_buffer' op failed to verify that specified tensor and buffer types match}}
  %0 = bufferization.to_buffer %t : tensor<8xi8> to memref<8xi16, 1>
  return
}

// -----

func.func @a() {
  // expected-error@+1 {{custom op 'bufferization.alloc_tensor' invalid kind of type specified}}
  %0 = bufferization.alloc_tensor() : memref<2xf32>
  return
}

// -----

func.func @a(%d: index) {
  // expected-error@+1 {{'bufferization.alloc_tensor' op incorrect number of dynamic sizes, has 1, expected 0}}
  %0 = "bufferization.alloc_tensor"(%d) <{operandSegmentSizes = array<i32: 1, 0, 0>}> : (index) -> tensor<*xi32>
  return
}
