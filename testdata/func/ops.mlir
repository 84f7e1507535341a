// RUN: ir-opt %s | FileCheck %s

// CHECK: func.func private @decl(i32 {test.noalias}, f32) -> (i64 {test.res})
func.func private @decl(i32 {test.noalias}, f32) -> (i64 {test.res})

// CHECK-LABEL: func.func @caller
func.func @caller(%a: i32, %b: f32) -> i64 attributes {test.flag} {
  // CHECK: %0 = call @decl(%arg0, %arg1) : (i32, f32) -> i64
  %r = call @decl(%a, %b) : (i32, f32) -> i64
  // CHECK: = constant @decl : (i32, f32) -> i64
  %f = constant @decl : (i32, f32) -> i64
  // CHECK: = call_indirect %{{.*}}(%arg0, %arg1) : (i32, f32) -> i64
  %s = call_indirect %f(%a, %b) : (i32, f32) -> i64
  // CHECK: return %0 : i64
  return %r : i64
}
