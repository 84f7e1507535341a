// DLTI attributes: `#dlti.dl_spec`, `#dlti.map`, `#dlti.target_system_spec` and
// `#dlti.target_device_spec`, with string and type keys, printed on one line in written order.
// RUN: ir-opt %s --allow-unregistered-dialect | FileCheck %s
// RUN: ir-opt %s --allow-unregistered-dialect --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC

// CHECK: module attributes {dlti.dl_spec = #dlti.dl_spec<"dlti.endianness" = "little", i64 = dense<64> : vector<2xi64>, index = 32 : i32>, tst.empty = #dlti.map<>, tst.map = #dlti.map<"a" = 1 : i64, i32 = "x">} {
// CHECK-NEXT: "tst.op"() {t = #dlti.target_system_spec<"CPU" = #dlti.target_device_spec<"max_vector_op_width" = 128 : i32>>} : () -> ()
// CHECK-NEXT: }
// GENERIC: "builtin.module"() ({
// GENERIC-NEXT: "tst.op"() {t = #dlti.target_system_spec<"CPU" = #dlti.target_device_spec<"max_vector_op_width" = 128 : i32>>} : () -> ()
// GENERIC-NEXT: }) {dlti.dl_spec = #dlti.dl_spec<"dlti.endianness" = "little", i64 = dense<64> : vector<2xi64>, index = 32 : i32>, tst.empty = #dlti.map<>, tst.map = #dlti.map<"a" = 1 : i64, i32 = "x">} : () -> ()
module attributes {dlti.dl_spec = #dlti.dl_spec<"dlti.endianness" = "little", i64 = dense<64> : vector<2xi64>, index = 32 : i32>, tst.map = #dlti.map<"a" = 1, i32 = "x">, tst.empty = #dlti.map<>} {
  "tst.op"() {t = #dlti.target_system_spec<"CPU" = #dlti.target_device_spec<"max_vector_op_width" = 128 : i32>>} : () -> ()
}
