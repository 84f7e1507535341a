// A type(...) of a memref slot reads the class its constraint stores: a ranked memref
// (`builtin.memref`, named in the error) or any memref, ranked or not (not named). The
// hand-written parsers (prefetch, transpose) report a type of another kind at the colon.
// RUN: ir-opt %s -split-input-file -verify-diagnostics

func.func @alloc_of_tensor() {
  // expected-error@+1 {{custom op 'memref.alloc' invalid kind of type specified: expected builtin.memref, but found 'tensor<8xi16>'}}
  %m = memref.alloc() : tensor<8xi16>
  return
}

// -----

func.func @alloca_unranked() {
  // expected-error@+1 {{custom op 'memref.alloca' invalid kind of type specified: expected builtin.memref, but found 'memref<*xi16>'}}
  %m = memref.alloca() : memref<*xi16>
  return
}

// -----

func.func @load_from_unranked(%u: memref<*xf64>, %i: index) {
  // expected-error@+1 {{custom op 'memref.load' invalid kind of type specified: expected builtin.memref, but found 'memref<*xf64>'}}
  %x = memref.load %u[%i] : memref<*xf64>
  return
}

// -----

func.func @store_into_vector(%v: vector<2xf64>, %x: f64, %i: index) {
  // expected-error@+1 {{custom op 'memref.store' invalid kind of type specified: expected builtin.memref, but found 'vector<2xf64>'}}
  memref.store %x, %v[%i] : vector<2xf64>
  return
}

// -----

func.func @cast_from_tensor(%t: tensor<3xi8>) {
  // expected-error@+1 {{custom op 'memref.cast' invalid kind of type specified}}
  %c = memref.cast %t : tensor<3xi8> to memref<3xi8>
  return
}

// -----

func.func @cast_to_index(%m: memref<3xi8>) {
  // expected-error@+1 {{custom op 'memref.cast' invalid kind of type specified}}
  %c = memref.cast %m : memref<3xi8> to index
  return
}

// -----

func.func @rank_of_tensor(%t: tensor<*xi1>) {
  // expected-error@+1 {{custom op 'memref.rank' invalid kind of type specified}}
  %r = memref.rank %t : tensor<*xi1>
  return
}

// -----

func.func @dealloc_scalar(%x: i32) {
  // expected-error@+1 {{custom op 'memref.dealloc' invalid kind of type specified}}
  memref.dealloc %x : i32
  return
}

// -----

func.func @collapse_unranked(%u: memref<*xf32>) {
  // expected-error@+1 {{custom op 'memref.collapse_shape' invalid kind of type specified: expected builtin.memref, but found 'memref<*xf32>'}}
  %c = memref.collapse_shape %u [[0, 1]] : memref<*xf32> into memref<6xf32>
  return
}

// -----

func.func @subview_into_unranked(%m: memref<9xf32>) {
  // expected-error@+1 {{custom op 'memref.subview' invalid kind of type specified: expected builtin.memref, but found 'memref<*xf32>'}}
  %s = memref.subview %m[1][3][2] : memref<9xf32> to memref<*xf32>
  return
}

// -----

func.func @view_of_tensor(%t: tensor<64xi8>, %i: index) {
  // expected-error@+1 {{custom op 'memref.view' invalid kind of type specified: expected builtin.memref, but found 'tensor<64xi8>'}}
  %v = memref.view %t[%i][] : tensor<64xi8> to memref<4xf32>
  return
}

// -----

func.func @atomic_rmw_on_tensor(%t: tensor<4xi32>, %x: i32, %i: index) {
  // expected-error@+1 {{custom op 'memref.atomic_rmw' invalid kind of type specified: expected builtin.memref, but found 'tensor<4xi32>'}}
  %r = memref.atomic_rmw addi %x, %t[%i] : (i32, tensor<4xi32>) -> i32
  return
}

// -----

func.func @prefetch_scalar(%m: memref<4xf32>, %i: index) {
  // expected-error@+1 {{custom op 'memref.prefetch' invalid kind of type specified: expected builtin.memref, but found 'f32'}}
  memref.prefetch %m[%i], write, locality<1>, data : f32
  return
}

// -----

func.func @transpose_unranked(%u: memref<*xf32>) {
  // expected-error@+1 {{custom op 'memref.transpose' invalid kind of type specified: expected builtin.memref, but found 'memref<*xf32>'}}
  %t = memref.transpose %u (a, b) -> (b, a) : memref<*xf32> to memref<?x?xf32>
  return
}

// -----

func.func @realloc_from_unranked(%u: memref<*xi64>) {
  // expected-error@+1 {{custom op 'memref.realloc' invalid kind of type specified: expected builtin.memref, but found 'memref<*xi64>'}}
  %r = memref.realloc %u : memref<*xi64> to memref<8xi64>
  return
}

// -----

// The op's name, not the type, is where memref.global reports a type that is not a
// static memref.
// expected-error@+1 {{custom op 'memref.global' type should be static shaped memref, but got 'memref<?xi8>'}}
memref.global "private" @dyn : memref<?xi8>

// -----

// The shared "memref of any type values" constraint (vector.load's base) is ranked only.
func.func @vector_load_unranked(%u: memref<*xf32>, %i: index) {
  // expected-error@+1 {{custom op 'vector.load' invalid kind of type specified: expected builtin.memref, but found 'memref<*xf32>'}}
  %v = vector.load %u[%i] : memref<*xf32>, vector<4xf32>
  return
}
