// Round trip of every index op: binary arithmetic, cmp predicates, casts, sizeof, constant
// and bool.constant (with their result names).
// RUN: ir-opt %s | FileCheck %s
// RUN: ir-opt %s --mlir-print-op-generic | ir-opt | FileCheck %s

func.func @f(%a: index, %b: index, %i: i32) {
  %0 = index.add %a, %b
  %1 = index.sub %a, %b
  %2 = index.mul %a, %b
  %3 = index.divs %a, %b
  %4 = index.divu %a, %b
  %5 = index.ceildivs %a, %b
  %6 = index.ceildivu %a, %b
  %7 = index.floordivs %a, %b
  %8 = index.rems %a, %b
  %9 = index.remu %a, %b
  %10 = index.maxs %a, %b
  %11 = index.maxu %a, %b
  %12 = index.mins %a, %b
  %13 = index.minu %a, %b
  %14 = index.shl %a, %b
  %15 = index.shrs %a, %b
  %16 = index.shru %a, %b
  %17 = index.and %a, %b
  %18 = index.or %a, %b
  %19 = index.xor %a, %b
  %20 = index.cmp slt(%a, %b)
  %21 = index.cmp uge(%a, %b) {x}
  %22 = index.casts %a : index to i32
  %23 = index.castu %i : i32 to index
  %24 = index.sizeof
  %25 = index.constant 42
  %26 = index.constant -3
  %27 = index.bool.constant true
  %28 = index.bool.constant false
  return
}

// CHECK: module {
// CHECK-LABEL: func.func @f(%arg0: index, %arg1: index, %arg2: i32) {
// CHECK-NEXT: %0 = index.add %arg0, %arg1
// CHECK-NEXT: %1 = index.sub %arg0, %arg1
// CHECK-NEXT: %2 = index.mul %arg0, %arg1
// CHECK-NEXT: %3 = index.divs %arg0, %arg1
// CHECK-NEXT: %4 = index.divu %arg0, %arg1
// CHECK-NEXT: %5 = index.ceildivs %arg0, %arg1
// CHECK-NEXT: %6 = index.ceildivu %arg0, %arg1
// CHECK-NEXT: %7 = index.floordivs %arg0, %arg1
// CHECK-NEXT: %8 = index.rems %arg0, %arg1
// CHECK-NEXT: %9 = index.remu %arg0, %arg1
// CHECK-NEXT: %10 = index.maxs %arg0, %arg1
// CHECK-NEXT: %11 = index.maxu %arg0, %arg1
// CHECK-NEXT: %12 = index.mins %arg0, %arg1
// CHECK-NEXT: %13 = index.minu %arg0, %arg1
// CHECK-NEXT: %14 = index.shl %arg0, %arg1
// CHECK-NEXT: %15 = index.shrs %arg0, %arg1
// CHECK-NEXT: %16 = index.shru %arg0, %arg1
// CHECK-NEXT: %17 = index.and %arg0, %arg1
// CHECK-NEXT: %18 = index.or %arg0, %arg1
// CHECK-NEXT: %19 = index.xor %arg0, %arg1
// CHECK-NEXT: %20 = index.cmp slt(%arg0, %arg1)
// CHECK-NEXT: %21 = index.cmp uge(%arg0, %arg1) {x}
// CHECK-NEXT: %22 = index.casts %arg0 : index to i32
// CHECK-NEXT: %23 = index.castu %arg2 : i32 to index
// CHECK-NEXT: %24 = index.sizeof
// CHECK-NEXT: %idx42 = index.constant 42
// CHECK-NEXT: %idx-3 = index.constant -3
// CHECK-NEXT: %true = index.bool.constant true
// CHECK-NEXT: %false = index.bool.constant false
// CHECK-NEXT: return
// CHECK-NEXT: }
// CHECK-NEXT: }
