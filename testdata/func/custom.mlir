// func.func, func.return, func.call, func.call_indirect and func.constant in their custom
// forms, and the same operations printed generically.
// RUN: ir-opt %s --allow-unregistered-dialect | FileCheck %s
// RUN: ir-opt %s --allow-unregistered-dialect | ir-opt --allow-unregistered-dialect | FileCheck %s
// RUN: ir-opt %s --allow-unregistered-dialect --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC

// CHECK-LABEL: func.func @empty() {
// CHECK-NEXT: return
// CHECK-NEXT: }
// GENERIC-LABEL: "func.func"() <{function_type = () -> (), sym_name = "empty"}> ({
// GENERIC-NEXT: "func.return"() : () -> ()
// GENERIC-NEXT: }) : () -> ()
func.func @empty() {
  return
}

// Visibility: private and nested are printed, public only when written explicitly.
// CHECK-NEXT: func.func private @decl(){{$}}
// GENERIC-NEXT: "func.func"() <{function_type = () -> (), sym_name = "decl", sym_visibility = "private"}> ({
// GENERIC-NEXT: }) : () -> ()
func.func private @decl()

// CHECK-NEXT: func.func nested @nested_vis() {
// GENERIC-NEXT: "func.func"() <{function_type = () -> (), sym_name = "nested_vis", sym_visibility = "nested"}> ({
func.func nested @nested_vis() {
  return
}

// CHECK: func.func public @explicit_public() {
// GENERIC: "func.func"() <{function_type = () -> (), sym_name = "explicit_public", sym_visibility = "public"}> ({
func.func public @explicit_public() {
  return
}

// Arguments are renamed %argN; a single result type has no parentheses.
// CHECK: func.func private @priv_def(%arg0: i32) -> i32 {
// CHECK-NEXT: return %arg0 : i32
// CHECK-NEXT: }
// GENERIC: "func.func"() <{function_type = (i32) -> i32, sym_name = "priv_def", sym_visibility = "private"}> ({
// GENERIC-NEXT: ^bb0(%arg{{[0-9]+}}: i32):
// GENERIC-NEXT: "func.return"(%arg{{[0-9]+}}) : (i32) -> ()
func.func private @priv_def(%a: i32) -> (i32) {
  return %a : i32
}

// Declarations list types only, with their argument and result attributes.
// CHECK-NEXT: func.func private @decl_args(i32, f32 {tst.a = 1 : i64}, tensor<4xf32>) -> (i1, i8 {tst.r})
// GENERIC: "func.func"() <{arg_attrs = [{}, {tst.a = 1 : i64}, {}], function_type = (i32, f32, tensor<4xf32>) -> (i1, i8), res_attrs = [{}, {tst.r}], sym_name = "decl_args", sym_visibility = "private"}> ({
// GENERIC-NEXT: }) : () -> ()
func.func private @decl_args(i32, f32 {tst.a = 1}, tensor<4xf32>) -> (i1, i8 {tst.r})

// Discardable attributes of the function go after `attributes`.
// CHECK-NEXT: func.func @named_args(%arg0: i32 {tst.x}, %arg1: f32) -> (i32 {tst.y = "r"}, f32) attributes {tst.fn, tst.v = 3 : i64} {
// CHECK-NEXT: return %arg0, %arg1 : i32, f32
// CHECK-NEXT: }
// GENERIC: "func.func"() <{arg_attrs = [{tst.x}, {}], function_type = (i32, f32) -> (i32, f32), res_attrs = [{tst.y = "r"}, {}], sym_name = "named_args"}> ({
// GENERIC-NEXT: ^bb0(%arg{{[0-9]+}}: i32, %arg{{[0-9]+}}: f32):
// GENERIC-NEXT: "func.return"(%arg{{[0-9]+}}, %arg{{[0-9]+}}) : (i32, f32) -> ()
// GENERIC-NEXT: }) {tst.fn, tst.v = 3 : i64} : () -> ()
func.func @named_args(%a: i32 {tst.x}, %b: f32) -> (i32 {tst.y = "r"}, f32) attributes {tst.fn, tst.v = 3 : i64} {
  return %a, %b : i32, f32
}

// A function type as the only result keeps its parentheses.
// CHECK-LABEL: func.func @fn_result() -> ((i32) -> i32) {
// CHECK-NEXT: %f = constant @priv_def : (i32) -> i32
// CHECK-NEXT: return %f : (i32) -> i32
// GENERIC-LABEL: "func.func"() <{function_type = () -> ((i32) -> i32), sym_name = "fn_result"}> ({
// GENERIC-NEXT: %[[F:.*]] = "func.constant"() <{value = @priv_def}> : () -> ((i32) -> i32)
// GENERIC-NEXT: "func.return"(%[[F]]) : ((i32) -> i32) -> ()
func.func @fn_result() -> ((i32) -> i32) {
  %f = constant @priv_def : (i32) -> i32
  return %f : (i32) -> i32
}

// Inside a function the `func.` prefix is optional, and is never printed.
// CHECK-LABEL: func.func @calls(%arg0: i32) -> i32 {
// CHECK-NEXT: %0 = call @priv_def(%arg0) : (i32) -> i32
// CHECK-NEXT: %1 = call @priv_def(%0) : (i32) -> i32
// CHECK-NEXT: %2:2 = call @decl_multi() : () -> (i32, i32)
// CHECK-NEXT: call @decl() : () -> ()
// CHECK-NEXT: %3 = call @priv_def(%arg0) {tst.attr} : (i32) -> i32
// CHECK-NEXT: return %2#1 : i32
// CHECK-NEXT: }
// GENERIC-LABEL: "func.func"() <{function_type = (i32) -> i32, sym_name = "calls"}> ({
// GENERIC-NEXT: ^bb0(%[[A:.*]]: i32):
// GENERIC-NEXT: %[[C0:.*]] = "func.call"(%[[A]]) <{callee = @priv_def}> : (i32) -> i32
// GENERIC-NEXT: %{{.*}} = "func.call"(%[[C0]]) <{callee = @priv_def}> : (i32) -> i32
// GENERIC-NEXT: %[[M:.*]]:2 = "func.call"() <{callee = @decl_multi}> : () -> (i32, i32)
// GENERIC-NEXT: "func.call"() <{callee = @decl}> : () -> ()
// GENERIC-NEXT: %{{.*}} = "func.call"(%[[A]]) <{callee = @priv_def}> {tst.attr} : (i32) -> i32
// GENERIC-NEXT: "func.return"(%[[M]]#1) : (i32) -> ()
func.func @calls(%x: i32) -> i32 {
  %0 = call @priv_def(%x) : (i32) -> i32
  %1 = func.call @priv_def(%0) : (i32) -> i32
  %3:2 = call @decl_multi() : () -> (i32, i32)
  call @decl() : () -> ()
  %4 = call @priv_def(%x) {tst.attr} : (i32) -> i32
  return %3#1 : i32
}

// CHECK-LABEL: func.func @indirect(%arg0: i32) -> i32 {
// CHECK-NEXT: %f = constant @priv_def : (i32) -> i32
// CHECK-NEXT: %0 = call_indirect %f(%arg0) : (i32) -> i32
// CHECK-NEXT: return %0 : i32
// CHECK-NEXT: }
// GENERIC-LABEL: "func.func"() <{function_type = (i32) -> i32, sym_name = "indirect"}> ({
// GENERIC-NEXT: ^bb0(%[[A:.*]]: i32):
// GENERIC-NEXT: %[[F:.*]] = "func.constant"() <{value = @priv_def}> : () -> ((i32) -> i32)
// GENERIC-NEXT: %[[R:.*]] = "func.call_indirect"(%[[F]], %[[A]]) : ((i32) -> i32, i32) -> i32
// GENERIC-NEXT: "func.return"(%[[R]]) : (i32) -> ()
func.func @indirect(%x: i32) -> i32 {
  %f = func.constant @priv_def : (i32) -> i32
  %2 = call_indirect %f(%x) : (i32) -> i32
  return %2 : i32
}

// CHECK-NEXT: func.func private @decl_multi() -> (i32, i32)
func.func private @decl_multi() -> (i32, i32)

// Symbol names that are not identifiers are quoted.
// CHECK-NEXT: func.func @"quoted name"() attributes {tst.q} {
// GENERIC: "func.func"() <{function_type = () -> (), sym_name = "quoted name"}> ({
// GENERIC-NEXT: "func.return"() : () -> ()
// GENERIC-NEXT: }) {tst.q} : () -> ()
func.func @"quoted name"() attributes {tst.q} {
  return
}

// Several blocks, several returns.
// CHECK-LABEL: func.func @multi_block(%arg0: i1) -> i32 {
// CHECK-NEXT: "tst.cond_br"(%arg0)[^bb1, ^bb2] : (i1) -> ()
// CHECK-NEXT: ^bb1:  // pred: ^bb0
// CHECK-NEXT: %0 = "tst.a"() : () -> i32
// CHECK-NEXT: return %0 : i32
// CHECK-NEXT: ^bb2:  // pred: ^bb0
// CHECK-NEXT: %1 = "tst.b"() : () -> i32
// CHECK-NEXT: return %1 : i32
// CHECK-NEXT: }
func.func @multi_block(%c: i1) -> i32 {
  "tst.cond_br"(%c)[^bb1, ^bb2] : (i1) -> ()
^bb1:
  %0 = "tst.a"() : () -> i32
  return %0 : i32
^bb2:
  %1 = "tst.b"() : () -> i32
  return %1 : i32
}

// CHECK-NEXT: func.func private @res_attr_single() -> (i32 {tst.r})
// CHECK-NEXT: func.func private @no_res_parens() -> i32
// CHECK-NEXT: func.func private @empty_results(){{$}}
// CHECK-NEXT: func.func private @fn_arg((i32) -> i32, () -> ()) -> (() -> ())
// GENERIC: "func.func"() <{function_type = () -> i32, res_attrs = [{tst.r}], sym_name = "res_attr_single", sym_visibility = "private"}> ({
func.func private @res_attr_single() -> (i32 {tst.r})
func.func private @no_res_parens() -> i32
func.func private @empty_results() -> ()
func.func private @fn_arg((i32) -> i32, () -> ()) -> (() -> ())

// An argument location is kept but only printed with --mlir-print-debuginfo.
// CHECK-NEXT: func.func @with_loc(%arg0: i32) {
func.func @with_loc(%a: i32 loc("x":1:1)) {
  return
}

// The generic form is accepted as input too.
// CHECK-NEXT: return
// CHECK-NEXT: }
// CHECK-NEXT: func.func private @from_generic(%arg0: i32 {tst.g}) -> i32 attributes {tst.h} {
// CHECK-NEXT: %0 = call @from_generic(%arg0) : (i32) -> i32
// CHECK-NEXT: return %0 : i32
// CHECK-NEXT: }
"func.func"() <{arg_attrs = [{tst.g}], function_type = (i32) -> i32, sym_name = "from_generic", sym_visibility = "private"}> ({
^bb0(%arg0: i32):
  %0 = "func.call"(%arg0) <{callee = @from_generic}> : (i32) -> i32
  "func.return"(%0) : (i32) -> ()
}) {tst.h} : () -> ()
// CHECK-NEXT: }
