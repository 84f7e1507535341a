// vector.scalable.insert and vector.scalable.extract: a fixed-length vector into or out of a
// scalable one at a position that is a multiple of its length.
// RUN: ir-opt %s | FileCheck %s
// RUN: ir-opt %s --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC

// CHECK: vector.scalable.insert %arg0, %arg1[0] : vector<4xf32> into vector<[4]xf32>
// CHECK: vector.scalable.extract %arg1[4] : vector<4xf32> from vector<[4]xf32>
// CHECK: vector.scalable.extract %arg2[8] {tst.x} : vector<[4]xi8> from vector<[8]xi8>
// GENERIC: "vector.scalable.insert"(%arg0, %arg1) <{pos = 0 : i64}> : (vector<4xf32>, vector<[4]xf32>) -> vector<[4]xf32>
// GENERIC: "vector.scalable.extract"(%arg1) <{pos = 4 : i64}> : (vector<[4]xf32>) -> vector<4xf32>
func.func @f(%v: vector<4xf32>, %s: vector<[4]xf32>, %b: vector<[8]xi8>) {
  %0 = vector.scalable.insert %v, %s[0] : vector<4xf32> into vector<[4]xf32>
  %1 = vector.scalable.extract %s[4] : vector<4xf32> from vector<[4]xf32>
  %2 = vector.scalable.extract %b[8] {tst.x} : vector<[4]xi8> from vector<[8]xi8>
  return
}
