// Attribute parsing and verification errors.
// RUN: ir-opt %s --allow-unregistered-dialect --split-input-file --verify-diagnostics

// expected-error@+1 {{expected string containing hex digits starting with `0x`}}
"tst.op"() {a = dense<"str"> : tensor<2xi32>} : () -> ()

// -----

// expected-error@+1 {{expected shape ([2, 2]); inferred shape of indices literal ([1, 2]); inferred shape of values literal ([2])}}
"tst.op"() {a = sparse<[[0, 0]], [1, 2]> : tensor<2x2xi32>} : () -> ()

// -----

// expected-error@+1 {{sparse index #0 is not contained within the value shape, with index=[5], and type='tensor<2xi32>'}}
"tst.op"() {a = sparse<[[5]], [1]> : tensor<2xi32>} : () -> ()

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

// expected-error@+1 {{unbalanced '<' character in pretty dialect name}}
"tst.op"() {a = #tst<} : () -> ()

// -----

// expected-error@+1 {{expected string token, got 1}}
"tst.op"() {a = dense<[1, 2]> : tensor<2x!tst.t>} : () -> ()

// -----

// expected-error@+1 {{parsed 2 elements, but type ('tensor<2xcomplex<f32>>') expected 4 elements}}
"tst.op"() {a = dense<[1.0, 2.0]> : tensor<2xcomplex<f32>>} : () -> ()

// -----

// expected-error@+1 {{expected shape ([2]); inferred shape of indices literal ([1, 2]); inferred shape of values literal ([1])}}
"tst.op"() {a = sparse<[[0, 0]], [1]> : tensor<2xi32>} : () -> ()

// -----

// expected-error@+1 {{expected shape ([2]); inferred shape of indices literal ([1, 1]); inferred shape of values literal ([2])}}
"tst.op"() {a = sparse<[[0]], [1, 2]> : tensor<2xi32>} : () -> ()

// -----

// expected-error@+1 {{elements literal type must have static shape}}
"tst.op"() {a = sparse<[[0]], [1]> : tensor<?xi32>} : () -> ()

// -----

// expected-error@+1 {{expected non-function type}}
"tst.op"() {a = dense<[1, 2]> : vector<2x?xi32>} : () -> ()
