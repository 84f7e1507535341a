// Opaque bodies of unregistered dialect attributes and types are kept verbatim: strings may
// hold `>`, brackets of every kind nest, `->` does not close `<`, spacing is preserved; the
// `#dialect<ident<...>>` form is printed as `#dialect.ident<...>`.
// RUN: ir-opt %s --allow-unregistered-dialect | FileCheck %s
// RUN: ir-opt %s --allow-unregistered-dialect | ir-opt --allow-unregistered-dialect | FileCheck %s

// CHECK: %0:5 = "tst.o"() {a = #tst.x<"a>b">, b = #tst.x<{a = [1]}>, c = #tst.x<(a, [b, {c}])>, d = #tst.x<"\"q\"">, e = #tst.x<1>, f = #tst.x<  spaced   out  >, g = #tst.x<a<b<c>>>, i = #tst.x<1 -> 2>, j = #tst.x<'c'>} : () -> (!tst.x<"a>b">, !tst.x<  sp  >, !tst.x<i32, f32>, !tst.x<1>, !tst.a.b.c)
"tst.o"() {a = #tst.x<"a>b">, b = #tst.x<{a = [1]}>, c = #tst.x<(a, [b, {c}])>, d = #tst.x<"\"q\"">, e = #tst<x<1>>, f = #tst.x<  spaced   out  >, g = #tst.x<a<b<c>>>, i = #tst.x<1 -> 2>, j = #tst.x<'c'>} : () -> (!tst.x<"a>b">, !tst.x<  sp  >, !tst.x<i32, f32>, !tst<x<1>>, !tst.a.b.c)
