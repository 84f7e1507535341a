// Round trip of every memref op and its optional syntax, in the custom form and through the
// generic form (properties, defaults, segment sizes).
// RUN: ir-opt %s | FileCheck %s
// RUN: ir-opt %s --mlir-print-op-generic | ir-opt | FileCheck %s

// CHECK: #map = affine_map<(d0, d1)[s0] -> (d0 + s0, d1)>
// CHECK-NEXT: module {
// CHECK-NEXT: memref.global "private" constant @c : memref<2xi32> = dense<[1, 4]> {alignment = 64 : i64}
// CHECK-NEXT: memref.global @z : memref<3xf16> = uninitialized
// CHECK-NEXT: memref.global "private" @y : memref<4xi32>
// CHECK-NEXT: memref.global "nested" @s : memref<f32> = dense<1.000000e+00>
// CHECK-NEXT: func.func @f(%arg0: memref<?x?xf32>, %arg1: index, %arg2: index, %arg3: memref<*xf32>, %arg4: memref<2048xi8>, %arg5: f32, %arg6: memref<2xindex>) {
// CHECK-NEXT: %alloc = memref.alloc(%arg1) : memref<4x?xf32>
// CHECK-NEXT: %alloc_0 = memref.alloc()[%arg1] {alignment = 8 : i64} : memref<8x64xf32, #map, 1>
// CHECK-NEXT: %alloca = memref.alloca() : memref<4xf32>
// CHECK-NEXT: %dim = memref.dim %arg0, %arg1 : memref<?x?xf32>
// CHECK-NEXT: %0 = memref.rank %arg3 : memref<*xf32>
// CHECK-NEXT: %1 = memref.load %alloc[%arg1, %arg2] {nontemporal = true} : memref<4x?xf32>
// CHECK-NEXT: %2 = memref.load %alloc[%arg1, %arg2] {alignment = 16 : i64} : memref<4x?xf32>
// CHECK-NEXT: memref.store %1, %alloc[%arg1, %arg2] : memref<4x?xf32>
// CHECK-NEXT: memref.store %1, %alloc[%arg1, %arg2] : memref<4x?xf32>
// CHECK-NEXT: %cast = memref.cast %alloc : memref<4x?xf32> to memref<?x?xf32>
// CHECK-NEXT: %cast_1 = memref.cast %arg3 : memref<*xf32> to memref<4x?xf32>
// CHECK-NEXT: memref.copy %alloc, %cast_1 : memref<4x?xf32> to memref<4x?xf32>
// CHECK-NEXT: %subview = memref.subview %arg0[%arg1, 0] [2, %arg2] [1, 1] : memref<?x?xf32> to memref<2x?xf32, strided<[?, 1], offset: ?>>
// CHECK-NEXT: %reinterpret_cast = memref.reinterpret_cast %arg3 to offset: [0], sizes: [10, %arg1], strides: [%arg2, 1] : memref<*xf32> to memref<10x?xf32, strided<[?, 1]>>
// CHECK-NEXT: %view = memref.view %arg4[%arg1][%arg2] : memref<2048xi8> to memref<?x4xf32>
// CHECK-NEXT: %reshape = memref.reshape %alloca(%arg6) : (memref<4xf32>, memref<2xindex>) -> memref<2x2xf32>
// CHECK-NEXT: %expand_shape = memref.expand_shape %alloca {{\[\[}}0, 1]] output_shape [2, 2] : memref<4xf32> into memref<2x2xf32>
// CHECK-NEXT: %collapse_shape = memref.collapse_shape %expand_shape {{\[\[}}0, 1]] : memref<2x2xf32> into memref<4xf32>
// CHECK-NEXT: %transpose = memref.transpose %arg0 (d0, d1) -> (d1, d0) : memref<?x?xf32> to memref<?x?xf32, strided<[1, ?]>>
// CHECK-NEXT: %base_buffer, %offset, %sizes:2, %strides:2 = memref.extract_strided_metadata %arg0 : memref<?x?xf32> -> memref<f32>, index, index, index, index, index
// CHECK-NEXT: %intptr = memref.extract_aligned_pointer_as_index %arg0 : memref<?x?xf32> -> index
// CHECK-NEXT: %memspacecast = memref.memory_space_cast %alloca : memref<4xf32> to memref<4xf32, 1>
// CHECK-NEXT: %assume_align = memref.assume_alignment %alloca, 16 : memref<4xf32>
// CHECK-NEXT: %3 = memref.atomic_rmw addf %arg5, %alloca[%arg1] : (f32, memref<4xf32>) -> f32
// CHECK-NEXT: %4 = memref.generic_atomic_rmw %alloca[%arg1] : memref<4xf32> {
// CHECK-NEXT: ^bb0(%arg7: f32):
// CHECK-NEXT: %10 = arith.addf %arg7, %arg5 : f32
// CHECK-NEXT: memref.atomic_yield %10 : f32
// CHECK-NEXT: }
// CHECK-NEXT: memref.prefetch %alloc[%arg1, %arg2], read, locality<3>, data : memref<4x?xf32>
// CHECK-NEXT: memref.prefetch %alloc[%arg1, %arg2], write, locality<0>, instr : memref<4x?xf32>
// CHECK-NEXT: %5 = memref.get_global @c : memref<2xi32>
// CHECK-NEXT: %6 = memref.realloc %alloca : memref<4xf32> to memref<8xf32>
// CHECK-NEXT: %7 = memref.realloc %alloca(%arg1) {alignment = 8 : i64} : memref<4xf32> to memref<?xf32>
// CHECK-NEXT: memref.alloca_scope  {
// CHECK-NEXT: %alloca_3 = memref.alloca() : memref<4xf32>
// CHECK-NEXT: }
// CHECK-NEXT: %8 = memref.alloca_scope  -> (f32) {
// CHECK-NEXT: memref.alloca_scope.return %arg5 : f32
// CHECK-NEXT: }
// CHECK-NEXT: %alloc_2 = memref.alloc() : memref<1xi32>
// CHECK-NEXT: memref.dma_start %alloca[%arg1], %alloc[%arg1, %arg2], %arg1, %alloc_2[%arg1] : memref<4xf32>, memref<4x?xf32>, memref<1xi32>
// CHECK-NEXT: memref.dma_start %alloca[%arg1], %alloc[%arg1, %arg2], %arg1, %alloc_2[%arg1], %arg1, %arg2 : memref<4xf32>, memref<4x?xf32>, memref<1xi32>
// CHECK-NEXT: memref.dma_wait %alloc_2[%arg1], %arg1 : memref<1xi32>
// CHECK-NEXT: %9:2 = memref.distinct_objects %alloca, %alloc : memref<4xf32>, memref<4x?xf32>
// CHECK-NEXT: memref.dealloc %alloc : memref<4x?xf32>
// CHECK-NEXT: return
// CHECK-NEXT: }
// CHECK-NEXT: }

memref.global "private" constant @c : memref<2xi32> = dense<[1, 4]> {alignment = 64 : i64}
memref.global @z : memref<3xf16> = uninitialized
memref.global "private" @y : memref<4xi32>
memref.global "nested" @s : memref<f32> = dense<1.0>

func.func @f(%arg0: memref<?x?xf32>, %i: index, %j: index, %u: memref<*xf32>, %buf: memref<2048xi8>, %f: f32, %sh: memref<2xindex>) {
  %a = memref.alloc(%i) : memref<4x?xf32>
  %b = memref.alloc()[%i] {alignment = 8} : memref<8x64xf32, affine_map<(d0, d1)[s0] -> ((d0 + s0), d1)>, 1>
  %c = memref.alloca() : memref<4xf32>
  %d = memref.dim %arg0, %i : memref<?x?xf32>
  %r = memref.rank %u : memref<*xf32>
  %l = memref.load %a[%i, %j] {nontemporal = true} : memref<4x?xf32>
  %l2 = memref.load %a[%i, %j] {alignment = 16 : i64} : memref<4x?xf32>
  memref.store %l, %a[%i, %j] : memref<4x?xf32>
  memref.store %l, %a[%i, %j] {nontemporal = false} : memref<4x?xf32>
  %cast = memref.cast %a : memref<4x?xf32> to memref<?x?xf32>
  %cast2 = memref.cast %u : memref<*xf32> to memref<4x?xf32>
  memref.copy %a, %cast2 : memref<4x?xf32> to memref<4x?xf32>
  %sv = memref.subview %arg0[%i, 0] [2, %j] [1, 1] : memref<?x?xf32> to memref<2x?xf32, strided<[?, 1], offset: ?>>
  %rc = memref.reinterpret_cast %u to offset: [0], sizes: [10, %i], strides: [%j, 1] : memref<*xf32> to memref<10x?xf32, strided<[?, 1]>>
  %v = memref.view %buf[%i][%j] : memref<2048xi8> to memref<?x4xf32>
  %rs = memref.reshape %c(%sh) : (memref<4xf32>, memref<2xindex>) -> memref<2x2xf32>
  %e = memref.expand_shape %c [[0, 1]] output_shape [2, 2] : memref<4xf32> into memref<2x2xf32>
  %co = memref.collapse_shape %e [[0, 1]] : memref<2x2xf32> into memref<4xf32>
  %t = memref.transpose %arg0 (i, j) -> (j, i) : memref<?x?xf32> to memref<?x?xf32, strided<[1, ?]>>
  %base, %offset, %sizes:2, %strides:2 = memref.extract_strided_metadata %arg0 : memref<?x?xf32> -> memref<f32>, index, index, index, index, index
  %p = memref.extract_aligned_pointer_as_index %arg0 : memref<?x?xf32> -> index
  %ms = memref.memory_space_cast %c : memref<4xf32> to memref<4xf32, 1>
  %aa = memref.assume_alignment %c, 16 : memref<4xf32>
  %at = memref.atomic_rmw addf %f, %c[%i] : (f32, memref<4xf32>) -> f32
  %g = memref.generic_atomic_rmw %c[%i] : memref<4xf32> {
  ^bb0(%cur: f32):
    %s = arith.addf %cur, %f : f32
    memref.atomic_yield %s : f32
  }
  memref.prefetch %a[%i, %j], read, locality<3>, data : memref<4x?xf32>
  memref.prefetch %a[%i, %j], write, locality<0>, instr : memref<4x?xf32>
  %gg = memref.get_global @c : memref<2xi32>
  %re = memref.realloc %c : memref<4xf32> to memref<8xf32>
  %re2 = memref.realloc %c(%i) {alignment = 8} : memref<4xf32> to memref<?xf32>
  memref.alloca_scope {
    %x = memref.alloca() : memref<4xf32>
  }
  %res = memref.alloca_scope -> (f32) {
    memref.alloca_scope.return %f : f32
  }
  %tag = memref.alloc() : memref<1xi32>
  memref.dma_start %c[%i], %a[%i, %j], %i, %tag[%i] : memref<4xf32>, memref<4x?xf32>, memref<1xi32>
  memref.dma_start %c[%i], %a[%i, %j], %i, %tag[%i], %i, %j : memref<4xf32>, memref<4x?xf32>, memref<1xi32>
  memref.dma_wait %tag[%i], %i : memref<1xi32>
  %do:2 = memref.distinct_objects %c, %a : memref<4xf32>, memref<4x?xf32>
  memref.dealloc %a : memref<4x?xf32>
  return
}
