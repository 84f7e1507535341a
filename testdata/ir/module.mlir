// builtin.module: the implicit top-level module, explicit and nested modules, names,
// attributes, and the generic form.
// RUN: ir-opt %s --allow-unregistered-dialect --split-input-file | FileCheck %s
// RUN: ir-opt %s --allow-unregistered-dialect --split-input-file --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC

// An input with only comments is an empty module; its body block is printed in the generic
// form only.
// CHECK-LABEL: {{^}}module {
// CHECK-NEXT: }
// GENERIC-LABEL: "builtin.module"() ({
// GENERIC-NEXT: ^bb0:
// GENERIC-NEXT: }) : () -> ()

// -----

// A single explicit top-level module is not wrapped in another.
// CHECK-LABEL: module @outer attributes {tst.a = 1 : i32} {
// CHECK-NEXT: module {
// CHECK-NEXT: "tst.x"() : () -> ()
// CHECK-NEXT: }
// CHECK-NEXT: module @named {
// CHECK-NEXT: }
// CHECK-NEXT: module @explicit {
// CHECK-NEXT: }
// CHECK-NEXT: module attributes {tst.b} {
// CHECK-NEXT: }
// CHECK-NEXT: module @generic {
// CHECK-NEXT: }
// CHECK-NEXT: module @props {
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NOT: module
// GENERIC-LABEL: "builtin.module"() <{sym_name = "outer"}> ({
// GENERIC-NEXT: "builtin.module"() ({
// GENERIC-NEXT: "tst.x"() : () -> ()
// GENERIC-NEXT: }) : () -> ()
// GENERIC-NEXT: "builtin.module"() <{sym_name = "named"}> ({
// GENERIC-NEXT: ^bb0:
// GENERIC-NEXT: }) : () -> ()
// GENERIC-NEXT: "builtin.module"() <{sym_name = "explicit"}> ({
// GENERIC-NEXT: ^bb0:
// GENERIC-NEXT: }) : () -> ()
// GENERIC-NEXT: "builtin.module"() ({
// GENERIC-NEXT: ^bb0:
// GENERIC-NEXT: }) {tst.b} : () -> ()
// GENERIC-NEXT: "builtin.module"() <{sym_name = "generic"}> ({
// GENERIC-NEXT: ^bb0:
// GENERIC-NEXT: }) : () -> ()
// GENERIC-NEXT: "builtin.module"() <{sym_name = "props"}> ({
// GENERIC-NEXT: ^bb0:
// GENERIC-NEXT: }) : () -> ()
// GENERIC-NEXT: }) {tst.a = 1 : i32} : () -> ()
module @outer attributes {tst.a = 1 : i32} {
  module {
    "tst.x"() : () -> ()
  }
  module @named {
  }
  builtin.module @explicit {
  }
  module attributes {tst.b} {
  }
  "builtin.module"() ({
  ^bb0:
  }) {sym_name = "generic"} : () -> ()
  "builtin.module"() <{sym_name = "props"}> ({
  ^bb0:
  }) : () -> ()
}

// -----

// A module followed by other operations is wrapped in an implicit module.
// CHECK-LABEL: {{^}}module {
// CHECK-NEXT: module @a {
// CHECK-NEXT: }
// CHECK-NEXT: "tst.x"() : () -> ()
// CHECK-NEXT: }
module @a {
}
"tst.x"() : () -> ()
