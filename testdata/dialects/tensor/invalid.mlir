// Every verifier message of the tensor ops (and the operand/type count error of
// from_elements), each in its own split.
// RUN: ir-opt %s -split-input-file -verify-diagnostics

func.func @a(%t: tensor<8xf32>) {
  // expected-error@+1 {{slice along dimension 0 runs out-of-bounds: 9 >= 8}}
  %0 = tensor.extract_slice %t[6] [4] [1] : tensor<8xf32> to tensor<4xf32>
  return
}

// -----

func.func @a(%t: tensor<8xf32>) {
  // expected-error@+1 {{offset 0 is out-of-bounds: 9 >= 8}}
  %0 = tensor.extract_slice %t[9] [4] [1] : tensor<8xf32> to tensor<4xf32>
  return
}

// -----

func.func @a(%t: tensor<8xf32>) {
  // expected-error@+1 {{expected type to be 'tensor<4xf32>' or a rank-reduced version. (size mismatch)}}
  %0 = tensor.extract_slice %t[0] [4] [1] : tensor<8xf32> to tensor<5xf32>
  return
}

// -----

func.func @a(%t: tensor<8xf32>) {
  // expected-error@+1 {{expected rank to be smaller or equal to the other rank.}}
  %0 = tensor.extract_slice %t[0] [4] [1] : tensor<8xf32> to tensor<4x1xf32>
  return
}

// -----

func.func @a(%t: tensor<8xf32>) {
  // expected-error@+1 {{expected element type to be 'f32'}}
  %0 = tensor.extract_slice %t[0] [4] [1] : tensor<8xf32> to tensor<4xi32>
  return
}

// -----

func.func @a(%t: tensor<8xf32>) {
  // expected-error@+1 {{expected mixed offsets rank to match mixed sizes rank (2 vs 1) so the rank of the result type is well-formed.}}
  %0 = tensor.extract_slice %t[0, 0] [4] [1] : tensor<8xf32> to tensor<4xf32>
  return
}

// -----

func.func @a(%t: tensor<8xf32>) {
  // expected-error@+1 {{expected 1 size values, got 2}}
  %0 = tensor.extract_slice %t[0] [4, 1] [1, 1] : tensor<8xf32> to tensor<4xf32>
  return
}

// -----

func.func @a(%t: tensor<8xf32>) {
  // expected-error@+1 {{expected offsets to be non-negative, but got -1}}
  %0 = tensor.extract_slice %t[-1] [4] [1] : tensor<8xf32> to tensor<4xf32>
  return
}

// -----

func.func @a(%t: tensor<8xf32>) {
  // expected-error@+1 {{expected sizes to be non-negative, but got -4}}
  %0 = tensor.extract_slice %t[0] [-4] [1] : tensor<8xf32> to tensor<4xf32>
  return
}

// -----

func.func @a(%t: tensor<8xf32>, %s: tensor<4xf32>) {
  // expected-error@+1 {{slice along dimension 0 runs out-of-bounds: 9 >= 8}}
  %0 = tensor.insert_slice %s into %t[6] [4] [1] : tensor<4xf32> into tensor<8xf32>
  return
}

// -----

func.func @a(%t: tensor<8xf32>, %s: tensor<5xf32>) {
  // expected-error@+1 {{expected type to be 'tensor<4xf32>' or a rank-reduced version. (size mismatch)}}
  %0 = tensor.insert_slice %s into %t[0] [4] [1] : tensor<5xf32> into tensor<8xf32>
  return
}

// -----

func.func @a(%t: tensor<8xf32>, %s: tensor<4xf32>) {
  // expected-error@+1 {{expected InParallelOpInterface parent, got:}}
  tensor.parallel_insert_slice %s into %t[0] [4] [1] : tensor<4xf32> into tensor<8xf32>
  return
}

// -----

func.func @a(%t: tensor<8x?xf32>) {
  // expected-error@+1 {{specified type 'tensor<11x?xf32>' does not match the inferred type 'tensor<10x?xf32>'}}
  %0 = tensor.pad %t low[1, 1] high[1, 1] {
  ^bb0(%i: index, %j: index):
    %c = arith.constant 0.0 : f32
    tensor.yield %c : f32
  } : tensor<8x?xf32> to tensor<11x?xf32>
  return
}

// -----

func.func @a(%t: tensor<8x?xf32>) {
  // expected-error@+1 {{specified type 'tensor<10xf32>' does not match the inferred type 'tensor<10x?xf32>'}}
  %0 = tensor.pad %t low[1, 1] high[1, 1] {
  ^bb0(%i: index, %j: index):
    %c = arith.constant 0.0 : f32
    tensor.yield %c : f32
  } : tensor<8x?xf32> to tensor<10xf32>
  return
}

// -----

func.func @a(%t: tensor<8x?xf32>) {
  // expected-error@+1 {{failed to infer expectedType from sourceType 'tensor<8x?xf32>', specified resultType is 'tensor<10x?xf32>'}}
  %0 = tensor.pad %t low[1] high[1, 1] {
  ^bb0(%i: index, %j: index):
    %c = arith.constant 0.0 : f32
    tensor.yield %c : f32
  } : tensor<8x?xf32> to tensor<10x?xf32>
  return
}

// -----

func.func @a(%t: tensor<8x?xf32>) {
  // expected-error@+1 {{expected the block to have 2 arguments}}
  %0 = tensor.pad %t low[1, 1] high[1, 1] {
  ^bb0(%i: index):
    %c = arith.constant 0.0 : f32
    tensor.yield %c : f32
  } : tensor<8x?xf32> to tensor<10x?xf32>
  return
}

// -----

func.func @a(%t: tensor<8x?xf32>) {
  // expected-error@+1 {{'tensor.pad' op expected block argument 2 to be an index}}
  %0 = tensor.pad %t low[1, 1] high[1, 1] {
  ^bb0(%i: index, %j: i32):
    %c = arith.constant 0.0 : f32
    tensor.yield %c : f32
  } : tensor<8x?xf32> to tensor<10x?xf32>
  return
}

// -----

func.func @a(%t: tensor<8x?xf32>) {
  // expected-error@+1 {{'tensor.pad' op expected yield type to match shape element type}}
  %0 = tensor.pad %t low[1, 1] high[1, 1] {
  ^bb0(%i: index, %j: index):
    %c = arith.constant 0.0 : f64
    tensor.yield %c : f64
  } : tensor<8x?xf32> to tensor<10x?xf32>
  return
}

// -----

func.func @a(%m: index) {
  // expected-error@+1 {{must have one body argument per input dimension}}
  %0 = tensor.generate %m {
  ^bb0(%i: index):
    %c = arith.constant 0.0 : f32
    tensor.yield %c : f32
  } : tensor<?x3xf32>
  return
}

// -----

func.func @a(%m: index) {
  // expected-error@+1 {{all body arguments must be index}}
  %0 = tensor.generate %m {
  ^bb0(%i: index, %j: i32):
    %c = arith.constant 0.0 : f32
    tensor.yield %c : f32
  } : tensor<?x3xf32>
  return
}

// -----

func.func @a(%m: index) {
  // expected-error@+1 {{'tensor.generate' op body must be terminated with a `yield` operation of the tensor element type}}
  %0 = tensor.generate %m {
  ^bb0(%i: index, %j: index):
    %c = arith.constant 0 : i32
    tensor.yield %c : i32
  } : tensor<?x3xf32>
  return
}

// -----

func.func @a(%m: index) {
  // expected-error@+1 {{'tensor.generate' op incorrect number of dynamic sizes, has 2, expected 1}}
  %0 = tensor.generate %m, %m {
  ^bb0(%i: index, %j: index):
    %c = arith.constant 0.0 : f32
    tensor.yield %c : f32
  } : tensor<?x3xf32>
  return
}

// -----

func.func @a(%m: f32) {
  // expected-error@+1 {{'tensor.yield' op expects parent op to be one of 'tensor.generate, tensor.pad'}}
  tensor.yield %m : f32 }

// -----

func.func @a(%m: index) {
  // expected-error@+1 {{'tensor.empty' op incorrect number of dynamic sizes, has 2, expected 1}}
  %0 = tensor.empty(%m, %m) : tensor<?x3xf32>
  return
}

// -----

func.func @a(%t: tensor<4x4xf32>, %i: index) {
  // expected-error@+1 {{'tensor.extract' op incorrect number of indices for extract_element}}
  %0 = tensor.extract %t[%i] : tensor<4x4xf32>
  return
}

// -----

func.func @a(%t: tensor<4x4xf32>, %i: index, %f: f32) {
  // expected-error@+1 {{'tensor.insert' op incorrect number of indices}}
  %0 = tensor.insert %f into %t[%i] : tensor<4x4xf32>
  return
}

// -----

func.func @a(%t: tensor<f32>, %c: index) {
  
  // expected-error@+1 {{'tensor.dim' op operand #0 must be non-0-ranked or unranked tensor, but got 'tensor<f32>'}}
  %0 = tensor.dim %t, %c : tensor<f32>
  return
}

// -----

func.func @a(%f: f32, %m: index) {
  // expected-error@+1 {{'tensor.splat' op incorrect number of dynamic sizes, has 1, expected 2}}
  %0 = tensor.splat %f[%m] : tensor<?x?xf32>
  return
}

// -----

func.func @a(%f: f32) {
  // expected-error@+1 {{'tensor.from_elements' op failed to verify that operand types match result element type}}
  %0 = "tensor.from_elements"(%f) : (f32) -> tensor<2xf32>
  return
}

// -----

func.func @a(%f: f32) {
  // expected-error@+1 {{number of operands and types do not match: got 1 operands and 2 types}}
  %0 = tensor.from_elements %f : tensor<2xf32>
  return
}

// -----

func.func @a(%t: tensor<3x4xf32>, %u: tensor<3x5xf32>) {
  // expected-error@+1 {{'tensor.concat' op static concatenation size mismatch along non-concatenated dimension 1}}
  %0 = tensor.concat dim(0) %t, %u : (tensor<3x4xf32>, tensor<3x5xf32>) -> tensor<6x4xf32>
  return
}

// -----

func.func @a(%t: tensor<3x4xf32>, %u: tensor<3x4xf32>) {
  // expected-error@+1 {{'tensor.concat' op result type 'tensor<7x4xf32>'does not match inferred shape 'tensor<6x4xf32>' static sizes}}
  %0 = tensor.concat dim(0) %t, %u : (tensor<3x4xf32>, tensor<3x4xf32>) -> tensor<7x4xf32>
  return
}

// -----

func.func @a(%t: tensor<3x4xf32>, %u: tensor<3x4xf32>) {
  // expected-error@+1 {{'tensor.concat' op concatenation dim must be less than the tensor rank}}
  %0 = tensor.concat dim(2) %t, %u : (tensor<3x4xf32>, tensor<3x4xf32>) -> tensor<6x4xf32>
  return
}

// -----

func.func @a(%t: tensor<3x4xf32>, %u: tensor<3x4xi32>) {
  // expected-error@+1 {{'tensor.concat' op inputs and result element type must match}}
  %0 = tensor.concat dim(0) %t, %u : (tensor<3x4xf32>, tensor<3x4xi32>) -> tensor<6x4xf32>
  return
}

// -----

func.func @a(%t: tensor<3x4xf32>, %u: tensor<3xf32>) {
  // expected-error@+1 {{'tensor.concat' op rank of concatenated inputs must match result rank}}
  %0 = tensor.concat dim(0) %t, %u : (tensor<3x4xf32>, tensor<3xf32>) -> tensor<6x4xf32>
  return
}

// -----

func.func @a() {
  // expected-error@+1 {{'tensor.concat' op requires at least one input}}
  %0 = tensor.concat dim(0) : () -> tensor<6x4xf32>
  return
}

// -----

func.func @a(%t: tensor<4x5x6xf32>, %i: tensor<1x3x2xindex>) {
  // expected-error@+1 {{'tensor.gather' op result type mismatch: expected 'tensor<1x3x4x1x1xf32>' or its rank-reduced variant 'tensor<1x3x4xf32>' (got: 'tensor<1x3x4x1xf32>')}}
  %0 = tensor.gather %t[%i] gather_dims([1, 2]) : (tensor<4x5x6xf32>, tensor<1x3x2xindex>) -> tensor<1x3x4x1xf32>
  return
}

// -----

func.func @a(%t: tensor<4x5x6xf32>, %i: tensor<1x3x2xindex>) {
  // expected-error@+1 {{'tensor.gather' op gather_dims must be non-empty}}
  %0 = tensor.gather %t[%i] gather_dims([]) : (tensor<4x5x6xf32>, tensor<1x3x2xindex>) -> tensor<1x3x4x1xf32>
  return
}

// -----

func.func @a(%t: tensor<4x5x6xf32>, %i: tensor<1x3x2xindex>) {
  // expected-error@+1 {{'tensor.gather' op gather_dims overflow source rank}}
  %0 = tensor.gather %t[%i] gather_dims([1, 2, 0, 1]) : (tensor<4x5x6xf32>, tensor<1x3x2xindex>) -> tensor<1x3x4x1xf32>
  return
}

// -----

func.func @a(%t: tensor<4x5x6xf32>, %i: tensor<1x3x2xindex>) {
  // expected-error@+1 {{'tensor.gather' op gather_dims length must match the size of last dimension of indices}}
  %0 = tensor.gather %t[%i] gather_dims([1]) : (tensor<4x5x6xf32>, tensor<1x3x2xindex>) -> tensor<1x3x4x1xf32>
  return
}

// -----

func.func @a(%t: tensor<4x5x6xf32>, %i: tensor<1x3x2xindex>) {
  // expected-error@+1 {{'tensor.gather' op gather_dims value must be non-negative}}
  %0 = tensor.gather %t[%i] gather_dims([-1, 2]) : (tensor<4x5x6xf32>, tensor<1x3x2xindex>) -> tensor<1x3x4x1xf32>
  return
}

// -----

func.func @a(%t: tensor<4x5x6xf32>, %i: tensor<1x3x2xindex>) {
  // expected-error@+1 {{'tensor.gather' op gather_dims value must be smaller than source rank}}
  %0 = tensor.gather %t[%i] gather_dims([1, 3]) : (tensor<4x5x6xf32>, tensor<1x3x2xindex>) -> tensor<1x3x4x1xf32>
  return
}

// -----

func.func @a(%t: tensor<4x5x6xf32>, %i: tensor<1x3x2xindex>) {
  // expected-error@+1 {{'tensor.gather' op gather_dims values must be strictly increasing}}
  %0 = tensor.gather %t[%i] gather_dims([2, 1]) : (tensor<4x5x6xf32>, tensor<1x3x2xindex>) -> tensor<1x3x4x1xf32>
  return
}

// -----

func.func @a(%s: tensor<1x3x4xf32>, %t: tensor<4x5x6xf32>, %i: tensor<1x3x2xindex>) {
  // expected-error@+1 {{'tensor.scatter' op requires 'unique' attribute to be set}}
  %0 = tensor.scatter %s into %t[%i] scatter_dims([1, 2]) : (tensor<1x3x4xf32>, tensor<4x5x6xf32>, tensor<1x3x2xindex>) -> tensor<4x5x6xf32>
  return
}

// -----

func.func @a(%s: tensor<1x3x5xf32>, %t: tensor<4x5x6xf32>, %i: tensor<1x3x2xindex>) {
  // expected-error@+1 {{'tensor.scatter' op source type mismatch: expected 'tensor<1x3x4x1x1xf32>' or its rank-reduced variant 'tensor<1x3x4xf32>' (got: 'tensor<1x3x5xf32>')}}
  %0 = tensor.scatter %s into %t[%i] scatter_dims([1, 2]) unique : (tensor<1x3x5xf32>, tensor<4x5x6xf32>, tensor<1x3x2xindex>) -> tensor<4x5x6xf32>
  return
}

// -----

func.func @a(%t: tensor<4xf32>) {
  // expected-error@+1 {{'tensor.bitcast' op operand type 'tensor<4xf32>' and result type 'tensor<4xi64>' are cast incompatible}}
  %0 = tensor.bitcast %t : tensor<4xf32> to tensor<4xi64>
  return
}

// -----

func.func @a(%t: tensor<4xf32>) {
  // expected-error@+1 {{'tensor.cast' op operand type 'tensor<4xf32>' and result type 'tensor<5xf32>' are cast incompatible}}
  %0 = tensor.cast %t : tensor<4xf32> to tensor<5xf32>
  return
}

// -----

func.func @a(%t: tensor<4xf32>) {
  // expected-error@+1 {{'tensor.cast' op operand type 'tensor<4xf32>' and result type 'tensor<4xi32>' are cast incompatible}}
  %0 = tensor.cast %t : tensor<4xf32> to tensor<4xi32>
  return
}

// -----

func.func @a(%t: tensor<4x4xf32>, %s: tensor<2xi32>) {
  // expected-error@+1 {{'tensor.reshape' op source and destination tensor should have the same number of elements}}
  %0 = tensor.reshape %t(%s) : (tensor<4x4xf32>, tensor<2xi32>) -> tensor<4x5xf32>
  return
}

// -----

func.func @a(%t: tensor<4x4xf32>, %s: tensor<?xi32>) {
  // expected-error@+1 {{'tensor.reshape' op cannot use shape operand with dynamic length to reshape to statically-ranked tensor type}}
  %0 = tensor.reshape %t(%s) : (tensor<4x4xf32>, tensor<?xi32>) -> tensor<16xf32>
  return
}

// -----

func.func @a(%t: tensor<4x4xf32>, %s: tensor<2xi32>) {
  // expected-error@+1 {{'tensor.reshape' op length of shape operand differs from the result's tensor rank}}
  %0 = tensor.reshape %t(%s) : (tensor<4x4xf32>, tensor<2xi32>) -> tensor<16xf32>
  return
}

// -----

func.func @a(%t: tensor<4x4xf32>, %s: tensor<2xi32>) {
  // expected-error@+1 {{'tensor.reshape' op element types of source and destination tensor types should be the same}}
  %0 = tensor.reshape %t(%s) : (tensor<4x4xf32>, tensor<2xi32>) -> tensor<4x4xi32>
  return
}

// -----

func.func @a(%t: tensor<4x4xf32>, %s: tensor<2x2xi32>) {
  // expected-error@+1 {{'tensor.reshape' op operand #1 must be 1D tensor of signless integer or index values, but got 'tensor<2x2xi32>'}}
  %0 = tensor.reshape %t(%s) : (tensor<4x4xf32>, tensor<2x2xi32>) -> tensor<4x4xf32>
  return
}

// -----

func.func @a(%t: tensor<4x5xf32>) {
  // expected-error@+1 {{'tensor.collapse_shape' op expected dimension 0 of collapsed type to be static value of 20}}
  %0 = tensor.collapse_shape %t [[0, 1]] : tensor<4x5xf32> into tensor<21xf32>
  return
}

// -----

func.func @a(%t: tensor<4x?xf32>) {
  // expected-error@+1 {{'tensor.collapse_shape' op expected dimension 0 of collapsed type to be dynamic since one or more of the corresponding dimensions in the expanded type is dynamic}}
  %0 = tensor.collapse_shape %t [[0, 1]] : tensor<4x?xf32> into tensor<20xf32>
  return
}

// -----

func.func @a(%t: tensor<4x5xf32>) {
  // expected-error@+1 {{'tensor.collapse_shape' op expected dimension 0 of collapsed type to be static value of 20}}
  %0 = tensor.collapse_shape %t [[0, 1]] : tensor<4x5xf32> into tensor<?xf32>
  return
}

// -----

func.func @a(%t: tensor<4xf32>) {
  // expected-error@+1 {{'tensor.collapse_shape' op expected the expanded type, 'tensor<4xf32>' to have a higher (or same) rank than the collapsed type, 'tensor<4x1xf32>'.}}
  %0 = tensor.collapse_shape %t [[0]] : tensor<4xf32> into tensor<4x1xf32>
  return
}

// -----

func.func @a(%t: tensor<4x5xf32>) {
  // expected-error@+1 {{'tensor.collapse_shape' op expected collapsed rank (1) to equal the number of reassociation maps (2).}}
  %0 = tensor.collapse_shape %t [[0], [1]] : tensor<4x5xf32> into tensor<20xf32>
  return
}

// -----

func.func @a(%t: tensor<4x5xf32>) {
  // expected-error@+1 {{'tensor.collapse_shape' op expected reassociation map #0 to have size equal to the expanded rank (2), but it is  3.}}
  %0 = tensor.collapse_shape %t [[0, 1, 2]] : tensor<4x5xf32> into tensor<20xf32>
  return
}

// -----

func.func @a(%t: tensor<4x5xf32>) {
  // expected-error@+1 {{'tensor.collapse_shape' op expected reassociation map #0 to be valid and contiguous.}}
  %0 = tensor.collapse_shape %t [[1, 0]] : tensor<4x5xf32> into tensor<20xf32>
  return
}

// -----

func.func @a(%t: tensor<4x5x6xf32>) {
  // expected-error@+1 {{'tensor.collapse_shape' op expected reassociation map #1 to be valid and contiguous.}}
  %0 = tensor.collapse_shape %t [[0], [2]] : tensor<4x5x6xf32> into tensor<4x6xf32>
  return
}

// -----

func.func @a(%t: tensor<20xf32>) {
  // expected-error@+1 {{'tensor.expand_shape' op expected dimension 0 of collapsed type to be static value of 24}}
  %0 = tensor.expand_shape %t [[0, 1]] output_shape [4, 6] : tensor<20xf32> into tensor<4x6xf32>
  return
}

// -----

func.func @a(%t: tensor<20xf32>) {
  // expected-error@+1 {{'tensor.expand_shape' op expected number of static shape dims to be equal to the output rank (2) but found 1 inputs instead}}
  %0 = tensor.expand_shape %t [[0, 1]] output_shape [4] : tensor<20xf32> into tensor<4x5xf32>
  return
}

// -----

func.func @a(%t: tensor<20xf32>, %i: index) {
  %0 = tensor.expand_shape %t [[0, 1]] output_shape [4, 5] : tensor<20xf32> into tensor<4x5xf32>
  // expected-error@+1 {{'tensor.expand_shape' op mismatch in dynamic dims in output_shape and static_output_shape: static_output_shape has 0 dynamic dims while output_shape has 1 values}}
  %1 = "tensor.expand_shape"(%t, %i) <{reassociation = [[0, 1]], static_output_shape = array<i64: 4, 5>}> : (tensor<20xf32>, index) -> tensor<4x5xf32>
  return
}

// -----

func.func @a(%t: tensor<4x5xf32>) {
  // expected-error@+1 {{'tensor.collapse_shape' op attribute 'reassociation' failed to satisfy constraint: Array of 64-bit integer array attributes}}
  %0 = "tensor.collapse_shape"(%t) <{reassociation = [1]}> : (tensor<4x5xf32>) -> tensor<20xf32>
  return
}

// -----

func.func @a(%t: tensor<?x?xf32>) {
  // expected-error@+1 {{'tensor.collapse_shape' op expected dimension 0 of collapsed type to be dynamic since one or more of the corresponding dimensions in the expanded type is dynamic}}
  %0 = tensor.collapse_shape %t [[0, 1]] : tensor<?x?xf32> into tensor<20xf32>
  return
}

// -----

func.func @a(%t: tensor<20xf32>, %i: index) {
  // expected-error@+1 {{'tensor.expand_shape' op expected dimension 0 of collapsed type to be dynamic since one or more of the corresponding dimensions in the expanded type is dynamic}}
  %0 = tensor.expand_shape %t [[0, 1]] output_shape [%i, %i] : tensor<20xf32> into tensor<?x?xf32>
  return
}

// -----

func.func @a(%t: tensor<4x5xf32>) {
  %0 = tensor.extract_slice %t[0, 0] [0, 5] [1, 1] : tensor<4x5xf32> to tensor<0x5xf32>
  // expected-error@+1 {{offset 0 is out-of-bounds: 4 >= 4}}
  %1 = tensor.extract_slice %t[4, 0] [0, 5] [1, 1] : tensor<4x5xf32> to tensor<0x5xf32>
  return
}

// -----

func.func @extract_slice_dynamic_count(%t: tensor<8xf32>, %i: index) -> tensor<4xf32> {
  // expected-error@+1 {{expected the number of 'offsets' to match the number of dynamic entries in 'static_offsets' (1 vs 0)}}
  %0 = "tensor.extract_slice"(%t, %i) <{operandSegmentSizes = array<i32: 1, 1, 0, 0>, static_offsets = array<i64: 0>, static_sizes = array<i64: 4>, static_strides = array<i64: 1>}> : (tensor<8xf32>, index) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
