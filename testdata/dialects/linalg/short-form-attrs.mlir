// The short form of map and reduce prints every attribute of the payload op except a `none`
// fastmath: the default overflow flags of arith.muli and arith.addi are printed.
// RUN: ir-opt %s | FileCheck %s

// CHECK: linalg.map { arith.muli {overflowFlags = #arith.overflow<none>} } ins(%arg0, %arg0 : memref<2x2xi32>, memref<2x2xi32>) outs(%arg1 : memref<2x2xi32>)
// CHECK: linalg.map { arith.muli {overflowFlags = #arith.overflow<none>} } ins(%arg0, %arg0 : memref<2x2xi32>, memref<2x2xi32>) outs(%arg1 : memref<2x2xi32>)
// CHECK: linalg.map { arith.addf } ins(%arg2, %arg2 : tensor<4xf32>, tensor<4xf32>) outs(%arg2 : tensor<4xf32>)
// CHECK: linalg.reduce { arith.addi {overflowFlags = #arith.overflow<none>} } ins(%arg0 : memref<2x2xi32>) outs(%arg3 : memref<2xi32>) dimensions = [1]
func.func @f(%a: memref<2x2xi32>, %b: memref<2x2xi32>, %t: tensor<4xf32>, %r: memref<2xi32>) {
  linalg.map { arith.muli } ins(%a, %a : memref<2x2xi32>, memref<2x2xi32>) outs(%b : memref<2x2xi32>)
  linalg.map ins(%a, %a : memref<2x2xi32>, memref<2x2xi32>) outs(%b : memref<2x2xi32>) (%x: i32, %y: i32, %z: i32) {
    %0 = arith.muli %x, %y : i32
    linalg.yield %0 : i32
  }
  %1 = linalg.map { arith.addf } ins(%t, %t : tensor<4xf32>, tensor<4xf32>) outs(%t : tensor<4xf32>)
  linalg.reduce { arith.addi } ins(%a : memref<2x2xi32>) outs(%r : memref<2xi32>) dimensions = [1]
  return
}
