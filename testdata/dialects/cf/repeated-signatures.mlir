// Ops of one signature print alike: the printer replays the text of the first for the next
// (with their own value and block names), so this checks what must not carry over: a value
// named twice, results of a multi-result op, distinct attributes, the same successor twice,
// and the indentation of the lines a custom form starts (cf.switch at two depths).
// RUN: ir-opt %s --allow-unregistered-dialect | FileCheck %s --strict-whitespace --match-full-lines

// CHECK-LABEL:  func.func @f(%arg0: i64, %arg1: i64, %arg2: i1, %arg3: i32) -> i64 {
// CHECK-NEXT:    %0 = arith.addi %arg0, %arg1 : i64
// CHECK-NEXT:    %1 = arith.addi %arg0, %arg0 : i64
// CHECK-NEXT:    %2 = arith.addi %1, %0 : i64
// CHECK-NEXT:    %3:2 = "test.two"() : () -> (i64, i64)
// CHECK-NEXT:    %4 = arith.addi %3#1, %3#0 : i64
// CHECK-NEXT:    %5 = arith.addi %4, %4 {tag = distinct[0]<>} : i64
// CHECK-NEXT:    %6 = arith.addi %5, %2 {tag = distinct[0]<>} : i64
// CHECK-NEXT:    %7 = scf.execute_region -> i64 {
// CHECK-NEXT:      %11 = arith.addi %6, %arg0 : i64
// CHECK-NEXT:      cf.switch %arg3 : i32, [
// CHECK-NEXT:        default: ^bb1(%11 : i64),
// CHECK-NEXT:        4: ^bb1(%6 : i64)
// CHECK-NEXT:      ]
// CHECK-NEXT:    ^bb1(%12: i64):  // 2 preds: ^bb0, ^bb0
// CHECK-NEXT:      scf.yield %12 : i64
// CHECK-NEXT:    }
// CHECK-NEXT:    cf.cond_br %arg2, ^bb1(%7 : i64), ^bb1(%arg0 : i64)
// CHECK-NEXT:  ^bb1(%8: i64):  // 2 preds: ^bb0, ^bb0
// CHECK-NEXT:    cf.switch %arg3 : i32, [
// CHECK-NEXT:      default: ^bb2(%8 : i64),
// CHECK-NEXT:      4: ^bb2(%arg0 : i64)
// CHECK-NEXT:    ]
// CHECK-NEXT:  ^bb2(%9: i64):  // 2 preds: ^bb1, ^bb1
// CHECK-NEXT:    cf.cond_br %arg2, ^bb3, ^bb4
// CHECK-NEXT:  ^bb3:  // pred: ^bb2
// CHECK-NEXT:    %10 = arith.addi %9, %9 : i64
// CHECK-NEXT:    cf.br ^bb4
// CHECK-NEXT:  ^bb4:  // 2 preds: ^bb2, ^bb3
// CHECK-NEXT:    return %9 : i64
// CHECK-NEXT:  }
// CHECK-NEXT:}

func.func @f(%a: i64, %b: i64, %c: i1, %i: i32) -> i64 {
  %0 = arith.addi %a, %b : i64
  %1 = arith.addi %a, %a : i64
  %2 = arith.addi %1, %0 : i64
  %3:2 = "test.two"() : () -> (i64, i64)
  %4 = arith.addi %3#1, %3#0 : i64
  %5 = arith.addi %4, %4 {tag = distinct[7]<>} : i64
  %6 = arith.addi %5, %2 {tag = distinct[7]<>} : i64
  %7 = scf.execute_region -> i64 {
    %8 = arith.addi %6, %a : i64
    cf.switch %i : i32, [
      default: ^bb1(%8 : i64),
      4: ^bb1(%6 : i64)
    ]
  ^bb1(%9: i64):
    scf.yield %9 : i64
  }
  cf.cond_br %c, ^bb1(%7 : i64), ^bb1(%a : i64)
^bb1(%10: i64):
  cf.switch %i : i32, [
    default: ^bb2(%10 : i64),
    4: ^bb2(%a : i64)
  ]
^bb2(%11: i64):
  cf.cond_br %c, ^bb3, ^bb4
^bb3:
  %12 = arith.addi %11, %11 : i64
  cf.br ^bb4
^bb4:
  return %11 : i64
}
