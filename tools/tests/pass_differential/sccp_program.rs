//! Random modules for the `--sccp` differential test: a public `@main` and a few functions
//! (private, public or nested in a private module) calling each other with constants and
//! arguments, over `i1`, `i32`, `index` and `f32` values: small constants that often agree,
//! arith, math and index ops that fold (or not), `ub.poison`, `scf.if`, `scf.for`, `scf.while`,
//! `scf.index_switch`, `scf.execute_region` with blocks inside, `affine.for` and `affine.if`,
//! and blocks joined by `cf.br`, `cf.cond_br` and `cf.switch` whose conditions are constant
//! often enough to leave blocks dead.

use crate::rng::Rng;
use std::fmt::Write as _;

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Ty {
    I1,
    I32,
    Index,
    F32,
}

impl Ty {
    fn name(self) -> &'static str {
        match self {
            Ty::I1 => "i1",
            Ty::I32 => "i32",
            Ty::Index => "index",
            Ty::F32 => "f32",
        }
    }
}

const TYPES: [Ty; 4] = [Ty::I1, Ty::I32, Ty::Index, Ty::F32];

/// A function's signature: its name, argument and result types.
struct Sig {
    name: String,
    args: Vec<Ty>,
    results: Vec<Ty>,
}

struct Gen<'r> {
    rng: &'r mut Rng,
    out: String,
    next: usize,
    indent: usize,
    /// The functions a body may call (those defined before it, and itself).
    callees: Vec<Sig>,
}

type Scope = Vec<(String, Ty)>;

fn types(ts: &[Ty]) -> String {
    ts.iter().map(|t| t.name()).collect::<Vec<_>>().join(", ")
}

impl Gen<'_> {
    fn fresh(&mut self) -> String {
        self.next += 1;
        format!("%v{}", self.next)
    }

    fn line(&mut self, s: &str) {
        let pad = "  ".repeat(self.indent);
        let _ = writeln!(self.out, "{pad}{s}");
    }

    /// A value of type `t` from `scope`, or a new constant.
    fn value(&mut self, scope: &mut Scope, t: Ty) -> String {
        let have: Vec<String> = scope.iter().filter(|(_, ty)| *ty == t).map(|(v, _)| v.clone()).collect();
        if !have.is_empty() && !self.rng.chance(25) {
            return self.rng.pick(&have).clone();
        }
        self.constant(scope, t)
    }

    /// A value of type `t` that is not one result of several.
    fn plain_value(&mut self, scope: &mut Scope, t: Ty) -> String {
        let v = self.value(scope, t);
        if v.contains('#') { self.constant(scope, t) } else { v }
    }

    fn constant(&mut self, scope: &mut Scope, t: Ty) -> String {
        let v = self.fresh();
        let text = match t {
            Ty::I1 => format!("{v} = arith.constant {}", if self.rng.chance(50) { "true" } else { "false" }),
            Ty::I32 => format!("{v} = arith.constant {} : i32", self.rng.range(0, 4) as i64 - 1),
            Ty::Index => {
                if self.rng.chance(20) {
                    format!("{v} = index.constant {}", self.rng.range(0, 3))
                } else {
                    format!("{v} = arith.constant {} : index", self.rng.range(0, 3))
                }
            }
            Ty::F32 => format!("{v} = arith.constant {}.0 : f32", self.rng.range(0, 3) as i64 - 1),
        };
        self.line(&text);
        scope.push((v.clone(), t));
        v
    }

    /// One statement adding values to `scope`.
    fn statement(&mut self, scope: &mut Scope, depth: usize) {
        let r = self.fresh();
        match self.rng.below(20) {
            0..=5 => {
                let (op, t) = *self.rng.pick(&[
                    ("arith.addi", Ty::I32),
                    ("arith.subi", Ty::I32),
                    ("arith.muli", Ty::I32),
                    ("arith.andi", Ty::I32),
                    ("arith.xori", Ty::I32),
                    ("arith.divsi", Ty::I32),
                    ("arith.addi", Ty::Index),
                    ("arith.muli", Ty::Index),
                    ("arith.andi", Ty::I1),
                    ("arith.ori", Ty::I1),
                    ("arith.addf", Ty::F32),
                    ("arith.mulf", Ty::F32),
                ]);
                let (a, b) = (self.value(scope, t), self.value(scope, t));
                self.line(&format!("{r} = {op} {a}, {b} : {}", t.name()));
                scope.push((r, t));
            }
            6 | 7 => {
                let t = *self.rng.pick(&[Ty::I32, Ty::Index]);
                let (a, b) = (self.value(scope, t), self.value(scope, t));
                let pred = *self.rng.pick(&["eq", "ne", "slt", "uge"]);
                self.line(&format!("{r} = arith.cmpi {pred}, {a}, {b} : {}", t.name()));
                scope.push((r, Ty::I1));
            }
            8 => {
                let t = *self.rng.pick(&TYPES);
                let c = self.value(scope, Ty::I1);
                let (a, b) = (self.value(scope, t), self.value(scope, t));
                self.line(&format!("{r} = arith.select {c}, {a}, {b} : {}", t.name()));
                scope.push((r, t));
            }
            9 => {
                match self.rng.below(4) {
                    0 => {
                        let a = self.value(scope, Ty::F32);
                        let op = *self.rng.pick(&["math.absf", "math.floor", "math.sqrt"]);
                        self.line(&format!("{r} = {op} {a} : f32"));
                        scope.push((r, Ty::F32));
                    }
                    1 => {
                        let (a, b) = (self.value(scope, Ty::Index), self.value(scope, Ty::Index));
                        let op = *self.rng.pick(&["index.add", "index.mul", "index.maxs"]);
                        self.line(&format!("{r} = {op} {a}, {b}"));
                        scope.push((r, Ty::Index));
                    }
                    2 => {
                        let a = self.value(scope, Ty::I32);
                        self.line(&format!("{r} = arith.index_cast {a} : i32 to index"));
                        scope.push((r, Ty::Index));
                    }
                    _ => {
                        let t = *self.rng.pick(&TYPES);
                        self.line(&format!("{r} = ub.poison : {}", t.name()));
                        scope.push((r, t));
                    }
                }
            }
            10 if depth < 3 => self.scf_if(scope, depth, r),
            11 if depth < 3 => self.scf_for(scope, depth, r),
            12 if depth < 3 => self.scf_while(scope, depth, r),
            13 if depth < 3 => self.index_switch(scope, depth, r),
            14 if depth < 3 => self.execute_region(scope, depth, r),
            15 if depth < 3 => self.affine(scope, depth, r),
            16 if !self.callees.is_empty() => {
                let k = self.rng.below(self.callees.len());
                let (name, args, results) = (self.callees[k].name.clone(), self.callees[k].args.clone(), self.callees[k].results.clone());
                let vals: Vec<String> = args.iter().map(|t| self.value(scope, *t)).collect();
                let lhs = if results.len() == 1 { r.clone() } else { format!("{r}:{}", results.len()) };
                self.line(&format!("{lhs} = func.call @{name}({}) : ({}) -> ({})", vals.join(", "), types(&args), types(&results)));
                for (i, t) in results.iter().enumerate() {
                    scope.push((if results.len() == 1 { r.clone() } else { format!("{r}#{i}") }, *t));
                }
            }
            _ => {
                let t = *self.rng.pick(&TYPES);
                self.constant(scope, t);
            }
        }
    }

    /// Statements of a nested region, then its terminator yielding values of `yields`.
    fn region(&mut self, scope: &Scope, depth: usize, yields: &[Ty], terminator: &str) {
        self.indent += 1;
        let mut inner = scope.clone();
        for _ in 0..self.rng.range(0, 3) {
            self.statement(&mut inner, depth + 1);
        }
        let vals: Vec<String> = yields.iter().map(|t| self.value(&mut inner, *t)).collect();
        if vals.is_empty() {
            self.line(terminator);
        } else {
            self.line(&format!("{terminator} {} : {}", vals.join(", "), types(yields)));
        }
        self.indent -= 1;
    }

    fn results(&mut self) -> Vec<Ty> {
        (0..self.rng.range(1, 2)).map(|_| *self.rng.pick(&TYPES)).collect()
    }

    fn bind(scope: &mut Scope, r: &str, ts: &[Ty]) -> String {
        if ts.len() == 1 {
            scope.push((r.to_string(), ts[0]));
            r.to_string()
        } else {
            for (i, t) in ts.iter().enumerate() {
                scope.push((format!("{r}#{i}"), *t));
            }
            format!("{r}:{}", ts.len())
        }
    }

    fn scf_if(&mut self, scope: &mut Scope, depth: usize, r: String) {
        let c = self.value(scope, Ty::I1);
        let ts = self.results();
        let mut s2 = scope.clone();
        let lhs = Self::bind(&mut s2, &r, &ts);
        self.line(&format!("{lhs} = scf.if {c} -> ({}) {{", types(&ts)));
        self.region(scope, depth, &ts, "scf.yield");
        self.line("} else {");
        self.region(scope, depth, &ts, "scf.yield");
        self.line("}");
        *scope = s2;
    }

    fn scf_for(&mut self, scope: &mut Scope, depth: usize, r: String) {
        let lb = self.value(scope, Ty::Index);
        let ub = self.value(scope, Ty::Index);
        let step = self.constant(scope, Ty::Index);
        let step = if self.rng.chance(70) { step } else { self.value(scope, Ty::Index) };
        let ts = self.results();
        let inits: Vec<String> = ts.iter().map(|t| self.value(scope, *t)).collect();
        let iv = self.fresh();
        let iters: Vec<String> = ts.iter().map(|_| self.fresh()).collect();
        let mut s2 = scope.clone();
        let lhs = Self::bind(&mut s2, &r, &ts);
        let list: Vec<String> = iters.iter().zip(&inits).map(|(a, i)| format!("{a} = {i}")).collect();
        // Steps may be zero or unknown: the loop is never run, only analysed and printed.
        self.line(&format!("{lhs} = scf.for {iv} = {lb} to {ub} step {step} iter_args({}) -> ({}) {{", list.join(", "), types(&ts)));
        let mut inner = scope.clone();
        inner.push((iv, Ty::Index));
        inner.extend(iters.iter().cloned().zip(ts.iter().copied()));
        self.region(&inner, depth, &ts, "scf.yield");
        self.line("}");
        *scope = s2;
    }

    fn scf_while(&mut self, scope: &mut Scope, depth: usize, r: String) {
        let ts = self.results();
        let inits: Vec<String> = ts.iter().map(|t| self.value(scope, *t)).collect();
        let args: Vec<String> = ts.iter().map(|_| self.fresh()).collect();
        let mut s2 = scope.clone();
        let lhs = Self::bind(&mut s2, &r, &ts);
        let list: Vec<String> = args.iter().zip(&inits).map(|(a, i)| format!("{a} = {i}")).collect();
        self.line(&format!("{lhs} = scf.while ({}) : ({}) -> ({}) {{", list.join(", "), types(&ts), types(&ts)));
        let mut before = scope.clone();
        before.extend(args.iter().cloned().zip(ts.iter().copied()));
        self.indent += 1;
        for _ in 0..self.rng.range(0, 2) {
            self.statement(&mut before, depth + 1);
        }
        let c = self.value(&mut before, Ty::I1);
        let fwd: Vec<String> = ts.iter().map(|t| self.value(&mut before, *t)).collect();
        self.line(&format!("scf.condition({c}) {} : {}", fwd.join(", "), types(&ts)));
        self.indent -= 1;
        self.line("} do {");
        let after: Vec<String> = ts.iter().map(|_| self.fresh()).collect();
        let decl: Vec<String> = after.iter().zip(&ts).map(|(a, t)| format!("{a}: {}", t.name())).collect();
        self.line(&format!("^bb0({}):", decl.join(", ")));
        let mut inner = scope.clone();
        inner.extend(after.iter().cloned().zip(ts.iter().copied()));
        self.region(&inner, depth, &ts, "scf.yield");
        self.line("}");
        *scope = s2;
    }

    fn index_switch(&mut self, scope: &mut Scope, depth: usize, r: String) {
        let arg = self.value(scope, Ty::Index);
        let ts = self.results();
        let mut s2 = scope.clone();
        let lhs = Self::bind(&mut s2, &r, &ts);
        self.line(&format!("{lhs} = scf.index_switch {arg} -> {}", types(&ts)));
        for case in 0..self.rng.range(1, 2) {
            self.line(&format!("case {case} {{"));
            self.region(scope, depth, &ts, "scf.yield");
            self.line("}");
        }
        self.line("default {");
        self.region(scope, depth, &ts, "scf.yield");
        self.line("}");
        *scope = s2;
    }

    fn execute_region(&mut self, scope: &mut Scope, depth: usize, r: String) {
        let ts = self.results();
        let mut s2 = scope.clone();
        let lhs = Self::bind(&mut s2, &r, &ts);
        self.line(&format!("{lhs} = scf.execute_region -> ({}) {{", types(&ts)));
        self.indent += 1;
        let mut inner = scope.clone();
        let c = self.value(&mut inner, Ty::I1);
        let (a, b) = (self.value(&mut inner, ts[0]), self.value(&mut inner, ts[0]));
        let t0 = ts[0].name();
        self.line(&format!("cf.cond_br {c}, ^bb1({a} : {t0}), ^bb2({b} : {t0})"));
        self.indent -= 1;
        for (label, join) in [("^bb1", true), ("^bb2", false)] {
            let p = self.fresh();
            self.line(&format!("{label}({p}: {t0}):"));
            let mut blk = scope.clone();
            blk.push((p.clone(), ts[0]));
            if join {
                self.region(&blk, depth, &ts, "scf.yield");
            } else {
                self.indent += 1;
                let rest: Vec<String> = ts.iter().map(|t| self.value(&mut blk, *t)).collect();
                self.line(&format!("scf.yield {} : {}", rest.join(", "), types(&ts)));
                self.indent -= 1;
            }
        }
        self.line("}");
        *scope = s2;
    }

    fn affine(&mut self, scope: &mut Scope, depth: usize, r: String) {
        let ts = vec![*self.rng.pick(&TYPES)];
        let mut s2 = scope.clone();
        let lhs = Self::bind(&mut s2, &r, &ts);
        if self.rng.chance(50) {
            let init = self.value(scope, ts[0]);
            let (lb, ub) = (self.rng.range(0, 2), self.rng.range(0, 3));
            let (iv, acc) = (self.fresh(), self.fresh());
            self.line(&format!("{lhs} = affine.for {iv} = {lb} to {ub} iter_args({acc} = {init}) -> ({}) {{", ts[0].name()));
            let mut inner = scope.clone();
            inner.push((iv, Ty::Index));
            inner.push((acc, ts[0]));
            self.region(&inner, depth, &ts, "affine.yield");
        } else {
            // A constant is a valid dimension anywhere (a value of an scf region is not).
            let x = self.constant(scope, Ty::Index);
            self.line(&format!("{lhs} = affine.if affine_set<(d0) : (d0 - 1 >= 0)>({x}) -> {} {{", ts[0].name()));
            self.region(scope, depth, &ts, "affine.yield");
            self.line("} else {");
            self.region(scope, depth, &ts, "affine.yield");
        }
        self.line("}");
        *scope = s2;
    }

    /// A function body: statements, then maybe a diamond of blocks, then the return.
    fn body(&mut self, mut scope: Scope, results: &[Ty]) {
        self.indent = 1;
        for _ in 0..self.rng.range(1, 6) {
            self.statement(&mut scope, 0);
        }
        if self.rng.chance(50) {
            let t = *self.rng.pick(&TYPES);
            // `cf.switch` does not take `%x#0` operands.
            let (a, b, c) = (self.plain_value(&mut scope, t), self.plain_value(&mut scope, t), self.plain_value(&mut scope, t));
            if self.rng.chance(60) {
                let cond = self.value(&mut scope, Ty::I1);
                self.line(&format!("cf.cond_br {cond}, ^bb1({a} : {0}), ^bb2({b} : {0})", t.name()));
            } else {
                let flag = self.value(&mut scope, Ty::I32);
                self.line(&format!("cf.switch {flag} : i32, [\n    default: ^bb1({a} : {0}),\n    0: ^bb2({b} : {0}),\n    1: ^bb1({c} : {0})\n  ]", t.name()));
            }
            let joined = self.fresh();
            for label in ["^bb1", "^bb2"] {
                let p = self.fresh();
                self.indent = 0;
                self.line(&format!("{label}({p}: {}):", t.name()));
                self.indent = 1;
                let mut blk = scope.clone();
                blk.push((p, t));
                for _ in 0..self.rng.range(0, 2) {
                    self.statement(&mut blk, 1);
                }
                let v = self.value(&mut blk, t);
                self.line(&format!("cf.br ^bb3({v} : {})", t.name()));
            }
            self.indent = 0;
            self.line(&format!("^bb3({joined}: {}):", t.name()));
            self.indent = 1;
            scope.push((joined, t));
        }
        let vals: Vec<String> = results.iter().map(|t| self.value(&mut scope, *t)).collect();
        self.line(&format!("return {} : {}", vals.join(", "), types(results)));
        self.indent = 0;
    }
}

/// A module: functions `@f0`… (each may call the ones before it and itself) and `@main`.
pub fn program(rng: &mut Rng) -> String {
    let mut g = Gen { rng, out: String::new(), next: 0, indent: 0, callees: Vec::new() };
    let n = g.rng.range(0, 3);
    for k in 0..=n {
        let main = k == n;
        let name = if main { "main".to_string() } else { format!("f{k}") };
        let args: Vec<Ty> = (0..g.rng.range(if main { 1 } else { 0 }, 2)).map(|_| *g.rng.pick(&TYPES)).collect();
        let results: Vec<Ty> = (0..g.rng.range(1, 2)).map(|_| *g.rng.pick(&TYPES)).collect();
        let visibility = if main { "" } else { *g.rng.pick(&["private ", "private ", ""]) };
        let params: Vec<String> = args.iter().enumerate().map(|(i, t)| format!("%a{i}: {}", t.name())).collect();
        let _ = writeln!(g.out, "func.func {visibility}@{name}({}) -> ({}) {{", params.join(", "), types(&results));
        // A function may call itself (nothing runs, so recursion need not end).
        let recursive = !main && g.rng.chance(30);
        if recursive {
            g.callees.push(Sig { name: name.clone(), args: args.clone(), results: results.clone() });
        }
        let scope: Scope = args.iter().enumerate().map(|(i, t)| (format!("%a{i}"), *t)).collect();
        g.body(scope, &results);
        let _ = writeln!(g.out, "}}");
        if !recursive && !main {
            g.callees.push(Sig { name, args, results });
        }
    }
    g.out
}
