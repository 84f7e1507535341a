//! The callables `sccp` follows calls into, as MLIR's `DeadCodeAnalysis` finds them: the
//! `func.func` ops with a body that the call graph of the top symbol table knows, and whether
//! callers outside the analysis may reach each. That is so for a callable directly in a symbol
//! table when it is public, or nested while its table's symbols may be used from outside, or
//! when something other than a call refers to it (such a reference is looked up from the top
//! table, as MLIR does); every callable may be called from outside when a symbol table holds an
//! unregistered op with one region (a symbol table whose uses cannot be known).

use crate::bodies::{BodyId, Bodies};
use crate::call_graph::{body_at, is_call, symbol_refs_in, CallGraph, NodeId, Place};
use mica_ir::{Attr, Body, Context, Op, Traits};
use rustc_hash::FxHashMap;

/// One callable.
pub(crate) struct Callable {
    /// The body holding the callable op, and the op.
    pub(crate) op: (BodyId, Op),
    /// Whether callers the analysis does not see may call it.
    pub(crate) unknown_callers: bool,
}

/// The callables and the call graph resolving calls to them.
pub(crate) struct Callables {
    /// The callables.
    pub(crate) list: Vec<Callable>,
    /// The call graph (none when the top op is not a symbol table: calls then leave the
    /// analysis).
    graph: Option<CallGraph>,
    /// The callable of each call graph node.
    by_node: FxHashMap<NodeId, usize>,
}

impl Callables {
    /// The callables under `root`, the body of the top op; `table` says whether the top op is
    /// a symbol table, `all_visible` whether every use of its symbols is under it.
    pub(crate) fn find(ctx: &Context, root: &Body, bodies: &Bodies, table: bool, all_visible: bool) -> Self {
        let mut out = Callables { list: Vec::new(), graph: None, by_node: FxHashMap::default() };
        if !table {
            return out;
        }
        let cg = CallGraph::build(ctx, root, all_visible);
        for node in cg.callables() {
            let Some(place) = cg.place(node) else { continue };
            let Some(table) = bodies.by_path(&place.path) else { continue };
            out.by_node.insert(node, out.list.len());
            out.list.push(Callable { op: (table, place.op), unknown_callers: false });
        }
        for (path, visible) in &cg.tables_post_order {
            let Some(tbody) = body_at(root, path) else { continue };
            let front = tbody.roots.first().and_then(|r| tbody.region_blocks(*r).first());
            for op in front.into_iter().flat_map(|b| tbody.block_ops(*b)) {
                let Some(&c) = cg.node_of(&Place { path: path.clone(), op }).and_then(|n| out.by_node.get(&n)) else { continue };
                if !ctx.registry().traits(tbody.op(op).name).contains(Traits::SYMBOL) {
                    continue;
                }
                let visibility = ctx.op_attr(tbody, op, "sym_visibility").and_then(|a| ctx.as_str(a));
                if visibility.is_none() || (!visible && visibility == Some("nested")) {
                    out.list[c].unknown_callers = true;
                }
            }
            let mut refs = Vec::new();
            if !non_call_refs(ctx, tbody, &tbody.roots, &mut refs) {
                out.list.iter_mut().for_each(|c| c.unknown_callers = true);
                continue;
            }
            for r in refs {
                if let Some(&c) = cg.resolve(ctx, root, &[], r).and_then(|n| out.by_node.get(&n)) {
                    out.list[c].unknown_callers = true;
                }
            }
        }
        out.graph = Some(cg);
        out
    }

    /// The callable a call op `call` of body `b` calls, if the analysis sees its body.
    pub(crate) fn resolve(&self, ctx: &Context, root: &Body, bodies: &Bodies, b: BodyId, call: Op) -> Option<usize> {
        let cg = self.graph.as_ref()?;
        // The nearest symbol table holding the call: the last table op on the body's path.
        let path = bodies.path(b);
        let table_len = (0..path.len())
            .rev()
            .find(|&k| {
                let holder = bodies.by_path(&path[..k]).map(|h| bodies.get(root, h));
                holder.is_some_and(|h| ctx.registry().traits(h.op(path[k]).name).contains(Traits::SYMBOL_TABLE))
            })
            .map_or(0, |k| k + 1);
        let body = bodies.get(root, b);
        let node = cg.resolve_call(ctx, root, &path[..table_len], body, call)?;
        self.by_node.get(&node).copied()
    }
}

/// Whether `op` is a call op.
pub(crate) fn is_call_op(ctx: &Context, body: &Body, op: Op) -> bool {
    is_call(ctx, body.op(op).name)
}

/// Collects the symbol references held by the ops of `regions` (nested ops included, nested
/// symbol tables entered only for their own attributes) other than calls; `false` when one
/// of the ops is an unregistered op with one region (MLIR's potentially unknown symbol table).
fn non_call_refs(ctx: &Context, body: &Body, regions: &[mica_ir::Region], out: &mut Vec<Attr>) -> bool {
    for &r in regions {
        for &b in body.region_blocks(r) {
            for op in body.block_ops(b) {
                let d = body.op(op);
                let def = ctx.registry().get(d.name);
                if def.is_none() && body.num_regions(op) == 1 {
                    return false;
                }
                if !is_call(ctx, d.name) {
                    for a in d.properties().into_iter().chain([d.attrs]) {
                        symbol_refs_in(ctx, a, &mut |s| out.push(s));
                    }
                }
                if def.is_some_and(|d| d.traits.contains(Traits::SYMBOL_TABLE)) {
                    continue;
                }
                let (inner, regions) = body.op_regions(op);
                if !non_call_refs(ctx, inner, regions, out) {
                    return false;
                }
            }
        }
    }
    true
}
