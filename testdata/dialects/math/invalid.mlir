// Verifier diagnostics of the math dialect.
// RUN: ir-opt %s --allow-unregistered-dialect --split-input-file --verify-diagnostics

%x = "test.x"() : () -> i32
// expected-error@+1 {{'math.absf' op operand #0 must be floating-point-like, but got 'i32'}}
%e = "math.absf"(%x) : (i32) -> i32

// -----

%x = "test.x"() : () -> f32
// expected-error@+1 {{'math.absi' op operand #0 must be signless-integer-like, but got 'f32'}}
%e = "math.absi"(%x) : (f32) -> f32

// -----

%x = "test.x"() : () -> f32
// expected-error@+1 {{'math.fma' op requires the same type for all operands and results}}
%e = "math.fma"(%x, %x, %x) : (f32, f32, f32) -> f64

// -----

%x = "test.x"() : () -> f32
%i = "test.x"() : () -> i32
// expected-error@+1 {{'math.fpowi' op failed to verify that all of {lhs, result} have same type}}
%e = "math.fpowi"(%x, %i) : (f32, i32) -> f64

// -----

%x = "test.x"() : () -> vector<4xf32>
%i = "test.x"() : () -> i32
// expected-error@+1 {{'math.fpowi' op requires the same shape for all operands and results}}
%e = "math.fpowi"(%x, %i) : (vector<4xf32>, i32) -> vector<4xf32>

// -----

%x = "test.x"() : () -> vector<4xf32>
// expected-error@+1 {{'math.isnan' op failed to verify that result type has i1 element type and same shape as operands}}
%e = "math.isnan"(%x) : (vector<4xf32>) -> i1

// -----

%x = "test.x"() : () -> vector<4xf32>
// expected-error@+1 {{'math.sincos' op failed to verify that all of {operand, sin, cos} have same type}}
%e:2 = "math.sincos"(%x) : (vector<4xf32>) -> (vector<4xf32>, f32)

// -----

// The integer operands take `index` too: this fpowi fails on its shapes only.
%x = "test.x"() : () -> vector<4xf32>
%n = "test.x"() : () -> index
// expected-error@+1 {{'math.fpowi' op requires the same shape for all operands and results}}
%e = math.fpowi %x, %n : vector<4xf32>, index

// -----

// The type the result's is made from is checked while parsing, at the op's name.
%x = "test.x"() : () -> tensor<3xi16>
// expected-error@+1 {{custom op 'math.isfinite' 'operand' must be floating-point-like, but got 'tensor<3xi16>'}}
%e = math.isfinite %x : tensor<3xi16>

// -----

// The result type is inferred from the operand: a dynamic size does not match it.
%x = "test.x"() : () -> vector<2x[8]xf32>
%y = "test.x"() : () -> tensor<8xf32>
%e = "math.tanh"(%x) : (vector<2x[8]xf32>) -> vector<2x[8]xf32>
// expected-error@+2 {{'math.log1p' op inferred type(s) 'tensor<8xf32>' are incompatible with return type(s) of operation 'tensor<?xf32>'}}
// expected-error@+1 {{'math.log1p' op failed to infer returned types}}
%f = "math.log1p"(%y) : (tensor<8xf32>) -> tensor<?xf32>
