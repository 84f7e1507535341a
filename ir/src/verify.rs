//! The verifier: structural rules every operation obeys (terminators, symbol tables, SSA
//! dominance inside blocks) and each registered op's own verifier.
//!
//! It walks every body, including the nested bodies of isolated operations, and stops at the
//! first error, like mlir-opt.

use crate::body::{Block, Body, Op, ValueDef};
use crate::registry::Traits;
use crate::{AttrKind, Context, Diagnostic};
use rustc_hash::FxHashMap;

/// The symbols defined directly in a symbol-table operation's region: name -> defining op.
pub struct SymbolTable<'a> {
    /// The symbols, by name.
    pub symbols: FxHashMap<&'a str, (&'a Body, Op)>,
}

impl<'a> SymbolTable<'a> {
    /// The op defining `name`, with the body it lives in.
    pub fn lookup(&self, name: &str) -> Option<(&'a Body, Op)> {
        self.symbols.get(name).copied()
    }
}

/// Verifies `top` (an operation of `body`) and everything nested in it, then the symbol uses
/// of every op against its nearest enclosing symbol table.
pub fn verify(ctx: &Context, body: &Body, top: Op) -> Result<(), Diagnostic> {
    verify_op(ctx, body, top, None)?;
    verify_symbol_uses(ctx, body, top, None)
}

fn symbol_name<'a>(ctx: &'a Context, body: &Body, op: Op) -> Option<&'a str> {
    let d = body.op(op);
    let a = d.properties.and_then(|p| ctx.dict_get(p, "sym_name")).or_else(|| ctx.dict_get(d.attrs, "sym_name"))?;
    ctx.as_str(a)
}

fn verify_symbol_uses<'a>(ctx: &'a Context, body: &'a Body, op: Op, table: Option<&SymbolTable<'a>>) -> Result<(), Diagnostic> {
    let def = ctx.registry().get(body.op(op).name);
    if let (Some(t), Some(f)) = (table, def.and_then(|d| d.verify_symbol_uses)) {
        f(ctx, body, op, t)?;
    }
    let (rb, regions) = body.op_regions(op);
    let own;
    let table = if def.is_some_and(|d| d.traits.contains(Traits::SYMBOL_TABLE)) {
        let mut symbols = FxHashMap::default();
        for &r in regions {
            for &b in rb.region_blocks(r) {
                for inner in rb.block_ops(b) {
                    if let Some(n) = symbol_name(ctx, rb, inner) {
                        symbols.entry(n).or_insert((rb, inner));
                    }
                }
            }
        }
        own = SymbolTable { symbols };
        Some(&own)
    } else {
        table
    };
    for &r in regions {
        for &b in rb.region_blocks(r) {
            for inner in rb.block_ops(b) {
                verify_symbol_uses(ctx, rb, inner, table)?;
            }
        }
    }
    Ok(())
}

fn verify_op(ctx: &Context, body: &Body, op: Op, parent: Option<(&Body, Op)>) -> Result<(), Diagnostic> {
    let data = body.op(op);
    let def = ctx.registry().get(data.name);
    let traits = def.map_or(Traits::NONE, |d| d.traits);
    let (rb, regions) = body.op_regions(op);
    if let Some(d) = def {
        if d.traits.contains(Traits::SINGLE_BLOCK) {
            for r in regions {
                if rb.region_blocks(*r).len() > 1 {
                    return Err(Diagnostic::error(data.loc, format!("'{}' op expects region #0 to have 0 or 1 blocks", d.name)));
                }
            }
        }
    }
    for &r in regions {
        let blocks = rb.region_blocks(r);
        let needs_terminator = def.is_some()
            && !traits.contains(Traits::NO_TERMINATOR)
            && !traits.contains(Traits::GRAPH_REGION);
        let mut symbols: FxHashMap<&str, Op> = FxHashMap::default();
        for &b in blocks {
            if needs_terminator {
                match rb.block_last_op(b) {
                    None => {
                        return Err(Diagnostic::error(rb_loc(body, op), "empty block: expect at least a terminator"));
                    }
                    Some(last) => {
                        let lname = rb.op(last).name;
                        if let Some(ld) = ctx.registry().get(lname) {
                            if !ld.traits.contains(Traits::TERMINATOR) {
                                return Err(Diagnostic::error(
                                    rb.op(last).loc,
                                    format!("block with no terminator, has \"{}\"", ld.name),
                                ));
                            }
                        }
                    }
                }
            }
            let ssa = !traits.contains(Traits::GRAPH_REGION);
            for inner in rb.block_ops(b) {
                let idata = rb.op(inner);
                if let Some(idef) = ctx.registry().get(idata.name) {
                    if idef.traits.contains(Traits::TERMINATOR) && rb.next_op(inner).is_some() {
                        return Err(Diagnostic::error(
                            idata.loc,
                            format!("'{}' op must be the last operation in the parent block", idef.name),
                        ));
                    }
                }
                if ssa {
                    check_operands_dominate(ctx, rb, inner, b)?;
                }
                if traits.contains(Traits::SYMBOL_TABLE) {
                    let sym = idata
                        .properties
                        .and_then(|p| ctx.dict_get(p, "sym_name"))
                        .or_else(|| ctx.dict_get(idata.attrs, "sym_name"));
                    if let Some(name) = sym.and_then(|a| ctx.as_str(a)) {
                        if let Some(prev) = symbols.insert(name, inner) {
                            return Err(Diagnostic::error(idata.loc, format!("redefinition of symbol named '{name}'"))
                                .with_note(rb.op(prev).loc, "see existing symbol definition here"));
                        }
                    }
                }
                verify_op(ctx, rb, inner, Some((body, op)))?;
            }
        }
    }
    if let Some(vf) = def.and_then(|d| d.verify) {
        vf(ctx, body, op, parent)?;
    }
    let _ = AttrKind::Unit;
    Ok(())
}

fn rb_loc(body: &Body, op: Op) -> crate::Attr {
    body.op(op).loc
}

/// Operands defined in the same block must be defined before their use.
fn check_operands_dominate(_ctx: &Context, body: &Body, op: Op, block: Block) -> Result<(), Diagnostic> {
    for (i, v) in body.operands(op).enumerate() {
        if let ValueDef::Result(def, _) = body.value(v).def {
            if body.op_block(def) == Some(block) && !is_before(body, def, op) {
                return Err(Diagnostic::error(body.op(op).loc, format!("operand #{i} does not dominate this use"))
                    .with_note(body.op(def).loc, "operand defined here (op in the same block)"));
            }
        }
    }
    Ok(())
}

fn is_before(body: &Body, a: Op, b: Op) -> bool {
    let mut cur = body.prev_op(b);
    while let Some(c) = cur {
        if c == a {
            return true;
        }
        cur = body.prev_op(c);
    }
    false
}
