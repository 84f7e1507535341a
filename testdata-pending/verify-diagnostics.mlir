// Pending: how --verify-diagnostics reports mismatches, and that it still prints the output.
// RUN: not ir-opt %s --allow-unregistered-dialect --split-input-file --verify-diagnostics 2>&1 | FileCheck %s
// RUN: not ir-opt %s --allow-unregistered-dialect --verify-diagnostics --split-input-file 2>/dev/null | FileCheck %s --check-prefix=OUT

// The output of chunks that pass is printed as without --verify-diagnostics.
// OUT: module {
// OUT-NEXT: "tst.ok"() : () -> ()
// OUT-NEXT: }

// An expectation that is not met is reported at the `expected-` column.
// CHECK-DAG: verify-diagnostics.mlir:[[@LINE+1]]:4: error: expected error "this is never produced" was not produced
// expected-error@+1 {{this is never produced}}
"tst.ok"() : () -> ()

// -----

// An offset before the file start is an expectation never met.
// CHECK-DAG: verify-diagnostics.mlir:[[@LINE+1]]:4: error: expected error "x" was not produced
// expected-error@-100 {{x}}
"tst.ok2"() : () -> ()

// -----

// A diagnostic of another severity than expected.
// CHECK-DAG: verify-diagnostics.mlir:[[@LINE+2]]:4: error: 'error' diagnostic emitted when expecting a 'warning'
// CHECK-DAG: verify-diagnostics.mlir:[[@LINE+1]]:4: error: expected warning "unexpected character" was not produced
// expected-warning@+1 {{unexpected character}}
"tst.op"() {a = `} : () -> ()

// -----

// An unterminated `{{` is not an annotation at all.
// CHECK-DAG: verify-diagnostics.mlir:[[@LINE+2]]:17: error: unexpected error: unexpected character
// expected-error@+1 {{unterminated
"tst.op"() {a = `} : () -> ()
