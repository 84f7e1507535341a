// SSA value and block errors: undeclared uses, redefinitions, type and arity mismatches,
// result groups, dominance, block references.
// RUN: ir-opt %s --allow-unregistered-dialect --split-input-file --verify-diagnostics

func.func @isolated() {
  %0 = "tst.a"() : () -> i32
  // expected-error@+1 {{'func.func' op symbol's parent must have the SymbolTable trait}}
  func.func @nested() {
    "tst.use"(%0) : (i32) -> ()
    return
  }
  return
}

// -----

%0 = "tst.a"() : () -> i32
// expected-note@+1 {{required by region isolation constraints}}
func.func @isolated_top() {
  // expected-error@+1 {{'tst.use' op using value defined outside the region}}
  "tst.use"(%0) : (i32) -> ()
  return
}

// -----

// expected-note@+1 {{previously referenced here}}
%a = "tst.a"() : () -> i32
// expected-error@+1 {{region entry argument '%a' is already in use}}
func.func @arg_shadows(%a: i32) {
  return
}
