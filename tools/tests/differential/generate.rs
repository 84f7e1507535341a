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

#[path = "generate/affine.rs"]
mod affine;
#[path = "generate/attributes.rs"]
mod attributes;
#[path = "generate/elements.rs"]
mod elements;
#[path = "generate/locations.rs"]
mod locations;
#[path = "generate/types.rs"]
mod types;

/// Names of dialects that mlir-opt 22 does not register.
const DIALECTS: &[&str] = &["tst", "foo", "xyz", "my_dialect", "q9"];
/// Operation names within those dialects.
const OP_NAMES: &[&str] = &["op", "bar", "compute", "make", "a.b", "yield_x", "Do_It"];
/// Names for attribute dictionary keys (a counter keeps them unique within a dictionary).
const KEYS: &[&str] = &[
    "a", "value", "tst.attr", "foo.bar", "x_y", "z$1", "k.", "_u",
];
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
    "0.0",
    "-0.0",
    "1.0",
    "-1.5",
    "0.5",
    "2.0",
    "3.25",
    "0.1",
    "100.0",
    "1.0e-3",
    "6.0e+00",
    "-4.25E1",
    "1.0e38",
    "1.0e300",
    "0.333333333333",
    "123456.789",
    "1.",
    "5.0e-324",
    "65504.0",
    "-7.0e-8",
];
/// Pieces of string literals, escapes included.
const STRING_PIECES: &[&str] = &[
    "a", "hello", " ", "\\\"", "\\\\", "\\n", "\\t", "\\00", "\\7F", "\\ff", "é", "{}", "%x", "#y",
    "@z", "//", "<>", "'",
];

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
        Ty {
            text: text.to_string(),
            doc: Doc::text(text).tag(tag),
        }
    }

    fn new(doc: Doc) -> Ty {
        let doc = freeze(doc);
        Ty {
            text: doc.render(),
            doc,
        }
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
    /// `index`.
    Index,
    /// A float of this width in bits.
    Float(u32),
    /// A complex number of signless integers of this width.
    ComplexInt(u32),
    /// A complex number of floats.
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
        fn_type_text(
            &self.args.iter().map(|t| t.text.clone()).collect::<Vec<_>>(),
            &self
                .results
                .iter()
                .map(|t| t.text.clone())
                .collect::<Vec<_>>(),
        )
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
        Gen {
            rng,
            next_id: 0,
            scope: Vec::new(),
            symtabs: Vec::new(),
            aliases: Vec::new(),
            resources: Vec::new(),
            distinct: Vec::new(),
            depth: 0,
            in_unregistered: 0,
        }
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
            let name = if self.rng.chance(40) {
                format!(" @{}", self.module_name())
            } else {
                String::new()
            };
            let attrs = if self.rng.chance(30) {
                vec![self.dialect_attr_dict()]
            } else {
                Vec::new()
            };
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
            let blobs: Vec<String> = self
                .resources
                .iter()
                .map(|(k, v)| format!("      {k}: \"{v}\""))
                .collect();
            Doc::text(format!(
                "{{-#\n  dialect_resources: {{\n    builtin: {{\n{}\n    }}\n  }}\n#-}}\n",
                blobs.join(",\n")
            ))
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
            let args = (0..self.rng.range(0, 3))
                .map(|_| self.value_type())
                .collect();
            let results = (0..self.rng.range(0, 2))
                .map(|_| self.value_type())
                .collect();
            sigs.push(FuncSig {
                name: format!("fn{n}"),
                args,
                results,
            });
        }
        self.symtabs.push(sigs.clone());
        let mut items: Vec<Doc> = Vec::new();
        let mut sig_iter = sigs.into_iter();
        let n_items = self.rng.range(1, 3);
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
                let name = if self.rng.chance(60) {
                    format!(" @{}", self.module_name())
                } else {
                    String::new()
                };
                items.push(
                    Doc::cat(vec![
                        Doc::text(format!("{indent}module{name} {{\n")),
                        inner,
                        Doc::text(format!("{indent}}}")),
                        self.opt_loc(),
                        Doc::text("\n"),
                    ])
                    .tag("module.nested"),
                );
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
        let simple = |s: &str| {
            s.contains("\"(")
                && !s.trim_end().contains('\n')
                && !s.contains("func.")
                && !s.contains("module")
        };
        if simple(&a) && simple(&b) {
            items.swap(i, i + 1);
            let defs = a.split_once(" = \"").map_or("", |(d, _)| d.trim());
            let forward = defs
                .split(", ")
                .filter(|d| !d.is_empty())
                .any(|d| uses_value(&b, d.split(':').next().unwrap_or(d)));
            if forward {
                items[i] = items[i].clone().tag("ssa.forward_ref");
            }
        }
    }

    /// A `func.func`: definition or declaration (private or nested), of any visibility.
    fn func(&mut self, sig: &FuncSig, indent: &str) -> Doc {
        let decl = self.rng.chance(20);
        let vis = match self.rng.below(7) {
            3 => Doc::text("nested ").tag("func.nested"),
            _ if decl => Doc::text("private ").tag("func.private"),
            0 | 1 => Doc::text("private ").tag("func.private"),
            2 => Doc::text("public ").tag("func.public_explicit"),
            _ => Doc::text(""),
        };
        let mut parts = vec![
            Doc::text(format!("{indent}func.func ")),
            vis,
            Doc::text(format!("@{}", sig.name)),
        ];
        let saved_scope = std::mem::take(&mut self.scope);
        let mut args = Vec::new();
        for t in &sig.args {
            if decl {
                let attrs = if self.rng.chance(25) {
                    self.dialect_attr_dict().tag("func.arg_attrs")
                } else {
                    Doc::text("")
                };
                args.push(Doc::cat(vec![t.doc.clone(), attrs]));
            } else {
                let name = format!("%a{}", self.id());
                let attrs = if self.rng.chance(25) {
                    self.dialect_attr_dict().tag("func.arg_attrs")
                } else {
                    Doc::text("")
                };
                let loc = self.opt_loc();
                args.push(Doc::cat(vec![
                    Doc::text(format!("{name}: ")),
                    t.doc.clone(),
                    attrs,
                    loc,
                ]));
                self.scope.push(Val {
                    name,
                    ty: t.clone(),
                });
            }
        }
        parts.push(Doc::list("(", ", ", ")", args, sig.args.len()));
        if !sig.results.is_empty() {
            let with_attrs = self.rng.chance(25);
            let mut res = Vec::new();
            for t in &sig.results {
                if with_attrs && self.rng.chance(70) {
                    res.push(
                        Doc::cat(vec![t.doc.clone(), self.dialect_attr_dict()])
                            .tag("func.res_attrs"),
                    );
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
            parts.push(
                Doc::opt_list(" attributes ", "", "", vec![self.attr_dict(false)])
                    .tag("func.attributes"),
            );
        }
        if decl {
            parts.push(self.opt_loc());
            parts.push(Doc::text("\n"));
            self.scope = saved_scope;
            return Doc::cat(parts).tag("func.decl");
        }
        parts.push(Doc::text(" {\n"));
        let n_blocks = if self.rng.chance(25) {
            self.rng.range(2, 4)
        } else {
            1
        };
        let labels: Vec<String> = (1..n_blocks).map(|_| format!("^b{}", self.id())).collect();
        let ctx = RegionCtx {
            targets: labels.clone(),
            func_results: Some(sig.results.clone()),
        };
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
        let tag = if n_blocks > 1 {
            "func.multi_block"
        } else {
            "func.def"
        };
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
            args.push(Doc::cat(vec![
                Doc::text(format!("{name}: ")),
                ty.doc.clone(),
                loc,
            ]));
            self.scope.push(Val { name, ty });
        }
        let n_args = args.len();
        let header = if n_args == 0 {
            Doc::text(format!("{outer}{label}:\n"))
        } else {
            Doc::cat(vec![
                Doc::text(format!("{outer}{label}")),
                Doc::list("(", ", ", ")", args, n_args),
                Doc::text(":\n"),
            ])
            .tag("block.args")
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
                let names: Vec<String> = results
                    .iter()
                    .map(|t| self.value_of(t, indent, &mut pre))
                    .collect();
                ops.extend(pre);
                let text = if names.is_empty() {
                    format!("{indent}func.return")
                } else {
                    let tys: Vec<String> = results.iter().map(|t| t.text.clone()).collect();
                    format!(
                        "{indent}func.return {} : {}",
                        names.join(", "),
                        tys.join(", ")
                    )
                };
                ops.push(
                    Doc::cat(vec![Doc::text(text), self.opt_loc(), Doc::text("\n")])
                        .tag("func.return"),
                );
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
        let succ: Vec<Doc> = (0..n)
            .map(|_| Doc::text(self.rng.pick(&ctx.targets).clone()))
            .collect();
        let operands: Vec<Val> = (0..self.rng.range(0, 2))
            .filter_map(|_| self.pick_value())
            .collect();
        let names: Vec<String> = operands.iter().map(|v| v.name.clone()).collect();
        let tys: Vec<String> = operands.iter().map(|v| v.ty.text.clone()).collect();
        let dialect = self.rng.pick(DIALECTS);
        vec![
            Doc::cat(vec![
                Doc::text(format!("{indent}\"{dialect}.br\"({})", names.join(", "))),
                Doc::list("[", ", ", "]", succ, 1),
                Doc::text(format!(" : ({}) -> ()", tys.join(", "))),
                self.opt_loc(),
                Doc::text("\n"),
            ])
            .tag("op.successors"),
        ]
    }

    /// A visible value, if any.
    fn pick_value(&mut self) -> Option<Val> {
        if self.scope.is_empty() {
            None
        } else {
            Some(self.rng.pick(&self.scope).clone())
        }
    }

    /// The name of a visible value of type `ty`, defining one (into `pre`) if none is visible.
    fn value_of(&mut self, ty: &Ty, indent: &str, pre: &mut Vec<Doc>) -> String {
        let found: Vec<&Val> = self.scope.iter().filter(|v| v.ty.text == ty.text).collect();
        if !found.is_empty() && self.rng.chance(80) {
            return self.rng.pick(&found).name.clone();
        }
        let name = format!("%v{}", self.id());
        let dialect = self.rng.pick(DIALECTS);
        pre.push(Doc::cat(vec![
            Doc::text(format!("{indent}{name} = \"{dialect}.make\"() : () -> ")),
            paren_if_fn(ty),
            Doc::text("\n"),
        ]));
        self.scope.push(Val {
            name: name.clone(),
            ty: ty.clone(),
        });
        name
    }

    /// One operation (preceded by any operation that defines the values it needs).
    fn op(&mut self, indent: &str) -> Vec<Doc> {
        let has_funcs =
            self.in_unregistered == 0 && self.symtabs.last().is_some_and(|s| !s.is_empty());
        match self.rng.below(20) {
            0 | 1 if has_funcs => self.call(indent),
            2 if has_funcs => self.call_indirect(indent),
            3 => self.cast(indent),
            _ => self.generic_op(indent),
        }
    }

    /// Result names for `types`: `%x`, `%x:2`, or several groups; returns the definition text,
    /// the values, and whether a group was used.
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
            let take = if left > 1 && self.rng.chance(50) {
                self.rng.range(2, left)
            } else {
                1
            };
            let id = self.id();
            let base = match self.rng.below(3) {
                0 => format!("%{id}"),
                1 => format!("%v{id}"),
                _ => format!("%name_{id}"),
            };
            if take == 1 {
                defs.push(base.clone());
                vals.push(Val {
                    name: base,
                    ty: types[i].clone(),
                });
            } else {
                grouped = true;
                defs.push(format!("{base}:{take}"));
                for j in 0..take {
                    vals.push(Val {
                        name: format!("{base}#{j}"),
                        ty: types[i + j].clone(),
                    });
                }
            }
            i += take;
        }
        (format!("{} = ", defs.join(", ")), vals, grouped)
    }

    /// An operation of an unregistered dialect in generic form.
    fn generic_op(&mut self, indent: &str) -> Vec<Doc> {
        let name = format!("{}.{}", self.rng.pick(DIALECTS), self.rng.pick(OP_NAMES));
        let operands: Vec<Val> = (0..self.rng.range(0, 3))
            .filter_map(|_| self.pick_value())
            .collect();
        let result_types: Vec<Ty> = (0..self.rng.range(0, 3))
            .map(|_| self.value_type())
            .collect();
        let mut parts = Vec::new();
        let mut tags = Vec::new();
        let props = if self.rng.chance(15) {
            tags.push("op.properties");
            if self.rng.chance(15) {
                Doc::cat(vec![Doc::text(" <"), self.attr(), Doc::text(">")])
            } else {
                Doc::opt_list(" <", "", ">", vec![self.attr_dict(false)])
            }
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
        let attrs = if self.rng.chance(55) {
            Doc::opt_list(" ", "", "", vec![self.attr_dict(true)])
        } else {
            Doc::text("")
        };
        let (defs, vals, grouped) = self.results(&result_types);
        if grouped {
            tags.push("op.result_group");
        }
        let operand_names: Vec<String> = operands.iter().map(|v| v.name.clone()).collect();
        if operand_names.iter().any(|n| n.contains('#')) {
            tags.push("op.result_group_use");
        }
        parts.push(Doc::text(format!(
            "{indent}{defs}\"{name}\"({})",
            operand_names.join(", ")
        )));
        parts.push(props);
        parts.push(regions);
        parts.push(attrs);
        let operand_tys: Vec<Doc> = operands.iter().map(|v| v.ty.doc.clone()).collect();
        parts.push(Doc::text(" : "));
        parts.push(fn_type_doc(
            operand_tys,
            result_types.iter().map(|t| t.doc.clone()).collect(),
        ));
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
            let ctx = RegionCtx {
                targets: labels.clone(),
                func_results: None,
            };
            let entry_args = self.rng.chance(30);
            if entry_args || self.rng.chance(15) {
                let label = format!("^e{}", self.id());
                let mut args = Vec::new();
                for _ in 0..if entry_args { self.rng.range(1, 2) } else { 0 } {
                    let name = format!("%e{}", self.id());
                    let ty = self.value_type();
                    let loc = self.opt_loc();
                    args.push(Doc::cat(vec![
                        Doc::text(format!("{name}: ")),
                        ty.doc.clone(),
                        loc,
                    ]));
                    self.scope.push(Val { name, ty });
                }
                let n = args.len();
                let header = if n == 0 {
                    Doc::text(format!("{outer}{label}:\n"))
                } else {
                    Doc::cat(vec![
                        Doc::text(format!("{outer}{label}")),
                        Doc::list("(", ", ", ")", args, n),
                        Doc::text(":\n"),
                    ])
                    .tag("block.entry_args")
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
        let tag = if n_blocks == 0 {
            "region.empty"
        } else {
            "region"
        };
        Doc::cat(vec![
            Doc::text("{\n"),
            Doc::list("", "", "", blocks, 0),
            Doc::text(format!("{outer}}}")),
        ])
        .tag(tag)
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
        let args: Vec<String> = sig
            .args
            .iter()
            .map(|t| self.value_of(t, indent, &mut pre))
            .collect();
        let (defs, vals, grouped) = self.results(&sig.results);
        let text = format!(
            "{indent}{defs}func.call @{}({}) : {}",
            sig.name,
            args.join(", "),
            sig.fn_type()
        );
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
        let mut pre = vec![
            Doc::cat(vec![
                Doc::text(format!(
                    "{indent}{fname} = func.constant @{} : {fty}",
                    sig.name
                )),
                self.opt_loc(),
                Doc::text("\n"),
            ])
            .tag("func.constant"),
        ];
        self.scope.push(Val {
            name: fname.clone(),
            ty: Ty::plain(&fty, "type.function"),
        });
        if self.rng.chance(30) {
            return pre;
        }
        let args: Vec<String> = sig
            .args
            .iter()
            .map(|t| self.value_of(t, indent, &mut pre))
            .collect();
        let (defs, vals, _) = self.results(&sig.results);
        let text = format!(
            "{indent}{defs}func.call_indirect {fname}({}) : {fty}",
            args.join(", ")
        );
        pre.push(
            Doc::cat(vec![Doc::text(text), self.opt_loc(), Doc::text("\n")])
                .tag("func.call_indirect"),
        );
        self.scope.extend(vals);
        pre
    }

    /// `builtin.unrealized_conversion_cast`.
    fn cast(&mut self, indent: &str) -> Vec<Doc> {
        let inputs: Vec<Val> = (0..self.rng.range(0, 2))
            .filter_map(|_| self.pick_value())
            .collect();
        let outs: Vec<Ty> = (0..self.rng.range(1, 2))
            .map(|_| self.value_type())
            .collect();
        let (defs, vals, _) = self.results(&outs);
        let mut parts = vec![Doc::text(format!(
            "{indent}{defs}builtin.unrealized_conversion_cast "
        ))];
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
    if ty.text.starts_with('(') {
        Doc::cat(vec![Doc::text("("), ty.doc.clone(), Doc::text(")")])
    } else {
        ty.doc.clone()
    }
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
