// Inside an array attribute, i64 integers and f64 floats are printed without their type;
// dictionaries inside arrays keep them.
// RUN: ir-opt %s --allow-unregistered-dialect | FileCheck %s
// RUN: ir-opt %s --allow-unregistered-dialect --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC

// CHECK: "tst.arr"() {a = [1, 2 : i32, 1.000000e+00, 2.000000e+00 : f32, true, -3, 1 : index, [1.500000e+00, [7]], {k = 1 : i64}, 16, 5 : ui64, 3.000000e+00]} : () -> ()
"tst.arr"() {a = [1, 2 : i32, 1.0, 2.0 : f32, true, -3, 1 : index, [1.5, [7]], {k = 1}, 0x10 : i64, 5 : ui64, 3.0 : f64]} : () -> ()

// CHECK-NEXT: "tst.arr_in_dict"() {b = {x = [1, 2], y = {z = "s"}}} : () -> ()
"tst.arr_in_dict"() {b = {x = [1, 2], y = {z = "s"}}} : () -> ()

// CHECK-NEXT: func.func @arg_attrs_dict(%arg0: i32 {tst.a, tst.b = [1, 2]}) {
// GENERIC: "func.func"() <{arg_attrs = [{tst.a, tst.b = [1, 2]}], function_type = (i32) -> (), sym_name = "arg_attrs_dict"}> ({
func.func @arg_attrs_dict(%a: i32 {tst.a, tst.b = [1, 2]}) {
  return
}
