// Type parsing and verification errors.
// RUN: ir-opt %s --allow-unregistered-dialect --split-input-file --verify-diagnostics

// expected-error@+1 {{expected non-function type}}
"tst.op"() : () -> vector<?xf32>

// -----

// expected-error@+1 {{invalid dimension}}
"tst.op"() : () -> vector<4x[?]xf32>

// -----

// expected-error@+1 {{expected operation name in quotes}}
"tst.op"() : () -> (i32) i32

// -----

// expected-error@+1 {{unbalanced '(' character in pretty dialect name}}
"tst.op"() : () -> !tst.unbalanced<(]>
