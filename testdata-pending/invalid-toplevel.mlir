// Diagnostics about modules, symbols, file metadata and the top level of a file.
// RUN: ir-opt %s --allow-unregistered-dialect --split-input-file --verify-diagnostics

%0 = "tst.a"() : () -> i32
// expected-note@+1 {{required by region isolation constraints}}
module {
  // expected-error@+1 {{'builtin.unrealized_conversion_cast' op using value defined outside the region}}
  %1 = unrealized_conversion_cast %0 : i32 to i64
}

// -----

// MLIR knows dialects Mica does not register (its test dialect takes resources), so Mica
// cannot tell an unknown dialect from one of those.
"tst.op"() : () -> ()
{-#
  dialect_resources: {
    // expected-error@+1 {{dialect 'nodialect' is unknown}}
    nodialect: {
      blob: "0x04000000"
    }
  }
#-}
