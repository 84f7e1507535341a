//! The random program generator: MLIR programs that mlir-opt 22 accepts with
//! `--allow-unregistered-dialect`, built only from the dialects Mica registers (`builtin`, `func`)
//! and operations of made-up, unregistered dialects.
//!
//! Programs exercise every builtin type and attribute, locations of every kind, aliases,
//! properties, regions with several blocks, block arguments, successors, result groups, graph
//! regions with forward references, and the `func` dialect. Values are only used where they
//! dominate (except forward references in the top-level graph region), `func.return` and
//! `func.call` get operands of exactly the right types, and symbols resolve, so that nearly
//! every program is valid. Each feature is tagged (see `doc.rs`) for the failure summary.

use crate::doc::Doc;
use crate::rng::Rng;

/// Names of dialects that mlir-opt 22 does not register.
const DIALECTS: &[&str] = &["tst", "foo", "xyz", "my_dialect", "q9"];
/// Operation names within those dialects.
const OP_NAMES: &[&str] = &["op", "bar", "compute", "make", "a.b", "yield_x", "Do_It"];
/// Names for attribute dictionary keys (a counter keeps them unique within a dictionary).
const KEYS: &[&str] = &["a", "value", "tst.attr", "foo.bar", "x_y", "z$1", "k.", "_u"];
/// The floating-point types: name, feature tag, width in bits.
const FLOATS: &[(&str, &str, u32)] = &[
    ("f16", "type.f16", 16),
    ("bf16", "type.bf16", 16),
    ("f32", "type.f32", 32),
    ("f64", "type.f64", 64),
    ("f80", "type.f80", 80),
    ("f128", "type.f128", 128),
    ("tf32", "type.tf32", 19),
    ("f8E5M2", "type.f8E5M2", 8),
    ("f8E4M3", "type.f8E4M3", 8),
    ("f8E4M3FN", "type.f8E4M3FN", 8),
    ("f8E5M2FNUZ", "type.f8E5M2FNUZ", 8),
    ("f8E4M3FNUZ", "type.f8E4M3FNUZ", 8),
    ("f8E4M3B11FNUZ", "type.f8E4M3B11FNUZ", 8),
    ("f8E3M4", "type.f8E3M4", 8),
    ("f8E8M0FNU", "type.f8E8M0FNU", 8),
    ("f4E2M1FN", "type.f4E2M1FN", 4),
    ("f6E2M3FN", "type.f6E2M3FN", 6),
    ("f6E3M2FN", "type.f6E3M2FN", 6),
];
/// Decimal float literals (MLIR requires the dot).
const FLOAT_LITERALS: &[&str] = &[
    "0.0", "-0.0", "1.0", "-1.5", "0.5", "2.0", "3.25", "0.1", "100.0", "1.0e-3", "6.0e+00", "-4.25E1", "1.0e38",
    "1.0e300", "0.333333333333", "123456.789", "1.", "5.0e-324", "65504.0", "-7.0e-8",
];
/// Pieces of string literals, escapes included.
const STRING_PIECES: &[&str] =
    &["a", "hello", " ", "\\\"", "\\\\", "\\n", "\\t", "\\00", "\\7F", "\\ff", "é", "{}", "%x", "#y", "@z", "//", "<>", "'"];

/// A type: its text and the same text as a tagged (never shrunk) document.
#[derive(Clone)]
pub struct Ty {
    /// The rendered type.
    pub text: String,
    /// The type as a document carrying its feature tags.
    pub doc: Doc,
}

impl Ty {
    fn plain(text: &str, tag: &'static str) -> Ty {
        Ty { text: text.to_string(), doc: Doc::text(text).tag(tag) }
    }

    fn new(doc: Doc) -> Ty {
        let doc = freeze(doc);
        Ty { text: doc.render(), doc }
    }
}

/// Turns every shrinkable part into fixed text (keeping tags): used for types, which appear at
/// several places that must stay identical.
fn freeze(doc: Doc) -> Doc {
    match doc {
        Doc::Text(_) => doc,
        Doc::Cat(parts) => Doc::Cat(parts.into_iter().map(freeze).collect()),
        list @ Doc::List { .. } => {
            let tags = list.tags();
            let text = list.render();
            tags.into_iter().fold(Doc::text(text), Doc::tag)
        }
        Doc::Choice(rich, _) => freeze(*rich),
        Doc::Tag(t, inner) => Doc::Tag(t, Box::new(freeze(*inner))),
    }
}

/// The element kind of a shaped type, as far as literal elements are concerned.
#[derive(Clone, Copy, PartialEq)]
enum Elem {
    /// An integer of this width; `signed`: `Some(true)` si, `Some(false)` ui, `None` signless.
    Int(u32, Option<bool>),
    Index,
    /// A float of this width in bits.
    Float(u32),
    /// A complex number of the inner element kind (int or float).
    ComplexInt(u32),
    ComplexFloat,
    /// Anything else (vectors, opaque types): no literal elements.
    Other,
}

/// A visible SSA value.
#[derive(Clone)]
struct Val {
    name: String,
    ty: Ty,
}

/// A function known to the enclosing symbol table.
#[derive(Clone)]
struct FuncSig {
    name: String,
    args: Vec<Ty>,
    results: Vec<Ty>,
}

impl FuncSig {
    fn fn_type(&self) -> String {
        fn_type_text(&self.args.iter().map(|t| t.text.clone()).collect::<Vec<_>>(), &self.results.iter().map(|t| t.text.clone()).collect::<Vec<_>>())
    }
}

/// `(a, b) -> c` with the parentheses MLIR requires around results.
fn fn_type_text(args: &[String], results: &[String]) -> String {
    format!("({}) -> {}", args.join(", "), results_text(results))
}

/// A result type list: bare for one non-function type, parenthesized otherwise.
fn results_text(results: &[String]) -> String {
    if results.len() == 1 && !results[0].starts_with('(') {
        results[0].clone()
    } else {
        format!("({})", results.join(", "))
    }
}

/// Where a block's terminator may branch and what it must return.
struct RegionCtx {
    /// Labels of the region's non-entry blocks (branch targets).
    targets: Vec<String>,
    /// In a `func.func` body: the result types `func.return` needs.
    func_results: Option<Vec<Ty>>,
}

/// Generates one program per call to [`Gen::program`].
pub struct Gen<'r> {
    rng: &'r mut Rng,
    next_id: usize,
    /// Visible values, innermost last.
    scope: Vec<Val>,
    /// Functions of the enclosing symbol tables, innermost last.
    symtabs: Vec<Vec<FuncSig>>,
    /// Alias definitions, in definition order.
    aliases: Vec<Doc>,
    /// `dialect_resources` blobs: key and hex text.
    resources: Vec<(String, String)>,
    /// Distinct attributes made so far (reused verbatim to exercise sharing).
    distinct: Vec<String>,
    /// Nesting depth of regions and attributes.
    depth: usize,
    /// How many unregistered operations enclose the current region (symbol lookups from
    /// `func.call` and `func.constant` stop at them).
    in_unregistered: usize,
}

impl<'r> Gen<'r> {
    /// A generator drawing from `rng`.
    pub fn new(rng: &'r mut Rng) -> Gen<'r> {
        Gen { rng, next_id: 0, scope: Vec::new(), symtabs: Vec::new(), aliases: Vec::new(), resources: Vec::new(), distinct: Vec::new(), depth: 0, in_unregistered: 0 }
    }

    fn id(&mut self) -> usize {
        self.next_id += 1;
        self.next_id
    }

    /// A whole program: aliases, the module (implicit or explicit), a resource section.
    pub fn program(&mut self) -> Doc {
        let explicit = self.rng.chance(25);
        let indent = if explicit { "  " } else { "" };
        let items = self.module_items(indent);
        let body = if explicit {
            let name = if self.rng.chance(40) { format!(" @{}", self.module_name()) } else { String::new() };
            let attrs = if self.rng.chance(30) { vec![self.dialect_attr_dict()] } else { Vec::new() };
            let loc = self.opt_loc();
            Doc::cat(vec![
                Doc::text(format!("module{name}")),
                Doc::opt_list(" attributes", "", "", attrs),
                Doc::text(" {\n"),
                items,
                Doc::text("}"),
                loc,
                Doc::text("\n"),
            ])
            .tag("module.explicit")
        } else {
            items
        };
        let aliases = Doc::opt_list("", "\n", "\n", std::mem::take(&mut self.aliases));
        let resources = if self.resources.is_empty() {
            Doc::text("")
        } else {
            let blobs: Vec<String> = self.resources.iter().map(|(k, v)| format!("      {k}: \"{v}\"")).collect();
            Doc::text(format!("{{-#\n  dialect_resources: {{\n    builtin: {{\n{}\n    }}\n  }}\n#-}}\n", blobs.join(",\n")))
                .tag("attr.dense_resource.blob")
        };
        Doc::cat(vec![aliases, body, resources])
    }

    // ----------------------------------------------------------------------------------------
    // Modules, functions, blocks and operations.

    /// The items of a module body (a graph region): functions, operations, nested modules.
    fn module_items(&mut self, indent: &str) -> Doc {
        let saved_scope = std::mem::take(&mut self.scope);
        let mut sigs = Vec::new();
        for _ in 0..self.rng.range(0, 2) {
            let n = self.id();
            let args = (0..self.rng.range(0, 3)).map(|_| self.value_type()).collect();
            let results = (0..self.rng.range(0, 2)).map(|_| self.value_type()).collect();
            sigs.push(FuncSig { name: format!("fn{n}"), args, results });
        }
        self.symtabs.push(sigs.clone());
        let mut items: Vec<Doc> = Vec::new();
        let mut sig_iter = sigs.into_iter();
        let n_items = self.rng.range(1, 4);
        for i in 0..n_items.max(self.symtabs.last().map_or(0, Vec::len)) {
            let want_func = i % 2 == 0 || i >= n_items;
            if want_func && let Some(sig) = sig_iter.next() {
                items.push(self.func(&sig, indent));
                continue;
            }
            if self.depth < 2 && self.rng.chance(8) {
                self.depth += 1;
                let inner = self.module_items(&format!("{indent}  "));
                self.depth -= 1;
                let name = if self.rng.chance(60) { format!(" @{}", self.module_name()) } else { String::new() };
                items.push(Doc::cat(vec![Doc::text(format!("{indent}module{name} {{\n")), inner, Doc::text(format!("{indent}}}")), self.opt_loc(), Doc::text("\n")]).tag("module.nested"));
                continue;
            }
            let ops = self.op(indent);
            items.extend(ops);
        }
        for sig in sig_iter {
            items.push(self.func(&sig, indent));
        }
        self.swap_for_forward_ref(&mut items);
        self.symtabs.pop();
        self.scope = saved_scope;
        Doc::list("", "", "", items, 0)
    }

    /// In a graph region, swaps two adjacent region-free operations so that a use may precede
    /// its definition.
    fn swap_for_forward_ref(&mut self, items: &mut [Doc]) {
        if items.len() < 2 || !self.rng.chance(30) {
            return;
        }
        let i = self.rng.below(items.len() - 1);
        let (a, b) = (items[i].render(), items[i + 1].render());
        let simple = |s: &str| s.contains("\"(") && !s.trim_end().contains('\n') && !s.contains("func.") && !s.contains("module");
        if simple(&a) && simple(&b) {
            items.swap(i, i + 1);
            let defs = a.split_once(" = \"").map_or("", |(d, _)| d.trim());
            let forward = defs.split(", ").filter(|d| !d.is_empty()).any(|d| uses_value(&b, d.split(':').next().unwrap_or(d)));
            if forward {
                items[i] = items[i].clone().tag("ssa.forward_ref");
            }
        }
    }

    /// A `func.func`: definition or private declaration.
    fn func(&mut self, sig: &FuncSig, indent: &str) -> Doc {
        let decl = self.rng.chance(20);
        let vis = match self.rng.below(6) {
            _ if decl => Doc::text("private ").tag("func.private"),
            0 | 1 => Doc::text("private ").tag("func.private"),
            2 => Doc::text("public ").tag("func.public_explicit"),
            _ => Doc::text(""),
        };
        let mut parts = vec![Doc::text(format!("{indent}func.func ")), vis, Doc::text(format!("@{}", sig.name))];
        let saved_scope = std::mem::take(&mut self.scope);
        let mut args = Vec::new();
        for t in &sig.args {
            if decl {
                let attrs = if self.rng.chance(25) { self.dialect_attr_dict().tag("func.arg_attrs") } else { Doc::text("") };
                args.push(Doc::cat(vec![t.doc.clone(), attrs]));
            } else {
                let name = format!("%a{}", self.id());
                let attrs = if self.rng.chance(25) { self.dialect_attr_dict().tag("func.arg_attrs") } else { Doc::text("") };
                let loc = self.opt_loc();
                args.push(Doc::cat(vec![Doc::text(format!("{name}: ")), t.doc.clone(), attrs, loc]));
                self.scope.push(Val { name, ty: t.clone() });
            }
        }
        parts.push(Doc::list("(", ", ", ")", args, sig.args.len()));
        if !sig.results.is_empty() {
            let with_attrs = self.rng.chance(25);
            let mut res = Vec::new();
            for t in &sig.results {
                if with_attrs && self.rng.chance(70) {
                    res.push(Doc::cat(vec![t.doc.clone(), self.dialect_attr_dict()]).tag("func.res_attrs"));
                } else {
                    res.push(t.doc.clone());
                }
            }
            let bare = res.len() == 1 && !with_attrs && !sig.results[0].text.starts_with('(');
            if bare {
                parts.push(Doc::text(" -> "));
                parts.push(res.pop().expect("one result"));
            } else {
                parts.push(Doc::list(" -> (", ", ", ")", res, sig.results.len()));
            }
        }
        if self.rng.chance(20) {
            parts.push(Doc::opt_list(" attributes ", "", "", vec![self.attr_dict(false)]).tag("func.attributes"));
        }
        if decl {
            parts.push(self.opt_loc());
            parts.push(Doc::text("\n"));
            self.scope = saved_scope;
            return Doc::cat(parts).tag("func.decl");
        }
        parts.push(Doc::text(" {\n"));
        let n_blocks = if self.rng.chance(25) { self.rng.range(2, 4) } else { 1 };
        let labels: Vec<String> = (1..n_blocks).map(|_| format!("^b{}", self.id())).collect();
        let ctx = RegionCtx { targets: labels.clone(), func_results: Some(sig.results.clone()) };
        let inner = format!("{indent}  ");
        let mut blocks = vec![self.block_ops(&inner, &ctx)];
        for label in &labels {
            blocks.push(self.labeled_block(label, &inner, indent, &ctx));
        }
        parts.push(Doc::cat(blocks));
        parts.push(Doc::text(format!("{indent}}}")));
        parts.push(self.opt_loc());
        parts.push(Doc::text("\n"));
        self.scope = saved_scope;
        let tag = if n_blocks > 1 { "func.multi_block" } else { "func.def" };
        Doc::cat(parts).tag(tag)
    }

    /// A block with a label and arguments; its values go out of scope at its end.
    fn labeled_block(&mut self, label: &str, inner: &str, outer: &str, ctx: &RegionCtx) -> Doc {
        let mark = self.scope.len();
        let mut args = Vec::new();
        for _ in 0..self.rng.range(0, 2) {
            let name = format!("%b{}", self.id());
            let ty = self.value_type();
            let loc = self.opt_loc();
            args.push(Doc::cat(vec![Doc::text(format!("{name}: ")), ty.doc.clone(), loc]));
            self.scope.push(Val { name, ty });
        }
        let n_args = args.len();
        let header = if n_args == 0 {
            Doc::text(format!("{outer}{label}:\n"))
        } else {
            Doc::cat(vec![Doc::text(format!("{outer}{label}")), Doc::list("(", ", ", ")", args, n_args), Doc::text(":\n")]).tag("block.args")
        };
        let ops = self.block_ops(inner, ctx);
        let ops = ensure_nonempty(ops, || self.filler(inner));
        self.scope.truncate(mark);
        Doc::cat(vec![header, ops]).tag("block.multiple")
    }

    /// The operations of a block, ending with a terminator where one is needed.
    fn block_ops(&mut self, indent: &str, ctx: &RegionCtx) -> Doc {
        let mut ops = Vec::new();
        for _ in 0..self.rng.range(0, 3) {
            ops.extend(self.op(indent));
        }
        if let Some(results) = &ctx.func_results {
            if !ctx.targets.is_empty() && self.rng.chance(50) {
                ops.extend(self.branch(indent, ctx));
            } else {
                let mut pre = Vec::new();
                let names: Vec<String> = results.iter().map(|t| self.value_of(t, indent, &mut pre)).collect();
                ops.extend(pre);
                let text = if names.is_empty() {
                    format!("{indent}func.return")
                } else {
                    let tys: Vec<String> = results.iter().map(|t| t.text.clone()).collect();
                    format!("{indent}func.return {} : {}", names.join(", "), tys.join(", "))
                };
                ops.push(Doc::cat(vec![Doc::text(text), self.opt_loc(), Doc::text("\n")]).tag("func.return"));
            }
        } else if !ctx.targets.is_empty() {
            // Blocks of multi-block regions need a terminator: an operation that may be one
            // (any unregistered operation), not a registered non-terminator.
            if self.rng.chance(50) {
                ops.extend(self.branch(indent, ctx));
            } else {
                ops.extend(self.generic_op(indent));
            }
        }
        Doc::list("", "", "", ops, 0)
    }

    /// An unregistered terminator with successors.
    fn branch(&mut self, indent: &str, ctx: &RegionCtx) -> Vec<Doc> {
        let n = self.rng.range(1, ctx.targets.len().min(3));
        let succ: Vec<Doc> = (0..n).map(|_| Doc::text(self.rng.pick(&ctx.targets).clone())).collect();
        let operands: Vec<Val> = (0..self.rng.range(0, 2)).filter_map(|_| self.pick_value()).collect();
        let names: Vec<String> = operands.iter().map(|v| v.name.clone()).collect();
        let tys: Vec<String> = operands.iter().map(|v| v.ty.text.clone()).collect();
        let dialect = self.rng.pick(DIALECTS);
        vec![Doc::cat(vec![
            Doc::text(format!("{indent}\"{dialect}.br\"({})", names.join(", "))),
            Doc::list("[", ", ", "]", succ, 1),
            Doc::text(format!(" : ({}) -> ()", tys.join(", "))),
            self.opt_loc(),
            Doc::text("\n"),
        ])
        .tag("op.successors")]
    }

    /// A visible value, if any.
    fn pick_value(&mut self) -> Option<Val> {
        if self.scope.is_empty() { None } else { Some(self.rng.pick(&self.scope).clone()) }
    }

    /// The name of a visible value of type `ty`, defining one (into `pre`) if none is visible.
    fn value_of(&mut self, ty: &Ty, indent: &str, pre: &mut Vec<Doc>) -> String {
        let found: Vec<&Val> = self.scope.iter().filter(|v| v.ty.text == ty.text).collect();
        if !found.is_empty() && self.rng.chance(80) {
            return self.rng.pick(&found).name.clone();
        }
        let name = format!("%v{}", self.id());
        let dialect = self.rng.pick(DIALECTS);
        pre.push(Doc::cat(vec![Doc::text(format!("{indent}{name} = \"{dialect}.make\"() : () -> ")), paren_if_fn(ty), Doc::text("\n")]));
        self.scope.push(Val { name: name.clone(), ty: ty.clone() });
        name
    }

    /// One operation (preceded by any operation that defines the values it needs).
    fn op(&mut self, indent: &str) -> Vec<Doc> {
        let has_funcs = self.in_unregistered == 0 && self.symtabs.last().is_some_and(|s| !s.is_empty());
        match self.rng.below(20) {
            0 | 1 if has_funcs => self.call(indent),
            2 if has_funcs => self.call_indirect(indent),
            3 => self.cast(indent),
            _ => self.generic_op(indent),
        }
    }

    /// Result names for `types`: `%x`, `%x:2`, or several groups; returns (definition text, values).
    fn results(&mut self, types: &[Ty]) -> (String, Vec<Val>, bool) {
        if types.is_empty() {
            return (String::new(), Vec::new(), false);
        }
        let mut defs = Vec::new();
        let mut vals = Vec::new();
        let mut grouped = false;
        let mut i = 0;
        while i < types.len() {
            let left = types.len() - i;
            let take = if left > 1 && self.rng.chance(50) { self.rng.range(2, left) } else { 1 };
            let id = self.id();
            let base = match self.rng.below(3) {
                0 => format!("%{id}"),
                1 => format!("%v{id}"),
                _ => format!("%name_{id}"),
            };
            if take == 1 {
                defs.push(base.clone());
                vals.push(Val { name: base, ty: types[i].clone() });
            } else {
                grouped = true;
                defs.push(format!("{base}:{take}"));
                for j in 0..take {
                    vals.push(Val { name: format!("{base}#{j}"), ty: types[i + j].clone() });
                }
            }
            i += take;
        }
        (format!("{} = ", defs.join(", ")), vals, grouped)
    }

    /// An operation of an unregistered dialect in generic form.
    fn generic_op(&mut self, indent: &str) -> Vec<Doc> {
        let name = format!("{}.{}", self.rng.pick(DIALECTS), self.rng.pick(OP_NAMES));
        let operands: Vec<Val> = (0..self.rng.range(0, 3)).filter_map(|_| self.pick_value()).collect();
        let result_types: Vec<Ty> = (0..self.rng.range(0, 3)).map(|_| self.value_type()).collect();
        let mut parts = Vec::new();
        let mut tags = Vec::new();
        let props = if self.rng.chance(15) {
            tags.push("op.properties");
            if self.rng.chance(15) { Doc::cat(vec![Doc::text(" <"), self.attr(), Doc::text(">")]) } else { Doc::opt_list(" <", "", ">", vec![self.attr_dict(false)]) }
        } else {
            Doc::text("")
        };
        let regions = if self.depth < 2 && self.rng.chance(15) {
            tags.push("op.regions");
            let n = self.rng.range(1, 2);
            let inner = format!("{indent}  ");
            self.in_unregistered += 1;
            let regions: Vec<Doc> = (0..n).map(|_| self.region(&inner, indent)).collect();
            self.in_unregistered -= 1;
            Doc::opt_list(" (", ", ", ")", regions)
        } else {
            Doc::text("")
        };
        let attrs = if self.rng.chance(55) { Doc::opt_list(" ", "", "", vec![self.attr_dict(true)]) } else { Doc::text("") };
        let (defs, vals, grouped) = self.results(&result_types);
        if grouped {
            tags.push("op.result_group");
        }
        let operand_names: Vec<String> = operands.iter().map(|v| v.name.clone()).collect();
        if operand_names.iter().any(|n| n.contains('#')) {
            tags.push("op.result_group_use");
        }
        parts.push(Doc::text(format!("{indent}{defs}\"{name}\"({})", operand_names.join(", "))));
        parts.push(props);
        parts.push(regions);
        parts.push(attrs);
        let operand_tys: Vec<Doc> = operands.iter().map(|v| v.ty.doc.clone()).collect();
        parts.push(Doc::text(" : "));
        parts.push(fn_type_doc(operand_tys, result_types.iter().map(|t| t.doc.clone()).collect()));
        parts.push(self.opt_loc());
        parts.push(Doc::text("\n"));
        self.scope.extend(vals);
        let doc = tags.into_iter().fold(Doc::cat(parts), Doc::tag);
        vec![doc]
    }

    /// A region of an unregistered operation: zero to three blocks.
    fn region(&mut self, inner: &str, outer: &str) -> Doc {
        self.depth += 1;
        let mark = self.scope.len();
        let n_blocks = match self.rng.below(10) {
            0 => 0,
            1..=6 => 1,
            _ => self.rng.range(2, 3),
        };
        let mut blocks = Vec::new();
        if n_blocks > 0 {
            let labels: Vec<String> = (1..n_blocks).map(|_| format!("^r{}", self.id())).collect();
            let ctx = RegionCtx { targets: labels.clone(), func_results: None };
            let entry_args = self.rng.chance(30);
            if entry_args || self.rng.chance(15) {
                let label = format!("^e{}", self.id());
                let mut args = Vec::new();
                for _ in 0..if entry_args { self.rng.range(1, 2) } else { 0 } {
                    let name = format!("%e{}", self.id());
                    let ty = self.value_type();
                    let loc = self.opt_loc();
                    args.push(Doc::cat(vec![Doc::text(format!("{name}: ")), ty.doc.clone(), loc]));
                    self.scope.push(Val { name, ty });
                }
                let n = args.len();
                let header = if n == 0 {
                    Doc::text(format!("{outer}{label}:\n"))
                } else {
                    Doc::cat(vec![Doc::text(format!("{outer}{label}")), Doc::list("(", ", ", ")", args, n), Doc::text(":\n")]).tag("block.entry_args")
                };
                let mut ops = self.block_ops(inner, &ctx);
                if n_blocks > 1 {
                    ops = ensure_nonempty(ops, || self.filler(inner));
                }
                blocks.push(Doc::cat(vec![header, ops]));
            } else {
                let mut ops = self.block_ops(inner, &ctx);
                if n_blocks > 1 {
                    ops = ensure_nonempty(ops, || self.filler(inner));
                }
                blocks.push(ops);
            }
            for label in &labels {
                blocks.push(self.labeled_block(label, inner, outer, &ctx));
            }
        }
        self.scope.truncate(mark);
        self.depth -= 1;
        let tag = if n_blocks == 0 { "region.empty" } else { "region" };
        Doc::cat(vec![Doc::text("{\n"), Doc::list("", "", "", blocks, 0), Doc::text(format!("{outer}}}"))]).tag(tag)
    }

    /// A trivial operation keeping a block of a multi-block region non-empty.
    fn filler(&self, indent: &str) -> Doc {
        Doc::text(format!("{indent}\"tst.end\"() : () -> ()\n"))
    }

    /// `func.call` of a function of the enclosing symbol table.
    fn call(&mut self, indent: &str) -> Vec<Doc> {
        let sigs = self.symtabs.last().cloned().unwrap_or_default();
        let sig = self.rng.pick(&sigs).clone();
        let mut pre = Vec::new();
        let args: Vec<String> = sig.args.iter().map(|t| self.value_of(t, indent, &mut pre)).collect();
        let (defs, vals, grouped) = self.results(&sig.results);
        let text = format!("{indent}{defs}func.call @{}({}) : {}", sig.name, args.join(", "), sig.fn_type());
        pre.push(Doc::cat(vec![Doc::text(text), self.opt_loc(), Doc::text("\n")]).tag("func.call"));
        if grouped {
            let last = pre.pop().expect("call");
            pre.push(last.tag("op.result_group"));
        }
        self.scope.extend(vals);
        pre
    }

    /// `func.constant` followed by `func.call_indirect`.
    fn call_indirect(&mut self, indent: &str) -> Vec<Doc> {
        let sigs = self.symtabs.last().cloned().unwrap_or_default();
        let sig = self.rng.pick(&sigs).clone();
        let fty = sig.fn_type();
        let fname = format!("%f{}", self.id());
        let mut pre = vec![Doc::cat(vec![Doc::text(format!("{indent}{fname} = func.constant @{} : {fty}", sig.name)), self.opt_loc(), Doc::text("\n")]).tag("func.constant")];
        self.scope.push(Val { name: fname.clone(), ty: Ty::plain(&fty, "type.function") });
        if self.rng.chance(30) {
            return pre;
        }
        let args: Vec<String> = sig.args.iter().map(|t| self.value_of(t, indent, &mut pre)).collect();
        let (defs, vals, _) = self.results(&sig.results);
        let text = format!("{indent}{defs}func.call_indirect {fname}({}) : {fty}", args.join(", "));
        pre.push(Doc::cat(vec![Doc::text(text), self.opt_loc(), Doc::text("\n")]).tag("func.call_indirect"));
        self.scope.extend(vals);
        pre
    }

    /// `builtin.unrealized_conversion_cast`.
    fn cast(&mut self, indent: &str) -> Vec<Doc> {
        let inputs: Vec<Val> = (0..self.rng.range(0, 2)).filter_map(|_| self.pick_value()).collect();
        let outs: Vec<Ty> = (0..self.rng.range(1, 2)).map(|_| self.value_type()).collect();
        let (defs, vals, _) = self.results(&outs);
        let mut parts = vec![Doc::text(format!("{indent}{defs}builtin.unrealized_conversion_cast "))];
        if !inputs.is_empty() {
            let names: Vec<String> = inputs.iter().map(|v| v.name.clone()).collect();
            parts.push(Doc::text(format!("{} : ", names.join(", "))));
            let mut tys = Vec::new();
            for (i, v) in inputs.iter().enumerate() {
                if i > 0 {
                    tys.push(Doc::text(", "));
                }
                tys.push(v.ty.doc.clone());
            }
            parts.extend(tys);
            parts.push(Doc::text(" "));
        }
        parts.push(Doc::text("to "));
        for (i, t) in outs.iter().enumerate() {
            if i > 0 {
                parts.push(Doc::text(", "));
            }
            parts.push(t.doc.clone());
        }
        parts.push(self.opt_loc());
        parts.push(Doc::text("\n"));
        self.scope.extend(vals);
        vec![Doc::cat(parts).tag("builtin.cast")]
    }

    // ----------------------------------------------------------------------------------------
    // Types.

    /// A type for an SSA value (anything, occasionally through an alias).
    fn value_type(&mut self) -> Ty {
        let t = self.ty(0);
        self.maybe_type_alias(t)
    }

    fn maybe_type_alias(&mut self, t: Ty) -> Ty {
        if !self.rng.chance(6) {
            return t;
        }
        let name = format!("!ta{}", self.id());
        self.aliases.push(Doc::cat(vec![Doc::text(format!("{name} = ")), t.doc]).tag("alias.type"));
        Ty::plain(&name, "alias.type.use")
    }

    fn ty(&mut self, depth: usize) -> Ty {
        let deep = depth < 2;
        match self.rng.below(if deep { 20 } else { 8 }) {
            0..=2 => self.int_type(),
            3..=4 => self.float_type(),
            5 => Ty::plain("index", "type.index"),
            6 => Ty::plain("none", "type.none"),
            7 => self.opaque_type(),
            8 => self.complex_type(),
            9 => self.tuple_type(depth),
            10 => self.function_type(depth),
            11 | 12 => self.tensor_type(),
            13 | 14 => self.memref_type(),
            15 | 16 => self.vector_type(),
            _ => self.int_type(),
        }
    }

    fn int_width(&mut self) -> u32 {
        match self.rng.below(12) {
            0 | 1 => 1,
            2 => 8,
            3 => 16,
            4 | 5 => 32,
            6 | 7 => 64,
            8 => 128,
            9 => self.rng.range(2, 200) as u32,
            10 => *self.rng.pick(&[256, 1000, 4096, 65535]),
            _ => *self.rng.pick(&[3, 7, 24, 48, 63, 65, 127, 129]),
        }
    }

    fn int_type_of(&mut self, width: u32) -> (Ty, Option<bool>) {
        let (prefix, signed, tag) = match self.rng.below(6) {
            0 => ("si", Some(true), "type.int.signed"),
            1 => ("ui", Some(false), "type.int.unsigned"),
            _ => ("i", None, "type.int"),
        };
        let wide = if width > 128 { Doc::text("").tag("type.int.wide") } else { Doc::text("") };
        (Ty::new(Doc::cat(vec![Doc::text(format!("{prefix}{width}")).tag(tag), wide])), signed)
    }

    fn int_type(&mut self) -> Ty {
        let w = self.int_width();
        self.int_type_of(w).0
    }

    fn float_type(&mut self) -> Ty {
        let (name, tag, _) = *self.rng.pick(FLOATS);
        Ty::plain(name, tag)
    }

    fn opaque_type(&mut self) -> Ty {
        let d = self.rng.pick(DIALECTS);
        let text = match self.rng.below(5) {
            0 => format!("!{d}.t"),
            1 => format!("!{d}.vec<4 x f32>"),
            2 => format!("!{d}<\"raw {{}} string\">"),
            3 => format!("!{d}.nest<[1, (2)], {{a = \"x>\"}}, <<>>>"),
            _ => format!("!{d}.param<i32,  \"s\">"),
        };
        Ty::plain(&text, "type.opaque")
    }

    fn complex_type(&mut self) -> Ty {
        let inner = if self.rng.chance(60) { self.float_type() } else { self.int_type() };
        Ty::new(Doc::cat(vec![Doc::text("complex<"), inner.doc, Doc::text(">")]).tag("type.complex"))
    }

    fn tuple_type(&mut self, depth: usize) -> Ty {
        let n = self.rng.range(0, 3);
        let mut parts = vec![Doc::text("tuple<")];
        for i in 0..n {
            if i > 0 {
                parts.push(Doc::text(", "));
            }
            parts.push(self.ty(depth + 1).doc);
        }
        parts.push(Doc::text(">"));
        Ty::new(Doc::cat(parts).tag("type.tuple"))
    }

    fn function_type(&mut self, depth: usize) -> Ty {
        let args: Vec<Doc> = (0..self.rng.range(0, 2)).map(|_| self.ty(depth + 1).doc).collect();
        let results: Vec<Doc> = (0..self.rng.range(0, 2)).map(|_| self.ty(depth + 1).doc).collect();
        Ty::new(fn_type_doc(args, results).tag("type.function"))
    }

    /// A shape: dimension sizes (`None` for `?`).
    fn shape(&mut self, dynamic: bool, max_rank: usize) -> Vec<Option<u64>> {
        (0..self.rng.range(0, max_rank))
            .map(|_| if dynamic && self.rng.chance(20) { None } else { Some(*self.rng.pick(&[1, 2, 3, 4, 8, 16, 0, 1])) })
            .collect()
    }

    fn dims_text(shape: &[Option<u64>]) -> String {
        shape.iter().map(|d| d.map_or("?".to_string(), |d| d.to_string()) + "x").collect()
    }

    /// An element type for tensors and memrefs, with its literal kind.
    fn element_type(&mut self, allow_opaque: bool) -> (Ty, Elem) {
        match self.rng.below(10) {
            0..=3 => {
                let w = self.int_width();
                let (t, s) = self.int_type_of(w);
                (t, Elem::Int(w, s))
            }
            4..=6 => {
                let (name, tag, bits) = *self.rng.pick(FLOATS);
                (Ty::plain(name, tag), Elem::Float(bits))
            }
            7 => (Ty::plain("index", "type.index"), Elem::Index),
            8 => {
                if self.rng.chance(50) {
                    let (name, tag, _) = *self.rng.pick(FLOATS);
                    (Ty::new(Doc::cat(vec![Doc::text("complex<"), Doc::text(name).tag(tag), Doc::text(">")]).tag("type.complex")), Elem::ComplexFloat)
                } else {
                    let w = *self.rng.pick(&[8, 16, 32, 64]);
                    (Ty::new(Doc::text(format!("complex<i{w}>")).tag("type.complex")), Elem::ComplexInt(w))
                }
            }
            _ => {
                if allow_opaque && self.rng.chance(50) {
                    (self.opaque_type(), Elem::Other)
                } else {
                    (self.vector_type(), Elem::Other)
                }
            }
        }
    }

    fn tensor_type(&mut self) -> Ty {
        let (elem, _) = self.element_type(true);
        if self.rng.chance(15) {
            return Ty::new(Doc::cat(vec![Doc::text("tensor<*x"), elem.doc, Doc::text(">")]).tag("type.tensor.unranked"));
        }
        let shape = self.shape(true, 3);
        let mut parts = vec![Doc::text(format!("tensor<{}", Self::dims_text(&shape))), elem.doc];
        if self.rng.chance(20) {
            parts.push(Doc::text(", "));
            parts.push(self.encoding().tag("type.tensor.encoding"));
        }
        parts.push(Doc::text(">"));
        Ty::new(Doc::cat(parts).tag("type.tensor"))
    }

    /// A tensor encoding or memory space: any attribute that is not itself ambiguous there.
    fn encoding(&mut self) -> Doc {
        match self.rng.below(5) {
            0 => Doc::text("\"enc\""),
            1 => Doc::text(format!("#{}.enc<{}>", self.rng.pick(DIALECTS), self.rng.below(9))),
            2 => Doc::text(format!("{} : i32", self.rng.below(5))),
            3 => Doc::text("{tst.x = 1}"),
            _ => Doc::text("[1, \"a\"]"),
        }
    }

    fn memref_type(&mut self) -> Ty {
        let (elem, _) = self.element_type(false);
        if self.rng.chance(15) {
            let mut parts = vec![Doc::text("memref<*x"), elem.doc];
            if self.rng.chance(50) {
                parts.push(Doc::text(", "));
                parts.push(self.memory_space());
            }
            parts.push(Doc::text(">"));
            return Ty::new(Doc::cat(parts).tag("type.memref.unranked"));
        }
        let shape = self.shape(true, 3);
        let mut parts = vec![Doc::text(format!("memref<{}", Self::dims_text(&shape))), elem.doc];
        match self.rng.below(6) {
            0 => {
                parts.push(Doc::text(", "));
                parts.push(self.affine_map_text(shape.len()).tag("type.memref.layout.map"));
            }
            1 => {
                parts.push(Doc::text(", "));
                parts.push(self.strided_text(shape.len()).tag("type.memref.layout.strided"));
            }
            _ => {}
        }
        if self.rng.chance(25) {
            parts.push(Doc::text(", "));
            parts.push(self.memory_space());
        }
        parts.push(Doc::text(">"));
        Ty::new(Doc::cat(parts).tag("type.memref"))
    }

    fn memory_space(&mut self) -> Doc {
        let d = match self.rng.below(4) {
            0 => Doc::text(format!("{}", self.rng.below(4))),
            1 => Doc::text(format!("{} : i32", self.rng.below(4))),
            2 => Doc::text("\"gpu\""),
            _ => Doc::text("9 : i64"),
        };
        d.tag("type.memref.space")
    }

    fn vector_type(&mut self) -> Ty {
        let rank = self.rng.range(0, 3);
        let mut dims = String::new();
        let mut scalable = false;
        for _ in 0..rank {
            let d = *self.rng.pick(&[1, 2, 4, 8, 3]);
            if self.rng.chance(20) {
                scalable = true;
                dims.push_str(&format!("[{d}]x"));
            } else {
                dims.push_str(&format!("{d}x"));
            }
        }
        let elem = match self.rng.below(3) {
            0 => self.int_type(),
            1 => self.float_type(),
            _ => Ty::plain("index", "type.index"),
        };
        let mut doc = Doc::cat(vec![Doc::text(format!("vector<{dims}")), elem.doc, Doc::text(">")]).tag("type.vector");
        if scalable {
            doc = doc.tag("type.vector.scalable");
        }
        Ty::new(doc)
    }

    // ----------------------------------------------------------------------------------------
    // Attributes.

    /// An attribute dictionary `{...}`; `allow_unit` permits bare keys.
    fn attr_dict(&mut self, allow_unit: bool) -> Doc {
        let n = self.rng.range(1, 3);
        let mut entries = Vec::new();
        for i in 0..n {
            let key = self.key(i);
            if allow_unit && self.rng.chance(10) {
                entries.push(key.tag("attr.unit"));
            } else {
                entries.push(Doc::cat(vec![key, Doc::text(" = "), self.attr()]));
            }
        }
        Doc::list("{", ", ", "}", entries, 0)
    }

    /// A dictionary of dialect attributes (names with a dot), for function arguments/results.
    fn dialect_attr_dict(&mut self) -> Doc {
        let n = self.rng.range(1, 2);
        let entries = (0..n).map(|i| Doc::cat(vec![Doc::text(format!("{}.k{i} = ", self.rng.pick(DIALECTS))), self.attr()])).collect();
        Doc::cat(vec![Doc::text(" "), Doc::list("{", ", ", "}", entries, 1)])
    }

    /// A dictionary key, unique within its dictionary through the suffix `i`.
    fn key(&mut self, i: usize) -> Doc {
        let base = self.rng.pick(KEYS);
        match self.rng.below(8) {
            0 => Doc::text(format!("\"{base} q{i}\"")).tag("attr.dict.quoted_key"),
            1 => Doc::text(format!("\"{base}{i}\"")).tag("attr.dict.quoted_key"),
            _ => Doc::text(format!("{base}{i}")),
        }
    }

    /// Any attribute, occasionally through an alias.
    fn attr(&mut self) -> Doc {
        self.depth += 1;
        let a = if self.depth > 3 { self.int_attr() } else { self.attr_kind() };
        self.depth -= 1;
        if self.rng.chance(6) {
            let name = format!("#aa{}", self.id());
            self.aliases.push(Doc::cat(vec![Doc::text(format!("{name} = ")), freeze(a)]).tag("alias.attr"));
            return Doc::text(name).tag("alias.attr.use");
        }
        a
    }

    fn attr_kind(&mut self) -> Doc {
        let simple = Doc::text("0");
        match self.rng.below(30) {
            0..=2 => self.int_attr(),
            3..=4 => self.float_attr(),
            5 => Doc::text(*self.rng.pick(&["true", "false"])).tag("attr.bool"),
            6..=7 => self.string_attr(),
            8 => Doc::text("unit").tag("attr.unit"),
            9..=10 => {
                let items = (0..self.rng.range(0, 3)).map(|_| self.attr()).collect();
                Doc::list("[", ", ", "]", items, 0).tag("attr.array").or(simple)
            }
            11 => self.attr_dict(true).tag("attr.dict").or(simple),
            12 => self.symbol_ref(),
            13..=14 => Doc::cat(vec![self.ty(0).doc]).tag("attr.type").or(simple),
            15..=17 => self.dense_attr().or(simple),
            18 => self.dense_resource().or(simple),
            19 => self.sparse_attr().or(simple),
            20 => self.dense_array().or(simple),
            21 => {
                let dims = self.rng.range(0, 3);
                self.affine_map_text(dims).tag("attr.affine_map").or(simple)
            }
            22 => self.affine_set_text().tag("attr.affine_set").or(simple),
            23 => {
                let rank = self.rng.range(0, 3);
                self.strided_text(rank).tag("attr.strided").or(simple)
            }
            24 => self.distinct_attr().or(simple),
            25 => self.opaque_attr(),
            26 => self.typed_string(),
            27 => Doc::cat(vec![Doc::text("loc("), self.loc_body(0), Doc::text(")")]).tag("attr.location").or(simple),
            _ => self.int_attr(),
        }
    }

    /// An integer literal in range for `width` and signedness.
    fn int_literal(&mut self, width: u32, signed: Option<bool>) -> String {
        if width > 128 {
            let max_digits = ((width - 1) as usize * 30103 / 100_000).max(1);
            let n = self.rng.range(1, max_digits.min(60));
            let mut s: String = (0..n).map(|i| char::from(b'0' + if i == 0 { self.rng.range(1, 9) } else { self.rng.below(10) } as u8)).collect();
            if signed != Some(false) && self.rng.chance(40) {
                s.insert(0, '-');
            }
            return s;
        }
        let umax: u128 = if width == 128 { u128::MAX } else { (1u128 << width) - 1 };
        let smax: u128 = umax >> 1;
        let pos_max = if signed == Some(true) { smax } else { umax };
        let neg_ok = signed != Some(false);
        match self.rng.below(8) {
            0 => "0".into(),
            1 if pos_max >= 1 => "1".into(),
            2 => pos_max.to_string(),
            3 if neg_ok => format!("-{}", smax + 1),
            4 if neg_ok => format!("-{}", 1 + self.rng.bits(width) % (smax + 1)),
            5 if signed != Some(true) && pos_max >= 1 => format!("0x{:X}", self.rng.bits(width) % pos_max),
            _ => (self.rng.bits(width) % pos_max.saturating_add(1).max(1)).to_string(),
        }
    }

    fn int_attr(&mut self) -> Doc {
        match self.rng.below(6) {
            0 => Doc::text(self.int_literal(64, None)).tag("attr.int.default_i64"),
            1 => Doc::text(format!("{} : index", self.int_literal(64, Some(true)))).tag("attr.int.index"),
            _ => {
                let w = self.int_width();
                let (t, signed) = self.int_type_of(w);
                let lit = self.int_literal(w, signed);
                let mut d = Doc::cat(vec![Doc::text(format!("{lit} : ")), t.doc]).tag("attr.int");
                if lit.starts_with("0x") {
                    d = d.tag("attr.int.hex");
                }
                if w > 64 {
                    d = d.tag("attr.int.huge");
                }
                d
            }
        }
    }

    /// A float literal for a float type of `bits` bits: decimal or a hex bit pattern.
    fn float_literal(&mut self, bits: u32, allow_hex: bool) -> (String, bool) {
        if allow_hex && self.rng.chance(30) {
            let v = self.rng.bits(bits);
            let digits = bits.div_ceil(4) as usize;
            let s = if self.rng.chance(50) { format!("0x{v:0digits$X}") } else { format!("0x{v:x}") };
            return (s, true);
        }
        (self.rng.pick(FLOAT_LITERALS).to_string(), false)
    }

    fn float_attr(&mut self) -> Doc {
        if self.rng.chance(15) {
            return Doc::text(*self.rng.pick(FLOAT_LITERALS)).tag("attr.float.default_f64");
        }
        let (name, tag, bits) = *self.rng.pick(FLOATS);
        let (lit, hex) = self.float_literal(bits, true);
        let d = Doc::cat(vec![Doc::text(format!("{lit} : ")), Doc::text(name).tag(tag)]).tag("attr.float");
        if hex { d.tag("attr.float.hex") } else { d }
    }

    fn string_body(&mut self) -> (String, bool) {
        let mut s = String::new();
        let mut escaped = false;
        for _ in 0..self.rng.range(0, 4) {
            let p = *self.rng.pick(STRING_PIECES);
            escaped |= p.starts_with('\\') || !p.is_ascii();
            s.push_str(p);
        }
        (s, escaped)
    }

    fn string_attr(&mut self) -> Doc {
        let (s, escaped) = self.string_body();
        let d = Doc::text(format!("\"{s}\"")).tag("attr.string");
        if escaped { d.tag("attr.string.escape") } else { d }
    }

    fn typed_string(&mut self) -> Doc {
        let (s, _) = self.string_body();
        let t = self.ty(1);
        Doc::cat(vec![Doc::text(format!("\"{s}\" : ")), t.doc]).tag("attr.string.typed")
    }

    fn sym_name(&mut self) -> String {
        match self.rng.below(5) {
            0 => "\"quoted name\"".into(),
            1 => format!("s{}", self.rng.below(10)),
            2 => "\"0digit\"".into(),
            3 => "a.b$c".into(),
            _ => "sym".into(),
        }
    }

    /// A symbol name for a module, unique in the program.
    fn module_name(&mut self) -> String {
        let id = self.id();
        match self.rng.below(4) {
            0 => format!("\"quoted {id}\""),
            1 => format!("\"{id}digit\""),
            2 => format!("a.b$c{id}"),
            _ => format!("m{id}"),
        }
    }

    fn symbol_ref(&mut self) -> Doc {
        let n = self.rng.range(1, 3);
        let parts: Vec<String> = (0..n).map(|_| format!("@{}", self.sym_name())).collect();
        let d = Doc::text(parts.join("::")).tag("attr.symref");
        if n > 1 { d.tag("attr.symref.nested") } else { d }
    }

    /// A statically shaped tensor or vector type for elements attributes, with its element kind
    /// and element count.
    fn static_shaped(&mut self, allow_vector: bool) -> (Doc, Elem, Vec<u64>) {
        let vector = allow_vector && self.rng.chance(25);
        let (elem, kind) = if vector {
            match self.rng.below(2) {
                0 => {
                    let w = *self.rng.pick(&[1, 8, 16, 32, 64]);
                    let (t, s) = self.int_type_of(w);
                    (t, Elem::Int(w, s))
                }
                _ => {
                    let (name, tag, bits) = *self.rng.pick(FLOATS);
                    (Ty::plain(name, tag), Elem::Float(bits))
                }
            }
        } else {
            self.element_type(false)
        };
        let mut shape: Vec<u64> = self.shape(false, 3).into_iter().map(|d| d.unwrap_or(1)).collect();
        if vector {
            shape.retain(|d| *d > 0);
        }
        if shape.iter().product::<u64>() > 24 {
            shape.truncate(1);
        }
        let dims: String = shape.iter().map(|d| format!("{d}x")).collect();
        let ty = if vector {
            Doc::cat(vec![Doc::text(format!("vector<{dims}")), elem.doc, Doc::text(">")]).tag("type.vector")
        } else {
            Doc::cat(vec![Doc::text(format!("tensor<{dims}")), elem.doc, Doc::text(">")]).tag("type.tensor")
        };
        (ty, kind, shape)
    }

    /// One literal element of a dense attribute.
    fn element_literal(&mut self, kind: Elem) -> String {
        match kind {
            Elem::Int(1, None) => self.rng.pick(&["true", "false", "1", "0"]).to_string(),
            Elem::Int(w, s) => self.int_literal(w, s),
            Elem::Index => self.int_literal(64, Some(true)),
            Elem::Float(_) => self.rng.pick(FLOAT_LITERALS).to_string(),
            Elem::ComplexFloat => format!("({}, {})", self.rng.pick(FLOAT_LITERALS), self.rng.pick(FLOAT_LITERALS)),
            Elem::ComplexInt(w) => format!("({}, {})", self.int_literal(w, None), self.int_literal(w, None)),
            Elem::Other => "0".into(),
        }
    }

    /// Nested literal lists for `shape`.
    fn nested_literal(&mut self, kind: Elem, shape: &[u64]) -> String {
        match shape.split_first() {
            None => self.element_literal(kind),
            Some((n, rest)) => {
                let items: Vec<String> = (0..*n).map(|_| self.nested_literal(kind, rest)).collect();
                format!("[{}]", items.join(", "))
            }
        }
    }

    /// Bytes per element in a hex dense buffer, for kinds that have a simple layout.
    fn hex_element_bytes(kind: Elem) -> Option<usize> {
        match kind {
            Elem::Int(w, _) if [8, 16, 32, 64].contains(&w) => Some(w as usize / 8),
            Elem::Float(w) if [16, 32, 64].contains(&w) => Some(w as usize / 8),
            Elem::Index => Some(8),
            _ => None,
        }
    }

    fn dense_attr(&mut self) -> Doc {
        if self.rng.chance(10) {
            let n = self.rng.range(1, 3);
            let d = self.rng.pick(DIALECTS);
            let items: Vec<String> = (0..n).map(|_| {
                let (s, _) = self.string_body();
                format!("\"{s}\"")
            }).collect();
            let body = if n == 1 && self.rng.chance(50) { items[0].clone() } else { format!("[{}]", items.join(", ")) };
            return Doc::text(format!("dense<{body}> : tensor<{n}x!{d}.string>")).tag("attr.dense.string");
        }
        if self.rng.chance(8) {
            // Large enough to be printed as hex by mlir-opt.
            let (w, name) = *self.rng.pick(&[(1usize, "i8"), (4, "f32"), (2, "i16"), (4, "i32")]);
            let n = self.rng.range(90, 130);
            let hex: String = (0..n * w).map(|_| format!("{:02X}", self.rng.below(256))).collect();
            return Doc::text(format!("dense<\"0x{hex}\"> : tensor<{n}x{name}>")).tag("attr.dense.hex").tag("attr.dense.large");
        }
        let (ty, kind, shape) = self.static_shaped(true);
        let count: u64 = shape.iter().product();
        let (body, tag) = if kind == Elem::Other {
            return Doc::cat(vec![Doc::text("dense<> : "), Doc::text(format!("tensor<0x{}>", self.int_type().text))]).tag("attr.dense.empty");
        } else if count == 0 {
            (String::new(), "attr.dense.empty")
        } else if let (true, Some(bytes)) = (self.rng.chance(20), Self::hex_element_bytes(kind)) {
            let n = if self.rng.chance(30) { 1 } else { count as usize };
            let hex: String = (0..n * bytes).map(|_| format!("{:02X}", self.rng.below(256))).collect();
            (format!("\"0x{hex}\""), "attr.dense.hex")
        } else if self.rng.chance(30) {
            (self.element_literal(kind), "attr.dense.splat")
        } else {
            let tag = match kind {
                Elem::Float(_) => "attr.dense.float",
                Elem::ComplexFloat | Elem::ComplexInt(_) => "attr.dense.complex",
                _ => "attr.dense.int",
            };
            (self.nested_literal(kind, &shape), tag)
        };
        Doc::cat(vec![Doc::text(format!("dense<{body}> : ")), ty]).tag(tag)
    }

    fn dense_resource(&mut self) -> Doc {
        let n = self.rng.range(1, 4);
        let key = format!("blob{}", self.id());
        if self.rng.chance(60) {
            let data: String = (0..n * 4).map(|_| format!("{:02X}", self.rng.below(256))).collect();
            self.resources.push((key.clone(), format!("0x04000000{data}")));
        }
        Doc::text(format!("dense_resource<{key}> : tensor<{n}xi32>")).tag("attr.dense_resource")
    }

    fn sparse_attr(&mut self) -> Doc {
        let rows = self.rng.range(2, 4) as u64;
        let cols = self.rng.range(2, 4) as u64;
        let nnz = self.rng.range(0, 3);
        let float = self.rng.chance(40);
        let idx: Vec<String> = (0..nnz).map(|_| format!("[{}, {}]", self.rng.below(rows as usize), self.rng.below(cols as usize))).collect();
        let vals: Vec<String> = (0..nnz).map(|_| if float { self.rng.pick(FLOAT_LITERALS).to_string() } else { self.int_literal(32, None) }).collect();
        let ty = if float { "f32" } else { "i32" };
        let body = if nnz == 0 { String::new() } else { format!("[{}], [{}]", idx.join(", "), vals.join(", ")) };
        Doc::text(format!("sparse<{body}> : tensor<{rows}x{cols}x{ty}>")).tag("attr.sparse")
    }

    fn dense_array(&mut self) -> Doc {
        let (ty, kind) = *self.rng.pick(&[
            ("i1", Elem::Int(1, None)),
            ("i8", Elem::Int(8, None)),
            ("i16", Elem::Int(16, None)),
            ("i32", Elem::Int(32, None)),
            ("i64", Elem::Int(64, None)),
            ("f32", Elem::Float(32)),
            ("f64", Elem::Float(64)),
        ]);
        let n = self.rng.range(0, 4);
        let vals: Vec<String> = (0..n)
            .map(|_| match kind {
                Elem::Int(1, _) => self.rng.pick(&["true", "false"]).to_string(),
                Elem::Int(w, _) => {
                    let v = self.int_literal(w, Some(true));
                    v
                }
                _ => self.rng.pick(FLOAT_LITERALS).to_string(),
            })
            .collect();
        let text = if n == 0 { format!("array<{ty}>") } else { format!("array<{ty}: {}>", vals.join(", ")) };
        Doc::text(text).tag("attr.dense_array")
    }

    /// An affine expression over `dims` dimensions and `syms` symbols; `symbolic` restricts it
    /// to symbols and constants.
    fn affine_expr(&mut self, dims: usize, syms: usize, depth: usize, symbolic: bool) -> String {
        let leaf = depth > 2 || self.rng.chance(35);
        if leaf {
            let choice = self.rng.below(3);
            return match choice {
                0 if !symbolic && dims > 0 => format!("d{}", self.rng.below(dims)),
                1 if syms > 0 => format!("s{}", self.rng.below(syms)),
                _ => format!("{}", self.rng.range(0, 12) as i64 - 3),
            };
        }
        match self.rng.below(6) {
            0 | 1 => format!("{} + {}", self.affine_expr(dims, syms, depth + 1, symbolic), self.affine_expr(dims, syms, depth + 1, symbolic)),
            2 => format!("{} - {}", self.affine_expr(dims, syms, depth + 1, symbolic), self.affine_term(dims, syms, depth + 1, symbolic)),
            3 => format!("{} * {}", self.affine_term(dims, syms, depth + 1, symbolic), self.affine_term(dims, syms, depth + 1, true)),
            4 => format!("-{}", self.affine_term(dims, syms, depth + 1, symbolic)),
            _ => {
                let op = *self.rng.pick(&["floordiv", "ceildiv", "mod"]);
                let rhs = if syms > 0 && self.rng.chance(30) { format!("s{}", self.rng.below(syms)) } else { format!("{}", self.rng.range(1, 9)) };
                format!("{} {op} {rhs}", self.affine_term(dims, syms, depth + 1, symbolic))
            }
        }
    }

    /// An affine expression in parentheses unless it is a leaf.
    fn affine_term(&mut self, dims: usize, syms: usize, depth: usize, symbolic: bool) -> String {
        let e = self.affine_expr(dims, syms, depth, symbolic);
        if e.contains(' ') || e.starts_with('-') { format!("({e})") } else { e }
    }

    fn dims_syms(dims: usize, syms: usize) -> String {
        let d: Vec<String> = (0..dims).map(|i| format!("d{i}")).collect();
        let s: Vec<String> = (0..syms).map(|i| format!("s{i}")).collect();
        if syms == 0 { format!("({})", d.join(", ")) } else { format!("({})[{}]", d.join(", "), s.join(", ")) }
    }

    fn affine_map_text(&mut self, dims: usize) -> Doc {
        let syms = self.rng.range(0, 2);
        let n = if dims == 0 { self.rng.range(0, 2) } else { self.rng.range(1, 3) };
        let results: Vec<String> = (0..n).map(|_| self.affine_expr(dims, syms, 0, false)).collect();
        Doc::text(format!("affine_map<{} -> ({})>", Self::dims_syms(dims, syms), results.join(", ")))
    }

    fn affine_set_text(&mut self) -> Doc {
        let dims = self.rng.range(1, 3);
        let syms = self.rng.range(0, 2);
        let n = self.rng.range(1, 3);
        let cs: Vec<String> = (0..n)
            .map(|_| {
                let e = self.affine_expr(dims, syms, 0, false);
                match self.rng.below(4) {
                    0 => format!("{e} == 0"),
                    1 => format!("{e} <= {}", self.affine_term(dims, syms, 1, false)),
                    _ => format!("{e} >= 0"),
                }
            })
            .collect();
        Doc::text(format!("affine_set<{} : ({})>", Self::dims_syms(dims, syms), cs.join(", ")))
    }

    fn strided_text(&mut self, rank: usize) -> Doc {
        let strides: Vec<String> = (0..rank).map(|_| if self.rng.chance(20) { "?".into() } else { format!("{}", self.rng.range(0, 16)) }).collect();
        let offset = match self.rng.below(3) {
            0 => String::new(),
            1 => ", offset: ?".into(),
            _ => format!(", offset: {}", self.rng.range(0, 8)),
        };
        Doc::text(format!("strided<[{}]{offset}>", strides.join(", ")))
    }

    fn distinct_attr(&mut self) -> Doc {
        if !self.distinct.is_empty() && self.rng.chance(40) {
            let shared = self.distinct[self.rng.below(self.distinct.len())].clone();
            return Doc::text(shared).tag("attr.distinct").tag("attr.distinct.shared");
        }
        let payload = match self.rng.below(3) {
            0 => "unit".to_string(),
            1 => format!("{} : i32", self.rng.below(100)),
            _ => "\"p\"".to_string(),
        };
        let text = format!("distinct[{}]<{payload}>", self.distinct.len() * 3 + self.rng.below(3));
        self.distinct.push(text.clone());
        Doc::text(text).tag("attr.distinct")
    }

    fn opaque_attr(&mut self) -> Doc {
        let d = self.rng.pick(DIALECTS);
        let text = match self.rng.below(4) {
            0 => format!("#{d}.flag"),
            1 => format!("#{d}.param<1, \"a>b\", [i32, {{x}}]>"),
            2 => format!("#{d}<\"opaque body\">"),
            _ => format!("#{d}.sp<  a  b >"),
        };
        Doc::text(text).tag("attr.opaque")
    }

    // ----------------------------------------------------------------------------------------
    // Locations.

    /// ` loc(...)` or nothing, removable by the shrinker.
    fn opt_loc(&mut self) -> Doc {
        if !self.rng.chance(30) {
            return Doc::text("");
        }
        let body = if self.rng.chance(15) {
            let name = format!("#la{}", self.id());
            let inner = self.loc_body(0);
            self.aliases.push(Doc::cat(vec![Doc::text(format!("{name} = loc(")), freeze(inner), Doc::text(")")]).tag("alias.loc"));
            Doc::text(name).tag("loc.alias")
        } else {
            self.loc_body(0)
        };
        Doc::opt_list(" loc(", "", ")", vec![body])
    }

    /// The inside of a `loc(...)`.
    fn loc_body(&mut self, depth: usize) -> Doc {
        let leaf = depth >= 2;
        let file = *self.rng.pick(&["\"f.mlir\"", "\"dir/x.py\"", "\"q\\\"uote\"", "\"\""]);
        match self.rng.below(if leaf { 4 } else { 8 }) {
            0 => Doc::text("unknown").tag("loc.unknown"),
            1 => Doc::text(format!("{file}:{}:{}", self.rng.below(100), self.rng.below(80))).tag("loc.file"),
            2 => {
                let (l, c) = (self.rng.below(50), self.rng.below(50));
                let text = match self.rng.below(3) {
                    0 => format!("{file}:{l}:{c} to :{}", c + self.rng.below(9)),
                    1 => format!("{file}:{l}:{c} to {}:{}", l + self.rng.below(5), self.rng.below(9)),
                    _ => format!("{file}:{l}"),
                };
                Doc::text(text).tag("loc.range")
            }
            3 => Doc::text(format!("\"name{}\"", self.rng.below(9))).tag("loc.name"),
            4 => Doc::cat(vec![Doc::text("\"outer\"("), self.loc_body(depth + 1), Doc::text(")")]).tag("loc.name.child"),
            5 => Doc::cat(vec![Doc::text("callsite("), self.loc_body(depth + 1), Doc::text(" at "), self.loc_body(depth + 1), Doc::text(")")]).tag("loc.callsite"),
            _ => {
                let items: Vec<Doc> = (0..self.rng.range(1, 3)).map(|_| self.loc_body(depth + 1)).collect();
                let meta = if self.rng.chance(40) {
                    Doc::cat(vec![Doc::text("<"), self.attr_simple(), Doc::text(">")]).tag("loc.fused.metadata")
                } else {
                    Doc::text("")
                };
                Doc::cat(vec![Doc::text("fused"), meta, Doc::list("[", ", ", "]", items, 1)]).tag("loc.fused")
            }
        }
    }

    /// A small attribute (for fused-location metadata).
    fn attr_simple(&mut self) -> Doc {
        match self.rng.below(3) {
            0 => self.string_attr(),
            1 => self.int_attr(),
            _ => self.opaque_attr(),
        }
    }
}

/// `(args) -> results` as a document.
fn fn_type_doc(args: Vec<Doc>, results: Vec<Doc>) -> Doc {
    let mut parts = vec![Doc::text("(")];
    for (i, a) in args.into_iter().enumerate() {
        if i > 0 {
            parts.push(Doc::text(", "));
        }
        parts.push(a);
    }
    parts.push(Doc::text(") -> "));
    let bare = results.len() == 1 && !results[0].render().starts_with('(');
    if !bare {
        parts.push(Doc::text("("));
    }
    for (i, r) in results.into_iter().enumerate() {
        if i > 0 {
            parts.push(Doc::text(", "));
        }
        parts.push(r);
    }
    if !bare {
        parts.push(Doc::text(")"));
    }
    Doc::cat(parts)
}

/// A type as a single result type (parenthesized when it is a function type).
fn paren_if_fn(ty: &Ty) -> Doc {
    if ty.text.starts_with('(') { Doc::cat(vec![Doc::text("("), ty.doc.clone(), Doc::text(")")]) } else { ty.doc.clone() }
}

/// A block's operation list that is never empty (`filler()` is added to an empty one).
fn ensure_nonempty(ops: Doc, filler: impl FnOnce() -> Doc) -> Doc {
    match ops {
        Doc::List { items, .. } if items.is_empty() => Doc::list("", "", "", vec![filler()], 1),
        other => other,
    }
}

/// Whether `text` uses the SSA value `name` (a whole name, not a prefix of a longer one).
fn uses_value(text: &str, name: &str) -> bool {
    text.match_indices(name).any(|(i, _)| {
        let next = text[i + name.len()..].chars().next();
        !next.is_some_and(|c| c.is_ascii_alphanumeric() || "_$.-".contains(c))
    })
}
