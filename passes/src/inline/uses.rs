//! The symbol uses of discardable callables, as MLIR's inliner counts them (`CGUseList`): a
//! private callable can be erased once nothing refers to it, and its last call can take its
//! body. Every symbol reference counts (calls and any attribute naming the callable); a
//! reference from an op of a symbol table that is not itself a callable keeps the callee alive
//! for good. Each callable keeps the counts it contributes, so they can be recomputed after its
//! body changes and moved to a caller when it is inlined there.

use crate::call_graph::{body_at, is_private, symbol_refs_in, CallGraph, NodeId, Place};
use mica_ir::{Attr, Body, Context, Op, Traits};
use rustc_hash::{FxHashMap, FxHashSet};

/// The discardable callables one callable refers to.
#[derive(Default)]
struct User {
    /// Referenced by the callable op's own attributes (counted once each).
    top: FxHashSet<NodeId>,
    /// Referenced from inside its body, with the number of references.
    inner: FxHashMap<NodeId, i64>,
}

/// The use counts.
pub(super) struct UseList {
    /// Discardable callables and their number of uses.
    discardable: FxHashMap<NodeId, i64>,
    users: FxHashMap<NodeId, User>,
}

/// Collects the symbol references in an attribute.
fn attr_refs(ctx: &Context, a: Attr, top: bool, out: &mut Vec<(Attr, bool)>) {
    symbol_refs_in(ctx, a, &mut |r| out.push((r, top)));
}

/// The symbol references held by `op` (of `body`) and, unless it is a symbol table, by the
/// ops nested in it; each with whether `op` itself holds it (MLIR's `getSymbolUses`).
fn symbol_refs(ctx: &Context, body: &Body, op: Op, top: bool, out: &mut Vec<(Attr, bool)>) {
    let d = body.op(op);
    if let Some(p) = d.properties() {
        attr_refs(ctx, p, top, out);
    }
    attr_refs(ctx, d.attrs, top, out);
    if ctx.registry().traits(d.name).contains(Traits::SYMBOL_TABLE) {
        return;
    }
    let (rb, regions) = body.op_regions(op);
    for &r in regions {
        for &b in rb.region_blocks(r) {
            for inner in rb.block_ops(b) {
                symbol_refs(ctx, rb, inner, false, out);
            }
        }
    }
}

/// The callables `op` (an op of `body`, the body of the table at `table`) refers to, each
/// reference with whether `op` itself holds it (MLIR's `walkReferencedSymbolNodes`).
pub(super) fn referenced_nodes(ctx: &Context, cg: &CallGraph, root: &Body, table: &[Op], body: &Body, op: Op) -> Vec<(NodeId, bool)> {
    let mut refs = Vec::new();
    symbol_refs(ctx, body, op, true, &mut refs);
    let mut resolved: FxHashMap<Attr, Option<NodeId>> = FxHashMap::default();
    refs.into_iter()
        .filter_map(|(a, top)| {
            let node = *resolved.entry(a).or_insert_with(|| cg.resolve(ctx, root, table, a));
            node.map(|n| (n, top))
        })
        .collect()
}

impl UseList {
    /// The counts for the call graph `cg` of the table whose body is `root`.
    pub(super) fn new(ctx: &Context, cg: &CallGraph, root: &Body) -> Self {
        let mut discardable: FxHashMap<NodeId, i64> = FxHashMap::default();
        let mut always_live: FxHashSet<NodeId> = FxHashSet::default();
        for (table, all_visible) in &cg.tables_post_order {
            let Some(body) = body_at(root, table) else { continue };
            for op in body.roots.first().map(|r| body.region_blocks(*r)).unwrap_or(&[]).iter().flat_map(|b| body.block_ops(*b)) {
                let place = Place { path: table.clone(), op };
                if let Some(node) = cg.node_of(&place) {
                    // A non-public callable goes once unused, if private or if all uses of its
                    // table's symbols are visible.
                    let visibility = ctx.op_attr(body, op, "sym_visibility").and_then(|a| ctx.as_str(a));
                    if visibility.is_some() && (*all_visible || is_private(ctx, body, op)) {
                        discardable.entry(node).or_insert(0);
                    }
                    continue;
                }
                always_live.extend(referenced_nodes(ctx, cg, root, table, body, op).into_iter().map(|(n, _)| n));
            }
        }
        for n in always_live {
            discardable.remove(&n);
        }
        let mut list = UseList { discardable, users: FxHashMap::default() };
        for node in cg.callables() {
            list.recompute(ctx, cg, root, node);
        }
        list
    }

    fn decrement(&mut self, node: NodeId) {
        let Some(user) = self.users.get(&node) else { return };
        for n in &user.top {
            *self.discardable.entry(*n).or_insert(0) -= 1;
        }
        for (n, c) in &user.inner {
            *self.discardable.entry(*n).or_insert(0) -= c;
        }
    }

    /// Counts again the uses held by `node` from its current body.
    pub(super) fn recompute(&mut self, ctx: &Context, cg: &CallGraph, root: &Body, node: NodeId) {
        self.decrement(node);
        let mut user = User::default();
        if let Some(place) = cg.place(node)
            && let Some(body) = body_at(root, &place.path)
        {
            for (n, top) in referenced_nodes(ctx, cg, root, &place.path, body, place.op) {
                let Some(count) = self.discardable.get_mut(&n) else { continue };
                if !top {
                    *user.inner.entry(n).or_insert(0) += 1;
                } else if !user.top.insert(n) {
                    continue;
                }
                *count += 1;
            }
        }
        self.users.insert(node, user);
    }

    /// Drops the uses held by `call`, an op of `body` in callable `user`, once it is inlined.
    pub(super) fn drop_call(&mut self, ctx: &Context, cg: &CallGraph, root: &Body, table: &[Op], body: &Body, call: Op, user: NodeId) {
        let refs = referenced_nodes(ctx, cg, root, table, body, call);
        let inner = &mut self.users.entry(user).or_default().inner;
        for (n, _) in refs {
            let Some(c) = inner.get_mut(&n) else { continue };
            *c -= 1;
            *self.discardable.entry(n).or_insert(0) -= 1;
        }
    }

    /// After a copy of `callee` went into `caller`, the caller holds the callee's inner uses.
    pub(super) fn merge_inlined(&mut self, callee: NodeId, caller: NodeId) {
        let moved: Vec<(NodeId, i64)> = self.users.entry(callee).or_default().inner.iter().map(|(n, c)| (*n, *c)).collect();
        let into = &mut self.users.entry(caller).or_default().inner;
        for (n, c) in &moved {
            *into.entry(*n).or_insert(0) += c;
        }
        for (n, c) in moved {
            *self.discardable.entry(n).or_insert(0) += c;
        }
    }

    /// Forgets `node` and the uses it held.
    pub(super) fn erase(&mut self, node: NodeId) {
        self.decrement(node);
        self.users.remove(&node);
        self.discardable.remove(&node);
    }

    /// Whether `node` is discardable and unused.
    pub(super) fn is_dead(&self, node: NodeId) -> bool {
        self.discardable.get(&node) == Some(&0)
    }

    /// Whether `node` is discardable and used once.
    pub(super) fn has_one_use_and_discardable(&self, node: NodeId) -> bool {
        self.discardable.get(&node) == Some(&1)
    }
}
