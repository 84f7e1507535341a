// Regions, blocks, block arguments, successors and SSA value numbering, in the custom and the
// generic form.
// RUN: ir-opt %s --allow-unregistered-dialect | FileCheck %s
// RUN: ir-opt %s --allow-unregistered-dialect | ir-opt --allow-unregistered-dialect | FileCheck %s
// RUN: ir-opt %s --allow-unregistered-dialect --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC
// RUN: ir-opt %s --allow-unregistered-dialect --mlir-print-unique-ssa-ids | FileCheck %s --check-prefix=UNIQUE

// The module body is a graph region: a value may be used before its definition.
// CHECK-LABEL: module {
// CHECK-NEXT: %0 = "tst.use_fwd"(%1) : (i32) -> i32
// CHECK-NEXT: %1 = "tst.def"() : () -> i32
// GENERIC-LABEL: "builtin.module"() ({
// GENERIC-NEXT: %0 = "tst.use_fwd"(%1) : (i32) -> i32
// GENERIC-NEXT: %1 = "tst.def"() : () -> i32
%fwd = "tst.use_fwd"(%later) : (i32) -> i32
%later = "tst.def"() : () -> i32

// Result groups are printed as one name with a count; uses name the result by index.
// CHECK-NEXT: %2:3 = "tst.group"() : () -> (i1, i2, i3)
// CHECK-NEXT: "tst.use"(%2#0, %2#2) : (i1, i3) -> ()
// CHECK-NEXT: %3:4 = "tst.groups"() : () -> (i8, i16, i16, i32)
// CHECK-NEXT: "tst.use"(%3#0, %3#2, %3#3) : (i8, i16, i32) -> ()
%g:3 = "tst.group"() : () -> (i1, i2, i3)
"tst.use"(%g#0, %g#2) : (i1, i3) -> ()
%a, %b:2, %c = "tst.groups"() : () -> (i8, i16, i16, i32)
"tst.use"(%a, %b#1, %c) : (i8, i16, i32) -> ()

// Blocks are renumbered in order; each non-entry block gets a predecessor comment.
// CHECK-NEXT: "tst.cfg"() ({
// CHECK-NEXT: ^bb0(%arg0: i32):
// CHECK-NEXT: "tst.br"(%arg0)[^bb1, ^bb2] : (i32) -> ()
// CHECK-NEXT: ^bb1:  // pred: ^bb0
// CHECK-NEXT: "tst.br"()[^bb3] : () -> ()
// CHECK-NEXT: ^bb2:  // pred: ^bb0
// CHECK-NEXT: "tst.br"()[^bb3] : () -> ()
// CHECK-NEXT: ^bb3:  // 3 preds: ^bb1, ^bb2, ^bb3
// CHECK-NEXT: "tst.br"()[^bb3] : () -> ()
// CHECK-NEXT: ^bb4:  // no predecessors
// CHECK-NEXT: "tst.ret"() : () -> ()
// CHECK-NEXT: }) : () -> ()
"tst.cfg"() ({
^entry(%x: i32):
  "tst.br"(%x)[^bb1, ^bb2] : (i32) -> ()
^bb1:
  "tst.br"()[^exit] : () -> ()
^bb2:
  "tst.br"()[^exit] : () -> ()
^exit:
  "tst.br"()[^exit] : () -> ()
^dead:
  "tst.ret"() : () -> ()
}) : () -> ()

// Forward references to blocks, and successor operands.
// CHECK-NEXT: "tst.succ_args"() ({
// CHECK-NEXT: ^bb0(%arg0: i1, %arg1: i32):
// CHECK-NEXT: "tst.cond"(%arg0, %arg1, %arg1)[^bb1, ^bb2] {operandSegmentSizes = array<i32: 1, 1, 1>} : (i1, i32, i32) -> ()
// CHECK-NEXT: ^bb1(%4: i32):  // pred: ^bb0
// CHECK-NEXT: "tst.ret"(%4) : (i32) -> ()
// CHECK-NEXT: ^bb2(%5: i32):  // pred: ^bb0
// CHECK-NEXT: "tst.ret"(%5) : (i32) -> ()
// CHECK-NEXT: }) : () -> ()
"tst.succ_args"() ({
^bb0(%q: i1, %r: i32):
  "tst.cond"(%q, %r, %r)[^then, ^else] {operandSegmentSizes = array<i32: 1, 1, 1>} : (i1, i32, i32) -> ()
^then(%s: i32):
  "tst.ret"(%s) : (i32) -> ()
^else(%t: i32):
  "tst.ret"(%t) : (i32) -> ()
}) : () -> ()

// Sibling regions each continue the numbering of the enclosing region; nested regions see
// the values of the enclosing ones.
// CHECK-NEXT: "tst.two_regions"() ({
// CHECK-NEXT: %4 = "tst.inner"() : () -> i32
// CHECK-NEXT: "tst.nest"() ({
// CHECK-NEXT: %5 = "tst.inner2"(%4, %3#0) : (i32, i8) -> i32
// CHECK-NEXT: }) : () -> ()
// CHECK-NEXT: }, {
// CHECK-NEXT: %4 = "tst.r2"() : () -> i32
// CHECK-NEXT: }) : () -> ()
"tst.two_regions"() ({
  %0 = "tst.inner"() : () -> i32
  "tst.nest"() ({
    %1 = "tst.inner2"(%0, %a) : (i32, i8) -> i32
  }) : () -> ()
}, {
  %2 = "tst.r2"() : () -> i32
}) : () -> ()

// An empty region, and a region holding one empty block.
// CHECK-NEXT: "tst.empty_region"() ({
// CHECK-NEXT: }) : () -> ()
// CHECK-NEXT: "tst.empty_block"() ({
// CHECK-NEXT: ^bb0:
// CHECK-NEXT: }) : () -> ()
"tst.empty_region"() ({
}) : () -> ()
"tst.empty_block"() ({
^bb0:
}) : () -> ()

// Entry block arguments are %argN; the entry block label is printed only when needed.
// CHECK-NEXT: "tst.entry_label"() ({
// CHECK-NEXT: "tst.a"() : () -> ()
// CHECK-NEXT: }) : () -> ()
"tst.entry_label"() ({
^bb7:
  "tst.a"() : () -> ()
}) : () -> ()

// A function body continues the value numbering of the enclosing region; its arguments are
// %arg0 and up again.
// CHECK-LABEL: func.func @f(%arg0: i32) -> i32 {
// CHECK-NEXT: %4 = "tst.x"(%arg0) : (i32) -> i32
// CHECK-NEXT: "tst.br"()[^bb1] : () -> ()
// CHECK-NEXT: ^bb1:  // pred: ^bb0
// CHECK-NEXT: return %4 : i32
// CHECK-NEXT: }
func.func @f(%arg: i32) -> i32 {
  %0 = "tst.x"(%arg) : (i32) -> i32
  "tst.br"()[^bb1] : () -> ()
^bb1:
  return %0 : i32
}

// Arguments of non-entry blocks take value numbers.
// CHECK-LABEL: func.func @loop(%arg0: i32, %arg1: i64) {
// CHECK-NEXT: "tst.br"(%arg0, %arg1)[^bb1] : (i32, i64) -> ()
// CHECK-NEXT: ^bb1(%4: i32, %5: i64):  // 2 preds: ^bb0, ^bb1
// CHECK-NEXT: %6 = "tst.add"(%4, %arg0) : (i32, i32) -> i32
// CHECK-NEXT: "tst.br"(%6, %5)[^bb1] : (i32, i64) -> ()
// CHECK-NEXT: }
func.func @loop(%ga: i32, %gb: i64) {
  "tst.br"(%ga, %gb)[^bb1] : (i32, i64) -> ()
^bb1(%x: i32, %y: i64):
  %z = "tst.add"(%x, %ga) : (i32, i32) -> i32
  "tst.br"(%z, %y)[^bb1] : (i32, i64) -> ()
}

// A region is numbered after every value of the region holding it.
// CHECK-LABEL: func.func @nested(%arg0: i32) {
// CHECK-NEXT: %4 = "tst.outer"() ({
// CHECK-NEXT: ^bb0(%arg1: i32):
// CHECK-NEXT: %6 = "tst.in"(%arg0, %arg1) : (i32, i32) -> i32
// CHECK-NEXT: "tst.yield"(%6) : (i32) -> ()
// CHECK-NEXT: }) : () -> i32
// CHECK-NEXT: %5 = "tst.after"(%4) : (i32) -> i32
// CHECK-NEXT: return
func.func @nested(%v: i32) {
  %0 = "tst.outer"() ({
  ^bb0(%w: i32):
    %1 = "tst.in"(%v, %w) : (i32, i32) -> i32
    "tst.yield"(%1) : (i32) -> ()
  }) : () -> i32
  %2 = "tst.after"(%0) : (i32) -> i32
  return
}
// CHECK-NEXT: }
// CHECK-NEXT: }

// The generic form numbers every value of the file uniquely; nested regions are numbered
// last-pushed first.
// GENERIC: "tst.cfg"() ({
// GENERIC-NEXT: ^bb0(%arg7: i32):
// GENERIC: "tst.succ_args"() ({
// GENERIC-NEXT: ^bb0(%arg5: i1, %arg6: i32):
// GENERIC-NEXT: "tst.cond"(%arg5, %arg6, %arg6)[^bb1, ^bb2] {operandSegmentSizes = array<i32: 1, 1, 1>} : (i1, i32, i32) -> ()
// GENERIC-NEXT: ^bb1(%14: i32):  // pred: ^bb0
// GENERIC: "tst.two_regions"() ({
// GENERIC-NEXT: %12 = "tst.inner"() : () -> i32
// GENERIC-NEXT: "tst.nest"() ({
// GENERIC-NEXT: %13 = "tst.inner2"(%12, %3#0) : (i32, i8) -> i32
// GENERIC-NEXT: }) : () -> ()
// GENERIC-NEXT: }, {
// GENERIC-NEXT: %11 = "tst.r2"() : () -> i32
// GENERIC-NEXT: }) : () -> ()
// GENERIC: "tst.empty_block"() ({
// GENERIC-NEXT: ^bb0:
// GENERIC-NEXT: }) : () -> ()
// GENERIC: "func.func"() <{function_type = (i32) -> i32, sym_name = "f"}> ({
// GENERIC-NEXT: ^bb0(%arg4: i32):
// GENERIC-NEXT: %10 = "tst.x"(%arg4) : (i32) -> i32
// GENERIC-NEXT: "tst.br"()[^bb1] : () -> ()
// GENERIC-NEXT: ^bb1:  // pred: ^bb0
// GENERIC-NEXT: "func.return"(%10) : (i32) -> ()
// GENERIC-NEXT: }) : () -> ()
// GENERIC-NEXT: "func.func"() <{function_type = (i32, i64) -> (), sym_name = "loop"}> ({
// GENERIC-NEXT: ^bb0(%arg2: i32, %arg3: i64):
// GENERIC: "func.func"() <{function_type = (i32) -> (), sym_name = "nested"}> ({
// GENERIC-NEXT: ^bb0(%arg0: i32):
// GENERIC-NEXT: %4 = "tst.outer"() ({
// GENERIC-NEXT: ^bb0(%arg1: i32):
// GENERIC-NEXT: %6 = "tst.in"(%arg0, %arg1) : (i32, i32) -> i32
// GENERIC-NEXT: "tst.yield"(%6) : (i32) -> ()
// GENERIC-NEXT: }) : () -> i32
// GENERIC-NEXT: %5 = "tst.after"(%4) : (i32) -> i32
// GENERIC-NEXT: "func.return"() : () -> ()

// UNIQUE: "tst.two_regions"() ({
// UNIQUE-NEXT: %12 = "tst.inner"() : () -> i32
// UNIQUE: func.func @f(%arg4: i32) -> i32 {
// UNIQUE-NEXT: %10 = "tst.x"(%arg4) : (i32) -> i32
