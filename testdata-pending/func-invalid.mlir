// Diagnostics of the func dialect: the custom parsers and the verifiers of func.func,
// func.return, func.call, func.call_indirect and func.constant.
// RUN: ir-opt %s --allow-unregistered-dialect --split-input-file --verify-diagnostics

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
