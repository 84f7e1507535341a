// Diagnostics about modules, symbols, file metadata and the top level of a file.
// RUN: ir-opt %s --allow-unregistered-dialect --split-input-file --verify-diagnostics

// expected-error@+1 {{'builtin.module' op region #0 ('bodyRegion') failed to verify constraint: region with 1 blocks}}
"builtin.module"() ({
}) : () -> ()
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
    // expected-error@+1 {{dialect 'nodialect' is unknown}}
    nodialect: {
      blob: "0x04000000"
    }
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
