// The generic operation syntax: operands, successors, properties, regions, attributes,
// function type, location, in that order; op names with dots and symbols; result naming.
// RUN: ir-opt %s --allow-unregistered-dialect | FileCheck %s
// RUN: ir-opt %s --allow-unregistered-dialect --mlir-print-op-generic | FileCheck %s
// RUN: ir-opt %s --allow-unregistered-dialect | ir-opt --allow-unregistered-dialect | FileCheck %s

// CHECK-LABEL: "tst.f"() ({
// CHECK-NEXT: ^bb0(%arg0: i32):
// CHECK-NEXT: "tst.all"(%arg0)[^bb1] <{p = 1 : i32}> ({
// CHECK-NEXT: "tst.in"() : () -> ()
// CHECK-NEXT: }, {
// CHECK-NEXT: ^bb0(%arg1: i64):
// CHECK-NEXT: "tst.in2"(%arg1) : (i64) -> ()
// CHECK-NEXT: }) {a = 2 : i32} : (i32) -> ()
// CHECK-NEXT: ^bb1:  // pred: ^bb0
// CHECK-NEXT: "tst.ret"() : () -> ()
// CHECK-NEXT: }) : () -> ()
"tst.f"() ({
^bb0(%x: i32):
  "tst.all"(%x)[^bb1] <{p = 1 : i32}> ({
    "tst.in"() : () -> ()
  }, {
  ^bb0(%y: i64):
    "tst.in2"(%y) : (i64) -> ()
  }) {a = 2 : i32} : (i32) -> ()
^bb1:
  "tst.ret"() : () -> ()
}) : () -> ()

// A single result type loses its parentheses.
// CHECK-NEXT: %0 = "tst.paren_result"() : () -> i32
%0 = "tst.paren_result"() : () -> (i32)

// CHECK-NEXT: "tst.name.with.dots"() : () -> ()
// CHECK-NEXT: "tst.weird-name$"() : () -> ()
"tst.name.with.dots"() : () -> ()
"tst.weird-name$"() : () -> ()

// Value names in the input are not kept: every result is renumbered.
// CHECK-NEXT: %1 = "tst.self_ref_attr"() {sym = @r} : () -> tuple<>
// CHECK-NEXT: %2:2 = "tst.two"() : () -> (i32, i32)
// CHECK-NEXT: %3 = "tst.named"() : () -> i32
// CHECK-NEXT: %4 = "tst.numbered"() : () -> i32
// CHECK-NEXT: "tst.use"(%3, %4, %2#1) : (i32, i32, i32) -> ()
%r = "tst.self_ref_attr"() {sym = @r} : () -> tuple<>
%x1, %x2 = "tst.two"() : () -> (i32, i32)
%named_value = "tst.named"() : () -> i32
%42 = "tst.numbered"() : () -> i32
"tst.use"(%named_value, %42, %x2) : (i32, i32, i32) -> ()

// Operand and result types may be any types, including function types.
// CHECK-NEXT: %5 = "tst.fn_typed"(%4) : (i32) -> ((i32) -> i32)
%5 = "tst.fn_typed"(%42) : (i32) -> ((i32) -> i32)

// An empty attribute dictionary is dropped; empty properties of an unregistered op are kept.
// CHECK-NEXT: "tst.empty_dicts"() <{}> : () -> ()
"tst.empty_dicts"() <{}> {} : () -> ()

// The same value may be used several times; the function type may be written via an alias.
// CHECK-NEXT: "tst.twice"(%4, %4) : (i32, i32) -> ()
!fty = (i32, i32) -> ()
"tst.twice"(%42, %42) : !fty
