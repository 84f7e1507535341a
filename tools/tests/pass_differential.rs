//! Differential test of passes against mlir-opt 22 on random programs: `--inline` (with
//! `default-pipeline=`, so no simplification pipeline is involved) on modules of functions
//! calling each other (recursion, declarations, private and nested visibility, `no_inline`,
//! calls in scf regions, multi-block callees, `func.constant` references, indirect calls,
//! locations), and `--loop-invariant-code-motion` on nests of scf and affine loops (invariant
//! and variant arithmetic, divisions, loads and stores, `scf.if`), and `--sccp` on modules of
//! functions mixing constants, folds, structured and unstructured control flow and calls (see
//! `pass_differential/sccp_program.rs`). Both tools print each batch with debug info; the
//! outputs must be byte-identical.
//!
//! Environment: `MICA_PASS_DIFF_CASES` (programs per pass, default 120), `MICA_PASS_DIFF_SEED`,
//! `MICA_REQUIRE_ORACLES=1` (fail instead of skipping without mlir-opt).

#[path = "differential/rng.rs"]
#[allow(dead_code)] // shared with the printer differential test, which uses all of it
mod rng;
#[path = "pass_differential/sccp_program.rs"]
mod sccp_program;

use rng::Rng;
use std::fmt::Write as _;
use std::io::Write as _;
use std::path::Path;
use std::process::{Command, Stdio};

const MLIR_OPT: &str = "/usr/lib/llvm-22/bin/mlir-opt";
const SPLIT: &str = "// -----\n";

/// A module of 1 to 6 functions of type `(i32, i1, (i32) -> i32) -> i32`, each calling at most
/// two others (so that inlining stays small).
fn call_program(rng: &mut Rng) -> String {
    let n = rng.range(1, 6);
    let sig = "(i32, i1, (i32) -> i32) -> i32";
    let mut out = String::new();
    for f in 0..n {
        let visibility = *rng.pick(&["", "private ", "private ", "nested "]);
        if rng.chance(12) {
            let _ = writeln!(out, "func.func private @f{f}{sig}");
            continue;
        }
        let attrs = if rng.chance(5) { " attributes {no_inline}" } else { "" };
        let _ = writeln!(out, "func.func {visibility}@f{f}(%a: i32, %c: i1, %fp: (i32) -> i32) -> i32{attrs} {{");
        let mut cur = "%a".to_string();
        let mut calls = 0;
        for k in 0..rng.range(0, 4) {
            let v = format!("%v{k}");
            let call = |rng: &mut Rng, arg: &str, res: &str| {
                let no_inline = if rng.chance(5) { " {no_inline}" } else { "" };
                let loc = match rng.below(10) {
                    0..=2 => format!(" loc(\"c{}\")", rng.below(10)),
                    3 => " loc(unknown)".to_string(),
                    _ => String::new(),
                };
                format!("{res} = func.call @f{}({arg}, %c, %fp){no_inline} : {sig}{loc}", rng.below(n))
            };
            match rng.below(8) {
                0..=2 if calls < 2 => {
                    calls += 1;
                    let _ = writeln!(out, "  {}", call(rng, &cur, &v));
                    cur = v;
                }
                3 if calls < 2 => {
                    calls += 1;
                    let inner = format!("%w{k}");
                    let _ = writeln!(out, "  {v} = scf.if %c -> i32 {{\n    {}\n    scf.yield {inner} : i32\n  }} else {{\n    scf.yield {cur} : i32\n  }}", call(rng, &cur, &inner));
                    cur = v;
                }
                4 if calls < 2 => {
                    calls += 1;
                    let inner = format!("%w{k}");
                    let _ = writeln!(out, "  {v} = scf.execute_region -> i32 {{\n    {}\n    scf.yield {inner} : i32\n  }}", call(rng, &cur, &inner));
                    cur = v;
                }
                5 => {
                    let _ = writeln!(out, "  {v} = func.constant @f{} : {sig}", rng.below(n));
                }
                6 => {
                    let _ = writeln!(out, "  {v} = func.call_indirect %fp({cur}) : (i32) -> i32");
                    cur = v;
                }
                _ => {
                    let _ = writeln!(out, "  {v} = arith.addi {cur}, %a : i32 loc(\"add{}\")", rng.below(4));
                    cur = v;
                }
            }
        }
        if rng.chance(30) {
            let _ = writeln!(out, "  cf.cond_br %c, ^bb1, ^bb2({cur} : i32)\n^bb1:\n  %z = arith.constant 7 : i32\n  return %z : i32\n^bb2(%w: i32 loc(\"warg\")):\n  return %w : i32\n}}");
        } else {
            let _ = writeln!(out, "  return {cur} : i32\n}}");
        }
    }
    out
}

/// A function with a loop nest of scf.for (constant or unknown step), affine.for and
/// scf.parallel loops holding arithmetic on invariant and variant values.
fn loop_program(rng: &mut Rng) -> String {
    struct G<'r> {
        rng: &'r mut Rng,
        out: String,
        next: usize,
    }
    impl G<'_> {
        fn fresh(&mut self) -> String {
            self.next += 1;
            format!("%v{}", self.next)
        }
        fn body(&mut self, depth: usize, mut ints: Vec<String>, mut idxs: Vec<String>, indent: usize) {
            let pad = "  ".repeat(indent);
            for _ in 0..self.rng.range(1, 5) {
                let r = self.fresh();
                let a = self.rng.pick(&ints).clone();
                let b = self.rng.pick(&ints).clone();
                match self.rng.below(10) {
                    0..=2 => {
                        let op = *self.rng.pick(&["arith.addi", "arith.muli", "arith.subi", "arith.xori"]);
                        let _ = writeln!(self.out, "{pad}{r} = {op} {a}, {b} : i32");
                        ints.push(r);
                    }
                    3 => {
                        let op = *self.rng.pick(&["arith.divui", "arith.divsi", "arith.ceildivui", "arith.remsi"]);
                        let d = self.rng.pick(&[b.as_str(), "%k0", "%k3", "%km1"]).to_string();
                        let _ = writeln!(self.out, "{pad}{r} = {op} {a}, {d} : i32");
                        ints.push(r);
                    }
                    4 => {
                        let i = self.rng.pick(&idxs).clone();
                        let _ = writeln!(self.out, "{pad}{r} = memref.load %m[{i}] : memref<?xi32>");
                        ints.push(r);
                    }
                    5 => {
                        let i = self.rng.pick(&idxs).clone();
                        let _ = writeln!(self.out, "{pad}memref.store {a}, %m[{i}] : memref<?xi32>");
                    }
                    6 => {
                        let _ = writeln!(self.out, "{pad}{r} = arith.index_cast {a} : i32 to index");
                        idxs.push(r);
                    }
                    7 if depth < 3 => {
                        let t = self.fresh();
                        let _ = writeln!(self.out, "{pad}{r} = scf.if %p -> i32 {{\n{pad}  {t} = arith.addi {a}, {b} : i32\n{pad}  scf.yield {t} : i32\n{pad}}} else {{\n{pad}  scf.yield {b} : i32\n{pad}}}");
                        ints.push(r);
                    }
                    8 if depth < 3 => {
                        let bound = self.rng.pick(&idxs).clone();
                        match self.rng.below(4) {
                            0 => {
                                let _ = writeln!(self.out, "{pad}scf.for {r} = %c0 to {bound} step %s {{");
                            }
                            1 => {
                                let _ = writeln!(self.out, "{pad}affine.for {r} = 0 to 8 {{");
                            }
                            2 => {
                                let _ = writeln!(self.out, "{pad}scf.parallel ({r}) = (%c0) to (%c4) step (%c1) {{");
                            }
                            _ => {
                                let _ = writeln!(self.out, "{pad}scf.for {r} = %c0 to {bound} step %c1 {{");
                            }
                        }
                        let mut inner = idxs.clone();
                        inner.push(r);
                        self.body(depth + 1, ints.clone(), inner, indent + 1);
                        let _ = writeln!(self.out, "{pad}}}");
                    }
                    _ => {
                        let _ = writeln!(self.out, "{pad}{r} = arith.constant {} : i32", self.rng.range(0, 6) as i64 - 2);
                        ints.push(r);
                    }
                }
            }
        }
    }
    let mut g = G { rng, out: String::new(), next: 0 };
    g.out.push_str("func.func @f(%a: i32, %b: i32, %x: index, %n: index, %s: index, %p: i1, %m: memref<?xi32>) {\n");
    g.out.push_str("  %c0 = arith.constant 0 : index\n  %c1 = arith.constant 1 : index\n  %c4 = arith.constant 4 : index\n");
    g.out.push_str("  %k0 = arith.constant 0 : i32\n  %k3 = arith.constant 3 : i32\n  %km1 = arith.constant -1 : i32\n");
    g.out.push_str("  scf.for %i0 = %c0 to %n step %c1 {\n");
    g.body(1, vec!["%a".into(), "%b".into()], vec!["%x".into(), "%i0".into()], 2);
    g.out.push_str("  }\n  return\n}\n");
    g.out
}

fn run(tool: &str, input: &str, flags: &[&str]) -> (bool, String, String) {
    let mut child = Command::new(tool)
        .args(["-", "--split-input-file", "--mlir-print-debuginfo"])
        .args(flags)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("cannot run {tool}: {e}"));
    child.stdin.take().expect("stdin").write_all(input.as_bytes()).expect("write stdin");
    let out = child.wait_with_output().expect("wait");
    (out.status.success(), String::from_utf8_lossy(&out.stdout).into_owned(), String::from_utf8_lossy(&out.stderr).into_owned())
}

fn env_number(name: &str, default: u64) -> u64 {
    std::env::var(name).ok().and_then(|v| v.parse().ok()).unwrap_or(default)
}

/// Generates the programs, runs both tools on them as one split file and compares.
fn compare(what: &str, flags: &[&str], generate: fn(&mut Rng) -> String) {
    if !Path::new(MLIR_OPT).exists() {
        assert!(std::env::var("MICA_REQUIRE_ORACLES").as_deref() != Ok("1"), "{MLIR_OPT} is missing and MICA_REQUIRE_ORACLES=1");
        eprintln!("SKIPPED: {MLIR_OPT} not installed");
        return;
    }
    let cases = env_number("MICA_PASS_DIFF_CASES", 120) as usize;
    let mut rng = Rng::new(env_number("MICA_PASS_DIFF_SEED", 0x001A_110E) ^ what.len() as u64);
    let programs: Vec<String> = (0..cases).map(|_| generate(&mut rng)).collect();
    let input = programs.join(SPLIT);
    let (mlir_ok, mlir_out, mlir_err) = run(MLIR_OPT, &input, flags);
    assert!(mlir_ok, "mlir-opt rejected the generated {what} programs:\n{mlir_err}");
    let (mica_ok, mica_out, mica_err) = run(env!("CARGO_BIN_EXE_ir-opt"), &input, flags);
    assert!(mica_ok, "ir-opt failed on the {what} programs:\n{mica_err}");
    let expected: Vec<&str> = mlir_out.split(SPLIT).collect();
    let got: Vec<&str> = mica_out.split(SPLIT).collect();
    assert_eq!(expected.len(), got.len(), "chunk counts differ");
    let differing: Vec<usize> = (0..expected.len()).filter(|i| expected[*i] != got[*i]).collect();
    if let Some(&i) = differing.first() {
        panic!(
            "{what}: {} of {} programs differ from mlir-opt; the first:\n{}\n--- mlir-opt:\n{}\n--- ir-opt:\n{}",
            differing.len(),
            expected.len(),
            programs[i],
            expected[i],
            got[i]
        );
    }
    eprintln!("{what}: {} programs identical to mlir-opt", expected.len());
}

#[test]
fn inline_matches_mlir_opt() {
    compare("inline", &["--inline=default-pipeline="], call_program);
}

#[test]
fn sccp_matches_mlir_opt() {
    compare("sccp", &["--allow-unregistered-dialect", "--sccp"], sccp_program::program);
}

#[test]
fn loop_invariant_code_motion_matches_mlir_opt() {
    compare("loop-invariant-code-motion", &["--loop-invariant-code-motion"], loop_program);
}
