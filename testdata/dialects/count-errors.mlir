// Operand, result, region and successor count errors, worded as MLIR's count traits word
// them (ops written in the generic form, so that only the counts are wrong), and the order of a
// misplaced terminator's parent and position errors.
// RUN: ir-opt %s --split-input-file --verify-diagnostics --allow-unregistered-dialect

func.func @n_operands(%x: i64) {
  // expected-error@+1 {{'arith.muli' op expected 2 operands, but found 4}}
  %0 = "arith.muli"(%x, %x, %x, %x) : (i64, i64, i64, i64) -> i64
  return
}

// -----

func.func @n_operands_too_few(%x: f64) {
  // expected-error@+1 {{'math.fma' op expected 3 operands, but found 1}}
  %0 = "math.fma"(%x) : (f64) -> f64
  return
}

// -----

func.func @single_operand_missing() {
  // expected-error@+1 {{'math.sqrt' op requires a single operand}}
  %0 = "math.sqrt"() : () -> f16
  return
}

// -----

func.func @single_operand_extra(%x: f16) {
  // expected-error@+1 {{'math.sqrt' op requires a single operand}}
  %0 = "math.sqrt"(%x, %x, %x) : (f16, f16, f16) -> f16
  return
}

// -----

func.func @zero_operands(%x: i8) {
  // expected-error@+1 {{'arith.constant' op requires zero operands}}
  %0 = "arith.constant"(%x) {value = 7 : i8} : (i8) -> i8
  return
}

// -----

func.func @at_least_operands() {
  // expected-error@+1 {{'cf.cond_br' op expected 1 or more operands, but found 0}}
  "cf.cond_br"()[^a, ^b] <{operandSegmentSizes = array<i32: 0, 0, 0>}> : () -> ()
^a:
  return
^b:
  return
}

// -----

func.func @one_result_missing(%x: f32) {
  // expected-error@+1 {{'math.exp' op requires one result}}
  "math.exp"(%x) : (f32) -> ()
  return
}

// -----

func.func @one_result_extra(%x: f32) {
  // expected-error@+1 {{'math.exp' op requires one result}}
  %0:3 = "math.exp"(%x) : (f32) -> (f32, f32, f32)
  return
}

// -----

func.func @zero_results() {
  // expected-error@+1 {{'func.return' op requires zero results}}
  %0 = "func.return"() : () -> index
}

// -----

func.func @n_results(%x: i16) {
  // expected-error@+1 {{'arith.mului_extended' op expected 2 results}}
  %0:3 = "arith.mului_extended"(%x, %x) : (i16, i16) -> (i16, i16, i16)
  return
}

// -----

func.func @at_least_results(%m: memref<4xf32>) {
  // expected-error@+1 {{'memref.extract_strided_metadata' op expected 2 or more results}}
  %0 = "memref.extract_strided_metadata"(%m) : (memref<4xf32>) -> memref<f32>
  return
}

// -----

func.func @zero_regions(%x: f32) {
  // expected-error@+1 {{'math.exp' op requires zero regions}}
  %0 = "math.exp"(%x) ({}) : (f32) -> f32
  return
}

// -----

func.func @one_region() {
  // expected-error@+1 {{'scf.execute_region' op requires one region}}
  "scf.execute_region"() : () -> ()
  return
}

// -----

func.func @n_regions(%c: i1) {
  // expected-error@+1 {{'scf.if' op expected 2 regions}}
  "scf.if"(%c) ({ scf.yield }) : (i1) -> ()
  return
}

// -----

func.func @at_least_regions(%i: index) {
  // expected-error@+1 {{'scf.index_switch' op expected 1 or more regions}}
  "scf.index_switch"(%i) <{cases = array<i64>}> : (index) -> ()
  return
}

// -----

func.func @one_successor_extra() {
  // expected-error@+1 {{'cf.br' op requires 1 successor but found 2}}
  "cf.br"()[^a, ^a] : () -> ()
^a:
  return
}

// -----

func.func @one_successor_missing() {
  // expected-error@+1 {{'cf.br' op requires 1 successor but found 0}}
  "cf.br"() : () -> ()
}

// -----

func.func @zero_successors() {
  // expected-error@+1 {{'func.return' op requires 0 successors but found 1}}
  "func.return"()[^a] : () -> ()
^a:
  return
}

// -----

func.func @n_successors(%c: i1) {
  // expected-error@+1 {{'cf.cond_br' op requires 2 successors but found 1}}
  "cf.cond_br"(%c)[^a] <{operandSegmentSizes = array<i32: 1, 0, 0>}> : (i1) -> ()
^a:
  return
}

// -----

func.func @at_least_successors(%x: i32) {
  // expected-error@+1 {{'cf.switch' op requires at least 1 successors but found 0}}
  "cf.switch"(%x) <{case_operand_segments = array<i32>, operandSegmentSizes = array<i32: 1, 0, 0>}> : (i32) -> ()
}

// -----

func.func @successors_before_operands() {
  // expected-error@+1 {{'cf.switch' op requires at least 1 successors but found 0}}
  "cf.switch"() <{case_operand_segments = array<i32>, operandSegmentSizes = array<i32: 0, 0, 0>}> : () -> ()
}

// -----

func.func @segment_total(%c: i1) {
  // expected-error@+1 {{'cf.cond_br' op operand count (1) does not match with the total size (2) specified in attribute 'operandSegmentSizes'}}
  "cf.cond_br"(%c)[^a, ^a] <{operandSegmentSizes = array<i32: 1, 1, 0>}> : (i1) -> ()
^a:
  return
}

// -----

// A generic op without its operandSegmentSizes has every group empty (MLIR's default).
func.func @segments_missing(%i: index) {
  // expected-error @+1 {{'memref.alloc' op operand count (1) does not match with the total size (0) specified in attribute 'operandSegmentSizes'}}
  %0 = "memref.alloc"(%i) : (index) -> memref<?xf32>
  return
}

// -----

// A terminator in the wrong parent and not last in its block: the parent is checked first.
func.func @return_misplaced() {
  "test.region"() ({
    // expected-error @+1 {{'func.return' op expects parent op 'func.func'}}
    func.return
    "test.op"() : () -> ()
  }) : () -> ()
  return
}

// -----

func.func @alloca_scope_return_misplaced() {
  "test.region"() ({
    // expected-error @+1 {{'memref.alloca_scope.return' op expects parent op 'memref.alloca_scope'}}
    memref.alloca_scope.return
    "test.op"() : () -> ()
  }) : () -> ()
  return
}
