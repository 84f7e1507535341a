// The rendering of notes. By default (--mlir-print-op-on-diagnostic) a verifier error
// gets a "see current operation" note with the op in generic form; a note at the same
// location as its error does not repeat the source line and caret; the note text keeps its
// leading spaces.
// RUN: not ir-opt %s --allow-unregistered-dialect 2>&1 | FileCheck %s --strict-whitespace

// CHECK: diagnostic-notes.mlir:[[@LINE+8]]:8: error: 'func.call' op result type mismatch at index 0
// CHECK-NEXT: {{^}}  %0 = call @g(%a) : (i32) -> i64{{$}}
// CHECK-NEXT: {{^}}       ^{{$}}
// CHECK-NEXT: diagnostic-notes.mlir:[[@LINE+5]]:8: note: see current operation: %0 = "func.call"(%arg0) <{callee = @g}> : (i32) -> i64
// CHECK-NEXT: diagnostic-notes.mlir:[[@LINE+4]]:8: note:       op result types: 'i64'
// CHECK-NEXT: diagnostic-notes.mlir:[[@LINE+3]]:8: note: function result types: 'i32'
func.func private @g(i32) -> i32
func.func @f(%a: i32) {
  %0 = call @g(%a) : (i32) -> i64
  return
}
