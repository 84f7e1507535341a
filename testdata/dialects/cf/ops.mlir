// Round trip of every cf op: branches with and without operands, cond_br weights, switch
// cases (values printed unsigned in the flag's width), assert, generic forms.
// RUN: ir-opt %s | FileCheck %s
// RUN: ir-opt %s --mlir-print-op-generic | ir-opt | FileCheck %s

func.func @f(%c: i1, %a: i32) {
  cf.cond_br %c weights([1, 0]), ^bb1(%a : i32), ^bb2
^bb1(%x: i32):
  cf.assert %c, "oops" {foo}
  cf.br ^bb2
^bb2:
  return
}
func.func @sw(%flag: i8, %a: i32) {
  cf.switch %flag : i8, [
    default: ^bb1(%a : i32),
    -1: ^bb1(%a : i32),
    200: ^bb2
  ]
^bb1(%x: i32):
  return
^bb2:
  return
}
func.func @g(%flag: i8) {
  cf.switch %flag : i8, [
    default: ^bb1
  ]
^bb1:
  return
}
func.func @generic(%c: i1, %a: i32) {
  "cf.cond_br"(%c, %a, %a) [^bb1, ^bb1] <{operandSegmentSizes = array<i32: 1, 1, 1>}> : (i1, i32, i32) -> ()
^bb1(%x: i32):
  cf.switch %a : i32, [
    default: ^bb2,
    -7: ^bb1(%x : i32),
    7: ^bb2
  ] {tag}
^bb2:
  return
}

// CHECK: module {
// CHECK-LABEL: func.func @f(%arg0: i1, %arg1: i32) {
// CHECK-NEXT: cf.cond_br %arg0 weights([1, 0]), ^bb1(%arg1 : i32), ^bb2
// CHECK-NEXT: ^bb1(%0: i32):  // pred: ^bb0
// CHECK-NEXT: cf.assert %arg0, "oops" {foo}
// CHECK-NEXT: cf.br ^bb2
// CHECK-NEXT: ^bb2:  // 2 preds: ^bb0, ^bb1
// CHECK-NEXT: return
// CHECK-NEXT: }
// CHECK-LABEL: func.func @sw(%arg0: i8, %arg1: i32) {
// CHECK-NEXT: cf.switch %arg0 : i8, [
// CHECK-NEXT: default: ^bb1(%arg1 : i32),
// CHECK-NEXT: 255: ^bb1(%arg1 : i32),
// CHECK-NEXT: 200: ^bb2
// CHECK-NEXT: ]
// CHECK-NEXT: ^bb1(%0: i32):  // 2 preds: ^bb0, ^bb0
// CHECK-NEXT: return
// CHECK-NEXT: ^bb2:  // pred: ^bb0
// CHECK-NEXT: return
// CHECK-NEXT: }
// CHECK-LABEL: func.func @g(%arg0: i8) {
// CHECK-NEXT: cf.switch %arg0 : i8, [
// CHECK-NEXT: default: ^bb1]
// CHECK-NEXT: ^bb1:  // pred: ^bb0
// CHECK-NEXT: return
// CHECK-NEXT: }
// CHECK-LABEL: func.func @generic(%arg0: i1, %arg1: i32) {
// CHECK-NEXT: cf.cond_br %arg0, ^bb1(%arg1 : i32), ^bb1(%arg1 : i32)
// CHECK-NEXT: ^bb1(%0: i32):  // 3 preds: ^bb0, ^bb0, ^bb1
// CHECK-NEXT: cf.switch %arg1 : i32, [
// CHECK-NEXT: default: ^bb2,
// CHECK-NEXT: 4294967289: ^bb1(%0 : i32),
// CHECK-NEXT: 7: ^bb2
// CHECK-NEXT: ] {tag}
// CHECK-NEXT: ^bb2:  // 2 preds: ^bb1, ^bb1
// CHECK-NEXT: return
// CHECK-NEXT: }
// CHECK-NEXT: }
