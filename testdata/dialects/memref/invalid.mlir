// Diagnostics of the memref dialect: verifier messages (layouts, strides, reassociations,
// offsets/sizes/strides lists, globals, DMA, atomics) and custom-syntax errors.
// RUN: ir-opt %s --allow-unregistered-dialect --split-input-file --verify-diagnostics

func.func @f(%u: memref<*xf32>, %i: index) {
  // expected-error@+1 {{'memref.load' op operand #0 must be memref of any type values, but got 'memref<*xf32>'}}
  %0 = "memref.load"(%u, %i) : (memref<*xf32>, index) -> f32
  return
}

// -----

func.func @f(%u: f32, %i: index) {
  // expected-error@+1 {{'memref.dealloc' op operand #0 must be ranked or unranked memref of any type values, but got 'f32'}}
  "memref.dealloc"(%u) : (f32) -> ()
  return
}

// -----

func.func @f(%u: f32, %i: index) {
  // expected-error@+1 {{'memref.dim' op operand #0 must be unranked.memref of any type values or non-0-ranked.memref of any type values, but got 'f32'}}
  %0 = "memref.dim"(%u, %i) : (f32, index) -> index
  return
}

// -----

func.func @f(%u: memref<f32>, %i: index) {
  // expected-error@+1 {{'memref.dim' op operand #0 must be unranked.memref of any type values or non-0-ranked.memref of any type values, but got 'memref<f32>'}}
  %0 = "memref.dim"(%u, %i) : (memref<f32>, index) -> index
  return
}

// -----

func.func @f(%u: memref<4xf32>, %i: index) {
  // expected-error@+1 {{'memref.view' op operand #0 must be 1D memref of 8-bit signless integer values, but got 'memref<4xf32>'}}
  %0 = "memref.view"(%u, %i) : (memref<4xf32>, index) -> memref<f32>
  return
}

// -----

func.func @f(%u: memref<4xf32>, %i: index) {
  // expected-error@+1 {{'memref.realloc' op result #0 must be 1D memref of any type values, but got 'memref<f32>'}}
  %0 = "memref.realloc"(%u) : (memref<4xf32>) -> memref<f32>
  return
}

// -----

func.func @f(%u: memref<4xf32>, %i: index) {
  // expected-error@+1 {{'memref.reshape' op operand #1 must be 1D memref of signless integer or index values, but got 'memref<4xf32>'}}
  %0 = "memref.reshape"(%u, %u) : (memref<4xf32>, memref<4xf32>) -> memref<f32>
  return
}

// -----

func.func @f(%u: memref<4xf32, affine_map<(d0)->(d0 floordiv 2)>>, %i: index) {
  // expected-error@+1 {{'memref.extract_strided_metadata' op operand #0 must be strided memref of any type values, but got 'memref<4xf32, affine_map<(d0) -> (d0 floordiv 2)>>'}}
  %0:3 = "memref.extract_strided_metadata"(%u) : (memref<4xf32, affine_map<(d0)->(d0 floordiv 2)>>) -> (memref<f32>, index, index)
  return
}

// -----

func.func @f(%u: memref<4xf32>, %i: index) {
  // expected-error@+1 {{'memref.extract_strided_metadata' op result #0 must be strided memref of any type values of rank 0, but got 'memref<1xf32>'}}
  %0:3 = "memref.extract_strided_metadata"(%u) : (memref<4xf32>) -> (memref<1xf32>, index, index)
  return
}

// -----

func.func @f(%u: memref<4xvector<4xf32>>, %i: index, %v: vector<4xf32>) {
  // expected-error@+1 {{'memref.atomic_rmw' op operand #0 must be signless integer or floating-point, but got 'vector<4xf32>'}}
  %0 = "memref.atomic_rmw"(%v, %u, %i) <{kind = 0 : i64}> : (vector<4xf32>, memref<4xvector<4xf32>>, index) -> vector<4xf32>
  return
}

// -----

func.func @f(%u: memref<4xf32>, %i: index, %v: f32) {
  // expected-error@+1 {{'memref.atomic_rmw' op with kind 'andi' expects an integer type}}
  %0 = "memref.atomic_rmw"(%v, %u, %i) <{kind = 2 : i64}> : (f32, memref<4xf32>, index) -> f32
  return
}

// -----

func.func @f(%u: memref<4xf32>, %i: index, %v: f32) {
  // expected-error@+1 {{'memref.alloc' op attribute 'alignment' failed to satisfy constraint: 64-bit signless integer attribute whose value is positive and whose value is a power of two > 0}}
  %0 = memref.alloc() {alignment = -1} : memref<4xf32>
  return
}

// -----

func.func @f(%u: memref<4xf32>, %i: index, %v: f32) {
  // expected-error@+1 {{'memref.load' op attribute 'alignment' failed to satisfy constraint: 64-bit signless integer attribute whose value is positive and whose value is a power of two > 0}}
  %0 = memref.load %u[%i] {alignment = 3} : memref<4xf32>
  return
}

// -----

func.func @f(%u: memref<4xf32>, %i: index, %v: f32) {
  // expected-error@+1 {{'memref.assume_alignment' op alignment must be power of 2}}
  %0 = memref.assume_alignment %u, 3 : memref<4xf32>
  return
}

// -----

func.func @f(%u: memref<4xf32>, %i: index, %v: f32) {
  // expected-error@+1 {{'memref.assume_alignment' op attribute 'alignment' failed to satisfy constraint: 32-bit signless integer attribute whose value is positive}}
  %0 = memref.assume_alignment %u, 0 : memref<4xf32>
  return
}

// -----

func.func @f(%u: memref<4xf32>, %i: index, %v: f32) {
  // expected-error@+1 {{'memref.prefetch' op attribute 'localityHint' failed to satisfy constraint: 32-bit signless integer attribute whose minimum value is 0 whose maximum value is 3}}
  memref.prefetch %u[%i], read, locality<5>, data : memref<4xf32>
  return
}

// -----

func.func @f(%u: memref<4xf32>, %i: index, %v: f32) {
  // expected-error@+1 {{rw specifier has to be 'read' or 'write'}}
  memref.prefetch %u[%i], rd, locality<3>, data : memref<4xf32>
  return
}

// -----

func.func @f(%u: memref<4xf32>, %i: index, %v: f32) {
  // expected-error@+1 {{cache type has to be 'data' or 'instr'}}
  memref.prefetch %u[%i], read, locality<3>, dat : memref<4xf32>
  return
}

// -----

func.func @f(%u: memref<4xf32>, %i: index, %v: f32) {
  // expected-error@+1 {{'memref.prefetch' op too few indices}}
  memref.prefetch %u[], read, locality<3>, data : memref<4xf32>
  return
}

// -----

func.func @f(%u: memref<4xf32>, %i: index, %v: f32) {
  // expected-error@+1 {{'memref.alloc' op incorrect number of dynamic sizes, has 1, expected 0}}
  %0 = memref.alloc(%i) : memref<4xf32>
  return
}

// -----

func.func @f(%u: memref<4xf32>, %i: index, %v: f32) {
  // expected-error@+1 {{'memref.alloc' op symbol operand count does not equal memref symbol count: expected 0, got 1}}
  %0 = memref.alloc()[%i] : memref<4xf32>
  return
}

// -----

func.func @f(%u: memref<4xf32>, %i: index, %v: f32) {
  // expected-error@+1 {{'memref.alloc' op incorrect number of dynamic sizes, has 0, expected 1}}
  %0 = memref.alloc() : memref<?xf32, affine_map<(d0)[s0]->(d0+s0)>>
  return
}

// -----

func.func @f(%u: memref<4xf32>, %i: index, %v: f32) {
  // expected-error@+1 {{'memref.load' op incorrect number of indices for load, expected 1 but got 2}}
  %0 = memref.load %u[%i, %i] : memref<4xf32>
  return
}

// -----

func.func @f(%u: memref<4xf32>, %i: index, %v: f32) {
  // expected-error@+1 {{'memref.store' op store index operand count not equal to memref rank}}
  memref.store %v, %u[%i, %i] : memref<4xf32>
  return
}

// -----

func.func @f(%u: memref<4xf32>, %i: index, %v: f32) {
  // expected-error@+1 {{'memref.load' op failed to verify that result type matches element type of 'memref'}}
  %0 = "memref.load"(%u, %i) : (memref<4xf32>, index) -> i32
  return
}

// -----

func.func @f(%u: memref<4xf32>, %i: index, %v: i32) {
  // expected-error@+1 {{'memref.store' op failed to verify that type of 'value' matches element type of 'memref'}}
  "memref.store"(%v, %u, %i) : (i32, memref<4xf32>, index) -> ()
  return
}

// -----

func.func @f(%u: memref<8x8xf32>, %i: index) {
  // expected-error@+1 {{expected mixed offsets rank to match mixed sizes rank (1 vs 2) so the rank of the result type is well-formed.}}
  %0 = memref.subview %u[0] [4, 4] [1, 1] : memref<8x8xf32> to memref<4x4xf32, strided<[8, 1]>>
  return
}

// -----

func.func @f(%u: memref<8x8xf32>, %i: index) {
  // expected-error@+1 {{expected mixed offsets rank to match mixed sizes rank (1 vs 2) so the rank of the result type is well-formed.}}
  %0 = "memref.subview"(%u) <{operandSegmentSizes = array<i32: 1, 0, 0, 0>, static_offsets = array<i64: 0>, static_sizes = array<i64: 4, 4>, static_strides = array<i64: 1, 1>}> : (memref<8x8xf32>) -> memref<4x4xf32, strided<[8, 1]>>
  return
}

// -----

func.func @f(%u: memref<8x8xf32>, %i: index) {
  // expected-error@+1 {{expected mixed sizes rank to match mixed strides rank (2 vs 1) so the rank of the result type is well-formed.}}
  %0 = "memref.subview"(%u) <{operandSegmentSizes = array<i32: 1, 0, 0, 0>, static_offsets = array<i64: 0, 0>, static_sizes = array<i64: 4, 4>, static_strides = array<i64: 1>}> : (memref<8x8xf32>) -> memref<4x4xf32, strided<[8, 1]>>
  return
}

// -----

func.func @f(%u: memref<8x8xf32>, %i: index) {
  // expected-error@+1 {{expected 2 offset values, got 3}}
  %0 = "memref.subview"(%u) <{operandSegmentSizes = array<i32: 1, 0, 0, 0>, static_offsets = array<i64: 0, 0, 0>, static_sizes = array<i64: 4, 4, 4>, static_strides = array<i64: 1, 1, 1>}> : (memref<8x8xf32>) -> memref<4x4xf32, strided<[8, 1]>>
  return
}

// -----

func.func @f(%u: memref<8x8xf32>, %i: index) {
  // expected-error@+1 {{expected the number of 'offsets' to match the number of dynamic entries in 'static_offsets' (0 vs 1)}}
  %0 = "memref.subview"(%u) <{operandSegmentSizes = array<i32: 1, 0, 0, 0>, static_offsets = array<i64: -9223372036854775808, 0>, static_sizes = array<i64: 4, 4>, static_strides = array<i64: 1, 1>}> : (memref<8x8xf32>) -> memref<4x4xf32, strided<[8, 1]>>
  return
}

// -----

func.func @f(%u: memref<8x8xf32>, %i: index) {
  // expected-error@+1 {{expected result type to be 'memref<4x4xf32, strided<[8, 1]>>' or a rank-reduced version. (mismatch of result layout), but got 'memref<4x4xf32>'}}
  %0 = memref.subview %u[0, 0] [4, 4] [1, 1] : memref<8x8xf32> to memref<4x4xf32>
  return
}

// -----

func.func @f(%u: memref<8x8xf32>, %i: index) {
  // expected-error@+1 {{expected result type to be 'memref<4x4xf32, strided<[8, 1]>>' or a rank-reduced version. (mismatch of result sizes), but got 'memref<4x5xf32, strided<[8, 1]>>'}}
  %0 = memref.subview %u[0, 0] [4, 4] [1, 1] : memref<8x8xf32> to memref<4x5xf32, strided<[8, 1]>>
  return
}

// -----

func.func @f(%u: memref<8x8xf32>, %i: index) {
  // expected-error@+1 {{expected result element type to be 'f32', but got 'memref<4x4xi32, strided<[8, 1]>>'}}
  %0 = memref.subview %u[0, 0] [4, 4] [1, 1] : memref<8x8xf32> to memref<4x4xi32, strided<[8, 1]>>
  return
}

// -----

func.func @f(%u: memref<8x8xf32>, %i: index) {
  // expected-error@+1 {{different memory spaces specified for base memref type 'memref<8x8xf32>' and subview memref type 'memref<4x4xf32, strided<[8, 1]>, 1>'}}
  %0 = memref.subview %u[0, 0] [4, 4] [1, 1] : memref<8x8xf32> to memref<4x4xf32, strided<[8, 1]>, 1>
  return
}

// -----

func.func @f(%u: memref<8x8xf32>, %i: index) {
  // expected-error@+1 {{expected result rank to be smaller or equal to the source rank, but got 'memref<4x4x4xf32>'}}
  %0 = memref.subview %u[0, 0] [4, 4] [1, 1] : memref<8x8xf32> to memref<4x4x4xf32>
  return
}

// -----

func.func @f(%u: memref<8x8xf32>, %i: index) {
  // expected-error@+1 {{slice along dimension 0 runs out-of-bounds: 9 >= 8}}
  %0 = memref.subview %u[6, 0] [4, 4] [1, 1] : memref<8x8xf32> to memref<4x4xf32, strided<[8, 1], offset: 48>>
  return
}

// -----

func.func @f(%u: memref<8x8xf32, affine_map<(d0, d1) -> (d0 floordiv 2, d1)>>, %i: index) {
  // expected-error@+1 {{base type 'memref<8x8xf32, affine_map<(d0, d1) -> (d0 floordiv 2, d1)>>' is not strided}}
  %0 = memref.subview %u[0, 0] [1, 4] [1, 1] : memref<8x8xf32, affine_map<(d0, d1) -> (d0 floordiv 2, d1)>> to memref<4xf32, strided<[1]>>
  return
}

// -----

func.func @f(%u: memref<8x8xf32>, %i: index) {
  // expected-error@+1 {{expected sizes to be non-negative, but got -1}}
  %0 = memref.subview %u[0, 0] [4, -1] [1, 1] : memref<8x8xf32> to memref<4x4xf32, strided<[8, 1]>>
  return
}

// -----

func.func @f(%u: memref<8x8xf32>, %i: index) {
  // expected-error@+1 {{expected result type to be 'memref<4x4xf32, strided<[?, ?]>>' or a rank-reduced version. (mismatch of result layout), but got 'memref<4x4xf32, strided<[8, 1]>>'}}
  %0 = memref.subview %u[0, 0] [4, 4] [%i, %i] : memref<8x8xf32> to memref<4x4xf32, strided<[8, 1]>>
  return
}

// -----

// expected-error@+1 {{'memref.global' op visibility expected to be one of ["public", "private", "nested"], but got "priate"}}
memref.global "priate" @memref5 : memref<2xf32>  = uninitialized

// -----

func.func @f(%f: f32) {
  // expected-error@+1 {{'memref.atomic_yield' op expects parent op 'memref.generic_atomic_rmw'}}
  memref.atomic_yield %f : f32
}

// -----

func.func @f(%f: f32) {
  // expected-error@+1 {{'memref.alloca_scope.return' op expects parent op 'memref.alloca_scope'}}
  memref.alloca_scope.return %f : f32
}

// -----

func.func @f(%f: f32, %u: memref<4xf32>, %i: index) {
  %0 = memref.generic_atomic_rmw %u[%i] : memref<4xf32> {
  ^bb0(%cur: f32):
    %c = arith.constant 1 : i32
    // expected-error@+1 {{'memref.atomic_yield' op types mismatch between yield op: 'i32' and its parent: 'f32'}}
    memref.atomic_yield %c : i32
  }
  return
}

// -----

func.func @f(%f: f32, %u: memref<4xf32>, %i: index) {
  // expected-error@+1 {{'memref.generic_atomic_rmw' op expected single number of entry block arguments}}
  %0 = memref.generic_atomic_rmw %u[%i] : memref<4xf32> {
  ^bb0(%cur: f32, %x: f32):
    memref.atomic_yield %cur : f32
  }
  return
}

// -----

func.func @f(%f: f32, %u: memref<4xf32>, %i: index) {
  // expected-error@+1 {{'memref.generic_atomic_rmw' op expected block argument of the same type result type}}
  %0 = memref.generic_atomic_rmw %u[%i] : memref<4xf32> {
  ^bb0(%cur: i32):
    memref.atomic_yield %f : f32
  }
  return
}

// -----

func.func @f(%u: f32) {
  // expected-error@+1 {{'memref.distinct_objects' op operand #0 must be variadic of memref of any type values, but got 'f32'}}
  %0 = memref.distinct_objects %u : f32
  return
}

// -----

func.func @f(%u: memref<4xf32>) {
  // expected-error@+1 {{'memref.distinct_objects' op operand types and result types must match}}
  %0 = "memref.distinct_objects"(%u) : (memref<4xf32>) -> memref<5xf32>
  return
}

// -----

func.func @f(%u: memref<4xf32>) {
  // expected-error@+1 {{'memref.cast' op operand type 'memref<4xf32>' and result type 'memref<5xf32>' are cast incompatible}}
  %0 = memref.cast %u : memref<4xf32> to memref<5xf32>
  return
}

// -----

func.func @f(%u: memref<4xf32>) {
  // expected-error@+1 {{'memref.cast' op operand type 'memref<4xf32>' and result type 'memref<4x4xf32>' are cast incompatible}}
  %0 = memref.cast %u : memref<4xf32> to memref<4x4xf32>
  return
}

// -----

func.func @f(%u: memref<4xf32>) {
  // expected-error@+1 {{'memref.memory_space_cast' op operand type 'memref<4xf32>' and result type 'memref<5xf32>' are cast incompatible}}
  %0 = memref.memory_space_cast %u : memref<4xf32> to memref<5xf32>
  return
}

// -----

func.func @f(%u: memref<4xf32>) {
  // expected-error@+1 {{'memref.memory_space_cast' op operand type 'memref<4xf32>' and result type 'memref<4xi32>' are cast incompatible}}
  %0 = memref.memory_space_cast %u : memref<4xf32> to memref<4xi32>
  return
}

// -----

func.func @f(%u: memref<4xf32>) {
  // expected-error@+1 {{'memref.memory_space_cast' op operand type 'memref<4xf32>' and result type 'memref<4xf32, strided<[2]>>' are cast incompatible}}
  %0 = memref.memory_space_cast %u : memref<4xf32> to memref<4xf32, strided<[2]>>
  return
}

// -----

func.func @f(%u: memref<4xf32>, %i: index) {
  // expected-error@+1 {{unnecessary dimension operand for result type 'memref<8xf32>'}}
  %0 = memref.realloc %u(%i) : memref<4xf32> to memref<8xf32>
  return
}

// -----

func.func @f(%u: memref<4xf32>, %i: index) {
  // expected-error@+1 {{missing dimension operand for result type 'memref<?xf32>'}}
  %0 = memref.realloc %u : memref<4xf32> to memref<?xf32>
  return
}

// -----

func.func @f(%u: memref<4xf32>, %i: index) {
  // expected-error@+1 {{different element types specified for source memref type 'memref<4xf32>' and result memref type 'memref<8xi32>'}}
  %0 = memref.realloc %u : memref<4xf32> to memref<8xi32>
  return
}

// -----

func.func @f(%u: memref<4xf32>, %i: index) {
  // expected-error@+1 {{'memref.realloc' op attribute 'alignment' failed to satisfy constraint: 64-bit signless integer attribute whose value is positive and whose value is a power of two > 0}}
  %0 = memref.realloc %u {alignment = 3} : memref<4xf32> to memref<8xf32>
  return
}

// -----

func.func @f(%u: memref<4xf32>, %i: index) {
  // expected-error@+1 {{unsupported layout for result memref type 'memref<8xf32, strided<[2]>>'}}
  %0 = memref.realloc %u : memref<4xf32> to memref<8xf32, strided<[2]>>
  return
}

// -----

func.func @f(%u: memref<4xf32>, %i: index) {
  // expected-error@+1 {{'memref.view' op operand #0 must be 1D memref of 8-bit signless integer values, but got 'memref<4xf32>'}}
  %0 = memref.view %u[%i][] : memref<4xf32> to memref<8xf32>
  return
}

// -----

func.func @f(%u: memref<4xi8>, %i: index) {
  // expected-error@+1 {{'memref.view' op incorrect number of dynamic sizes, has 1, expected 0}}
  %0 = memref.view %u[%i][%i] : memref<4xi8> to memref<8xf32>
  return
}

// -----

func.func @f(%u: memref<4xi8>, %i: index) {
  // expected-error@+1 {{unsupported map for result memref type 'memref<8xf32, strided<[2]>>'}}
  %0 = memref.view %u[%i][] : memref<4xi8> to memref<8xf32, strided<[2]>>
  return
}

// -----

func.func @f(%u: memref<4xi8, strided<[2]>>, %i: index) {
  // expected-error@+1 {{unsupported map for base memref type 'memref<4xi8, strided<[2]>>'}}
  %0 = memref.view %u[%i][] : memref<4xi8, strided<[2]>> to memref<8xf32>
  return
}

// -----

func.func @f(%u: memref<4xi8>, %i: index) {
  // expected-error@+1 {{different memory spaces specified for base memref type 'memref<4xi8>' and view memref type 'memref<8xf32, 1>'}}
  %0 = memref.view %u[%i][] : memref<4xi8> to memref<8xf32, 1>
  return
}

// -----

func.func @f(%m: memref<4x4xf32>, %i: index) {
  // expected-error@+1 {{expected mixed offsets rank to match mixed sizes rank (2 vs 1) so the rank of the result type is well-formed.}}
  %0 = memref.reinterpret_cast %m to offset: [0, 1], sizes: [4], strides: [1] : memref<4x4xf32> to memref<4xf32>
  return
}

// -----

func.func @f(%m: memref<*xf32>, %i: index) {
  // expected-error@+1 {{different memory spaces specified for source type 'memref<*xf32>' and result memref type 'memref<4xf32, 3>'}}
  %0 = memref.reinterpret_cast %m to offset: [0], sizes: [4], strides: [1] : memref<*xf32> to memref<4xf32, 3>
  return
}

// -----

func.func @f(%m: memref<*xf32>, %i: index) {
  // expected-error@+1 {{different element types specified for source type 'memref<*xf32>' and result memref type 'memref<4xi8>'}}
  %0 = memref.reinterpret_cast %m to offset: [0], sizes: [4], strides: [1] : memref<*xf32> to memref<4xi8>
  return
}

// -----

func.func @f(%m: memref<*xf32>, %i: index) {
  // expected-error@+1 {{expected result type with size = dynamic instead of 4 in dim = 0}}
  %0 = memref.reinterpret_cast %m to offset: [0], sizes: [%i], strides: [1] : memref<*xf32> to memref<4xf32>
  return
}

// -----

func.func @f(%m: memref<*xf32>, %i: index) {
  // expected-error@+1 {{expected result type with offset = dynamic instead of 3}}
  %0 = memref.reinterpret_cast %m to offset: [%i], sizes: [4], strides: [1] : memref<*xf32> to memref<4xf32, strided<[1], offset: 3>>
  return
}

// -----

func.func @f(%m: memref<*xf32>, %i: index) {
  // expected-error@+1 {{expected result type with stride = 3 instead of 4 in dim = 0}}
  %0 = memref.reinterpret_cast %m to offset: [0], sizes: [4, 4], strides: [3, 1] : memref<*xf32> to memref<4x4xf32>
  return
}

// -----

func.func @f(%m: memref<4xf32>, %s: memref<1xi32>) {
  // expected-error@+1 {{'memref.reshape' op element types of source and destination memref types should be the same}}
  %0 = memref.reshape %m(%s) : (memref<4xf32>, memref<1xi32>) -> memref<4xi32>
  return
}

// -----

func.func @f(%m: memref<4xf32>, %s: memref<?xi32>) {
  // expected-error@+1 {{'memref.reshape' op cannot use shape operand with dynamic length to reshape to statically-ranked memref type}}
  %0 = memref.reshape %m(%s) : (memref<4xf32>, memref<?xi32>) -> memref<4xf32>
  return
}

// -----

func.func @f(%m: memref<4xf32>, %s: memref<2xi32>) {
  // expected-error@+1 {{'memref.reshape' op length of shape operand differs from the result's memref rank}}
  %0 = memref.reshape %m(%s) : (memref<4xf32>, memref<2xi32>) -> memref<4xf32>
  return
}

// -----

func.func @f(%m: memref<4xf32, strided<[2]>>, %s: memref<1xi32>) {
  // expected-error@+1 {{'memref.reshape' op source memref type should have identity affine map}}
  %0 = memref.reshape %m(%s) : (memref<4xf32, strided<[2]>>, memref<1xi32>) -> memref<4xf32>
  return
}

// -----

func.func @f(%m: memref<4xf32>, %s: memref<1xi32>) {
  // expected-error@+1 {{'memref.reshape' op result memref type should have identity affine map}}
  %0 = memref.reshape %m(%s) : (memref<4xf32>, memref<1xi32>) -> memref<4xf32, strided<[2]>>
  return
}

// -----

func.func @f(%m: memref<4x4xf32>) {
  // expected-error@+1 {{'memref.expand_shape' op has source rank 2 and result rank 1. This is not an expansion (2 > 1).}}
  %0 = memref.expand_shape %m [[0, 1]] output_shape [4] : memref<4x4xf32> into memref<16xf32>
  return
}

// -----

func.func @f(%m: memref<16xf32>) {
  // expected-error@+1 {{'memref.expand_shape' op collapsed dim size (16) must equal reassociation group size (20)}}
  %0 = memref.expand_shape %m [[0, 1]] output_shape [4, 5] : memref<16xf32> into memref<4x5xf32>
  return
}

// -----

func.func @f(%m: memref<16xf32>) {
  // expected-error@+1 {{'memref.expand_shape' op invalid number of reassociation groups: found 2, expected 1}}
  %0 = memref.expand_shape %m [[0], [1]] output_shape [4, 4] : memref<16xf32> into memref<4x4xf32>
  return
}

// -----

func.func @f(%m: memref<?xf32>) {
  // expected-error@+1 {{'memref.expand_shape' op collapsed dim (0) must be dynamic if and only if reassociation group is dynamic}}
  %0 = memref.expand_shape %m [[0, 1]] output_shape [4, 4] : memref<?xf32> into memref<4x4xf32>
  return
}

// -----

func.func @f(%m: memref<16xf32, strided<[2]>>) {
  // expected-error@+1 {{'memref.expand_shape' op expected expanded type to be 'memref<4x4xf32, strided<[8, 2]>>' but found 'memref<4x4xf32>'}}
  %0 = memref.expand_shape %m [[0, 1]] output_shape [4, 4] : memref<16xf32, strided<[2]>> into memref<4x4xf32>
  return
}

// -----

func.func @f(%m: memref<16xf32>, %i: index) {
  // expected-error@+1 {{'memref.expand_shape' op invalid output shape provided at pos 1}}
  %0 = memref.expand_shape %m [[0, 1]] output_shape [4, %i] : memref<16xf32> into memref<4x4xf32>
  return
}

// -----

func.func @f(%m: memref<16xf32>, %i: index) {
  // expected-error@+1 {{'memref.expand_shape' op invalid output shape provided at pos 1}}
  %0 = memref.expand_shape %m [[0, 1]] output_shape [4, 3] : memref<16xf32> into memref<4x4xf32>
  return
}

// -----

func.func @f(%m: memref<4x4xf32>) {
  // expected-error@+1 {{'memref.collapse_shape' op has source rank 2 and result rank 3. This is not a collapse (2 < 3).}}
  %0 = memref.collapse_shape %m [[0], [1]] : memref<4x4xf32> into memref<4x4x1xf32>
  return
}

// -----

func.func @f(%m: memref<4x4xf32>) {
  // expected-error@+1 {{'memref.collapse_shape' op collapsed dim size (15) must equal reassociation group size (16)}}
  %0 = memref.collapse_shape %m [[0, 1]] : memref<4x4xf32> into memref<15xf32>
  return
}

// -----

func.func @f(%m: memref<4x4xf32, strided<[8, 1]>>) {
  // expected-error@+1 {{'memref.collapse_shape' op invalid source layout map or collapsing non-contiguous dims}}
  %0 = memref.collapse_shape %m [[0, 1]] : memref<4x4xf32, strided<[8, 1]>> into memref<16xf32>
  return
}

// -----

func.func @f(%m: memref<4x4xf32, strided<[4, 1], offset: 2>>) {
  // expected-error@+1 {{'memref.collapse_shape' op expected collapsed type to be 'memref<16xf32, strided<[1], offset: 2>>' but found 'memref<16xf32>'}}
  %0 = memref.collapse_shape %m [[0, 1]] : memref<4x4xf32, strided<[4, 1], offset: 2>> into memref<16xf32>
  return
}

// -----

func.func @f(%m: memref<4x4xf32>) {
  // expected-error@+1 {{'memref.collapse_shape' op reassociation indices must be contiguous}}
  %0 = memref.collapse_shape %m [[1, 0]] : memref<4x4xf32> into memref<16xf32>
  return
}

// -----

func.func @f(%m: memref<4x4xf32>) {
  // expected-error@+1 {{'memref.collapse_shape' op collapsed dim (0) must be dynamic if and only if reassociation group is dynamic}}
  %0 = memref.collapse_shape %m [[0, 1]] : memref<4x4xf32> into memref<?xf32>
  return
}

// -----

func.func @f(%m: memref<4x4xf32>) {
  // expected-error@+1 {{'memref.collapse_shape' op expanded rank (2) inconsistent with number of reassociation indices (1)}}
  %0 = memref.collapse_shape %m [[0]] : memref<4x4xf32> into memref<4xf32>
  return
}

// -----

func.func @f(%m: memref<4x4xf32>) {
  // expected-error@+1 {{'memref.collapse_shape' op attribute 'reassociation' failed to satisfy constraint: Array of 64-bit integer array attributes}}
  %0 = "memref.collapse_shape"(%m) <{reassociation = [0, 1]}> : (memref<4x4xf32>) -> memref<16xf32>
  return
}

// -----

func.func @f(%m: memref<4x4xf32>) {
  // expected-error@+1 {{'memref.transpose' op expected a permutation map}}
  %0 = memref.transpose %m (i, j) -> (i) : memref<4x4xf32> to memref<4xf32>
  return
}

// -----

func.func @f(%m: memref<4x4xf32>) {
  // expected-error@+1 {{'memref.transpose' op result type 'memref<4x4xf32>' is not equivalent to the canonical transposed input type 'memref<4x4xf32, affine_map<(d0, d1) -> (d0 + d1 * 4)>>'}}
  %0 = memref.transpose %m (i, j) -> (j, i) : memref<4x4xf32> to memref<4x4xf32>
  return
}

// -----

// expected-error@+1 {{type should be static shaped memref, but got 'memref<?xf32>'}}
memref.global @g : memref<?xf32>

// -----

// expected-error@+1 {{initial value should be a unit or elements attribute}}
memref.global @g : memref<2xf32> = "x"

// -----

// expected-error@+1 {{'memref.global' op initial value should be a unit or elements attribute, but got 3 : i32}}
"memref.global"() <{sym_name = "g", type = memref<2xf32>, initial_value = 3 : i32}> : () -> ()

// -----

// expected-error@+1 {{'memref.global' op initial value shape expected to be 2 but was 3}}
"memref.global"() <{sym_name = "g", type = memref<2xf32>, initial_value = dense<1.0> : tensor<3xf32>}> : () -> ()

// -----

// expected-error@+1 {{expected valid '@'-identifier for symbol name}}
memref.global "public" "private" @g : memref<2xf32>

// -----

func.func @f() {
  // expected-error@+1 {{'memref.get_global' op 'nope' does not reference a valid global memref}}
  %0 = memref.get_global @nope : memref<2xf32>
  return
}

// -----

memref.global @g : memref<2xf32>
func.func @f() {
  // expected-error@+1 {{'memref.get_global' op result type 'memref<3xf32>' does not match type 'memref<2xf32>' of the global memref @g}}
  %0 = memref.get_global @g : memref<3xf32>
  return
}

// -----

func.func @f(%a: memref<2xf32>, %b: memref<2xi32>) {
  // expected-error@+1 {{'memref.copy' op requires the same element type for all operands}}
  memref.copy %a, %b : memref<2xf32> to memref<2xi32>
  return
}

// -----

func.func @f(%a: memref<2xf32>, %b: memref<3xf32>) {
  // expected-error@+1 {{'memref.copy' op requires the same shape for all operands}}
  memref.copy %a, %b : memref<2xf32> to memref<3xf32>
  return
}

// -----

func.func @f(%tag: memref<2xi32>, %i: index) {
  // expected-error@+1 {{'memref.dma_wait' op expected tagIndices to have the same number of elements as the tagMemRef rank, expected 1, but got 2}}
  memref.dma_wait %tag[%i, %i], %i : memref<2xi32>
  return
}

// -----

func.func @f(%m: memref<4xf32>, %i: index, %f: f32) {
  // expected-error@+1 {{'memref.dma_start' op expected at least 4 operands}}
  "memref.dma_start"(%m, %f) : (memref<4xf32>, f32) -> ()
  return
}

// -----

func.func @f(%m: memref<4xf32>, %i: index, %f: f32) {
  // expected-error@+1 {{'memref.dma_start' op expected num elements to be of index type}}
  "memref.dma_start"(%m, %i, %m, %i, %f, %m, %i) : (memref<4xf32>, index, memref<4xf32>, index, f32, memref<4xf32>, index) -> ()
  return
}

// -----

func.func @f(%m: memref<4xf32>, %i: index, %f: f32) {
  // expected-error@+1 {{'memref.dma_start' op incorrect number of operands}}
  "memref.dma_start"(%m, %i, %m, %i, %i, %m, %i, %i) : (memref<4xf32>, index, memref<4xf32>, index, index, memref<4xf32>, index, index) -> ()
  return
}

// -----

func.func @f(%m: memref<4xf32>, %i: index, %f: f32) {
  // expected-error@+1 {{expected two stride related operands}}
  memref.dma_start %m[%i], %m[%i], %i, %m[%i], %i : memref<4xf32>, memref<4xf32>, memref<4xf32>
  return
}

// -----

func.func @f(%m: memref<4xf32>, %i: index, %f: f32) {
  // expected-error@+1 {{fewer/more types expected}}
  memref.dma_start %m[%i], %m[%i], %i, %m[%i] : memref<4xf32>, memref<4xf32>
  return
}

// -----

func.func @f(%m: memref<4xf32>, %i: index, %f: f32) {
  // expected-error@+1 {{'memref.atomic_rmw' op with kind 'addi' expects an integer type}}
  %0 = memref.atomic_rmw addi %f, %m[%i] : (f32, memref<4xf32>) -> f32
  return
}

// -----

func.func @f(%m: memref<4xf32>, %i: index, %f: f32) {
  // expected-error@+1 {{'memref.atomic_rmw' op expects the number of subscripts to be equal to memref rank}}
  %0 = memref.atomic_rmw addf %f, %m[%i, %i] : (f32, memref<4xf32>) -> f32
  return
}

// -----

func.func @f(%m: memref<4xf32>, %i: index, %f: f32) {
  // expected-error@+1 {{'memref.atomic_rmw' op failed to verify that all of {value, result} have same type}}
  %0 = "memref.atomic_rmw"(%f, %m, %i) <{kind = 0 : i64}> : (f32, memref<4xf32>, index) -> i32
  return
}

// -----

func.func @f(%m: memref<4xf32>, %i: index, %f: f16) {
  // expected-error@+1 {{'memref.atomic_rmw' op failed to verify that value type matches element type of memref}}
  %0 = "memref.atomic_rmw"(%f, %m, %i) <{kind = 0 : i64}> : (f16, memref<4xf32>, index) -> f16
  return
}

// -----

func.func @f(%m: memref<4xf32>, %i: index) {
  // expected-error@+1 {{'memref.generic_atomic_rmw' op failed to verify that result type matches element type of memref}}
  %0 = "memref.generic_atomic_rmw"(%m, %i) ({
  ^bb0(%x: f32):
    "memref.atomic_yield"(%x) : (f32) -> ()
  }) : (memref<4xf32>, index) -> i32
  return
}

// -----

func.func @rmw_body_reads(%u: memref<4xf32>, %w: memref<2xf32>, %i: index) {
  %0 = memref.generic_atomic_rmw %u[%i] : memref<4xf32> {
  ^bb0(%cur: f32):
    // expected-error@+1 {{body of 'memref.generic_atomic_rmw' should contain only operations with no side effects}}
    %v = memref.load %w[%i] : memref<2xf32>
    memref.atomic_yield %v : f32
  }
  return
}

// -----

// Ops nested in the body are checked before the op holding them.
func.func @rmw_body_nested(%u: memref<4xf32>, %i: index, %b: i1) {
  %0 = memref.generic_atomic_rmw %u[%i] : memref<4xf32> {
  ^bb0(%cur: f32):
    %r = scf.if %b -> (f32) {
      // expected-error@+1 {{body of 'memref.generic_atomic_rmw' should contain only operations with no side effects}}
      "test.unknown"() : () -> ()
      scf.yield %cur : f32
    } else {
      scf.yield %cur : f32
    }
    memref.atomic_yield %r : f32
  }
  return
}

// -----

func.func @rmw_body_pure(%u: memref<4xf32>, %i: index, %b: i1) {
  // The body is free of effects: the error is the yield's.
  %0 = memref.generic_atomic_rmw %u[%i] : memref<4xf32> {
  ^bb0(%cur: f32):
    %r = scf.if %b -> (f32) {
      %s = arith.addf %cur, %cur : f32
      scf.yield %s : f32
    } else {
      scf.yield %cur : f32
    }
    %c = arith.constant 1 : i32
    // expected-error@+1 {{'memref.atomic_yield' op types mismatch between yield op: 'i32' and its parent: 'f32'}}
    memref.atomic_yield %c : i32
  }
  return
}
