// Diagnostics of the index dialect: operand, result and attribute constraints and casts.
// RUN: ir-opt %s --split-input-file --verify-diagnostics

func.func @f(%a: i32) {
  // expected-error@+1 {{'index.casts' op operand type 'i32' and result type 'i64' are cast incompatible}}
  %0 = index.casts %a : i32 to i64
  return
}

// -----

func.func @f(%a: index) {
  // expected-error@+1 {{'index.castu' op operand type 'index' and result type 'index' are cast incompatible}}
  %0 = index.castu %a : index to index
  return
}

// -----

func.func @f() {
  // expected-error@+1 {{'index.constant' op attribute 'value' failed to satisfy constraint: index attribute}}
  %0 = "index.constant"() <{value = 1 : i32}> : () -> index
  return
}

// -----

func.func @f(%a: index) {
  // expected-error@+1 {{'index.add' op result #0 must be index, but got 'i32'}}
  %0 = "index.add"(%a, %a) : (index, index) -> i32
  return
}

// -----

func.func @f(%a: i64) {
  // expected-error@+1 {{'index.cmp' op operand #0 must be index, but got 'i64'}}
  %0 = "index.cmp"(%a, %a) <{pred = #index<cmp_predicate eq>}> : (i64, i64) -> i1
  return
}
