// RUN: ir-opt %s | FileCheck %s
// RUN: ir-opt %s --mlir-print-op-generic | ir-opt | FileCheck %s
// RUN: ir-opt %s --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC

// Round trip of every affine op and its optional syntax (bounds as constants, SSA values,
// maps with min/max; iter_args; if/else with results; parallel with min/max groups, steps
// and reductions; subscripts with symbol(); DMA with and without strides; linearize
// with disjoint). Aliases are given only to the maps the custom form prints.

// CHECK: #map = affine_map<(d0)[s0] -> (d0 + s0)>
// CHECK: #map1 = affine_map<() -> (7)>
// CHECK: #map2 = affine_map<(d0)[s0] -> (d0 + s0, 100)>
// CHECK: #map3 = affine_map<(d0) -> (d0, 3)>
// CHECK: #map4 = affine_map<(d0) -> (d0)>
// CHECK: #map5 = affine_map<(d0) -> (d0 + 4)>
// CHECK: #set = affine_set<(d0)[s0] : (d0 >= 0, -d0 + s0 - 1 >= 0)>
// CHECK: func.func @ops(%arg0: memref<100x100xf32>, %arg1: index, %arg2: vector<4xf32>, %arg3: memref<1xi32>, %arg4: memref<f32>) -> index {
// CHECK: %c0 = arith.constant 0 : index
// CHECK: %0 = affine.apply #map(%arg1)[%c0]
// CHECK: %1 = affine.apply #map1()
// CHECK: %2 = affine.min #map2(%arg1)[%c0]
// CHECK: %3 = affine.max #map3(%arg1) {some.attr}
// CHECK: affine.for %arg5 = 0 to 10 step 2 {
// CHECK: affine.for %arg6 = max #map2(%arg5)[%arg1] to min #map2(%arg5)[%arg1] {
// CHECK: %13 = affine.load %arg0[%arg5 + 3, %arg6 * 2 + symbol(%arg1)] : memref<100x100xf32>
// CHECK: affine.store %13, %arg0[%arg5, %arg6] : memref<100x100xf32>
// CHECK: %14 = affine.vector_load %arg0[%arg5, %arg6] : memref<100x100xf32>, vector<4xf32>
// CHECK: affine.vector_store %14, %arg0[%arg5, %arg6 floordiv 4] : memref<100x100xf32>, vector<4xf32>
// CHECK: affine.prefetch %arg0[%arg5, %arg6 + 5], read, locality<3>, data : memref<100x100xf32>
// CHECK: affine.prefetch %arg0[%arg5, %arg6], write, locality<0>, instr : memref<100x100xf32>
// CHECK: affine.if #set(%arg5)[%arg1] {
// CHECK: affine.store %13, %arg0[%arg5, %arg6] : memref<100x100xf32>
// CHECK: affine.if #set(%arg6)[%arg1] {
// CHECK: affine.for %arg5 = #map4(%arg1) to #map5(%arg1) {
// CHECK: } {some.attr = 1 : i32}
// CHECK: %4 = affine.for %arg5 = %c0 to %arg1 iter_args(%arg6 = %c0) -> (index) {
// CHECK: %13 = arith.addi %arg6, %arg5 : index
// CHECK: affine.yield %13 : index
// CHECK: %5:2 = affine.if #set(%arg1)[%arg1] -> (index, index) {
// CHECK: affine.yield %arg1, %arg1 : index, index
// CHECK: affine.yield %c0, %c0 : index, index
// CHECK: %6 = affine.load %arg4[] : memref<f32>
// CHECK: affine.parallel (%arg5, %arg6) = (0, max(%arg1, 3)) to (10, min(%arg1 + 2, 20)) step (1, 2) {
// CHECK: %7 = affine.parallel (%arg5) = (0) to (10) reduce ("addf") -> (f32) {
// CHECK: %13 = affine.load %arg0[%arg5, %arg5] : memref<100x100xf32>
// CHECK: affine.yield %13 : f32
// CHECK: affine.parallel () = () to () {
// CHECK: affine.dma_start %arg0[%c0, %c0], %arg0[%arg1, %arg1], %arg3[%c0], %arg1 : memref<100x100xf32>, memref<100x100xf32>, memref<1xi32>
// CHECK: affine.dma_start %arg0[%c0, %c0], %arg0[%arg1, %arg1], %arg3[%c0], %arg1, %arg1, %arg1 : memref<100x100xf32>, memref<100x100xf32>, memref<1xi32>
// CHECK: affine.dma_wait %arg3[%c0], %arg1 : memref<1xi32>
// CHECK: %8:3 = affine.delinearize_index %arg1 into (4, %arg1, 8) : index, index, index
// CHECK: %9:2 = affine.delinearize_index %arg1 into (%arg1, 8) : index, index
// CHECK: %10 = affine.delinearize_index %arg1 into () : index
// CHECK: %11 = affine.linearize_index [%8#0, %8#1, %8#2] by (4, %arg1, 8) : index
// CHECK: %12 = affine.linearize_index disjoint [%8#1, %8#2] by (%arg1, 8) : index
// CHECK: return %0 : index

// GENERIC: #map = affine_map<(d0)[s0] -> (d0 + s0)>
// GENERIC: #map1 = affine_map<() -> (7)>
// GENERIC: #map2 = affine_map<(d0)[s0] -> (d0 + s0, 100)>
// GENERIC: #map3 = affine_map<(d0) -> (d0, 3)>
// GENERIC: #map4 = affine_map<(d0, d1)[s0] -> (d0 + 3, d1 * 2 + s0)>
// GENERIC: #map5 = affine_map<(d0, d1) -> (d0, d1)>
// GENERIC: #map6 = affine_map<(d0, d1) -> (d0, d1 floordiv 4)>
// GENERIC: #map7 = affine_map<(d0, d1) -> (d0, d1 + 5)>
// GENERIC: #map8 = affine_map<() -> (0)>
// GENERIC: #map9 = affine_map<() -> (10)>
// GENERIC: #map10 = affine_map<(d0) -> (d0)>
// GENERIC: #map11 = affine_map<(d0) -> (d0 + 4)>
// GENERIC: #map12 = affine_map<()[s0] -> (s0)>
// GENERIC: #map13 = affine_map<() -> ()>
// GENERIC: #map14 = affine_map<(d0) -> (0, d0, 3)>
// GENERIC: #map15 = affine_map<(d0) -> (10, d0 + 2, 20)>
// GENERIC: #map16 = affine_map<(d0) -> (d0, d0)>
// GENERIC: #set = affine_set<(d0)[s0] : (d0 >= 0, -d0 + s0 - 1 >= 0)>
// GENERIC: %1 = "affine.apply"(%arg1, %0) <{map = #map}> : (index, index) -> index
// GENERIC: %2 = "affine.apply"() <{map = #map1}> : () -> index
// GENERIC: %3 = "affine.min"(%arg1, %0) <{map = #map2}> : (index, index) -> index
// GENERIC: %4 = "affine.max"(%arg1) <{map = #map3}> {some.attr} : (index) -> index
// GENERIC: "affine.for"() <{lowerBoundMap = #map8, operandSegmentSizes = array<i32: 0, 0, 0>, step = 2 : index, upperBoundMap = #map9}> ({
// GENERIC: "affine.for"(%arg11, %arg1, %arg11, %arg1) <{lowerBoundMap = #map2, operandSegmentSizes = array<i32: 2, 2, 0>, step = 1 : index, upperBoundMap = #map2}> ({
// GENERIC: %16 = "affine.load"(%arg0, %arg11, %arg12, %arg1) <{map = #map4}> : (memref<100x100xf32>, index, index, index) -> f32
// GENERIC: "affine.store"(%16, %arg0, %arg11, %arg12) <{map = #map5}> : (f32, memref<100x100xf32>, index, index) -> ()
// GENERIC: %17 = "affine.vector_load"(%arg0, %arg11, %arg12) <{map = #map5}> : (memref<100x100xf32>, index, index) -> vector<4xf32>
// GENERIC: "affine.vector_store"(%17, %arg0, %arg11, %arg12) <{map = #map6}> : (vector<4xf32>, memref<100x100xf32>, index, index) -> ()
// GENERIC: "affine.prefetch"(%arg0, %arg11, %arg12) <{isDataCache = true, isWrite = false, localityHint = 3 : i32, map = #map7}> : (memref<100x100xf32>, index, index) -> ()
// GENERIC: "affine.prefetch"(%arg0, %arg11, %arg12) <{isDataCache = false, isWrite = true, localityHint = 0 : i32, map = #map5}> : (memref<100x100xf32>, index, index) -> ()
// GENERIC: "affine.if"(%arg11, %arg1) <{condition = #set}> ({
// GENERIC: "affine.store"(%16, %arg0, %arg11, %arg12) <{map = #map5}> : (f32, memref<100x100xf32>, index, index) -> ()
// GENERIC: "affine.yield"() : () -> ()
// GENERIC: "affine.yield"() : () -> ()
// GENERIC: "affine.if"(%arg12, %arg1) <{condition = #set}> ({
// GENERIC: "affine.yield"() : () -> ()
// GENERIC: "affine.yield"() : () -> ()
// GENERIC: "affine.yield"() : () -> ()
// GENERIC: "affine.for"(%arg1, %arg1) <{lowerBoundMap = #map10, operandSegmentSizes = array<i32: 1, 1, 0>, step = 1 : index, upperBoundMap = #map11}> ({
// GENERIC: "affine.yield"() : () -> ()
// GENERIC: %5 = "affine.for"(%0, %arg1, %0) <{lowerBoundMap = #map12, operandSegmentSizes = array<i32: 1, 1, 1>, step = 1 : index, upperBoundMap = #map12}> ({
// GENERIC: "affine.yield"(%15) : (index) -> ()
// GENERIC: %6:2 = "affine.if"(%arg1, %arg1) <{condition = #set}> ({
// GENERIC: "affine.yield"(%arg1, %arg1) : (index, index) -> ()
// GENERIC: "affine.yield"(%0, %0) : (index, index) -> ()
// GENERIC: %7 = "affine.load"(%arg4) <{map = #map13}> : (memref<f32>) -> f32
// GENERIC: "affine.parallel"(%arg1, %arg1) <{lowerBoundsGroups = dense<[1, 2]> : tensor<2xi32>, lowerBoundsMap = #map14, reductions = [], steps = [1, 2], upperBoundsGroups = dense<[1, 2]> : tensor<2xi32>, upperBoundsMap = #map15}> ({
// GENERIC: "affine.yield"() : () -> ()
// GENERIC: %8 = "affine.parallel"() <{lowerBoundsGroups = dense<1> : tensor<1xi32>, lowerBoundsMap = #map8, reductions = [0], steps = [1], upperBoundsGroups = dense<1> : tensor<1xi32>, upperBoundsMap = #map9}> ({
// GENERIC: %14 = "affine.load"(%arg0, %arg5) <{map = #map16}> : (memref<100x100xf32>, index) -> f32
// GENERIC: "affine.yield"(%14) : (f32) -> ()
// GENERIC: "affine.parallel"() <{lowerBoundsGroups = dense<> : tensor<0xi32>, lowerBoundsMap = #map13, reductions = [], steps = [], upperBoundsGroups = dense<> : tensor<0xi32>, upperBoundsMap = #map13}> ({
// GENERIC: "affine.yield"() : () -> ()
// GENERIC: "affine.dma_start"(%arg0, %0, %arg0, %arg1, %arg3, %0, %arg1) {dst_map = #map16, src_map = #map16, tag_map = #map10} : (memref<100x100xf32>, index, memref<100x100xf32>, index, memref<1xi32>, index, index) -> ()
// GENERIC: "affine.dma_start"(%arg0, %0, %arg0, %arg1, %arg3, %0, %arg1, %arg1, %arg1) {dst_map = #map16, src_map = #map16, tag_map = #map10} : (memref<100x100xf32>, index, memref<100x100xf32>, index, memref<1xi32>, index, index, index, index) -> ()
// GENERIC: "affine.dma_wait"(%arg3, %0, %arg1) {tag_map = #map10} : (memref<1xi32>, index, index) -> ()
// GENERIC: %9:3 = "affine.delinearize_index"(%arg1, %arg1) <{static_basis = array<i64: 4, -9223372036854775808, 8>}> : (index, index) -> (index, index, index)
// GENERIC: %10:2 = "affine.delinearize_index"(%arg1, %arg1) <{static_basis = array<i64: -9223372036854775808, 8>}> : (index, index) -> (index, index)
// GENERIC: %11 = "affine.delinearize_index"(%arg1) <{static_basis = array<i64>}> : (index) -> index
// GENERIC: %12 = "affine.linearize_index"(%9#0, %9#1, %9#2, %arg1) <{disjoint = false, operandSegmentSizes = array<i32: 3, 1>, static_basis = array<i64: 4, -9223372036854775808, 8>}> : (index, index, index, index) -> index
// GENERIC: %13 = "affine.linearize_index"(%9#1, %9#2, %arg1) <{disjoint, operandSegmentSizes = array<i32: 2, 1>, static_basis = array<i64: -9223372036854775808, 8>}> : (index, index, index) -> index

#map = affine_map<(d0)[s0] -> (d0 + s0, 100)>
#set = affine_set<(d0)[s0] : (d0 >= 0, s0 - d0 - 1 >= 0)>

func.func @ops(%m: memref<100x100xf32>, %n: index, %v: vector<4xf32>, %t: memref<1xi32>, %z: memref<f32>) -> index {
  %c0 = arith.constant 0 : index
  %a = affine.apply affine_map<(d0)[s0] -> (d0 + s0)>(%n)[%c0]
  %a2 = affine.apply affine_map<() -> (7)>()
  %mn = affine.min #map(%n)[%c0]
  %mx = affine.max affine_map<(d0) -> (d0, 3)>(%n) {some.attr}
  affine.for %i = 0 to 10 step 2 {
    affine.for %j = max #map(%i)[%n] to min #map(%i)[%n] {
      %x = affine.load %m[%i + 3, %j * 2 + symbol(%n)] : memref<100x100xf32>
      affine.store %x, %m[%i, %j] : memref<100x100xf32>
      %vv = affine.vector_load %m[%i, %j] : memref<100x100xf32>, vector<4xf32>
      affine.vector_store %vv, %m[%i, %j floordiv 4] : memref<100x100xf32>, vector<4xf32>
      affine.prefetch %m[%i, %j + 5], read, locality<3>, data : memref<100x100xf32>
      affine.prefetch %m[%i, %j], write, locality<0>, instr : memref<100x100xf32>
      affine.if #set(%i)[%n] {
        affine.store %x, %m[%i, %j] : memref<100x100xf32>
      } else {
      }
      affine.if #set(%j)[%n] {
      }
    }
  }
  affine.for %i = affine_map<(d0) -> (d0)>(%n) to affine_map<(d0) -> (d0 + 4)>(%n) {
  } {some.attr = 1 : i32}
  %s = affine.for %i = %c0 to %n iter_args(%acc = %c0) -> (index) {
    %y = arith.addi %acc, %i : index
    affine.yield %y : index
  }
  %r2:2 = affine.if #set(%n)[%n] -> (index, index) {
    affine.yield %n, %n : index, index
  } else {
    affine.yield %c0, %c0 : index, index
  }
  %f = affine.load %z[] : memref<f32>
  affine.parallel (%i, %j) = (0, max(%n, 3)) to (10, min(%n + 2, 20)) step (1, 2) {
    affine.yield
  }
  %r = affine.parallel (%i) = (0) to (10) reduce ("addf") -> f32 {
    %x = affine.load %m[%i, %i] : memref<100x100xf32>
    affine.yield %x : f32
  }
  affine.parallel () = () to () {
  }
  affine.dma_start %m[%c0, %c0], %m[%n, %n], %t[%c0], %n : memref<100x100xf32>, memref<100x100xf32>, memref<1xi32>
  affine.dma_start %m[%c0, %c0], %m[%n, %n], %t[%c0], %n, %n, %n : memref<100x100xf32>, memref<100x100xf32>, memref<1xi32>
  affine.dma_wait %t[%c0], %n : memref<1xi32>
  %d:3 = affine.delinearize_index %n into (4, %n, 8) : index, index, index
  %d2:2 = affine.delinearize_index %n into (%n, 8) : index, index
  %d3 = affine.delinearize_index %n into () : index
  %l = affine.linearize_index [%d#0, %d#1, %d#2] by (4, %n, 8) : index
  %l2 = affine.linearize_index disjoint [%d#1, %d#2] by (%n, 8) : index
  return %a : index
}
