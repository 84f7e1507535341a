// Diagnostics of the ub dialect.
// RUN: ir-opt %s --split-input-file --verify-diagnostics

func.func @f() {
  // expected-error@+1 {{'ub.unreachable' op must be the last operation in the parent block}}
  ub.unreachable
  return
}

// -----

func.func @f() {
  // expected-error@+1 {{custom op 'ub.poison' invalid kind of attribute specified}}
  %0 = ub.poison <0 : i8> : i8
  return
}
