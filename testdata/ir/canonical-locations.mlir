// Fused locations are canonicalized when built; a split marker in a comment still splits.
// RUN: ir-opt %s --allow-unregistered-dialect --split-input-file --mlir-print-debuginfo | FileCheck %s

// fused[] is unknown, a fused location of one location is that location, and unknown
// locations are dropped from a fused list.
// CHECK-LABEL: module {
// CHECK-NEXT: "tst.fused_empty"() : () -> () loc(#loc1)
// CHECK-NEXT: "tst.fused_one"() : () -> () loc(#loc2)
// CHECK-NEXT: "tst.fused_unknown"() : () -> () loc(#loc3)
// CHECK-NEXT: } loc(#loc)
// CHECK-NEXT: #loc = loc("{{.*}}locations.mlir":0:0)
// CHECK-NEXT: #loc1 = loc(unknown)
// CHECK-NEXT: #loc2 = loc("a.mlir":1:1)
// CHECK-NEXT: #loc3 = loc(fused<"meta">[#loc2])
"tst.fused_empty"() : () -> () loc(fused[])
"tst.fused_one"() : () -> () loc(fused["a.mlir":1:1])
"tst.fused_unknown"() : () -> () loc(fused<"meta">["a.mlir":1:1, unknown])

// -----

// In a later chunk the implicit module is located at the end of the split marker.
// CHECK-LABEL: module {
// CHECK-NEXT: } loc(#loc)
// CHECK-NEXT: #loc = loc("{{.*}}locations.mlir":[[@LINE-5]]:9)

// -----

// Aliases of locations that nest other locations are numbered after all the flat ones.
// CHECK-LABEL: module {
// CHECK-NEXT: "tst.e"() : () -> () loc(#loc4)
// CHECK-NEXT: "tst.b"() : () -> () loc(#loc2)
// CHECK-NEXT: "tst.f"() : () -> () loc(#loc5)
// CHECK-NEXT: "tst.c"() : () -> () loc(#loc3)
// CHECK-NEXT: } loc(#loc)
// CHECK-NEXT: #loc = loc(
// CHECK-NEXT: #loc1 = loc("f.mlir":5:6)
// CHECK-NEXT: #loc2 = loc("b.mlir":1:2)
// CHECK-NEXT: #loc3 = loc("c.mlir":1:2)
// CHECK-NEXT: #loc4 = loc("name"(#loc1))
// CHECK-NEXT: #loc5 = loc(callsite(#loc2 at #loc3))
"tst.e"() : () -> () loc("name"("f.mlir":5:6))
"tst.b"() : () -> () loc("b.mlir":1:2)
"tst.f"() : () -> () loc(callsite("b.mlir":1:2 at "c.mlir":1:2))
"tst.c"() : () -> () loc("c.mlir":1:2)

// -----

// A split marker after other text on a line still splits the input.
// CHECK-LABEL: "tst.before"() : () -> () loc(#loc1)
// CHECK-NEXT: "tst.marker_in_comment"() : () -> () loc(#loc1)
// CHECK-NEXT: } loc(#loc)
// CHECK: module {
// CHECK-NEXT: "tst.after"() : () -> () loc(#loc1)
"tst.before"() : () -> () loc(unknown)
"tst.marker_in_comment"() : () -> () loc(unknown) // -----
"tst.after"() : () -> () loc(unknown)
