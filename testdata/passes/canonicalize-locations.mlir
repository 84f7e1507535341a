// Locations of canonicalized IR (--mlir-print-debuginfo): rewrites carry MLIR's fused
// locations (the root op with the ops a pattern matched, a constant matched first standing in
// for the op holding it), folded constants keep the location of the op they replace.
// RUN: ir-opt %s --canonicalize --mlir-print-debuginfo | FileCheck %s

func.func @f(%a: i8, %b: i8, %x: i32, %y: i32, %c: i1, %p: f32, %q: f32) -> (i1, i64, i32, i1, i32, f32, i32, i32, i64) {
  %e0 = arith.extsi %a : i8 to i64
  %e1 = arith.extsi %b : i8 to i64
  %r0 = arith.cmpi eq, %e0, %e1 : i64
  %r1 = arith.andi %e0, %e1 : i64
  %m1 = arith.constant -1 : i32
  %n = arith.muli %y, %m1 : i32
  %r2 = arith.addi %x, %n : i32
  %t = arith.constant true
  %cmp = arith.cmpi slt, %x, %y : i32
  %r3 = arith.xori %cmp, %t : i1
  %s0 = arith.select %c, %x, %y : i32
  %r4 = arith.select %c, %s0, %x : i32
  %n0 = arith.negf %p : f32
  %n1 = arith.negf %q : f32
  %r5 = arith.mulf %n0, %n1 : f32
  %nc = arith.xori %c, %t : i1
  %r6 = arith.select %nc, %x, %y : i32
  %u = arith.extui %a : i8 to i16
  %r7 = arith.extsi %u : i16 to i32
  %r8 = arith.index_cast %e0 : i64 to index
  %r9 = arith.index_cast %r8 : index to i64
  return %r0, %r1, %r2, %r3, %r4, %r5, %r6, %r7, %r9 : i1, i64, i32, i1, i32, f32, i32, i32, i64
}
func.func @reassoc(%x: i32) -> (i32, i32, i32, i32, i32) {
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %c3 = arith.constant 3 : i32
  %a0 = arith.addi %x, %c1 overflow<nsw> : i32
  %a = arith.addi %a0, %c2 overflow<nsw, nuw> : i32
  %s0 = arith.subi %x, %c3 : i32
  %b = arith.addi %s0, %c2 : i32
  %m0 = arith.muli %x, %c3 : i32
  %c = arith.muli %m0, %c3 : i32
  %s1 = arith.subi %c3, %x : i32
  %d = arith.subi %s1, %c1 : i32
  %e0 = arith.addi %c2, %x : i32
  %e = arith.subi %c3, %e0 : i32
  return %a, %b, %c, %d, %e : i32, i32, i32, i32, i32
}

// CHECK: #loc2 = loc("{{.*}}canonicalize-locations.mlir":6:14)
// CHECK-NEXT: #loc3 = loc("{{.*}}canonicalize-locations.mlir":6:22)
// CHECK-NEXT: #loc4 = loc("{{.*}}canonicalize-locations.mlir":6:30)
// CHECK-NEXT: #loc5 = loc("{{.*}}canonicalize-locations.mlir":6:39)
// CHECK-NEXT: #loc6 = loc("{{.*}}canonicalize-locations.mlir":6:48)
// CHECK-NEXT: #loc7 = loc("{{.*}}canonicalize-locations.mlir":6:56)
// CHECK-NEXT: #loc8 = loc("{{.*}}canonicalize-locations.mlir":6:65)
// CHECK-NEXT: #loc28 = loc("{{.*}}canonicalize-locations.mlir":30:20)
// CHECK-NEXT: module {
// CHECK-NEXT: func.func @f(%arg0: i8 loc("{{.*}}canonicalize-locations.mlir":6:14), %arg1: i8 loc("{{.*}}canonicalize-locations.mlir":6:22), %arg2: i32 loc("{{.*}}canonicalize-locations.mlir":6:30), %arg3: i32 loc("{{.*}}canonicalize-locations.mlir":6:39), %arg4: i1 loc("{{.*}}canonicalize-locations.mlir":6:48), %arg5: f32 loc("{{.*}}canonicalize-locations.mlir":6:56), %arg6: f32 loc("{{.*}}canonicalize-locations.mlir":6:65)) -> (i1, i64, i32, i1, i32, f32, i32, i32, i64) {
// CHECK-NEXT: %0 = arith.cmpi eq, %arg0, %arg1 : i8 loc(#loc37)
// CHECK-NEXT: %1 = arith.andi %arg0, %arg1 : i8 loc(#loc38)
// CHECK-NEXT: %2 = arith.extsi %1 : i8 to i64 loc(#loc38)
// CHECK-NEXT: %3 = arith.subi %arg2, %arg3 : i32 loc(#loc39)
// CHECK-NEXT: %4 = arith.cmpi sge, %arg2, %arg3 : i32 loc(#loc40)
// CHECK-NEXT: %5 = arith.mulf %arg5, %arg6 : f32 loc(#loc41)
// CHECK-NEXT: %6 = arith.select %arg4, %arg3, %arg2 : i32 loc(#loc42)
// CHECK-NEXT: %7 = arith.extui %arg0 : i8 to i32 loc(#loc43)
// CHECK-NEXT: %8 = arith.index_cast %arg0 : i8 to index loc(#loc44)
// CHECK-NEXT: %9 = arith.index_cast %8 : index to i64 loc(#loc25)
// CHECK-NEXT: return %0, %2, %3, %4, %arg2, %5, %6, %7, %9 : i1, i64, i32, i1, i32, f32, i32, i32, i64 loc(#loc26)
// CHECK-NEXT: } loc(#loc1)
// CHECK-NEXT: func.func @reassoc(%arg0: i32 loc("{{.*}}canonicalize-locations.mlir":30:20)) -> (i32, i32, i32, i32, i32) {
// CHECK-NEXT: %c1_i32 = arith.constant 1 : i32 loc(#loc45)
// CHECK-NEXT: %c2_i32 = arith.constant 2 : i32 loc(#loc46)
// CHECK-NEXT: %c9_i32 = arith.constant 9 : i32 loc(#loc47)
// CHECK-NEXT: %c-1_i32 = arith.constant -1 : i32 loc(#loc48)
// CHECK-NEXT: %c3_i32 = arith.constant 3 : i32 loc(#loc49)
// CHECK-NEXT: %0 = arith.addi %arg0, %c3_i32 overflow<nsw> : i32 loc(#loc49)
// CHECK-NEXT: %1 = arith.addi %arg0, %c-1_i32 : i32 loc(#loc48)
// CHECK-NEXT: %2 = arith.muli %arg0, %c9_i32 : i32 loc(#loc47)
// CHECK-NEXT: %3 = arith.subi %c2_i32, %arg0 : i32 loc(#loc46)
// CHECK-NEXT: %4 = arith.subi %c1_i32, %arg0 : i32 loc(#loc45)
// CHECK-NEXT: return %0, %1, %2, %3, %4 : i32, i32, i32, i32, i32 loc(#loc36)
// CHECK-NEXT: } loc(#loc27)
// CHECK-NEXT: } loc(#loc)
// CHECK-NEXT: #loc = loc("{{.*}}canonicalize-locations.mlir":0:0)
// CHECK-NEXT: #loc1 = loc("{{.*}}canonicalize-locations.mlir":6:1)
// CHECK-NEXT: #loc9 = loc("{{.*}}canonicalize-locations.mlir":9:9)
// CHECK-NEXT: #loc10 = loc("{{.*}}canonicalize-locations.mlir":7:9)
// CHECK-NEXT: #loc11 = loc("{{.*}}canonicalize-locations.mlir":8:9)
// CHECK-NEXT: #loc12 = loc("{{.*}}canonicalize-locations.mlir":10:9)
// CHECK-NEXT: #loc13 = loc("{{.*}}canonicalize-locations.mlir":13:9)
// CHECK-NEXT: #loc14 = loc("{{.*}}canonicalize-locations.mlir":11:9)
// CHECK-NEXT: #loc15 = loc("{{.*}}canonicalize-locations.mlir":16:9)
// CHECK-NEXT: #loc16 = loc("{{.*}}canonicalize-locations.mlir":15:10)
// CHECK-NEXT: #loc17 = loc("{{.*}}canonicalize-locations.mlir":21:9)
// CHECK-NEXT: #loc18 = loc("{{.*}}canonicalize-locations.mlir":19:9)
// CHECK-NEXT: #loc19 = loc("{{.*}}canonicalize-locations.mlir":20:9)
// CHECK-NEXT: #loc20 = loc("{{.*}}canonicalize-locations.mlir":23:9)
// CHECK-NEXT: #loc21 = loc("{{.*}}canonicalize-locations.mlir":14:8)
// CHECK-NEXT: #loc22 = loc("{{.*}}canonicalize-locations.mlir":25:9)
// CHECK-NEXT: #loc23 = loc("{{.*}}canonicalize-locations.mlir":24:8)
// CHECK-NEXT: #loc24 = loc("{{.*}}canonicalize-locations.mlir":26:9)
// CHECK-NEXT: #loc25 = loc("{{.*}}canonicalize-locations.mlir":27:9)
// CHECK-NEXT: #loc26 = loc("{{.*}}canonicalize-locations.mlir":28:3)
// CHECK-NEXT: #loc27 = loc("{{.*}}canonicalize-locations.mlir":30:1)
// CHECK-NEXT: #loc29 = loc("{{.*}}canonicalize-locations.mlir":43:8)
// CHECK-NEXT: #loc30 = loc("{{.*}}canonicalize-locations.mlir":33:9)
// CHECK-NEXT: #loc31 = loc("{{.*}}canonicalize-locations.mlir":41:8)
// CHECK-NEXT: #loc32 = loc("{{.*}}canonicalize-locations.mlir":39:8)
// CHECK-NEXT: #loc33 = loc("{{.*}}canonicalize-locations.mlir":37:8)
// CHECK-NEXT: #loc34 = loc("{{.*}}canonicalize-locations.mlir":35:8)
// CHECK-NEXT: #loc35 = loc("{{.*}}canonicalize-locations.mlir":31:9)
// CHECK-NEXT: #loc36 = loc("{{.*}}canonicalize-locations.mlir":44:3)
// CHECK-NEXT: #loc37 = loc(fused[#loc9, #loc10, #loc11])
// CHECK-NEXT: #loc38 = loc(fused[#loc12, #loc10, #loc11])
// CHECK-NEXT: #loc39 = loc(fused[#loc13, #loc14])
// CHECK-NEXT: #loc40 = loc(fused[#loc15, #loc16])
// CHECK-NEXT: #loc41 = loc(fused[#loc17, #loc18, #loc19])
// CHECK-NEXT: #loc42 = loc(fused[#loc20, #loc21])
// CHECK-NEXT: #loc43 = loc(fused[#loc22, #loc23])
// CHECK-NEXT: #loc44 = loc(fused[#loc24, #loc10])
// CHECK-NEXT: #loc45 = loc(fused[#loc29, #loc30])
// CHECK-NEXT: #loc46 = loc(fused[#loc31, #loc30])
// CHECK-NEXT: #loc47 = loc(fused[#loc32, #loc30])
// CHECK-NEXT: #loc48 = loc(fused[#loc33, #loc30])
// CHECK-NEXT: #loc49 = loc(fused[#loc34, #loc35])
