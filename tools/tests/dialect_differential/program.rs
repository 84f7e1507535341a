//! The generator's framework: one program per call to [`Gen::program`], a module of
//! `memref.global`s and functions whose bodies are ops of one focus dialect (and some of the
//! others). Values live in typed pools: an op asks for an operand of a type with
//! [`Gen::val`], which reuses a visible value of that type or makes one (a constant or a new
//! function argument, which is visible everywhere in the function). Index values carry their
//! affine validity (symbol, dimension) so that affine ops only get operands MLIR accepts.
//! Regions nest with their block arguments in scope, and every op line is tagged with the op's
//! name for the failure summary.

use super::types::{T, float_width};
use crate::doc::Doc;
use crate::rng::Rng;

/// The dialects the generator focuses on, one per program in turn.
pub const DIALECTS: [&str; 13] = [
    "arith",
    "math",
    "cf",
    "scf",
    "memref",
    "tensor",
    "linalg",
    "affine",
    "vector",
    "index",
    "ub",
    "complex",
    "bufferization",
];

/// How an index value may be used by affine ops.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Aff {
    /// Neither a dimension nor a symbol.
    No,
    /// A valid dimension (an affine loop variable or an apply of dimensions).
    Dim,
    /// A valid symbol (and so also a valid dimension).
    Sym,
}

/// A visible SSA value.
#[derive(Clone, Debug)]
pub struct Val {
    /// Its name as written (`%x`, `%r#1`).
    pub name: String,
    /// Its type.
    pub ty: T,
    /// Its affine validity.
    pub aff: Aff,
}

/// Literal text.
pub fn t(s: impl Into<String>) -> Doc {
    Doc::text(s)
}

/// Optional text the shrinker may drop.
pub fn opt(s: impl Into<String>) -> Doc {
    Doc::text(s).or(Doc::text(""))
}

/// Generates programs.
pub struct Gen<'r> {
    /// The random source.
    pub rng: &'r mut Rng,
    next: usize,
    /// Values visible in the current block, innermost last.
    scope: Vec<Val>,
    /// Arguments of the current function.
    args: Vec<Val>,
    /// Ops of the current block.
    lines: Vec<Doc>,
    /// Indentation of the current block's ops.
    ind: String,
    /// Region nesting depth.
    pub depth: usize,
    /// Module-level ops (globals).
    globals: Vec<Doc>,
    /// The dialect this program is about.
    pub focus: &'static str,
    /// Inside a region whose ops must be free of side effects.
    pub pure_only: bool,
}

impl<'r> Gen<'r> {
    /// A generator drawing from `rng`, focusing on `focus`.
    pub fn new(rng: &'r mut Rng, focus: &'static str) -> Gen<'r> {
        Gen {
            rng,
            next: 0,
            scope: Vec::new(),
            args: Vec::new(),
            lines: Vec::new(),
            ind: String::new(),
            depth: 0,
            globals: Vec::new(),
            focus,
            pure_only: false,
        }
    }

    /// A fresh number.
    pub fn id(&mut self) -> usize {
        self.next += 1;
        self.next
    }

    /// A fresh result name.
    pub fn fresh(&mut self) -> String {
        let id = self.id();
        match self.rng.below(4) {
            0 => format!("%{id}"),
            1 => format!("%v{id}"),
            _ => format!("%r{id}"),
        }
    }

    /// Definitions for `n` results (`%r:n` or `%a, %b`) and the names of the values.
    pub fn fresh_results(&mut self, n: usize) -> (String, Vec<String>) {
        if n == 1 {
            let r = self.fresh();
            return (r.clone(), vec![r]);
        }
        if self.rng.chance(50) {
            let r = self.fresh();
            (format!("{r}:{n}"), (0..n).map(|i| format!("{r}#{i}")).collect())
        } else {
            let names: Vec<String> = (0..n).map(|_| self.fresh()).collect();
            (names.join(", "), names)
        }
    }

    /// The whole program: globals and one or two functions.
    pub fn program(&mut self) -> Doc {
        let mut funcs = Vec::new();
        for k in 0..self.rng.range(1, 2) {
            funcs.push(self.func(k));
        }
        let mut items = std::mem::take(&mut self.globals);
        items.extend(funcs);
        Doc::list("", "", "", items, 1).tag(self.focus_tag())
    }

    fn focus_tag(&self) -> &'static str {
        match self.focus {
            "arith" => "focus.arith",
            "math" => "focus.math",
            "cf" => "focus.cf",
            "scf" => "focus.scf",
            "memref" => "focus.memref",
            "tensor" => "focus.tensor",
            "linalg" => "focus.linalg",
            "affine" => "focus.affine",
            "vector" => "focus.vector",
            "index" => "focus.index",
            "ub" => "focus.ub",
            "complex" => "focus.complex",
            _ => "focus.bufferization",
        }
    }

    /// A `func.func` whose body is a few ops; it returns some of the values they define.
    fn func(&mut self, k: usize) -> Doc {
        self.args.clear();
        self.scope.clear();
        self.lines.clear();
        self.ind = "  ".into();
        self.depth = 0;
        let body = if self.focus == "cf" && self.rng.chance(80) {
            super::cf::body(self)
        } else {
            let n = self.rng.range(2, 7);
            for _ in 0..n {
                self.any_op();
            }
            if self.focus == "ub" && self.rng.chance(30) {
                self.line("ub.unreachable", "ub.unreachable".into());
                (std::mem::take(&mut self.lines), Vec::new())
            } else {
                let results: Vec<Val> = (0..self.rng.range(0, 2))
                    .filter_map(|_| {
                        if self.scope.is_empty() {
                            None
                        } else {
                            Some(self.rng.pick(&self.scope).clone())
                        }
                    })
                    .collect();
                let tys: Vec<T> = results.iter().map(|v| v.ty.clone()).collect();
                self.ret(&results);
                (std::mem::take(&mut self.lines), tys)
            }
        };
        let (lines, result_tys) = body;
        let args: Vec<Doc> = std::mem::take(&mut self.args)
            .into_iter()
            .map(|a| {
                let attrs = self.arg_attrs(&a.ty);
                let loc = self.arg_loc();
                Doc::cat(vec![t(format!("{}: {}", a.name, a.ty.text())), attrs, loc])
            })
            .collect();
        let n_args = args.len();
        let results = match result_tys.len() {
            0 => String::new(),
            1 => format!(" -> {}", result_tys[0].text()),
            _ => {
                let tys: Vec<String> = result_tys.iter().map(T::text).collect();
                format!(" -> ({})", tys.join(", "))
            }
        };
        let loc = self.loc();
        Doc::cat(vec![
            t(format!("func.func @f{k}")),
            Doc::list("(", ", ", ")", args, n_args),
            t(format!("{results} {{\n")),
            Doc::list("", "", "", lines, 0),
            t("}"),
            loc,
            t("\n"),
        ])
    }

    /// `func.return` of `vals`.
    pub fn ret(&mut self, vals: &[Val]) {
        if vals.is_empty() {
            self.line("func.return", "return".into());
        } else {
            let names: Vec<&str> = vals.iter().map(|v| v.name.as_str()).collect();
            let tys: Vec<String> = vals.iter().map(|v| v.ty.text()).collect();
            self.line(
                "func.return",
                format!("return {} : {}", names.join(", "), tys.join(", ")),
            );
        }
    }

    /// One op: of the focus dialect mostly, else of any dialect that fits in a block.
    pub fn any_op(&mut self) {
        let d = if self.rng.chance(80) {
            self.focus
        } else {
            *self.rng.pick(&DIALECTS)
        };
        self.op_of(d);
    }

    /// One op of dialect `d` (cf ops need blocks: an arith op stands in for them).
    pub fn op_of(&mut self, d: &str) {
        if self.pure_only {
            return match d {
                "math" => super::math::op(self),
                "index" => super::index::op(self),
                "complex" => super::complex::op(self),
                _ => super::arith::op(self),
            };
        }
        match d {
            "arith" => super::arith::op(self),
            "math" => super::math::op(self),
            "cf" => super::cf::op(self),
            "scf" => super::scf::op(self),
            "memref" => super::memref::op(self),
            "tensor" => super::tensor::op(self),
            "linalg" => super::linalg::op(self),
            "affine" => super::affine::op(self),
            "vector" => super::vector::op(self),
            "index" => super::index::op(self),
            "ub" => super::ub::op(self),
            "complex" => super::complex::op(self),
            _ => super::bufferization::op(self),
        }
    }

    /// A few ops for a region body.
    pub fn body_ops(&mut self, max: usize) {
        for _ in 0..self.rng.range(0, max) {
            self.any_op();
        }
    }

    // ----------------------------------------------------------------------------- emission

    /// Emits an op line (indentation, an optional location, newline), tagged `tag`.
    pub fn emit(&mut self, tag: &'static str, body: Doc) {
        let loc = self.loc();
        let line = Doc::cat(vec![t(self.ind.clone()), body, loc, t("\n")]).tag(tag);
        self.lines.push(line);
    }

    /// Emits an op written as one string.
    pub fn line(&mut self, tag: &'static str, text: String) {
        self.emit(tag, t(text));
    }

    /// Adds an already built piece (a block of a multi-block region) to the current region.
    pub fn raw(&mut self, doc: Doc) {
        self.lines.push(doc);
    }

    /// Makes `name` of type `ty` visible.
    pub fn bind(&mut self, name: &str, ty: T) {
        let aff = if ty == T::Index && self.depth == 0 {
            Aff::Sym
        } else {
            Aff::No
        };
        self.bind_aff(name, ty, aff);
    }

    /// Makes `name` visible with an affine validity.
    pub fn bind_aff(&mut self, name: &str, ty: T, aff: Aff) {
        self.scope.push(Val {
            name: name.to_string(),
            ty,
            aff,
        });
    }

    /// A region: `header` block arguments (written as a `^bb0(...)` line when `explicit`,
    /// else only made visible), and the ops `body` emits (its terminator included).
    pub fn region(
        &mut self,
        header: &[(String, T)],
        explicit: bool,
        body: impl FnOnce(&mut Gen<'r>),
    ) -> Doc {
        self.region_aff(header, explicit, Aff::No, body)
    }

    /// [`Gen::region`] whose index block arguments have the affine validity `aff`.
    pub fn region_aff(
        &mut self,
        header: &[(String, T)],
        explicit: bool,
        aff: Aff,
        body: impl FnOnce(&mut Gen<'r>),
    ) -> Doc {
        let saved_lines = std::mem::take(&mut self.lines);
        let mark = self.scope.len();
        let outer = self.ind.clone();
        self.ind.push_str("  ");
        self.depth += 1;
        for (name, ty) in header {
            let a = if *ty == T::Index { aff } else { Aff::No };
            self.bind_aff(name, ty.clone(), a);
        }
        body(self);
        let lines = std::mem::replace(&mut self.lines, saved_lines);
        self.scope.truncate(mark);
        self.depth -= 1;
        self.ind = outer.clone();
        let head = if explicit {
            let args: Vec<Doc> = header
                .iter()
                .map(|(n, ty)| {
                    let loc = self.arg_loc();
                    Doc::cat(vec![t(format!("{n}: {}", ty.text())), loc])
                })
                .collect();
            let n = args.len();
            Doc::cat(vec![
                t(format!("{outer}^bb0")),
                Doc::list("(", ", ", ")", args, n),
                t(":\n"),
            ])
        } else {
            t("")
        };
        Doc::cat(vec![
            t("{\n"),
            head,
            Doc::list("", "", "", lines, 0),
            t(format!("{outer}}}")),
        ])
    }

    /// Several blocks of the current region: `blocks` gives each block's label and arguments
    /// (the first is the entry block, written without a label); `fill` emits block `i`'s ops,
    /// its terminator included. Values of a block stay in it, except those of the entry block.
    pub fn blocks(
        &mut self,
        blocks: &[(String, Vec<(String, T)>)],
        mut fill: impl FnMut(&mut Gen<'r>, usize),
    ) -> Vec<Doc> {
        let mut out = Vec::new();
        let base = self.scope.len();
        let mut entry_end = base;
        let outer = self.ind[2.min(self.ind.len())..].to_string();
        for (i, (label, args)) in blocks.iter().enumerate() {
            let saved = std::mem::take(&mut self.lines);
            self.scope.truncate(entry_end);
            for (n, ty) in args {
                self.bind(n, ty.clone());
            }
            fill(self, i);
            let lines = std::mem::replace(&mut self.lines, saved);
            if i == 0 {
                entry_end = self.scope.len();
            }
            let head = if i == 0 {
                t("")
            } else {
                let docs: Vec<Doc> = args
                    .iter()
                    .map(|(n, ty)| {
                        let loc = self.arg_loc();
                        Doc::cat(vec![t(format!("{n}: {}", ty.text())), loc])
                    })
                    .collect();
                let n = docs.len();
                Doc::cat(vec![
                    t(format!("{outer}{label}")),
                    if n == 0 { t("") } else { Doc::list("(", ", ", ")", docs, n) },
                    t(":\n"),
                ])
                .tag("block.labeled")
            };
            out.push(Doc::cat(vec![head, Doc::list("", "", "", lines, 1)]));
        }
        self.scope.truncate(base);
        out
    }

    // ---------------------------------------------------------------------------- values

    /// The visible values of type `ty`.
    fn visible(&self, ty: &T) -> Vec<&Val> {
        self.scope
            .iter()
            .chain(self.args.iter())
            .filter(|v| v.ty == *ty)
            .collect()
    }

    /// A value of type `ty`: a visible one, or a new constant or function argument.
    pub fn val(&mut self, ty: &T) -> String {
        let found: Vec<String> = self.visible(ty).into_iter().map(|v| v.name.clone()).collect();
        if !found.is_empty() && self.rng.chance(75) {
            return self.rng.pick(&found).clone();
        }
        self.make(ty)
    }

    /// A new value of type `ty` (a constant for scalars, sometimes; else a function argument).
    pub fn make(&mut self, ty: &T) -> String {
        let constant = matches!(ty, T::I(_) | T::Index | T::F(_)) && self.rng.chance(50);
        if constant {
            let r = self.fresh();
            let lit = self.scalar_literal(ty);
            let text = match (ty, lit.as_str()) {
                (T::I(1), "0") => format!("{r} = arith.constant false"),
                (T::I(1), _) => format!("{r} = arith.constant true"),
                _ => format!("{r} = arith.constant {lit} : {}", ty.text()),
            };
            self.line("arith.constant", text);
            let aff = if *ty == T::Index { Aff::Sym } else { Aff::No };
            self.bind_aff(&r, ty.clone(), aff);
            return r;
        }
        self.arg(ty)
    }

    /// A new function argument of type `ty`.
    pub fn arg(&mut self, ty: &T) -> String {
        let name = format!("%a{}", self.id());
        self.args.push(Val {
            name: name.clone(),
            ty: ty.clone(),
            aff: if *ty == T::Index { Aff::Sym } else { Aff::No },
        });
        name
    }

    /// An index value valid as an affine symbol.
    pub fn sym(&mut self) -> String {
        let found: Vec<String> = self
            .scope
            .iter()
            .chain(self.args.iter())
            .filter(|v| v.aff == Aff::Sym)
            .map(|v| v.name.clone())
            .collect();
        if !found.is_empty() && self.rng.chance(70) {
            return self.rng.pick(&found).clone();
        }
        if self.rng.chance(50) {
            self.arg(&T::Index)
        } else {
            let r = self.fresh();
            let c = self.rng.range(0, 16);
            self.line("arith.constant", format!("{r} = arith.constant {c} : index"));
            self.bind_aff(&r, T::Index, Aff::Sym);
            r
        }
    }

    /// An index value valid as an affine dimension (loop variables preferred).
    pub fn dim(&mut self) -> String {
        let dims: Vec<String> = self
            .scope
            .iter()
            .filter(|v| v.aff == Aff::Dim)
            .map(|v| v.name.clone())
            .collect();
        if !dims.is_empty() && self.rng.chance(70) {
            return self.rng.pick(&dims).clone();
        }
        self.sym()
    }

    /// The affine validity of a visible value.
    pub fn aff_of(&self, name: &str) -> Aff {
        self.scope
            .iter()
            .chain(self.args.iter())
            .find(|v| v.name == name)
            .map_or(Aff::No, |v| v.aff)
    }

    /// An index operand for a step: a new positive constant or a function argument.
    pub fn positive_index(&mut self) -> String {
        if self.rng.chance(50) {
            return self.arg(&T::Index);
        }
        let r = self.fresh();
        let c = self.rng.range(1, 4);
        self.line("arith.constant", format!("{r} = arith.constant {c} : index"));
        self.bind_aff(&r, T::Index, Aff::Sym);
        r
    }

    /// An index operand (any visible index value, or a new one).
    pub fn index(&mut self) -> String {
        self.val(&T::Index)
    }

    // ----------------------------------------------------------------------------- types

    /// A signless integer type (mostly the usual widths).
    pub fn int_ty(&mut self) -> T {
        if self.rng.chance(5) {
            return T::I(*self.rng.pick(&[3, 17, 128, 48]));
        }
        T::I(*self.rng.pick(&[1, 8, 16, 32, 32, 32, 64, 64]))
    }

    /// A float type (mostly f32).
    pub fn float_ty(&mut self) -> T {
        if self.rng.chance(5) {
            return T::F(*self.rng.pick(&["f8E4M3FN", "f8E5M2", "tf32", "f80", "f128", "f8E4M3FNUZ", "f6E2M3FN"]));
        }
        T::F(*self.rng.pick(&["f16", "bf16", "f32", "f32", "f32", "f64"]))
    }

    /// An integer, index or float type.
    pub fn scalar_ty(&mut self) -> T {
        match self.rng.below(5) {
            0 | 1 => self.int_ty(),
            2 => T::Index,
            _ => self.float_ty(),
        }
    }

    /// A small static dimension.
    pub fn small_dim(&mut self) -> i64 {
        *self.rng.pick(&[1, 2, 2, 3, 4, 4, 4, 8, 16])
    }

    /// A static shape of rank `rank`.
    pub fn static_shape(&mut self, rank: usize) -> Vec<i64> {
        (0..rank).map(|_| self.small_dim()).collect()
    }

    /// A shape of rank `rank` with some dynamic dimensions.
    pub fn shape(&mut self, rank: usize) -> Vec<i64> {
        (0..rank)
            .map(|_| {
                if self.rng.chance(25) {
                    super::types::DYN
                } else {
                    self.small_dim()
                }
            })
            .collect()
    }

    /// `elem`, or a vector or tensor of it (for elementwise ops).
    pub fn elementwise(&mut self, elem: T) -> T {
        match self.rng.below(10) {
            0..=5 => elem,
            6..=8 => {
                let rank = self.rng.range(1, 2);
                let shape = self.static_shape(rank);
                let mut v = T::vector(shape, elem);
                if self.rng.chance(10)
                    && let T::Vector(_, sc, _) = &mut v
                {
                    let last = sc.len() - 1;
                    sc[last] = true;
                }
                v
            }
            _ => {
                let rank = self.rng.range(0, 2);
                let shape = self.shape(rank);
                T::tensor(shape, elem)
            }
        }
    }

    /// A literal for a scalar of type `ty`.
    pub fn scalar_literal(&mut self, ty: &T) -> String {
        match ty {
            T::I(1) => self.rng.below(2).to_string(),
            T::I(128) if self.rng.chance(20) => {
                self.rng.pick(&["170141183460469231731687303715884105727", "-170141183460469231731687303715884105728", "18446744073709551616"]).to_string()
            }
            T::I(w) if *w >= 32 && self.rng.chance(10) => {
                // Any bit pattern, written as the signed value it stands for.
                let v = self.rng.bits((*w).min(64)) as u64;
                if *w >= 64 { (v as i64).to_string() } else { (((v as i64) << (64 - w)) >> (64 - w)).to_string() }
            }
            T::I(w) => {
                let v: i64 = *self.rng.pick(&[0, 1, 2, 7, 42, -1, -8, 100, 255, 1000]);
                let max = if *w >= 63 { i64::MAX } else { (1i64 << w) - 1 };
                let min = if *w >= 63 { i64::MIN } else { -(1i64 << (w - 1)) };
                v.clamp(min, max).to_string()
            }
            T::Index => self.rng.pick(&["0", "1", "2", "4", "8", "16", "-1"]).to_string(),
            // f8E8M0FNU has no sign: MLIR keeps a parsed minus sign in a way Mica does not
            // model (see the final report), so its literals stay positive.
            T::F("f8E8M0FNU") => self.rng.pick(&["1.0", "2.0", "0.5", "4.0"]).to_string(),
            T::F(n) => {
                let w = float_width(n);
                if w <= 8 {
                    self.rng.pick(&["1.0", "2.0", "0.5", "-1.0"]).to_string()
                } else {
                    self.rng
                        .pick(&["0.0", "1.0", "-2.5", "0.5", "3.140000e+00", "1.0e-3", "-0.0", "6.5e+02", "0.1", "1.0e10", "-3.3", "123.456"])
                        .to_string()
                }
            }
            _ => "0".into(),
        }
    }

    // ------------------------------------------------------------------------- attributes

    /// A discardable attribute dictionary, sometimes (removable by the shrinker).
    pub fn attr_dict(&mut self) -> Doc {
        if !self.rng.chance(10) {
            return t("");
        }
        let entries = [
            "tst.unit",
            "tst.n = 3 : i32",
            "tst.s = \"x\"",
            "tst.a = [1, 2]",
            "note = 1.5 : f32",
        ];
        let n = self.rng.range(1, 2);
        let items: Vec<Doc> = (0..n).map(|k| t(entries[(k * 2 + self.rng.below(2)) % 5])).collect();
        Doc::opt_list(" {", ", ", "}", items).tag("attr-dict")
    }

    /// A fastmath flag group (`fastmath<...>` without the leading space), or empty.
    pub fn fastmath(&mut self) -> String {
        if !self.rng.chance(35) {
            return String::new();
        }
        let flags = [
            "reassoc", "nnan", "ninf", "nsz", "arcp", "contract", "afn",
        ];
        let text = match self.rng.below(6) {
            0 => "fast".to_string(),
            1 => "none".to_string(),
            _ => {
                let mut chosen: Vec<&str> = flags
                    .iter()
                    .copied()
                    .filter(|_| self.rng.chance(35))
                    .collect();
                if chosen.is_empty() {
                    chosen.push(flags[self.rng.below(flags.len())]);
                }
                chosen.join(",")
            }
        };
        format!("fastmath<{text}>")
    }

    // ----------------------------------------------------------------------------- locations

    /// ` loc(...)` on an op, sometimes.
    pub fn loc(&mut self) -> Doc {
        if !self.rng.chance(20) {
            return t("");
        }
        let body = self.loc_body(0);
        Doc::opt_list(" loc(", "", ")", vec![t(body)]).tag("loc")
    }

    /// An argument attribute dictionary of a function, rarely: the bufferization dialect's
    /// attributes on tensors and memrefs, any on others.
    fn arg_attrs(&mut self, ty: &T) -> Doc {
        if !self.rng.chance(8) {
            return t("");
        }
        let entry = match ty {
            T::Tensor(..) | T::MemRef(..) if self.rng.chance(70) => *self.rng.pick(&[
                "bufferization.writable = true",
                "bufferization.writable = false",
                "bufferization.access = \"read\"",
                "bufferization.access = \"read-write\"",
                "bufferization.buffer_layout = affine_map<(d0, d1) -> (d0, d1)>",
            ]),
            _ => *self.rng.pick(&["tst.arg", "tst.n = 1 : i64"]),
        };
        let entry = if entry.contains("(d0, d1)") && ty.shape().len() != 2 { "tst.arg" } else { entry };
        Doc::opt_list(" {", ", ", "}", vec![t(entry)]).tag("func.arg_attrs")
    }

    /// ` loc(...)` on a block or function argument, rarely.
    pub fn arg_loc(&mut self) -> Doc {
        if !self.rng.chance(10) {
            return t("");
        }
        let body = self.loc_body(0);
        Doc::opt_list(" loc(", "", ")", vec![t(body)]).tag("loc.arg")
    }

    fn loc_body(&mut self, depth: usize) -> String {
        match self.rng.below(if depth > 0 { 3 } else { 6 }) {
            0 => format!("\"f.mlir\":{}:{}", self.rng.range(1, 99), self.rng.range(1, 40)),
            1 => format!("\"n{}\"", self.rng.below(5)),
            2 => "unknown".into(),
            3 => format!("\"outer\"({})", self.loc_body(depth + 1)),
            4 => format!(
                "callsite({} at {})",
                self.loc_body(depth + 1),
                self.loc_body(depth + 1)
            ),
            _ => format!("fused[{}, {}]", self.loc_body(depth + 1), self.loc_body(depth + 1)),
        }
    }

    // ------------------------------------------------------------------------------ globals

    /// Adds a module-level op.
    pub fn global(&mut self, doc: Doc) {
        self.globals.push(doc);
    }

    /// The current indentation.
    pub fn indent(&self) -> &str {
        &self.ind
    }
}
