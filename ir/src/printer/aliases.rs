//! Alias collection: which types and attributes get `!name` / `#name` aliases, their numbers
//! and the order of their definitions, decided as mlir-opt 22 decides them. A dry run of the
//! printer (the same operation hooks, writing into a scratch buffer) meets every type and
//! attribute in the order it would print them; operations are met location first, then (in
//! the generic form) regions, operand types, result types and attributes. Each entry gets MLIR's
//! alias depth (1 for an alias with nothing aliased inside, one more than the deepest nested
//! entry otherwise); aliases are then sorted by depth, types before attributes, prefix, and
//! first meeting, and numbered per prefix in that order. Locations met only as trailing
//! operation locations are deferred: defined after the operation.

use super::{AliasKey, Printer};
use crate::attrs::{AttrKind, Location};
use crate::body::{Body, Op};
use crate::types::TypeKind;
use crate::{Attr, Type};
use rustc_hash::FxHashMap;

/// One type or attribute met by the dry run.
struct Entry {
    key: AliasKey,
    /// The alias prefix (`map`, `loc`, ...) when it gets an alias.
    prefix: Option<&'static str>,
    /// MLIR's alias depth (0 when neither it nor anything inside it has an alias).
    depth: u32,
    /// Whether its definition may follow the operation (an alias met only from trailing
    /// operation locations).
    deferrable: bool,
    /// The entries met while visiting it.
    children: Vec<usize>,
}

/// One entry being visited: its index, the deepest depth and the entries met inside it.
struct Frame {
    entry: usize,
    max_depth: u32,
    children: Vec<usize>,
}

/// The state of a dry run.
#[derive(Default)]
pub(super) struct AliasCollect {
    entries: Vec<Entry>,
    index: FxHashMap<AliasKey, usize>,
    frames: Vec<Frame>,
    /// Whether entries met now may be deferred (while visiting an operation's location).
    deferrable: bool,
}

impl AliasCollect {
    /// Notes that entry `i` was met inside the entry being visited, if any.
    fn record(&mut self, i: usize) {
        let depth = self.entries[i].depth;
        if let Some(f) = self.frames.last_mut() {
            f.children.push(i);
            f.max_depth = f.max_depth.max(depth);
        }
    }

    /// An entry met from somewhere that cannot be deferred, and its nested entries, are
    /// defined up front (MLIR stops at entries without an alias).
    fn mark_non_deferrable(&mut self, i: usize) {
        if !self.entries[i].deferrable {
            return;
        }
        self.entries[i].deferrable = false;
        for c in self.entries[i].children.clone() {
            self.mark_non_deferrable(c);
        }
    }
}

/// The alias prefix MLIR's builtin dialect gives an attribute.
fn attr_prefix(kind: &AttrKind, referenced_is_unit: bool) -> Option<&'static str> {
    match kind {
        AttrKind::AffineMap(_) => Some("map"),
        AttrKind::IntegerSet(_) => Some("set"),
        AttrKind::Location(_) => Some("loc"),
        AttrKind::Distinct { .. } if !referenced_is_unit => Some("distinct"),
        _ => None,
    }
}

impl Printer<'_> {
    /// Runs the dry run over `top` and names the aliases found.
    pub(super) fn collect_aliases(&mut self, body: &Body, top: Op) {
        self.collect = Some(Box::default());
        let saved = std::mem::take(&mut self.out);
        self.print_op(body, top);
        self.out = saved;
        let Some(c) = self.collect.take() else { return };
        let mut order: Vec<usize> = (0..c.entries.len()).filter(|&i| c.entries[i].prefix.is_some()).collect();
        // Stable: equal keys keep the order of first meeting.
        order.sort_by_key(|&i| {
            let e = &c.entries[i];
            (e.depth, !matches!(e.key, AliasKey::Type(_)), e.prefix)
        });
        let mut counters: FxHashMap<&'static str, u32> = FxHashMap::default();
        for &i in &order {
            let e = &c.entries[i];
            let prefix = e.prefix.unwrap_or_default();
            let n = counters.entry(prefix).or_insert(0);
            let name = if *n == 0 { prefix.to_string() } else { format!("{prefix}{n}") };
            *n += 1;
            self.aliases.insert(e.key, name);
            if e.deferrable {
                self.deferred_order.push(e.key);
            } else {
                self.alias_order.push(e.key);
            }
        }
    }

    /// Whether a dry run is going on.
    pub(super) fn collecting(&self) -> bool {
        self.collect.is_some()
    }

    /// The dry run of one operation, in the order MLIR's alias walk visits it.
    pub(super) fn collect_op(&mut self, body: &Body, op: Op) {
        let data = body.op(op);
        if self.opts.debuginfo {
            self.visit_location(data.loc, true);
        }
        let def = if self.opts.generic { None } else { self.ctx.registry().get(data.name) };
        if let Some((d, print)) = def.and_then(|d| d.print.map(|f| (d, f))) {
            let outer = std::mem::replace(&mut self.default_dialect, d.default_dialect.unwrap_or(""));
            print(d, self, body, op);
            self.default_dialect = outer;
            return;
        }
        let (rb, regions) = body.op_regions(op);
        for &r in regions {
            self.print_region(rb, r, true, true);
        }
        for v in body.operands(op) {
            self.visit_type(body.value_type(v));
        }
        for v in body.results(op) {
            self.visit_type(body.value_type(*v));
        }
        // A registered op's properties are attributes too; an unregistered op's are opaque.
        let attrs = if self.ctx.registry().get(data.name).is_some() { self.ctx.op_attr_dict(body, op) } else { data.attrs };
        for &(_, v) in self.ctx.dict_entries(attrs) {
            self.visit_attr(v, false);
        }
    }

    /// Visits a location: `deferrable` for an operation's trailing location.
    pub(super) fn visit_location(&mut self, loc: Attr, deferrable: bool) {
        if let Some(c) = self.collect.as_mut() {
            c.deferrable = deferrable;
        }
        self.visit_attr(loc, false);
        if let Some(c) = self.collect.as_mut() {
            c.deferrable = false;
        }
    }

    /// Meets `key` again: returns true (after noting it) when it was met before.
    fn revisit(&mut self, key: AliasKey) -> bool {
        let Some(c) = self.collect.as_mut() else { return true };
        let Some(&i) = c.index.get(&key) else { return false };
        if !c.deferrable {
            c.mark_non_deferrable(i);
        }
        c.record(i);
        true
    }

    fn begin(&mut self, key: AliasKey, prefix: Option<&'static str>) {
        let Some(c) = self.collect.as_mut() else { return };
        let i = c.entries.len();
        let deferrable = prefix.is_some() && c.deferrable;
        c.entries.push(Entry { key, prefix, depth: prefix.is_some() as u32, deferrable, children: Vec::new() });
        c.index.insert(key, i);
        c.frames.push(Frame { entry: i, max_depth: 0, children: Vec::new() });
    }

    fn end(&mut self) {
        let Some(c) = self.collect.as_mut() else { return };
        let Some(f) = c.frames.pop() else { return };
        let e = &mut c.entries[f.entry];
        e.children = f.children;
        if f.max_depth > 0 {
            e.depth = f.max_depth + 1;
        }
        c.record(f.entry);
    }

    /// Visits a type and what MLIR prints inside it.
    pub(super) fn visit_type(&mut self, t: Type) {
        let key = AliasKey::Type(t);
        if self.revisit(key) {
            return;
        }
        let ctx = self.ctx;
        let kind = ctx.type_kind(t);
        let prefix = matches!(kind, TypeKind::Tuple(es) if es.len() > 16).then_some("tuple");
        self.begin(key, prefix);
        match kind {
            TypeKind::Complex(e) | TypeKind::UnrankedTensor { elem: e } | TypeKind::Vector { elem: e, .. } => self.visit_type(*e),
            TypeKind::Tuple(es) => es.iter().for_each(|e| self.visit_type(*e)),
            TypeKind::Function { inputs, results } => inputs.iter().chain(results.iter()).for_each(|e| self.visit_type(*e)),
            TypeKind::RankedTensor { elem, encoding, .. } => {
                self.visit_type(*elem);
                encoding.iter().for_each(|a| self.visit_attr(*a, false));
            }
            TypeKind::MemRef { elem, layout, memory_space, .. } => {
                self.visit_type(*elem);
                layout.iter().chain(memory_space.iter()).for_each(|a| self.visit_attr(*a, false));
            }
            TypeKind::UnrankedMemRef { elem, memory_space } => {
                self.visit_type(*elem);
                memory_space.iter().for_each(|a| self.visit_attr(*a, false));
            }
            _ => {}
        }
        self.end();
    }

    /// Visits an attribute and what MLIR prints inside it (its type unless `elide_type`).
    pub(super) fn visit_attr(&mut self, a: Attr, elide_type: bool) {
        let key = AliasKey::Attr(a);
        if self.revisit(key) {
            return;
        }
        let ctx = self.ctx;
        let kind = ctx.attr_kind(a);
        let unit = |x: Attr| matches!(ctx.attr_kind(x), AttrKind::Unit);
        let prefix = attr_prefix(kind, matches!(kind, AttrKind::Distinct { referenced, .. } if unit(*referenced)));
        self.begin(key, prefix);
        let mut ty = None;
        match kind {
            AttrKind::Dialect { dialect, mnemonic, params } => {
                if let Some(def) = ctx.registry().attr_def(ctx.str(*dialect), ctx.str(*mnemonic)) {
                    (def.print)(def, self, params);
                }
            }
            AttrKind::Distinct { referenced, .. } => self.visit_attr(*referenced, false),
            AttrKind::Dictionary(es) => es.iter().for_each(|e| self.visit_attr(e.1, false)),
            AttrKind::Array(xs) => xs.iter().for_each(|x| self.visit_attr(*x, false)),
            AttrKind::Type(t) => self.visit_type(*t),
            AttrKind::Location(l) => match l {
                Location::Name { child: Some(c), .. } if !matches!(ctx.attr_kind(*c), AttrKind::Location(Location::Unknown)) => {
                    self.visit_attr(*c, false)
                }
                Location::CallSite { callee, caller } => {
                    self.visit_attr(*callee, false);
                    self.visit_attr(*caller, false);
                }
                Location::Fused { locations, metadata } => {
                    metadata.iter().for_each(|m| self.visit_attr(*m, false));
                    locations.iter().for_each(|l| self.visit_attr(*l, false));
                }
                _ => {}
            },
            AttrKind::String { ty: t, .. } | AttrKind::Opaque { ty: t, .. } => ty = *t,
            AttrKind::DenseElements { ty: t, .. }
            | AttrKind::DenseStrings { ty: t, .. }
            | AttrKind::DenseResource { ty: t, .. }
            | AttrKind::Sparse { ty: t, .. } => ty = Some(*t),
            _ => {}
        }
        if let Some(t) = ty.filter(|t| !elide_type && !matches!(ctx.type_kind(*t), TypeKind::None)) {
            self.visit_type(t);
        }
        self.end();
    }
}
