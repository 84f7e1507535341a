// --mlir-pretty-debuginfo prints locations in their readable form: no `loc(...)`, file names
// unquoted, `[unknown]`, fused locations without the keyword, call sites as `callee at
// caller` (on two lines unless a named callee is called from a file position). An op's own
// location and a block argument's are written out; the locations inside them, and the alias
// definitions (in the same form), keep their aliases.
// RUN: ir-opt %s --allow-unregistered-dialect --mlir-print-debuginfo --mlir-pretty-debuginfo | FileCheck %s
// RUN: ir-opt %s --allow-unregistered-dialect --mlir-print-debuginfo --mlir-pretty-debuginfo --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC

// CHECK: #{{loc[0-9]+}} = arg.mlir:1:1
// CHECK: module {
// CHECK-NEXT: "tst.a"() : () -> () [unknown]
// CHECK-NEXT: "tst.b"() : () -> () file.mlir:1:2
// CHECK-NEXT: "tst.c"() : () -> () file.mlir:1:2 to 3:4
// CHECK-NEXT: "tst.d"() : () -> () "name"
// CHECK-NEXT: "tst.e"() : () -> () "name"(#[[F:loc[0-9]+]])
// CHECK-NEXT: "tst.g"() : () -> () [#[[A:loc[0-9]+]], #[[B:loc[0-9]+]]]
// CHECK-NEXT: "tst.h"() : () -> () <"meta">[#[[A]], #[[B]]]
// CHECK-NEXT: func.func @f(%arg0: i32 arg.mlir:1:1) {
// CHECK-NEXT: "tst.cs1"() : () -> () #[[CALLEE:loc[0-9]+]]
// CHECK-NEXT: {{^}} at #[[CALLER:loc[0-9]+]]
// CHECK-NEXT: "tst.cs2"() : () -> () #[[NM:loc[0-9]+]] at #[[CALLER]]
// CHECK-NEXT: "tst.cs3"() : () -> () #[[NM]]
// CHECK-NEXT: {{^}} at #[[NM2:loc[0-9]+]]
// CHECK-NEXT: "tst.range"() : () -> () f.mlir:3:4 to :9
// CHECK-NEXT: "tst.aliased"() : () -> () alias.mlir:7:7
// CHECK-NEXT: "tst.region"() ({
// CHECK-NEXT: ^bb0(%arg1: i32 blockarg.mlir:3:3):
// CHECK-NEXT: "tst.y"() : () -> () "name"
// CHECK-NEXT: }) : () -> () <#tst.x>[#[[U:loc[0-9]+]]]
// CHECK-NEXT: "tst.attr"() {l = #[[L:loc[0-9]+]]} : () -> () f.mlir:3:0
// CHECK: } {{.*}}pretty-debuginfo.mlir:0:0
// CHECK-NEXT: #loc = {{.*}}pretty-debuginfo.mlir:0:0
// CHECK-NEXT: #loc1 = [unknown]
// CHECK-NEXT: #loc2 = file.mlir:1:2
// CHECK-DAG: #[[F]] = f.mlir:5:6
// CHECK-DAG: #[[A]] = a.mlir:1:1
// CHECK-DAG: #[[B]] = b.mlir:2:2
// CHECK-DAG: #[[CALLEE]] = callee.mlir:1:1
// CHECK-DAG: #[[CALLER]] = caller.mlir:2:2
// CHECK-DAG: #[[NM]] = "nm"(#[[CALLEE]])
// CHECK-DAG: #[[NM2]] = "nm2"(#[[CALLER]])

// GENERIC: "func.func"() <{function_type = (i32) -> (), sym_name = "f"}> ({
// GENERIC-NEXT: ^bb0(%arg0: i32 arg.mlir:1:1):
"tst.a"() : () -> () loc(unknown)
"tst.b"() : () -> () loc("file.mlir":1:2)
"tst.c"() : () -> () loc("file.mlir":1:2 to 3:4)
"tst.d"() : () -> () loc("name")
"tst.e"() : () -> () loc("name"("f.mlir":5:6))
"tst.g"() : () -> () loc(fused["a.mlir":1:1, "b.mlir":2:2])
"tst.h"() : () -> () loc(fused<"meta">["a.mlir":1:1, "b.mlir":2:2])
#a = loc("alias.mlir":7:7)
func.func @f(%arg: i32 loc("arg.mlir":1:1)) {
  "tst.cs1"() : () -> () loc(callsite("callee.mlir":1:1 at "caller.mlir":2:2))
  "tst.cs2"() : () -> () loc(callsite("nm"("callee.mlir":1:1) at "caller.mlir":2:2))
  "tst.cs3"() : () -> () loc(callsite("nm"("callee.mlir":1:1) at "nm2"("caller.mlir":2:2)))
  "tst.range"() : () -> () loc("f.mlir":3:4 to :9)
  "tst.aliased"() : () -> () loc(#a)
  "tst.region"() ({
  ^bb0(%x: i32 loc("blockarg.mlir":3:3)):
    "tst.y"() : () -> () loc("name"(unknown))
  }) : () -> () loc(fused<#tst.x>[unknown])
  "tst.attr"() {l = loc("attr.mlir":1:1)} : () -> () loc("f.mlir":3)
  return
}
