// An inherent attribute written in the attribute dictionary replaces the one the custom
// syntax gave (the op's property is the dictionary's), and is no discardable attribute.
// RUN: ir-opt %s | FileCheck %s
// RUN: ir-opt %s --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC

// CHECK-LABEL: func.func @dict_wins
// GENERIC-LABEL: sym_name = "dict_wins"
func.func @dict_wins(%i: i16, %x: f64) {
  // CHECK: arith.cmpi sge, %{{.*}}, %{{.*}} : i16
  // GENERIC: "arith.cmpi"(%{{.*}}, %{{.*}}) <{predicate = 5 : i64}> : (i16, i16) -> i1
  %0 = arith.cmpi ult, %i, %i {predicate = 5 : i64} : i16
  // CHECK: arith.cmpf ole, %{{.*}}, %{{.*}} fastmath<nsz> : f64
  // GENERIC: "arith.cmpf"(%{{.*}}, %{{.*}}) <{fastmath = #arith.fastmath<nsz>, predicate = 5 : i64}> : (f64, f64) -> i1
  %1 = arith.cmpf uno, %x, %x fastmath<ninf> {fastmath = #arith.fastmath<nsz>, predicate = 5 : i64} : f64
  // CHECK: arith.subi %{{.*}}, %{{.*}} overflow<nuw> {tag = "t"} : i16
  // GENERIC: "arith.subi"(%{{.*}}, %{{.*}}) <{overflowFlags = #arith.overflow<nuw>}> {tag = "t"} : (i16, i16) -> i16
  %2 = arith.subi %i, %i overflow<nsw> {overflowFlags = #arith.overflow<nuw>, tag = "t"} : i16
  // CHECK: math.sqrt %{{.*}} fastmath<contract> : f64
  // GENERIC: "math.sqrt"(%{{.*}}) <{fastmath = #arith.fastmath<contract>}> : (f64) -> f64
  %3 = math.sqrt %x fastmath<afn> {fastmath = #arith.fastmath<contract>} : f64
  // CHECK: arith.constant 7 : i16
  // GENERIC: "arith.constant"() <{value = 7 : i16}> : () -> i16
  %4 = arith.constant {value = 7 : i16} 2 : i16
  return
}
