// Round trip of the linalg ops and their optional syntax: generic (trait dictionary, doc,
// library_call, attrs =, block argument names %in/%out), index, map and reduce (short and
// long forms), transpose, broadcast, and named ops (fill, copy with cast, matmul with
// indexing maps and cast, contract, elementwise, OpDSL ops, convolutions, poolings), whose
// implicit regions are rebuilt when the generic form is read back.
// RUN: ir-opt %s | FileCheck %s
// RUN: ir-opt %s --mlir-print-op-generic | ir-opt --allow-unregistered-dialect | FileCheck %s

#id2 = affine_map<(d0, d1) -> (d0, d1)>
#tr2 = affine_map<(d0, d1) -> (d1, d0)>
#sc2 = affine_map<(d0, d1) -> ()>
#ma = affine_map<(d0, d1, d2) -> (d2, d0)>
#mb = affine_map<(d0, d1, d2) -> (d2, d1)>
#mc = affine_map<(d0, d1, d2) -> (d0, d1)>
func.func @generic(%s: f32, %m: memref<4x8xf32>, %t: tensor<4x8xf32>, %u: tensor<8x4xf32>) -> tensor<8x4xf32> {
  linalg.generic {indexing_maps = [#sc2, #id2], iterator_types = ["parallel", "parallel"], doc = "fill", library_call = "lib_fill"} ins(%s : f32) outs(%m : memref<4x8xf32>) attrs = {tag = 1 : i32} {
  ^bb0(%a: f32, %b: f32):
    %i = linalg.index 1 : index
    linalg.yield %a : f32
  }
  %0 = linalg.generic {indexing_maps = [#id2, #tr2], iterator_types = ["parallel", "parallel"]} ins(%t : tensor<4x8xf32>) outs(%u : tensor<8x4xf32>) {
  ^bb0(%a: f32, %b: f32):
    %1 = arith.addf %a, %b : f32
    linalg.yield %1 : f32
  } -> tensor<8x4xf32>
  return %0 : tensor<8x4xf32>
}
func.func @map_reduce(%t: tensor<4x8xf32>, %r: tensor<4xf32>, %m: memref<4x8xf32>) {
  %0 = linalg.map { arith.addf } ins(%t, %t : tensor<4x8xf32>, tensor<4x8xf32>) outs(%t : tensor<4x8xf32>)
  %1 = linalg.map { arith.mulf {fastmath = #arith.fastmath<fast>} } ins(%t, %t : tensor<4x8xf32>, tensor<4x8xf32>) outs(%t : tensor<4x8xf32>)
  %2 = linalg.map ins(%t : tensor<4x8xf32>) outs(%t : tensor<4x8xf32>) (%x: f32, %y: f32) {
    %3 = arith.addf %y, %x : f32
    linalg.yield %3 : f32
  }
  linalg.map { arith.negf } ins(%m : memref<4x8xf32>) outs(%m : memref<4x8xf32>)
  %4 = linalg.reduce { arith.maximumf } ins(%t : tensor<4x8xf32>) outs(%r : tensor<4xf32>) dimensions = [1]
  %5 = linalg.reduce ins(%t : tensor<4x8xf32>) outs(%r : tensor<4xf32>) dimensions = [1] {tag} (%x: f32, %y: f32) {
    %6 = arith.addf %x, %y : f32
    linalg.yield %6 : f32
  }
  return
}
func.func @layout(%t: tensor<4x8xf32>, %u: tensor<8x4xf32>, %v: tensor<8xf32>, %m: memref<8x4xf32>, %n: memref<4x8xf32>) {
  %0 = linalg.transpose ins(%t : tensor<4x8xf32>) outs(%u : tensor<8x4xf32>) permutation = [1, 0]
  linalg.transpose ins(%n : memref<4x8xf32>) outs(%m : memref<8x4xf32>) permutation = [1, 0] {tag}
  %1 = linalg.broadcast ins(%v : tensor<8xf32>) outs(%t : tensor<4x8xf32>) dimensions = [0]
  return
}
func.func @named(%s: f32, %a: tensor<4x8xf32>, %b: tensor<8x16xf32>, %c: tensor<4x16xf32>, %ai: tensor<4x8xi8>, %bi: tensor<8x16xi8>, %ci: tensor<4x16xi32>, %at: tensor<8x4xf32>, %m: memref<4x16xf32>, %v: tensor<8xf32>, %o: tensor<4xf32>, %z: i32) {
  %0 = linalg.fill ins(%s : f32) outs(%c : tensor<4x16xf32>) -> tensor<4x16xf32>
  linalg.fill ins(%s : f32) outs(%m : memref<4x16xf32>)
  %1 = linalg.copy ins(%c : tensor<4x16xf32>) outs(%c : tensor<4x16xf32>) -> tensor<4x16xf32>
  %2 = linalg.copy {cast = #linalg.type_fn<cast_unsigned>} ins(%ci : tensor<4x16xi32>) outs(%c : tensor<4x16xf32>) -> tensor<4x16xf32>
  %3 = linalg.matmul ins(%a, %b : tensor<4x8xf32>, tensor<8x16xf32>) outs(%c : tensor<4x16xf32>) -> tensor<4x16xf32>
  %4 = linalg.matmul indexing_maps = [#ma, #mb, #mc] ins(%at, %b : tensor<8x4xf32>, tensor<8x16xf32>) outs(%c : tensor<4x16xf32>) -> tensor<4x16xf32>
  %5 = linalg.matmul {cast = #linalg.type_fn<cast_unsigned>} ins(%ai, %bi : tensor<4x8xi8>, tensor<8x16xi8>) outs(%ci : tensor<4x16xi32>) -> tensor<4x16xi32>
  %6 = linalg.contract indexing_maps = [#ma, #mb, #mc] ins(%at, %b : tensor<8x4xf32>, tensor<8x16xf32>) outs(%c : tensor<4x16xf32>) {tag} -> tensor<4x16xf32>
  %7 = linalg.elementwise kind=#linalg.elementwise_kind<exp> ins(%c : tensor<4x16xf32>) outs(%c : tensor<4x16xf32>) -> tensor<4x16xf32>
  %8 = linalg.elementwise kind=#linalg.elementwise_kind<add> ins(%c, %c : tensor<4x16xf32>, tensor<4x16xf32>) outs(%c : tensor<4x16xf32>) -> tensor<4x16xf32>
  %9 = linalg.add ins(%c, %c : tensor<4x16xf32>, tensor<4x16xf32>) outs(%c : tensor<4x16xf32>) -> tensor<4x16xf32>
  %10 = linalg.max ins(%ci, %ci : tensor<4x16xi32>, tensor<4x16xi32>) outs(%ci : tensor<4x16xi32>) -> tensor<4x16xi32>
  %11 = linalg.exp ins(%c : tensor<4x16xf32>) outs(%c : tensor<4x16xf32>) -> tensor<4x16xf32>
  %12 = linalg.matvec ins(%a, %v : tensor<4x8xf32>, tensor<8xf32>) outs(%o : tensor<4xf32>) -> tensor<4xf32>
  %13 = linalg.quantized_matmul ins(%ai, %bi, %z, %z : tensor<4x8xi8>, tensor<8x16xi8>, i32, i32) outs(%ci : tensor<4x16xi32>) -> tensor<4x16xi32>
  return
}
func.func @batch(%a: tensor<2x4x8xf32>, %b: tensor<2x8x16xf32>, %c: tensor<2x4x16xf32>, %d: tensor<4x16xf32>) {
  %0 = linalg.batch_matmul ins(%a, %b : tensor<2x4x8xf32>, tensor<2x8x16xf32>) outs(%c : tensor<2x4x16xf32>) -> tensor<2x4x16xf32>
  %1 = linalg.batch_reduce_matmul ins(%a, %b : tensor<2x4x8xf32>, tensor<2x8x16xf32>) outs(%d : tensor<4x16xf32>) -> tensor<4x16xf32>
  return
}
func.func @conv(%i: tensor<1x9x9x3xf32>, %k: tensor<3x3x3x8xf32>, %o: tensor<1x4x4x8xf32>, %w: tensor<3x3xf32>, %p: tensor<1x4x4x3xf32>, %dk: tensor<3x3x3xf32>, %m: memref<1x9x9x3xf32>, %mk: memref<3x3x3x8xf32>, %mo: memref<1x7x7x8xf32>) {
  %0 = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>} ins(%i, %k : tensor<1x9x9x3xf32>, tensor<3x3x3x8xf32>) outs(%o : tensor<1x4x4x8xf32>) -> tensor<1x4x4x8xf32>
  linalg.conv_2d_nhwc_hwcf ins(%m, %mk : memref<1x9x9x3xf32>, memref<3x3x3x8xf32>) outs(%mo : memref<1x7x7x8xf32>)
  %1 = linalg.pooling_nhwc_max {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>} ins(%i, %w : tensor<1x9x9x3xf32>, tensor<3x3xf32>) outs(%p : tensor<1x4x4x3xf32>) -> tensor<1x4x4x3xf32>
  %2 = linalg.pooling_nhwc_sum {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>} ins(%i, %w : tensor<1x9x9x3xf32>, tensor<3x3xf32>) outs(%p : tensor<1x4x4x3xf32>) -> tensor<1x4x4x3xf32>
  %3 = linalg.depthwise_conv_2d_nhwc_hwc {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>} ins(%i, %dk : tensor<1x9x9x3xf32>, tensor<3x3x3xf32>) outs(%p : tensor<1x4x4x3xf32>) -> tensor<1x4x4x3xf32>
  return
}

// CHECK: #map = affine_map<(d0, d1) -> ()>
// CHECK-NEXT: #map1 = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-NEXT: #map2 = affine_map<(d0, d1) -> (d1, d0)>
// CHECK-NEXT: #map3 = affine_map<(d0, d1, d2) -> (d2, d0)>
// CHECK-NEXT: #map4 = affine_map<(d0, d1, d2) -> (d2, d1)>
// CHECK-NEXT: #map5 = affine_map<(d0, d1, d2) -> (d0, d1)>
// CHECK-NEXT: module {
// CHECK-NEXT: func.func @generic(%arg0: f32, %arg1: memref<4x8xf32>, %arg2: tensor<4x8xf32>, %arg3: tensor<8x4xf32>) -> tensor<8x4xf32> {
// CHECK-NEXT: linalg.generic {doc = "fill", indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel"], library_call = "lib_fill"} ins(%arg0 : f32) outs(%arg1 : memref<4x8xf32>) attrs =  {tag = 1 : i32} {
// CHECK-NEXT: ^bb0(%in: f32, %out: f32):
// CHECK-NEXT: %1 = linalg.index 1 : index
// CHECK-NEXT: linalg.yield %in : f32
// CHECK-NEXT: }
// CHECK-NEXT: %0 = linalg.generic {indexing_maps = [#map1, #map2], iterator_types = ["parallel", "parallel"]} ins(%arg2 : tensor<4x8xf32>) outs(%arg3 : tensor<8x4xf32>) {
// CHECK-NEXT: ^bb0(%in: f32, %out: f32):
// CHECK-NEXT: %1 = arith.addf %in, %out : f32
// CHECK-NEXT: linalg.yield %1 : f32
// CHECK-NEXT: } -> tensor<8x4xf32>
// CHECK-NEXT: return %0 : tensor<8x4xf32>
// CHECK-NEXT: }
// CHECK-NEXT: func.func @map_reduce(%arg0: tensor<4x8xf32>, %arg1: tensor<4xf32>, %arg2: memref<4x8xf32>) {
// CHECK-NEXT: %mapped = linalg.map { arith.addf } ins(%arg0, %arg0 : tensor<4x8xf32>, tensor<4x8xf32>) outs(%arg0 : tensor<4x8xf32>)
// CHECK-NEXT: %mapped_0 = linalg.map { arith.mulf {fastmath = #arith.fastmath<fast>} } ins(%arg0, %arg0 : tensor<4x8xf32>, tensor<4x8xf32>) outs(%arg0 : tensor<4x8xf32>)
// CHECK-NEXT: %mapped_1 = linalg.map ins(%arg0 : tensor<4x8xf32>) outs(%arg0 : tensor<4x8xf32>)
// CHECK-NEXT: (%in: f32, %init: f32) {
// CHECK-NEXT: %0 = arith.addf %init, %in : f32
// CHECK-NEXT: linalg.yield %0 : f32
// CHECK-NEXT: }
// CHECK-NEXT: linalg.map { arith.negf } ins(%arg2 : memref<4x8xf32>) outs(%arg2 : memref<4x8xf32>)
// CHECK-NEXT: %reduced = linalg.reduce { arith.maximumf } ins(%arg0 : tensor<4x8xf32>) outs(%arg1 : tensor<4xf32>) dimensions = [1]
// CHECK-NEXT: %reduced_2 = linalg.reduce ins(%arg0 : tensor<4x8xf32>) outs(%arg1 : tensor<4xf32>) dimensions = [1]  {tag}
// CHECK-NEXT: (%in: f32, %init: f32) {
// CHECK-NEXT: %0 = arith.addf %in, %init : f32
// CHECK-NEXT: linalg.yield %0 : f32
// CHECK-NEXT: }
// CHECK-NEXT: return
// CHECK-NEXT: }
// CHECK-NEXT: func.func @layout(%arg0: tensor<4x8xf32>, %arg1: tensor<8x4xf32>, %arg2: tensor<8xf32>, %arg3: memref<8x4xf32>, %arg4: memref<4x8xf32>) {
// CHECK-NEXT: %transposed = linalg.transpose ins(%arg0 : tensor<4x8xf32>) outs(%arg1 : tensor<8x4xf32>) permutation = [1, 0]
// CHECK-NEXT: linalg.transpose ins(%arg4 : memref<4x8xf32>) outs(%arg3 : memref<8x4xf32>) permutation = [1, 0]  {tag}
// CHECK-NEXT: %broadcasted = linalg.broadcast ins(%arg2 : tensor<8xf32>) outs(%arg0 : tensor<4x8xf32>) dimensions = [0]
// CHECK-NEXT: return
// CHECK-NEXT: }
// CHECK-NEXT: func.func @named(%arg0: f32, %arg1: tensor<4x8xf32>, %arg2: tensor<8x16xf32>, %arg3: tensor<4x16xf32>, %arg4: tensor<4x8xi8>, %arg5: tensor<8x16xi8>, %arg6: tensor<4x16xi32>, %arg7: tensor<8x4xf32>, %arg8: memref<4x16xf32>, %arg9: tensor<8xf32>, %arg10: tensor<4xf32>, %arg11: i32) {
// CHECK-NEXT: %0 = linalg.fill ins(%arg0 : f32) outs(%arg3 : tensor<4x16xf32>) -> tensor<4x16xf32>
// CHECK-NEXT: linalg.fill ins(%arg0 : f32) outs(%arg8 : memref<4x16xf32>)
// CHECK-NEXT: %1 = linalg.copy ins(%arg3 : tensor<4x16xf32>) outs(%arg3 : tensor<4x16xf32>) -> tensor<4x16xf32>
// CHECK-NEXT: %2 = linalg.copy {cast = #linalg.type_fn<cast_unsigned>} ins(%arg6 : tensor<4x16xi32>) outs(%arg3 : tensor<4x16xf32>) -> tensor<4x16xf32>
// CHECK-NEXT: %3 = linalg.matmul ins(%arg1, %arg2 : tensor<4x8xf32>, tensor<8x16xf32>) outs(%arg3 : tensor<4x16xf32>) -> tensor<4x16xf32>
// CHECK-NEXT: %4 = linalg.matmul indexing_maps = [#map3, #map4, #map5] ins(%arg7, %arg2 : tensor<8x4xf32>, tensor<8x16xf32>) outs(%arg3 : tensor<4x16xf32>) -> tensor<4x16xf32>
// CHECK-NEXT: %5 = linalg.matmul {cast = #linalg.type_fn<cast_unsigned>} ins(%arg4, %arg5 : tensor<4x8xi8>, tensor<8x16xi8>) outs(%arg6 : tensor<4x16xi32>) -> tensor<4x16xi32>
// CHECK-NEXT: %6 = linalg.contract indexing_maps = [#map3, #map4, #map5] {tag} ins(%arg7, %arg2 : tensor<8x4xf32>, tensor<8x16xf32>) outs(%arg3 : tensor<4x16xf32>) -> tensor<4x16xf32>
// CHECK-NEXT: %7 = linalg.elementwise kind=#linalg.elementwise_kind<exp> ins(%arg3 : tensor<4x16xf32>) outs(%arg3 : tensor<4x16xf32>) -> tensor<4x16xf32>
// CHECK-NEXT: %8 = linalg.elementwise kind=#linalg.elementwise_kind<add> ins(%arg3, %arg3 : tensor<4x16xf32>, tensor<4x16xf32>) outs(%arg3 : tensor<4x16xf32>) -> tensor<4x16xf32>
// CHECK-NEXT: %9 = linalg.add ins(%arg3, %arg3 : tensor<4x16xf32>, tensor<4x16xf32>) outs(%arg3 : tensor<4x16xf32>) -> tensor<4x16xf32>
// CHECK-NEXT: %10 = linalg.max ins(%arg6, %arg6 : tensor<4x16xi32>, tensor<4x16xi32>) outs(%arg6 : tensor<4x16xi32>) -> tensor<4x16xi32>
// CHECK-NEXT: %11 = linalg.exp ins(%arg3 : tensor<4x16xf32>) outs(%arg3 : tensor<4x16xf32>) -> tensor<4x16xf32>
// CHECK-NEXT: %12 = linalg.matvec ins(%arg1, %arg9 : tensor<4x8xf32>, tensor<8xf32>) outs(%arg10 : tensor<4xf32>) -> tensor<4xf32>
// CHECK-NEXT: %13 = linalg.quantized_matmul ins(%arg4, %arg5, %arg11, %arg11 : tensor<4x8xi8>, tensor<8x16xi8>, i32, i32) outs(%arg6 : tensor<4x16xi32>) -> tensor<4x16xi32>
// CHECK-NEXT: return
// CHECK-NEXT: }
// CHECK-NEXT: func.func @batch(%arg0: tensor<2x4x8xf32>, %arg1: tensor<2x8x16xf32>, %arg2: tensor<2x4x16xf32>, %arg3: tensor<4x16xf32>) {
// CHECK-NEXT: %0 = linalg.batch_matmul ins(%arg0, %arg1 : tensor<2x4x8xf32>, tensor<2x8x16xf32>) outs(%arg2 : tensor<2x4x16xf32>) -> tensor<2x4x16xf32>
// CHECK-NEXT: %1 = linalg.batch_reduce_matmul ins(%arg0, %arg1 : tensor<2x4x8xf32>, tensor<2x8x16xf32>) outs(%arg3 : tensor<4x16xf32>) -> tensor<4x16xf32>
// CHECK-NEXT: return
// CHECK-NEXT: }
// CHECK-NEXT: func.func @conv(%arg0: tensor<1x9x9x3xf32>, %arg1: tensor<3x3x3x8xf32>, %arg2: tensor<1x4x4x8xf32>, %arg3: tensor<3x3xf32>, %arg4: tensor<1x4x4x3xf32>, %arg5: tensor<3x3x3xf32>, %arg6: memref<1x9x9x3xf32>, %arg7: memref<3x3x3x8xf32>, %arg8: memref<1x7x7x8xf32>) {
// CHECK-NEXT: %0 = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>} ins(%arg0, %arg1 : tensor<1x9x9x3xf32>, tensor<3x3x3x8xf32>) outs(%arg2 : tensor<1x4x4x8xf32>) -> tensor<1x4x4x8xf32>
// CHECK-NEXT: linalg.conv_2d_nhwc_hwcf ins(%arg6, %arg7 : memref<1x9x9x3xf32>, memref<3x3x3x8xf32>) outs(%arg8 : memref<1x7x7x8xf32>)
// CHECK-NEXT: %1 = linalg.pooling_nhwc_max {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>} ins(%arg0, %arg3 : tensor<1x9x9x3xf32>, tensor<3x3xf32>) outs(%arg4 : tensor<1x4x4x3xf32>) -> tensor<1x4x4x3xf32>
// CHECK-NEXT: %2 = linalg.pooling_nhwc_sum {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>} ins(%arg0, %arg3 : tensor<1x9x9x3xf32>, tensor<3x3xf32>) outs(%arg4 : tensor<1x4x4x3xf32>) -> tensor<1x4x4x3xf32>
// CHECK-NEXT: %3 = linalg.depthwise_conv_2d_nhwc_hwc {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>} ins(%arg0, %arg5 : tensor<1x9x9x3xf32>, tensor<3x3x3xf32>) outs(%arg4 : tensor<1x4x4x3xf32>) -> tensor<1x4x4x3xf32>
// CHECK-NEXT: return
// CHECK-NEXT: }
// CHECK-NEXT: }
