// Diagnostics of the func dialect: the custom parsers and the verifiers of func.func,
// func.return, func.call, func.call_indirect and func.constant.
// RUN: ir-opt %s --allow-unregistered-dialect --split-input-file --verify-diagnostics

func.func @f() -> i32 {
  // expected-error@+1 {{'func.return' op has 0 operands, but enclosing function (@f) returns 1}}
  return
}
// -----

func.func @f() -> i32 {
  %0 = "tst.a"() : () -> i64
  // expected-error@+1 {{type of return operand 0 ('i64') doesn't match function result type ('i32') in function @f}}
  return %0 : i64
}
// -----

func.func @f() {
  %0 = "tst.a"() : () -> i64
  // expected-error@+1 {{'func.return' op has 1 operands, but enclosing function (@f) returns 0}}
  return %0 : i64
}
// -----

"tst.r"() ({
  // expected-error@+1 {{'func.return' op expects parent op 'func.func'}}
  func.return
}) : () -> ()
// -----

func.func @f() {
  // expected-error@+1 {{'func.return' op must be the last operation in the parent block}}
  return
  "tst.after"() : () -> ()
}
// -----

func.func @f() {
  // expected-error@+1 {{'func.call' op 'missing' does not reference a valid function}}
  %0 = call @missing() : () -> i32
  return
}
// -----

func.func private @g(i32) -> i32
func.func @f(%a: i64) {
  // expected-error@+1 {{'func.call' op operand type mismatch: expected operand type 'i32', but provided 'i64' for operand number 0}}
  %0 = call @g(%a) : (i64) -> i32
  return
}
// -----

func.func private @g(i32) -> i32
func.func @f(%a: i32) {
  // expected-error@+1 {{'func.call' op incorrect number of operands for callee}}
  %0 = call @g(%a, %a) : (i32, i32) -> i32
  return
}
// -----

func.func private @g(i32) -> i32
func.func @f(%a: i32) {
  // expected-error@+1 {{'func.call' op incorrect number of results for callee}}
  %0:2 = call @g(%a) : (i32) -> (i32, i32)
  return
}
// -----

func.func @f() {
  // expected-error@+1 {{'func.constant' op reference to undefined function 'missing'}}
  %0 = constant @missing : () -> ()
  return
}
// -----

func.func private @g(i32) -> i32
func.func @f() {
  // expected-error@+1 {{'func.constant' op reference to function with mismatched type}}
  %0 = constant @g : (i64) -> i32
  return
}
// -----

// expected-note@+1 {{prior use here}}
func.func @f(%fn: (i32) -> i32, %a: i64) {
  // expected-error@+1 {{use of value '%fn' expects different type than prior uses: '(i64) -> i32' vs '(i32) -> i32'}}
  %0 = call_indirect %fn(%a) : (i64) -> i32
  return
}
// -----

// expected-note@+1 {{prior use here}}
func.func @f(%fn: (i32) -> i32, %a: i32) {
  // expected-error@+1 {{use of value '%fn' expects different type than prior uses: '(i32) -> i64' vs '(i32) -> i32'}}
  %0 = call_indirect %fn(%a) : (i32) -> i64
  return
}
// -----

// expected-note@+1 {{prior use here}}
func.func @f(%a: i32) {
  // expected-error@+1 {{use of value '%a' expects different type than prior uses: '() -> i32' vs 'i32'}}
  %0 = call_indirect %a() : () -> i32
  return
}
// -----

// expected-note@+1 {{see existing symbol definition here}}
func.func @f() {
  return
}
// expected-error@+1 {{redefinition of symbol named 'f'}}
func.func @f() {
  return
}
// -----

// expected-error@+1 {{'func.func' op symbol declaration cannot have public visibility}}
func.func public @decl()
// -----

// expected-error@+1 {{'func.func' op visibility expected to be one of ["public", "private", "nested"], but got "bogus"}}
"func.func"() <{function_type = () -> (), sym_name = "f", sym_visibility = "bogus"}> ({
}) : () -> ()
// -----

// expected-error@+1 {{'func.func' op attribute 'function_type' failed to satisfy constraint: type attribute of function type}}
"func.func"() <{function_type = i32, sym_name = "f"}> ({
}) : () -> ()
// -----

// expected-error@+1 {{'func.func' op requires attribute 'sym_name'}}
"func.func"() <{function_type = () -> ()}> ({
}) : () -> ()
// -----

// expected-error@+1 {{'func.func' op requires attribute 'function_type'}}
"func.func"() <{sym_name = "f"}> ({
}) : () -> ()
// -----

// expected-error@+1 {{'func.func' op entry block must have 1 arguments to match function signature}}
"func.func"() <{function_type = (i32) -> (), sym_name = "f"}> ({
^bb0:
  "func.return"() : () -> ()
}) : () -> ()
// -----

// expected-error@+1 {{'func.func' op expects argument attribute array to have the same number of elements as the number of function arguments, got 2, but expected 1}}
"func.func"() <{arg_attrs = [{}, {}], function_type = (i32) -> (), sym_name = "f", sym_visibility = "private"}> ({
}) : () -> ()
// -----

// expected-error@+1 {{'func.func' op requires one region}}
"func.func"() <{function_type = () -> (), sym_name = "f"}> ({
}, {
}) : () -> ()
// -----

// expected-error@+1 {{use of undeclared SSA value name}}
"func.func"(%x) <{function_type = () -> (), sym_name = "f", sym_visibility = "private"}> ({
}) : (i32) -> ()
// -----

// expected-error@+1 {{expected non-function type}}
func.func @f() -> {
  return
}
// -----

// expected-error@+1 {{expected non-function type}}
func.func @f() -> (i32 {a}, {
  return
}
// -----

// expected-error@+1 {{custom op 'attributes' is unknown (tried 'builtin.attributes' as well)}}
func.func @f() attributes {tst.a} attributes {tst.b} {
  return
}
// -----

func.func @f() {
  return
// expected-error@+1 {{custom op 'extra' is unknown (tried 'builtin.extra' as well)}}
} extra
// -----

func.func @f() {
  // expected-error@+1 {{expected '('}}
  %0 = call @f : () -> ()
  return
}
// -----

func.func @f() {
  // expected-error@+1 {{custom op 'extra' is unknown (tried 'func.extra' as well)}}
  call @f() : () -> () extra
  return
}
// -----

module {
  func.func @dup() {
    return
  }
}
// expected-note@+1 {{see existing symbol definition here}}
func.func private @dup()
// expected-error@+1 {{redefinition of symbol named 'dup'}}
"tst.x"() {sym_name = "dup"} : () -> ()
// -----

func.func @f() -> (i32) {
  %0 = "tst.a"() : () -> i32
  "tst.br"()[^bb1] : () -> ()
^bb1:
  // expected-error@+1 {{'func.return' op has 0 operands, but enclosing function (@f) returns 1}}
  return
}
// -----

func.func @f(%arg0: i32) {
  // expected-error@+1 {{cannot name an operation with no results}}
  %0 = call @f(%arg0) : (i32) -> ()
  return
}
// -----

func.func @f() {
  // expected-error@+1 {{expected operation name in quotes}}
  return : i32
}
// -----

func.func @f() {
  // expected-error@+1 {{'func.constant' op reference to function with mismatched type}}
  %0 = "func.constant"() <{value = @f}> : () -> i32
  return
}
// -----

func.func @f() {
  // expected-error@+1 {{'func.constant' op reference to function with mismatched type}}
  %0 = "func.constant"() {value = @f} : () -> i32
  return
}

// -----

// expected-error@+1 {{custom op 'func.func' expected non-empty function body}}
func.func @f() {
}
// -----

// expected-error@+1 {{custom op 'func.func' expected valid '@'-identifier for symbol name}}
func.func bogus @f() {
  return
}
// -----

// expected-error@+1 {{'func.func' op type of entry block argument #0('i64') must match the type of the corresponding argument in function signature('i32')}}
"func.func"() <{function_type = (i32) -> (), sym_name = "f"}> ({
^bb0(%a: i64):
  "func.return"() : () -> ()
}) : () -> ()
// -----

// expected-error@+1 {{custom op 'func.func' expected SSA identifier}}
func.func @f(%a: i32, i32) {
  return
}
// -----

// expected-error@+1 {{custom op 'func.func' expected type instead of SSA identifier}}
func.func private @f(i32, %a: i32)
// -----

// expected-error@+2 {{region entry argument '%a' is already in use}}
// expected-note@+1 {{previously referenced here}}
func.func @f(%a: i32, %a: i32) {
  return
}
// -----

// expected-error@+1 {{custom op 'func.func' 'sym_name' is an inferred attribute and should not be specified in the explicit attribute dictionary}}
func.func @f() -> i32 attributes {sym_name = "g"} {
  return
}
// -----

// expected-error@+1 {{custom op 'func.func' expected valid '@'-identifier for symbol name}}
func.func f() {
  return
}
// -----

// expected-error@+1 {{expected '}' in attribute dictionary}}
func.func @f(%a: i32 {bad) {
  return
}
// -----

func.func @f() {
  %0 = "tst.a"() : () -> i32
  // expected-error@+1 {{custom op 'func.return' number of operands and types do not match: got 1 operands and 2 types}}
  return %0 : i32, i32
}
// -----

func.func @f() {
  // expected-error@+1 {{custom op 'func.call' number of operands and types do not match: got 0 operands and 1 types}}
  call @f() : (i32) -> ()
  return
}

// -----

func.func private @g(i32) -> i32
func.func @f(%a: i32) {
  // expected-error@+3 {{'func.call' op result type mismatch at index 0}}
  // expected-note@+2 {{      op result types: 'i64'}}
  // expected-note@+1 {{function result types: 'i32'}}
  %0 = call @g(%a) : (i32) -> i64
  return
}

// -----

func.func @f() {
  "tst.region"() ({
    // expected-error@+1 {{'func.constant' op reference to undefined function 'f'}}
    %g = constant @f : () -> ()
  }) : () -> ()
  return
}

// -----

// expected-error@+1 {{'func.func' op attribute 'res_attrs' failed to satisfy constraint: Array of dictionary attributes}}
"func.func"() <{res_attrs = [1], function_type = () -> i32, sym_name = "f", sym_visibility = "private"}> ({
}) : () -> ()

// -----

func.func @f() {
  // expected-error@+1 {{'func.call' op requires attribute 'callee'}}
  %0 = "func.call"() : () -> i32
  return
}

// -----

func.func private @g()
func.func @f() {
  // expected-error@+1 {{custom op 'func.call' invalid kind of attribute specified}}
  call @g::@h() : () -> ()
  return
}

// -----

func.func @f() {
  // expected-error@+1 {{'func.func' op symbol's parent must have the SymbolTable trait}}
  func.func @nested() {
    return
  }
  return
}

// -----

func.func @f(%a: i32) {
  // expected-error@+1 {{custom op 'unrealized_conversion_cast' is unknown (tried 'func.unrealized_conversion_cast' as well)}}
  %0 = unrealized_conversion_cast %a : i32 to i64
  return
}
