// Diagnostics of the linalg verifiers and parsers, as mlir-opt 22 words them.
// RUN: ir-opt %s -split-input-file -verify-diagnostics

func.func @t1(%a: tensor<16x32xf32>, %b: tensor<32x16x1xf32>) {
  // expected-error @+1 {{'linalg.transpose' op input rank 2 does not match init rank 3}}
  %0 = linalg.transpose ins(%a : tensor<16x32xf32>) outs(%b : tensor<32x16x1xf32>) permutation = [1, 0]
  return
}
// -----
func.func @t2(%a: tensor<16x32xf32>, %b: tensor<32x16xf32>) {
  // expected-error @+1 {{'linalg.transpose' op permutation is not valid}}
  %0 = linalg.transpose ins(%a : tensor<16x32xf32>) outs(%b : tensor<32x16xf32>) permutation = [1, 1]
  return
}
// -----
func.func @t3(%a: tensor<16x32xf32>, %b: tensor<32x16xf32>) {
  // expected-error @+1 {{'linalg.transpose' op dim(result, 0) = 32 doesn't match dim(input, permutation[0]) = 16}}
  %0 = linalg.transpose ins(%a : tensor<16x32xf32>) outs(%b : tensor<32x16xf32>) permutation = [0, 1]
  return
}
// -----
func.func @b1(%a: tensor<4xf32>, %b: tensor<3x4x5xf32>) {
  // expected-error @+1 {{'linalg.broadcast' op input rank plus added dimensions does not match init rank. input rank: 1, dimensions size: 1, init rank: 3}}
  %0 = linalg.broadcast ins(%a : tensor<4xf32>) outs(%b : tensor<3x4x5xf32>) dimensions = [0]
  return
}
// -----
func.func @b2(%a: tensor<3xf32>, %b: tensor<4x5xf32>) {
  // expected-error @+1 {{'linalg.broadcast' op input dim 0 should match init dim 0. input: 3, init: 4}}
  %0 = linalg.broadcast ins(%a : tensor<3xf32>) outs(%b : tensor<4x5xf32>) dimensions = [1]
  return
}
// -----
func.func @r1(%a: tensor<10x20xf32>, %b: tensor<10xf32>) {
  // expected-error @+1 {{'linalg.reduce' op init dimensions [10] doesn't match input dimensions after reduction [20]}}
  %0 = linalg.reduce ins(%a : tensor<10x20xf32>) outs(%b : tensor<10xf32>) dimensions = [0] (%x: f32, %y: f32) {
    %1 = arith.addf %x, %y : f32
    linalg.yield %1 : f32
  }
  return
}
// -----
func.func @r2(%a: tensor<10x20xf32>, %b: tensor<10xi32>) {
  // expected-error @+1 {{'linalg.reduce' op output element type 'i32' does not match corresponding block argument type 'f32'}}
  %0 = linalg.reduce ins(%a : tensor<10x20xf32>) outs(%b : tensor<10xi32>) dimensions = [1] (%x: f32, %y: f32) {
    linalg.yield %y : f32
  }
  return
}
// -----
func.func @r3(%a: tensor<10x20xf32>, %b: tensor<10xf32>) {
  // expected-error @+1 {{'linalg.reduce' op number of dimensions after reduction 0 doesn't match the init rank 1}}
  %0 = linalg.reduce ins(%a : tensor<10x20xf32>) outs(%b : tensor<10xf32>) dimensions = [0, 1] (%x: f32, %y: f32) {
    linalg.yield %y : f32
  }
  return
}
// -----
func.func @g1(%a: tensor<4x8xf32>) -> tensor<8x4xf32> {
  // expected-error @+1 {{'linalg.generic' op expected type of operand #1 ('tensor<4x8xf32>') to match type of corresponding result ('tensor<8x4xf32>')}}
  %0 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1, d0)>], iterator_types = ["parallel", "parallel"]} ins(%a : tensor<4x8xf32>) outs(%a : tensor<4x8xf32>) {
  ^bb0(%x: f32, %y: f32):
    linalg.yield %x : f32
  } -> tensor<8x4xf32>
  return %0 : tensor<8x4xf32>
}
// -----
func.func @g2(%a: tensor<4x8xf32>) {
  // expected-error @+1 {{'linalg.generic' op expected the number of indexing_map (1) to be equal to the number of input/output operands (2)}}
  %0 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%a : tensor<4x8xf32>) outs(%a : tensor<4x8xf32>) {
  ^bb0(%x: f32, %y: f32):
    linalg.yield %x : f32
  } -> tensor<4x8xf32>
  return
}
// -----
func.func @g3(%a: tensor<4x8xf32>) {
  // expected-error @+1 {{'linalg.generic' op inferred input/output operand #0 has shape's dimension #1 to be 4, but found 8}}
  %0 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0, d0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%a : tensor<4x8xf32>) outs(%a : tensor<4x8xf32>) {
  ^bb0(%x: f32, %y: f32):
    linalg.yield %x : f32
  } -> tensor<4x8xf32>
  return
}
// -----
func.func @g4(%a: tensor<4x8xf32>) {
  // expected-error @+1 {{'linalg.generic' op expected operand #0 rank (2) to match the result rank of indexing_map (1)}}
  %0 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%a : tensor<4x8xf32>) outs(%a : tensor<4x8xf32>) {
  ^bb0(%x: f32, %y: f32):
    linalg.yield %x : f32
  } -> tensor<4x8xf32>
  return
}
// -----
func.func @g5(%a: tensor<4x8xf32>, %b: tensor<4x9xf32>) {
  // expected-error @+1 {{'linalg.generic' op inferred input/output operand #1 has shape's dimension #1 to be 8, but found 9}}
  %0 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%a : tensor<4x8xf32>) outs(%b : tensor<4x9xf32>) {
  ^bb0(%x: f32, %y: f32):
    linalg.yield %x : f32
  } -> tensor<4x9xf32>
  return
}
// -----
func.func @g6(%a: tensor<4x8xf32>) {
  // expected-error @+1 {{'linalg.generic' op expected type of bb argument #1 ('i32') to match element or self type of the corresponding operand ('f32')}}
  %0 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%a : tensor<4x8xf32>) outs(%a : tensor<4x8xf32>) {
  ^bb0(%x: f32, %y: i32):
    linalg.yield %x : f32
  } -> tensor<4x8xf32>
  return
}
// -----
func.func @g7(%a: tensor<4x8xf32>) {
  %0 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%a : tensor<4x8xf32>) outs(%a : tensor<4x8xf32>) {
  ^bb0(%x: f32, %y: f32):
    // expected-error @+1 {{'linalg.yield' op expected number of yield values (2) to match the number of inits / outs operands of the enclosing LinalgOp (1)}}
    linalg.yield %x, %y : f32, f32
  } -> tensor<4x8xf32>
  return
}
// -----
func.func @g8(%a: tensor<4x8xf32>) {
  %0 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%a : tensor<4x8xf32>) outs(%a : tensor<4x8xf32>) {
  ^bb0(%x: f32, %y: f32):
    // expected-error @+1 {{'linalg.index' op expected dim (2) to be lower than the number of loops (2) of the enclosing LinalgOp}}
    %i = linalg.index 2 : index
    linalg.yield %x : f32
  } -> tensor<4x8xf32>
  return
}
// -----
func.func @g9(%a: tensor<4x8xf32>) {
  %0 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%a : tensor<4x8xf32>) outs(%a : tensor<4x8xf32>) {
  ^bb0(%x: f32, %y: f32):
    %c = arith.constant 0 : i32
    // expected-error @+1 {{'linalg.yield' op type of yield operand 1 ('i32') doesn't match the element type of the enclosing linalg.generic op ('f32')}}
    linalg.yield %c : i32
  } -> tensor<4x8xf32>
  return
}
// -----
func.func @y1(%x: f32) {
  // expected-error @+1 {{'linalg.yield' op expected parent op with LinalgOp interface}}
  linalg.yield %x : f32
}
// -----
func.func @i1() {
  // expected-error @+1 {{'linalg.index' op expected parent op with LinalgOp interface}}
  %i = linalg.index 0 : index
  return
}
// -----
func.func @m1(%a: tensor<4x8xf32>, %b: tensor<4x9xf32>) {
  // expected-error @+1 {{'linalg.map' op expected shape of input (4, 8) to match shape of output (4, 9)}}
  %0 = linalg.map { arith.negf } ins(%a : tensor<4x8xf32>) outs(%b : tensor<4x9xf32>)
  return
}
// -----
func.func @e1(%a: tensor<4x8xf32>, %b: tensor<4x8xi32>) {
  // expected-error @+1 {{'linalg.matmul' op inferred input/output operand #1 has shape's dimension #0 to be 8, but found 4}}
  %0 = linalg.matmul ins(%a, %a : tensor<4x8xf32>, tensor<4x8xf32>) outs(%a : tensor<4x8xf32>) -> tensor<4x8xf32>
  return
}
// -----
func.func @du(%a: tensor<4xf32>) {
  // expected-error @+1 {{custom op 'linalg.div_unsigned' unsupported operation: unsigned div not on uint}}
  %0 = linalg.div_unsigned ins(%a, %a : tensor<4xf32>, tensor<4xf32>) outs(%a : tensor<4xf32>) -> tensor<4xf32>
  return
}
// -----
func.func @dps(%a: tensor<4xf32>, %m: memref<4xf32>) {
  // expected-error @+1 {{'linalg.exp' op expected the number of tensor results (1) to be equal to the number of output tensors (0)}}
  %0 = linalg.exp ins(%a : tensor<4xf32>) outs(%m : memref<4xf32>) -> tensor<4xf32>
  return
}
// -----
func.func @gd(%a: tensor<4xf32>) {
  // expected-error @+1 {{'linalg.generic' op expected indexing_map #0 to have 2 dim(s) to match the number of loops}}
  %0 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel", "parallel"]} ins(%a : tensor<4xf32>) outs(%a : tensor<4xf32>) {
  ^bb0(%x: f32, %y: f32):
    linalg.yield %x : f32
  } -> tensor<4xf32>
  return
}
// -----
func.func @gi(%a: tensor<4xf32>) {
  // expected-error @+1 {{custom op 'linalg.generic' unexpected iterator_type (sideways)}}
  %0 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["sideways"]} ins(%a : tensor<4xf32>) outs(%a : tensor<4xf32>) {
  ^bb0(%x: f32, %y: f32):
    linalg.yield %x : f32
  } -> tensor<4xf32>
  return
}
// -----
func.func @f(%a: tensor<4xf32>) {
  // expected-error @+1 {{custom op 'linalg.exp' number of operands and types do not match: got 2 operands and 1 types}}
  %0 = linalg.exp ins(%a, %a : tensor<4xf32>) outs(%a : tensor<4xf32>) -> tensor<4xf32>
  return
}
// -----
func.func @f(%a: tensor<4xf32>) {
  // expected-error @+1 {{custom op 'linalg.generic' expected "iterator_types" array attribute}}
  %0 = linalg.generic {iterator_types = 3} ins(%a : tensor<4xf32>) outs(%a : tensor<4xf32>) {
  ^bb0(%x: f32, %y: f32):
    linalg.yield %x : f32
  } -> tensor<4xf32>
  return
}

// -----

func.func @f(%p: tensor<128x256xf32>, %q: tensor<16x8x8x32xf32>) {
  // expected-error@+1 {{'linalg.pack' op failed to verify that result type matches type of dest}}
  %0 = "linalg.pack"(%p, %q) <{inner_dims_pos = array<i64: 0, 1>, operandSegmentSizes = array<i32: 1, 1, 0, 0>, static_inner_tiles = array<i64: 8, 32>}> : (tensor<128x256xf32>, tensor<16x8x8x32xf32>) -> tensor<16x8x8x32xf16>
  return
}

// -----

func.func @f(%p: tensor<128x256xf32>, %q: tensor<16x8x8x32xf32>) {
  // expected-error@+1 {{invalid zero tile factor}}
  %0 = linalg.pack %p inner_dims_pos = [0, 1] inner_tiles = [0, 32] into %q : tensor<128x256xf32> -> tensor<16x8x8x32xf32>
  return
}

// -----

func.func @f(%p: tensor<128x256xf32>, %q: tensor<16x8x8x32xf32>) {
  // expected-error@+1 {{invalid inner_dims_pos vector}}
  %0 = linalg.pack %p inner_dims_pos = [0, 2] inner_tiles = [8, 32] into %q : tensor<128x256xf32> -> tensor<16x8x8x32xf32>
  return
}

// -----

func.func @f(%p: tensor<128x256xf32>, %q: tensor<16x8x8x32xf32>) {
  // expected-error@+1 {{invalid outer_dims_perm vector}}
  %0 = linalg.pack %p outer_dims_perm = [0, 0] inner_dims_pos = [0, 1] inner_tiles = [8, 32] into %q : tensor<128x256xf32> -> tensor<16x8x8x32xf32>
  return
}

// -----

func.func @f(%p: tensor<128x256xf32>, %q: tensor<16x8x8x32xf32>) {
  // expected-error@+1 {{outer_dims_perm must be a permutation or empty}}
  %0 = linalg.pack %p outer_dims_perm = [0] inner_dims_pos = [0, 1] inner_tiles = [8, 32] into %q : tensor<128x256xf32> -> tensor<16x8x8x32xf32>
  return
}

// -----

func.func @f(%p: tensor<128x256xf32>, %q: tensor<16x8x8x32xf32>) {
  // expected-error@+1 {{tiling factors must be less than or equal to the input rank for pack or output rank for unpack}}
  %0 = linalg.pack %p inner_dims_pos = [0, 1] inner_tiles = [8, 32, 4] into %q : tensor<128x256xf32> -> tensor<16x8x8x32xf32>
  return
}

// -----

func.func @f(%p: tensor<128x256xf32>, %q: tensor<16x8x8x32xf32>) {
  // expected-error@+1 {{tiling factors must equal the number of dimensions to tile}}
  %0 = linalg.pack %p inner_dims_pos = [0] inner_tiles = [8, 32] into %q : tensor<128x256xf32> -> tensor<16x8x8x32xf32>
  return
}

// -----

func.func @f(%p: tensor<128x256xf32>, %q: tensor<16x8x8xf32>) {
  // expected-error@+1 {{packed rank != (unpacked rank + num tiling factors), got 3 != 4}}
  %0 = linalg.pack %p inner_dims_pos = [0, 1] inner_tiles = [8, 32] into %q : tensor<128x256xf32> -> tensor<16x8x8xf32>
  return
}

// -----

func.func @f(%p: tensor<128x256xf32>, %q: tensor<16x8x8x16xf32>) {
  // expected-error@+1 {{mismatch in inner tile sizes specified and shaped of tiled dimension in the packed type}}
  %0 = linalg.pack %p inner_dims_pos = [0, 1] inner_tiles = [8, 32] into %q : tensor<128x256xf32> -> tensor<16x8x8x16xf32>
  return
}

// -----

func.func @f(%p: tensor<128x256xf32>, %q: tensor<15x8x8x32xf32>) {
  // expected-error@+1 {{expected 'tensor<16x8x8x32xf32>' for the packed domain value, got 'tensor<15x8x8x32xf32>'}}
  %0 = linalg.pack %p inner_dims_pos = [0, 1] inner_tiles = [8, 32] into %q : tensor<128x256xf32> -> tensor<15x8x8x32xf32>
  return
}

// -----

func.func @f(%p: tensor<128x256xf32>, %q: tensor<16x8x8x32xf32>, %x: f16) {
  // expected-error@+1 {{'linalg.pack' op expected padding_value has 'f32' but got: 'f16'}}
  %0 = linalg.pack %p padding_value(%x : f16) inner_dims_pos = [0, 1] inner_tiles = [8, 32] into %q : tensor<128x256xf32> -> tensor<16x8x8x32xf32>
  return
}

// -----

func.func @f(%p: tensor<130x256xf32>, %q: tensor<17x8x8x32xf32>) {
  // expected-error@+1 {{'linalg.pack' op invalid tile factor or output size provided. Only full tiles are supported when padding_value is not set}}
  %0 = linalg.pack %p inner_dims_pos = [0, 1] inner_tiles = [8, 32] into %q : tensor<130x256xf32> -> tensor<17x8x8x32xf32>
  return
}

// -----

func.func @f(%p: tensor<130x256xf32>, %q: tensor<17x8x?x32xf32>, %n: index) {
  // expected-error@+1 {{'linalg.pack' op invalid tile factor or output size provided. Only full tiles are supported when padding_value is not set}}
  %0 = linalg.pack %p inner_dims_pos = [0, 1] inner_tiles = [%n, 32] into %q : tensor<130x256xf32> -> tensor<17x8x?x32xf32>
  return
}

// -----

func.func @f(%p: tensor<128x256xf32>, %q: tensor<16x8x8x32xf32>) {
  // expected-error@+1 {{mismatch in inner tile sizes specified and shaped of tiled dimension in the packed type}}
  %0 = linalg.unpack %q inner_dims_pos = [0, 1] inner_tiles = [8, 16] into %p : tensor<16x8x8x32xf32> -> tensor<128x256xf32>
  return
}

// -----

func.func @f(%t: tensor<2x16x32xf32>, %h: tensor<2x16x32xf16>) {
  // expected-error@+1 {{'linalg.softmax' op failed to verify that input and output have same element type}}
  %0 = linalg.softmax dimension(1) ins(%t : tensor<2x16x32xf32>) outs(%h : tensor<2x16x32xf16>) -> tensor<2x16x32xf16>
  return
}

// -----

func.func @f(%t: tensor<2x16x32xf32>, %u: tensor<2x16x8xf32>) {
  // expected-error@+1 {{'linalg.softmax' op incompatible output shape}}
  %0 = linalg.softmax dimension(1) ins(%t : tensor<2x16x32xf32>) outs(%u : tensor<2x16x8xf32>) -> tensor<2x16x8xf32>
  return
}

// -----

func.func @f(%t: tensor<2x16x32xf32>) {
  // expected-error@+1 {{'linalg.softmax' op incorrect dimension specified}}
  %0 = linalg.softmax dimension(3) ins(%t : tensor<2x16x32xf32>) outs(%t : tensor<2x16x32xf32>) -> tensor<2x16x32xf32>
  return
}

// -----

func.func @f(%t: tensor<2x16x32xf32>) {
  // expected-error@+1 {{'linalg.softmax' op expected the number of tensor results (0) to be equal to the number of output tensors (1)}}
  linalg.softmax dimension(1) ins(%t : tensor<2x16x32xf32>) outs(%t : tensor<2x16x32xf32>)
  return
}

// -----

func.func @f(%t: tensor<2x16x32xf32>, %m: tensor<?x16x32xf32>) {
  // expected-error@+1 {{'linalg.softmax' op expected type of operand #1 ('tensor<?x16x32xf32>') to match type of corresponding result ('tensor<2x16x32xf32>')}}
  %0 = linalg.softmax dimension(1) ins(%t : tensor<2x16x32xf32>) outs(%m : tensor<?x16x32xf32>) -> tensor<2x16x32xf32>
  return
}

// -----

func.func @f(%a: tensor<2x3x3xf32>, %b: tensor<6x6x5x2xf32>) {
  // expected-error@+1 {{'linalg.winograd_filter_transform' op operand #0 must be 4D tensor of any type values, but got 'tensor<2x3x3xf32>'}}
  %0 = "linalg.winograd_filter_transform"(%a, %b) <{fmr = 1 : i32}> : (tensor<2x3x3xf32>, tensor<6x6x5x2xf32>) -> tensor<6x6x5x2xf32>
  return
}

// -----

func.func @f(%a: tensor<2x4x3x5xf32>, %b: tensor<6x6x5x2xf32>) {
  // expected-error@+1 {{'linalg.winograd_filter_transform' op expect filter height either equals to r or 1}}
  %0 = linalg.winograd_filter_transform fmr(F_4_3) ins(%a : tensor<2x4x3x5xf32>) outs(%b : tensor<6x6x5x2xf32>) -> tensor<6x6x5x2xf32>
  return
}

// -----

func.func @f(%a: tensor<2x3x3x5xf32>, %b: tensor<6x5x5x2xf32>) {
  // expected-error@+1 {{'linalg.winograd_filter_transform' op the output shape is not expected}}
  %0 = linalg.winograd_filter_transform fmr(F_4_3) ins(%a : tensor<2x3x3x5xf32>) outs(%b : tensor<6x5x5x2xf32>) -> tensor<6x5x5x2xf32>
  return
}

// -----

func.func @f(%a: tensor<2x1x1x5xf32>, %b: tensor<6x6x5x2xf32>) {
  // expected-error@+1 {{'linalg.winograd_filter_transform' op expect either filter height or width equals to r}}
  %0 = linalg.winograd_filter_transform fmr(F_4_3) ins(%a : tensor<2x1x1x5xf32>) outs(%b : tensor<6x6x5x2xf32>) -> tensor<6x6x5x2xf32>
  return
}

// -----

func.func @f(%a: tensor<2x6x6x5xf32>, %b: tensor<6x6x1x1x2x5xf32>) {
  %0 = linalg.winograd_input_transform fmr(F_4_3) ins(%a : tensor<2x6x6x5xf32>) outs(%b : tensor<6x6x1x1x2x5xf32>) -> tensor<6x6x1x1x2x5xf32>
  // expected-error@+1 {{'linalg.winograd_output_transform' op the output shape is not expected}}
  %1 = linalg.winograd_output_transform fmr(F_4_3) ins(%b : tensor<6x6x1x1x2x5xf32>) outs(%a : tensor<2x6x6x5xf32>) -> tensor<2x6x6x5xf32>
  return
}

// -----

func.func @f(%a: tensor<2x4x4x5xf32>, %b: tensor<6x6x1x1x2x5xf32>) {
  %1 = linalg.winograd_output_transform fmr(F_4_3) ins(%b : tensor<6x6x1x1x2x5xf32>) outs(%a : tensor<2x4x4x5xf32>) -> tensor<2x4x4x5xf32>
  return
}

// -----

func.func @f(%a: tensor<2x4x4x5xf32>, %b: tensor<5x6x1x1x2x5xf32>) {
  // expected-error@+1 {{'linalg.winograd_output_transform' op expect input height equals to input tile size}}
  %1 = linalg.winograd_output_transform fmr(F_4_3) ins(%b : tensor<5x6x1x1x2x5xf32>) outs(%a : tensor<2x4x4x5xf32>) -> tensor<2x4x4x5xf32>
  return
}

// -----

func.func @f(%a: tensor<2x?x6x5xf32>, %b: tensor<6x6x?x1x2x5xf32>) {
  // expected-error@+1 {{'linalg.winograd_input_transform' op the output shape is not expected}}
  %0 = linalg.winograd_input_transform fmr(F_2_3) ins(%a : tensor<2x?x6x5xf32>) outs(%b : tensor<6x6x?x1x2x5xf32>) -> tensor<6x6x?x1x2x5xf32>
  return
}

// -----

func.func @f(%p: tensor<16x4xf32>, %q: tensor<2x1x8x?xf32>) {
  %c = arith.constant 0 : index
  // expected-error@+1 {{invalid zero tile factor}}
  %0 = linalg.pack %p inner_dims_pos = [0, 1] inner_tiles = [8, %c] into %q : tensor<16x4xf32> -> tensor<2x1x8x?xf32>
  return
}

// -----

func.func @f(%i: tensor<1x9x9x3xf32>, %k: tensor<3x3x3x8xf32>, %o: tensor<1x7x7x8xf32>) {
  // expected-error@+1 {{custom op 'linalg.conv_2d_nhwc_hwcf' 'linalg.conv_2d_nhwc_hwcf' op attribute 'dilations' failed to satisfy constraint: 64-bit signless int elements attribute of shape [2]}}
  %0 = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<3xi64>} ins(%i, %k : tensor<1x9x9x3xf32>, tensor<3x3x3x8xf32>) outs(%o : tensor<1x7x7x8xf32>) -> tensor<1x7x7x8xf32>
  return
}

// -----

func.func @f(%i: tensor<1x9x9x3xf32>, %k: tensor<3x3x3x8xf32>, %o: tensor<1x7x7x8xf32>) {
  // expected-error@+1 {{'linalg.conv_2d_nhwc_hwcf' op attribute 'dilations' failed to satisfy constraint: 64-bit signless int elements attribute of shape [2]}}
  %0 = "linalg.conv_2d_nhwc_hwcf"(%i, %k, %o) <{dilations = dense<1> : tensor<3xi64>, operandSegmentSizes = array<i32: 2, 1>}> ({
  ^bb0(%a: f32, %b: f32, %c: f32):
    linalg.yield %c : f32
  }) : (tensor<1x9x9x3xf32>, tensor<3x3x3x8xf32>, tensor<1x7x7x8xf32>) -> tensor<1x7x7x8xf32>
  return
}

// -----

func.func @f(%i: tensor<1x9x3xf32>, %k: tensor<3x3x8xf32>, %o: tensor<1x7x8xf32>) {
  // expected-error@+1 {{custom op 'linalg.conv_1d_nwc_wcf' 'linalg.conv_1d_nwc_wcf' op attribute 'strides' failed to satisfy constraint: 64-bit signless int elements attribute of shape [1]}}
  %0 = linalg.conv_1d_nwc_wcf {strides = dense<1> : tensor<2xi64>} ins(%i, %k : tensor<1x9x3xf32>, tensor<3x3x8xf32>) outs(%o : tensor<1x7x8xf32>) -> tensor<1x7x8xf32>
  return
}

// -----

func.func @f(%i: tensor<1x9x9x3xf32>, %k: tensor<3x3x3x8xf32>, %o: tensor<1x7x7x8xf32>) {
  // expected-error@+1 {{'linalg.conv_2d_nhwc_hwcf' op attribute 'strides' failed to satisfy constraint: 64-bit signless int elements attribute of shape [2]}}
  %0 = linalg.conv_2d_nhwc_hwcf ins(%i, %k : tensor<1x9x9x3xf32>, tensor<3x3x3x8xf32>) outs(%o : tensor<1x7x7x8xf32>) {strides = dense<1> : tensor<3xi64>, dilations = dense<1> : tensor<3xi64>} -> tensor<1x7x7x8xf32>
  return
}

// -----

func.func @f(%a: tensor<3x4xf32>, %b: tensor<3x5xf32>) -> tensor<3x5xf32> {
  // expected-error@+1 {{'linalg.generic' op unexpected result less than 0 at expression #1 in (d0, d1) -> (d0, d1 - 1)}}
  %0 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1 - 1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%a : tensor<3x4xf32>) outs(%b : tensor<3x5xf32>) {
  ^bb0(%x: f32, %y: f32):
    linalg.yield %x : f32
  } -> tensor<3x5xf32>
  return %0 : tensor<3x5xf32>
}

// -----

func.func @f(%a16: memref<1x3x9x9x9xf32>, %a17: memref<4x3x3x3x3xf32>, %a18: memref<1x4x3x3x3xf32>) {
  // expected-error@+1 {{'linalg.conv_3d_ncdhw_fcdhw' op inferred input/output operand #0 has shape's dimension #2 to be greater than or equal to 13, but found 9}}
  linalg.conv_3d_ncdhw_fcdhw {dilations = dense<2> : tensor<3xi64>, strides = dense<4> : tensor<3xi64>} ins(%a16, %a17 : memref<1x3x9x9x9xf32>, memref<4x3x3x3x3xf32>) outs(%a18 : memref<1x4x3x3x3xf32>)
  return
}

// -----

func.func @f(%a16: memref<1x9x9x9x3xf32>, %a17: memref<3x3x3x3x4xf32>, %a18: memref<1x3x3x3x4xf32>) {
  // expected-error@+1 {{'linalg.conv_3d_ndhwc_dhwcf' op inferred input/output operand #0 has shape's dimension #1 to be greater than or equal to 13, but found 9}}
  linalg.conv_3d_ndhwc_dhwcf {dilations = dense<2> : tensor<3xi64>, strides = dense<4> : tensor<3xi64>} ins(%a16, %a17 : memref<1x9x9x9x3xf32>, memref<3x3x3x3x4xf32>) outs(%a18 : memref<1x3x3x3x4xf32>)
  return
}

// -----

func.func @fill_shaped_value(%v: memref<3xi8>, %o: memref<3x3xi8>) {
  // expected-error @+1 {{expected op with scalar input}}
  linalg.fill ins(%v : memref<3xi8>) outs(%o : memref<3x3xi8>)
  return
}

// -----

func.func @fill_value_type(%v: i8, %o: memref<7xi32>) {
  // expected-error @+1 {{'linalg.fill' op expected fill value type ('i8') to match output element type ('i32')}}
  linalg.fill ins(%v : i8) outs(%o : memref<7xi32>)
  return
}

// -----

func.func @fill_value_type_first(%v: f16, %o: memref<7xf32>) {
  // The op's own check comes before the destination-style one (no tensor result here).
  // expected-error @+1 {{'linalg.fill' op expected fill value type ('f16') to match output element type ('f32')}}
  %r = linalg.fill ins(%v : f16) outs(%o : memref<7xf32>) -> tensor<7xf32>
  return
}

// -----

func.func @matmul_b_map(%a: memref<6x6xf16>, %c: memref<6x6xf16>) {
  // expected-error @+1 {{'linalg.matmul' op Unexpected dim expression in map result.}}
  linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (m, n)>, affine_map<(m, n, k) -> (m, n)>]
    ins(%a, %a : memref<6x6xf16>, memref<6x6xf16>) outs(%c : memref<6x6xf16>)
  return
}

// -----

func.func @matmul_broadcast_m(%a: memref<6xf16>, %b: memref<2x6xf16>, %c: memref<6x6xf16>) {
  // expected-error @+1 {{'linalg.matmul' op Invalid broadcast requested, should be (d2).}}
  linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (m)>, affine_map<(m, n, k) -> (k, n)>, affine_map<(m, n, k) -> (m, n)>]
    ins(%a, %b : memref<6xf16>, memref<2x6xf16>) outs(%c : memref<6x6xf16>)
  return
}

// -----

func.func @matmul_out_not_projected(%a: tensor<?x?xf32>, %c: tensor<?x?xf32>) -> tensor<?x?xf32> {
  // expected-error @+1 {{expected indexing maps to be projected permutations}}
  %0 = linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (k, n)>, affine_map<(m, n, k) -> (m + n, n)>]
    ins(%a, %a : tensor<?x?xf32>, tensor<?x?xf32>) outs(%c : tensor<?x?xf32>) -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}

// -----

func.func @batch_matmul_one_map(%x: memref<2x3x4xf32>) {
  // expected-error @+1 {{'linalg.batch_matmul' op Indexing_map attribute must have 3 affine maps.}}
  linalg.batch_matmul indexing_maps = [affine_map<(b, m, n, k) -> (b, m, k)>]
    ins(%x, %x : memref<2x3x4xf32>, memref<2x3x4xf32>) outs(%x : memref<2x3x4xf32>)
  return
}

// -----

func.func @batch_matmul_a_uses_n(%x: memref<?x?x?xf32>) {
  // expected-error @+1 {{'linalg.batch_matmul' op Unexpected result dim expression (outside the set of default result dims).}}
  linalg.batch_matmul indexing_maps = [affine_map<(b, m, n, k) -> (b, n, k)>, affine_map<(b, m, n, k) -> (b, k, n)>, affine_map<(b, m, n, k) -> (b, m, n)>]
    ins(%x, %x : memref<?x?x?xf32>, memref<?x?x?xf32>) outs(%x : memref<?x?x?xf32>)
  return
}

// -----

func.func @batch_matmul_b_broadcast(%x: memref<?x?x?xf32>, %y: memref<?xf32>) {
  // expected-error @+1 {{'linalg.batch_matmul' op Invalid broadcast requested.}}
  linalg.batch_matmul indexing_maps = [affine_map<(b, m, n, k) -> (b, m, k)>, affine_map<(b, m, n, k) -> (n)>, affine_map<(b, m, n, k) -> (b, m, n)>]
    ins(%x, %y : memref<?x?x?xf32>, memref<?xf32>) outs(%x : memref<?x?x?xf32>)
  return
}

// -----

func.func @batch_matmul_batch_last(%x: memref<?x?x?xf32>) {
  // expected-error @+1 {{'linalg.batch_matmul' op Invalid batch dimension expression.}}
  linalg.batch_matmul indexing_maps = [affine_map<(b, m, n, k) -> (m, k, b)>, affine_map<(b, m, n, k) -> (b, k, n)>, affine_map<(b, m, n, k) -> (b, m, n)>]
    ins(%x, %x : memref<?x?x?xf32>, memref<?x?x?xf32>) outs(%x : memref<?x?x?xf32>)
  return
}

// -----

func.func @batch_matmul_out_swapped(%x: memref<?x?x?xf32>) {
  // expected-error @+1 {{'linalg.batch_matmul' op Invalid output map result dimension.}}
  linalg.batch_matmul indexing_maps = [affine_map<(b, m, n, k) -> (b, m, k)>, affine_map<(b, m, n, k) -> (b, k, n)>, affine_map<(b, m, n, k) -> (b, n, m)>]
    ins(%x, %x : memref<?x?x?xf32>, memref<?x?x?xf32>) outs(%x : memref<?x?x?xf32>)
  return
}

// -----

func.func @batch_reduce_matmul_out_rank(%x: memref<?x?x?xf32>) {
  // expected-error @+1 {{'linalg.batch_reduce_matmul' op expects 2 dims, but got (3).}}
  linalg.batch_reduce_matmul indexing_maps = [affine_map<(b, m, n, k) -> (b, m, k)>, affine_map<(b, m, n, k) -> (b, k, n)>, affine_map<(b, m, n, k) -> (b, m, n)>]
    ins(%x, %x : memref<?x?x?xf32>, memref<?x?x?xf32>) outs(%x : memref<?x?x?xf32>)
  return
}

// -----

func.func @batch_reduce_matmul_a_too_many(%x: memref<?x?x?xf32>, %y: memref<?x?xf32>) {
  // expected-error @+1 {{'linalg.batch_reduce_matmul' op no. of result dim expressions exceeds 3.}}
  linalg.batch_reduce_matmul indexing_maps = [affine_map<(b, m, n, k) -> (b, b, m, k)>, affine_map<(b, m, n, k) -> (b, k, n)>, affine_map<(b, m, n, k) -> (m, n)>]
    ins(%x, %x : memref<?x?x?xf32>, memref<?x?x?xf32>) outs(%y : memref<?x?xf32>)
  return
}

// -----

func.func @contract_missing_maps(%x: tensor<2x2xf32>) {
  // expected-error @+1 {{custom op 'linalg.contract' expected 'indexing_maps' attribute}}
  linalg.contract ins(%x, %x : tensor<2x2xf32>, tensor<2x2xf32>) outs(%x : tensor<2x2xf32>) -> tensor<2x2xf32>
  return
}

// -----

func.func @contract_constant_result(%x: tensor<2x2xf32>, %m: memref<2x2xf32>) {
  // Reported before the mismatched result of the memref output.
  // expected-error @+1 {{provided affine_map is not a projected permutation}}
  %0 = linalg.contract indexing_maps = [affine_map<(i, j, k) -> (i, 0)>, affine_map<(i, j, k) -> (k, j)>, affine_map<(i, j, k) -> (i, j)>]
    ins(%x, %x : tensor<2x2xf32>, tensor<2x2xf32>) outs(%m : memref<2x2xf32>) -> tensor<2x2xf32>
  return
}

// -----

func.func @contract_domains(%x: tensor<2x2xf32>) {
  // expected-error @+1 {{iteration spaces of provided affine_maps differ}}
  %0 = linalg.contract indexing_maps = [affine_map<(i, j, k) -> (i, k)>, affine_map<(i, j, k) -> (k, j)>, affine_map<(i, j) -> (i, j)>]
    ins(%x, %x : tensor<2x2xf32>, tensor<2x2xf32>) outs(%x : tensor<2x2xf32>) -> tensor<2x2xf32>
  return
}

// -----

func.func @contract_rank(%x: tensor<2x2xf32>, %y: tensor<2xf32>) {
  // expected-error @+1 {{ranks of shaped operand and results of corresponding affine_map differ}}
  %0 = linalg.contract indexing_maps = [affine_map<(i, j, k) -> (i, k)>, affine_map<(i, j, k) -> (k, j)>, affine_map<(i, j, k) -> (i, j)>]
    ins(%x, %y : tensor<2x2xf32>, tensor<2xf32>) outs(%x : tensor<2x2xf32>) -> tensor<2x2xf32>
  return
}

// -----

func.func @contract_scalar(%s: f32, %x: tensor<2x2xf32>) {
  // expected-error @+1 {{affine_map specifies shaped access while operand has non-shaped type}}
  %0 = linalg.contract indexing_maps = [affine_map<(i, j, k) -> (i, k)>, affine_map<(i, j, k) -> (k)>, affine_map<(i, j, k) -> (i, j)>]
    ins(%x, %s : tensor<2x2xf32>, f32) outs(%x : tensor<2x2xf32>) -> tensor<2x2xf32>
  return
}

// -----

func.func @contract_unused(%x: tensor<2x2xf32>) {
  // expected-error @+1 {{iteration space dim at index 2 not used to access any operand}}
  %0 = linalg.contract indexing_maps = [affine_map<(i, j, k, l) -> (i, l)>, affine_map<(i, j, k, l) -> (l, j)>, affine_map<(i, j, k, l) -> (i, j)>]
    ins(%x, %x : tensor<2x2xf32>, tensor<2x2xf32>) outs(%x : tensor<2x2xf32>) -> tensor<2x2xf32>
  return
}

// -----

func.func @contract_one_input_only(%x: tensor<2x2xf32>, %y: tensor<2x2x2xf32>) {
  // expected-error @+1 {{iteration space dim at index 0 is neither a contracting dim nor of parallel iteration type}}
  %0 = linalg.contract indexing_maps = [affine_map<(l, i, j, k) -> (l, i, k)>, affine_map<(l, i, j, k) -> (k, j)>, affine_map<(l, i, j, k) -> (i, j)>]
    ins(%y, %x : tensor<2x2x2xf32>, tensor<2x2xf32>) outs(%x : tensor<2x2xf32>) -> tensor<2x2xf32>
  return
}

// -----

func.func @contract_no_contraction(%x: tensor<2x2xf32>) {
  // expected-error @+1 {{'indexing_maps' do not specify a contracting dimension}}
  %0 = linalg.contract indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>]
    ins(%x, %x : tensor<2x2xf32>, tensor<2x2xf32>) outs(%x : tensor<2x2xf32>) -> tensor<2x2xf32>
  return
}

// -----

func.func @pool_max_unsigned_f16(%i: memref<1x5x2xf16>, %k: memref<3xf16>, %o: memref<1x3x2xf16>) {
  // expected-error @+1 {{custom op 'linalg.pooling_nwc_max_unsigned' unsupported operation: unsigned max not on uint}}
  linalg.pooling_nwc_max_unsigned ins(%i, %k : memref<1x5x2xf16>, memref<3xf16>) outs(%o : memref<1x3x2xf16>)
  return
}

// -----

func.func @pool_min_unsigned_i1(%i: memref<1x5x5x1xi1>, %k: memref<3x3xi1>, %o: memref<1x3x3x1xi1>) {
  // expected-error @+1 {{custom op 'linalg.pooling_nhwc_min_unsigned' unsupported operation: unsigned min not on uint}}
  linalg.pooling_nhwc_min_unsigned ins(%i, %k : memref<1x5x5x1xi1>, memref<3x3xi1>) outs(%o : memref<1x3x3x1xi1>)
  return
}

// -----

func.func @add_index(%a: memref<8xindex>) {
  // expected-error @+1 {{custom op 'linalg.add' Cannot build binary Linalg operation: expects allComplex, allFloatingPoint, or allInteger, got 'index' and 'index'}}
  linalg.add ins(%a, %a : memref<8xindex>, memref<8xindex>) outs(%a : memref<8xindex>)
  return
}

// -----

func.func @powf_int(%a: memref<8xi16>) {
  // expected-error @unknown {{'math.powf' op operand #0 must be floating-point-like, but got 'i16'}}
  linalg.powf ins(%a, %a : memref<8xi16>, memref<8xi16>) outs(%a : memref<8xi16>)
  return
}

// -----

func.func @reduce_init_shapes(%in: tensor<4x6xi32>, %i0: tensor<4xi32>, %i1: tensor<5xi32>) {
  // expected-error @+1 {{'linalg.reduce' op expects all outputs to have the same shapes. Shape at output-index 1 is not equal to the shape at output-index 0.}}
  %r:2 = linalg.reduce ins(%in, %in : tensor<4x6xi32>, tensor<4x6xi32>) outs(%i0, %i1 : tensor<4xi32>, tensor<5xi32>) dimensions = [1]
    (%a: i32, %b: i32, %c: i32, %d: i32) {
      %s = arith.addi %a, %c : i32
      %t = arith.addi %b, %d : i32
      linalg.yield %s, %t : i32, i32
    }
  return
}

// -----

func.func @generic_mixed_no_results(%t: tensor<3xf32>, %m: memref<3xf32>) {
  // expected-error @+1 {{'linalg.generic' op expected to have pure tensor or buffer semantics}}
  linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>], iterator_types = ["parallel"]}
    ins(%t : tensor<3xf32>) outs(%m : memref<3xf32>) {
  ^bb0(%x: f32, %y: f32):
    linalg.yield %x : f32
  }
  return
}

// -----

// The short form's payload must name an op: a number is no name (the generic parser's error,
// with no custom-op prefix).
func.func @map_payload_not_a_name(%a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{expected bare identifier or keyword}}
  %0 = linalg.map { 42 } ins(%a : tensor<4xf32>) outs(%b : tensor<4xf32>)
  return %0 : tensor<4xf32>
}
