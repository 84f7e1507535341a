// RUN: ir-opt %s --allow-unregistered-dialect | FileCheck %s
// RUN: ir-opt %s --allow-unregistered-dialect --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC

// CHECK-LABEL: func.func @types
// CHECK-SAME: (%arg0: tensor<4x?xf32>, %arg1: memref<2x3xi8, strided<[3, 1], offset: ?>>, %arg2: vector<[4]x8xbf16>, %arg3: complex<f64>, %arg4: !foo.bar<"x">)
func.func @types(%a: tensor<4x?xf32>, %b: memref<2x3xi8, strided<[3, 1], offset: ?>>, %c: vector<[4]x8xbf16>, %d: complex<f64>, %e: !foo.bar<"x">) {
  // CHECK-NEXT: %0:2 = "test.op"(%arg0) <{p = 1 : i32}> {a = dense<[1, 2]> : tensor<2xi16>, b = [true, unit, "s\0A"], c = @sym::@nested} : (tensor<4x?xf32>) -> (i1, f16)
  %0:2 = "test.op"(%a) <{p = 1 : i32}> {a = dense<[1, 2]> : tensor<2xi16>, b = [true, unit, "s\n"], c = @sym::@nested} : (tensor<4x?xf32>) -> (i1, f16)
  // CHECK-NEXT: "test.use"(%0#1) : (f16) -> ()
  "test.use"(%0#1) : (f16) -> ()
  // CHECK-NEXT: return
  return
}

// GENERIC: "func.func"() <{function_type = () -> (), sym_name = "regions"}> ({
// GENERIC-NEXT: "test.region"() ({
// GENERIC-NEXT: ^bb0(%arg0: i32):
// GENERIC-NEXT: "test.br"(%arg0)[^bb1] : (i32) -> ()
// GENERIC-NEXT: ^bb1(%0: i32):  // pred: ^bb0
func.func @regions() {
  "test.region"() ({
  ^bb0(%x: i32):
    "test.br"(%x)[^bb1] : (i32) -> ()
  ^bb1(%y: i32):
    "test.ret"(%y) : (i32) -> ()
  }) : () -> ()
  return
}
