// Folds of the index dialect: constant folding that must agree for 32- and 64-bit index (the
// unsigned division of 2^32 does not fold), identities, comparisons of constants and of a value
// with itself, casts of constants to index (casts to integer types have no index constant to
// materialize). Constants are index.constant and index.bool.constant. Idempotent.
// RUN: ir-opt %s --canonicalize | FileCheck %s
// RUN: ir-opt %s --canonicalize --canonicalize | FileCheck %s

// CHECK-LABEL: func.func @index_folds(%arg0: index) -> (index, index, index, index, index, index, index, index, index, index) {
// CHECK-NEXT: %idx128 = index.constant 128
// CHECK-NEXT: %idx2 = index.constant 2
// CHECK-NEXT: %idx4294967296 = index.constant 4294967296
// CHECK-NEXT: %idx9 = index.constant 9
// CHECK-NEXT: %idx0 = index.constant 0
// CHECK-NEXT: %idx-3 = index.constant -3
// CHECK-NEXT: %idx-4 = index.constant -4
// CHECK-NEXT: %0 = index.divu %idx4294967296, %idx2
// CHECK-NEXT: return %idx9, %arg0, %arg0, %idx0, %idx-3, %idx-3, %idx-4, %0, %idx128, %idx2 : index, index, index, index, index, index, index, index, index, index
// CHECK-NEXT: }
func.func @index_folds(%x: index) -> (index, index, index, index, index, index, index, index, index, index) {
  %c0 = index.constant 0
  %c1 = index.constant 1
  %c7 = index.constant 7
  %cm7 = index.constant -7
  %c2 = index.constant 2
  %big = index.constant 4294967296
  %a = index.add %c7, %c2
  %b = index.sub %x, %c0
  %c = index.mul %x, %c1
  %d = index.mul %x, %c0
  %e = index.divs %cm7, %c2
  %f = index.ceildivs %cm7, %c2
  %g = index.floordivs %cm7, %c2
  %h = index.divu %big, %c2
  %i = index.shl %c1, %c7
  %j = index.maxs %cm7, %c2
  return %a, %b, %c, %d, %e, %f, %g, %h, %i, %j : index, index, index, index, index, index, index, index, index, index
}

// CHECK-LABEL: func.func @index_cmp_casts(%arg0: index) -> (i1, i1, i1, index, i32, i64) {
// CHECK-NEXT: %idx-1 = index.constant -1
// CHECK-NEXT: %true = index.bool.constant true
// CHECK-NEXT: %false = index.bool.constant false
// CHECK-NEXT: %idx-3 = index.constant -3
// CHECK-NEXT: %0 = index.castu %idx-1 : index to i32
// CHECK-NEXT: %1 = index.casts %idx-1 : index to i64
// CHECK-NEXT: return %true, %false, %true, %idx-3, %0, %1 : i1, i1, i1, index, i32, i64
// CHECK-NEXT: }
func.func @index_cmp_casts(%x: index) -> (i1, i1, i1, index, i32, i64) {
  %c1 = index.constant 1
  %cm1 = index.constant -1
  %a = index.cmp slt(%cm1, %c1)
  %b = index.cmp ult(%cm1, %c1)
  %c = index.cmp eq(%x, %x)
  %k = arith.constant -3 : i32
  %d = index.casts %k : i32 to index
  %e = index.castu %cm1 : index to i32
  %f = index.casts %cm1 : index to i64
  return %a, %b, %c, %d, %e, %f : i1, i1, i1, index, i32, i64
}
