// Pending: --mlir-pretty-debuginfo prints locations without `loc(...)` (ir-opt ignores it).
// RUN: ir-opt %s --allow-unregistered-dialect --mlir-print-debuginfo --mlir-pretty-debuginfo | FileCheck %s

// CHECK: module {
// CHECK-NEXT: "tst.a"() : () -> () [unknown]
// CHECK-NEXT: "tst.b"() : () -> () file.mlir:1:2
// CHECK-NEXT: "tst.c"() : () -> () file.mlir:1:2 to 3:4
// CHECK-NEXT: "tst.d"() : () -> () "name"
// CHECK-NEXT: "tst.e"() : () -> () "name"(#loc5)
// CHECK-NEXT: "tst.g"() : () -> () [#loc6, #loc7]
// CHECK-NEXT: "tst.h"() : () -> () <"meta">[#loc6, #loc7]
// CHECK-NEXT: } {{.*}}pretty-debuginfo.mlir:0:0
// CHECK-NEXT: #loc = {{.*}}pretty-debuginfo.mlir:0:0
// CHECK-NEXT: #loc1 = [unknown]
// CHECK-NEXT: #loc2 = file.mlir:1:2
"tst.a"() : () -> () loc(unknown)
"tst.b"() : () -> () loc("file.mlir":1:2)
"tst.c"() : () -> () loc("file.mlir":1:2 to 3:4)
"tst.d"() : () -> () loc("name")
"tst.e"() : () -> () loc("name"("f.mlir":5:6))
"tst.g"() : () -> () loc(fused["a.mlir":1:1, "b.mlir":2:2])
"tst.h"() : () -> () loc(fused<"meta">["a.mlir":1:1, "b.mlir":2:2])
