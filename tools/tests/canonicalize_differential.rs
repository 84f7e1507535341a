//! Differential test of `ir-opt --canonicalize` against mlir-opt 22 on random programs.
//!
//! A seeded generator writes functions of random arith code (integer, float, comparison and
//! select ops over parameters and constants, overflow flags), `scf.if` and `scf.for` regions,
//! casts there and back, side-effecting unregistered ops, and blocks with arguments joined by
//! `cf.br` / `cf.cond_br` / `cf.switch` (forward edges and back edges),
//! so that folding, patterns, constant hoisting, worklist order and region simplification all
//! meet. All programs go through each tool in one `--split-input-file` run per option set
//! (default; bottom-up with aggressive region simplification and locations; no region
//! simplification); the outputs must be byte-identical chunk by chunk. (Runs cut short by
//! `max-iterations` are not compared: which dead ops an unfinished run leaves depends on how
//! MLIR's generic region-op patterns order their notifications.) The first disagreements are printed with
//! their program.
//!
//! Environment: `MICA_CANON_DIFF_CASES` (programs, default 300), `MICA_CANON_DIFF_SEED`,
//! `MICA_MLIR_OPT` (the mlir-opt to use), `MICA_REQUIRE_ORACLES=1` (fail instead of skipping
//! without mlir-opt).

// Shared with the printing differential test, which uses all of it.
#[allow(dead_code)]
#[path = "differential/rng.rs"]
mod rng;

use rng::Rng;
use std::io::Write;
use std::path::Path;
use std::process::{Command, Stdio};

const INT_OPS: &[&str] = &[
    "addi", "subi", "muli", "divsi", "divui", "remsi", "remui", "andi", "ori", "xori", "maxsi", "minui", "shli", "shrsi", "shrui",
    "ceildivsi", "floordivsi",
];
const FLOAT_OPS: &[&str] = &["addf", "subf", "mulf", "divf", "maximumf", "minnumf"];
const PREDICATES: &[&str] = &["eq", "ne", "slt", "sle", "ugt", "uge"];

/// Writes one random function.
struct Gen<'a> {
    rng: &'a mut Rng,
    lines: Vec<String>,
    next: usize,
    ty: &'static str,
}

/// The values in scope, by kind.
#[derive(Clone)]
struct Scope {
    ints: Vec<String>,
    floats: Vec<String>,
    bools: Vec<String>,
}

impl Gen<'_> {
    fn fresh(&mut self) -> String {
        self.next += 1;
        format!("%v{}", self.next)
    }

    fn pick(&mut self, xs: &[String]) -> String {
        self.rng.pick(xs).clone()
    }

    fn int_constant(&mut self, s: &mut Scope, ind: &str) {
        let choices = [0i64, 1, -1, 2, 3, 7, -8, 17, 127, 255];
        let mut v = *self.rng.pick(&choices);
        if self.ty == "i8" {
            v = v.clamp(-128, 127);
        }
        let n = self.fresh();
        self.lines.push(format!("{ind}{n} = arith.constant {v} : {}", self.ty));
        s.ints.push(n);
    }

    fn ops(&mut self, s: &mut Scope, count: usize, depth: usize, ind: &str) {
        let ty = self.ty;
        for _ in 0..count {
            match self.rng.below(100) {
                0..=44 => {
                    let op = *self.rng.pick(INT_OPS);
                    let (a, b) = (self.pick(&s.ints), self.pick(&s.ints));
                    let flags = if matches!(op, "addi" | "subi" | "muli" | "shli") && self.rng.chance(20) { " overflow<nsw>" } else { "" };
                    let n = self.fresh();
                    self.lines.push(format!("{ind}{n} = arith.{op} {a}, {b}{flags} : {ty}"));
                    s.ints.push(n);
                }
                45..=57 => {
                    let op = *self.rng.pick(FLOAT_OPS);
                    let (a, b) = (self.pick(&s.floats), self.pick(&s.floats));
                    let n = self.fresh();
                    self.lines.push(format!("{ind}{n} = arith.{op} {a}, {b} : f32"));
                    s.floats.push(n);
                }
                58..=69 => {
                    let p = *self.rng.pick(PREDICATES);
                    let (a, b) = (self.pick(&s.ints), self.pick(&s.ints));
                    let n = self.fresh();
                    self.lines.push(format!("{ind}{n} = arith.cmpi {p}, {a}, {b} : {ty}"));
                    s.bools.push(n);
                }
                70..=79 => {
                    let (c, a, b) = (self.pick(&s.bools), self.pick(&s.ints), self.pick(&s.ints));
                    let n = self.fresh();
                    self.lines.push(format!("{ind}{n} = arith.select {c}, {a}, {b} : {ty}"));
                    s.ints.push(n);
                }
                80..=84 => self.int_constant(s, ind),
                85..=87 => self.cast_round_trip(s, ind),
                88..=89 => {
                    let v = self.pick(&s.ints);
                    self.lines.push(format!("{ind}\"u.use\"({v}) : ({ty}) -> ()"));
                }
                _ if depth < 2 => self.region_op(s, depth, ind),
                _ => {}
            }
        }
    }

    /// A cast to a wider (or narrower, or index) type and back, for the cast-chain folds.
    fn cast_round_trip(&mut self, s: &mut Scope, ind: &str) {
        let ty = self.ty;
        let v = self.pick(&s.ints);
        let (t, back) = (self.fresh(), self.fresh());
        let (out, there, home) = match ty {
            "index" => ("i64", "arith.index_cast", "arith.index_cast"),
            "i64" => ("index", *self.rng.pick(&["arith.index_cast", "arith.index_castui"]), "arith.index_cast"),
            _ => ("i64", *self.rng.pick(&["arith.extsi", "arith.extui"]), "arith.trunci"),
        };
        self.lines.push(format!("{ind}{t} = {there} {v} : {ty} to {out}"));
        self.lines.push(format!("{ind}{back} = {home} {t} : {out} to {ty}"));
        s.ints.push(back);
    }

    fn region_op(&mut self, s: &mut Scope, depth: usize, ind: &str) {
        let ty = self.ty;
        let n = self.fresh();
        let inner = format!("{ind}  ");
        if self.rng.chance(50) {
            let c = self.pick(&s.bools);
            self.lines.push(format!("{ind}{n} = scf.if {c} -> {ty} {{"));
            for branch in 0..2 {
                let mut t = s.clone();
                let k = self.rng.range(0, 3);
                self.ops(&mut t, k, depth + 1, &inner);
                let y = self.pick(&t.ints);
                self.lines.push(format!("{inner}scf.yield {y} : {ty}"));
                self.lines.push(if branch == 0 { format!("{ind}}} else {{") } else { format!("{ind}}}") });
            }
        } else {
            let (lb, step) = (self.fresh(), self.fresh());
            let lbv = *self.rng.pick(&[0, 3]);
            self.lines.push(format!("{ind}{lb} = arith.constant {lbv} : index"));
            self.lines.push(format!("{ind}{step} = arith.constant 1 : index"));
            let ub = self.rng.pick(&["%n".to_string(), lb.clone(), step.clone()]).clone();
            let (iv, it) = (self.fresh(), self.fresh());
            let init = self.pick(&s.ints);
            self.lines.push(format!("{ind}{n} = scf.for {iv} = {lb} to {ub} step {step} iter_args({it} = {init}) -> ({ty}) {{"));
            let mut t = s.clone();
            t.ints.push(it);
            let k = self.rng.range(0, 4);
            self.ops(&mut t, k, depth + 1, &inner);
            let y = self.pick(&t.ints);
            self.lines.push(format!("{inner}scf.yield {y} : {ty}"));
            self.lines.push(format!("{ind}}}"));
        }
        s.ints.push(n);
    }

    /// A terminator for block `cur` of `blocks`: a return, a branch (sometimes backwards) or a
    /// conditional branch forwards.
    fn terminator(&mut self, s: &Scope, cur: usize, blocks: usize) {
        let ty = self.ty;
        let later: Vec<usize> = (cur + 1..=blocks).collect();
        let k = self.rng.below(100);
        if later.is_empty() || k < 25 {
            let v = self.pick(&s.ints);
            self.lines.push(format!("  return {v} : {ty}"));
        } else if k < 60 {
            let t = if cur > 0 && self.rng.chance(20) { self.rng.range(1, cur) } else { *self.rng.pick(&later) };
            let v = self.pick(&s.ints);
            self.lines.push(format!("  cf.br ^b{t}({v} : {ty})"));
        } else if ty != "index" && k < 75 {
            let flag = self.pick(&s.ints);
            let d = *self.rng.pick(&later);
            let dv = self.pick(&s.ints);
            let mut cases = vec![format!("    default: ^b{d}({dv} : {ty})")];
            let mut used = Vec::new();
            for _ in 0..self.rng.range(1, 3) {
                let cv = *self.rng.pick(&[0i64, 1, 2, 7, -1]);
                if used.contains(&cv) {
                    continue;
                }
                used.push(cv);
                let (t, v) = (*self.rng.pick(&later), self.pick(&s.ints));
                cases.push(format!("    {cv}: ^b{t}({v} : {ty})"));
            }
            self.lines.push(format!("  cf.switch {flag} : {ty}, [\n{}\n  ]", cases.join(",\n")));
        } else {
            let (t1, t2) = (*self.rng.pick(&later), *self.rng.pick(&later));
            let (c, a, b) = (self.pick(&s.bools), self.pick(&s.ints), self.pick(&s.ints));
            self.lines.push(format!("  cf.cond_br {c}, ^b{t1}({a} : {ty}), ^b{t2}({b} : {ty})"));
        }
    }

    fn function(mut self, index: usize) -> String {
        let ty = self.ty;
        let mut s = Scope { ints: vec!["%a".into(), "%b".into()], floats: vec!["%x".into()], bools: vec!["%c".into()] };
        for _ in 0..self.rng.range(2, 4) {
            self.int_constant(&mut s, "  ");
        }
        for _ in 0..self.rng.range(1, 2) {
            let v = *self.rng.pick(&["0.0", "-0.0", "1.0", "2.5", "-3.0", "0x7FC00000", "0x7F800000"]);
            let n = self.fresh();
            self.lines.push(format!("  {n} = arith.constant {v} : f32"));
            s.floats.push(n);
        }
        let k = self.rng.range(4, 16);
        self.ops(&mut s, k, 0, "  ");
        let blocks = if self.rng.chance(50) { self.rng.range(1, 4) } else { 0 };
        self.terminator(&s, 0, blocks);
        for b in 1..=blocks {
            self.lines.push(format!("^b{b}(%p{b}: {ty}):"));
            let mut t = Scope { ints: vec!["%a".into(), "%b".into(), format!("%p{b}")], floats: vec!["%x".into()], bools: vec!["%c".into()] };
            let k = self.rng.range(0, 4);
            self.ops(&mut t, k, 1, "  ");
            self.terminator(&t, b, blocks);
        }
        let mut out = format!("func.func @f{index}(%a: {ty}, %b: {ty}, %x: f32, %c: i1, %n: index) -> {ty} {{\n");
        for l in &self.lines {
            out.push_str(l);
            out.push('\n');
        }
        out.push_str("}\n");
        out
    }
}

fn generate(seed: u64, cases: usize) -> Vec<String> {
    let mut rng = Rng::new(seed);
    (0..cases)
        .map(|i| {
            let ty = *rng.pick(&["i8", "i32", "i64", "index"]);
            Gen { rng: &mut rng, lines: Vec::new(), next: 0, ty }.function(i)
        })
        .collect()
}

/// Runs `tool` on the programs as one split file; gives each chunk's output.
fn run(tool: &str, input: &Path, flags: &[&str], chunks: usize) -> Vec<String> {
    let out = Command::new(tool)
        .arg(input)
        .args(["--split-input-file", "--allow-unregistered-dialect"])
        .args(flags)
        .stdin(Stdio::null())
        .output()
        .expect("run tool");
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    let mut parts: Vec<String> = text.split("// -----\n").map(str::to_string).collect();
    parts.resize(chunks, String::new());
    parts
}

#[test]
fn canonicalize_matches_mlir_opt_on_random_programs() {
    let mlir_opt = std::env::var("MICA_MLIR_OPT").unwrap_or_else(|_| "/usr/lib/llvm-22/bin/mlir-opt".into());
    if !Path::new(&mlir_opt).exists() {
        if std::env::var("MICA_REQUIRE_ORACLES").as_deref() == Ok("1") {
            panic!("{mlir_opt} is missing and MICA_REQUIRE_ORACLES=1");
        }
        eprintln!("SKIPPED: {mlir_opt} not installed");
        return;
    }
    let cases: usize = std::env::var("MICA_CANON_DIFF_CASES").ok().and_then(|v| v.parse().ok()).unwrap_or(300);
    let seed: u64 = std::env::var("MICA_CANON_DIFF_SEED").ok().and_then(|v| v.parse().ok()).unwrap_or(0xCA11);
    let programs = generate(seed, cases);
    let dir = std::env::temp_dir().join(format!("mica-canon-diff-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let input = dir.join("programs.mlir");
    {
        let mut f = std::fs::File::create(&input).expect("write programs");
        f.write_all(programs.join("// -----\n").as_bytes()).expect("write programs");
    }
    let ir_opt = env!("CARGO_BIN_EXE_ir-opt");
    let mut failures = Vec::new();
    let mut compared = 0;
    for flags in [
        &["--canonicalize"][..],
        &["--canonicalize=top-down=false region-simplify=aggressive", "--mlir-print-debuginfo"][..],
        &["--canonicalize=region-simplify=disabled"][..],
    ] {
        let expected = run(&mlir_opt, &input, flags, programs.len());
        let rejected = expected.iter().filter(|e| !e.contains("func.func")).count();
        assert!(rejected == 0, "mlir-opt rejected {rejected} generated programs: the generator is broken");
        let got = run(ir_opt, &input, flags, programs.len());
        for (i, (e, g)) in expected.iter().zip(&got).enumerate() {
            compared += 1;
            if e != g {
                failures.push(format!("{flags:?} on program {i}:\n{}\nmlir-opt:\n{e}\nir-opt:\n{g}", programs[i]));
            }
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
    eprintln!("canonicalize differential: {} of {compared} outputs identical (seed {seed:#x})", compared - failures.len());
    assert!(failures.is_empty(), "{} outputs differ; first:\n{}", failures.len(), failures.iter().take(3).cloned().collect::<Vec<_>>().join("\n\n"));
}
