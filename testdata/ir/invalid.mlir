// RUN: ir-opt %s --allow-unregistered-dialect --split-input-file --verify-diagnostics

func.func @use_before_def() {
  // expected-error@+1 {{operand #0 does not dominate this use}}
  "test.use"(%0) : (i32) -> ()
  // expected-note@+1 {{operand defined here}}
  %0 = "test.def"() : () -> i32
  return
}

// -----

// expected-error@+1 {{undefined symbol alias id 'nope'}}
"test.op"() : () -> !nope

// -----

"test.op"() {a = 1.0 : i32} : () -> () // expected-error {{floating point value not valid for specified type}}

// -----

func.func @f() -> i32 {
  // expected-error@+1 {{'func.return' op has 0 operands, but enclosing function (@f) returns 1}}
  return
}

// -----

// expected-note@+1 {{previously defined here}}
%x = "test.a"() : () -> i32
// expected-error@+1 {{redefinition of SSA value '%x'}}
%x = "test.b"() : () -> i32
