// How --verify-diagnostics reports mismatches (the annotation quoted, its text underlined;
// unmet annotations after everything ran), and that it still prints the output of the chunks
// that ran.
// RUN: not ir-opt %s --allow-unregistered-dialect --split-input-file --verify-diagnostics 2>&1 | FileCheck %s
// RUN: not ir-opt %s --allow-unregistered-dialect --verify-diagnostics --split-input-file 2>/dev/null | FileCheck %s --check-prefix=OUT

// The output of chunks that pass is printed as without --verify-diagnostics.
// OUT: module {
// OUT-NEXT: "tst.ok"() : () -> ()
// OUT-NEXT: }

// An expectation that is not met is reported at the `expected-` column.
// CHECK-DAG: verify-diagnostics-report.mlir:[[@LINE+2]]:4: error: expected error "this is never produced" was not produced
// CHECK-DAG: {{^ *}}^~~~~~~~~~~~~~~~~~~~~~{{$}}
// expected-error@+1 {{this is never produced}}
"tst.ok"() : () -> ()

// -----

// An offset before the file start is an expectation never met.
// CHECK-DAG: verify-diagnostics-report.mlir:[[@LINE+1]]:4: error: expected error "x" was not produced
// expected-error@-100 {{x}}
"tst.ok2"() : () -> ()

// -----

// A diagnostic of another severity than expected.
// CHECK-DAG: verify-diagnostics-report.mlir:[[@LINE+2]]:4: error: 'error' diagnostic emitted when expecting a 'warning'
// CHECK-DAG: verify-diagnostics-report.mlir:[[@LINE+1]]:4: error: expected warning "unexpected character" was not produced
// expected-warning@+1 {{unexpected character}}
"tst.op"() {a = `} : () -> ()

// -----

// An unterminated `{{` is not an annotation at all.
// CHECK-DAG: verify-diagnostics-report.mlir:[[@LINE+2]]:17: error: unexpected error: unexpected character
// expected-error@+1 {{unterminated
"tst.op"() {a = `} : () -> ()

// -----

// Notes must be expected too; `@below` is the next line that is not an annotation, blank or
// not; without -re, `{{` is literal text, and with it the rest is still literal.
// CHECK-DAG: verify-diagnostics-report.mlir:[[@LINE+10]]:1: error: unexpected note: previously defined here
// CHECK-DAG: verify-diagnostics-report.mlir:[[@LINE+5]]:4: error: expected error "redefinition" was not produced
// CHECK-DAG: verify-diagnostics-report.mlir:[[@LINE+6]]:4: error: expected error "redefinition {{[{][{]}}of{{[}][}]}}" was not produced
// CHECK-DAG: verify-diagnostics-report.mlir:[[@LINE+6]]:4: error: expected error "redefinition.of" was not produced
// CHECK-DAG: verify-diagnostics-report.mlir:[[@LINE+8]]:1: error: unexpected error: redefinition of SSA value '%z'
// CHECK-DAG: verify-diagnostics-report.mlir:[[@LINE+6]]:4: error: expected error "is never reported here" was not produced
// expected-error@below {{redefinition}}

// expected-error@+4 {{redefinition {{of}}}}
// expected-error-re@+3 {{redefinition.of}}
%z = "tst.a"() : () -> i32
// expected-error@above {{is never reported here}}
%z = "tst.b"() : () -> i32
