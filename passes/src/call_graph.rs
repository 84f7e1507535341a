//! The call graph the inliner works on (and `sccp` resolves calls with), as MLIR's
//! `CallGraph` builds it, on a petgraph
//! directed graph: a node per callable (a `func.func` with a body) plus an external node, with
//! an edge to every callable not nested in another, and an unknown-callee node for calls that
//! resolve to nothing callable (declarations, `func.call_indirect`). Each callable has an edge
//! per callee, in the order its calls first appear; calls resolve against the symbol table
//! holding the caller (nested references `@a::@b` through nested tables).
//!
//! Symbols are found where Mica keeps them: a symbol table's ops live in the body of the table
//! op (IsolatedFromAbove), so a symbol is named by the path of table ops from the root body and
//! its op there. The SCCs come bottom-up (callees first) in the order of LLVM's `scc_iterator`
//! from the external node: petgraph's Tarjan for the components, its DFS for the order of the
//! nodes inside one (the last discovered first).

use mica_ir::{AttrKind, Attr, Body, Context, Ident, Op, Region, Traits};
use petgraph::graphmap::DiGraphMap;
use petgraph::visit::{depth_first_search, DfsEvent};
use rustc_hash::FxHashMap;

/// A call graph node.
pub(crate) type NodeId = u32;
/// The node standing for callers outside the IR.
pub(crate) const EXTERNAL: NodeId = 0;
/// The node standing for callees that cannot be resolved to a callable.
pub(crate) const UNKNOWN: NodeId = 1;

/// Where an op lives: the symbol-table ops leading from the root body to its body, and the op.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub(crate) struct Place {
    /// Table ops, outermost first (empty for the root body).
    pub(crate) path: Vec<Op>,
    /// The op in that body.
    pub(crate) op: Op,
}

/// The body reached from `root` through the isolated ops of `path`.
pub(crate) fn body_at<'a>(root: &'a Body, path: &[Op]) -> Option<&'a Body> {
    path.iter().try_fold(root, |b, op| b.nested(*op))
}

/// The body reached from `root` through the isolated ops of `path`, mutably.
pub(crate) fn body_at_mut<'a>(root: &'a mut Body, path: &[Op]) -> Option<&'a mut Body> {
    path.iter().try_fold(root, |b, op| b.nested_mut(*op))
}

/// The op names Mica knows as MLIR's `CallOpInterface` and `CallableOpInterface`.
pub(crate) fn is_call(ctx: &Context, name: Ident) -> bool {
    matches!(ctx.str(name), "func.call" | "func.call_indirect")
}

fn is_callable_kind(ctx: &Context, name: Ident) -> bool {
    ctx.str(name) == "func.func"
}

/// The ops of a body's root regions, in order.
pub(crate) fn root_ops(body: &Body) -> impl Iterator<Item = Op> + '_ {
    body.roots.iter().flat_map(move |r| body.region_blocks(*r).iter().flat_map(move |b| body.block_ops(*b)))
}

/// Calls `f` on every op of the regions `regions` of `body`, in pre-order, not entering
/// isolated ops.
pub(crate) fn walk_local(body: &Body, regions: &[Region], f: &mut dyn FnMut(Op)) {
    for &r in regions {
        for &b in body.region_blocks(r) {
            for op in body.block_ops(b) {
                f(op);
                walk_local(body, body.local_regions(op), f);
            }
        }
    }
}

/// Calls `f` on every symbol reference held in attribute `a` (in arrays, dictionaries and
/// dialect attribute parameters too).
pub(crate) fn symbol_refs_in(ctx: &Context, a: Attr, f: &mut dyn FnMut(Attr)) {
    match ctx.attr_kind(a) {
        AttrKind::SymbolRef { .. } => f(a),
        AttrKind::Array(items) => items.iter().for_each(|i| symbol_refs_in(ctx, *i, f)),
        AttrKind::Dictionary(entries) => entries.iter().for_each(|(_, v)| symbol_refs_in(ctx, *v, f)),
        AttrKind::Dialect { params, .. } => params.iter().for_each(|p| symbol_refs_in(ctx, *p, f)),
        _ => {}
    }
}

/// Whether a symbol op is private.
pub(crate) fn is_private(ctx: &Context, body: &Body, op: Op) -> bool {
    ctx.op_attr(body, op, "sym_visibility").and_then(|a| ctx.as_str(a)) == Some("private")
}

/// The call graph.
pub(crate) struct CallGraph {
    /// Where each callable is (`None` for the external and unknown nodes).
    places: Vec<Option<Place>>,
    by_place: FxHashMap<Place, NodeId>,
    /// The edges.
    pub(crate) graph: DiGraphMap<NodeId, ()>,
    /// The symbols of each symbol table, by the table's path.
    tables: FxHashMap<Vec<Op>, FxHashMap<Ident, Op>>,
    /// The symbol tables' paths, nested tables before the table holding them, each with
    /// whether all uses of its symbols are visible to the pass (MLIR's `walkSymbolTables`).
    pub(crate) tables_post_order: Vec<(Vec<Op>, bool)>,
}

impl CallGraph {
    /// The call graph of the symbol table whose body is `root`; `all_visible` says whether
    /// all uses of its symbols are in it (the table is the top-level op).
    pub(crate) fn build(ctx: &Context, root: &Body, all_visible: bool) -> Self {
        let mut cg = CallGraph {
            places: vec![None, None],
            by_place: FxHashMap::default(),
            graph: DiGraphMap::new(),
            tables: FxHashMap::default(),
            tables_post_order: Vec::new(),
        };
        cg.graph.add_node(EXTERNAL);
        cg.graph.add_node(UNKNOWN);
        cg.add_table(ctx, root, Vec::new(), all_visible);
        for node in 2..cg.places.len() as NodeId {
            let Some(place) = cg.place(node).cloned() else { continue };
            let Some(body) = body_at(root, &place.path).and_then(|b| b.nested(place.op)) else { continue };
            let mut targets = Vec::new();
            walk_local(body, &body.roots, &mut |op| {
                if is_call(ctx, body.op(op).name) {
                    targets.push(cg.resolve_call(ctx, root, &place.path, body, op).unwrap_or(UNKNOWN));
                }
            });
            for t in targets {
                cg.graph.add_edge(node, t, ());
            }
        }
        cg
    }

    /// Records the symbols of the table whose body is `body` and the callables inside it, in
    /// walk order; nested tables are entered where they appear.
    fn add_table(&mut self, ctx: &Context, body: &Body, path: Vec<Op>, all_visible: bool) {
        let mut symbols = FxHashMap::default();
        for op in root_ops(body) {
            if let Some(name) = ctx.op_attr(body, op, "sym_name").and_then(|a| ctx.as_str(a)) {
                symbols.entry(ctx.ident(name)).or_insert(op);
            }
        }
        self.tables.insert(path.clone(), symbols);
        walk_local(body, &body.roots, &mut |op| {
            let name = body.op(op).name;
            let Some(inner) = body.nested(op) else { return };
            if is_callable_kind(ctx, name) {
                if inner.roots.first().is_some_and(|r| !inner.region_blocks(*r).is_empty()) {
                    let node = self.places.len() as NodeId;
                    let place = Place { path: path.clone(), op };
                    self.places.push(Some(place.clone()));
                    self.by_place.insert(place, node);
                    self.graph.add_node(node);
                    self.graph.add_edge(EXTERNAL, node, ());
                }
            } else if ctx.registry().traits(name).contains(Traits::SYMBOL_TABLE) {
                let mut p = path.clone();
                p.push(op);
                // Uses of a nested table's symbols are all visible when the table is.
                let hidden = !ctx.registry().traits(name).contains(Traits::SYMBOL) || is_private(ctx, body, op);
                self.add_table(ctx, inner, p, all_visible || hidden);
            }
        });
        self.tables_post_order.push((path, all_visible));
    }

    /// Where callable `node` is.
    pub(crate) fn place(&self, node: NodeId) -> Option<&Place> {
        self.places.get(node as usize)?.as_ref()
    }

    /// The callable nodes.
    pub(crate) fn callables(&self) -> impl Iterator<Item = NodeId> {
        2..self.places.len() as NodeId
    }

    /// The node of the callable at `place`, if it is one.
    pub(crate) fn node_of(&self, place: &Place) -> Option<NodeId> {
        self.by_place.get(place).copied()
    }

    /// The op a symbol reference names, looked up in the table at `table`.
    pub(crate) fn lookup(&self, ctx: &Context, root: &Body, table: &[Op], sym: Attr) -> Option<Place> {
        let AttrKind::SymbolRef { root: first, nested } = ctx.attr_kind(sym) else { return None };
        let mut path = table.to_vec();
        let mut op = *self.tables.get(&path)?.get(first)?;
        for n in nested.iter() {
            body_at(root, &path)?.nested(op)?;
            path.push(op);
            op = *self.tables.get(&path)?.get(n)?;
        }
        Some(Place { path, op })
    }

    /// The callable node a symbol reference names, if any.
    pub(crate) fn resolve(&self, ctx: &Context, root: &Body, table: &[Op], sym: Attr) -> Option<NodeId> {
        self.node_of(&self.lookup(ctx, root, table, sym)?)
    }

    /// The callee node of a call op of `body` (a body of the table at `table`).
    pub(crate) fn resolve_call(&self, ctx: &Context, root: &Body, table: &[Op], body: &Body, call: Op) -> Option<NodeId> {
        // An indirect call resolves to the op defining its callee value, never a callable.
        let callee = ctx.op_attr(body, call, "callee")?;
        self.resolve(ctx, root, table, callee)
    }

    /// The SCCs, callees before callers, as LLVM's `scc_iterator` visits them from the
    /// external node; inside an SCC the node discovered last comes first.
    pub(crate) fn sccs(&self) -> Vec<Vec<NodeId>> {
        let mut discovered: FxHashMap<NodeId, usize> = FxHashMap::default();
        depth_first_search(&self.graph, Some(EXTERNAL), |event| {
            if let DfsEvent::Discover(n, _) = event {
                let k = discovered.len();
                discovered.insert(n, k);
            }
        });
        let mut sccs: Vec<Vec<NodeId>> = petgraph::algo::tarjan_scc(&self.graph).into_iter().filter(|s| s.iter().all(|n| discovered.contains_key(n))).collect();
        for scc in &mut sccs {
            scc.sort_by_key(|n| std::cmp::Reverse(discovered[n]));
        }
        sccs
    }
}
