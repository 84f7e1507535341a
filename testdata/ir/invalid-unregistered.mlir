// Without --allow-unregistered-dialect, operations, types and attributes of unknown dialects
// are errors, as are unknown operations of registered dialects.
// RUN: ir-opt %s --split-input-file --verify-diagnostics

// expected-error@+1 {{unregistered operation 'func.bogus' found in dialect ('func') that does not allow unknown operations}}
"func.bogus"() : () -> ()
// -----

// expected-error@+1 {{unregistered operation 'builtin.bogus' found in dialect ('builtin') that does not allow unknown operations}}
"builtin.bogus"() : () -> ()
// -----

func.func @f() {
  // expected-error@+1 {{custom op 'bogus_op' is unknown (tried 'func.bogus_op' as well)}}
  bogus_op
  return
}
// -----

func.func @f() {
  // expected-error@+1 {{custom op 'func.bogus' is unknown}}
  func.bogus
  return
}
