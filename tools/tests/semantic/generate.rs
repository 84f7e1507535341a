//! Random programs that compute: functions of `arith`, `math`, `scf`, `cf` and `func` ops over
//! i1, i8, i32, i64, index, f32 and f64, and a `@main` that calls each function with constants
//! and prints every result with the runner utilities' `printI64`.
//!
//! The programs are free of undefined behaviour, so that any two correct compilations print the
//! same numbers: divisors are forced odd and positive, shift amounts masked below the width, no
//! overflow or fast-math flags, no float-to-integer conversions, loop trip counts bounded, and
//! no signalling NaNs (constants that would be NaN become the quiet NaN). NaN payloads are not
//! portable between constant folding and hardware, so `@main` prints every NaN as one sentinel
//! and never bit-casts a computed float anywhere else.

use crate::rng::Rng;
use std::collections::HashSet;
use std::fmt::Write as _;

/// The value types of the generated programs.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Ty {
    I1,
    I8,
    I32,
    I64,
    Index,
    F32,
    F64,
}

const TYPES: [Ty; 7] = [Ty::I1, Ty::I8, Ty::I32, Ty::I64, Ty::Index, Ty::F32, Ty::F64];
/// How many times `@main` calls each function (with different constants).
const CALLS_PER_FUNCTION: usize = 3;
/// Results of a generated function at most.
const MAX_RESULTS: usize = 24;

impl Ty {
    fn name(self) -> &'static str {
        match self {
            Ty::I1 => "i1",
            Ty::I8 => "i8",
            Ty::I32 => "i32",
            Ty::I64 => "i64",
            Ty::Index => "index",
            Ty::F32 => "f32",
            Ty::F64 => "f64",
        }
    }

    fn is_float(self) -> bool {
        matches!(self, Ty::F32 | Ty::F64)
    }

    /// Bits of an integer type (index lowers to 64 bits).
    fn width(self) -> u32 {
        match self {
            Ty::I1 => 1,
            Ty::I8 => 8,
            Ty::I32 | Ty::F32 => 32,
            Ty::I64 | Ty::Index | Ty::F64 => 64,
        }
    }
}

/// A function's signature.
#[derive(Clone)]
struct Sig {
    name: String,
    args: Vec<Ty>,
    results: Vec<Ty>,
}

/// Writes the body of one function.
struct FnGen<'a> {
    rng: &'a mut Rng,
    out: String,
    /// Values visible at the insertion point, innermost scope last.
    scopes: Vec<Vec<(String, Ty)>>,
    next_value: usize,
    next_block: usize,
    indent: usize,
    /// Region nesting depth (bounds loop nests and code size).
    depth: usize,
    /// Functions this one may call.
    callees: &'a [Sig],
    /// Values some op uses already.
    used: HashSet<String>,
    /// Values that are `arith.constant`s.
    constants: HashSet<String>,
    /// The types this function computes with (a few, so that ops find operands to combine).
    palette: Vec<Ty>,
}

impl FnGen<'_> {
    fn line(&mut self, text: &str) {
        for _ in 0..self.indent {
            self.out.push_str("  ");
        }
        self.out.push_str(text);
        self.out.push('\n');
    }

    fn fresh(&mut self) -> String {
        self.next_value += 1;
        format!("%v{}", self.next_value)
    }

    fn define(&mut self, name: String, ty: Ty) {
        self.scopes.last_mut().expect("a scope is open").push((name, ty));
    }

    /// Emits `%v = <rhs>` of type `ty` and makes the value visible.
    fn emit(&mut self, rhs: &str, ty: Ty) -> String {
        let v = self.fresh();
        self.line(&format!("{v} = {rhs}"));
        self.define(v.clone(), ty);
        if rhs.starts_with("arith.constant ") {
            self.constants.insert(v.clone());
        }
        v
    }

    /// Whether `name` is a computed value nothing uses yet.
    fn is_open(&self, name: &str) -> bool {
        !self.used.contains(name) && !self.constants.contains(name)
    }

    /// A value for a yield or return of type `ty`: an open value of the innermost scope if
    /// there is one, so that what a region computes flows out of it.
    /// An open value of another type is converted and combined with a value of `ty`.
    fn result_value(&mut self, ty: Ty) -> String {
        let scope = self.scopes.last().expect("a scope is open");
        let open: Vec<(String, Ty)> = scope.iter().rev().filter(|(n, _)| self.is_open(n)).cloned().collect();
        let name = if let Some((n, _)) = open.iter().find(|(_, t)| *t == ty) {
            n.clone()
        } else if let Some((n, from)) = open.first() {
            self.used.insert(n.clone());
            let converted = self.convert(n, *from, ty);
            self.used.insert(converted.clone());
            let other = self.value(ty);
            let op = if ty.is_float() { *self.rng.pick(&["addf", "subf", "mulf"]) } else { *self.rng.pick(&["addi", "subi", "xori", "muli"]) };
            self.emit(&format!("arith.{op} {converted}, {other} : {}", ty.name()), ty)
        } else {
            return self.value(ty);
        };
        self.used.insert(name.clone());
        name
    }

    fn constant(&mut self, ty: Ty) -> String {
        let text = match ty {
            // `true` and `false` are typed already.
            Ty::I1 => {
                let rhs = if self.rng.chance(50) { "arith.constant true" } else { "arith.constant false" };
                return self.emit(rhs, ty);
            }
            Ty::F32 | Ty::F64 => float_literal(self.rng, ty),
            _ => int_literal(self.rng, ty),
        };
        self.emit(&format!("arith.constant {text} : {}", ty.name()), ty)
    }

    /// A visible value of type `ty`, sometimes a fresh constant.
    fn value(&mut self, ty: Ty) -> String {
        // Constants only now and then: operands computed from the inputs make the printed
        // numbers depend on what each op does.
        let candidates: Vec<&String> = self.scopes.iter().flatten().filter(|(n, t)| *t == ty && !self.constants.contains(n)).map(|(n, _)| n).collect();
        if candidates.is_empty() || self.rng.chance(6) {
            return self.constant(ty);
        }
        // Prefer values nothing uses yet, then recent ones, so that little of the code is dead.
        let unused: Vec<&String> = candidates.iter().copied().filter(|n| self.is_open(n)).collect();
        let name = if !unused.is_empty() && self.rng.chance(60) {
            unused[unused.len() - 1 - self.rng.below(unused.len().min(3))].clone()
        } else {
            let n = candidates.len();
            let i = if self.rng.chance(60) { n - 1 - self.rng.below(n.min(4)) } else { self.rng.below(n) };
            candidates[i].clone()
        };
        self.used.insert(name.clone());
        name
    }

    /// An integer constant `c` of type `ty` combined as `op(x, c)`.
    fn with_constant(&mut self, op: &str, x: &str, c: i64, ty: Ty) -> String {
        let k = self.emit(&format!("arith.constant {c} : {}", ty.name()), ty);
        self.emit(&format!("arith.{op} {x}, {k} : {}", ty.name()), ty)
    }

    /// One statement: an op, or a region op / control flow when the depth allows.
    fn statement(&mut self) {
        let structured = self.depth < 3;
        match self.rng.below(100) {
            0..=29 => self.int_binary(),
            30..=44 => self.float_binary(),
            45..=52 => {
                self.compare();
            }
            53..=58 => self.select(),
            59..=70 => self.cast(),
            71..=76 => self.math(),
            77..=79 if !self.callees.is_empty() => self.call(),
            80..=85 if structured => self.scf_if(),
            86..=91 if structured => self.scf_for(),
            92..=95 if structured => self.scf_while(),
            _ => self.int_binary(),
        }
    }

    /// Gives each palette type without an argument a value computed from an argument, so that
    /// ops start from the inputs rather than from constants.
    fn derive_palette_values(&mut self) {
        let args: Vec<(String, Ty)> = self.scopes[0].clone();
        for ty in self.palette.clone() {
            if !args.iter().any(|(_, t)| *t == ty) {
                let (x, from) = self.rng.pick(&args).clone();
                self.convert(&x, from, ty);
            }
        }
    }

    /// `x` of type `from` turned into a value of type `to` (free of undefined behaviour: floats
    /// become integers through a comparison).
    fn convert(&mut self, x: &str, from: Ty, to: Ty) -> String {
        let rhs = match (from, to) {
            _ if from == to => return x.to_string(),
            (f, t) if f.is_float() && t.is_float() => {
                let op = if f.width() < t.width() { "extf" } else { "truncf" };
                format!("arith.{op} {x} : {} to {}", f.name(), t.name())
            }
            (f, Ty::I1) if f.is_float() => {
                let zero = self.emit(&format!("arith.constant 0.0 : {}", f.name()), f);
                format!("arith.cmpf olt, {x}, {zero} : {}", f.name())
            }
            (f, Ty::I1) => {
                let zero = self.emit(&format!("arith.constant 0 : {}", f.name()), f);
                format!("arith.cmpi slt, {x}, {zero} : {}", f.name())
            }
            (f, t) if f.is_float() => {
                let zero = self.emit(&format!("arith.constant 0.0 : {}", f.name()), f);
                let b = self.emit(&format!("arith.cmpf ogt, {x}, {zero} : {}", f.name()), Ty::I1);
                let op = if t == Ty::Index { "index_castui" } else { "extui" };
                format!("arith.{op} {b} : i1 to {}", t.name())
            }
            (f, t) if t.is_float() => {
                let int = if f == Ty::Index { self.emit(&format!("arith.index_cast {x} : index to i64"), Ty::I64) } else { x.to_string() };
                let src = if f == Ty::Index { Ty::I64 } else { f };
                format!("arith.sitofp {int} : {} to {}", src.name(), t.name())
            }
            (f, t) if f == Ty::Index || t == Ty::Index => format!("arith.index_cast {x} : {} to {}", f.name(), t.name()),
            (f, t) if f.width() < t.width() => format!("arith.extsi {x} : {} to {}", f.name(), t.name()),
            (f, t) => format!("arith.trunci {x} : {} to {}", f.name(), t.name()),
        };
        self.emit(&rhs, to)
    }

    /// A type of the function's palette that satisfies `keep`.
    fn pick_type(&mut self, keep: impl Fn(Ty) -> bool) -> Option<Ty> {
        let fits: Vec<Ty> = self.palette.iter().copied().filter(|&t| keep(t)).collect();
        (!fits.is_empty()).then(|| *self.rng.pick(&fits))
    }

    fn int_binary(&mut self) {
        // i1 only when the function has no wider integer, or now and then.
        let wide = self.pick_type(|t| !t.is_float() && t != Ty::I1);
        let ty = wide.filter(|_| self.rng.chance(85)).unwrap_or(Ty::I1);
        let plain = ["addi", "subi", "muli", "andi", "ori", "xori", "maxsi", "maxui", "minsi", "minui"];
        if ty == Ty::I1 || self.rng.chance(60) {
            let op = *self.rng.pick(&plain);
            let (a, b) = self.two_values(ty);
            self.emit(&format!("arith.{op} {a}, {b} : {}", ty.name()), ty);
            return;
        }
        let a = self.value(ty);
        let b = self.value(ty);
        if self.rng.chance(40) {
            // Shifts by less than the width.
            let op = *self.rng.pick(&["shli", "shrsi", "shrui"]);
            let amount = self.with_constant("andi", &b, i64::from(ty.width()) - 1, ty);
            self.emit(&format!("arith.{op} {a}, {amount} : {}", ty.name()), ty);
        } else {
            // Divisions by an odd number in 1..=63 (never zero, never -1).
            let op = *self.rng.pick(&["divsi", "divui", "remsi", "remui", "ceildivsi", "ceildivui", "floordivsi"]);
            let masked = self.with_constant("andi", &b, 63, ty);
            let divisor = self.with_constant("ori", &masked, 1, ty);
            self.emit(&format!("arith.{op} {a}, {divisor} : {}", ty.name()), ty);
        }
    }

    fn float_binary(&mut self) {
        let Some(ty) = self.pick_type(Ty::is_float) else { return self.int_binary() };
        if self.rng.chance(15) {
            let a = self.value(ty);
            self.emit(&format!("arith.negf {a} : {}", ty.name()), ty);
            return;
        }
        let op = *self.rng.pick(&["addf", "subf", "mulf", "divf", "remf", "maximumf", "minimumf", "maxnumf", "minnumf"]);
        let (a, b) = self.two_values(ty);
        self.emit(&format!("arith.{op} {a}, {b} : {}", ty.name()), ty);
    }

    /// Two operands of type `ty`, seldom the same value twice.
    fn two_values(&mut self, ty: Ty) -> (String, String) {
        let a = self.value(ty);
        for _ in 0..3 {
            let b = self.value(ty);
            if b != a {
                return (a, b);
            }
        }
        let b = self.constant(ty);
        (a, b)
    }

    /// A condition for a branch or select: mostly a fresh comparison of computed values.
    fn condition(&mut self) -> String {
        if self.rng.chance(70) {
            self.compare()
        } else {
            self.value(Ty::I1)
        }
    }

    fn compare(&mut self) -> String {
        let float = self.pick_type(Ty::is_float);
        if float.is_none() || self.rng.chance(60) {
            let wide = self.pick_type(|t| !t.is_float() && t != Ty::I1);
            let ty = wide.filter(|_| self.rng.chance(90)).unwrap_or(Ty::I1);
            let pred = *self.rng.pick(&["eq", "ne", "slt", "sle", "sgt", "sge", "ult", "ule", "ugt", "uge"]);
            let (a, b) = self.two_values(ty);
            self.emit(&format!("arith.cmpi {pred}, {a}, {b} : {}", ty.name()), Ty::I1)
        } else {
            let ty = float.unwrap_or(Ty::F32);
            let preds = ["false", "oeq", "ogt", "oge", "olt", "ole", "one", "ord", "ueq", "ugt", "uge", "ult", "ule", "une", "uno", "true"];
            let pred = *self.rng.pick(&preds);
            let (a, b) = self.two_values(ty);
            self.emit(&format!("arith.cmpf {pred}, {a}, {b} : {}", ty.name()), Ty::I1)
        }
    }

    fn select(&mut self) {
        let ty = self.pick_type(|_| true).unwrap_or(Ty::I1);
        let c = self.condition();
        let (a, b) = self.two_values(ty);
        self.emit(&format!("arith.select {c}, {a}, {b} : {}", ty.name()), ty);
    }

    fn cast(&mut self) {
        let from = self.pick_type(|_| true).unwrap_or(Ty::I1);
        let to = self.pick_type(|_| true).unwrap_or(Ty::I1);
        let op = match (from, to) {
            (Ty::Index, t) | (t, Ty::Index) if !t.is_float() && from != to => {
                if self.rng.chance(50) { "index_cast" } else { "index_castui" }
            }
            (f, t) if !f.is_float() && !t.is_float() && f.width() < t.width() => {
                if self.rng.chance(50) { "extsi" } else { "extui" }
            }
            (f, t) if !f.is_float() && !t.is_float() && f.width() > t.width() => "trunci",
            (f, t) if !f.is_float() && t.is_float() && f != Ty::Index => {
                if f.width() == t.width() && self.rng.chance(50) {
                    "bitcast"
                } else if self.rng.chance(50) {
                    "sitofp"
                } else {
                    "uitofp"
                }
            }
            (Ty::F32, Ty::F64) => "extf",
            (Ty::F64, Ty::F32) => "truncf",
            _ => return self.int_binary(),
        };
        let x = self.value(from);
        self.emit(&format!("arith.{op} {x} : {} to {}", from.name(), to.name()), to);
    }

    fn math(&mut self) {
        let int = self.pick_type(|t| matches!(t, Ty::I8 | Ty::I32 | Ty::I64));
        let float = self.pick_type(Ty::is_float);
        if let Some(ty) = int.filter(|_| float.is_none() || self.rng.chance(40)) {
            let op = *self.rng.pick(&["absi", "ctlz", "cttz", "ctpop"]);
            let a = self.value(ty);
            self.emit(&format!("math.{op} {a} : {}", ty.name()), ty);
            return;
        }
        let Some(ty) = float else { return self.int_binary() };
        match self.rng.below(3) {
            0 => {
                let op = *self.rng.pick(&["absf", "sqrt", "floor", "ceil"]);
                let a = self.value(ty);
                self.emit(&format!("math.{op} {a} : {}", ty.name()), ty);
            }
            1 => {
                let (a, b) = self.two_values(ty);
                self.emit(&format!("math.copysign {a}, {b} : {}", ty.name()), ty);
            }
            _ => {
                let (a, b, c) = (self.value(ty), self.value(ty), self.value(ty));
                self.emit(&format!("math.fma {a}, {b}, {c} : {}", ty.name()), ty);
            }
        }
    }

    fn call(&mut self) {
        let callee = self.rng.pick(self.callees).clone();
        let args: Vec<String> = callee.args.iter().map(|&t| self.value(t)).collect();
        let rhs = format!("func.call @{}({}) : ({}) -> ({})", callee.name, args.join(", "), type_list(&callee.args), type_list(&callee.results));
        self.emit_multi(&rhs, &callee.results);
    }

    /// Emits an op with several results and makes each visible.
    fn emit_multi(&mut self, rhs: &str, types: &[Ty]) -> Vec<String> {
        let v = self.fresh();
        if types.len() == 1 {
            self.line(&format!("{v} = {rhs}"));
            self.define(v.clone(), types[0]);
            return vec![v];
        }
        self.line(&format!("{v}:{} = {rhs}", types.len()));
        let names: Vec<String> = (0..types.len()).map(|i| format!("{v}#{i}")).collect();
        for (n, &t) in names.iter().zip(types) {
            self.define(n.clone(), t);
        }
        names
    }

    /// Statements in the innermost scope, then values for a yield: of `types` when given,
    /// else of the types of what the statements computed and nothing uses (at least one).
    fn block_body(&mut self, types: Option<&[Ty]>, statements: usize) -> (Vec<Ty>, Vec<String>) {
        self.indent += 1;
        self.depth += 1;
        for _ in 0..statements {
            self.statement();
        }
        let types = match types {
            Some(t) => t.to_vec(),
            None => {
                let scope = self.scopes.last().expect("a scope is open");
                let open: Vec<Ty> = scope.iter().rev().filter(|(n, _)| self.is_open(n)).map(|(_, t)| *t).take(3).collect();
                if open.is_empty() { self.result_types() } else { open }
            }
        };
        let values = types.iter().map(|&t| self.result_value(t)).collect();
        self.depth -= 1;
        self.indent -= 1;
        (types, values)
    }

    fn yield_line(&mut self, op: &str, values: &[String], types: &[Ty]) {
        self.indent += 1;
        if values.is_empty() {
            self.line(op);
        } else {
            self.line(&format!("{op} {} : {}", values.join(", "), type_list(types)));
        }
        self.indent -= 1;
    }

    fn result_types(&mut self) -> Vec<Ty> {
        let n = self.rng.range(1, 3);
        (0..n).map(|_| self.pick_type(|_| true).unwrap_or(Ty::I1)).collect()
    }

    fn scf_if(&mut self) {
        let cond = self.condition();
        // The then-branch decides the result types.
        let mut types: Option<Vec<Ty>> = None;
        let mut text = Vec::new();
        for _ in 0..2 {
            let saved = std::mem::take(&mut self.out);
            self.scopes.push(Vec::new());
            let n = self.rng.range(1, 4);
            let (t, values) = self.block_body(types.as_deref(), n);
            self.yield_line("scf.yield", &values, &t);
            self.scopes.pop();
            text.push(std::mem::replace(&mut self.out, saved));
            types = Some(t);
        }
        let types = types.expect("two branches");
        let v = self.fresh();
        let head = match types.len() {
            1 => format!("{v} = scf.if {cond} -> ({}) {{", type_list(&types)),
            n => format!("{v}:{n} = scf.if {cond} -> ({}) {{", type_list(&types)),
        };
        self.line(&head);
        self.out.push_str(&text[0]);
        self.line("} else {");
        self.out.push_str(&text[1]);
        self.line("}");
        self.define_results(&v, &types);
    }

    fn define_results(&mut self, v: &str, types: &[Ty]) {
        if types.len() == 1 {
            self.define(v.to_string(), types[0]);
        } else {
            for (i, &t) in types.iter().enumerate() {
                self.define(format!("{v}#{i}"), t);
            }
        }
    }

    /// A small trip-count bound: a constant or a visible index masked to `0..=7`.
    fn small_index(&mut self) -> String {
        if self.rng.chance(50) {
            let c = self.rng.range(2, 7);
            self.emit(&format!("arith.constant {c} : index"), Ty::Index)
        } else {
            let x = self.value(Ty::Index);
            self.with_constant("andi", &x, 7, Ty::Index)
        }
    }

    fn scf_for(&mut self) {
        let types = self.result_types();
        let lb_value = self.rng.range(0, 2);
        let lb = self.emit(&format!("arith.constant {lb_value} : index"), Ty::Index);
        let ub = self.small_index();
        let step_value = self.rng.range(1, 3);
        let step = self.emit(&format!("arith.constant {step_value} : index"), Ty::Index);
        let inits: Vec<String> = types.iter().map(|&t| self.value(t)).collect();
        let v = self.fresh();
        let iv = self.fresh();
        let iters: Vec<String> = types.iter().map(|_| self.fresh()).collect();
        let iter_list: Vec<String> = iters.iter().zip(&inits).map(|(a, i)| format!("{a} = {i}")).collect();
        let lhs = if types.len() == 1 { v.clone() } else { format!("{v}:{}", types.len()) };
        self.line(&format!("{lhs} = scf.for {iv} = {lb} to {ub} step {step} iter_args({}) -> ({}) {{", iter_list.join(", "), type_list(&types)));
        self.scopes.push(vec![(iv, Ty::Index)]);
        for (a, &t) in iters.iter().zip(&types) {
            self.define(a.clone(), t);
        }
        let n = self.rng.range(1, 5);
        let (_, values) = self.block_body(Some(&types), n);
        self.yield_line("scf.yield", &values, &types);
        self.scopes.pop();
        self.line("}");
        self.define_results(&v, &types);
    }

    fn scf_while(&mut self) {
        let types = self.result_types();
        let bound = self.small_index();
        let start = self.emit("arith.constant 0 : index", Ty::Index);
        let inits: Vec<String> = types.iter().map(|&t| self.value(t)).collect();
        let mut all = vec![Ty::Index];
        all.extend(&types);
        let v = self.fresh();
        let before: Vec<String> = all.iter().map(|_| self.fresh()).collect();
        let mut init_list = vec![format!("{} = {start}", before[0])];
        init_list.extend(before[1..].iter().zip(&inits).map(|(a, i)| format!("{a} = {i}")));
        self.line(&format!("{v}:{} = scf.while ({}) : ({}) -> ({}) {{", all.len(), init_list.join(", "), type_list(&all), type_list(&all)));
        self.indent += 1;
        let cond = self.fresh();
        self.line(&format!("{cond} = arith.cmpi ult, {}, {bound} : index", before[0]));
        self.line(&format!("scf.condition({cond}) {} : {}", before.join(", "), type_list(&all)));
        self.indent -= 1;
        self.line("} do {");
        let after: Vec<String> = all.iter().map(|_| self.fresh()).collect();
        let header: Vec<String> = after.iter().zip(&all).map(|(a, t)| format!("{a}: {}", t.name())).collect();
        self.line(&format!("^bb0({}):", header.join(", ")));
        self.scopes.push(Vec::new());
        for (a, &t) in after.iter().zip(&all).skip(1) {
            self.define(a.clone(), t);
        }
        let n = self.rng.range(1, 4);
        let (_, mut values) = self.block_body(Some(&types), n);
        self.indent += 1;
        let next = self.fresh();
        self.line(&format!("{next} = arith.constant 1 : index"));
        let counter = self.fresh();
        self.line(&format!("{counter} = arith.addi {}, {next} : index", after[0]));
        self.indent -= 1;
        values.insert(0, counter);
        self.yield_line("scf.yield", &values, &all);
        self.scopes.pop();
        self.line("}");
        for (i, &t) in all.iter().enumerate().skip(1) {
            self.define(format!("{v}#{i}"), t);
        }
    }

    /// Ends the current block with a branch (`cf.cond_br` or `cf.switch`) to two or three
    /// blocks that each compute and branch to a join block, whose arguments become visible.
    fn diamond(&mut self) {
        let mut types: Option<Vec<Ty>> = None;
        let join = self.block();
        let arms = if self.rng.chance(30) { 3 } else { 2 };
        let labels: Vec<String> = (0..arms).map(|_| self.block()).collect();
        if arms == 2 {
            let c = self.condition();
            self.line(&format!("cf.cond_br {c}, {}, {}", labels[0], labels[1]));
        } else {
            let flag = self.value(Ty::I32);
            let a = self.rng.range(0, 3);
            let b = a + self.rng.range(1, 3);
            self.line(&format!("cf.switch {flag} : i32, [\n    default: {},\n    {a}: {},\n    {b}: {}\n  ]", labels[0], labels[1], labels[2]));
        }
        for label in &labels {
            self.indent -= 1;
            self.line(&format!("{label}:"));
            self.indent += 1;
            self.scopes.push(Vec::new());
            let n = self.rng.range(1, 4);
            // Arms are indented like the function's entry block.
            self.indent -= 1;
            let (t, values) = self.block_body(types.as_deref(), n);
            self.indent += 1;
            self.line(&format!("cf.br {join}({} : {})", values.join(", "), type_list(&t)));
            self.scopes.pop();
            types = Some(t);
        }
        let types = types.expect("at least two arms");
        let args: Vec<String> = types.iter().map(|_| self.fresh()).collect();
        let header: Vec<String> = args.iter().zip(&types).map(|(a, t)| format!("{a}: {}", t.name())).collect();
        self.indent -= 1;
        self.line(&format!("{join}({}):", header.join(", ")));
        self.indent += 1;
        for (a, &t) in args.iter().zip(&types) {
            self.define(a.clone(), t);
        }
    }

    fn block(&mut self) -> String {
        self.next_block += 1;
        format!("^bb{}", self.next_block)
    }
}

fn type_list(types: &[Ty]) -> String {
    types.iter().map(|t| t.name()).collect::<Vec<_>>().join(", ")
}

fn int_literal(rng: &mut Rng, ty: Ty) -> String {
    let bits = ty.width();
    let min = -(1i128 << (bits - 1));
    let max = (1i128 << (bits - 1)) - 1;
    let v = match rng.below(8) {
        0 => 0,
        1 => 1,
        2 => -1,
        3 => min,
        4 => max,
        5 => rng.range(0, 16) as i128,
        6 => -(rng.range(1, 16) as i128),
        _ => {
            let raw = rng.bits(bits) as i128;
            if raw > max { raw - (1i128 << bits) } else { raw }
        }
    };
    v.to_string()
}

/// A float constant in MLIR's hexadecimal bit form (quiet NaN for any NaN pattern).
fn float_literal(rng: &mut Rng, ty: Ty) -> String {
    let (bits, exp_mask, mantissa_mask, quiet_nan) = match ty {
        Ty::F32 => (32, 0x7F80_0000u64, 0x007F_FFFFu64, 0x7FC0_0000u64),
        _ => (64, 0x7FF0_0000_0000_0000, 0x000F_FFFF_FFFF_FFFF, 0x7FF8_0000_0000_0000),
    };
    let nice: [f64; 8] = [0.0, -0.0, 1.0, -1.0, 0.5, 2.0, f64::INFINITY, f64::NEG_INFINITY];
    let pattern = match rng.below(10) {
        0..=3 => {
            let x = *rng.pick(&nice);
            if bits == 32 { u64::from((x as f32).to_bits()) } else { x.to_bits() }
        }
        4 => quiet_nan,
        5..=6 => {
            let x = rng.range(0, 2000) as f64 / 8.0 - 100.0;
            if bits == 32 { u64::from((x as f32).to_bits()) } else { x.to_bits() }
        }
        _ => rng.bits(bits) as u64,
    };
    let is_nan = pattern & exp_mask == exp_mask && pattern & mantissa_mask != 0;
    let pattern = if is_nan { quiet_nan } else { pattern };
    if bits == 32 { format!("0x{pattern:08X}") } else { format!("0x{pattern:016X}") }
}

/// Writes one program: `functions` random functions and a `@main` that calls each with
/// constant arguments and prints every result, one number per line.
pub fn program(rng: &mut Rng, functions: usize) -> String {
    let mut out = String::from("func.func private @printI64(i64)\nfunc.func private @printNewline()\n");
    let mut sigs: Vec<Sig> = Vec::new();
    for k in 0..functions {
        let nargs = rng.range(1, 4);
        // Few i1 arguments: cmpi and cmpf make plenty of them.
        let args: Vec<Ty> = (0..nargs).map(|_| *rng.pick(&TYPES[1..])).collect();
        let private = k + 1 < functions && rng.chance(40);
        // i1, the argument types, one more type, and an integer wider than i1.
        let mut palette = vec![Ty::I1];
        let wide_int = if args.iter().any(|t| !t.is_float()) { None } else { Some(rng.pick(&TYPES[1..5])) };
        for &t in args.iter().chain([rng.pick(&TYPES)]).chain(wide_int) {
            if !palette.contains(&t) {
                palette.push(t);
            }
        }
        let mut g = FnGen { rng, out: String::new(), scopes: vec![Vec::new()], next_value: 0, next_block: 0, indent: 1, depth: 0, callees: &sigs, used: HashSet::new(), constants: HashSet::new(), palette };
        let params: Vec<String> = args.iter().map(|&t| {
            let v = g.fresh();
            g.define(v.clone(), t);
            format!("{v}: {}", t.name())
        }).collect();
        g.derive_palette_values();
        let statements = g.rng.range(4, 20);
        for i in 0..statements {
            if i > 0 && g.rng.chance(8) {
                g.diamond();
            } else {
                g.statement();
            }
        }
        // The function returns everything it computed at its top level (most recent first, up
        // to a limit), so that each of those ops is observed directly.
        let computed = g.scopes[0].iter().skip(args.len()).filter(|(n, _)| !g.constants.contains(n));
        let mut returned: Vec<(String, Ty)> = computed.rev().take(MAX_RESULTS).cloned().collect();
        if returned.is_empty() {
            let ty = g.pick_type(|_| true).unwrap_or(Ty::I1);
            returned.push((g.value(ty), ty));
        }
        let results: Vec<Ty> = returned.iter().map(|(_, t)| *t).collect();
        let values: Vec<&str> = returned.iter().map(|(n, _)| n.as_str()).collect();
        g.line(&format!("return {} : {}", values.join(", "), type_list(&results)));
        let sig = Sig { name: format!("f{k}"), args, results };
        let visibility = if private { "private " } else { "" };
        writeln!(out, "func.func {visibility}@{}({}) -> ({}) {{", sig.name, params.join(", "), type_list(&sig.results)).unwrap();
        out.push_str(&g.out);
        out.push_str("}\n");
        sigs.push(sig);
    }
    out.push_str("func.func @main() {\n");
    let mut g = FnGen { rng, out: String::new(), scopes: vec![Vec::new()], next_value: 0, next_block: 0, indent: 1, depth: 0, callees: &[], used: HashSet::new(), constants: HashSet::new(), palette: TYPES.to_vec() };
    for sig in sigs.iter().flat_map(|s| std::iter::repeat_n(s, CALLS_PER_FUNCTION)) {
        let args: Vec<String> = sig.args.iter().map(|&t| g.constant(t)).collect();
        let rhs = format!("func.call @{}({}) : ({}) -> ({})", sig.name, args.join(", "), type_list(&sig.args), type_list(&sig.results));
        let results = g.emit_multi(&rhs, &sig.results);
        for (r, &t) in results.iter().zip(&sig.results) {
            print_value(&mut g, r, t);
        }
    }
    g.line("return");
    out.push_str(&g.out);
    out.push_str("}\n");
    out
}

/// Prints `value` as an i64: integers sign-extended (i1 zero-extended), floats as their bits
/// with every NaN printed as -1.
fn print_value(g: &mut FnGen<'_>, value: &str, ty: Ty) {
    let wide = match ty {
        Ty::I64 => value.to_string(),
        Ty::I1 => g.emit(&format!("arith.extui {value} : i1 to i64"), Ty::I64),
        Ty::I8 | Ty::I32 => g.emit(&format!("arith.extsi {value} : {} to i64", ty.name()), Ty::I64),
        Ty::Index => g.emit(&format!("arith.index_cast {value} : index to i64"), Ty::I64),
        Ty::F32 | Ty::F64 => {
            let nan = g.emit(&format!("arith.cmpf uno, {value}, {value} : {}", ty.name()), Ty::I1);
            let int = if ty == Ty::F32 { "i32" } else { "i64" };
            let int_ty = if ty == Ty::F32 { Ty::I32 } else { Ty::I64 };
            let mut bits = g.emit(&format!("arith.bitcast {value} : {} to {int}", ty.name()), int_ty);
            if ty == Ty::F32 {
                bits = g.emit(&format!("arith.extui {bits} : i32 to i64"), Ty::I64);
            }
            let sentinel = g.emit("arith.constant -1 : i64", Ty::I64);
            g.emit(&format!("arith.select {nan}, {sentinel}, {bits} : i64"), Ty::I64)
        }
    };
    g.line(&format!("func.call @printI64({wide}) : (i64) -> ()"));
    g.line("func.call @printNewline() : () -> ()");
}
