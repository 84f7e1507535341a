// Diagnostics of the arith dialect: type constraints, the elementwise and same-type traits,
// casts, constants and select conditions.
// RUN: ir-opt %s --split-input-file --verify-diagnostics

func.func @f(%a: f32) {
  // expected-error@+1 {{'arith.addi' op operand #0 must be signless-integer-like, but got 'f32'}}
  %0 = "arith.addi"(%a, %a) : (f32, f32) -> f32
  return
}

// -----

func.func @f(%a: i32) {
  // expected-error@+1 {{'arith.addf' op operand #0 must be floating-point-like, but got 'i32'}}
  %0 = "arith.addf"(%a, %a) : (i32, i32) -> i32
  return
}

// -----

func.func @f(%a: i32, %b: i64) {
  // expected-error@+1 {{'arith.subi' op requires the same type for all operands and results}}
  %0 = "arith.subi"(%a, %b) : (i32, i64) -> i32
  return
}

// -----

func.func @f(%a: i32) {
  // expected-error@+1 {{'arith.extui' op operand type 'i32' and result type 'i16' are cast incompatible}}
  %0 = arith.extui %a : i32 to i16
  return
}

// -----

func.func @f(%a: i32) {
  // expected-error@+1 {{'arith.trunci' op operand type 'i32' and result type 'i64' are cast incompatible}}
  %0 = arith.trunci %a : i32 to i64
  return
}

// -----

func.func @f(%a: f32) {
  // expected-error@+1 {{'arith.extf' op operand type 'f32' and result type 'f16' are cast incompatible}}
  %0 = arith.extf %a : f32 to f16
  return
}

// -----

func.func @f(%a: f32) {
  // expected-error@+1 {{'arith.truncf' op operand type 'f32' and result type 'f64' are cast incompatible}}
  %0 = arith.truncf %a : f32 to f64
  return
}

// -----

func.func @f(%a: i32) {
  // expected-error@+1 {{'arith.index_cast' op operand type 'i32' and result type 'i64' are cast incompatible}}
  %0 = arith.index_cast %a : i32 to i64
  return
}

// -----

func.func @f(%a: i32) {
  // expected-error@+1 {{'arith.bitcast' op operand type 'i32' and result type 'f16' are cast incompatible}}
  %0 = arith.bitcast %a : i32 to f16
  return
}

// -----

func.func @f() {
  // expected-error@+1 {{'arith.constant' op failed to verify that all of {value, result} have same type}}
  %0 = "arith.constant"() <{value = 1 : i32}> : () -> i64
  return
}

// -----

func.func @f() {
  // expected-error@+1 {{'arith.constant' op integer return type must be signless}}
  %0 = "arith.constant"() <{value = 1 : si32}> : () -> si32
  return
}

// -----

func.func @f() {
  // expected-error@+1 {{'arith.constant' op value must be an integer, float, or elements attribute}}
  %0 = "arith.constant"() <{value = "s" : i32}> : () -> i32
  return
}

// -----

func.func @f(%a: i32, %b: i64) {
  // expected-error@+1 {{'arith.cmpi' op result #0 must be bool-like, but got 'i32'}}
  %0 = "arith.cmpi"(%a, %a) <{predicate = 0 : i64}> : (i32, i32) -> i32
  return
}

// -----

func.func @f(%a: i32, %b: i64) {
  // expected-error@+1 {{'arith.cmpi' op requires all operands to have the same type}}
  %0 = "arith.cmpi"(%a, %b) <{predicate = 0 : i64}> : (i32, i64) -> i1
  return
}

// -----

func.func @f(%c: vector<2xi1>, %a: vector<4xi32>) {
  // expected-error@+1 {{'arith.select' op failed to verify that condition is signless i1 or has matching shape}}
  %0 = arith.select %c, %a, %a : vector<2xi1>, vector<4xi32>
  return
}

// -----

func.func @f(%a: vector<4xi32>, %b: i32) {
  // expected-error@+1 {{'arith.addi' op requires the same type for all operands and results}}
  %0 = "arith.addi"(%a, %b) : (vector<4xi32>, i32) -> vector<4xi32>
  return
}

// -----

func.func @f(%a: i32) {
  // expected-error@+1 {{'arith.cmpf' op operand #0 must be floating-point-like, but got 'i32'}}
  %0 = "arith.cmpf"(%a, %a) <{predicate = 1 : i64}> : (i32, i32) -> i1
  return
}

// -----

func.func @f(%a: i32) {
  // expected-error@+1 {{'arith.addui_extended' op result #1 must be bool-like, but got 'i32'}}
  %0:2 = "arith.addui_extended"(%a, %a) : (i32, i32) -> (i32, i32)
  return
}

// -----

func.func @f(%a: i32) {
  // expected-error@+1 {{'arith.mulsi_extended' op failed to verify that all of {lhs, rhs, low, high} have same type}}
  %0:2 = "arith.mulsi_extended"(%a, %a) : (i32, i32) -> (i32, i64)
  return
}

// -----

func.func @f(%a: i32) {
  // expected-error@+1 {{'arith.sitofp' op result #0 must be floating-point-like, but got 'i32'}}
  %0 = "arith.sitofp"(%a) : (i32) -> i32
  return
}

// -----

func.func @f(%a: f32, %s: f8E8M0FNU) {
  // expected-error@+1 {{'arith.scaling_truncf' op operand types 'f32', 'f8E8M0FNU' and result type 'f32' are cast incompatible}}
  %0 = arith.scaling_truncf %a, %s : f32, f8E8M0FNU to f32
  return
}

// -----

func.func @f(%a: f32, %s: f8E8M0FNU) {
  // expected-error@+1 {{'arith.scaling_extf' op operand types 'f32', 'f8E8M0FNU' and result type 'f16' are cast incompatible}}
  %0 = arith.scaling_extf %a, %s : f32, f8E8M0FNU to f16
  return
}

// -----

func.func @f(%a: vector<4xi8>) {
  // expected-error@+1 {{custom op 'arith.cmpf' 'lhs' must be floating-point-like, but got 'vector<4xi8>'}}
  %0 = arith.cmpf oge, %a, %a : vector<4xi8>
  return
}

// -----

func.func @uitofp_encodings(%t: tensor<4xi8, "a">) {
  // expected-error @+1 {{'arith.uitofp' op operand type 'tensor<4xi8, "a">' and result type 'tensor<4xf16, "b">' are cast incompatible}}
  %0 = arith.uitofp %t : tensor<4xi8, "a"> to tensor<4xf16, "b">
  return
}

// -----

func.func @f(%a: tensor<?x3xf32>) {
  // expected-error@+2 {{'arith.divf' op inferred type(s) 'tensor<?x3xf32>' are incompatible with return type(s) of operation 'tensor<7x3xf32>'}}
  // expected-error@+1 {{'arith.divf' op failed to infer returned types}}
  %0 = "arith.divf"(%a, %a) : (tensor<?x3xf32>, tensor<?x3xf32>) -> tensor<7x3xf32>
  return
}

// -----

func.func @truncf_encodings(%t: tensor<3xf64, 1>) {
  // expected-error @+1 {{'arith.truncf' op operand type 'tensor<3xf64, 1 : i64>' and result type 'tensor<3xf16>' are cast incompatible}}
  %0 = arith.truncf %t : tensor<3xf64, 1> to tensor<3xf16>
  return
}

// -----

func.func @f(%a: vector<[2]xf32>, %b: vector<2xf32>) {
  // expected-error@+1 {{'arith.maximumf' op all non-scalar operands/results must have the same shape and base type}}
  %0 = "arith.maximumf"(%a, %b) : (vector<[2]xf32>, vector<2xf32>) -> vector<[2]xf32>
  return
}

// -----

func.func @index_cast_encodings(%t: tensor<2xindex, "x">) {
  // expected-error @+1 {{are cast incompatible}}
  %0 = arith.index_castui %t : tensor<2xindex, "x"> to tensor<2xi16, "y">
  return
}

// -----

func.func @bitcast_from_index_vector(%v: vector<2xindex>) {
  // expected-error @+1 {{'arith.bitcast' op operand #0 must be signless-integer-or-float-like or memref of signless-integer or float, but got 'vector<2xindex>'}}
  %0 = arith.bitcast %v : vector<2xindex> to vector<2xi64>
  return
}

// -----

func.func @scalable_constant_not_splat() {
  // expected-error @+1 {{'arith.constant' op intializing scalable vectors with elements attribute is not supported unless it's a vector splat}}
  %0 = arith.constant dense<[1.0, 2.0, 3.0, 4.0]> : vector<[4]xf32>
  return
}

// -----

func.func @scalable_constant_uniform(%x: vector<[2]x3xi8>) -> vector<[2]x3xi8> {
  // Equal elements make a splat, which a scalable vector takes.
  %0 = arith.constant dense<[[7, 7, 7], [7, 7, 7]]> : vector<[2]x3xi8>
  return %0 : vector<[2]x3xi8>
}

// -----

func.func @select_mask_encoding(%c: tensor<3xi1>, %a: tensor<3xf32, "e">) {
  // expected-error @+1 {{'arith.select' op expected condition type to have the same shape as the result type, expected 'tensor<3xi1, "e">', but got 'tensor<3xi1>'}}
  %0 = arith.select %c, %a, %a : tensor<3xi1>, tensor<3xf32, "e">
  return
}

// -----

func.func @ext_loses_scalability(%v: vector<2x[8]xf16>) {
  // A vector with a scalable dimension has no shape in common with a fixed one.
  // expected-error @+1 {{'arith.extf' op requires the same shape for all operands and results}}
  %0 = arith.extf %v : vector<2x[8]xf16> to vector<2x8xf32>
  return
}

// -----

func.func @scalable_dims_may_move(%v: vector<[2]x8xi16>) -> vector<2x[8]xi64> {
  // Both sides scalable: the shapes are compatible although the scalable dimension moved
  // (the check that follows is only the op's own).
  %0 = arith.extsi %v : vector<[2]x8xi16> to vector<2x[8]xi64>
  return %0 : vector<2x[8]xi64>
}

// -----

func.func @float_cast_to_scalable(%v: vector<3xf16>) {
  // expected-error @+1 {{'arith.fptosi' op requires the same shape for all operands and results}}
  %0 = arith.fptosi %v : vector<3xf16> to vector<[3]xi8>
  return
}

// -----

func.func @cmpi_float_predicate(%a: i8) {
  // A keyword that is no case of the enum is refused where it stands.
  // expected-error @+1 {{custom op 'arith.cmpi' expected string or keyword containing one of the following enum values for attribute 'predicate' [eq, ne, slt, sle, sgt, sge, ult, ule, ugt, uge]}}
  %0 = arith.cmpi oge, %a, %a : i8
  return
}

// -----

func.func @cmpf_type_as_predicate(%a: f16) {
  // expected-error @+1 {{custom op 'arith.cmpf' expected string or keyword containing one of the following enum values for attribute 'predicate' [false, oeq, ogt, oge, olt, ole, one, ord, ueq, ugt, uge, ult, ule, une, uno, true]}}
  %0 = arith.cmpf f16, %a, %a : f16
  return
}

// -----

func.func @cmpf_quoted_unknown(%a: f16) {
  // A quoted predicate is read whatever it says, then must name a case.
  // expected-error @+1 {{custom op 'arith.cmpf' invalid predicate attribute specification: "slt"}}
  %0 = arith.cmpf "slt", %a, %a : f16
  return
}

// -----

func.func @cmpf_quoted_case(%a: f16) -> i1 {
  %0 = arith.cmpf "ule", %a, %a : f16
  return %0 : i1
}

// -----

func.func @constant_untyped_string() {
  // A string written without a type is of type none, which the result is not.
  // expected-error @+1 {{'arith.constant' op failed to verify that all of {value, result} have same type}}
  %0 = "arith.constant"() {value = "abc"} : () -> f16
  return
}
