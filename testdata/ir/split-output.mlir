// With --split-input-file, a chunk that fails prints nothing, but the separator
// between chunk outputs is still printed.
// RUN: not ir-opt %s --allow-unregistered-dialect --split-input-file 2>/dev/null | FileCheck %s

// CHECK: "tst.a"() : () -> ()
// CHECK-NEXT: }
// CHECK-EMPTY:
// CHECK-NEXT: {{^// -{5}$}}
// CHECK-NEXT: {{^// -{5}$}}
// CHECK-NEXT: module {
// CHECK-NEXT: "tst.c"() : () -> ()
"tst.a"() : () -> ()

// -----

"tst.b"() {a = `} : () -> ()

// -----

"tst.c"() : () -> ()
