// Verifier diagnostics of the vector dialect: operand, result and attribute constraints and
// the type relations between them.
// RUN: ir-opt %s --allow-unregistered-dialect --split-input-file --verify-diagnostics

%x = "test.x"() : () -> f32
// expected-error@+1 {{'vector.multi_reduction' op operand #0 must be vector of any type values, but got 'f32'}}
%e = "vector.multi_reduction"(%x, %x) <{kind = #vector.kind<add>, reduction_dims = array<i64: 0>}> : (f32, f32) -> f32

// -----

%x = "test.x"() : () -> f32
// expected-error@+1 {{'vector.extract' op operand #0 must be vector of any type values, but got 'f32'}}
%e = "vector.extract"(%x) <{static_position = array<i64: 1>}> : (f32) -> f32

// -----

%x = "test.x"() : () -> tensor<4xf32>
%i = "test.x"() : () -> index
// expected-error@+1 {{'vector.load' op operand #0 must be memref of any type values, but got 'tensor<4xf32>'}}
%e = "vector.load"(%x, %i) : (tensor<4xf32>, index) -> vector<4xf32>

// -----

%x = "test.x"() : () -> memref<4xf32>
%i = "test.x"() : () -> index
%m = "test.x"() : () -> vector<4xi8>
%v = "test.x"() : () -> vector<4xf32>
// expected-error@+1 {{'vector.maskedload' op operand #2 must be vector of 1-bit signless integer values, but got 'vector<4xi8>'}}
%e = "vector.maskedload"(%x, %i, %m, %v) : (memref<4xf32>, index, vector<4xi8>, vector<4xf32>) -> vector<4xf32>

// -----

%x = "test.x"() : () -> memref<4xf32>
%i = "test.x"() : () -> index
// expected-error@+1 {{'vector.load' op attribute 'alignment' failed to satisfy constraint: 64-bit signless integer attribute whose value is positive and whose value is a power of two > 0}}
%e = "vector.load"(%x, %i) <{alignment = 3}> : (memref<4xf32>, index) -> vector<4xf32>

// -----

%x = "test.x"() : () -> memref<4xf32>
%i = "test.x"() : () -> index
// expected-error@+1 {{'vector.load' op result #0 must be vector of any type values, but got 'f32'}}
%e = "vector.load"(%x, %i) : (memref<4xf32>, index) -> f32

// -----

%x = "test.x"() : () -> i32
// expected-error@+1 {{'vector.create_mask' op operand #0 must be variadic of index, but got 'i32'}}
%e = "vector.create_mask"(%x) : (i32) -> vector<4xi1>

// -----

%x = "test.x"() : () -> vector<4xf32>
// expected-error@+1 {{'vector.fma' op failed to verify that all of {lhs, rhs, acc, result} have same type}}
%e = "vector.fma"(%x, %x, %x) : (vector<4xf32>, vector<4xf32>, vector<4xf32>) -> vector<4xf64>

// -----

%x = "test.x"() : () -> vector<4xi32>
// expected-error@+1 {{'vector.fma' op operand #0 must be vector of floating-point values, but got 'vector<4xi32>'}}
%e = "vector.fma"(%x, %x, %x) : (vector<4xi32>, vector<4xi32>, vector<4xi32>) -> vector<4xi32>

// -----

%x = "test.x"() : () -> vector<4xf32>
// expected-error@+1 {{'vector.broadcast' op result #0 must be vector of any type values, but got 'f32'}}
%e = "vector.broadcast"(%x) : (vector<4xf32>) -> f32

// -----

%x = "test.x"() : () -> vector<4xf32>
// expected-error@+1 {{'vector.reduction' op failed to verify that source operand and result have same element type}}
%e = "vector.reduction"(%x) <{kind = #vector.kind<add>}> : (vector<4xf32>) -> i32

// -----

%x = "test.x"() : () -> vector<4xf32>
// expected-error@+1 {{'vector.bitcast' op result #0 must be vector of any type values, but got 'f32'}}
%e = "vector.bitcast"(%x) : (vector<4xf32>) -> f32

// -----

%x = "test.x"() : () -> vector<4xf32>
// expected-error@+1 {{'vector.shape_cast' op result #0 must be vector of any type values, but got 'f32'}}
%e = "vector.shape_cast"(%x) : (vector<4xf32>) -> f32

// -----

%x = "test.x"() : () -> f32
// expected-error@+1 {{'vector.from_elements' op result #0 must be fixed-length vector of any type values, but got 'f32'}}
%e = "vector.from_elements"(%x) : (f32) -> f32

// -----

// expected-error@+1 {{'vector.step' op result #0 must be vector of index values of ranks 1, but got 'vector<4xi32>'}}
%e = "vector.step"() : () -> vector<4xi32>

// -----

func.func @shuffle_empty_mask(%a: vector<2xf32>) {
  // expected-error@+1 {{'vector.shuffle' op invalid mask length}}
  %0 = vector.shuffle %a, %a [] : vector<2xf32>, vector<2xf32>
  return
}

// -----

func.func @shuffle_index_out_of_range(%a: vector<2xf32>) {
  // expected-error@+1 {{'vector.shuffle' op mask index #2 out of range}}
  %0 = vector.shuffle %a, %a [0, 4] : vector<2xf32>, vector<2xf32>
  return
}

// -----

func.func @shuffle_zero_rank_result(%a: vector<f32>) {
  // expected-error@+1 {{'vector.shuffle' op result #0 must be vector of any type values, but got 'vector<f32>'}}
  %0 = "vector.shuffle"(%a, %a) <{mask = array<i64: 0>}> : (vector<f32>, vector<f32>) -> vector<f32>
  return
}

// -----

func.func @type_cast_dynamic(%m: memref<?xf32>) {
  // expected-error@+1 {{'vector.type_cast' op operand #0 must be statically shaped memref of any type values, but got 'memref<?xf32>'}}
  %0 = vector.type_cast %m : memref<?xf32> to memref<vector<4xf32>>
  return
}

// -----

func.func @f(%a: vector<4xf32>, %b: vector<2x4xf32>, %i: vector<4xindex>, %z: vector<f32>, %m: memref<4x2xf32>, %n: memref<4xf32, 1>) {
  // expected-error@+1 {{'vector.bitcast' op source/result bitwidth of the minor 1-D vectors must be equal}}
  %0 = vector.bitcast %a : vector<4xf32> to vector<2xi32>
  return
}

// -----

func.func @f(%a: vector<4xf32>, %b: vector<2x4xf32>) {
  // expected-error@+1 {{'vector.bitcast' op dimension size mismatch at: 0}}
  %0 = vector.bitcast %b : vector<2x4xf32> to vector<3x4xi32>
  return
}

// -----

func.func @f(%a: vector<4xf32>, %b: vector<2x4xf32>) {
  // expected-error@+1 {{'vector.bitcast' op failed to verify that all of {source, result} have same rank}}
  %0 = vector.bitcast %b : vector<2x4xf32> to vector<8xi32>
  return
}

// -----

func.func @f(%z: vector<f32>) {
  // expected-error@+1 {{'vector.bitcast' op source/result bitwidth of the 0-D vector element types must be equal}}
  %0 = vector.bitcast %z : vector<f32> to vector<f16>
  return
}

// -----

func.func @f(%m: memref<4x2xf32>) {
  // expected-error@+1 {{'vector.type_cast' op expects concatenated result and operand shapes to be equal: 'memref<vector<4x3xf32>>'}}
  %0 = vector.type_cast %m : memref<4x2xf32> to memref<vector<4x3xf32>>
  return
}

// -----

func.func @f(%m: memref<4x2xf32>) {
  // expected-error@+1 {{'vector.type_cast' op expects result and operand with same underlying scalar type: 'memref<vector<4x2xf16>>'}}
  %0 = vector.type_cast %m : memref<4x2xf32> to memref<vector<4x2xf16>>
  return
}

// -----

func.func @f(%n: memref<4xf32, 1>) {
  // expected-error@+1 {{'vector.type_cast' op expects result in same memory space}}
  %0 = vector.type_cast %n : memref<4xf32, 1> to memref<vector<4xf32>>
  return
}

// -----

func.func @f(%v: vector<4xf32>, %s: vector<[8]xf32>, %w: vector<[4]xf32>, %t: vector<4xi32>) {
  // expected-error@+1 {{'vector.scalable.insert' op failed to verify that position is a multiple of the source length.}}
  %0 = vector.scalable.insert %v, %s[2] : vector<4xf32> into vector<[8]xf32>
  return
}

// -----

func.func @f(%v: vector<4xf32>, %s: vector<[8]xf32>, %w: vector<[4]xf32>, %t: vector<4xi32>) {
  // expected-error@+1 {{'vector.scalable.extract' op failed to verify that position is a multiple of the result length.}}
  %0 = vector.scalable.extract %s[2] : vector<4xf32> from vector<[8]xf32>
  return
}

// -----

func.func @f(%v: vector<4xf32>, %s: vector<8xf32>, %t: vector<4xi32>) {
  // expected-error@+1 {{'vector.scalable.insert' op operand #1 must be  of ranks 1, but got 'vector<8xf32>'}}
  %0 = vector.scalable.insert %v, %s[0] : vector<4xf32> into vector<8xf32>
  return
}

// -----

func.func @f(%v: vector<4xi32>, %s: vector<[8]xf32>) {
  // expected-error@+1 {{'vector.scalable.insert' op failed to verify that all of {valueToStore, dest} have same element type}}
  %0 = vector.scalable.insert %v, %s[0] : vector<4xi32> into vector<[8]xf32>
  return
}

// -----

func.func @f(%s: vector<[8]xf32>) {
  // expected-error@+1 {{'vector.scalable.extract' op failed to verify that all of {source, result} have same element type}}
  %0 = vector.scalable.extract %s[0] : vector<4xi32> from vector<[8]xf32>
  return
}

// -----

func.func @f(%a: vector<4xf32>, %b: vector<16xf32>) {
  // expected-error@+1 {{'vector.interleave' op failed to verify that type of 'result' is double the width of the inputs}}
  %0 = vector.interleave %a, %a : vector<4xf32> -> vector<16xf32>
  return
}

// -----

func.func @f(%a: vector<4x4xf32>) {
  // expected-error@+1 {{'vector.shape_cast' op has different number of elements at source (16) and result (24)}}
  %0 = vector.shape_cast %a : vector<4x4xf32> to vector<4x6xf32>
  return
}

// -----

func.func @f(%a: vector<8xf32>) {
  // expected-error@+1 {{'vector.deinterleave' op failed to verify that the trailing dimension of the results is half the width of source trailing dimension}}
  %0, %1 = vector.deinterleave %a : vector<8xf32> -> vector<2xf32>
  return
}

// -----

func.func @f(%a: vector<4x4xf32>) {
  // expected-error@+1 {{'vector.shape_cast' op has different source and result element types}}
  %0 = vector.shape_cast %a : vector<4x4xf32> to vector<16xf16>
  return
}

// -----

func.func @f(%a: vector<4x[4]xf32>) {
  // expected-error@+1 {{'vector.shape_cast' op has different number of scalable dims at source (1) and result (0)}}
  %0 = vector.shape_cast %a : vector<4x[4]xf32> to vector<16xf32>
  return
}

// -----

func.func @f(%a: vector<f32>) {
  %0 = vector.interleave %a, %a : vector<f32> -> vector<2xf32>
  // expected-error@+1 {{'vector.interleave' op failed to verify that type of 'result' is double the width of the inputs}}
  %1 = vector.interleave %a, %a : vector<f32> -> vector<4xf32>
  return
}

// -----

func.func @f(%a: vector<2x4xf32>) {
  // expected-error@+1 {{'vector.transpose' op dimension size mismatch at: 0}}
  %0 = vector.transpose %a, [1, 0] : vector<2x4xf32> to vector<4x3xf32>
  return
}

// -----

func.func @f(%a: vector<2x4xf32>) {
  // expected-error@+1 {{'vector.transpose' op duplicate position index: 1}}
  %0 = vector.transpose %a, [1, 1] : vector<2x4xf32> to vector<4x2xf32>
  return
}

// -----

func.func @f(%a: vector<2x4xf32>) {
  // expected-error@+1 {{'vector.transpose' op transposition length mismatch: 1}}
  %0 = vector.transpose %a, [1] : vector<2x4xf32> to vector<4x2xf32>
  return
}

// -----

func.func @f(%a: vector<2x4xf32>) {
  // expected-error@+1 {{'vector.transpose' op failed to verify that operand and result have same element type}}
  %0 = vector.transpose %a, [1, 0] : vector<2x4xf32> to vector<4x2xf16>
  return
}

// -----

func.func @f(%a: vector<2x4xf32>) {
  // expected-error@+1 {{'vector.transpose' op vector result rank mismatch: 3}}
  %0 = vector.transpose %a, [1, 0] : vector<2x4xf32> to vector<4x2x1xf32>
  return
}

// -----

func.func @f(%v: vector<2x4xf32>, %pt: vector<4xf32>) {
  // expected-error@+1 {{'vector.contract' op invalid accumulator/result vector shape, expected: 'vector<2xf32>'}}
  %0 = vector.contract {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>], iterator_types = ["parallel", "reduction"], kind = #vector.kind<add>} %v, %v, %pt : vector<2x4xf32>, vector<2x4xf32> into vector<4xf32>
  return
}

// -----

func.func @f(%v: vector<2x4xf32>, %s: f32) {
  // expected-error@+1 {{'vector.contract' op expected at least one contracting dimension pair}}
  %0 = vector.contract {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> ()>], iterator_types = ["parallel", "parallel"]} %v, %v, %s : vector<2x4xf32>, vector<2x4xf32> into f32
  return
}

// -----

func.func @f(%v: vector<2x4xf32>, %w: vector<4x2xf32>, %s: f32) {
  // expected-error@+1 {{'vector.contract' op invalid contracting dimension map}}
  %0 = vector.contract {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> ()>], iterator_types = ["reduction", "reduction"]} %v, %w, %s : vector<2x4xf32>, vector<4x2xf32> into f32
  return
}

// -----

func.func @f(%v: vector<2x4xf32>, %s: f32) {
  // expected-error@+1 {{'vector.contract' op unsupported contraction type}}
  %0 = vector.contract {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> ()>], iterator_types = ["reduction", "reduction"], kind = #vector.kind<maxsi>} %v, %v, %s : vector<2x4xf32>, vector<2x4xf32> into f32
  return
}

// -----

func.func @f(%v: vector<2x4xf32>, %s: f32) {
  // expected-error@+1 {{'vector.contract' op invalid contracting dimension map}}
  %0 = vector.contract {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (j, i)>, affine_map<(i, j) -> ()>], iterator_types = ["reduction", "reduction"]} %v, %v, %s : vector<2x4xf32>, vector<2x4xf32> into f32
  return
}

// -----

func.func @f(%v: vector<2x4xf32>, %s: f32) {
  // expected-error@+1 {{'vector.contract' op expected indexing map 0 to be a projected permutation of its inputs}}
  %0 = vector.contract {indexing_maps = [affine_map<(i, j) -> (i, i)>, affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> ()>], iterator_types = ["reduction", "reduction"]} %v, %v, %s : vector<2x4xf32>, vector<2x4xf32> into f32
  return
}

// -----

func.func @f(%v: vector<2x4xf32>, %s: f32) {
  // expected-error@+1 {{'vector.contract' op invalid indexing maps are non-invertible: ((d0, d1, d2) -> (d0, d1, d0, d1))}}
  %0 = vector.contract {indexing_maps = [affine_map<(i, j, k) -> (i, j)>, affine_map<(i, j, k) -> (i, j)>, affine_map<(i, j, k) -> ()>], iterator_types = ["reduction", "reduction", "parallel"]} %v, %v, %s : vector<2x4xf32>, vector<2x4xf32> into f32
  return
}

// -----

func.func @f(%m1: memref<?xf32>, %i: index, %iv: vector<4xindex>, %mask: vector<4xi1>, %pt: vector<4xf32>) {
  // expected-error@+1 {{'vector.mask' op doesn't expect a passthru argument for this maskable operation}}
  %7 = vector.mask %mask, %pt { vector.gather %m1[%i] [%iv], %mask, %pt : memref<?xf32>, vector<4xindex>, vector<4xi1>, vector<4xf32> into vector<4xf32> } : vector<4xi1> -> vector<4xf32>
  return
}

// -----

func.func @f(%a: vector<4x8xf16>) {
  // expected-error@+1 {{'vector.extract_strided_slice' op expected sum(offsets, sizes) dimension 1 to be confined to [1, 9)}}
  %0 = vector.extract_strided_slice %a {offsets = [1, 5], sizes = [2, 4], strides = [1, 1]} : vector<4x8xf16> to vector<2x4xf16>
  return
}

// -----

func.func @f(%a: vector<4x8xf16>) {
  // expected-error@+1 {{'vector.extract_strided_slice' op expected strides to be confined to [1, 2)}}
  %0 = vector.extract_strided_slice %a {offsets = [1, 2], sizes = [2, 4], strides = [1, 2]} : vector<4x8xf16> to vector<2x4xf16>
  return
}

// -----

func.func @f(%a: vector<4x8xf16>) {
  // expected-error@+1 {{'vector.extract_strided_slice' op expected result type to be 'vector<2x4xf16>'}}
  %0 = vector.extract_strided_slice %a {offsets = [1, 2], sizes = [2, 4], strides = [1, 1]} : vector<4x8xf16> to vector<2x3xf16>
  return
}

// -----

func.func @f(%a: vector<4x8xf16>) {
  // expected-error@+1 {{'vector.extract_strided_slice' op expected offsets dimension 0 to be confined to [0, 4)}}
  %0 = vector.extract_strided_slice %a {offsets = [4], sizes = [2], strides = [1]} : vector<4x8xf16> to vector<2x8xf16>
  return
}

// -----

func.func @f(%a: vector<2x4xf32>, %b: vector<4x8xf32>) {
  // expected-error@+1 {{'vector.insert_strided_slice' op expected sum(offsets, source vector shape) dimension 0 to be confined to [1, 5)}}
  %0 = vector.insert_strided_slice %a, %b {offsets = [3, 2], strides = [1, 1]} : vector<2x4xf32> into vector<4x8xf32>
  return
}

// -----

func.func @f(%a: vector<2x4xf32>, %b: vector<4x8xf32>) {
  // expected-error@+1 {{'vector.insert_strided_slice' op expected offsets of same size as destination vector rank}}
  %0 = vector.insert_strided_slice %a, %b {offsets = [1], strides = [1, 1]} : vector<2x4xf32> into vector<4x8xf32>
  return
}

// -----

func.func @f(%a: vector<2x4xf32>, %b: vector<4x8xf32>) {
  // expected-error@+1 {{'vector.insert_strided_slice' op expected strides to be confined to [1, 2)}}
  %0 = vector.insert_strided_slice %a, %b {offsets = [1, 1], strides = [1, 3]} : vector<2x4xf32> into vector<4x8xf32>
  return
}

// -----

func.func @f(%a1: vector<2x2xi32>, %a2: vector<2xi32>) {
  // expected-error@+1 {{'vector.scan' op reduction dimension 2 has to be less than 2}}
  %r3:2 = vector.scan <xor>, %a1, %a2 {inclusive = true, reduction_dim = 2} : vector<2x2xi32>, vector<2xi32>
  return
}

// -----

func.func @f(%a1: vector<2x3xi32>, %a2: vector<2xi32>) {
  // expected-error@+1 {{'vector.scan' op incompatible input/initial value shapes}}
  %r3:2 = vector.scan <xor>, %a1, %a2 {inclusive = true, reduction_dim = 0} : vector<2x3xi32>, vector<2xi32>
  return
}

// -----

func.func @f(%a1: vector<2x3xf32>, %a2: vector<3xf32>) {
  // expected-error@+1 {{'vector.scan' op unsupported reduction type 'f32' for kind 'xor'}}
  %r3:2 = vector.scan <xor>, %a1, %a2 {inclusive = true, reduction_dim = 0} : vector<2x3xf32>, vector<3xf32>
  return
}

// -----

func.func @f(%v: vector<8xf32>, %m: vector<8xi1>) {
  // expected-error@+1 {{'vector.mask' op expects result type to match maskable operation result type}}
  %0 = vector.mask %m { vector.reduction <add>, %v : vector<8xf32> into f32 } : vector<8xi1> -> f16
  return
}

// -----

// vector.mask: the mask type each maskable op expects (reduction, multi_reduction, transfers,
// contract over its iteration space).
func.func @vector_mask_shape_mismatch(%a: vector<8xi32>, %m0: vector<16xi1>) -> i32 {
  // expected-error@+1 {{'vector.mask' op expects a 'vector<8xi1>' mask for the maskable operation}}
  %0 = vector.mask %m0 { vector.reduction <add>, %a : vector<8xi32> into i32 } : vector<16xi1> -> i32
  return %0 : i32
}

// -----

func.func @multi_reduction_mask(%a: vector<4x[8]xf32>, %acc: vector<4xf32>, %m: vector<4x8xi1>) -> vector<4xf32> {
  // expected-error@+1 {{'vector.mask' op expects a 'vector<4x[8]xi1>' mask for the maskable operation}}
  %0 = vector.mask %m { vector.multi_reduction <add>, %a, %acc [1] : vector<4x[8]xf32> to vector<4xf32> } : vector<4x8xi1> -> vector<4xf32>
  return %0 : vector<4xf32>
}

// -----

func.func @transfer_read_mask(%t: tensor<?x?xf32>, %i: index, %pad: f32, %m: vector<8x4xi1>) -> vector<8x4xf32> {
  // expected-error@+1 {{'vector.mask' op expects a 'vector<4x8xi1>' mask for the maskable operation}}
  %0 = vector.mask %m { vector.transfer_read %t[%i, %i], %pad {permutation_map = affine_map<(d0, d1) -> (d1, d0)>} : tensor<?x?xf32>, vector<8x4xf32> } : vector<8x4xi1> -> vector<8x4xf32>
  return %0 : vector<8x4xf32>
}

// -----

func.func @transfer_write_mask(%v: vector<8xf32>, %t: tensor<?xf32>, %i: index, %m: vector<4xi1>) -> tensor<?xf32> {
  // expected-error@+1 {{'vector.mask' op expects a 'vector<8xi1>' mask for the maskable operation}}
  %0 = vector.mask %m { vector.transfer_write %v, %t[%i] : vector<8xf32>, tensor<?xf32> } : vector<4xi1> -> tensor<?xf32>
  return %0 : tensor<?xf32>
}

// -----

#a = affine_map<(m, n, k) -> (m, k)>
#b = affine_map<(m, n, k) -> (k, n)>
#c = affine_map<(m, n, k) -> (m, n)>
func.func @contract_mask(%l: vector<2x3xf32>, %r: vector<3x5xf32>, %acc: vector<2x5xf32>, %m: vector<2x3x5xi1>) -> vector<2x5xf32> {
  // expected-error@+1 {{'vector.mask' op expects a 'vector<2x5x3xi1>' mask for the maskable operation}}
  %0 = vector.mask %m { vector.contract {indexing_maps = [#a, #b, #c], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %l, %r, %acc : vector<2x3xf32>, vector<3x5xf32> into vector<2x5xf32> } : vector<2x3x5xi1> -> vector<2x5xf32>
  return %0 : vector<2x5xf32>
}

// -----

#a = affine_map<(m, n, k) -> (m, k)>
#b = affine_map<(m, n, k) -> (k, n)>
#c = affine_map<(m, n, k) -> (m, n)>
func.func @masks_that_fit(%l: vector<2x3xf32>, %r: vector<3x5xf32>, %acc: vector<2x5xf32>, %m: vector<2x5x3xi1>, %a: vector<8xi32>, %m8: vector<8xi1>) -> (vector<2x5xf32>, i32) {
  %0 = vector.mask %m { vector.contract {indexing_maps = [#a, #b, #c], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %l, %r, %acc : vector<2x3xf32>, vector<3x5xf32> into vector<2x5xf32> } : vector<2x5x3xi1> -> vector<2x5xf32>
  %1 = vector.mask %m8 { vector.reduction <add>, %a : vector<8xi32> into i32 } : vector<8xi1> -> i32
  return %0, %1 : vector<2x5xf32>, i32
}

// -----

%source, %index, %padding = "test.op"() : () -> (memref<?x?xf32>, index, f32)
// expected-error@+1 {{'vector.transfer_read' op requires 2 indices}}
%r = "vector.transfer_read"(%source, %index, %index, %padding) <{in_bounds = [true], operandSegmentSizes = array<i32: 1, 1, 2, 0>, permutation_map = affine_map<(d0, d1) -> (d1)>}> : (memref<?x?xf32>, index, index, f32) -> vector<128xf32>

// -----

%v, %source, %index = "test.op"() : () -> (vector<4xf32>, tensor<?x?xf32>, index)
// expected-error@+1 {{'vector.transfer_write' op requires 2 indices}}
%w = "vector.transfer_write"(%v, %source, %index) <{in_bounds = [true], operandSegmentSizes = array<i32: 1, 1, 1, 0>, permutation_map = affine_map<(d0, d1) -> (d1)>}> : (vector<4xf32>, tensor<?x?xf32>, index) -> tensor<?x?xf32>

// -----

// The checks of the transfer verifiers, each in MLIR's order: the index count comes first.
%source, %index, %padding = "test.op"() : () -> (memref<?x?xf32>, index, f32)
// expected-error@+1 {{'vector.transfer_read' op requires 2 indices}}
%r = "vector.transfer_read"(%source, %index, %padding) <{in_bounds = [false], operandSegmentSizes = array<i32: 1, 1, 1, 0>, permutation_map = affine_map<(d0, d1)[s0] -> (d0, d1)>}> {masked = [false]} : (memref<?x?xf32>, index, f32) -> vector<128xf32>

// -----

%source, %index, %padding = "test.op"() : () -> (memref<?x?xf32>, index, f32)
// expected-error@+1 {{'vector.transfer_read' op masked attribute has been removed. Use in_bounds instead.}}
%r = "vector.transfer_read"(%source, %index, %index, %padding) <{in_bounds = [false], operandSegmentSizes = array<i32: 1, 2, 1, 0>, permutation_map = affine_map<(d0, d1) -> (d1)>}> {masked = [false]} : (memref<?x?xf32>, index, index, f32) -> vector<128xf32>

// -----

%source, %padding = "test.op"() : () -> (f32, f32)
// expected-error@+1 {{'vector.transfer_read' op operand #0 must be shaped of any type values, but got 'f32'}}
%r = "vector.transfer_read"(%source, %padding) <{in_bounds = [false], operandSegmentSizes = array<i32: 1, 0, 1, 0>, permutation_map = affine_map<() -> (0)>}> : (f32, f32) -> vector<128xf32>

// -----

// An unranked source counts as rank 0.
%source, %index, %padding = "test.op"() : () -> (tensor<*xf32>, index, f32)
// expected-error@+1 {{'vector.transfer_read' op requires 0 indices}}
%r = "vector.transfer_read"(%source, %index, %padding) <{in_bounds = [false], operandSegmentSizes = array<i32: 1, 1, 1, 0>, permutation_map = affine_map<() -> (0)>}> : (tensor<*xf32>, index, f32) -> vector<128xf32>

// -----

%source, %padding = "test.op"() : () -> (tensor<*xf32>, f32)
// expected-error@+1 {{'vector.transfer_read' op requires source to be a memref or ranked tensor type}}
%r = "vector.transfer_read"(%source, %padding) <{in_bounds = [false], operandSegmentSizes = array<i32: 1, 0, 1, 0>, permutation_map = affine_map<() -> (0)>}> : (tensor<*xf32>, f32) -> vector<128xf32>

// -----

%source, %index, %padding = "test.op"() : () -> (vector<4x3xf32>, index, f32)
// expected-error@+1 {{'vector.transfer_read' op requires source to be a memref or ranked tensor type}}
%r = "vector.transfer_read"(%source, %index, %index, %padding) <{in_bounds = [false], operandSegmentSizes = array<i32: 1, 2, 1, 0>, permutation_map = affine_map<(d0, d1) -> (d1)>}> : (vector<4x3xf32>, index, index, f32) -> vector<128xf32>

// -----

%v, %dest = "test.op"() : () -> (vector<128xf32>, memref<*xf32>)
// expected-error@+1 {{'vector.transfer_write' op requires source to be a memref or ranked tensor type}}
"vector.transfer_write"(%v, %dest) <{in_bounds = [], operandSegmentSizes = array<i32: 1, 1, 0, 0>, permutation_map = affine_map<() -> ()>}> : (vector<128xf32>, memref<*xf32>) -> ()

// -----

%source, %index, %padding = "test.op"() : () -> (memref<?x?xvector<4x3xf32>>, index, vector<4x3xf32>)
// expected-error@+1 {{'vector.transfer_read' op requires the bitwidth of the minor 1-D vector to be an integral multiple of the bitwidth of the minor 1-D vector of the source}}
%r = "vector.transfer_read"(%source, %index, %index, %padding) <{in_bounds = [false], operandSegmentSizes = array<i32: 1, 2, 1, 0>, permutation_map = affine_map<(d0, d1) -> (d1)>}> : (memref<?x?xvector<4x3xf32>>, index, index, vector<4x3xf32>) -> vector<4x2xf32>

// -----

// A minor dimension of 6 x f16 holds one of 3 x f32.
%source, %index, %padding = "test.op"() : () -> (memref<?x?xvector<4x3xf32>>, index, vector<4x3xf32>)
// expected-error@+1 {{'vector.transfer_read' op requires source vector element and vector result ranks to match.}}
%r = "vector.transfer_read"(%source, %index, %index, %padding) <{in_bounds = [], operandSegmentSizes = array<i32: 1, 2, 1, 0>, permutation_map = affine_map<(d0, d1) -> ()>}> : (memref<?x?xvector<4x3xf32>>, index, index, vector<4x3xf32>) -> vector<6xf16>

// -----

%source, %index, %padding = "test.op"() : () -> (memref<?x?xvector<4x3xf32>>, index, vector<4x3xf32>)
// expected-error@+1 {{'vector.transfer_read' op requires a permutation_map with result dims of the same rank as the vector type}}
%r = vector.transfer_read %source[%index, %index], %padding {permutation_map = affine_map<(d0, d1) -> (d0, d1)>} : memref<?x?xvector<4x3xf32>>, vector<1x4x3xf32>

// -----

%source, %index, %padding, %mask = "test.op"() : () -> (memref<?x?xvector<4x3xf32>>, index, vector<4x3xf32>, vector<2xi1>)
// expected-error@+1 {{'vector.transfer_read' op does not support masks with vector element type}}
%r = "vector.transfer_read"(%source, %index, %index, %padding, %mask) <{in_bounds = [false, false], operandSegmentSizes = array<i32: 1, 2, 1, 1>, permutation_map = affine_map<(d0, d1) -> (d0, d1)>}> : (memref<?x?xvector<4x3xf32>>, index, index, vector<4x3xf32>, vector<2xi1>) -> vector<1x1x4x3xf32>

// -----

// `index` is 64 bits wide in the default data layout.
%source, %index = "test.op"() : () -> (memref<?x?xindex>, index)
// expected-error@+1 {{'vector.transfer_read' op requires the bitwidth of the minor 1-D vector to be an integral multiple of the bitwidth of the source element type}}
%r = "vector.transfer_read"(%source, %index, %index, %index) <{in_bounds = [false], operandSegmentSizes = array<i32: 1, 2, 1, 0>, permutation_map = affine_map<(d0, d1) -> (d1)>}> : (memref<?x?xindex>, index, index, index) -> vector<3xi32>

// -----

// `complex<i3>` takes 11 bits: the real part padded to a byte, and the imaginary part.
%source, %index, %padding = "test.op"() : () -> (memref<?xcomplex<i3>>, index, complex<i3>)
// expected-error@+1 {{'vector.transfer_read' op requires the bitwidth of the minor 1-D vector to be an integral multiple of the bitwidth of the source element type}}
%r = "vector.transfer_read"(%source, %index, %padding) <{in_bounds = [false], operandSegmentSizes = array<i32: 1, 1, 1, 0>, permutation_map = affine_map<(d0) -> (d0)>}> : (memref<?xcomplex<i3>>, index, complex<i3>) -> vector<8xi1>

// -----

%source, %index, %padding = "test.op"() : () -> (memref<?xcomplex<i3>>, index, complex<i3>)
// expected-error@+1 {{'vector.transfer_read' op requires valid padding vector elemental type}}
%r = "vector.transfer_read"(%source, %index, %padding) <{in_bounds = [false], operandSegmentSizes = array<i32: 1, 1, 1, 0>, permutation_map = affine_map<(d0) -> (d0)>}> : (memref<?xcomplex<i3>>, index, complex<i3>) -> vector<11xi1>

// -----

%source, %index, %padding = "test.op"() : () -> (memref<?x?xf32>, index, f32)
// expected-error@+1 {{'vector.transfer_read' op requires a permutation_map with result dims of the same rank as the vector type}}
%r = vector.transfer_read %source[%index, %index], %padding {permutation_map = affine_map<(d0, d1) -> (d0, d1)>} : memref<?x?xf32>, vector<128xf32>

// -----

%source, %index, %padding = "test.op"() : () -> (memref<?x?xf32>, index, f32)
// expected-error@+1 {{'vector.transfer_read' op requires a permutation_map with result dims of the same rank as the vector type}}
%r = "vector.transfer_read"(%source, %index, %index, %padding) <{in_bounds = [false], operandSegmentSizes = array<i32: 1, 2, 1, 0>, permutation_map = affine_map<(d0, d1) -> (d1)>}> : (memref<?x?xf32>, index, index, f32) -> vector<f32>

// -----

// The result count comes before the symbols and the input count.
%source, %index, %padding = "test.op"() : () -> (memref<?x?xf32>, index, f32)
// expected-error@+1 {{'vector.transfer_read' op requires a permutation_map with result dims of the same rank as the vector type}}
%r = "vector.transfer_read"(%source, %index, %index, %padding) <{in_bounds = [false], operandSegmentSizes = array<i32: 1, 2, 1, 0>, permutation_map = affine_map<(d0, d1, d2)[s0] -> (d0, d1)>}> : (memref<?x?xf32>, index, index, f32) -> vector<128xf32>

// -----

%source, %index, %padding = "test.op"() : () -> (memref<?x?xf32>, index, f32)
// expected-error@+1 {{'vector.transfer_read' op requires permutation_map without symbols}}
%r = vector.transfer_read %source[%index, %index], %padding {permutation_map = affine_map<(d0, d1)[s0] -> (d0)>} : memref<?x?xf32>, vector<128xf32>

// -----

%source, %index, %padding = "test.op"() : () -> (memref<?x?xf32>, index, f32)
// expected-error@+1 {{'vector.transfer_read' op requires a permutation_map with input dims of the same rank as the source type}}
%r = vector.transfer_read %source[%index, %index], %padding {permutation_map = affine_map<(d0) -> (d0)>} : memref<?x?xf32>, vector<128xf32>

// -----

%source, %index, %padding, %mask = "test.op"() : () -> (memref<?x?xf32>, index, f32, vector<2xi1>)
// expected-error@+1 {{'vector.transfer_read' op inferred mask type ('vector<128xi1>') and mask operand type ('vector<2xi1>') don't match}}
%r = "vector.transfer_read"(%source, %index, %index, %padding, %mask) <{in_bounds = [false], operandSegmentSizes = array<i32: 1, 2, 1, 1>, permutation_map = affine_map<(d0, d1) -> (d1)>}> : (memref<?x?xf32>, index, index, f32, vector<2xi1>) -> vector<128xf32>

// -----

// The mask type comes before the in-bounds flags.
%v, %dest, %index, %mask = "test.op"() : () -> (vector<128xf32>, memref<?x?xf32>, index, vector<3xi1>)
// expected-error@+1 {{'vector.transfer_write' op inferred mask type ('vector<128xi1>') and mask operand type ('vector<3xi1>') don't match}}
"vector.transfer_write"(%v, %dest, %index, %index, %mask) <{in_bounds = [false, false], operandSegmentSizes = array<i32: 1, 1, 2, 1>, permutation_map = affine_map<(d0, d1) -> (d0)>}> : (vector<128xf32>, memref<?x?xf32>, index, index, vector<3xi1>) -> ()

// -----

// A 0-d transfer takes a one-element mask.
func.func @transfer_0d_mask(%source: memref<f32>, %padding: f32, %mask: vector<1xi1>) -> vector<f32> {
  %r = vector.transfer_read %source[], %padding, %mask : memref<f32>, vector<f32>
  return %r : vector<f32>
}

// -----

%source, %index, %padding = "test.op"() : () -> (memref<?x?xf32>, index, f32)
// expected-error@+1 {{'vector.transfer_read' op expects the in_bounds attr of same rank as permutation_map results: affine_map<(d0, d1) -> (d1)> vs inBounds of size: 2}}
%r = vector.transfer_read %source[%index, %index], %padding {in_bounds = [true, false]} : memref<?x?xf32>, vector<128xf32>

// -----

// The in-bounds flags come before the padding and the permutation.
%source, %index, %padding = "test.op"() : () -> (memref<?x?xf32>, index, i32)
// expected-error@+1 {{'vector.transfer_read' op expects the in_bounds attr of same rank as permutation_map results: affine_map<(d0, d1) -> (d0 + d1)> vs inBounds of size: 2}}
%r = "vector.transfer_read"(%source, %index, %index, %padding) <{in_bounds = [false, true], operandSegmentSizes = array<i32: 1, 2, 1, 0>, permutation_map = affine_map<(d0, d1) -> (d1 + d0)>}> : (memref<?x?xf32>, index, index, i32) -> vector<128xf32>

// -----

// The padding comes before the permutation.
%source, %index, %padding = "test.op"() : () -> (memref<?x?xf32>, index, i32)
// expected-error@+1 {{'vector.transfer_read' op requires formal padding and source of the same elemental type}}
%r = "vector.transfer_read"(%source, %index, %index, %padding) <{in_bounds = [false], operandSegmentSizes = array<i32: 1, 2, 1, 0>, permutation_map = affine_map<(d0, d1) -> (d1 + d0)>}> : (memref<?x?xf32>, index, index, i32) -> vector<128xf32>

// -----

%source, %index, %padding = "test.op"() : () -> (memref<?x?xf32>, index, memref<f32>)
// expected-error@+1 {{'vector.transfer_read' op requires valid padding vector elemental type}}
%r = "vector.transfer_read"(%source, %index, %index, %padding) <{in_bounds = [false], operandSegmentSizes = array<i32: 1, 2, 1, 0>, permutation_map = affine_map<(d0, d1) -> (d1)>}> : (memref<?x?xf32>, index, index, memref<f32>) -> vector<128xf32>

// -----

%source, %index, %padding = "test.op"() : () -> (memref<?x?xvector<4x3xf32>>, index, vector<4x3xi32>)
// expected-error@+1 {{'vector.transfer_read' op requires source element type and padding type to match.}}
%r = "vector.transfer_read"(%source, %index, %index, %padding) <{in_bounds = [false, false], operandSegmentSizes = array<i32: 1, 2, 1, 0>, permutation_map = affine_map<(d0, d1) -> (d0, d1)>}> : (memref<?x?xvector<4x3xf32>>, index, index, vector<4x3xi32>) -> vector<1x1x4x3xf32>

// -----

%source, %index, %padding = "test.op"() : () -> (memref<?x?xf32>, index, f32)
// expected-error@+1 {{'vector.transfer_read' op requires a projected permutation_map (at most one dim or the zero constant can appear in each result)}}
%r = vector.transfer_read %source[%index, %index], %padding {permutation_map = affine_map<(d0, d1) -> (d0 + d1)>} : memref<?x?xf32>, vector<128xf32>

// -----

%source, %index, %padding = "test.op"() : () -> (memref<?x?xf32>, index, f32)
// expected-error@+1 {{'vector.transfer_read' op requires a projected permutation_map (at most one dim or the zero constant can appear in each result)}}
%r = vector.transfer_read %source[%index, %index], %padding {permutation_map = affine_map<(d0, d1) -> (1)>} : memref<?x?xf32>, vector<128xf32>

// -----

%source, %index, %padding = "test.op"() : () -> (memref<?x?xf32>, index, f32)
// expected-error@+1 {{'vector.transfer_read' op requires a permutation_map that is a permutation (found one dim used more than once)}}
%r = vector.transfer_read %source[%index, %index], %padding {permutation_map = affine_map<(d0, d1) -> (d0, d0)>} : memref<?x?xf32>, vector<3x128xf32>

// -----

// A broadcast dimension may be marked in bounds.
func.func @transfer_broadcast_in_bounds(%source: memref<?x?xf32>, %index: index, %padding: f32) -> vector<128xf32> {
  %r = vector.transfer_read %source[%index, %index], %padding {permutation_map = affine_map<(d0, d1) -> (0)>, in_bounds = [true]} : memref<?x?xf32>, vector<128xf32>
  return %r : vector<128xf32>
}

// -----

// The broadcast check comes before the shared checks.
%v, %dest, %index = "test.op"() : () -> (vector<128xf32>, memref<?x?xf32>, index)
// expected-error@+1 {{'vector.transfer_write' op should not have broadcast dimensions}}
"vector.transfer_write"(%v, %dest, %index, %index) <{in_bounds = [false], operandSegmentSizes = array<i32: 1, 1, 2, 0>, permutation_map = affine_map<(d0, d1)[s0] -> (0)>}> {masked = [true]} : (vector<128xf32>, memref<?x?xf32>, index, index) -> ()

// -----

%v, %dest, %index = "test.op"() : () -> (vector<128xf32>, memref<?x?xf32>, index)
// expected-error@+1 {{'vector.transfer_write' op requires a projected permutation_map (at most one dim or the zero constant can appear in each result)}}
vector.transfer_write %v, %dest[%index, %index] {permutation_map = affine_map<(d0, d1) -> (d0 floordiv 2)>} : vector<128xf32>, memref<?x?xf32>

// -----

%v, %dest, %index = "test.op"() : () -> (vector<2x128xf32>, memref<?x?xf32>, index)
// expected-error@+1 {{'vector.transfer_write' op requires a permutation_map that is a permutation (found one dim used more than once)}}
vector.transfer_write %v, %dest[%index, %index] {permutation_map = affine_map<(d0, d1) -> (d0, d0)>} : vector<2x128xf32>, memref<?x?xf32>

// -----

%v, %dest, %index = "test.op"() : () -> (vector<2x128xf32>, tensor<?x?xf32>, index)
// expected-error@+1 {{'vector.transfer_write' op expected the number of tensor results (0) to be equal to the number of output tensors (1)}}
"vector.transfer_write"(%v, %dest, %index, %index) <{in_bounds = [false, false], operandSegmentSizes = array<i32: 1, 1, 2, 0>, permutation_map = affine_map<(d0, d1) -> (d0, d1)>}> : (vector<2x128xf32>, tensor<?x?xf32>, index, index) -> ()

// -----

%v, %dest, %index = "test.op"() : () -> (vector<2x128xf32>, tensor<?x?xf32>, index)
// expected-error@+1 {{'vector.transfer_write' op expected type of operand #1 ('tensor<?x?xf32>') to match type of corresponding result ('tensor<?x4xf32>')}}
%w = "vector.transfer_write"(%v, %dest, %index, %index) <{in_bounds = [false, false], operandSegmentSizes = array<i32: 1, 1, 2, 0>, permutation_map = affine_map<(d0, d1) -> (d0, d1)>}> : (vector<2x128xf32>, tensor<?x?xf32>, index, index) -> tensor<?x4xf32>

// -----

// The custom forms' own checks.
%v, %dest, %index = "test.op"() : () -> (vector<4xf32>, memref<?xf32>, index)
// expected-error@+1 {{custom op 'vector.transfer_write' requires two types}}
vector.transfer_write %v, %dest[%index] : memref<?xf32>

// -----

%source, %index, %padding = "test.op"() : () -> (memref<?xf32>, index, f32)
// expected-error@+1 {{custom op 'vector.transfer_read' requires two types}}
%r = vector.transfer_read %source[%index], %padding : memref<?xf32>, vector<4xf32>, f32

// -----

%source, %index, %padding = "test.op"() : () -> (memref<?xf32>, index, f32)
// expected-error@+1 {{custom op 'vector.transfer_read' expected a custom permutation_map when rank(source) != rank(destination)}}
%r = vector.transfer_read %source[%index], %padding : memref<?xf32>, vector<2x3xf32>

// -----

// The element type has more dimensions than the vector.
%source, %index, %padding = "test.op"() : () -> (memref<?x?xvector<2x3xf32>>, index, vector<2x3xf32>)
// expected-error@+1 {{custom op 'vector.transfer_read' expected a custom permutation_map when rank(source) != rank(destination)}}
%r = vector.transfer_read %source[%index, %index], %padding : memref<?x?xvector<2x3xf32>>, vector<3xf32>

// -----

%v, %dest, %index = "test.op"() : () -> (vector<2x3xf32>, memref<?xf32>, index)
// expected-error@+1 {{custom op 'vector.transfer_write' expected a custom permutation_map when rank(source) != rank(destination)}}
vector.transfer_write %v, %dest[%index] : vector<2x3xf32>, memref<?xf32>

// -----

%source, %index, %padding, %mask = "test.op"() : () -> (memref<?x?xvector<3xf32>>, index, vector<3xf32>, vector<2xi1>)
// expected-error@+1 {{custom op 'vector.transfer_read' does not support masks with vector element type}}
%r = vector.transfer_read %source[%index, %index], %padding, %mask : memref<?x?xvector<3xf32>>, vector<2x3xf32>

// -----

%source, %index, %padding, %mask = "test.op"() : () -> (memref<?x?xf32>, index, f32, vector<2xi1>)
// expected-error@+1 {{custom op 'vector.transfer_read' expected the same rank for the vector and the results of the permutation map}}
%r = vector.transfer_read %source[%index, %index], %padding, %mask {permutation_map = affine_map<(d0, d1) -> (d0, d1)>} : memref<?x?xf32>, vector<2xf32>

// -----

%v, %dest, %index, %mask = "test.op"() : () -> (vector<2xf32>, memref<?x?xvector<2xf32>>, index, vector<2xi1>)
// expected-error@+1 {{custom op 'vector.transfer_write' does not support masks with vector element type}}
vector.transfer_write %v, %dest[%index, %index], %mask {permutation_map = affine_map<(d0, d1) -> ()>} : vector<2xf32>, memref<?x?xvector<2xf32>>

// -----

// Masks have at least one dimension.
%source, %padding, %mask = "test.op"() : () -> (memref<f32>, f32, vector<i1>)
// expected-error@+1 {{'vector.transfer_read' op operand #2 must be vector of 1-bit signless integer values, but got 'vector<i1>'}}
%r = "vector.transfer_read"(%source, %padding, %mask) <{in_bounds = [], operandSegmentSizes = array<i32: 1, 0, 1, 1>, permutation_map = affine_map<() -> ()>}> : (memref<f32>, f32, vector<i1>) -> vector<f32>

// -----

%mask = "test.op"() : () -> (vector<i1>)
// expected-error@+1 {{'vector.mask' op operand #0 must be vector of 1-bit signless integer values, but got 'vector<i1>'}}
vector.mask %mask { "test.op"() : () -> () } : vector<i1>

// -----

// A trait dictionary given through an alias.
#mm = {indexing_maps = [affine_map<(i, j, k) -> (i, k)>, affine_map<(i, j, k) -> (k, j)>, affine_map<(i, j, k) -> (j, i)>], iterator_types = ["parallel", "parallel", "reduction"]}
func.func @contract_alias_shape(%a: vector<3x5xf16>, %b: vector<5x6xf16>, %c: vector<3x6xf16>) -> vector<3x6xf16> {
  // expected-error@+1 {{invalid accumulator/result vector shape, expected: 'vector<6x3xf16>'}}
  %r = vector.contract #mm %a, %b, %c : vector<3x5xf16>, vector<5x6xf16> into vector<3x6xf16>
  return %r : vector<3x6xf16>
}

// -----

func.func @contract_not_a_dict(%a: vector<3xf32>, %b: vector<3xf32>, %c: f32) -> f32 {
  // expected-error@+1 {{custom op 'vector.contract' invalid kind of attribute specified}}
  %r = vector.contract [0] %a, %b, %c : vector<3xf32>, vector<3xf32> into f32
  return %r : f32
}

// -----

func.func @contract_mixed_elements(%a: vector<2x3xi8>, %b: vector<3x2xf32>, %c: vector<2x2xf32>) -> vector<2x2xf32> {
  // expected-error@+1 {{'vector.contract' op failed to verify that lhs and rhs have same element type}}
  %r = vector.contract {indexing_maps = [affine_map<(i, j, k) -> (i, k)>, affine_map<(i, j, k) -> (k, j)>, affine_map<(i, j, k) -> (i, j)>], iterator_types = ["parallel", "parallel", "reduction"]} %a, %b, %c : vector<2x3xi8>, vector<3x2xf32> into vector<2x2xf32>
  return %r : vector<2x2xf32>
}

// -----

func.func @broadcast_leading_mismatch(%v: vector<3x1xi8>) -> vector<2x5x1xi8> {
  // expected-error@+1 {{'vector.broadcast' op dimension mismatch (3 vs. 5)}}
  %r = vector.broadcast %v : vector<3x1xi8> to vector<2x5x1xi8>
  return %r : vector<2x5x1xi8>
}

// -----

func.func @broadcast_scalable_mismatch(%v: vector<[4]xf32>) -> vector<2x4xf32> {
  // expected-error@+1 {{'vector.broadcast' op dimension mismatch ([4] vs. 4)}}
  %r = vector.broadcast %v : vector<[4]xf32> to vector<2x4xf32>
  return %r : vector<2x4xf32>
}

// -----

func.func @broadcast_rank_down(%v: vector<2x2x2xf32>) -> vector<2x2xf32> {
  // expected-error@+1 {{'vector.broadcast' op source rank higher than destination rank}}
  %r = vector.broadcast %v : vector<2x2x2xf32> to vector<2x2xf32>
  return %r : vector<2x2xf32>
}

// -----

func.func @broadcast_tensor(%t: tensor<2xf32>) -> vector<2xf32> {
  // expected-error@+1 {{'vector.broadcast' op source type is not a vector}}
  %r = vector.broadcast %t : tensor<2xf32> to vector<2xf32>
  return %r : vector<2xf32>
}

// -----

func.func @shuffle_second_elements(%a: vector<3xi16>, %b: vector<3xi32>) -> vector<2xi16> {
  // expected-error@+1 {{'vector.shuffle' op failed to verify that second operand v2 and result have same element type}}
  %r = vector.shuffle %a, %b [0, 5] : vector<3xi16>, vector<3xi32>
  return %r : vector<2xi16>
}

// -----

func.func @insert_vector_too_short(%a: vector<16xf32>, %b: vector<2x8x16xf32>) -> vector<2x8x16xf32> {
  // expected-error@+1 {{'vector.insert' op expected position attribute rank + source rank to match dest vector rank}}
  %r = vector.insert %a, %b[1] : vector<16xf32> into vector<2x8x16xf32>
  return %r : vector<2x8x16xf32>
}

// -----

func.func @insert_scalar_too_short(%a: i8, %b: vector<2x8xi8>) -> vector<2x8xi8> {
  // expected-error@+1 {{'vector.insert' op expected position attribute rank to match the dest vector rank}}
  %r = vector.insert %a, %b[1] : i8 into vector<2x8xi8>
  return %r : vector<2x8xi8>
}

// -----

func.func @insert_out_of_range(%a: i8, %b: vector<2x8xi8>) -> vector<2x8xi8> {
  // expected-error@+1 {{'vector.insert' op expected position attribute #2 to be a non-negative integer smaller than the corresponding dest vector dimension}}
  %r = vector.insert %a, %b[1, 8] : i8 into vector<2x8xi8>
  return %r : vector<2x8xi8>
}

// -----

func.func @insert_0d_source(%a: vector<i8>, %b: vector<2xi8>) -> vector<2xi8> {
  // expected-error@+1 {{expected a scalar instead of a 0-d vector as the source operand}}
  %r = vector.insert %a, %b[0] : vector<i8> into vector<2xi8>
  return %r : vector<2xi8>
}

// -----

func.func @extract_out_of_range(%v: vector<3x4xf32>) -> f32 {
  // expected-error@+1 {{'vector.extract' op expected position attribute #1 to be a non-negative integer smaller than the corresponding vector dimension or poison (-1)}}
  %r = vector.extract %v[3, 0] : f32 from vector<3x4xf32>
  return %r : f32
}

// -----

func.func @outerproduct_rank2_rhs(%a: vector<4xf32>, %b: vector<2x3xf32>) -> vector<4x2xf32> {
  // expected-error@+1 {{'vector.outerproduct' op expected 1-d vector for operand #2}}
  %r = vector.outerproduct %a, %b : vector<4xf32>, vector<2x3xf32>
  return %r : vector<4x2xf32>
}

// -----

func.func @outerproduct_result_rows(%a: vector<4xf32>, %b: vector<3xf32>) -> vector<5x3xf32> {
  // expected-error@+1 {{'vector.outerproduct' op expected #1 operand dim to match result dim #1}}
  %r = "vector.outerproduct"(%a, %b) <{kind = #vector.kind<add>}> : (vector<4xf32>, vector<3xf32>) -> vector<5x3xf32>
  return %r : vector<5x3xf32>
}

// -----

func.func @outerproduct_axpy_2d(%a: vector<4xf32>, %s: f32) -> vector<4x4xf32> {
  // expected-error@+1 {{'vector.outerproduct' op expected 1-d vector result}}
  %r = "vector.outerproduct"(%a, %s) <{kind = #vector.kind<add>}> : (vector<4xf32>, f32) -> vector<4x4xf32>
  return %r : vector<4x4xf32>
}

// -----

func.func @outerproduct_acc_type(%a: vector<4xf32>, %b: vector<3xf32>, %c: vector<3x4xf32>) -> vector<4x3xf32> {
  // expected-error@+1 {{'vector.outerproduct' op expected operand #3 of same type as result type}}
  %r = "vector.outerproduct"(%a, %b, %c) <{kind = #vector.kind<add>}> : (vector<4xf32>, vector<3xf32>, vector<3x4xf32>) -> vector<4x3xf32>
  return %r : vector<4x3xf32>
}

// -----

func.func @outerproduct_int_kind(%a: vector<4xi32>, %b: vector<3xi32>) -> vector<4x3xi32> {
  // expected-error@+1 {{'vector.outerproduct' op unsupported outerproduct type}}
  %r = vector.outerproduct %a, %b {kind = #vector.kind<minimumf>} : vector<4xi32>, vector<3xi32>
  return %r : vector<4x3xi32>
}

// -----

func.func @outerproduct_rhs_elements(%a: vector<4xf32>, %b: vector<3xf16>) -> vector<4x3xf32> {
  // expected-error@+1 {{'vector.outerproduct' op failed to verify that rhs operand and result have same element type}}
  %r = vector.outerproduct %a, %b : vector<4xf32>, vector<3xf16>
  return %r : vector<4x3xf32>
}

// -----

func.func @create_mask_count() -> vector<2x2xi1> {
  %c1 = arith.constant 1 : index
  // expected-error@+1 {{'vector.create_mask' op must specify an operand for each result vector dimension}}
  %m = vector.create_mask %c1 : vector<2x2xi1>
  return %m : vector<2x2xi1>
}

// -----

func.func @create_mask_0d() -> vector<i1> {
  // expected-error@+1 {{'vector.create_mask' op must specify exactly one operand for 0-D create_mask}}
  %m = vector.create_mask : vector<i1>
  return %m : vector<i1>
}

// -----

func.func @constant_mask_0d_two() -> vector<i1> {
  // expected-error@+1 {{array attr must have length 1 for 0-D vectors}}
  %m = vector.constant_mask [1, 1] : vector<i1>
  return %m : vector<i1>
}

// -----

func.func @constant_mask_0d_size() -> vector<i1> {
  // expected-error@+1 {{mask dim size must be either 0 or 1 for 0-D vectors}}
  %m = vector.constant_mask [3] : vector<i1>
  return %m : vector<i1>
}

// -----

func.func @constant_mask_rank() -> vector<2x2xi1> {
  // expected-error@+1 {{'vector.constant_mask' op must specify array attr of size equal vector result rank}}
  %m = vector.constant_mask [1] : vector<2x2xi1>
  return %m : vector<2x2xi1>
}

// -----

func.func @constant_mask_bounds() -> vector<2x2xi1> {
  // expected-error@+1 {{'vector.constant_mask' op array attr of size out of bounds of vector result dimension size}}
  %m = vector.constant_mask [1, 3] : vector<2x2xi1>
  return %m : vector<2x2xi1>
}

// -----

func.func @constant_mask_some_zero() -> vector<2x2xi1> {
  // expected-error@+1 {{'vector.constant_mask' op expected all mask dim sizes to be zeros, as a result of conjunction with zero mask dim}}
  %m = vector.constant_mask [2, 0] : vector<2x2xi1>
  return %m : vector<2x2xi1>
}

// -----

func.func @constant_mask_scalable_part() -> vector<[4]xi1> {
  // expected-error@+1 {{'vector.constant_mask' op only supports 'none set' or 'all set' scalable dimensions}}
  %m = vector.constant_mask [2] : vector<[4]xi1>
  return %m : vector<[4]xi1>
}

// -----

func.func @reduction_rank(%v: vector<2x2xi32>) -> i32 {
  // expected-error@+1 {{'vector.reduction' op unsupported reduction rank: 2}}
  %r = vector.reduction <add>, %v : vector<2x2xi32> into i32
  return %r : i32
}

// -----

func.func @reduction_kind(%v: vector<4xf32>) -> f32 {
  // expected-error@+1 {{'vector.reduction' op unsupported reduction type ''f32'' for kind 'xor'}}
  %r = vector.reduction <xor>, %v : vector<4xf32> into f32
  return %r : f32
}

// -----

func.func @load_strided(%m: memref<16xi8, strided<[4]>>, %i: index) -> vector<2xi8> {
  // expected-error@+1 {{'vector.load' op most minor memref dim must have unit stride}}
  %r = vector.load %m[%i] : memref<16xi8, strided<[4]>>, vector<2xi8>
  return %r : vector<2xi8>
}

// -----

func.func @load_elements(%m: memref<16xi8>, %i: index) -> vector<2xi16> {
  // expected-error@+1 {{'vector.load' op base and result element types should match}}
  %r = vector.load %m[%i] : memref<16xi8>, vector<2xi16>
  return %r : vector<2xi16>
}

// -----

func.func @store_vector_memref(%m: memref<4xvector<2xf32>>, %i: index, %v: vector<4xf32>) {
  // expected-error@+1 {{'vector.store' op base memref and valueToStore vector types should match}}
  vector.store %v, %m[%i] : memref<4xvector<2xf32>>, vector<4xf32>
  return
}

// -----

func.func @store_indices(%m: memref<4x4xf32>, %i: index, %v: vector<4xf32>) {
  // expected-error@+1 {{'vector.store' op requires 2 indices}}
  vector.store %v, %m[%i] : memref<4x4xf32>, vector<4xf32>
  return
}

// -----

func.func @maskedload_shape(%b: memref<?xf32>, %i: index, %m: vector<2x4xi1>, %p: vector<8xf32>) -> vector<8xf32> {
  // expected-error@+1 {{'vector.maskedload' op expected result shape to match mask shape}}
  %r = vector.maskedload %b[%i], %m, %p : memref<?xf32>, vector<2x4xi1>, vector<8xf32> into vector<8xf32>
  return %r : vector<8xf32>
}

// -----

func.func @maskedstore_elements(%b: memref<?xi32>, %i: index, %m: vector<8xi1>, %v: vector<8xf32>) {
  // expected-error@+1 {{'vector.maskedstore' op base and valueToStore element type should match}}
  vector.maskedstore %b[%i], %m, %v : memref<?xi32>, vector<8xi1>, vector<8xf32>
  return
}

// -----

func.func @gather_indices_dim(%b: memref<?xf32>, %i: index, %x: vector<4xi32>, %m: vector<8xi1>, %p: vector<8xf32>) -> vector<8xf32> {
  // expected-error@+1 {{'vector.gather' op expected result dim to match indices dim}}
  %r = vector.gather %b[%i][%x], %m, %p : memref<?xf32>, vector<4xi32>, vector<8xi1>, vector<8xf32> into vector<8xf32>
  return %r : vector<8xf32>
}

// -----

func.func @scatter_offsets(%b: memref<?x?xf32>, %i: index, %x: vector<8xi32>, %m: vector<8xi1>, %v: vector<8xf32>) {
  // expected-error@+1 {{'vector.scatter' op requires 2 indices}}
  vector.scatter %b[%i][%x], %m, %v : memref<?x?xf32>, vector<8xi32>, vector<8xi1>, vector<8xf32>
  return
}

// -----

func.func @expandload_pass_thru(%b: memref<?xf32>, %i: index, %m: vector<8xi1>, %p: vector<8xf16>) -> vector<8xf32> {
  // expected-error@+1 {{'vector.expandload' op expected pass_thru of same type as result type}}
  %r = vector.expandload %b[%i], %m, %p : memref<?xf32>, vector<8xi1>, vector<8xf16> into vector<8xf32>
  return %r : vector<8xf32>
}

// -----

func.func @compressstore_mask(%b: memref<?xf32>, %i: index, %m: vector<4xi1>, %v: vector<8xf32>) {
  // expected-error@+1 {{'vector.compressstore' op expected valueToStore dim to match mask dim}}
  vector.compressstore %b[%i], %m, %v : memref<?xf32>, vector<4xi1>, vector<8xf32>
  return
}

// -----

// A type(...) of a vector slot reads a vector type: another kind fails at the type.
func.func @broadcast_to_f64(%s: f64) {
  // expected-error@+1 {{custom op 'vector.broadcast' invalid kind of type specified: expected builtin.vector, but found 'f64'}}
  %r = vector.broadcast %s : f64 to f64
  return
}

// -----

func.func @bitcast_from_tensor(%t: tensor<2xi32>) {
  // expected-error@+1 {{custom op 'vector.bitcast' invalid kind of type specified: expected builtin.vector, but found 'tensor<2xi32>'}}
  %r = vector.bitcast %t : tensor<2xi32> to vector<2xf32>
  return
}

// -----

func.func @shape_cast_to_memref(%v: vector<2x3xf16>) {
  // expected-error@+1 {{custom op 'vector.shape_cast' invalid kind of type specified: expected builtin.vector, but found 'memref<6xf16>'}}
  %r = vector.shape_cast %v : vector<2x3xf16> to memref<6xf16>
  return
}

// -----

func.func @gather_indices_not_vector(%b: memref<16xf32>, %i: index, %m: vector<4xi1>, %p: vector<4xf32>) {
  // expected-error@+1 {{custom op 'vector.gather' invalid kind of type specified: expected builtin.vector, but found 'index'}}
  %r = vector.gather %b[%i] [%i], %m, %p : memref<16xf32>, index, vector<4xi1>, vector<4xf32> into vector<4xf32>
  return
}

// -----

// A lone trailing mask operand of vector.contract is reported at the op name.
#maps = [affine_map<(i, j, k) -> (i, k)>, affine_map<(i, j, k) -> (k, j)>, affine_map<(i, j, k) -> (i, j)>]
func.func @contract_one_mask(%a: vector<3x5xf32>, %b: vector<5x2xf32>, %c: vector<3x2xf32>, %m: vector<3x5xi1>) {
  // expected-error@+1 {{custom op 'vector.contract' expected zero or exactly 2 vector mask operands}}
  %r = vector.contract {indexing_maps = #maps, iterator_types = ["parallel", "parallel", "reduction"]} %a, %b, %c, %m
    : vector<3x5xf32>, vector<5x2xf32> into vector<3x2xf32>
  return
}

// -----

#maps = [affine_map<(i, j, k) -> (i, k)>, affine_map<(i, j, k) -> (k, j)>, affine_map<(i, j, k) -> (i, j)>]
func.func @contract_three_masks(%a: vector<3x5xf32>, %b: vector<5x2xf32>, %c: vector<3x2xf32>, %m: vector<3x5xi1>, %n: vector<5x2xi1>) {
  // expected-error@+1 {{expected zero or exactly 2 vector mask operands}}
  %r = vector.contract {indexing_maps = #maps, iterator_types = ["parallel", "parallel", "reduction"]} %a, %b, %c, %m, %n, %m
    : vector<3x5xf32>, vector<5x2xf32> into vector<3x2xf32>
  return
}

// -----

// vector.load's base is a ranked memref (MLIR's AnyMemRef), in the generic form too.
func.func @load_unranked_base(%u: memref<*xf32>, %i: index) {
  // expected-error @+1 {{'vector.load' op operand #0 must be memref of any type values, but got 'memref<*xf32>'}}
  %0 = "vector.load"(%u, %i) : (memref<*xf32>, index) -> vector<4xf32>
  return
}
