// An error emitted on an operation (a verifier's) gets a "see current operation" note: the op
// in the generic form, its values named as in the generic print of the whole module, types
// and attributes inline, elements attributes of more than 16 elements elided, on a line of its
// own when it takes several; locations only with debug info. Errors emitted at a location only
// (an empty block) get none, nor does anything with --mlir-print-op-on-diagnostic=false or
// --verify-diagnostics.
// RUN: not ir-opt %s --allow-unregistered-dialect --split-input-file 2>&1 | FileCheck %s --strict-whitespace
// RUN: not ir-opt %s --allow-unregistered-dialect --split-input-file --mlir-print-debuginfo 2>&1 | FileCheck %s --check-prefix=LOC
// RUN: not ir-opt %s --allow-unregistered-dialect --split-input-file --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s --check-prefix=OFF

// CHECK: error: 'func.call' op 'g' does not reference a valid function
// CHECK-NEXT: {{^}}    %0 = call @g(%y#1) : (i32) -> i64{{$}}
// CHECK-NEXT: {{^}}         ^{{$}}
// CHECK-NEXT: note: see current operation: %3 = "func.call"(%1#1) <{callee = @g}> : (i32) -> i64{{$}}
// LOC: note: see current operation: %3 = "func.call"(%1#1) <{callee = @g}> : (i32) -> i64 loc("{{.*}}current-operation-note.mlir":[[@LINE+9]]:10){{$}}
// OFF: error: 'func.call' op 'g' does not reference a valid function
// OFF-NOT: see current operation
func.func @f(%a: i32, %b: i32) {
  %x = arith.addi %a, %b : i32
  %y:2 = "tst.two"() : () -> (i32, i32)
  "tst.region"() ({
  ^bb0(%q: i32):
    %z = arith.addi %q, %x : i32
    %0 = call @g(%y#1) : (i32) -> i64
    "tst.t"() : () -> ()
  }) : () -> ()
  return
}

// -----

// CHECK: error: 'scf.for' op mismatch in number of loop-carried values and defined values
// CHECK-NEXT: {{^}}  %0 = "scf.for"(%a, %a, %a) ({{{$}}
// CHECK-NEXT: {{^}}       ^{{$}}
// CHECK-NEXT: note: see current operation: {{$}}
// CHECK-NEXT: {{^}}%0 = "scf.for"(%arg0, %arg0, %arg0) ({{{$}}
// CHECK-NEXT: {{^}}^bb0(%arg2: index):{{$}}
// CHECK-NEXT: {{^}}  "tst.x"(%arg1) : (tensor<4xf32>) -> (){{$}}
// CHECK-NEXT: {{^}}  "scf.yield"() : () -> (){{$}}
// CHECK-NEXT: {{^}}}) : (index, index, index) -> tensor<4xf32>{{$}}
// LOC: note: see current operation: {{$}}
// LOC-NEXT: {{^}}%0 = "scf.for"(%arg0, %arg0, %arg0) ({{{$}}
// LOC-NEXT: {{^}}^bb0(%arg2: index loc({{.*}})):{{$}}
// LOC-NEXT: {{^}}  "tst.x"(%arg1) : (tensor<4xf32>) -> () loc("x.mlir":1:1){{$}}
!t = tensor<4xf32>
func.func @f(%a: index, %t: !t) {
  %0 = "scf.for"(%a, %a, %a) ({
  ^bb0(%i: index):
    "tst.x"(%t) : (!t) -> () loc("x.mlir":1:1)
    "scf.yield"() : () -> ()
  }) : (index, index, index) -> !t
  return
}

// -----

// CHECK: error: 'affine.apply' op operand count and affine map dimension and symbol count must match
// CHECK: note: see current operation: %0 = "affine.apply"(%arg0, %arg0) <{map = affine_map<(d0) -> (d0 + 1)>}> : (index, index) -> index{{$}}
#m = affine_map<(d0) -> (d0 + 1)>
func.func @f(%a: index) {
  %0 = "affine.apply"(%a, %a) {map = #m} : (index, index) -> index
  return
}

// -----

// CHECK: error: 'arith.addi' op result #0 must be signless-integer-like, but got 'tensor<17xf32>'
// CHECK: note: see current operation: %2 = "arith.addi"(%0, %0) <{overflowFlags = #arith.overflow<none>}> {big = dense_resource<__elided__> : tensor<17xi32>, small = dense<[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16]> : tensor<16xi32>} : (tensor<17xi32>, tensor<17xi32>) -> tensor<17xf32>{{$}}
func.func @f() {
  %1 = arith.constant dense<[1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17]> : tensor<17xi32>
  %2 = arith.constant dense<[1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16]> : tensor<16xi32>
  %0 = "arith.addi"(%1, %1) {big = dense<[1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17]> : tensor<17xi32>, small = dense<[1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16]> : tensor<16xi32>}: (tensor<17xi32>, tensor<17xi32>) -> tensor<17xf32>
  return
}

// -----

// The op also shows in the message of a block that does not end with a terminator.
// CHECK: error: block with no terminator, has %0 = "arith.constant"() <{value = 1 : i32}> : () -> i32{{$}}
// CHECK-NEXT: {{^}}  %0 = arith.constant 1 : i32{{$}}
// CHECK-NEXT: {{^}}       ^{{$}}
// CHECK-NEXT: note: see current operation: %0 = "arith.constant"() <{value = 1 : i32}> : () -> i32{{$}}
func.func @f() {
  %0 = arith.constant 1 : i32
}

// -----

// The redefined symbol is the op; the note about the first definition quotes its line.
// CHECK: error: redefinition of symbol named 'f'
// CHECK-NEXT: {{^}}func.func @f() {{{$}}
// CHECK-NEXT: {{^}}^{{$}}
// CHECK-NEXT: note: see current operation: {{$}}
// CHECK-NEXT: {{^}}"func.func"() <{function_type = () -> (), sym_name = "f"}> ({{{$}}
// CHECK-NEXT: {{^}}  "func.return"() : () -> (){{$}}
// CHECK-NEXT: {{^}}}) : () -> (){{$}}
// CHECK-NEXT: note: see existing symbol definition here
// CHECK-NEXT: {{^}}func.func @f() {{{$}}
func.func @f() {
  return
}
func.func @f() {
  return
}

// -----

// CHECK: error: empty block: expect at least a terminator
// CHECK-NOT: see current operation
// CHECK: error: operand #0 does not dominate this use
func.func @f() {
^bb0:
}

// -----

// CHECK: note: see current operation: %0 = "arith.addi"(%1, %1) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
// CHECK-NEXT: note: operand defined here (op in the same block)
// CHECK-NEXT: {{^}}  %1 = arith.constant 1 : i32{{$}}
func.func @f() {
  %0 = arith.addi %1, %1 : i32
  %1 = arith.constant 1 : i32
  return
}
