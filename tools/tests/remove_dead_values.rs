//! `--remove-dead-values` where MLIR 22 leaves invalid IR behind (so `testdata/` cannot hold
//! these cases: its expectations must be mlir-opt's): Mica's output verifies and computes what
//! the input does.

use std::io::Write;
use std::process::{Command, Stdio};

fn remove_dead_values(input: &str) -> String {
    let mut child = Command::new(env!("CARGO_BIN_EXE_ir-opt"))
        .args(["-", "--remove-dead-values"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run ir-opt");
    child.stdin.take().expect("stdin").write_all(input.as_bytes()).expect("write stdin");
    let out = child.wait_with_output().expect("wait");
    assert!(out.status.success(), "ir-opt failed:\n{}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8(out.stdout).expect("utf-8 output").trim_end().to_string() + "\n"
}

/// A function something other than a call refers to keeps its signature (MLIR 22 drops the
/// argument and fails to verify `func.constant`, or crashes).
#[test]
fn non_call_user_keeps_signature() {
    let input = r#"func.func private @referenced(%a: i32, %b: i32) -> i32 {
  return %a : i32
}
func.func @takes_address(%x: i32) -> i32 {
  %f = func.constant @referenced : (i32, i32) -> i32
  %r = call @referenced(%x, %x) : (i32, i32) -> i32
  %s = call_indirect %f(%x, %x) : (i32, i32) -> i32
  %t = arith.addi %r, %s : i32
  return %t : i32
}
"#;
    let expected = r#"module {
  func.func private @referenced(%arg0: i32, %arg1: i32) -> i32 {
    return %arg0 : i32
  }
  func.func @takes_address(%arg0: i32) -> i32 {
    %f = constant @referenced : (i32, i32) -> i32
    %0 = call @referenced(%arg0, %arg0) : (i32, i32) -> i32
    %1 = call_indirect %f(%arg0, %arg0) : (i32, i32) -> i32
    %2 = arith.addi %0, %1 : i32
    return %2 : i32
  }
}
"#;
    assert_eq!(remove_dead_values(input), expected);
}

/// A value computed only for an argument a public function ignores goes; the call passes
/// `ub.poison` (MLIR 22 leaves a null operand).
#[test]
fn public_callee_gets_poison() {
    let input = r#"func.func @ignores(%a: i32) -> i32 {
  %c = arith.constant 1 : i32
  return %c : i32
}
func.func @main(%x: i32) -> i32 {
  %u = arith.muli %x, %x : i32
  %w = call @ignores(%u) : (i32) -> i32
  return %w : i32
}
"#;
    let expected = r#"module {
  func.func @ignores(%arg0: i32) -> i32 {
    %c1_i32 = arith.constant 1 : i32
    return %c1_i32 : i32
  }
  func.func @main(%arg0: i32) -> i32 {
    %0 = ub.poison : i32
    %1 = call @ignores(%0) : (i32) -> i32
    return %1 : i32
  }
}
"#;
    assert_eq!(remove_dead_values(input), expected);
}

/// A branch from unreachable code passing other values than the live branch into a block: the
/// block loses only its dead arguments, every branch stops passing them (MLIR 22 drops the
/// live argument too and leaves operand counts that do not match).
#[test]
fn unreachable_predecessor_keeps_live_arguments() {
    let input = r#"func.func @unreachable_pred(%x: i32, %y: i32) -> i32 {
  %c = arith.constant 0 : i32
  cf.switch %c : i32, [
    default: ^bb1,
    1: ^bb2
  ]
^bb1:
  %s = arith.addi %x, %y : i32
  cf.br ^bb3(%s, %y : i32, i32)
^bb2:
  %t = arith.muli %x, %y : i32
  cf.br ^bb3(%t, %t : i32, i32)
^bb3(%a: i32, %b: i32):
  return %a : i32
}
"#;
    let expected = r#"module {
  func.func @unreachable_pred(%arg0: i32, %arg1: i32) -> i32 {
    %c0_i32 = arith.constant 0 : i32
    cf.switch %c0_i32 : i32, [
      default: ^bb1,
      1: ^bb2
    ]
  ^bb1:  // pred: ^bb0
    %0 = arith.addi %arg0, %arg1 : i32
    cf.br ^bb3(%0 : i32)
  ^bb2:  // pred: ^bb0
    %1 = ub.poison : i32
    cf.br ^bb3(%1 : i32)
  ^bb3(%2: i32):  // 2 preds: ^bb1, ^bb2
    return %2 : i32
  }
}
"#;
    assert_eq!(remove_dead_values(input), expected);
}
