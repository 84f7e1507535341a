// Canonicalization of scf: adjacent and nested scf.if combine, scf.if on a constant is inlined (or erased), its unused results are
// dropped, results selecting values from outside become arith.select, i1 results yielding
// constants become the condition or its negation, empty else regions go, the condition's value
// propagates into the branches and a negated condition swaps them; scf.for with no trip goes,
// with one trip is inlined, and loses forwarded or unused iteration arguments; a single-block
// scf.execute_region is inlined. Idempotent.
// RUN: ir-opt %s --canonicalize --allow-unregistered-dialect | FileCheck %s
// RUN: ir-opt %s --canonicalize --canonicalize --allow-unregistered-dialect | FileCheck %s
// CHECK-LABEL: func.func @if_const(%arg0: i32, %arg1: i32) -> (i32, i32) {
// CHECK-NEXT: %0 = arith.addi %arg0, %arg1 : i32
// CHECK-NEXT: %1 = arith.muli %arg0, %arg1 : i32
// CHECK-NEXT: return %0, %1 : i32, i32
// CHECK-NEXT: }
func.func @if_const(%x: i32, %y: i32) -> (i32, i32) {
  %true = arith.constant true
  %false = arith.constant false
  %a = scf.if %true -> i32 {
    %s = arith.addi %x, %y : i32
    scf.yield %s : i32
  } else {
    scf.yield %y : i32
  }
  %b = scf.if %false -> i32 {
    scf.yield %x : i32
  } else {
    %m = arith.muli %x, %y : i32
    scf.yield %m : i32
  }
  scf.if %false {
    "u.never"() : () -> ()
  }
  return %a, %b : i32, i32
}

// CHECK-LABEL: func.func @if_select(%arg0: i1, %arg1: i32, %arg2: i32) -> (i32, i32) {
// CHECK-NEXT: %0 = arith.select %arg0, %arg1, %arg2 : i32
// CHECK-NEXT: scf.if %arg0 {
// CHECK-NEXT: "u.side"() : () -> ()
// CHECK-NEXT: }
// CHECK-NEXT: return %0, %arg2 : i32, i32
// CHECK-NEXT: }
func.func @if_select(%c: i1, %x: i32, %y: i32) -> (i32, i32) {
  %a, %b = scf.if %c -> (i32, i32) {
    "u.side"() : () -> ()
    scf.yield %x, %y : i32, i32
  } else {
    scf.yield %y, %y : i32, i32
  }
  return %a, %b : i32, i32
}

// CHECK-LABEL: func.func @if_unused(%arg0: i1, %arg1: i32) -> i32 {
// CHECK-NEXT: %0 = scf.if %arg0 -> (i32) {
// CHECK-NEXT: %1 = "u.op"() : () -> i32
// CHECK-NEXT: scf.yield %1 : i32
// CHECK-NEXT: } else {
// CHECK-NEXT: %1 = "u.op2"() : () -> i32
// CHECK-NEXT: scf.yield %arg1 : i32
// CHECK-NEXT: }
// CHECK-NEXT: return %0 : i32
// CHECK-NEXT: }
func.func @if_unused(%c: i1, %x: i32) -> i32 {
  %a, %b = scf.if %c -> (i32, i32) {
    %v = "u.op"() : () -> i32
    scf.yield %v, %v : i32, i32
  } else {
    %w = "u.op2"() : () -> i32
    scf.yield %x, %w : i32, i32
  }
  return %a : i32
}

// CHECK-LABEL: func.func @if_bool(%arg0: i1) -> (i1, i1) {
// CHECK-NEXT: %true = arith.constant true
// CHECK-NEXT: %0 = arith.xori %arg0, %true : i1
// CHECK-NEXT: return %arg0, %0 : i1, i1
// CHECK-NEXT: }
func.func @if_bool(%c: i1) -> (i1, i1) {
  %true = arith.constant true
  %false = arith.constant false
  %a, %b = scf.if %c -> (i1, i1) {
    scf.yield %true, %false : i1, i1
  } else {
    scf.yield %false, %true : i1, i1
  }
  return %a, %b : i1, i1
}

// CHECK-LABEL: func.func @if_prop(%arg0: i1) {
// CHECK-NEXT: %false = arith.constant false
// CHECK-NEXT: %true = arith.constant true
// CHECK-NEXT: scf.if %arg0 {
// CHECK-NEXT: "u.then"(%true) : (i1) -> ()
// CHECK-NEXT: } else {
// CHECK-NEXT: "u.else"(%false) : (i1) -> ()
// CHECK-NEXT: }
// CHECK-NEXT: return
// CHECK-NEXT: }
func.func @if_prop(%c: i1) {
  scf.if %c {
    "u.then"(%c) : (i1) -> ()
  } else {
    "u.else"(%c) : (i1) -> ()
  }
  return
}

// CHECK-LABEL: func.func @if_empty_else(%arg0: i1) {
// CHECK-NEXT: scf.if %arg0 {
// CHECK-NEXT: "u.then"() : () -> ()
// CHECK-NEXT: }
// CHECK-NEXT: return
// CHECK-NEXT: }
func.func @if_empty_else(%c: i1) {
  scf.if %c {
    "u.then"() : () -> ()
  } else {
  }
  return
}

// CHECK-LABEL: func.func @if_not(%arg0: i1) {
// CHECK-NEXT: scf.if %arg0 {
// CHECK-NEXT: "u.b"() : () -> ()
// CHECK-NEXT: } else {
// CHECK-NEXT: "u.a"() : () -> ()
// CHECK-NEXT: }
// CHECK-NEXT: return
// CHECK-NEXT: }
func.func @if_not(%c: i1) {
  %true = arith.constant true
  %n = arith.xori %c, %true : i1
  scf.if %n {
    "u.a"() : () -> ()
  } else {
    "u.b"() : () -> ()
  }
  return
}

// CHECK-LABEL: func.func @for_trivial(%arg0: i32) -> (i32, i32, i32) {
// CHECK-NEXT: return %arg0, %arg0, %arg0 : i32, i32, i32
// CHECK-NEXT: }
func.func @for_trivial(%x: i32) -> (i32, i32, i32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %a = scf.for %i = %c0 to %c0 step %c1 iter_args(%acc = %x) -> i32 {
    %n = arith.addi %acc, %acc : i32
    scf.yield %n : i32
  }
  %b = scf.for %i = %c0 to %c1 step %c1 iter_args(%acc = %x) -> i32 {
    %ii = arith.index_cast %i : index to i32
    %n = arith.addi %acc, %ii : i32
    scf.yield %n : i32
  }
  %c = scf.for %i = %c4 to %c1 step %c1 iter_args(%acc = %x) -> i32 {
    %n = arith.addi %acc, %acc : i32
    scf.yield %n : i32
  }
  return %a, %b, %c : i32, i32, i32
}

// CHECK-LABEL: func.func @for_iter_args(%arg0: index, %arg1: i32, %arg2: i32) -> (i32, i32, i32) {
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %c1 = arith.constant 1 : index
// CHECK-NEXT: %0 = scf.for %arg3 = %c0 to %arg0 step %c1 iter_args(%arg4 = %arg2) -> (i32) {
// CHECK-NEXT: %1 = arith.addi %arg4, %arg4 : i32
// CHECK-NEXT: "u.use"(%1) : (i32) -> ()
// CHECK-NEXT: scf.yield %1 : i32
// CHECK-NEXT: }
// CHECK-NEXT: return %arg1, %0, %arg1 : i32, i32, i32
// CHECK-NEXT: }
func.func @for_iter_args(%n: index, %x: i32, %y: i32) -> (i32, i32, i32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a, %b, %c = scf.for %i = %c0 to %n step %c1 iter_args(%p = %x, %q = %y, %r = %x) -> (i32, i32, i32) {
    %s = arith.addi %q, %q : i32
    "u.use"(%s) : (i32) -> ()
    scf.yield %p, %s, %x : i32, i32, i32
  }
  return %a, %b, %c : i32, i32, i32
}

// CHECK-LABEL: func.func @for_dead(%arg0: index, %arg1: i32) {
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %c1 = arith.constant 1 : index
// CHECK-NEXT: scf.for %arg2 = %c0 to %arg0 step %c1 {
// CHECK-NEXT: "u.body"(%arg2) : (index) -> ()
// CHECK-NEXT: }
// CHECK-NEXT: return
// CHECK-NEXT: }
func.func @for_dead(%n: index, %x: i32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = scf.for %i = %c0 to %n step %c1 iter_args(%p = %x) -> (i32) {
    %s = arith.addi %p, %p : i32
    scf.yield %s : i32
  }
  scf.for %i = %c0 to %n step %c1 {
    "u.body"(%i) : (index) -> ()
  }
  return
}

// CHECK-LABEL: func.func @exec(%arg0: i32) -> i32 {
// CHECK-NEXT: %0 = arith.addi %arg0, %arg0 : i32
// CHECK-NEXT: return %0 : i32
// CHECK-NEXT: }
func.func @exec(%x: i32) -> i32 {
  %r = scf.execute_region -> i32 {
    %y = arith.addi %x, %x : i32
    scf.yield %y : i32
  }
  return %r : i32
}

// CHECK-LABEL: func.func @combine(%arg0: i1, %arg1: i32) -> (i32, i32) {
// CHECK-NEXT: %0:2 = scf.if %arg0 -> (i32, i32) {
// CHECK-NEXT: %1 = "u.a"() : () -> i32
// CHECK-NEXT: %2 = "u.b"(%1) : (i32) -> i32
// CHECK-NEXT: scf.yield %1, %2 : i32, i32
// CHECK-NEXT: } else {
// CHECK-NEXT: %1 = "u.c"(%arg1) : (i32) -> i32
// CHECK-NEXT: scf.yield %arg1, %1 : i32, i32
// CHECK-NEXT: }
// CHECK-NEXT: return %0#0, %0#1 : i32, i32
// CHECK-NEXT: }
func.func @combine(%c: i1, %x: i32) -> (i32, i32) {
  %a = scf.if %c -> i32 {
    %v = "u.a"() : () -> i32
    scf.yield %v : i32
  } else {
    scf.yield %x : i32
  }
  %b = scf.if %c -> i32 {
    %w = "u.b"(%a) : (i32) -> i32
    scf.yield %w : i32
  } else {
    %w = "u.c"(%a) : (i32) -> i32
    scf.yield %w : i32
  }
  return %a, %b : i32, i32
}

// CHECK-LABEL: func.func @combine_not(%arg0: i1) {
// CHECK-NEXT: scf.if %arg0 {
// CHECK-NEXT: "u.a"() : () -> ()
// CHECK-NEXT: } else {
// CHECK-NEXT: "u.b"() : () -> ()
// CHECK-NEXT: }
// CHECK-NEXT: return
// CHECK-NEXT: }
func.func @combine_not(%c: i1) {
  %true = arith.constant true
  %n = arith.xori %c, %true : i1
  scf.if %c {
    "u.a"() : () -> ()
  }
  scf.if %n {
    "u.b"() : () -> ()
  }
  return
}

// CHECK-LABEL: func.func @nested(%arg0: i1, %arg1: i1, %arg2: i32, %arg3: i32) -> (i32, i32) {
// CHECK-NEXT: %0 = arith.andi %arg0, %arg1 : i1
// CHECK-NEXT: %1 = arith.select %arg0, %arg3, %arg2 : i32
// CHECK-NEXT: %2 = scf.if %0 -> (i32) {
// CHECK-NEXT: %3 = "u.v"() : () -> i32
// CHECK-NEXT: scf.yield %3 : i32
// CHECK-NEXT: } else {
// CHECK-NEXT: scf.yield %arg2 : i32
// CHECK-NEXT: }
// CHECK-NEXT: return %2, %1 : i32, i32
// CHECK-NEXT: }
func.func @nested(%c: i1, %d: i1, %x: i32, %y: i32) -> (i32, i32) {
  %a, %b = scf.if %c -> (i32, i32) {
    %r = scf.if %d -> i32 {
      %v = "u.v"() : () -> i32
      scf.yield %v : i32
    } else {
      scf.yield %x : i32
    }
    scf.yield %r, %y : i32, i32
  } else {
    scf.yield %x, %x : i32, i32
  }
  return %a, %b : i32, i32
}

// CHECK-LABEL: func.func @nested_no_results(%arg0: i1, %arg1: i1) {
// CHECK-NEXT: %0 = arith.andi %arg0, %arg1 : i1
// CHECK-NEXT: scf.if %0 {
// CHECK-NEXT: "u.v"() : () -> ()
// CHECK-NEXT: }
// CHECK-NEXT: return
// CHECK-NEXT: }
func.func @nested_no_results(%c: i1, %d: i1) {
  scf.if %c {
    scf.if %d {
      "u.v"() : () -> ()
    }
  }
  return
}

// -----

// A one-trip scf.for whose body yields its own iteration arguments (swapped): the results are
// the yielded values after the arguments are replaced. Found by the semantic test.
// CHECK-LABEL: func.func @one_trip_swap(%arg0: i8, %arg1: i8) -> (i8, i8) {
// CHECK-NEXT: return %arg1, %arg0 : i8, i8
func.func @one_trip_swap(%a: i8, %b: i8) -> (i8, i8) {
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %r:2 = scf.for %i = %c2 to %c4 step %c2 iter_args(%x = %a, %y = %b) -> (i8, i8) {
    scf.yield %y, %x : i8, i8
  }
  return %r#0, %r#1 : i8, i8
}
