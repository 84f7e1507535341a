// --cse: equivalent side-effect-free ops are merged into the dominating one, unused pure ops
// are erased, ops with effects (unregistered ops) are kept, and regions of unregistered ops get
// a fresh scope; region ops have the effects of their bodies, and reads merge when no write
// comes between. Running it twice changes nothing more (idempotence).
// RUN: ir-opt %s --allow-unregistered-dialect --split-input-file --cse | FileCheck %s
// RUN: ir-opt %s --allow-unregistered-dialect --split-input-file --cse --cse | FileCheck %s
// RUN: ir-opt %s --allow-unregistered-dialect --split-input-file --pass-pipeline='builtin.module(func.func(cse))' | FileCheck %s

// CHECK-LABEL: func.func @simple_constant
// CHECK-NEXT: %[[C:.*]] = arith.constant 1 : i32
// CHECK-NEXT: return %[[C]], %[[C]] : i32, i32
func.func @simple_constant() -> (i32, i32) {
  %0 = arith.constant 1 : i32
  %1 = arith.constant 1 : i32
  return %0, %1 : i32, i32
}

// -----

// CHECK-LABEL: func.func @different_attrs_stay
// CHECK-NEXT: arith.constant 1 : i32
// CHECK-NEXT: arith.constant 2 : i32
// CHECK-NEXT: arith.addi %{{.*}}, %{{.*}} : i32
// CHECK-NEXT: arith.addi %{{.*}}, %{{.*}} overflow<nsw> : i32
func.func @different_attrs_stay() -> (i32, i32) {
  %0 = arith.constant 1 : i32
  %1 = arith.constant 2 : i32
  %2 = arith.addi %0, %1 : i32
  %3 = arith.addi %0, %1 overflow<nsw> : i32
  return %2, %3 : i32, i32
}

// -----

// Operands are compared after earlier replacements: the second chain folds onto the first.
// CHECK-LABEL: func.func @chains
// CHECK-NEXT: %[[A:.*]] = arith.addi %arg0, %arg1 : i32
// CHECK-NEXT: %[[M:.*]] = arith.muli %[[A]], %[[A]] : i32
// CHECK-NEXT: return %[[M]], %[[M]] : i32, i32
func.func @chains(%a: i32, %b: i32) -> (i32, i32) {
  %0 = arith.addi %a, %b : i32
  %1 = arith.muli %0, %0 : i32
  %2 = arith.addi %a, %b : i32
  %3 = arith.muli %2, %2 : i32
  return %1, %3 : i32, i32
}

// -----

// Unused pure ops disappear; unregistered ops (unknown effects) stay.
// CHECK-LABEL: func.func @dead
// CHECK-NEXT: "foo.effect"() : () -> i32
// CHECK-NEXT: return
func.func @dead() {
  %0 = arith.constant 7 : i64
  %1 = "foo.effect"() : () -> i32
  %2 = arith.addi %1, %1 : i32
  return
}

// -----

// A value from above is reused inside a nested region of a registered op's parent block,
// but an unregistered op's regions start with a fresh table.
// CHECK-LABEL: func.func @regions
// CHECK-NEXT: %[[C:.*]] = arith.constant 0 : index
// CHECK-NEXT: "foo.region"() ({
// CHECK-NEXT:   %[[D:.*]] = arith.constant 0 : index
// CHECK-NEXT:   "foo.use"(%[[D]], %[[D]]) : (index, index) -> ()
// CHECK:      "foo.use"(%[[C]]) : (index) -> ()
func.func @regions() {
  %0 = arith.constant 0 : index
  "foo.region"() ({
    %1 = arith.constant 0 : index
    %2 = arith.constant 0 : index
    "foo.use"(%1, %2) : (index, index) -> ()
    "foo.yield"() : () -> ()
  }) : () -> ()
  "foo.use"(%0) : (index) -> ()
  return
}

// -----

// Blocks that do not dominate each other do not share values; the entry block's do.
// CHECK-LABEL: func.func @blocks
// CHECK: ^bb1:
// CHECK-NEXT: %[[X:.*]] = arith.constant 5 : i32
// CHECK-NEXT: "foo.use"(%[[X]], %c4_i32) : (i32, i32) -> ()
// CHECK: ^bb2:
// CHECK-NEXT: %[[Y:.*]] = arith.constant 5 : i32
// CHECK-NEXT: "foo.use"(%[[Y]], %c4_i32) : (i32, i32) -> ()
func.func @blocks(%c: i1) {
  %0 = arith.constant 4 : i32
  "foo.br"(%c)[^bb1, ^bb2] : (i1) -> ()
^bb1:
  %1 = arith.constant 5 : i32
  %2 = arith.constant 4 : i32
  "foo.use"(%1, %2) : (i32, i32) -> ()
  return
^bb2:
  %3 = arith.constant 5 : i32
  "foo.use"(%3, %0) : (i32, i32) -> ()
  return
}

// -----

// Loops and branches have the effects of their bodies: unused ones with pure bodies are
// erased (scf.forall with its shared_outs too), one holding a store is kept.
// CHECK-LABEL: func.func @recursive_effects
// CHECK-NEXT: scf.if %arg0 {
// CHECK-NEXT: vector.store
// CHECK-NEXT: }
// CHECK-NEXT: return
func.func @recursive_effects(%c: i1, %f: f32, %i: index, %t: tensor<4xf32>, %m: memref<4xf32>, %v: vector<4xf32>) {
  %0 = scf.if %c -> f32 {
    scf.yield %f : f32
  } else {
    scf.yield %f : f32
  }
  %1 = scf.for %k = %i to %i step %i iter_args(%a = %f) -> f32 {
    scf.yield %a : f32
  }
  %2 = affine.for %k = 0 to 4 iter_args(%a = %f) -> f32 {
    affine.yield %a : f32
  }
  %3 = scf.forall (%k) in (4) shared_outs(%o = %t) -> tensor<4xf32> {
  }
  %4 = tensor.generate {
  ^bb0(%x: index):
    tensor.yield %f : f32
  } : tensor<4xf32>
  scf.if %c {
    vector.store %v, %m[%i] : memref<4xf32>, vector<4xf32>
  }
  return
}

// -----

// Reads are merged unless a write may come between, and erased when unused; transfers on
// tensors have no memory effect at all.
// CHECK-LABEL: func.func @reads
// CHECK-NEXT: %[[A:.*]] = vector.load %arg0[%arg1]
// CHECK-NEXT: %[[B:.*]] = affine.load %arg0[%arg1]
// CHECK-NEXT: "tst.write"() : () -> ()
// CHECK-NEXT: %[[C:.*]] = vector.load %arg0[%arg1]
// CHECK-NEXT: %[[T:.*]] = vector.transfer_read %arg2[%arg1]
// CHECK-NEXT: "tst.write"() : () -> ()
// CHECK-NEXT: "tst.use"(%[[A]], %[[A]], %[[B]], %[[B]], %[[C]], %[[T]], %[[T]])
// CHECK-NEXT: return
func.func @reads(%m: memref<4xf32>, %i: index, %t: tensor<4xf32>, %f: f32) {
  %a = vector.load %m[%i] : memref<4xf32>, vector<4xf32>
  %a2 = vector.load %m[%i] : memref<4xf32>, vector<4xf32>
  %b = affine.load %m[%i] : memref<4xf32>
  %b2 = affine.load %m[%i] : memref<4xf32>
  %dead = vector.transfer_read %m[%i], %f : memref<4xf32>, vector<4xf32>
  "tst.write"() : () -> ()
  %c = vector.load %m[%i] : memref<4xf32>, vector<4xf32>
  %t1 = vector.transfer_read %t[%i], %f : tensor<4xf32>, vector<4xf32>
  "tst.write"() : () -> ()
  %t2 = vector.transfer_read %t[%i], %f : tensor<4xf32>, vector<4xf32>
  "tst.use"(%a, %a2, %b, %b2, %c, %t1, %t2) : (vector<4xf32>, vector<4xf32>, f32, f32, vector<4xf32>, vector<4xf32>, vector<4xf32>) -> ()
  return
}

// -----

// memref: unused allocations and loads are erased, equal loads merge unless a store lies
// between them, and memref.dim is pure.
// CHECK-LABEL: func.func @memref_effects
// CHECK-NEXT: %[[D:.*]] = memref.dim %arg0, %arg1 : memref<4xf32>
// CHECK-NEXT: %[[L0:.*]] = memref.load %arg0[%arg1] : memref<4xf32>
// CHECK-NEXT: memref.store %arg2, %arg0[%arg1] : memref<4xf32>
// CHECK-NEXT: %[[L1:.*]] = memref.load %arg0[%arg1] : memref<4xf32>
// CHECK-NEXT: %[[L2:.*]] = memref.load %arg0[%[[D]]] : memref<4xf32>
// CHECK-NEXT: return %[[L0]], %[[L0]], %[[L1]], %[[L2]], %[[L2]] : f32, f32, f32, f32, f32
func.func @memref_effects(%m: memref<4xf32>, %i: index, %v: f32) -> (f32, f32, f32, f32, f32) {
  %a = memref.alloc() : memref<4xf32>
  %b = memref.alloca() : memref<4xf32>
  %d = memref.dim %m, %i : memref<4xf32>
  %d2 = memref.dim %m, %i : memref<4xf32>
  %0 = memref.load %m[%i] : memref<4xf32>
  %1 = memref.load %m[%i] : memref<4xf32>
  memref.store %v, %m[%i] : memref<4xf32>
  %2 = memref.load %m[%i] : memref<4xf32>
  %3 = memref.load %m[%d] : memref<4xf32>
  %4 = memref.load %m[%d2] : memref<4xf32>
  return %0, %1, %2, %3, %4 : f32, f32, f32, f32, f32
}

// -----

// A slice written in custom and in generic form has one and the same static-offset array, so
// CSE merges the two.
// CHECK-LABEL: func.func @custom_and_generic_arrays
// CHECK-NEXT: %[[S:.*]] = tensor.extract_slice
// CHECK-NEXT: return %[[S]], %[[S]]
func.func @custom_and_generic_arrays(%t: tensor<8xf32>, %i: index) -> (tensor<?xf32>, tensor<?xf32>) {
  %0 = tensor.extract_slice %t[%i] [%i] [1] : tensor<8xf32> to tensor<?xf32>
  %1 = "tensor.extract_slice"(%t, %i, %i) <{operandSegmentSizes = array<i32: 1, 1, 1, 0>, static_offsets = array<i64: -9223372036854775808>, static_sizes = array<i64: -9223372036854775808>, static_strides = array<i64: 1>}> : (tensor<8xf32>, index, index) -> tensor<?xf32>
  return %0, %1 : tensor<?xf32>, tensor<?xf32>
}

// -----

// A read kept because a write comes between is not equal to the earlier read: ops using the
// two stay apart.
// CHECK-LABEL: func.func @reads_after_a_write_differ
// CHECK-NEXT: %[[A:.*]] = memref.load %arg0[]
// CHECK-NEXT: memref.store
// CHECK-NEXT: %[[B:.*]] = memref.load %arg0[]
// CHECK-NEXT: %[[X:.*]] = arith.addi %[[A]], %[[A]] : i32
// CHECK-NEXT: %[[Y:.*]] = arith.addi %[[B]], %[[B]] : i32
// CHECK-NEXT: return %[[X]], %[[Y]], %[[Y]] : i32, i32, i32
func.func @reads_after_a_write_differ(%m: memref<i32>, %v: i32) -> (i32, i32, i32) {
  %0 = memref.load %m[] : memref<i32>
  memref.store %v, %m[] : memref<i32>
  %1 = memref.load %m[] : memref<i32>
  %2 = arith.addi %0, %0 : i32
  %3 = arith.addi %1, %1 : i32
  %4 = memref.load %m[] : memref<i32>
  %5 = arith.addi %4, %4 : i32
  return %2, %3, %5 : i32, i32, i32
}

// -----

// Ops with several results merge result by result.
// CHECK-LABEL: func.func @several_results
// CHECK-NEXT: %[[L:.*]], %[[H:.*]] = arith.mulsi_extended
// CHECK-NEXT: return %[[H]], %[[H]], %[[L]] : i32, i32, i32
func.func @several_results(%a: i32) -> (i32, i32, i32) {
  %m:2 = arith.mulsi_extended %a, %a : i32
  %n:2 = arith.mulsi_extended %a, %a : i32
  return %m#1, %n#1, %n#0 : i32, i32, i32
}

// -----

// The operands of commutative ops are compared as a multiset; other ops keep their order.
// CHECK-LABEL: func.func @commutative
// CHECK-NEXT: %[[X:.*]] = arith.xori %arg1, %arg0 : i32
// CHECK-NEXT: %[[M:.*]] = arith.muli %arg0, %[[X]] : i32
// CHECK-NEXT: %[[S:.*]] = arith.subi %arg0, %arg1 : i32
// CHECK-NEXT: %[[T:.*]] = arith.subi %arg1, %arg0 : i32
// CHECK-NEXT: return %[[X]], %[[X]], %[[M]], %[[M]], %[[S]], %[[T]]
func.func @commutative(%a: i32, %b: i32) -> (i32, i32, i32, i32, i32, i32) {
  %0 = arith.xori %b, %a : i32
  %1 = arith.xori %a, %b : i32
  %2 = arith.muli %a, %0 : i32
  %3 = arith.muli %1, %a : i32
  %4 = arith.subi %a, %b : i32
  %5 = arith.subi %b, %a : i32
  return %0, %1, %2, %3, %4, %5 : i32, i32, i32, i32, i32, i32
}

// -----

// Ops of more than four operands (kept apart from the small ones' e-nodes) merge when every
// operand matches in order, leaves and computed values alike.
// CHECK-LABEL: func.func @many_operands
// CHECK-NEXT: %[[X:.*]] = arith.addi %arg0, %arg1 : i32
// CHECK-NEXT: %[[E:.*]] = tensor.from_elements %arg0, %arg1, %arg2, %[[X]], %arg0, %arg1 : tensor<6xi32>
// CHECK-NEXT: %[[F:.*]] = tensor.from_elements %arg1, %arg0, %arg2, %[[X]], %arg0, %arg1 : tensor<6xi32>
// CHECK-NEXT: %[[G:.*]] = tensor.from_elements %arg0, %arg1, %arg2, %[[X]], %arg0, %arg2 : tensor<6xi32>
// CHECK-NEXT: return %[[E]], %[[E]], %[[F]], %[[G]]
func.func @many_operands(%a: i32, %b: i32, %c: i32) -> (tensor<6xi32>, tensor<6xi32>, tensor<6xi32>, tensor<6xi32>) {
  %x = arith.addi %a, %b : i32
  %y = arith.addi %a, %b : i32
  %0 = tensor.from_elements %a, %b, %c, %x, %a, %b : tensor<6xi32>
  %1 = tensor.from_elements %a, %b, %c, %y, %a, %b : tensor<6xi32>
  %2 = tensor.from_elements %b, %a, %c, %x, %a, %b : tensor<6xi32>
  %3 = tensor.from_elements %a, %b, %c, %x, %a, %c : tensor<6xi32>
  return %0, %1, %2, %3 : tensor<6xi32>, tensor<6xi32>, tensor<6xi32>, tensor<6xi32>
}
