// Attribute parsing and verification errors.
// RUN: ir-opt %s --allow-unregistered-dialect --split-input-file --verify-diagnostics

// expected-error@+1 {{expected string containing hex digits starting with `0x`}}
"tst.op"() {a = dense<"str"> : tensor<2xi32>} : () -> ()

// -----

// expected-error@+1 {{expected ':' after dense array type}}
"tst.op"() {a = array<i32 1>} : () -> ()

// -----

"tst.op"() : () -> ()
{-#
  dialect_resources: {
    builtin: {
      // expected-error@+1 {{expected hex string blob for key 'blob'}}
      blob: 42
    }
  }
#-}

// -----

// expected-error@+1 {{expected string token, got 1}}
"tst.op"() {a = dense<[1, 2]> : tensor<2x!tst.t>} : () -> ()

// -----

// expected-error@+1 {{parsed 2 elements, but type ('tensor<2xcomplex<f32>>') expected 4 elements}}
"tst.op"() {a = dense<[1.0, 2.0]> : tensor<2xcomplex<f32>>} : () -> ()

// -----

// expected-error@+1 {{elements literal type must have static shape}}
"tst.op"() {a = sparse<[[0]], [1]> : tensor<?xi32>} : () -> ()

// -----

// expected-error@+1 {{expected non-function type}}
"tst.op"() {a = dense<[1, 2]> : vector<2x?xi32>} : () -> ()
