// The rendering of diagnostics: `file:line:col: error: message`, the source line, and a caret
// under the reported column. Every chunk fails, so the run fails as a whole.
// RUN: not ir-opt %s --allow-unregistered-dialect --split-input-file 2>&1 | FileCheck %s --strict-whitespace
// -----

// CHECK: diagnostic-format.mlir:[[@LINE+3]]:17: error: unexpected character
// CHECK-NEXT: {{^}}"tst.op"() {a = `} : () -> (){{$}}
// CHECK-NEXT: {{^}}                ^{{$}}
"tst.op"() {a = `} : () -> ()
// -----

// CHECK: diagnostic-format.mlir:[[@LINE+3]]:44: error: expected '"' in string literal
// CHECK-NEXT: {{^}}  "tst.op"() {a = "unterminated} : () -> (){{$}}
// CHECK-NEXT: {{^}}                                           ^{{$}}
  "tst.op"() {a = "unterminated} : () -> ()
// -----

// CHECK: diagnostic-format.mlir:[[@LINE+3]]:17: error: integer constant out of range for attribute
// CHECK-NEXT: {{^}}"tst.op"() {a = 256 : i8} : () -> (){{$}}
// CHECK-NEXT: {{^}}                ^{{$}}
"tst.op"() {a = 256 : i8} : () -> ()
// -----

// CHECK: diagnostic-format.mlir:[[@LINE+3]]:32: error: expected '>' in tensor type
// CHECK-NEXT: {{^}}"tst.op"() : () -> tensor<4xf32{{$}}
// CHECK-NEXT: {{^}}                               ^{{$}}
"tst.op"() : () -> tensor<4xf32
// -----

// CHECK: diagnostic-format.mlir:[[@LINE+4]]:1: error: redefinition of SSA value '%x'
// CHECK-NEXT: {{^}}%x = "tst.b"() : () -> i32{{$}}
// CHECK-NEXT: {{^}}^{{$}}
%x = "tst.a"() : () -> i32
%x = "tst.b"() : () -> i32
// -----

// CHECK: diagnostic-format.mlir:[[@LINE+3]]:20: error: duplicate key 'a' in dictionary attribute
// CHECK-NEXT: {{^}}"tst.op"() {a = 1, a = 2} : () -> (){{$}}
// CHECK-NEXT: {{^}}                   ^{{$}}
"tst.op"() {a = 1, a = 2} : () -> ()
// -----

// CHECK: diagnostic-format.mlir:[[@LINE+3]]:37: error: use of undeclared identifier
// CHECK-NEXT: {{^}}"tst.op"() {a = affine_map<(d0) -> (d1)>} : () -> (){{$}}
// CHECK-NEXT: {{^}}                                    ^{{$}}
"tst.op"() {a = affine_map<(d0) -> (d1)>} : () -> ()
// -----

// CHECK: diagnostic-format.mlir:[[@LINE+4]]:3: error: 'func.return' op has 0 operands, but enclosing function (@f) returns 1
// CHECK-NEXT: {{^}}  return{{$}}
// CHECK-NEXT: {{^}}  ^{{$}}
func.func @f() -> i32 {
  return
}
// -----

// CHECK: diagnostic-format.mlir:[[@LINE+3]]:43: error: expected 'at' in callsite location
// CHECK-NEXT: {{^}}"tst.op"() : () -> () loc(callsite("a":1:1 "b":2:2)){{$}}
// CHECK-NEXT: {{^}}                                          ^{{$}}
"tst.op"() : () -> () loc(callsite("a":1:1 "b":2:2))
// -----

// CHECK: diagnostic-format.mlir:[[@LINE+3]]:17: error: integer constant out of range for attribute
// CHECK-NEXT: {{^}}"tst.op"() {a = 99999999999999999999} : () -> (){{$}}
// CHECK-NEXT: {{^}}                ^{{$}}
"tst.op"() {a = 99999999999999999999} : () -> ()
// -----

// CHECK: diagnostic-format.mlir:[[@LINE+3]]:20: error: integer bitwidth is limited to 16777215 bits
// CHECK-NEXT: {{^}}"tst.op"() : () -> i16777216{{$}}
// CHECK-NEXT: {{^}}                   ^{{$}}
"tst.op"() : () -> i16777216
// -----

// CHECK: diagnostic-format.mlir:[[@LINE+3]]:23: error: unexpected decimal integer literal for a floating point value
// CHECK-NEXT: {{^}}"tst.op"() {a = dense<1> : tensor<2xf32>} : () -> (){{$}}
// CHECK-NEXT: {{^}}                      ^{{$}}
"tst.op"() {a = dense<1> : tensor<2xf32>} : () -> ()
// -----

// CHECK: diagnostic-format.mlir:[[@LINE+3]]:36: error: undefined symbol alias id 'undefined_alias'
// CHECK-NEXT: {{^}}"tst.op"() : () -> !undefined_alias{{$}}
// CHECK-NEXT: {{^}}                                   ^{{$}}
"tst.op"() : () -> !undefined_alias
// -----

// CHECK: diagnostic-format.mlir:[[@LINE+3]]:17: error: inferred shape of elements literal ([3]) does not match type ([2])
// CHECK-NEXT: {{^}}"tst.op"() {a = dense<[1, 2, 3]> : tensor<2xi32>} : () -> (){{$}}
// CHECK-NEXT: {{^}}                ^{{$}}
"tst.op"() {a = dense<[1, 2, 3]> : tensor<2xi32>} : () -> ()
// -----

// CHECK: diagnostic-format.mlir:[[@LINE+3]]:35: error: tensor literal is invalid; ranks are not consistent between elements
// CHECK-NEXT{LITERAL}: "tst.op"() {a = dense<[[1, 2], [3]]> : tensor<2x2xi32>} : () -> ()
// CHECK-NEXT: {{^}}                                  ^{{$}}
"tst.op"() {a = dense<[[1, 2], [3]]> : tensor<2x2xi32>} : () -> ()
// -----

// CHECK: diagnostic-format.mlir:[[@LINE+3]]:20: error: vector types must have positive constant sizes but got 0
// CHECK-NEXT: {{^}}"tst.op"() : () -> vector<0xf32>{{$}}
// CHECK-NEXT: {{^}}                   ^{{$}}
"tst.op"() : () -> vector<0xf32>
// -----

// CHECK: diagnostic-format.mlir:[[@LINE+4]]:12: error: use of undeclared SSA value name
// CHECK-NEXT: {{^}}        "tst.use"(%nope) : (i32) -> (){{$}}
// CHECK-NEXT: {{^}}                  ^{{$}}
func.func @f() {
	"tst.use"(%nope) : (i32) -> ()
  return
}
// -----

// CHECK: diagnostic-format.mlir:[[@LINE+3]]:20: error: expected the number of strides to match the rank
// CHECK-NEXT: {{^}}"tst.op"() : () -> memref<4x4xf32, strided<[1]>>{{$}}
// CHECK-NEXT: {{^}}                   ^{{$}}
"tst.op"() : () -> memref<4x4xf32, strided<[1]>>
// -----

// CHECK: diagnostic-format.mlir:[[@LINE+3]]:26: error: floating point value not valid for specified type
// CHECK-NEXT: {{^}}"tst.op"() {a = 1.0 : i32} : () -> (){{$}}
// CHECK-NEXT: {{^}}                         ^{{$}}
"tst.op"() {a = 1.0 : i32} : () -> ()
// -----

// CHECK: diagnostic-format.mlir:[[@LINE+3]]:58: error: cannot have affine map for unranked memref type
// CHECK-NEXT: {{^}}"tst.op"() : () -> memref<*xf32, affine_map<(d0) -> (d0)>>{{$}}
// CHECK-NEXT: {{^}}                                                         ^{{$}}
"tst.op"() : () -> memref<*xf32, affine_map<(d0) -> (d0)>>
// -----

// CHECK: diagnostic-format.mlir:[[@LINE+3]]:23: error: integer constant out of range for type
// CHECK-NEXT: {{^}}"tst.op"() {a = dense<300> : tensor<2xi8>} : () -> (){{$}}
// CHECK-NEXT: {{^}}                      ^{{$}}
"tst.op"() {a = dense<300> : tensor<2xi8>} : () -> ()
// -----

// CHECK: diagnostic-format.mlir:[[@LINE+3]]:17: error: sparse index #0 is not contained within the value shape, with index=[5], and type='tensor<2xi32>'
// CHECK-NEXT{LITERAL}: "tst.op"() {a = sparse<[[5]], [1]> : tensor<2xi32>} : () -> ()
// CHECK-NEXT: {{^}}                ^{{$}}
"tst.op"() {a = sparse<[[5]], [1]> : tensor<2xi32>} : () -> ()
// -----

// CHECK: diagnostic-format.mlir:[[@LINE+3]]:25: error: expected operation name in quotes
// CHECK-NEXT: {{^}}"tst.op"() : () -> (i32) i32{{$}}
// CHECK-NEXT: {{^}}                        ^{{$}}
"tst.op"() : () -> (i32) i32
// -----

// CHECK: diagnostic-format.mlir:[[@LINE+3]]:35: error: unbalanced '(' character in pretty dialect name
// CHECK-NEXT: {{^}}"tst.op"() : () -> !tst.unbalanced<(]>{{$}}
// CHECK-NEXT: {{^}}                                  ^{{$}}
"tst.op"() : () -> !tst.unbalanced<(]>
