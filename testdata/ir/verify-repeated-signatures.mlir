// The verifier skips an op whose signature (name, properties, attributes, operand and result
// types, parent op) matches one that passed before. These check that an op differing from an
// earlier passing one only in one part of its signature is still verified in full.
// RUN: ir-opt %s --allow-unregistered-dialect --split-input-file --verify-diagnostics

func.func @parents(%d: index, %x: f32) {
  %t = tensor.generate %d {
  ^bb0(%i: index):
    tensor.yield %x : f32
  } : tensor<?xf32>
  "test.region"() ({
    // expected-error@+1 {{'tensor.yield' op expects parent op to be one of 'tensor.generate, tensor.pad'}}
    tensor.yield %x : f32
  }) : () -> ()
  return
}

// -----

func.func @properties() {
  %0 = "arith.constant"() <{value = 1 : i64}> : () -> i64
  // expected-error@+1 {{'arith.constant' op failed to verify that all of {value, result} have same type}}
  %1 = "arith.constant"() <{value = 1 : i32}> : () -> i64
  return
}

// -----

func.func @types(%i: index, %j: i32) {
  %0 = arith.index_cast %i : index to i64
  // expected-error@+1 {{'arith.index_cast' op operand type 'i32' and result type 'i64' are cast incompatible}}
  %1 = "arith.index_cast"(%j) : (i32) -> i64
  return
}

// -----

// The same signature in another function, verified on its own, fails there too.
func.func @first(%a: i32) {
  %0 = "arith.constant"() <{value = 1 : i32}> : () -> i32
  return
}
func.func @second(%a: i32) {
  // expected-error@+1 {{'arith.constant' op failed to verify that all of {value, result} have same type}}
  %0 = "arith.constant"() <{value = 1 : i64}> : () -> i32
  return
}
