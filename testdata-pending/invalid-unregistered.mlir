// Without --allow-unregistered-dialect, operations, types and attributes of unknown dialects
// are errors, as are unknown operations of registered dialects.
// RUN: ir-opt %s --split-input-file --verify-diagnostics

// expected-error@+1 {{operation being parsed with an unregistered dialect. If this is intended, please use -allow-unregistered-dialect with the MLIR tool used}}
"tst.op"() : () -> ()

// -----

// expected-error@+1 {{`!"tst"<"t">` type created with unregistered dialect. If this is intended, please call allowUnregisteredDialects() on the MLIRContext, or use -allow-unregistered-dialect with the MLIR opt tool used}}
func.func private @f() -> !tst.t

// -----

// expected-error@+1 {{#"tst"<"a"> : 'none' attribute created with unregistered dialect. If this is intended, please call allowUnregisteredDialects() on the MLIRContext, or use -allow-unregistered-dialect with the MLIR opt tool used}}
func.func @f() attributes {a = #tst.a} {
  return
}

// -----

// expected-error@+1 {{operation being parsed with an unregistered dialect. If this is intended, please use -allow-unregistered-dialect with the MLIR tool used}}
"nodialect"() : () -> ()

// -----

// expected-error@+2 {{Dialect `tst' not found for custom op 'tst.custom' }}
// expected-note@+1 {{Available dialects: }}
tst.custom

// -----

// expected-error@+1 {{#"tst"<"enc"> : 'none' attribute created with unregistered dialect. If this is intended, please call allowUnregisteredDialects() on the MLIRContext, or use -allow-unregistered-dialect with the MLIR opt tool used}}
func.func private @f() -> tensor<4xf32, #tst.enc>

// -----

func.func @f() {
  return
// expected-error@+1 {{#"tst"<"loc"> : 'none' attribute created with unregistered dialect. If this is intended, please call allowUnregisteredDialects() on the MLIRContext, or use -allow-unregistered-dialect with the MLIR opt tool used}}
} loc(#tst.loc)

// -----

// expected-error@+1 {{`!"tst"<""opaque"">` type created with unregistered dialect. If this is intended, please call allowUnregisteredDialects() on the MLIRContext, or use -allow-unregistered-dialect with the MLIR opt tool used}}
func.func private @f() -> !tst<"opaque">
