// Attribute parsing and verification errors.
// RUN: ir-opt %s --allow-unregistered-dialect --split-input-file --verify-diagnostics

// expected-error@+2 {{unexpected decimal integer literal for a floating point value}}
// expected-note@+1 {{add a trailing dot to make the literal a float}}
"tst.op"() {a = 5 : f32} : () -> ()
// -----

// expected-error@+1 {{floating point value not valid for specified type}}
"tst.op"() {a = 1.0 : tensor<f32>} : () -> ()
// -----

// expected-error@+1 {{integer literal not valid for specified type}}
"tst.op"() {a = 1 : tensor<i32>} : () -> ()
// -----

// expected-error@+1 {{expected '}' in attribute dictionary}}
"tst.op"() {a = true : i32} : () -> ()
// -----

// expected-error@+1 {{expected '}' in attribute dictionary}}
"tst.op"() {a = {b = 1} : () -> ()
// -----

// expected-error@+2 {{unexpected decimal integer literal for a floating point value}}
// expected-note@+1 {{add a trailing dot to make the literal a float}}
"tst.op"() {a = dense<1> : tensor<2xf32>} : () -> ()
// -----

// expected-error@+1 {{integer constant out of range for type}}
"tst.op"() {a = dense<300> : tensor<2xi8>} : () -> ()
// -----

// expected-error@+1 {{expected unsigned integer elements, but parsed negative value}}
"tst.op"() {a = dense<-1> : tensor<2xui8>} : () -> ()
// -----

// expected-error@+1 {{expected string containing hex digits starting with `0x`}}
"tst.op"() {a = dense<"str"> : tensor<2xi32>} : () -> ()
// -----

// expected-error@+1 {{elements hex data size is invalid for provided type: 'tensor<2xi32>'}}
"tst.op"() {a = dense<"0x01"> : tensor<2xi32>} : () -> ()
// -----

// expected-error@+1 {{integer constant out of range for type}}
"tst.op"() {a = dense<[true, 2]> : tensor<2xi1>} : () -> ()
// -----

// expected-error@+1 {{expected shape ([2, 2]); inferred shape of indices literal ([1, 2]); inferred shape of values literal ([2])}}
"tst.op"() {a = sparse<[[0, 0]], [1, 2]> : tensor<2x2xi32>} : () -> ()
// -----

// expected-error@+1 {{sparse index #0 is not contained within the value shape, with index=[5], and type='tensor<2xi32>'}}
"tst.op"() {a = sparse<[[5]], [1]> : tensor<2xi32>} : () -> ()
// -----

// expected-error@+1 {{expected integer literal}}
"tst.op"() {a = array<i32: 1.5>} : () -> ()
// -----

// expected-error@+2 {{unexpected decimal integer literal for a floating point value}}
// expected-note@+1 {{add a trailing dot to make the literal a float}}
"tst.op"() {a = array<f32: 1, 2>} : () -> ()
// -----

// expected-error@+1 {{expected integer or float type, got: 'tensor<i32>'}}
"tst.op"() {a = array<tensor<i32>: 1>} : () -> ()
// -----

// expected-error@+1 {{expected ':' after dense array type}}
"tst.op"() {a = array<i32 1>} : () -> ()
// -----

// expected-error@+1 {{expected ']'}}
"tst.op"() {a = strided<[1 2]>} : () -> ()
// -----

// expected-error@+1 {{referenced attribute does not match previous definition: 1 : i64}}
"tst.op"() {a = distinct[0]<1>, b = distinct[0]<2>} : () -> ()
// -----

// expected-error@+1 {{expected '[' after 'distinct'}}
"tst.op"() {a = distinct<1>} : () -> ()
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

// expected-error@+1 {{expected '}' in attribute dictionary}}
"tst.op"() {a = unit : i32} : () -> ()
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

// expected-error@+1 {{expected '}' in attribute dictionary}}
"tst.op"() {a = 0x1p3 : f32} : () -> ()
// -----

// expected-error@+1 {{expected '}' in attribute dictionary}}
"tst.op"() {a = 1e5} : () -> ()
// -----

// expected-error@+1 {{integer constant out of range for attribute}}
"tst.op"() {a = -0} : () -> ()
// -----

// expected-error@+1 {{integer constant out of range for type}}
"tst.op"() {a = dense<[1, 2]> : tensor<2xindex>, b = dense<99999999999999999999> : tensor<2xindex>} : () -> ()
// -----

// expected-error@+1 {{expected 'true' or 'false' values for i1 type}}
"tst.op"() {a = array<i1: 2>} : () -> ()
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
// -----

// expected-error@+1 {{expected ']'}}
"tst.op"() {a = dense<[1, 2> : tensor<2xi32>} : () -> ()
