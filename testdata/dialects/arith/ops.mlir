// Round trip of every arith op with its optional syntax: overflow flags, exact, fastmath
// flags, rounding modes, extended results, vector and scalar select, casts, constants and
// generic forms with their defaults filled in, and a dialect attribute in its opaque spelling.
// RUN: ir-opt %s | FileCheck %s
// RUN: ir-opt %s --mlir-print-op-generic | ir-opt | FileCheck %s

func.func @ints(%a: i32, %b: i32, %i: index, %v: vector<4xi32>) -> i32 {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 42 : index
  %t = arith.constant true
  %dv = arith.constant dense<[1, 2, 3, 4]> : vector<4xi32>
  %0 = arith.addi %a, %b : i32
  %1 = arith.addi %a, %b overflow<nsw, nuw> : i32
  %2 = arith.subi %a, %b overflow<nsw> : i32
  %3 = arith.muli %a, %b overflow<nuw> : i32
  %4 = arith.shli %a, %b : i32
  %5:2 = arith.addui_extended %a, %b : i32, i1
  %6:2 = arith.mulsi_extended %a, %b : i32
  %7:2 = arith.mului_extended %v, %dv : vector<4xi32>
  %8 = arith.divui %a, %b : i32
  %9 = arith.divsi %a, %b exact : i32
  %10 = arith.shrui %a, %b exact : i32
  %11 = arith.shrsi %a, %b : i32
  %12 = arith.ceildivui %a, %b : i32
  %13 = arith.ceildivsi %a, %b : i32
  %14 = arith.floordivsi %a, %b : i32
  %15 = arith.remui %a, %b : i32
  %16 = arith.remsi %a, %b : i32
  %17 = arith.andi %a, %b : i32
  %18 = arith.ori %a, %b : i32
  %19 = arith.xori %a, %b : i32
  %20 = arith.maxsi %a, %b : i32
  %21 = arith.maxui %a, %b : i32
  %22 = arith.minsi %a, %b : i32
  %23 = arith.minui %i, %c1 : index
  %24 = arith.cmpi slt, %a, %b : i32
  %25 = arith.cmpi uge, %v, %dv : vector<4xi32>
  %26 = arith.select %24, %a, %b : i32
  %27 = arith.select %25, %v, %dv : vector<4xi1>, vector<4xi32>
  %28 = arith.extui %a : i32 to i64
  %29 = arith.extsi %a : i32 to i64
  %30 = arith.trunci %29 : i64 to i16
  %31 = arith.trunci %29 overflow<nsw> : i64 to i8
  %32 = arith.index_cast %a : i32 to index
  %33 = arith.index_castui %i : index to i64
  %34 = arith.bitcast %a : i32 to f32
  return %0 : i32
}

func.func @floats(%x: f32, %y: f32, %h: f16, %v: vector<2xf32>, %s: f8E8M0FNU, %w: vector<2xf8E8M0FNU>) -> f32 {
  %cst = arith.constant 1.5 : f32
  %h2 = arith.constant 7 : i32
  %0 = arith.addf %x, %y : f32
  %1 = arith.addf %x, %y fastmath<fast> : f32
  %2 = arith.subf %x, %y fastmath<nnan,ninf> : f32
  %3 = arith.mulf %v, %v : vector<2xf32>
  %4 = arith.divf %x, %y : f32
  %5 = arith.remf %x, %y : f32
  %6 = arith.maximumf %x, %y : f32
  %7 = arith.maxnumf %x, %y : f32
  %8 = arith.minimumf %x, %y : f32
  %9 = arith.minnumf %x, %y fastmath<contract> : f32
  %10 = arith.negf %x : f32
  %11 = arith.extf %h : f16 to f32
  %12 = arith.extf %h fastmath<fast> : f16 to f64
  %13 = arith.truncf %x : f32 to f16
  %14 = arith.truncf %x to_nearest_away : f32 to bf16
  %15 = arith.truncf %x downward fastmath<afn> : f32 to f16
  %16 = arith.cmpf oeq, %x, %y : f32
  %17 = arith.cmpf uno, %x, %y fastmath<nnan> : f32
  %18 = arith.uitofp %h2 : i32 to f32
  %19 = arith.sitofp %h2 : i32 to f64
  %20 = arith.fptoui %x : f32 to i32
  %21 = arith.fptosi %x : f32 to i8
  %22 = arith.scaling_extf %h, %s : f16, f8E8M0FNU to f32
  %23 = arith.scaling_truncf %x, %s : f32, f8E8M0FNU to f16
  %24 = arith.scaling_truncf %v, %w to_nearest_even fastmath<fast> : vector<2xf32>, vector<2xf8E8M0FNU> to vector<2xf16>
  return %0 : f32
}

func.func @generic(%a: i32, %x: f32) {
  %0 = "arith.addi"(%a, %a) : (i32, i32) -> i32
  %1 = "arith.mulf"(%x, %x) <{fastmath = #arith.fastmath<reassoc,contract>}> : (f32, f32) -> f32
  %2 = "arith.cmpi"(%a, %a) {predicate = 9 : i64} : (i32, i32) -> i1
  %3 = "arith.truncf"(%x) <{roundingmode = 3 : i32}> : (f32) -> f16
  %4 = "arith.constant"() <{value = dense<1.0> : tensor<2xf32>}> : () -> tensor<2xf32>
  // The opaque spelling of a dialect attribute is the same attribute.
  %5 = "arith.mulf"(%x, %x) <{fastmath = #arith<fastmath<nnan,nsz>>}> : (f32, f32) -> f32
  return
}

// CHECK: module {
// CHECK-LABEL: func.func @ints(%arg0: i32, %arg1: i32, %arg2: index, %arg3: vector<4xi32>) -> i32 {
// CHECK-NEXT: %c0_i32 = arith.constant 0 : i32
// CHECK-NEXT: %c42 = arith.constant 42 : index
// CHECK-NEXT: %true = arith.constant true
// CHECK-NEXT: %cst = arith.constant dense<[1, 2, 3, 4]> : vector<4xi32>
// CHECK-NEXT: %0 = arith.addi %arg0, %arg1 : i32
// CHECK-NEXT: %1 = arith.addi %arg0, %arg1 overflow<nsw, nuw> : i32
// CHECK-NEXT: %2 = arith.subi %arg0, %arg1 overflow<nsw> : i32
// CHECK-NEXT: %3 = arith.muli %arg0, %arg1 overflow<nuw> : i32
// CHECK-NEXT: %4 = arith.shli %arg0, %arg1 : i32
// CHECK-NEXT: %sum, %overflow = arith.addui_extended %arg0, %arg1 : i32, i1
// CHECK-NEXT: %low, %high = arith.mulsi_extended %arg0, %arg1 : i32
// CHECK-NEXT: %low_0, %high_1 = arith.mului_extended %arg3, %cst : vector<4xi32>
// CHECK-NEXT: %5 = arith.divui %arg0, %arg1 : i32
// CHECK-NEXT: %6 = arith.divsi %arg0, %arg1 exact : i32
// CHECK-NEXT: %7 = arith.shrui %arg0, %arg1 exact : i32
// CHECK-NEXT: %8 = arith.shrsi %arg0, %arg1 : i32
// CHECK-NEXT: %9 = arith.ceildivui %arg0, %arg1 : i32
// CHECK-NEXT: %10 = arith.ceildivsi %arg0, %arg1 : i32
// CHECK-NEXT: %11 = arith.floordivsi %arg0, %arg1 : i32
// CHECK-NEXT: %12 = arith.remui %arg0, %arg1 : i32
// CHECK-NEXT: %13 = arith.remsi %arg0, %arg1 : i32
// CHECK-NEXT: %14 = arith.andi %arg0, %arg1 : i32
// CHECK-NEXT: %15 = arith.ori %arg0, %arg1 : i32
// CHECK-NEXT: %16 = arith.xori %arg0, %arg1 : i32
// CHECK-NEXT: %17 = arith.maxsi %arg0, %arg1 : i32
// CHECK-NEXT: %18 = arith.maxui %arg0, %arg1 : i32
// CHECK-NEXT: %19 = arith.minsi %arg0, %arg1 : i32
// CHECK-NEXT: %20 = arith.minui %arg2, %c42 : index
// CHECK-NEXT: %21 = arith.cmpi slt, %arg0, %arg1 : i32
// CHECK-NEXT: %22 = arith.cmpi uge, %arg3, %cst : vector<4xi32>
// CHECK-NEXT: %23 = arith.select %21, %arg0, %arg1 : i32
// CHECK-NEXT: %24 = arith.select %22, %arg3, %cst : vector<4xi1>, vector<4xi32>
// CHECK-NEXT: %25 = arith.extui %arg0 : i32 to i64
// CHECK-NEXT: %26 = arith.extsi %arg0 : i32 to i64
// CHECK-NEXT: %27 = arith.trunci %26 : i64 to i16
// CHECK-NEXT: %28 = arith.trunci %26 overflow<nsw> : i64 to i8
// CHECK-NEXT: %29 = arith.index_cast %arg0 : i32 to index
// CHECK-NEXT: %30 = arith.index_castui %arg2 : index to i64
// CHECK-NEXT: %31 = arith.bitcast %arg0 : i32 to f32
// CHECK-NEXT: return %0 : i32
// CHECK-NEXT: }
// CHECK-LABEL: func.func @floats(%arg0: f32, %arg1: f32, %arg2: f16, %arg3: vector<2xf32>, %arg4: f8E8M0FNU, %arg5: vector<2xf8E8M0FNU>) -> f32 {
// CHECK-NEXT: %cst = arith.constant 1.500000e+00 : f32
// CHECK-NEXT: %c7_i32 = arith.constant 7 : i32
// CHECK-NEXT: %0 = arith.addf %arg0, %arg1 : f32
// CHECK-NEXT: %1 = arith.addf %arg0, %arg1 fastmath<fast> : f32
// CHECK-NEXT: %2 = arith.subf %arg0, %arg1 fastmath<nnan,ninf> : f32
// CHECK-NEXT: %3 = arith.mulf %arg3, %arg3 : vector<2xf32>
// CHECK-NEXT: %4 = arith.divf %arg0, %arg1 : f32
// CHECK-NEXT: %5 = arith.remf %arg0, %arg1 : f32
// CHECK-NEXT: %6 = arith.maximumf %arg0, %arg1 : f32
// CHECK-NEXT: %7 = arith.maxnumf %arg0, %arg1 : f32
// CHECK-NEXT: %8 = arith.minimumf %arg0, %arg1 : f32
// CHECK-NEXT: %9 = arith.minnumf %arg0, %arg1 fastmath<contract> : f32
// CHECK-NEXT: %10 = arith.negf %arg0 : f32
// CHECK-NEXT: %11 = arith.extf %arg2 : f16 to f32
// CHECK-NEXT: %12 = arith.extf %arg2 fastmath<fast> : f16 to f64
// CHECK-NEXT: %13 = arith.truncf %arg0 : f32 to f16
// CHECK-NEXT: %14 = arith.truncf %arg0 to_nearest_away : f32 to bf16
// CHECK-NEXT: %15 = arith.truncf %arg0 downward fastmath<afn> : f32 to f16
// CHECK-NEXT: %16 = arith.cmpf oeq, %arg0, %arg1 : f32
// CHECK-NEXT: %17 = arith.cmpf uno, %arg0, %arg1 fastmath<nnan> : f32
// CHECK-NEXT: %18 = arith.uitofp %c7_i32 : i32 to f32
// CHECK-NEXT: %19 = arith.sitofp %c7_i32 : i32 to f64
// CHECK-NEXT: %20 = arith.fptoui %arg0 : f32 to i32
// CHECK-NEXT: %21 = arith.fptosi %arg0 : f32 to i8
// CHECK-NEXT: %22 = arith.scaling_extf %arg2, %arg4 : f16, f8E8M0FNU to f32
// CHECK-NEXT: %23 = arith.scaling_truncf %arg0, %arg4 : f32, f8E8M0FNU to f16
// CHECK-NEXT: %24 = arith.scaling_truncf %arg3, %arg5 to_nearest_even fastmath<fast> : vector<2xf32>, vector<2xf8E8M0FNU> to vector<2xf16>
// CHECK-NEXT: return %0 : f32
// CHECK-NEXT: }
// CHECK-LABEL: func.func @generic(%arg0: i32, %arg1: f32) {
// CHECK-NEXT: %0 = arith.addi %arg0, %arg0 : i32
// CHECK-NEXT: %1 = arith.mulf %arg1, %arg1 fastmath<reassoc,contract> : f32
// CHECK-NEXT: %2 = arith.cmpi uge, %arg0, %arg0 : i32
// CHECK-NEXT: %3 = arith.truncf %arg1 toward_zero : f32 to f16
// CHECK-NEXT: %cst = arith.constant dense<1.000000e+00> : tensor<2xf32>
// CHECK-NEXT: %4 = arith.mulf %arg1, %arg1 fastmath<nnan,nsz> : f32
// CHECK-NEXT: return
// CHECK-NEXT: }
// CHECK-NEXT: }
