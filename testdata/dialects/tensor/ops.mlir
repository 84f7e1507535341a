// Every tensor op and its optional syntax, printed in the custom form, round-tripped through
// the generic form, and (GENERIC) the properties each op keeps in the generic form.
// RUN: ir-opt %s | FileCheck %s
// RUN: ir-opt %s --mlir-print-op-generic | ir-opt | FileCheck %s
// RUN: ir-opt %s --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC

// CHECK-LABEL: func.func @casts(%arg0: tensor<*xf32>, %arg1: tensor<4x?xf32>, %arg2: tensor<4xui32>) -> tensor<?x?xf32> {
// CHECK-NEXT: %cast = tensor.cast %arg0 : tensor<*xf32> to tensor<?x?xf32>
// CHECK-NEXT: %cast_0 = tensor.cast %arg1 : tensor<4x?xf32> to tensor<*xf32>
// CHECK-NEXT: %0 = tensor.bitcast %arg2 : tensor<4xui32> to tensor<4xi32>
// CHECK-NEXT: return %cast : tensor<?x?xf32>
// CHECK-NEXT: }
func.func @casts(%u: tensor<*xf32>, %t: tensor<4x?xf32>, %i: tensor<4xui32>) -> tensor<?x?xf32> {
  %0 = tensor.cast %u : tensor<*xf32> to tensor<?x?xf32>
  %1 = tensor.cast %t : tensor<4x?xf32> to tensor<*xf32>
  %2 = tensor.bitcast %i : tensor<4xui32> to tensor<4xi32>
  return %0 : tensor<?x?xf32>
}

// CHECK-LABEL: func.func @create(%arg0: index, %arg1: f32, %arg2: i32) {
// CHECK-NEXT: %0 = tensor.empty() : tensor<2x3xf32>
// CHECK-NEXT: %1 = tensor.empty(%arg0, %arg0) : tensor<?x4x?xf32, "enc">
// CHECK-NEXT: %from_elements = tensor.from_elements %arg1, %arg1 : tensor<2xf32>
// CHECK-NEXT: %from_elements_0 = tensor.from_elements  : tensor<0xi32>
// CHECK-NEXT: %from_elements_1 = tensor.from_elements %arg2 : tensor<i32>
// CHECK-NEXT: %splat = tensor.splat %arg1 : tensor<8xf32>
// CHECK-NEXT: %splat_2 = tensor.splat %arg2[%arg0, %arg0] : tensor<?x2x?xi32>
// CHECK-NEXT: %generated = tensor.generate %arg0 {
// CHECK-NEXT: ^bb0(%arg3: index, %arg4: index):
// CHECK-NEXT: %2 = arith.index_cast %arg3 : index to i32
// CHECK-NEXT: tensor.yield %2 : i32
// CHECK-NEXT: } : tensor<?x3xi32>
// CHECK-NEXT: %generated_3 = tensor.generate  {
// CHECK-NEXT: ^bb0(%arg3: index):
// CHECK-NEXT: tensor.yield %arg1 : f32
// CHECK-NEXT: } {tag = 1 : i32} : tensor<4xf32>
// CHECK-NEXT: return
// CHECK-NEXT: }
// GENERIC: %21 = "tensor.empty"() : () -> tensor<2x3xf32>
// GENERIC: %26 = "tensor.splat"(%arg23) : (f32) -> tensor<8xf32>
func.func @create(%sz: index, %f: f32, %i: i32) {
  %0 = tensor.empty() : tensor<2x3xf32>
  %1 = tensor.empty(%sz, %sz) : tensor<?x4x?xf32, "enc">
  %2 = tensor.from_elements %f, %f : tensor<2xf32>
  %3 = tensor.from_elements : tensor<0xi32>
  %4 = tensor.from_elements %i : tensor<i32>
  %5 = tensor.splat %f : tensor<8xf32>
  %6 = tensor.splat %i[%sz, %sz] : tensor<?x2x?xi32>
  %7 = tensor.generate %sz {
  ^bb0(%a: index, %b: index):
    %c = arith.index_cast %a : index to i32
    tensor.yield %c : i32
  } : tensor<?x3xi32>
  %8 = tensor.generate {
  ^bb0(%a: index):
    tensor.yield %f : f32
  } {tag = 1 : i32} : tensor<4xf32>
  return
}

// CHECK-LABEL: func.func @access(%arg0: tensor<4x?xf32>, %arg1: tensor<*xf32>, %arg2: tensor<f32>, %arg3: index, %arg4: f32) -> index {
// CHECK-NEXT: %extracted = tensor.extract %arg0[%arg3, %arg3] : tensor<4x?xf32>
// CHECK-NEXT: %inserted = tensor.insert %arg4 into %arg0[%arg3, %arg3] : tensor<4x?xf32>
// CHECK-NEXT: %dim = tensor.dim %arg0, %arg3 : tensor<4x?xf32>
// CHECK-NEXT: %dim_0 = tensor.dim {tag} %arg1, %arg3 : tensor<*xf32>
// CHECK-NEXT: %rank = tensor.rank %arg1 : tensor<*xf32>
// CHECK-NEXT: %extracted_1 = tensor.extract %arg2[] : tensor<f32>
// CHECK-NEXT: return %rank : index
// CHECK-NEXT: }
func.func @access(%t: tensor<4x?xf32>, %u: tensor<*xf32>, %z: tensor<f32>, %i: index, %f: f32) -> index {
  %0 = tensor.extract %t[%i, %i] : tensor<4x?xf32>
  %1 = tensor.insert %f into %t[%i, %i] : tensor<4x?xf32>
  %2 = tensor.dim %t, %i : tensor<4x?xf32>
  %3 = tensor.dim {tag} %u, %i : tensor<*xf32>
  %4 = tensor.rank %u : tensor<*xf32>
  %5 = tensor.extract %z[] : tensor<f32>
  return %4 : index
}

// CHECK-LABEL: func.func @slices(%arg0: tensor<8x16x4xf32>, %arg1: tensor<4x4xf32>, %arg2: index) {
// CHECK-NEXT: %extracted_slice = tensor.extract_slice %arg0[0, %arg2, 0] [4, 1, %arg2] [1, 2, %arg2] : tensor<8x16x4xf32> to tensor<4x?xf32>
// CHECK-NEXT: %extracted_slice_0 = tensor.extract_slice %arg0[0, 0, 0] [8, 16, 4] [1, 1, 1] : tensor<8x16x4xf32> to tensor<8x16x4xf32>
// CHECK-NEXT: %inserted_slice = tensor.insert_slice %arg1 into %arg0[0, 2, 0] [4, 1, 4] [1, 1, 1] : tensor<4x4xf32> into tensor<8x16x4xf32>
// CHECK-NEXT: %inserted_slice_1 = tensor.insert_slice %extracted_slice into %arg0[%arg2, %arg2, 0] [4, 1, %arg2] [1, 1, 1] {tag} : tensor<4x?xf32> into tensor<8x16x4xf32>
// CHECK-NEXT: return
// CHECK-NEXT: }
// GENERIC: %11 = "tensor.extract_slice"(%arg14, %arg16, %arg16, %arg16) <{operandSegmentSizes = array<i32: 1, 1, 1, 1>, static_offsets = array<i64: 0, -9223372036854775808, 0>, static_sizes = array<i64: 4, 1, -9223372036854775808>, static_strides = array<i64: 1, 2, -9223372036854775808>}> : (tensor<8x16x4xf32>, index, index, index) -> tensor<4x?xf32>
// GENERIC: %13 = "tensor.insert_slice"(%arg15, %arg14) <{operandSegmentSizes = array<i32: 1, 1, 0, 0, 0>, static_offsets = array<i64: 0, 2, 0>, static_sizes = array<i64: 4, 1, 4>, static_strides = array<i64: 1, 1, 1>}> : (tensor<4x4xf32>, tensor<8x16x4xf32>) -> tensor<8x16x4xf32>
func.func @slices(%t: tensor<8x16x4xf32>, %s: tensor<4x4xf32>, %i: index) {
  %0 = tensor.extract_slice %t[0, %i, 0] [4, 1, %i] [1, 2, %i] : tensor<8x16x4xf32> to tensor<4x?xf32>
  %1 = tensor.extract_slice %t[0, 0, 0] [8, 16, 4] [1, 1, 1] : tensor<8x16x4xf32> to tensor<8x16x4xf32>
  %2 = tensor.insert_slice %s into %t[0, 2, 0] [4, 1, 4] [1, 1, 1] : tensor<4x4xf32> into tensor<8x16x4xf32>
  %3 = tensor.insert_slice %0 into %t[%i, %i, 0] [4, 1, %i] [1, 1, 1] {tag} : tensor<4x?xf32> into tensor<8x16x4xf32>
  return
}

// CHECK-LABEL: func.func @reshapes(%arg0: tensor<2x3x4xf32>, %arg1: tensor<?x4xf32>, %arg2: tensor<2xindex>, %arg3: index) {
// CHECK-NEXT: %collapsed = tensor.collapse_shape %arg0 {{\[\[}}0, 1], [2{{\]\]}} : tensor<2x3x4xf32> into tensor<6x4xf32>
// CHECK-NEXT: %expanded = tensor.expand_shape %collapsed {{\[\[}}0, 1], [2{{\]\]}} output_shape [2, 3, 4] : tensor<6x4xf32> into tensor<2x3x4xf32>
// CHECK-NEXT: %expanded_0 = tensor.expand_shape %arg1 {{\[\[}}0, 1], [2{{\]\]}} output_shape [%arg3, 2, 4] : tensor<?x4xf32> into tensor<?x2x4xf32>
// CHECK-NEXT: %reshape = tensor.reshape %arg0(%arg2) : (tensor<2x3x4xf32>, tensor<2xindex>) -> tensor<6x4xf32>
// CHECK-NEXT: %concat = tensor.concat dim(0) %collapsed, %arg1 : (tensor<6x4xf32>, tensor<?x4xf32>) -> tensor<?x4xf32>
// CHECK-NEXT: %concat_1 = tensor.concat dim(1) %collapsed : (tensor<6x4xf32>) -> tensor<6x4xf32>
// CHECK-NEXT: return
// CHECK-NEXT: }
// GENERIC: %6 = "tensor.expand_shape"(%5) <{reassociation = {{\[\[}}0, 1], [2{{\]\]}}, static_output_shape = array<i64: 2, 3, 4>}> : (tensor<6x4xf32>) -> tensor<2x3x4xf32>
// GENERIC: %9 = "tensor.concat"(%5, %arg11) <{dim = 0 : i64}> : (tensor<6x4xf32>, tensor<?x4xf32>) -> tensor<?x4xf32>
func.func @reshapes(%t: tensor<2x3x4xf32>, %d: tensor<?x4xf32>, %shape: tensor<2xindex>, %sz: index) {
  %0 = tensor.collapse_shape %t [[0, 1], [2]] : tensor<2x3x4xf32> into tensor<6x4xf32>
  %1 = tensor.expand_shape %0 [[0, 1], [2]] output_shape [2, 3, 4] : tensor<6x4xf32> into tensor<2x3x4xf32>
  %2 = tensor.expand_shape %d [[0, 1], [2]] output_shape [%sz, 2, 4] : tensor<?x4xf32> into tensor<?x2x4xf32>
  %3 = tensor.reshape %t(%shape) : (tensor<2x3x4xf32>, tensor<2xindex>) -> tensor<6x4xf32>
  %4 = tensor.concat dim(0) %0, %d : (tensor<6x4xf32>, tensor<?x4xf32>) -> tensor<?x4xf32>
  %5 = tensor.concat dim(1) %0 : (tensor<6x4xf32>) -> tensor<6x4xf32>
  return
}

// CHECK-LABEL: func.func @pads(%arg0: tensor<3x4xf32>, %arg1: index, %arg2: f32) {
// CHECK-NEXT: %padded = tensor.pad %arg0 low[1, 2] high[2, %arg1] {
// CHECK-NEXT: ^bb0(%arg3: index, %arg4: index):
// CHECK-NEXT: tensor.yield %arg2 : f32
// CHECK-NEXT: } : tensor<3x4xf32> to tensor<6x?xf32>
// CHECK-NEXT: %padded_0 = tensor.pad %arg0 nofold low[0, 0] high[0, 0] {
// CHECK-NEXT: ^bb0(%arg3: index, %arg4: index):
// CHECK-NEXT: tensor.yield %arg2 : f32
// CHECK-NEXT: } : tensor<3x4xf32> to tensor<3x4xf32>
// CHECK-NEXT: return
// CHECK-NEXT: }
// GENERIC: %3 = "tensor.pad"(%arg3, %arg4) <{operandSegmentSizes = array<i32: 1, 0, 1>, static_high = array<i64: 2, -9223372036854775808>, static_low = array<i64: 1, 2>}> ({
func.func @pads(%t: tensor<3x4xf32>, %i: index, %f: f32) {
  %0 = tensor.pad %t low[1, 2] high[2, %i] {
  ^bb0(%a: index, %b: index):
    tensor.yield %f : f32
  } : tensor<3x4xf32> to tensor<6x?xf32>
  %1 = tensor.pad %t nofold low[0, 0] high[0, 0] {
  ^bb0(%a: index, %b: index):
    tensor.yield %f : f32
  } : tensor<3x4xf32> to tensor<3x4xf32>
  return
}

// CHECK-LABEL: func.func @gather_scatter(%arg0: tensor<4x5x6xf32>, %arg1: tensor<1x3x2xindex>, %arg2: tensor<2x1xi32>) {
// CHECK-NEXT: %gather = tensor.gather %arg0[%arg1] gather_dims([1, 2]) : (tensor<4x5x6xf32>, tensor<1x3x2xindex>) -> tensor<1x3x4x1x1xf32>
// CHECK-NEXT: %gather_0 = tensor.gather %arg0[%arg2] gather_dims([0]) unique : (tensor<4x5x6xf32>, tensor<2x1xi32>) -> tensor<2x5x6xf32>
// CHECK-NEXT: %scatter = tensor.scatter %gather into %arg0[%arg1] scatter_dims([1, 2]) unique : (tensor<1x3x4x1x1xf32>, tensor<4x5x6xf32>, tensor<1x3x2xindex>) -> tensor<4x5x6xf32>
// CHECK-NEXT: return
// CHECK-NEXT: }
// GENERIC: %0 = "tensor.gather"(%arg0, %arg1) <{gather_dims = array<i64: 1, 2>}> : (tensor<4x5x6xf32>, tensor<1x3x2xindex>) -> tensor<1x3x4x1x1xf32>
func.func @gather_scatter(%src: tensor<4x5x6xf32>, %idx: tensor<1x3x2xindex>, %idx32: tensor<2x1xi32>) {
  %0 = tensor.gather %src[%idx] gather_dims([1, 2]) : (tensor<4x5x6xf32>, tensor<1x3x2xindex>) -> tensor<1x3x4x1x1xf32>
  %1 = tensor.gather %src[%idx32] gather_dims([0]) unique : (tensor<4x5x6xf32>, tensor<2x1xi32>) -> tensor<2x5x6xf32>
  %2 = tensor.scatter %0 into %src[%idx] scatter_dims([1, 2]) unique : (tensor<1x3x4x1x1xf32>, tensor<4x5x6xf32>, tensor<1x3x2xindex>) -> tensor<4x5x6xf32>
  return
}

