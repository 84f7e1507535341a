// Without --verify-diagnostics nothing is checked against expected-* annotations, yet
// mlir-opt 22 reports each of them, after everything ran, as not produced (the annotation
// quoted, its text underlined); the exit status stays that of the run, and the output of the
// chunks that ran follows.
// RUN: not ir-opt %s --allow-unregistered-dialect --split-input-file 2>&1 | FileCheck %s
// RUN: not ir-opt %s --allow-unregistered-dialect --split-input-file 2>/dev/null | FileCheck %s --check-prefix=OUT

// CHECK: unchecked-annotations.mlir:[[@LINE+17]]:17: error: unexpected character
// CHECK-NEXT: {{^}}"tst.op"() {a = `} : () -> (){{$}}
// CHECK-NEXT: {{^}}                ^{{$}}
// CHECK-NEXT: unchecked-annotations.mlir:[[@LINE+9]]:4: error: expected note "a note nobody emits" was not produced
// CHECK-NEXT: {{^}}// expected-note@-1
// CHECK-NEXT: {{^}}   ^~~~~~~~~~~~~~~~~~~{{$}}
// CHECK-NEXT: unchecked-annotations.mlir:[[@LINE+10]]:4: error: expected error "unexpected character" was not produced
// CHECK-NEXT: {{^}}// expected-error@+1
// CHECK-NEXT: {{^}}   ^~~~~~~~~~~~~~~~~~~~{{$}}
// OUT: module {
// OUT-NEXT: "tst.ok"() : () -> ()
"tst.ok"() : () -> ()
// expected-note@-1 {{a note nobody emits}}

// -----

// expected-error@+1 {{unexpected character}}
"tst.op"() {a = `} : () -> ()
