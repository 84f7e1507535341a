// Every bufferization op and its optional syntax, printed in the custom form, round-tripped
// through the generic form, and (GENERIC) the generic form with its properties.
// RUN: ir-opt %s | FileCheck %s
// RUN: ir-opt %s --mlir-print-op-generic | ir-opt | FileCheck %s
// RUN: ir-opt %s --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC

// CHECK-LABEL: func.func @f(%arg0: memref<4xf32>, %arg1: tensor<4xf32>, %arg2: index, %arg3: i1, %arg4: tensor<?xf32>) {
// CHECK-NEXT: %0 = bufferization.to_tensor %arg0 restrict writable : memref<4xf32> to tensor<4xf32>
// CHECK-NEXT: %1 = bufferization.to_buffer %arg1 read_only : tensor<4xf32> to memref<4xf32>
// CHECK-NEXT: %2 = bufferization.alloc_tensor(%arg2) : tensor<?xf32>
// CHECK-NEXT: %3 = bufferization.alloc_tensor() copy(%arg1) : tensor<4xf32>
// CHECK-NEXT: %4 = bufferization.alloc_tensor(%arg2) size_hint=%arg2 : tensor<?xf32>
// CHECK-NEXT: %5 = bufferization.alloc_tensor(%arg2) {memory_space = 1 : i64} : tensor<?xf32>
// CHECK-NEXT: %6 = bufferization.materialize_in_destination %arg1 in %arg1 : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
// CHECK-NEXT: bufferization.materialize_in_destination %arg1 in restrict writable %arg0 : (tensor<4xf32>, memref<4xf32>) -> ()
// CHECK-NEXT: bufferization.dealloc_tensor %arg1 : tensor<4xf32>
// CHECK-NEXT: %7 = bufferization.clone %arg0 : memref<4xf32> to memref<4xf32>
// CHECK-NEXT: %8:2 = bufferization.dealloc (%arg0 : memref<4xf32>) if (%arg3) retain (%arg0, %arg0 : memref<4xf32>, memref<4xf32>)
// CHECK-NEXT: bufferization.dealloc{{$}}
// CHECK-NEXT: bufferization.dealloc (%arg0 : memref<4xf32>) if (%arg3)
// CHECK-NEXT: return
// CHECK-NEXT: }
// GENERIC: %0 = "bufferization.to_tensor"(%arg0) <{restrict, writable}> : (memref<4xf32>) -> tensor<4xf32>
// GENERIC: %1 = "bufferization.to_buffer"(%arg1) <{read_only}> : (tensor<4xf32>) -> memref<4xf32>
// GENERIC: %2 = "bufferization.alloc_tensor"(%arg2) <{operandSegmentSizes = array<i32: 1, 0, 0>}> : (index) -> tensor<?xf32>
// GENERIC: %3 = "bufferization.alloc_tensor"(%arg1) <{operandSegmentSizes = array<i32: 0, 1, 0>}> : (tensor<4xf32>) -> tensor<4xf32>
// GENERIC: %4 = "bufferization.alloc_tensor"(%arg2, %arg2) <{operandSegmentSizes = array<i32: 1, 0, 1>}> : (index, index) -> tensor<?xf32>
// GENERIC: %5 = "bufferization.alloc_tensor"(%arg2) <{memory_space = 1 : i64, operandSegmentSizes = array<i32: 1, 0, 0>}> : (index) -> tensor<?xf32>
// GENERIC: %6 = "bufferization.materialize_in_destination"(%arg1, %arg1) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
// GENERIC: "bufferization.materialize_in_destination"(%arg1, %arg0) <{restrict, writable}> : (tensor<4xf32>, memref<4xf32>) -> ()
// GENERIC: "bufferization.dealloc_tensor"(%arg1) : (tensor<4xf32>) -> ()
// GENERIC: %7 = "bufferization.clone"(%arg0) : (memref<4xf32>) -> memref<4xf32>
// GENERIC: %8:2 = "bufferization.dealloc"(%arg0, %arg3, %arg0, %arg0) <{operandSegmentSizes = array<i32: 1, 1, 2>}> : (memref<4xf32>, i1, memref<4xf32>, memref<4xf32>) -> (i1, i1)
// GENERIC: "bufferization.dealloc"() <{operandSegmentSizes = array<i32: 0, 0, 0>}> : () -> ()
// GENERIC: "bufferization.dealloc"(%arg0, %arg3) <{operandSegmentSizes = array<i32: 1, 1, 0>}> : (memref<4xf32>, i1) -> ()
func.func @f(%m: memref<4xf32>, %t: tensor<4xf32>, %d: index, %c: i1, %u: tensor<?xf32>) {
  %0 = bufferization.to_tensor %m restrict writable : memref<4xf32> to tensor<4xf32>
  %1 = bufferization.to_buffer %t read_only : tensor<4xf32> to memref<4xf32>
  %2 = bufferization.alloc_tensor(%d) : tensor<?xf32>
  %3 = bufferization.alloc_tensor() copy(%t) : tensor<4xf32>
  %4 = bufferization.alloc_tensor(%d) size_hint=%d : tensor<?xf32>
  %5 = bufferization.alloc_tensor(%d) {memory_space = 1 : i64} : tensor<?xf32>
  %6 = bufferization.materialize_in_destination %t in %t : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  bufferization.materialize_in_destination %t in restrict writable %m : (tensor<4xf32>, memref<4xf32>) -> ()
  bufferization.dealloc_tensor %t : tensor<4xf32>
  %7 = bufferization.clone %m : memref<4xf32> to memref<4xf32>
  %8:2 = bufferization.dealloc (%m : memref<4xf32>) if (%c) retain (%m, %m : memref<4xf32>, memref<4xf32>)
  bufferization.dealloc
  bufferization.dealloc (%m : memref<4xf32>) if (%c)
  return
}
