// memref.alloca_scope's result types are an optional arrow type list, as MLIR parses it: one
// type without parentheses, or a parenthesized list; they always print parenthesized.
// RUN: ir-opt %s | FileCheck %s

// CHECK-LABEL: func.func @one
// CHECK: %0 = memref.alloca_scope  -> (i32) {
func.func @one(%a: i32) -> i32 {
  %0 = memref.alloca_scope -> i32 {
    memref.alloca_scope.return %a : i32
  }
  return %0 : i32
}

// CHECK-LABEL: func.func @two
// CHECK: %0:2 = memref.alloca_scope  -> (i32, f32) {
func.func @two(%a: i32, %b: f32) -> (i32, f32) {
  %0:2 = memref.alloca_scope -> (i32, f32) {
    memref.alloca_scope.return %a, %b : i32, f32
  }
  return %0#0, %0#1 : i32, f32
}

// CHECK-LABEL: func.func @none
// CHECK: memref.alloca_scope  {
func.func @none() {
  memref.alloca_scope -> () {
    memref.alloca_scope.return
  }
  return
}
