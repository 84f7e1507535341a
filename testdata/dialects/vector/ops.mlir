// Round trip of every vector op and its optional syntax (masks, fastmath, kinds, print
// punctuation, transfer defaults), in the custom form and through the generic form.
// RUN: ir-opt %s | FileCheck %s
// RUN: ir-opt %s --mlir-print-op-generic | ir-opt | FileCheck %s

func.func @f(%m: memref<4x4xf32>, %a44: vector<4x4xf32>, %i: index, %f: f32, %v: vector<4xf32>, %v2: vector<2x4xf32>, %mask: vector<4xi1>, %iv: vector<4xindex>, %vi: vector<4xi32>) {
  %0 = vector.vscale
  %1 = vector.bitcast %v : vector<4xf32> to vector<4xi32>
  %2 = vector.broadcast %f : f32 to vector<4xf32>
  %3 = vector.shuffle %v, %v [0, 1, 5] : vector<4xf32>, vector<4xf32>
  %4 = vector.extract %v2[1] : vector<4xf32> from vector<2x4xf32>
  %5 = vector.insert %v, %v2 [%i] : vector<4xf32> into vector<2x4xf32>
  %6 = vector.extract_strided_slice %v {offsets = [1], sizes = [2], strides = [1]} : vector<4xf32> to vector<2xf32>
  %7 = vector.insert_strided_slice %6, %v {offsets = [1], strides = [1]} : vector<2xf32> into vector<4xf32>
  %8 = vector.fma %v, %v, %v : vector<4xf32>
  %9 = vector.load %m[%i, %i] {alignment = 8} : memref<4x4xf32>, vector<4xf32>
  vector.store %v, %m[%i, %i] {alignment = 8, nontemporal = true} : memref<4x4xf32>, vector<4xf32>
  %10 = vector.maskedload %m[%i, %i], %mask, %v : memref<4x4xf32>, vector<4xi1>, vector<4xf32> into vector<4xf32>
  vector.maskedstore %m[%i, %i], %mask, %v : memref<4x4xf32>, vector<4xi1>, vector<4xf32>
  %11 = vector.gather %m[%i, %i] [%iv], %mask, %v : memref<4x4xf32>, vector<4xindex>, vector<4xi1>, vector<4xf32> into vector<4xf32>
  vector.scatter %m[%i, %i] [%iv], %mask, %v : memref<4x4xf32>, vector<4xindex>, vector<4xi1>, vector<4xf32>
  %12 = vector.expandload %m[%i, %i], %mask, %v : memref<4x4xf32>, vector<4xi1>, vector<4xf32> into vector<4xf32>
  vector.compressstore %m[%i, %i], %mask, %v : memref<4x4xf32>, vector<4xi1>, vector<4xf32>
  vector.print %v : vector<4xf32>
  vector.print str "hello"
  vector.print %f : f32 punctuation <comma>
  vector.print punctuation <open>
  %13 = vector.create_mask %i, %i : vector<4x4xi1>
  %14 = vector.constant_mask [2, 3] : vector<4x4xi1>
  %15 = vector.reduction <add>, %v, %f fastmath<fast> : vector<4xf32> into f32
  %16 = vector.multi_reduction <add>, %v2, %v [0] : vector<2x4xf32> to vector<4xf32>
  %17 = vector.shape_cast %v2 : vector<2x4xf32> to vector<8xf32>
  %18 = vector.transpose %v2, [1, 0] : vector<2x4xf32> to vector<4x2xf32>
  %19 = vector.type_cast %m : memref<4x4xf32> to memref<vector<4x4xf32>>
  %20 = vector.from_elements %f, %f : vector<2xf32>
  %21:4 = vector.to_elements %v : vector<4xf32>
  %22 = vector.step : vector<4xindex>
  %23 = vector.interleave %v, %v : vector<4xf32> -> vector<8xf32>
  %24, %25 = vector.deinterleave %23 : vector<8xf32> -> vector<4xf32>
  %26, %27 = vector.scan <add>, %v2, %v {inclusive = true, reduction_dim = 0} : vector<2x4xf32>, vector<4xf32>
  %28 = vector.outerproduct %v, %v, %a44 {kind = #vector.kind<maxnumf>} : vector<4xf32>, vector<4xf32>
  %29 = vector.outerproduct %v, %f : vector<4xf32>, f32
  %30 = vector.mask %mask { vector.reduction <add>, %v : vector<4xf32> into f32 } : vector<4xi1> -> f32
  vector.mask %mask { vector.transfer_write %v, %m[%i, %i] : vector<4xf32>, memref<4x4xf32> } : vector<4xi1>
  %31 = vector.transfer_read %m[%i, %i], %f, %mask {in_bounds = [false]} : memref<4x4xf32>, vector<4xf32>
  %32 = vector.transfer_read %m[%i, %i], %f : memref<4x4xf32>, vector<4xf32>
  %33 = vector.contract {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>, affine_map<(i) -> ()>], iterator_types = ["reduction"]} %v, %v, %f : vector<4xf32>, vector<4xf32> into f32
  %34 = vector.contract {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>, affine_map<(i) -> ()>], iterator_types = ["reduction"], kind = #vector.kind<maxnumf>} %v, %v, %f {test.x} : vector<4xf32>, vector<4xf32> into f32
  return
}

// CHECK: #map = affine_map<(d0) -> (d0)>
// CHECK-NEXT: #map1 = affine_map<(d0) -> ()>
// CHECK-LABEL: func.func @f(%arg0: memref<4x4xf32>, %arg1: vector<4x4xf32>, %arg2: index, %arg3: f32, %arg4: vector<4xf32>, %arg5: vector<2x4xf32>, %arg6: vector<4xi1>, %arg7: vector<4xindex>, %arg8: vector<4xi32>) {
// CHECK-NEXT: %vscale = vector.vscale
// CHECK-NEXT: %0 = vector.bitcast %arg4 : vector<4xf32> to vector<4xi32>
// CHECK-NEXT: %1 = vector.broadcast %arg3 : f32 to vector<4xf32>
// CHECK-NEXT: %2 = vector.shuffle %arg4, %arg4 [0, 1, 5] : vector<4xf32>, vector<4xf32>
// CHECK-NEXT: %3 = vector.extract %arg5[1] : vector<4xf32> from vector<2x4xf32>
// CHECK-NEXT: %4 = vector.insert %arg4, %arg5 [%arg2] : vector<4xf32> into vector<2x4xf32>
// CHECK-NEXT: %5 = vector.extract_strided_slice %arg4 {offsets = [1], sizes = [2], strides = [1]} : vector<4xf32> to vector<2xf32>
// CHECK-NEXT: %6 = vector.insert_strided_slice %5, %arg4 {offsets = [1], strides = [1]} : vector<2xf32> into vector<4xf32>
// CHECK-NEXT: %7 = vector.fma %arg4, %arg4, %arg4 : vector<4xf32>
// CHECK-NEXT: %8 = vector.load %arg0[%arg2, %arg2] {alignment = 8 : i64} : memref<4x4xf32>, vector<4xf32>
// CHECK-NEXT: vector.store %arg4, %arg0[%arg2, %arg2] {alignment = 8 : i64, nontemporal = true} : memref<4x4xf32>, vector<4xf32>
// CHECK-NEXT: %9 = vector.maskedload %arg0[%arg2, %arg2], %arg6, %arg4 : memref<4x4xf32>, vector<4xi1>, vector<4xf32> into vector<4xf32>
// CHECK-NEXT: vector.maskedstore %arg0[%arg2, %arg2], %arg6, %arg4 : memref<4x4xf32>, vector<4xi1>, vector<4xf32>
// CHECK-NEXT: %10 = vector.gather %arg0[%arg2, %arg2] [%arg7], %arg6, %arg4 : memref<4x4xf32>, vector<4xindex>, vector<4xi1>, vector<4xf32> into vector<4xf32>
// CHECK-NEXT: vector.scatter %arg0[%arg2, %arg2] [%arg7], %arg6, %arg4 : memref<4x4xf32>, vector<4xindex>, vector<4xi1>, vector<4xf32>
// CHECK-NEXT: %11 = vector.expandload %arg0[%arg2, %arg2], %arg6, %arg4 : memref<4x4xf32>, vector<4xi1>, vector<4xf32> into vector<4xf32>
// CHECK-NEXT: vector.compressstore %arg0[%arg2, %arg2], %arg6, %arg4 : memref<4x4xf32>, vector<4xi1>, vector<4xf32>
// CHECK-NEXT: vector.print %arg4 : vector<4xf32>
// CHECK-NEXT: vector.print str "hello"
// CHECK-NEXT: vector.print %arg3 : f32 punctuation <comma>
// CHECK-NEXT: vector.print punctuation <open>
// CHECK-NEXT: %12 = vector.create_mask %arg2, %arg2 : vector<4x4xi1>
// CHECK-NEXT: %13 = vector.constant_mask [2, 3] : vector<4x4xi1>
// CHECK-NEXT: %14 = vector.reduction <add>, %arg4, %arg3 fastmath<fast> : vector<4xf32> into f32
// CHECK-NEXT: %15 = vector.multi_reduction <add>, %arg5, %arg4 [0] : vector<2x4xf32> to vector<4xf32>
// CHECK-NEXT: %16 = vector.shape_cast %arg5 : vector<2x4xf32> to vector<8xf32>
// CHECK-NEXT: %17 = vector.transpose %arg5, [1, 0] : vector<2x4xf32> to vector<4x2xf32>
// CHECK-NEXT: %18 = vector.type_cast %arg0 : memref<4x4xf32> to memref<vector<4x4xf32>>
// CHECK-NEXT: %19 = vector.from_elements %arg3, %arg3 : vector<2xf32>
// CHECK-NEXT: %20:4 = vector.to_elements %arg4 : vector<4xf32>
// CHECK-NEXT: %21 = vector.step : vector<4xindex>
// CHECK-NEXT: %22 = vector.interleave %arg4, %arg4 : vector<4xf32> -> vector<8xf32>
// CHECK-NEXT: %res1, %res2 = vector.deinterleave %22 : vector<8xf32> -> vector<4xf32>
// CHECK-NEXT: %dest, %accumulated_value = vector.scan <add>, %arg5, %arg4 {inclusive = true, reduction_dim = 0 : i64} : vector<2x4xf32>, vector<4xf32>
// CHECK-NEXT: %23 = vector.outerproduct %arg4, %arg4, %arg1 {kind = #vector.kind<maxnumf>} : vector<4xf32>, vector<4xf32>
// CHECK-NEXT: %24 = vector.outerproduct %arg4, %arg3 : vector<4xf32>, f32
// CHECK-NEXT: %25 = vector.mask %arg6 { vector.reduction <add>, %arg4 : vector<4xf32> into f32 } : vector<4xi1> -> f32
// CHECK-NEXT: vector.mask %arg6 { vector.transfer_write %arg4, %arg0[%arg2, %arg2] : vector<4xf32>, memref<4x4xf32> } : vector<4xi1>
// CHECK-NEXT: %26 = vector.transfer_read %arg0[%arg2, %arg2], %arg3, %arg6 : memref<4x4xf32>, vector<4xf32>
// CHECK-NEXT: %27 = vector.transfer_read %arg0[%arg2, %arg2], %arg3 : memref<4x4xf32>, vector<4xf32>
// CHECK-NEXT: %28 = vector.contract {indexing_maps = [#map, #map, #map1], iterator_types = ["reduction"], kind = #vector.kind<add>} %arg4, %arg4, %arg3 : vector<4xf32>, vector<4xf32> into f32
// CHECK-NEXT: %29 = vector.contract {indexing_maps = [#map, #map, #map1], iterator_types = ["reduction"], kind = #vector.kind<maxnumf>} %arg4, %arg4, %arg3 {test.x} : vector<4xf32>, vector<4xf32> into f32
// CHECK-NEXT: return
