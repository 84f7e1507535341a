// Pending: the `!dialect<"...">` / `#dialect<"...">` and `!dialect<ident>` forms.
// RUN: ir-opt %s --allow-unregistered-dialect | FileCheck %s
// RUN: ir-opt %s --allow-unregistered-dialect | ir-opt --allow-unregistered-dialect | FileCheck %s

// CHECK: "tst.types"() : () -> (!tst<"x<1>">, !tst.simple, !tst<"">, !tst<"a b">)
"tst.types"() : () -> (!tst<"x<1>">, !tst<simple>, !tst<"">, !tst<"a b">)

// CHECK-NEXT: "tst.attrs"() {a = #tst<"opaque">, b = #tst.simple, c = #tst<"a b">} : () -> ()
"tst.attrs"() {a = #tst<"opaque">, b = #tst<simple>, c = #tst<"a b">} : () -> ()

// CHECK-NEXT: "tst.enc"() : () -> tensor<?xi64, #tst<"opaque">>
"tst.enc"() : () -> tensor<?xi64, #tst<"opaque">>
