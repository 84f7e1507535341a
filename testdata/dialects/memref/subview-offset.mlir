// A subview's inferred offset is the source offset plus each static offset times the source
// stride, where a zero offset contributes zero even against a dynamic stride (MLIR's
// saturated arithmetic): these results have static offsets.
// RUN: ir-opt %s | FileCheck %s

// CHECK: memref.subview %arg1[0, 1, 0] [1, %arg0, 1] [2, 1, 1] : memref<?x?x16xf32> to memref<?xf32, strided<[16], offset: 16>>
// CHECK: memref.subview %arg2[0, 0, 0] [%arg0, 4, 4] [1, 1, 1] : memref<16x16x?xf32> to memref<?x4x4xf32, strided<[?, ?, 1]>>
func.func @f(%n: index, %a: memref<?x?x16xf32>, %b: memref<16x16x?xf32>) {
  %0 = memref.subview %a[0, 1, 0] [1, %n, 1] [2, 1, 1] : memref<?x?x16xf32> to memref<?xf32, strided<[16], offset: 16>>
  %1 = memref.subview %b[0, 0, 0] [%n, 4, 4] [1, 1, 1] : memref<16x16x?xf32> to memref<?x4x4xf32, strided<[?, ?, 1]>>
  return
}
