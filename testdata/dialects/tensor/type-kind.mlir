// A type(...) of a slot whose constraint stores one class of types (a tensor, a ranked tensor)
// reads that class: a type of another kind is a parse error at the type, named when the class
// is one builtin type, and not when it is a base of several (any tensor).
// RUN: ir-opt %s -split-input-file -verify-diagnostics

func.func @cast_from_vector(%v: vector<4xf32>) {
  // expected-error@+1 {{custom op 'tensor.cast' invalid kind of type specified}}
  %r = tensor.cast %v : vector<4xf32> to tensor<?xf32>
  return
}

// -----

func.func @rank_of_memref(%m: memref<4xi8>) {
  // expected-error@+1 {{custom op 'tensor.rank' invalid kind of type specified}}
  %r = tensor.rank %m : memref<4xi8>
  return
}

// -----

func.func @extract_from_unranked(%t: tensor<*xi64>, %i: index) {
  // expected-error@+1 {{custom op 'tensor.extract' invalid kind of type specified: expected builtin.tensor, but found 'tensor<*xi64>'}}
  %r = tensor.extract %t[%i] : tensor<*xi64>
  return
}

// -----

func.func @empty_as_vector() {
  // expected-error@+1 {{custom op 'tensor.empty' invalid kind of type specified: expected builtin.tensor, but found 'vector<3xf32>'}}
  %r = tensor.empty() : vector<3xf32>
  return
}

// -----

func.func @dim_of_memref(%m: memref<4xf32>, %i: index) {
  // expected-error@+1 {{custom op 'tensor.dim' invalid kind of type specified}}
  %d = tensor.dim %m, %i : memref<4xf32>
  return
}

// -----

func.func @from_elements_unranked(%x: f32) {
  // expected-error@+1 {{custom op 'tensor.from_elements' invalid kind of type specified: expected builtin.tensor, but found 'tensor<*xf32>'}}
  %t = tensor.from_elements %x : tensor<*xf32>
  return
}

// -----

func.func @bitcast_to_vector(%t: tensor<2xi32>) {
  // expected-error@+1 {{custom op 'tensor.bitcast' invalid kind of type specified}}
  %b = tensor.bitcast %t : tensor<2xi32> to vector<2xf32>
  return
}

// -----

func.func @bitcast_of_index(%t: tensor<2xindex>) {
  // expected-error@+1 {{'tensor.bitcast' op operand #0 must be tensor of signless integer or unsigned integer or signed integer or floating-point values, but got 'tensor<2xindex>'}}
  %b = tensor.bitcast %t : tensor<2xindex> to tensor<2xi64>
  return
}
