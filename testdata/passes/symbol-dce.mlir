// --symbol-dce erases private (and, in a table hidden from outside such as the top module,
// nested-visibility) symbols that nothing live refers to, following references transitively
// and into nested symbol tables; public symbols stay.
// RUN: ir-opt %s --split-input-file --symbol-dce | FileCheck %s
// RUN: ir-opt %s --split-input-file --symbol-dce --symbol-dce | FileCheck %s

// CHECK-LABEL: module {
// CHECK-NEXT: func.func @public() {
// CHECK-NEXT:   call @used() : () -> ()
// CHECK:      func.func private @used() {
// CHECK-NEXT:   call @used_transitively() : () -> ()
// CHECK:      func.func private @used_transitively()
// CHECK-NOT:  @dead
// CHECK-NOT:  @nested_visible
module {
  func.func @public() {
    call @used() : () -> ()
    return
  }
  func.func private @used() {
    call @used_transitively() : () -> ()
    return
  }
  func.func private @used_transitively()
  func.func private @dead() {
    call @dead_too() : () -> ()
    return
  }
  func.func private @dead_too()
  func.func nested @nested_visible()
}

// -----

// A private symbol referenced only from a dead one goes too; references in attributes count.
// CHECK-LABEL: module {
// CHECK-NEXT: func.func @keep() attributes {ref = @in_attr} {
// CHECK:      func.func private @in_attr()
// CHECK-NEXT: module @inner {
// CHECK-NEXT:   func.func @inner_public() {
// CHECK:      }
// CHECK-NEXT: }
// CHECK-NOT: @inner_dead
module {
  func.func @keep() attributes {ref = @in_attr} {
    return
  }
  func.func private @in_attr()
  module @inner {
    func.func @inner_public() {
      return
    }
    func.func private @inner_dead()
  }
}
