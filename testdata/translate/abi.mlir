// RUN: ir-translate --emit=abi --allow-unregistered-dialect %s | FileCheck %s
// RUN: ir-translate --sip-decode="I8!S5!k0_0R3!_0" | FileCheck %s --check-prefix=DECODE
// RUN: not ir-translate --sip-decode="I8!S5!k0" 2>&1 | FileCheck %s --check-prefix=BAD

// CHECK-LABEL: func @predict
// CHECK-NEXT: reflection: {"a":{{\[}}{{\[}}"ndarray","f32",2,null,784],{{\[}}"ndarray","i8",2,4,null]],"r":{{\[}}{{\[}}"ndarray","f32",2,null,10]],"v":1}
// CHECK-NEXT: sip: I22!D18!K2!wS5!k0_1K2!x_0R8!S5!k0_0
// CHECK-NEXT: sip-text: (w: {{\[}}raw 1], x: raw 0) -> {{\[}}raw 0]
// CHECK-NEXT: native: struct {f32*, f32*, i64, i64{{\[}}2], i64{{\[}}2]} predict(f32* arg0_allocated, f32* arg0_aligned, i64 arg0_offset, i64 arg0_size0, i64 arg0_size1, i64 arg0_stride0, i64 arg0_stride1, i8* arg1_allocated
// CHECK-NEXT: ciface: void _mlir_ciface_predict(struct {f32*, f32*, i64, i64{{\[}}2], i64{{\[}}2]}* res, struct {f32*, f32*, i64, i64{{\[}}2], i64{{\[}}2]}* arg0, struct {i8*, i8*, i64, i64{{\[}}2], i64{{\[}}2]}* arg1)
// CHECK-NOT: @helper
// CHECK-LABEL: func @scalars
// CHECK-NEXT: reflection: {"a":{{\[}}"i32","f64","i64"],"r":{{\[}}"i1","bf16"],"v":1}
// CHECK-NOT: sip
// CHECK: ciface: void _mlir_ciface_scalars(struct {i1, bf16}* res, i32 arg0, f64 arg1, i64 arg2)
// DECODE: (raw 0) -> raw 0
// BAD: error:

func.func @predict(%x: tensor<?x784xf32> {mica.index_path = ["x"]}, %w: memref<4x?xi8, strided<[?, 1], offset: ?>> {mica.index_path = ["w", 0]}) -> (tensor<?x10xf32> {tf_saved_model.index_path = [0]}) {
  %0 = "tst.op"(%x) : (tensor<?x784xf32>) -> tensor<?x10xf32>
  return %0 : tensor<?x10xf32>
}
func.func private @helper(i32) -> i32
func.func @scalars(%a: i32, %b: f64, %c: index) -> (i1, bf16) {
  %0:2 = "tst.op"() : () -> (i1, bf16)
  return %0#0, %0#1 : i1, bf16
}
