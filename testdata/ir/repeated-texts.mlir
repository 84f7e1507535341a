// The parser reuses what it parsed for a function type or an attribute dictionary written
// again with the same text; these check that a reuse means exactly what a fresh parse would:
// a text that is only the start of a longer one (`i1`, `i16`, `@a` and `@a::@b`), the same text next to different
// continuations, and texts that depend on where they are (`distinct` ids, location aliases).
// RUN: ir-opt %s --allow-unregistered-dialect | FileCheck %s
// RUN: ir-opt %s --allow-unregistered-dialect --mlir-print-debuginfo --mlir-print-local-scope | FileCheck %s --check-prefix=LOC
// RUN: ir-opt %s --allow-unregistered-dialect --mlir-print-op-generic | ir-opt --allow-unregistered-dialect | FileCheck %s --check-prefix=ROUND

// CHECK-LABEL: func.func @dicts
func.func @dicts(%a: i64) {
  // CHECK: "t.a"() {value = 0 : index} : () -> ()
  "t.a"() {value = 0 : index} : () -> ()
  // CHECK-NEXT: "t.b"() {value = 0 : index} : () -> ()
  "t.b"() {value = 0 : index} : () -> ()
  // CHECK-NEXT: "t.c"() {value = 0 : index, x} : () -> ()
  "t.c"() {value = 0 : index, x} : () -> ()
  // CHECK-NEXT: "t.d"() {value = 0 : i32} : () -> ()
  "t.d"() {value = 0 : i32} : () -> ()
  // CHECK-NEXT: "t.e"() {value = 0 : i32} : () -> ()
  "t.e"() {value = 0 : i32}: () -> ()
  // CHECK-NEXT: "t.f"() {d = distinct[0]<>} : () -> ()
  "t.f"() {d = distinct[7]<unit>} : () -> ()
  // CHECK-NEXT: "t.f"() {d = distinct[1]<>} : () -> ()
  "t.f"() {d = distinct[8]<unit>} : () -> ()
  // CHECK-NEXT: "t.f"() {d = distinct[0]<>} : () -> ()
  "t.f"() {d = distinct[7]<unit>} : () -> ()
  // CHECK-NEXT: "t.g"() {l = #loc} : () -> ()
  // LOC: "t.g"() {l = loc("a.mlir":1:2)} : () -> () loc("x.mlir":3:4)
  "t.g"() {l = loc("a.mlir":1:2)} : () -> () loc(#lx)
  // CHECK-NEXT: "t.g"() {l = #loc} : () -> ()
  // LOC-NEXT: "t.g"() {l = loc("a.mlir":1:2)} : () -> () loc("x.mlir":3:4)
  "t.g"() {l = loc("a.mlir":1:2)} : () -> () loc(#lx)
  return
}

// CHECK-LABEL: func.func @types
func.func @types(%a: i64, %b: i32) {
  // CHECK: "t.h"(%arg0) : (i64) -> i64
  %0 = "t.h"(%a) : (i64) -> i64
  // CHECK-NEXT: "t.h"(%arg0) : (i64) -> i64
  %1 = "t.h"(%a) : (i64) -> i64
  // CHECK-NEXT: "t.h"(%arg0) : (i64) -> i1
  %2 = "t.h"(%a) : (i64) -> i1
  // CHECK-NEXT: "t.h"(%arg0) : (i64) -> i16
  %4 = "t.h"(%a) : (i64) -> i16
  // CHECK-NEXT: "t.h"(%arg0) : (i64) -> (i64, i32)
  %3:2 = "t.h"(%a) : (i64) -> (i64, i32)
  // Blanks or a comment between the colon and a text read before.
  // CHECK-NEXT: "t.h"(%arg0) : (i64) -> i64
  %5 = "t.h"(%a) :(i64) -> i64
  // CHECK-NEXT: "t.h"(%arg0) : (i64) -> i64
  %6 = "t.h"(%a) :
      (i64) -> i64
  // CHECK-NEXT: "t.h"(%arg0) : (i64) -> i64
  %7 = "t.h"(%a) : // a comment
      (i64) -> i64
  return
}

// CHECK-LABEL: func.func @attrs
func.func @attrs() {
  // CHECK: %true = arith.constant true
  %0 = arith.constant 1 : i1
  // CHECK-NEXT: %c1_i16 = arith.constant 1 : i16
  %1 = arith.constant 1 : i16
  // CHECK-NEXT: %true_0 = arith.constant true
  %2 = arith.constant 1 : i1
  // CHECK-NEXT: %cst = arith.constant 1.500000e+00 : f32
  %3 = arith.constant 1.5 : f32
  // CHECK-NEXT: %cst_1 = arith.constant 1.500000e+00 : f32
  %4 = arith.constant 1.5 : f32
  // CHECK-NEXT: "t.i"() {a = [1, 2]} : () -> ()
  "t.i"() {a = [1, 2]} : () -> ()
  // CHECK-NEXT: "t.i"() {a = [1, 2], b} : () -> ()
  "t.i"() {a = [1, 2], b} : () -> ()
  return
}

// A reused text followed by what would have extended it: parsed again.
// CHECK-LABEL: func.func @extended
func.func @extended(%a: i64) {
  // CHECK: "t.j"() <@abcd> : () -> ()
  "t.j"() <@abcd> : () -> ()
  // CHECK-NEXT: "t.j"() <@abcd::@e> : () -> ()
  "t.j"() <@abcd::@e> : () -> ()
  // CHECK-NEXT: "t.k"() <"abcd"> : () -> ()
  "t.k"() <"abcd"> : () -> ()
  // CHECK-NEXT: "t.k"() <"abcd" : i32> : () -> ()
  "t.k"() <"abcd" : i32> : () -> ()
  // CHECK-NEXT: "t.l"() <#t.abcd> : () -> ()
  "t.l"() <#t.abcd> : () -> ()
  // CHECK-NEXT: "t.l"() <#t.abcd<1>> : () -> ()
  "t.l"() <#t.abcd<1>> : () -> ()
  // CHECK-NEXT: "t.h"(%arg0) : (i64) -> !t.abcd
  %0 = "t.h"(%a) : (i64) -> !t.abcd
  // CHECK-NEXT: "t.h"(%arg0) : (i64) -> !t.abcd<1>
  %1 = "t.h"(%a) : (i64) -> !t.abcd<1>
  return
}

// ROUND: "t.b"() {value = 0 : index} : () -> ()
// ROUND: "t.h"(%arg0) : (i64) -> i16
#lx = loc("x.mlir":3:4)
