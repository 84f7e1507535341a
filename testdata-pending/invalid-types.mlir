// Type parsing and verification errors.
// RUN: ir-opt %s --allow-unregistered-dialect --split-input-file --verify-diagnostics

// expected-error@+1 {{expected non-function type}}
"tst.op"() : () -> vector<?xf32>

// -----

// expected-error@+1 {{invalid dimension}}
"tst.op"() : () -> vector<4x[?]xf32>
