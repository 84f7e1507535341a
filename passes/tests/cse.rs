//! Tests of CSE's bounds and report: an e-graph that reaches its node limit stops growing
//! (later ops merge only into ops already in it) and says so, a run counts its e-graphs, e-nodes,
//! merged and erased ops, and the bodies of several functions give the same IR and counts on a
//! pool of threads as on one. The rewriting mode (`egraph=true`) merges up to identities and
//! commutativity and reports why its runner stopped.

use mica_ir::{Context, PrintOptions};
use mica_passes::cse::{run, run_rewriting, Bounds, Limits, Report};

fn context() -> Context {
    let mut ctx = Context::new();
    mica_dialects::register_all(&mut ctx);
    ctx
}

/// Runs CSE on `src` with `threads` threads and gives the printed result and the report.
fn cse(src: &str, limits: Limits, threads: usize) -> (String, Report) {
    let mut ctx = context();
    ctx.threads = threads;
    let mut m = mica_parser::parse_source(&ctx, "test.mlir", src).expect("parses");
    let report = run(&ctx, &mut m.body, m.top, limits);
    let printed = mica_ir::print_op_to_string(&ctx, &m.body, m.top, &PrintOptions::default());
    (printed, report)
}

const PAIRS: &str = "func.func @f(%a: i32, %b: i32) -> (i32, i32, i32, i32) {
  %0 = arith.addi %a, %b : i32
  %1 = arith.addi %a, %b : i32
  %2 = arith.muli %a, %b : i32
  %3 = arith.muli %a, %b : i32
  %4 = arith.subi %a, %b : i32
  return %0, %1, %2, %3 : i32, i32, i32, i32
}
";

#[test]
fn unbounded_run_merges_everything_and_saturates() {
    let (out, r) = cse(PAIRS, Limits::default(), 1);
    assert_eq!(out.matches("arith.addi").count(), 1, "{out}");
    assert_eq!(out.matches("arith.muli").count(), 1, "{out}");
    assert!(!out.contains("arith.subi"), "{out}");
    // The module's e-graph (empty) and the function's: one e-node per addi/muli pair.
    assert_eq!(r, Report { egraphs: 2, enodes: 2, merged: 2, erased: 1, saturated: 2, node_limit: 0, ..Report::default() });
    assert!(r.changed());
}

#[test]
fn full_egraph_stops_growing() {
    let (out, r) = cse(PAIRS, Limits { max_nodes: 1 }, 1);
    // The addi is in the e-graph, so its twin merges; the e-graph is then full and the mulis
    // stay apart. Dead ops are erased all the same.
    assert_eq!(out.matches("arith.addi").count(), 1, "{out}");
    assert_eq!(out.matches("arith.muli").count(), 2, "{out}");
    assert!(!out.contains("arith.subi"), "{out}");
    assert_eq!(r, Report { egraphs: 2, enodes: 1, merged: 1, erased: 1, saturated: 1, node_limit: 1, ..Report::default() });
}

#[test]
fn nothing_to_do_is_no_change() {
    let src = "func.func @f(%a: i32) -> i32 {\n  %0 = arith.addi %a, %a : i32\n  return %0 : i32\n}\n";
    let (_, r) = cse(src, Limits::default(), 1);
    assert_eq!(r, Report { egraphs: 2, enodes: 0, merged: 0, erased: 0, saturated: 2, node_limit: 0, ..Report::default() });
    assert!(!r.changed());
}

#[test]
fn threads_give_the_sequential_result() {
    // Enough ops to be worth a second thread.
    let n = mica_ir::parallel::MIN_PARALLEL_WORK / 4;
    let src: String = (0..n).map(|i| PAIRS.replace("@f", &format!("@f{i}"))).collect();
    let (one, r1) = cse(&src, Limits::default(), 1);
    let (many, r2) = cse(&src, Limits::default(), 4);
    assert_eq!(one, many);
    assert_eq!(r1, r2);
    assert_eq!(r1.merged, 2 * n as u64);
}

/// `x + 0`, commuted and nested: `((a + 0) + b) * 1` is `b + a`, which takes rewrites over
/// several iterations to see.
const IDENTITIES: &str = "func.func @f(%a: i32, %b: i32) -> (i32, i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %0 = arith.addi %b, %a : i32
  %1 = arith.addi %a, %c0 : i32
  %2 = arith.addi %1, %b : i32
  %3 = arith.muli %2, %c1 : i32
  return %0, %3 : i32, i32
}
";

fn rewriting(src: &str, bounds: Bounds) -> (String, Report) {
    let ctx = context();
    let mut m = mica_parser::parse_source(&ctx, "test.mlir", src).expect("parses");
    let report = run_rewriting(&ctx, &mut m.body, m.top, Limits::default(), bounds);
    let printed = mica_ir::print_op_to_string(&ctx, &m.body, m.top, &PrintOptions::default());
    (printed, report)
}

#[test]
fn rewriting_saturates_and_merges_identities() {
    let (out, r) = rewriting(IDENTITIES, Bounds::default());
    assert!(out.contains("return %0, %0"), "{out}");
    assert_eq!(out.matches("arith.").count(), 1, "{out}");
    assert_eq!((r.rewrite_runs, r.rewrite_saturated), (1, 1));
    assert_eq!(r.rewrite_node_limit + r.rewrite_iteration_limit + r.rewrite_time_limit, 0);
}

#[test]
fn rewriting_reports_its_bounds() {
    let (out, r) = rewriting(IDENTITIES, Bounds { iterations: 1, ..Bounds::default() });
    assert_eq!((r.rewrite_runs, r.rewrite_iteration_limit, r.rewrite_saturated), (1, 1, 0), "{out}");
    let (_, r) = rewriting(IDENTITIES, Bounds { nodes: 1, ..Bounds::default() });
    assert_eq!((r.rewrite_runs, r.rewrite_node_limit), (1, 1));
    let (_, r) = rewriting(IDENTITIES, Bounds { time: std::time::Duration::ZERO, ..Bounds::default() });
    assert_eq!((r.rewrite_runs, r.rewrite_time_limit), (1, 1));
}
