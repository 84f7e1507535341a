// Canonicalization of tensor and memref: dim of a static extent is a constant (of a dynamic
// alloc extent, its size operand), casts fold into their users and vanish when they change no
// type, tensor.extract reads splats, constants and from_elements operands, from_elements of
// constants is a constant, and allocations only stored into and deallocated are erased.
// Idempotent.
// RUN: ir-opt %s --canonicalize --allow-unregistered-dialect | FileCheck %s
// RUN: ir-opt %s --canonicalize --canonicalize --allow-unregistered-dialect | FileCheck %s

// CHECK-LABEL: func.func @dims(%arg0: tensor<4x?xf32>, %arg1: memref<?x8xf32>, %arg2: index) -> (index, index, index, index, index) {
// CHECK-NEXT: %c8 = arith.constant 8 : index
// CHECK-NEXT: %c1 = arith.constant 1 : index
// CHECK-NEXT: %c4 = arith.constant 4 : index
// CHECK-NEXT: %dim = tensor.dim %arg0, %c1 : tensor<4x?xf32>
// CHECK-NEXT: %alloc = memref.alloc(%arg2) : memref<?x8xf32>
// CHECK-NEXT: "u.use"(%alloc) : (memref<?x8xf32>) -> ()
// CHECK-NEXT: %dim_0 = tensor.dim %arg0, %c1 : tensor<4x?xf32>
// CHECK-NEXT: return %c4, %dim, %c8, %arg2, %dim_0 : index, index, index, index, index
// CHECK-NEXT: }
func.func @dims(%t: tensor<4x?xf32>, %m: memref<?x8xf32>, %n: index) -> (index, index, index, index, index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = tensor.dim %t, %c0 : tensor<4x?xf32>
  %b = tensor.dim %t, %c1 : tensor<4x?xf32>
  %c = memref.dim %m, %c1 : memref<?x8xf32>
  %al = memref.alloc(%n) : memref<?x8xf32>
  %d = memref.dim %al, %c0 : memref<?x8xf32>
  "u.use"(%al) : (memref<?x8xf32>) -> ()
  %cast = tensor.cast %t : tensor<4x?xf32> to tensor<?x?xf32>
  %e = tensor.dim %cast, %c1 : tensor<?x?xf32>
  return %a, %b, %c, %d, %e : index, index, index, index, index
}

// CHECK-LABEL: func.func @extracts(%arg0: f32, %arg1: f32) -> (f32, i32, f32) {
// CHECK-NEXT: %cst = arith.constant 2.000000e+00 : f32
// CHECK-NEXT: %c3_i32 = arith.constant 3 : i32
// CHECK-NEXT: return %cst, %c3_i32, %arg1 : f32, i32, f32
// CHECK-NEXT: }
func.func @extracts(%x: f32, %y: f32) -> (f32, i32, f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %s = arith.constant dense<2.0> : tensor<4xf32>
  %a = tensor.extract %s[%c1] : tensor<4xf32>
  %d = arith.constant dense<[[1, 2], [3, 4]]> : tensor<2x2xi32>
  %b = tensor.extract %d[%c1, %c0] : tensor<2x2xi32>
  %f = tensor.from_elements %x, %y : tensor<2xf32>
  %c = tensor.extract %f[%c1] : tensor<2xf32>
  return %a, %b, %c : f32, i32, f32
}

// CHECK-LABEL: func.func @from_constants() -> tensor<3xi32> {
// CHECK-NEXT: %cst = arith.constant dense<[1, 2, 1]> : tensor<3xi32>
// CHECK-NEXT: return %cst : tensor<3xi32>
// CHECK-NEXT: }
func.func @from_constants() -> tensor<3xi32> {
  %a = arith.constant 1 : i32
  %b = arith.constant 2 : i32
  %t = tensor.from_elements %a, %b, %a : tensor<3xi32>
  return %t : tensor<3xi32>
}

// CHECK-LABEL: func.func @memref_casts(%arg0: memref<4xf32>, %arg1: f32) -> f32 {
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %0 = memref.load %arg0[%c0] : memref<4xf32>
// CHECK-NEXT: memref.store %arg1, %arg0[%c0] : memref<4xf32>
// CHECK-NEXT: "u.use"(%arg0) : (memref<4xf32>) -> ()
// CHECK-NEXT: return %0 : f32
// CHECK-NEXT: }
func.func @memref_casts(%m: memref<4xf32>, %v: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %cast = memref.cast %m : memref<4xf32> to memref<?xf32>
  %l = memref.load %cast[%c0] : memref<?xf32>
  memref.store %v, %cast[%c0] : memref<?xf32>
  %same = memref.cast %m : memref<4xf32> to memref<4xf32>
  "u.use"(%same) : (memref<4xf32>) -> ()
  return %l : f32
}

// CHECK-LABEL: func.func @dead_alloc(%arg0: f32) {
// CHECK-NEXT: return
// CHECK-NEXT: }
func.func @dead_alloc(%v: f32) {
  %c0 = arith.constant 0 : index
  %a = memref.alloc() : memref<4xf32>
  memref.store %v, %a[%c0] : memref<4xf32>
  memref.dealloc %a : memref<4xf32>
  %b = memref.alloca() : memref<2xf32>
  return
}
