// The op inside vector.mask is printed without its location (MLIR prints it with
// printCustomOrGenericOp), but the location still gets an alias, numbered where the alias walk
// meets it: after the mask's own location, before the next op's.
// RUN: ir-opt %s --mlir-print-debuginfo | FileCheck %s

// CHECK: vector.mask %arg1 { vector.transfer_write %arg0, %arg2[%arg3, %arg3] : vector<4xf32>, memref<8x8xf32> } : vector<4xi1> loc(#loc6)
// CHECK-NEXT: return loc(#loc8)
// CHECK: #loc6 = loc("outer":3:4)
// CHECK-NEXT: #loc7 = loc("inner":1:2)
// CHECK-NEXT: #loc8 = loc("ret":5:6)
func.func @f(%x: vector<4xf32>, %mask: vector<4xi1>, %m: memref<8x8xf32>, %i: index) {
  vector.mask %mask { vector.transfer_write %x, %m[%i, %i] : vector<4xf32>, memref<8x8xf32> loc("inner":1:2) } : vector<4xi1> loc("outer":3:4)
  return loc("ret":5:6)
}
