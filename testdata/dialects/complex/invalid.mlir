// Verifier diagnostics of the complex dialect.
// RUN: ir-opt %s --allow-unregistered-dialect --split-input-file --verify-diagnostics

%x = "test.x"() : () -> complex<i32>
// expected-error@+1 {{'complex.add' op operand #0 must be complex type with floating-point elements, but got 'complex<i32>'}}
%e = "complex.add"(%x, %x) : (complex<i32>, complex<i32>) -> complex<i32>

// -----

%x = "test.x"() : () -> f32
// expected-error@+1 {{'complex.bitcast' op requires that either input or output has a complex type}}
%e = "complex.bitcast"(%x) : (f32) -> f64

// -----

%x = "test.x"() : () -> complex<f32>
// expected-error@+1 {{'complex.bitcast' op casting bitwidths do not match}}
%e = "complex.bitcast"(%x) : (complex<f32>) -> f32

// -----

// expected-error@+1 {{'complex.constant' op requires 'value' to be a complex constant, represented as array of two values}}
%e = complex.constant [1.0 : f32, 2.0 : f32, 3.0 : f32] : complex<f32>

// -----

// expected-error@+1 {{'complex.constant' op requires attribute's elements to be float or integer attributes}}
%e = complex.constant [1.0 : f32, "a"] : complex<f32>

// -----

// expected-error@+1 {{'complex.constant' op requires attribute's element types ('f32', 'f32') to match the element type of the op's return type ('f64')}}
%e = complex.constant [1.0 : f32, 2.0 : f32] : complex<f64>

// -----

// expected-error@+1 {{'complex.constant' op result #0 must be complex-type, but got 'f32'}}
%e = "complex.constant"() <{value = [1.0 : f32, 2.0 : f32]}> : () -> f32

// -----

%a = "test.x"() : () -> complex<f32>
// expected-error@+1 {{'complex.abs' op failed to verify that complex element type matches result type}}
%e = "complex.abs"(%a) : (complex<f32>) -> f64

// -----

%x = "test.x"() : () -> f32
// expected-error@+1 {{'complex.create' op failed to verify that complex element type matches real operand type}}
%e = "complex.create"(%x, %x) : (f32, f32) -> complex<f64>

// -----

func.func @f(%c: complex<f32>, %i: si32) {
  // expected-error@+1 {{'complex.powi' op operand #1 must be signless integer, but got 'si32'}}
  %0 = "complex.powi"(%c, %i) : (complex<f32>, si32) -> complex<f32>
  return
}

// -----

func.func @f(%c: complex<f32>, %i: i32) {
  // expected-error@+1 {{'complex.powi' op failed to verify that all of {lhs, result} have same type}}
  %0 = "complex.powi"(%c, %i) : (complex<f32>, i32) -> complex<f64>
  return
}

// -----

%x = "test.x"() : () -> complex<f32>
// expected-error@+1 {{'complex.bitcast' op result must be int/float/complex}}
%e = complex.bitcast %x : complex<f32> to index

// -----

%x = "test.x"() : () -> vector<2xf32>
// expected-error@+1 {{'complex.bitcast' op operand must be int/float/complex}}
%e = complex.bitcast %x : vector<2xf32> to complex<f32>

// -----

// expected-error@+1 {{expected floating point literal}}
"test.x"() {a = #complex.number<:f64 1.5, "im">} : () -> ()

// -----

// The parts are read as floating-point numbers whatever the element type.
// expected-error@+2 {{unexpected decimal integer literal for a floating point value}}
// expected-note@+1 {{add a trailing dot to make the literal a float}}
"test.x"() {a = #complex.number<:i16 7, 0.5>} : () -> ()
