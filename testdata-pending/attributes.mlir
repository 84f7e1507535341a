// Pending attribute printing cases: ir-opt differs from mlir-opt 22.
// RUN: ir-opt %s --allow-unregistered-dialect | FileCheck %s
// RUN: ir-opt %s --allow-unregistered-dialect | ir-opt --allow-unregistered-dialect | FileCheck %s

// CHECK: #distinct = distinct[0]<"x">
// CHECK-NEXT: #distinct1 = distinct[1]<{}>
// CHECK-NEXT: module {

// Inside arrays, i64 integers and f64 floats elide their type.
// CHECK-NEXT: "tst.arr"() {a = [1, 2 : i32, 1.000000e+00, 2.000000e+00 : f32, true, -3, 1 : index, [1.500000e+00, [7]], {k = 1 : i64}, 16, 5 : ui64, 3.000000e+00]} : () -> ()
"tst.arr"() {a = [1, 2 : i32, 1.0, 2.0 : f32, true, -3, 1 : index, [1.5, [7]], {k = 1}, 0x10 : i64, 5 : ui64, 3.0 : f64]} : () -> ()

// CHECK-NEXT: "tst.arr_in_dict"() {b = {x = [1, 2], y = {z = "s"}}} : () -> ()
"tst.arr_in_dict"() {b = {x = [1, 2], y = {z = "s"}}} : () -> ()

// A dense attribute with no elements prints as `dense<>`.
// CHECK-NEXT: "tst.dense_empty"() {l = dense<> : tensor<0xi32>, m = dense<> : tensor<0xf32>, o = dense<> : tensor<1x0xi8>} : () -> ()
"tst.dense_empty"() {l = dense<> : tensor<0xi32>, m = dense<[]> : tensor<0xf32>, o = dense<[[]]> : tensor<1x0xi8>} : () -> ()

// One sparse element prints in splat form; `sparse<[], []>` is empty.
// CHECK-NEXT: "tst.sparse"() {b = sparse<> : tensor<2xf32>, c = sparse<1, 2.000000e+00> : tensor<4xf32>, d = sparse<0, 1> : tensor<4xi8>} : () -> ()
"tst.sparse"() {b = sparse<[], []> : tensor<2xf32>, c = sparse<[[1]], [2.0]> : tensor<4xf32>, d = sparse<0, 1> : tensor<4xi8>} : () -> ()

// Distinct ids are renumbered in order of appearance.
// CHECK-NEXT: "tst.distinct"() {a = #distinct, b = #distinct1, c = #distinct, d = distinct[2]<>} : () -> ()
"tst.distinct"() {a = distinct[0]<"x">, b = distinct[1]<{}>, c = distinct[0]<"x">, d = distinct[5]<unit>} : () -> ()

// Resources referenced by dense_resource are printed back in the file metadata.
// CHECK-NEXT: "tst.resource"() {f = dense_resource<blob1> : tensor<2xi32>, g = dense_resource<__elided__> : tensor<3xf32>} : () -> ()
// CHECK-NEXT: }
// CHECK-EMPTY:
// CHECK-NEXT: {-#
// CHECK-NEXT:   dialect_resources: {
// CHECK-NEXT:     builtin: {
// CHECK-NEXT:       blob1: "0x040000000100000002000000"
// CHECK-NEXT:     }
// CHECK-NEXT:   }
// CHECK-NEXT: #-}
"tst.resource"() {f = dense_resource<blob1> : tensor<2xi32>, g = dense_resource<__elided__> : tensor<3xf32>} : () -> ()
{-#
  dialect_resources: {
    builtin: {
      blob1: "0x040000000100000002000000"
    }
  }
#-}
