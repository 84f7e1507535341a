// The generic form of every memref op: properties (with defaults left out where MLIR leaves
// them out), operand segment sizes, regions.
// RUN: ir-opt %s --mlir-print-op-generic | FileCheck %s

// CHECK: #map = affine_map<(d0, d1)[s0] -> (d0 + s0, d1)>
// CHECK-NEXT: #map1 = affine_map<(d0, d1) -> (d1, d0)>
// CHECK-NEXT: "builtin.module"() ({
// CHECK-NEXT: "memref.global"() <{alignment = 64 : i64, constant, initial_value = dense<[1, 4]> : tensor<2xi32>, sym_name = "c", sym_visibility = "private", type = memref<2xi32>}> : () -> ()
// CHECK-NEXT: "memref.global"() <{initial_value, sym_name = "z", type = memref<3xf16>}> : () -> ()
// CHECK-NEXT: "memref.global"() <{sym_name = "y", sym_visibility = "private", type = memref<4xi32>}> : () -> ()
// CHECK-NEXT: "memref.global"() <{initial_value = dense<1.000000e+00> : tensor<f32>, sym_name = "s", sym_visibility = "nested", type = memref<f32>}> : () -> ()
// CHECK-NEXT: "func.func"() <{function_type = (memref<?x?xf32>, index, index, memref<*xf32>, memref<2048xi8>, f32, memref<2xindex>) -> (), sym_name = "f"}> ({
// CHECK-NEXT: ^bb0(%arg0: memref<?x?xf32>, %arg1: index, %arg2: index, %arg3: memref<*xf32>, %arg4: memref<2048xi8>, %arg5: f32, %arg6: memref<2xindex>):
// CHECK-NEXT: %0 = "memref.alloc"(%arg1) <{operandSegmentSizes = array<i32: 1, 0>}> : (index) -> memref<4x?xf32>
// CHECK-NEXT: %1 = "memref.alloc"(%arg1) <{alignment = 8 : i64, operandSegmentSizes = array<i32: 0, 1>}> : (index) -> memref<8x64xf32, #map, 1>
// CHECK-NEXT: %2 = "memref.alloca"() <{operandSegmentSizes = array<i32: 0, 0>}> : () -> memref<4xf32>
// CHECK-NEXT: %3 = "memref.dim"(%arg0, %arg1) : (memref<?x?xf32>, index) -> index
// CHECK-NEXT: %4 = "memref.rank"(%arg3) : (memref<*xf32>) -> index
// CHECK-NEXT: %5 = "memref.load"(%0, %arg1, %arg2) <{nontemporal = true}> : (memref<4x?xf32>, index, index) -> f32
// CHECK-NEXT: %6 = "memref.load"(%0, %arg1, %arg2) <{alignment = 16 : i64}> : (memref<4x?xf32>, index, index) -> f32
// CHECK-NEXT: "memref.store"(%5, %0, %arg1, %arg2) : (f32, memref<4x?xf32>, index, index) -> ()
// CHECK-NEXT: "memref.store"(%5, %0, %arg1, %arg2) <{nontemporal = false}> : (f32, memref<4x?xf32>, index, index) -> ()
// CHECK-NEXT: %7 = "memref.cast"(%0) : (memref<4x?xf32>) -> memref<?x?xf32>
// CHECK-NEXT: %8 = "memref.cast"(%arg3) : (memref<*xf32>) -> memref<4x?xf32>
// CHECK-NEXT: "memref.copy"(%0, %8) : (memref<4x?xf32>, memref<4x?xf32>) -> ()
// CHECK-NEXT: %9 = "memref.subview"(%arg0, %arg1, %arg2) <{operandSegmentSizes = array<i32: 1, 1, 1, 0>, static_offsets = array<i64: -9223372036854775808, 0>, static_sizes = array<i64: 2, -9223372036854775808>, static_strides = array<i64: 1, 1>}> : (memref<?x?xf32>, index, index) -> memref<2x?xf32, strided<[?, 1], offset: ?>>
// CHECK-NEXT: %10 = "memref.reinterpret_cast"(%arg3, %arg1, %arg2) <{operandSegmentSizes = array<i32: 1, 0, 1, 1>, static_offsets = array<i64: 0>, static_sizes = array<i64: 10, -9223372036854775808>, static_strides = array<i64: -9223372036854775808, 1>}> : (memref<*xf32>, index, index) -> memref<10x?xf32, strided<[?, 1]>>
// CHECK-NEXT: %11 = "memref.view"(%arg4, %arg1, %arg2) : (memref<2048xi8>, index, index) -> memref<?x4xf32>
// CHECK-NEXT: %12 = "memref.reshape"(%2, %arg6) : (memref<4xf32>, memref<2xindex>) -> memref<2x2xf32>
// CHECK-NEXT: %13 = "memref.expand_shape"(%2) <{reassociation = {{\[\[}}0, 1]], static_output_shape = array<i64: 2, 2>}> : (memref<4xf32>) -> memref<2x2xf32>
// CHECK-NEXT: %14 = "memref.collapse_shape"(%13) <{reassociation = {{\[\[}}0, 1]]}> : (memref<2x2xf32>) -> memref<4xf32>
// CHECK-NEXT: %15 = "memref.transpose"(%arg0) <{permutation = #map1}> : (memref<?x?xf32>) -> memref<?x?xf32, strided<[1, ?]>>
// CHECK-NEXT: %16:6 = "memref.extract_strided_metadata"(%arg0) : (memref<?x?xf32>) -> (memref<f32>, index, index, index, index, index)
// CHECK-NEXT: %17 = "memref.extract_aligned_pointer_as_index"(%arg0) : (memref<?x?xf32>) -> index
// CHECK-NEXT: %18 = "memref.memory_space_cast"(%2) : (memref<4xf32>) -> memref<4xf32, 1>
// CHECK-NEXT: %19 = "memref.assume_alignment"(%2) <{alignment = 16 : i32}> : (memref<4xf32>) -> memref<4xf32>
// CHECK-NEXT: %20 = "memref.atomic_rmw"(%arg5, %2, %arg1) <{kind = 0 : i64}> : (f32, memref<4xf32>, index) -> f32
// CHECK-NEXT: %21 = "memref.generic_atomic_rmw"(%2, %arg1) ({
// CHECK-NEXT: ^bb0(%arg7: f32):
// CHECK-NEXT: %29 = "arith.addf"(%arg7, %arg5) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
// CHECK-NEXT: "memref.atomic_yield"(%29) : (f32) -> ()
// CHECK-NEXT: }) : (memref<4xf32>, index) -> f32
// CHECK-NEXT: "memref.prefetch"(%0, %arg1, %arg2) <{isDataCache = true, isWrite = false, localityHint = 3 : i32}> : (memref<4x?xf32>, index, index) -> ()
// CHECK-NEXT: "memref.prefetch"(%0, %arg1, %arg2) <{isDataCache = false, isWrite = true, localityHint = 0 : i32}> : (memref<4x?xf32>, index, index) -> ()
// CHECK-NEXT: %22 = "memref.get_global"() <{name = @c}> : () -> memref<2xi32>
// CHECK-NEXT: %23 = "memref.realloc"(%2) : (memref<4xf32>) -> memref<8xf32>
// CHECK-NEXT: %24 = "memref.realloc"(%2, %arg1) <{alignment = 8 : i64}> : (memref<4xf32>, index) -> memref<?xf32>
// CHECK-NEXT: "memref.alloca_scope"() ({
// CHECK-NEXT: %28 = "memref.alloca"() <{operandSegmentSizes = array<i32: 0, 0>}> : () -> memref<4xf32>
// CHECK-NEXT: "memref.alloca_scope.return"() : () -> ()
// CHECK-NEXT: }) : () -> ()
// CHECK-NEXT: %25 = "memref.alloca_scope"() ({
// CHECK-NEXT: "memref.alloca_scope.return"(%arg5) : (f32) -> ()
// CHECK-NEXT: }) : () -> f32
// CHECK-NEXT: %26 = "memref.alloc"() <{operandSegmentSizes = array<i32: 0, 0>}> : () -> memref<1xi32>
// CHECK-NEXT: "memref.dma_start"(%2, %arg1, %0, %arg1, %arg2, %arg1, %26, %arg1) : (memref<4xf32>, index, memref<4x?xf32>, index, index, index, memref<1xi32>, index) -> ()
// CHECK-NEXT: "memref.dma_start"(%2, %arg1, %0, %arg1, %arg2, %arg1, %26, %arg1, %arg1, %arg2) : (memref<4xf32>, index, memref<4x?xf32>, index, index, index, memref<1xi32>, index, index, index) -> ()
// CHECK-NEXT: "memref.dma_wait"(%26, %arg1, %arg1) : (memref<1xi32>, index, index) -> ()
// CHECK-NEXT: %27:2 = "memref.distinct_objects"(%2, %0) : (memref<4xf32>, memref<4x?xf32>) -> (memref<4xf32>, memref<4x?xf32>)
// CHECK-NEXT: "memref.dealloc"(%0) : (memref<4x?xf32>) -> ()
// CHECK-NEXT: "func.return"() : () -> ()
// CHECK-NEXT: }) : () -> ()
// CHECK-NEXT: }) : () -> ()

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
