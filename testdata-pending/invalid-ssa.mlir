// SSA value and block errors: undeclared uses, redefinitions, type and arity mismatches,
// result groups, dominance, block references.
// RUN: ir-opt %s --allow-unregistered-dialect --split-input-file --verify-diagnostics

// expected-error@+1 {{reference to an undefined block}}
"tst.br"()[^missing] : () -> ()

// -----

// expected-error@+1 {{entry block of region may not have predecessors}}
"tst.r"() ({
^bb0:
  "tst.br"()[^bb0] : () -> ()
}) : () -> ()

// -----

// expected-error@+1 {{entry block of region may not have predecessors}}
func.func @entry_pred() {
^bb0:
  "tst.br"()[^bb0] : () -> ()
}

// -----

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

// -----

// expected-note@+1 {{operand defined as a block argument (block #1 in the same region)}}
func.func @block_arg_other_block() {
  "tst.br"()[^bb2] : () -> ()
^bb1(%a: i32):
  "tst.br"()[^bb2] : () -> ()
^bb2:
  // expected-error@+1 {{operand #0 does not dominate this use}}
  "tst.use"(%a) : (i32) -> ()
  return
}
