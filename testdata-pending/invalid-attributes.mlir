// Attribute parsing and verification errors.
// RUN: ir-opt %s --allow-unregistered-dialect --split-input-file --verify-diagnostics

// expected-error@+1 {{expected ':' after dense array type}}
"tst.op"() {a = array<i32 1>} : () -> ()

// -----

// expected-error@+1 {{elements literal type must have static shape}}
"tst.op"() {a = sparse<[[0]], [1]> : tensor<?xi32>} : () -> ()

// -----

// expected-error@+1 {{expected non-function type}}
"tst.op"() {a = dense<[1, 2]> : vector<2x?xi32>} : () -> ()
