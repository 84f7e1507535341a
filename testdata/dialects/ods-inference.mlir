// Declarative ops and type inference: result types an op infers from its operands are checked
// exactly in the generic form (after the op's traits), a written type that another type is
// made from is checked against its constraint while the custom form is read, and an inherent
// attribute of the attribute dictionary is checked as the op's property.
// RUN: ir-opt %s --split-input-file --verify-diagnostics

// A dynamic size passes `SameOperandsAndResultType`, not the inferred result type.
func.func @unary_dynamic_result(%t: tensor<3xf64>) {
  // expected-error@+2 {{'math.sqrt' op inferred type(s) 'tensor<3xf64>' are incompatible with return type(s) of operation 'tensor<?xf64>'}}
  // expected-error@+1 {{'math.sqrt' op failed to infer returned types}}
  %0 = "math.sqrt"(%t) : (tensor<3xf64>) -> tensor<?xf64>
  return
}

// -----

// A scalable vector passes `SameOperandsAndResultType` with a fixed one, not `Elementwise`.
func.func @binary_scalable_mix(%d: vector<[4]xi16>, %s: vector<4xi16>) {
  // expected-error@+1 {{'arith.muli' op all non-scalar operands/results must have the same shape and base type}}
  %0 = "arith.muli"(%d, %s) : (vector<[4]xi16>, vector<4xi16>) -> vector<4xi16>
  return
}

// -----

func.func @binary_inferred_from_dynamic(%d: tensor<?x2xi8>, %s: tensor<5x2xi8>) {
  // expected-error@+2 {{'arith.xori' op inferred type(s) 'tensor<?x2xi8>' are incompatible with return type(s) of operation 'tensor<5x2xi8>'}}
  // expected-error@+1 {{'arith.xori' op failed to infer returned types}}
  %0 = "arith.xori"(%d, %s) : (tensor<?x2xi8>, tensor<5x2xi8>) -> tensor<5x2xi8>
  return
}

// -----

// The element type is checked by the trait first.
func.func @element_type_first(%t: tensor<3xf32>) {
  // expected-error@+1 {{'math.exp' op requires the same type for all operands and results}}
  %0 = "math.exp"(%t) : (tensor<3xf32>) -> tensor<?xf16>
  return
}

// -----

func.func @integer_unary(%t: tensor<2x4xi32>) {
  // expected-error@+2 {{'math.ctpop' op inferred type(s) 'tensor<2x4xi32>' are incompatible with return type(s) of operation 'tensor<2x?xi32>'}}
  // expected-error@+1 {{'math.ctpop' op failed to infer returned types}}
  %0 = "math.ctpop"(%t) : (tensor<2x4xi32>) -> tensor<2x?xi32>
  return
}

// -----

// The operand whose type gives the result's (`i1` of its shape) is checked while parsing.
func.func @isinf_of_integer(%v: vector<2xi64>) {
  // expected-error@+1 {{custom op 'math.isinf' 'operand' must be floating-point-like, but got 'vector<2xi64>'}}
  %0 = math.isinf %v : vector<2xi64>
  return
}

// -----

func.func @cmpi_of_float(%a: f16) {
  // expected-error@+1 {{custom op 'arith.cmpi' 'lhs' must be signless-integer-like, but got 'f16'}}
  %0 = arith.cmpi ne, %a, %a : f16
  return
}

// -----

func.func @cmpf_of_index(%a: index) {
  // expected-error@+1 {{custom op 'arith.cmpf' 'lhs' must be floating-point-like, but got 'index'}}
  %0 = arith.cmpf ult, %a, %a : index
  return
}

// -----

// The check comes before the operands are resolved.
func.func @cmpf_checked_before_uses(%a: f32) {
  // expected-error@+1 {{custom op 'arith.cmpf' 'lhs' must be floating-point-like, but got 'i8'}}
  %0 = arith.cmpf une, %a, %a : i8
  return
}

// -----

// A type inferred without a transform is not checked while parsing.
func.func @negf_of_integer(%a: i8) {
  // expected-error@+1 {{'math.absf' op operand #0 must be floating-point-like, but got 'i8'}}
  %0 = math.absf %a : i8
  return
}

// -----

// A dictionary's inherent attribute becomes the property and is checked as one.
func.func @dict_predicate_out_of_range(%a: i64) {
  // expected-error@+1 {{'arith.cmpi' op attribute 'predicate' failed to satisfy constraint: allowed 64-bit signless integer cases: 0, 1, 2, 3, 4, 5, 6, 7, 8, 9}}
  %0 = arith.cmpi eq, %a, %a {predicate = 10 : i64} : i64
  return
}
