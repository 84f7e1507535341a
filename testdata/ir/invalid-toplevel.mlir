// Diagnostics about modules, symbols, file metadata and the top level of a file.
// RUN: ir-opt %s --allow-unregistered-dialect --split-input-file --verify-diagnostics

// expected-error@+1 {{'builtin.module' op expects region #0 to have 0 or 1 blocks}}
"builtin.module"() ({
^bb0:
  "tst.a"() : () -> ()
^bb1:
  "tst.b"() : () -> ()
}) : () -> ()
// -----

module {
  "tst.a"() : () -> ()
// expected-error@+1 {{expected operation name in quotes}}
} {tst.b}
// -----

// expected-error@+1 {{expected '{' to begin a region}}
module @a @b {
}
// -----

module @m {
  // expected-note@+1 {{see existing symbol definition here}}
  func.func private @f()
  // expected-error@+1 {{redefinition of symbol named 'f'}}
  func.func private @f()
}
// -----

// expected-error@+1 {{'builtin.module' op region should have no arguments}}
"builtin.module"() ({
^bb0(%a: i32):
}) : () -> ()
// -----

// expected-error@+1 {{'builtin.module' op requires zero results}}
"builtin.module"() ({
^bb0:
}) : () -> (i32)
// -----

%0 = "tst.a"() : () -> i32
// expected-error@+1 {{'builtin.module' op requires zero operands}}
"builtin.module"(%0) ({
^bb0:
}) : (i32) -> ()
// -----

module {
  module {
  // expected-error@+1 {{custom op 'extra' is unknown (tried 'builtin.extra' as well)}}
  } extra
}
// -----

"tst.op"() : () -> ()
{-#
  dialect_resources: {
    builtin: {
      // expected-error@+1 {{expected ',' or '}'}}
      blob: "0x04000000"
      blob: "0x04000000"
    }
  }
#-}
// -----

"tst.op"() : () -> ()
{-#
  // expected-error@+1 {{expected ':'}}
  dialect_resources {
  }
#-}
// -----

%0 = "tst.a"() : () -> i32
// expected-error@+1 {{expected non-function type}}
%1 = unrealized_conversion_cast %0 : i32 to
// -----

%0 = "tst.a"() : () -> i32
// expected-error@+1 {{operation defines 2 results but was provided 1 to bind}}
%1 = unrealized_conversion_cast %0 : i32 to i64, i64

// -----

%0 = "tst.a"() : () -> i32
%1 = unrealized_conversion_cast %0 : i32
// expected-error@+1 {{custom op 'builtin.unrealized_conversion_cast' expected 'to'}}
// -----

%0 = "tst.a"() : () -> i32
// expected-error@+1 {{custom op 'builtin.unrealized_conversion_cast' number of operands and types do not match: got 1 operands and 2 types}}
%1 = unrealized_conversion_cast %0 : i32, i32 to i64

// -----

"tst.op"() : () -> ()
{-#
  dialect_resources: {
    builtin: {
      blob: "0x0100000001"
    },
  // expected-error@+1 {{expected identifier key for 'resource' entry}}
  }
#-}

// -----

"tst.op"() : () -> ()
{-#
  dialect_resources: {
    builtin: {
      // expected-error@+1 {{expected hex string blob for key 'blob'}}
      blob: "hello"
    }
  }
#-}

// -----

"tst.op"() : () -> ()
{-#
  dialect_resources: {
    builtin: {
      // expected-error@+1 {{expected hex string blob for key 'blob'}}
      blob: "0xZZ"
    }
  }
#-}

// -----

"tst.op"() : () -> ()
{-#
  dialect_resources: {
    builtin: {
      // expected-error@+1 {{expected identifier key for 'resource' entry}}
      1blob: "0x04000000"
    }
  }
#-}

// -----

// expected-error@+1 {{'builtin.module' op region #0 ('bodyRegion') failed to verify constraint: region with 1 blocks}}
"builtin.module"() ({
}) : () -> ()

// -----

%0 = "tst.a"() : () -> i32
// expected-error@+1 {{invalid properties {bogus} for op builtin.unrealized_conversion_cast: this operation does not support properties}}
"builtin.unrealized_conversion_cast"(%0) <{bogus}> : (i32) -> i64
