// tensor.empty with constant sizes gets a static type, dim of tensor.empty is its size operand,
// tensor.cast chains collapse; an identity linalg.generic is its operand (through tensor.cast
// when types differ; on buffers it is erased); scf.index_switch on a constant is its case;
// multi-block scf.execute_region in a function is inlined with cf.br, nested or no_inline ones
// stay but lose unused and forwarded results. Idempotent.
// RUN: ir-opt %s --canonicalize --allow-unregistered-dialect | FileCheck %s
// RUN: ir-opt %s --canonicalize --canonicalize --allow-unregistered-dialect | FileCheck %s

#id = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-LABEL: func.func @empty_static(%arg0: index) -> (tensor<?x?xf32>, index, index) {
// CHECK-NEXT: %0 = tensor.empty(%arg0) : tensor<4x?xf32>
// CHECK-NEXT: %cast = tensor.cast %0 : tensor<4x?xf32> to tensor<?x?xf32>
// CHECK-NEXT: return %cast, %arg0, %arg0 : tensor<?x?xf32>, index, index
// CHECK-NEXT: }
func.func @empty_static(%n: index) -> (tensor<?x?xf32>, index, index) {
  %c4 = arith.constant 4 : index
  %e = tensor.empty(%c4, %n) : tensor<?x?xf32>
  %c1 = arith.constant 1 : index
  %d = tensor.dim %e, %c1 : tensor<?x?xf32>
  %e2 = tensor.empty(%n) : tensor<?xf32>
  %c0 = arith.constant 0 : index
  %d2 = tensor.dim %e2, %c0 : tensor<?xf32>
  return %e, %d, %d2 : tensor<?x?xf32>, index, index
}

// CHECK-LABEL: func.func @cast_chain(%arg0: tensor<4x?xf32>) -> tensor<?x?xf32> {
// CHECK-NEXT: %cast = tensor.cast %arg0 : tensor<4x?xf32> to tensor<?x?xf32>
// CHECK-NEXT: return %cast : tensor<?x?xf32>
// CHECK-NEXT: }
func.func @cast_chain(%t: tensor<4x?xf32>) -> tensor<?x?xf32> {
  %a = tensor.cast %t : tensor<4x?xf32> to tensor<?x?xf32>
  %b = tensor.cast %a : tensor<?x?xf32> to tensor<4x?xf32>
  %c = tensor.cast %b : tensor<4x?xf32> to tensor<?x?xf32>
  return %c : tensor<?x?xf32>
}

// CHECK-LABEL: func.func @identity_generic(%arg0: tensor<4x8xf32>) -> tensor<4x8xf32> {
// CHECK-NEXT: return %arg0 : tensor<4x8xf32>
// CHECK-NEXT: }
func.func @identity_generic(%t: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%t : tensor<4x8xf32>) outs(%t : tensor<4x8xf32>) {
  ^bb0(%in: f32, %out: f32):
    linalg.yield %in : f32
  } -> tensor<4x8xf32>
  return %r : tensor<4x8xf32>
}

// CHECK-LABEL: func.func @index_switch(%arg0: i32) -> i32 {
// CHECK-NEXT: return %arg0 : i32
// CHECK-NEXT: }
func.func @index_switch(%x: i32) -> i32 {
  %c1 = arith.constant 1 : index
  %r = scf.index_switch %c1 -> i32
  case 0 {
    %a = arith.constant 10 : i32
    scf.yield %a : i32
  }
  case 1 {
    scf.yield %x : i32
  }
  default {
    %b = arith.constant 30 : i32
    scf.yield %b : i32
  }
  return %r : i32
}

// CHECK-LABEL: func.func @exec_multi(%arg0: i1, %arg1: i32, %arg2: i32) -> i32 {
// CHECK-NEXT: %0 = arith.select %arg0, %arg1, %arg2 : i32
// CHECK-NEXT: "u.use"(%0) : (i32) -> ()
// CHECK-NEXT: return %0 : i32
// CHECK-NEXT: }
func.func @exec_multi(%c: i1, %x: i32, %y: i32) -> i32 {
  %r = scf.execute_region -> i32 {
    cf.cond_br %c, ^a, ^b
  ^a:
    scf.yield %x : i32
  ^b:
    scf.yield %y : i32
  }
  "u.use"(%r) : (i32) -> ()
  return %r : i32
}

// CHECK-LABEL: func.func @exec_nested(%arg0: i1, %arg1: i32, %arg2: i32) -> i32 {
// CHECK-NEXT: %0 = arith.select %arg0, %arg1, %arg2 : i32
// CHECK-NEXT: %1 = "u.k"() : () -> i1
// CHECK-NEXT: cf.cond_br %1, ^bb1, ^bb2
// CHECK-NEXT: ^bb1:  // pred: ^bb0
// CHECK-NEXT: "u.a"() : () -> ()
// CHECK-NEXT: cf.br ^bb3(%arg1 : i32)
// CHECK-NEXT: ^bb2:  // pred: ^bb0
// CHECK-NEXT: "u.b"() : () -> ()
// CHECK-NEXT: cf.br ^bb3(%arg1 : i32)
// CHECK-NEXT: ^bb3(%2: i32):  // 2 preds: ^bb1, ^bb2
// CHECK-NEXT: "u.use"(%0, %arg1, %2) : (i32, i32, i32) -> ()
// CHECK-NEXT: return %0 : i32
// CHECK-NEXT: }
func.func @exec_nested(%c: i1, %x: i32, %y: i32) -> i32 {
  %r = scf.if %c -> i32 {
    %e = scf.execute_region -> i32 {
      cf.cond_br %c, ^a, ^b
    ^a:
      scf.yield %x : i32
    ^b:
      "u.side"() : () -> ()
      scf.yield %y : i32
    }
    scf.yield %e : i32
  } else {
    scf.yield %y : i32
  }
  %z = scf.execute_region -> i32 no_inline {
    scf.yield %x : i32
  }
  %w = scf.execute_region -> (i32) {
    %k = "u.k"() : () -> i1
    cf.cond_br %k, ^a, ^b
  ^a:
    "u.a"() : () -> ()
    scf.yield %x : i32
  ^b:
    "u.b"() : () -> ()
    scf.yield %z : i32
  }
  "u.use"(%r, %z, %w) : (i32, i32, i32) -> ()
  return %r : i32
}

// CHECK-LABEL: func.func @generic_cast(%arg0: tensor<?x8xf32>, %arg1: tensor<4x8xf32>) -> tensor<4x8xf32> {
// CHECK-NEXT: %cast = tensor.cast %arg0 : tensor<?x8xf32> to tensor<4x8xf32>
// CHECK-NEXT: return %cast : tensor<4x8xf32>
// CHECK-NEXT: }
func.func @generic_cast(%t: tensor<?x8xf32>, %o: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%t : tensor<?x8xf32>) outs(%o : tensor<4x8xf32>) {
  ^bb0(%in: f32, %out: f32):
    linalg.yield %in : f32
  } -> tensor<4x8xf32>
  return %r : tensor<4x8xf32>
}

// CHECK-LABEL: func.func @generic_buffer(%arg0: memref<4xf32>) {
// CHECK-NEXT: return
// CHECK-NEXT: }
func.func @generic_buffer(%m: memref<4xf32>) {
  linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%m : memref<4xf32>) outs(%m : memref<4xf32>) {
  ^bb0(%in: f32, %out: f32):
    linalg.yield %in : f32
  }
  return
}
// CHECK-LABEL: func.func @a(%arg0: i32) -> i32 {
// CHECK-NEXT: scf.execute_region no_inline {
// CHECK-NEXT: "u.side"() : () -> ()
// CHECK-NEXT: scf.yield
// CHECK-NEXT: }
// CHECK-NEXT: return %arg0 : i32
// CHECK-NEXT: }
func.func @a(%x: i32) -> i32 {
  %z = scf.execute_region -> i32 no_inline {
    "u.side"() : () -> ()
    scf.yield %x : i32
  }
  return %z : i32
}
// CHECK-LABEL: func.func @b(%arg0: i32) -> i32 {
// CHECK-NEXT: %0 = scf.execute_region -> i32 no_inline {
// CHECK-NEXT: %1 = "u.v"() : () -> i32
// CHECK-NEXT: scf.yield %1 : i32
// CHECK-NEXT: }
// CHECK-NEXT: return %0 : i32
// CHECK-NEXT: }
func.func @b(%x: i32) -> i32 {
  %z = scf.execute_region -> i32 no_inline {
    %y = "u.v"() : () -> i32
    scf.yield %y : i32
  }
  return %z : i32
}
// CHECK-LABEL: func.func @c(%arg0: i32) -> (i32, i32) {
// CHECK-NEXT: %0 = scf.execute_region -> i32 no_inline {
// CHECK-NEXT: %1 = "u.v"() : () -> i32
// CHECK-NEXT: scf.yield %1 : i32
// CHECK-NEXT: }
// CHECK-NEXT: return %0, %arg0 : i32, i32
// CHECK-NEXT: }
func.func @c(%x: i32) -> (i32, i32) {
  %z, %w = scf.execute_region -> (i32, i32) no_inline {
    %y = "u.v"() : () -> i32
    scf.yield %y, %x : i32, i32
  }
  return %z, %w : i32, i32
}
// CHECK-LABEL: func.func @d(%arg0: i32) {
// CHECK-NEXT: scf.execute_region no_inline {
// CHECK-NEXT: %0 = "u.v"() : () -> i32
// CHECK-NEXT: scf.yield
// CHECK-NEXT: }
// CHECK-NEXT: return
// CHECK-NEXT: }
func.func @d(%x: i32) {
  %z, %w = scf.execute_region -> (i32, i32) no_inline {
    %y = "u.v"() : () -> i32
    scf.yield %y, %x : i32, i32
  }
  return
}
