//! `symbol-dce`: erases private symbols that nothing live refers to, as MLIR's SymbolDCE.
//!
//! Liveness starts from every non-symbol op and every symbol that cannot be discarded (public
//! ones, and nested-visibility ones of a table visible from outside) directly in the symbol
//! table, and follows the symbol references
//! held in their attributes (nested ops included, nested symbol tables excluded — those are
//! analysed on their own when they are live). References resolve from the enclosing table, a
//! nested reference `@a::@b` marking every symbol on its path.

use crate::Pass;
use mica_ir::{Attr, AttrKind, Body, Context, Diagnostic, Ident, Op, Traits};
use rustc_hash::{FxHashMap, FxHashSet};

/// The pass.
pub struct SymbolDce;

/// An op, named by the address of its body and its id (bodies do not move during the pass).
type OpKey = (usize, Op);

fn key(body: &Body, op: Op) -> OpKey {
    (body as *const Body as usize, op)
}

impl Pass for SymbolDce {
    fn name(&self) -> &'static str {
        "symbol-dce"
    }

    fn display_name(&self) -> &'static str {
        "SymbolDCE"
    }

    fn run(&self, ctx: &Context, body: &mut Body, op: Op) -> Result<(), Diagnostic> {
        let traits = ctx.registry().traits(body.op(op).name);
        if !traits.contains(Traits::SYMBOL_TABLE) {
            let name = ctx.str(body.op(op).name);
            return Err(Diagnostic::on_op(body, op, format!("'{name}' op  was scheduled to run under SymbolDCE, but does not define a symbol table")));
        }
        let mut live: FxHashSet<OpKey> = FxHashSet::default();
        {
            let b: &Body = body;
            let Some(table) = b.nested(op) else { return Ok(()) };
            compute_liveness(ctx, table, true, &mut live)?;
        }
        if let Some(table) = body.nested_mut(op) {
            erase_dead(ctx, table, &live);
        }
        Ok(())
    }
}

fn is_symbol(ctx: &Context, body: &Body, op: Op) -> bool {
    ctx.registry().traits(body.op(op).name).contains(Traits::SYMBOL)
}

fn is_public(ctx: &Context, body: &Body, op: Op) -> bool {
    ctx.op_attr(body, op, "sym_visibility").is_none()
}

fn is_private(ctx: &Context, body: &Body, op: Op) -> bool {
    ctx.op_attr(body, op, "sym_visibility").and_then(|a| ctx.as_str(a)) == Some("private")
}

/// The ops directly in a symbol table body's root regions.
fn table_ops(body: &Body) -> Vec<Op> {
    body.roots.iter().flat_map(|r| body.region_blocks(*r).iter().flat_map(|b| body.block_ops(*b))).collect()
}

/// Liveness of the symbols of the table whose regions are `table`.
fn compute_liveness(ctx: &Context, table: &Body, hidden: bool, live: &mut FxHashSet<OpKey>) -> Result<(), Diagnostic> {
    let ops = table_ops(table);
    // The table's symbols by name (the first definition wins, as lookups find it).
    let mut symbols: FxHashMap<&str, Op> = FxHashMap::default();
    for &op in &ops {
        if is_symbol(ctx, table, op) {
            if let Some(name) = ctx.op_attr(table, op, "sym_name").and_then(|a| ctx.as_str(a)) {
                symbols.entry(name).or_insert(op);
            }
        }
    }
    let mut worklist: Vec<Op> = Vec::new();
    for op in ops {
        if !is_symbol(ctx, table, op) {
            worklist.push(op);
            continue;
        }
        // A non-public symbol can be discarded once unused (MLIR's `canDiscardOnUseEmpty`),
        // when private or when its table is hidden from outside.
        let discardable = (hidden || is_private(ctx, table, op)) && !is_public(ctx, table, op);
        if !discardable && live.insert(key(table, op)) {
            worklist.push(op);
        }
    }
    while let Some(op) = worklist.pop() {
        if ctx.registry().traits(table.op(op).name).contains(Traits::SYMBOL_TABLE) {
            // A nested table is hidden when its parent is, or when it is not a public symbol.
            let inner_hidden = hidden || !is_symbol(ctx, table, op) || is_private(ctx, table, op);
            if let Some(inner) = table.nested(op) {
                compute_liveness(ctx, inner, inner_hidden, live)?;
            }
        }
        let mut refs: Vec<Ident> = Vec::new();
        collect_uses(ctx, table, op, &mut refs)?;
        for root in refs {
            // A nested reference `@a::@b` keeps `@a` alive; `@b` cannot be private, so it is
            // never discardable in `@a`'s own analysis.
            if let Some(&found) = symbols.get(ctx.str(root)) {
                if live.insert(key(table, found)) {
                    worklist.push(found);
                }
            }
        }
    }
    Ok(())
}

/// The roots of the symbol references held by `op` and the ops nested in it, not entering
/// nested symbol tables. An unregistered op with regions might be a symbol table whose uses
/// cannot be known: that is an error, as in MLIR.
fn collect_uses(ctx: &Context, body: &Body, op: Op, out: &mut Vec<Ident>) -> Result<(), Diagnostic> {
    let d = body.op(op);
    let def = ctx.registry().get(d.name);
    if def.is_none() && body.num_regions(op) != 0 {
        return Err(Diagnostic::error(
            d.loc,
            "operation contains potentially unknown symbol table, meaning that we can't reliable compute symbol uses",
        ));
    }
    if let Some(p) = d.properties() {
        attr_refs(ctx, p, out);
    }
    attr_refs(ctx, d.attrs, out);
    if def.is_some_and(|d| d.traits.contains(Traits::SYMBOL_TABLE)) {
        return Ok(());
    }
    let (rb, regions) = body.op_regions(op);
    for &r in regions {
        for &b in rb.region_blocks(r) {
            for inner in rb.block_ops(b) {
                collect_uses(ctx, rb, inner, out)?;
            }
        }
    }
    Ok(())
}

fn attr_refs(ctx: &Context, a: Attr, out: &mut Vec<Ident>) {
    match ctx.attr_kind(a) {
        AttrKind::SymbolRef { root, .. } => out.push(*root),
        AttrKind::Array(items) => items.iter().for_each(|i| attr_refs(ctx, *i, out)),
        AttrKind::Dictionary(entries) => entries.iter().for_each(|(_, v)| attr_refs(ctx, *v, out)),
        AttrKind::Dialect { params, .. } => params.iter().for_each(|p| attr_refs(ctx, *p, out)),
        _ => {}
    }
}

fn erase_dead(ctx: &Context, table: &mut Body, live: &FxHashSet<OpKey>) {
    for op in table_ops(table) {
        let is_table = ctx.registry().traits(table.op(op).name).contains(Traits::SYMBOL_TABLE);
        if is_symbol(ctx, table, op) && !live.contains(&key(table, op)) {
            table.erase_op(op);
            continue;
        }
        if is_table && (live.contains(&key(table, op)) || !is_symbol(ctx, table, op)) {
            if let Some(inner) = table.nested_mut(op) {
                erase_dead(ctx, inner, live);
            }
        }
    }
}
