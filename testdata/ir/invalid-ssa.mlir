// SSA value and block errors: undeclared uses, redefinitions, type and arity mismatches,
// result groups, dominance, block references.
// RUN: ir-opt %s --allow-unregistered-dialect --split-input-file --verify-diagnostics

func.func @undeclared() {
  // expected-error@+1 {{use of undeclared SSA value name}}
  "tst.use"(%nope) : (i32) -> ()
  return
}
// -----

// expected-note@+1 {{previously defined here}}
%x = "tst.a"() : () -> i32
// expected-error@+1 {{redefinition of SSA value '%x'}}
%x = "tst.b"() : () -> i32
// -----

// expected-note@+1 {{prior use here}}
%x = "tst.a"() : () -> i32
// expected-error@+1 {{use of value '%x' expects different type than prior uses: 'i64' vs 'i32'}}
"tst.use"(%x) : (i64) -> ()
// -----

// expected-note@+1 {{prior use here}}
"tst.use"(%y) : (i64) -> ()
// expected-error@+1 {{use of value '%y' expects different type than prior uses: 'i32' vs 'i64'}}
"tst.use"(%y) : (i32) -> ()
%y = "tst.def"() : () -> i64
// -----

// expected-error@+1 {{operation defines 3 results but was provided 2 to bind}}
%a, %b = "tst.three"() : () -> (i32, i32, i32)
// -----

// expected-error@+1 {{operation defines 3 results but was provided 2 to bind}}
%a:2 = "tst.three"() : () -> (i32, i32, i32)
// -----

// expected-error@+1 {{expected named operation to have at least 1 result}}
%a:0 = "tst.none"() : () -> ()
// -----

%a:2 = "tst.two"() : () -> (i32, i32)
// expected-error@+1 {{reference to invalid result number}}
"tst.use"(%a#2) : (i32) -> ()
// -----

%a = "tst.one"() : () -> i32
// expected-error@+1 {{reference to invalid result number}}
"tst.use"(%a#1) : (i32) -> ()
// -----

// expected-error@+1 {{cannot name an operation with no results}}
%a = "tst.zero"() : () -> ()
// -----

// expected-error@+1 {{expected 2 operand types but had 1}}
"tst.op"(%a, %b) : (i32) -> ()
// -----

%a = "tst.a"() : () -> i32
// expected-error@+1 {{expected 1 operand type}}
"tst.op"(%a) : (i32, i32) -> ()
// -----

// expected-error@+1 {{use of undeclared SSA value name}}
"tst.forward"(%later) : (i32) -> ()
// -----

func.func @dominance() {
  // expected-error@+1 {{operand #0 does not dominate this use}}
  "tst.use"(%0) : (i32) -> ()
  // expected-note@+1 {{operand defined here (op in the same block)}}
  %0 = "tst.def"() : () -> i32
  return
}
// -----

func.func @dominance_across_blocks() {
  "tst.br"()[^bb2] : () -> ()
^bb1:
  // expected-note@+1 {{operand defined here (op in the same region)}}
  %0 = "tst.def"() : () -> i32
  "tst.br"()[^bb2] : () -> ()
^bb2:
  // expected-error@+1 {{operand #0 does not dominate this use}}
  "tst.use"(%0) : (i32) -> ()
  return
}
// -----

func.func @self_use() {
  // expected-error@+2 {{operand #0 does not dominate this use}}
  // expected-note@+1 {{operand defined here (op in the same block)}}
  %0 = "tst.self"(%0) : (i32) -> i32
  return
}
// -----

"tst.r"() ({
  // expected-error@+1 {{reference to an undefined block}}
  "tst.br"()[^missing] : () -> ()
}) : () -> ()
// -----

"tst.r"() ({
^bb0:
  "tst.a"() : () -> ()
// expected-error@+1 {{redefinition of block '^bb0'}}
^bb0:
  "tst.b"() : () -> ()
}) : () -> ()
// -----

"tst.r"() ({
// expected-error@+2 {{redefinition of SSA value '%a'}}
// expected-note@+1 {{previously defined here}}
^bb0(%a: i32, %a: i32):
  "tst.a"() : () -> ()
}) : () -> ()
// -----

"tst.r"() ({
// expected-error@+1 {{expected ':' and type for SSA operand}}
^bb0(%a):
  "tst.a"() : () -> ()
}) : () -> ()
// -----

"tst.r"() ({
// expected-error@+1 {{expected ')'}}
^bb0(%a: i32:
  "tst.a"() : () -> ()
}) : () -> ()
// -----

"tst.r"() ({
  %0 = "tst.a"() : () -> i32
}) : () -> ()
// expected-error@+1 {{use of undeclared SSA value name}}
"tst.use"(%0) : (i32) -> ()
// -----

"tst.r"() ({
  // expected-note@+1 {{previously defined here}}
  %0 = "tst.a"() : () -> i32
  "tst.inner"() ({
    // expected-error@+1 {{redefinition of SSA value '%0'}}
    %0 = "tst.b"() : () -> i32
  }) : () -> ()
}) : () -> ()
// -----

// expected-error@+1 {{expected block name}}
"tst.op"()[%x] : () -> ()
// -----

"tst.r"() ({
  // expected-error@+1 {{use of undeclared SSA value name}}
  "tst.use"(%0) : (i32) -> ()
}) : () -> ()
// -----

"tst.r"() ({
^bb0:
  "tst.a"() : () -> ()
}, {
  // expected-error@+1 {{reference to an undefined block}}
  "tst.br"()[^bb0] : () -> ()
}) : () -> ()
// -----

"tst.op"() ({
// expected-error@+1 {{expected ':' followed by operation type}}
}) ({
}) : () -> ()
// -----

// expected-error@+1 {{expected '{' to begin a region}}
"tst.op"() ( : () -> ()
// -----

// expected-error@+1 {{expected operation name in quotes}}
"tst.op"() ({ : () -> ()
// -----

// expected-error@+1 {{expected location instance}}
"tst.op"() : () -> () loc(
// -----

// expected-error@+1 {{expected operation name in quotes}}
%0 =
// -----

// expected-error@+1 {{expected '=' after SSA name}}
%0 "tst.op"() : () -> i32
// -----

// expected-error@+1 {{expected ':' followed by operation type}}
"tst.op"() {a = 1} {b = 2} : () -> ()
// -----

// expected-error@+1 {{expected ':' followed by operation type}}
"tst.op"() <{a = 1}> <{b = 2}> : () -> ()
// -----

// expected-error@+1 {{expected ',' or ']'}}
"tst.op"()[^bb1 : () -> ()
// -----

// expected-error@+1 {{empty operation name is invalid}}
""() : () -> ()
// -----

func.func @parent_region() {
  "tst.r"() ({
    // expected-error@+1 {{operand #0 does not dominate this use}}
    "tst.use"(%0) : (i32) -> ()
  }) : () -> ()
  // expected-note@+1 {{operand defined here (op in a parent region)}}
  %0 = "tst.def"() : () -> i32
  return
}
// -----

func.func @child_region_value() {
  "tst.r"() ({
    %0 = "tst.def"() : () -> i32
    "tst.t"() : () -> ()
  }) : () -> ()
  // expected-error@+1 {{use of undeclared SSA value name}}
  "tst.use"(%0) : (i32) -> ()
  return
}
// -----

func.func @succ_operand_dominance() {
  // expected-error@+1 {{operand #0 does not dominate this use}}
  "tst.br"(%0)[^bb1] : (i32) -> ()
^bb1(%a: i32):
  // expected-note@+1 {{operand defined here (op in the same region)}}
  %0 = "tst.def"() : () -> i32
  return
}

// -----

// expected-error@+1 {{expected ')' to end operand list}}
"tst.op"(%0 : (i32) -> ()
// -----

// expected-error@+1 {{expected '(' to start operand list}}
"tst.op"
// -----

// expected-error@+1 {{expected '>' to close properties}}
"tst.op"() <{a = 1} : () -> ()

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

// -----

// expected-error@+1 {{reference to an undefined block}}
"tst.br"()[^missing] : () -> ()

// -----

// The regions of an unregistered op need no dominance among their own values, but a use of
// an outer value is still checked.
func.func @f() {
  "tst.graph"() ({
    // expected-error@+1 {{operand #0 does not dominate this use}}
    "tst.use"(%0) : (i32) -> ()
  }) : () -> ()
  // expected-note@+1 {{operand defined here (op in a parent region)}}
  %0 = "tst.a"() : () -> i32
  return
}

// -----

func.func @f() {
  "tst.graph"() ({
    "scf.execute_region"() ({
      // expected-error@+1 {{operand #0 does not dominate this use}}
      %0 = "tst.a"(%1) : (i32) -> i32
      // expected-note@+1 {{operand defined here (op in the same block)}}
      %1 = "tst.b"(%0) : (i32) -> i32
      scf.yield
    }) : () -> ()
  }) : () -> ()
  return
}
