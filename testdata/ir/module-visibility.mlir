// builtin.module keeps `sym_visibility` as a property.
// RUN: ir-opt %s --allow-unregistered-dialect --mlir-print-op-generic | FileCheck %s

// sym_visibility written among the module's attributes is a property.
// CHECK: "builtin.module"() <{sym_name = "vis", sym_visibility = "private"}> ({
// CHECK-NEXT: "func.func"() <{function_type = () -> (), sym_name = "f", sym_visibility = "private"}> ({
// CHECK-NEXT: }) : () -> ()
// CHECK-NEXT: }) : () -> ()
module @vis attributes {sym_visibility = "private"} {
  func.func private @f()
}
