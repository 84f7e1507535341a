// Diagnostics of the func dialect: the custom parsers and the verifiers of func.func,
// func.return, func.call, func.call_indirect and func.constant.
// RUN: ir-opt %s --allow-unregistered-dialect --split-input-file --verify-diagnostics

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

// -----

// expected-error@+1 {{invalid properties {function_type = () -> (), sym_name = 1 : i64} for op func.func: Invalid attribute `sym_name` in property conversion: 1 : i64}}
"func.func"() <{function_type = () -> (), sym_name = 1}> ({
}) : () -> ()

// -----

// expected-error@+1 {{invalid properties {function_type = () -> (), sym_name = "f", sym_visibility = 1 : i64} for op func.func: Invalid attribute `sym_visibility` in property conversion: 1 : i64}}
"func.func"() <{function_type = () -> (), sym_name = "f", sym_visibility = 1}> ({
}) : () -> ()

// -----

func.func @f() {
  // expected-error@+1 {{invalid properties {callee = "f"} for op func.call: Invalid attribute `callee` in property conversion: "f"}}
  "func.call"() <{callee = "f"}> : () -> ()
  return
}

// -----

func.func @f() {
  // expected-error@+1 {{invalid properties {value = "f"} for op func.constant: Invalid attribute `value` in property conversion: "f"}}
  %0 = "func.constant"() <{value = "f"}> : () -> (() -> ())
  return
}
