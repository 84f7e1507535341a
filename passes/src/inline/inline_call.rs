//! Inlining one call, as MLIR's `inlineCall` does: check that the call matches the callee
//! (argument and result counts and types) and that the dialects allow it (the call's, the
//! destination region owner's, every callee op's), then split the caller block after the call,
//! copy the callee's blocks in between, wrap the copies' locations in `callsite(... at <call>)`
//! (unless the call's location is unknown), and wire the results: a single inlined block gets
//! its `func.return` operands substituted for the call results and is merged back into one
//! block with what follows the call; several blocks get a `cf.br` to the block holding the rest
//! of the caller, whose arguments (located at the call) take the call results' place.

use mica_ir::clone::{clone_region_into, IrMap};
use mica_ir::{Attr, AttrKind, Block, Body, Context, Ident, Location, Op, OperationState, Region, Value};
use rustc_hash::FxHashMap;

/// The callee: the body holding the `func.func`, the op, and its own body.
pub(super) struct Callee<'a> {
    pub(super) table: &'a Body,
    pub(super) op: Op,
    pub(super) body: &'a Body,
}

fn dialect_of(ctx: &Context, name: Ident) -> &str {
    ctx.str(name).split_once('.').map_or("", |(d, _)| d)
}

/// Whether every op of `region` (of `src`), nested ones included, may be inlined into
/// `dest_region` of `dest` (MLIR's per-op `isLegalToInline`).
fn ops_legal(ctx: &Context, src: &Body, regions: &[Region], dest: &Body, dest_region: Region) -> bool {
    for &r in regions {
        for &b in src.region_blocks(r) {
            for op in src.block_ops(b) {
                let name = src.op(op).name;
                // Inlinable, although the builtin dialect has no inliner interface.
                if ctx.str(name) == "builtin.unrealized_conversion_cast" {
                    continue;
                }
                let Some(iface) = ctx.registry().inliner(dialect_of(ctx, name)) else { return false };
                if iface.legal_op.is_some_and(|f| !f(ctx, src, op, dest, dest_region)) {
                    return false;
                }
                let (rb, inner) = src.op_regions(op);
                if !ops_legal(ctx, rb, inner, dest, dest_region) {
                    return false;
                }
            }
        }
    }
    true
}

/// `callsite(loc at caller)`, with `loc`'s own call-site chain kept outermost (MLIR's
/// `stackLocations`).
fn stack_location(ctx: &Context, loc: Attr, caller: Attr) -> Attr {
    let mut chain = Vec::new();
    let mut last = loc;
    while let AttrKind::Location(Location::CallSite { callee, caller: c }) = ctx.attr_kind(last) {
        chain.push(*callee);
        last = *c;
    }
    let callsite = |callee: Attr, caller: Attr| ctx.attr(AttrKind::Location(Location::CallSite { callee, caller }));
    chain.into_iter().rev().fold(callsite(last, caller), |acc, callee| callsite(callee, acc))
}

/// Rewrites every location in `blocks` (ops, block arguments, nested regions and bodies).
fn remap_locations(ctx: &Context, body: &mut Body, blocks: &[Block], caller: Attr) {
    let mut memo: FxHashMap<Attr, Attr> = FxHashMap::default();
    let mut remap = |l: &mut Attr| *l = *memo.entry(*l).or_insert_with(|| stack_location(ctx, *l, caller));
    let mut stack: Vec<Block> = blocks.to_vec();
    while let Some(b) = stack.pop() {
        for a in body.block_args(b).to_vec() {
            let mut l = body.value(a).loc.unwrap_or(ctx.unknown_loc());
            remap(&mut l);
            body.set_value_loc(a, Some(l));
        }
        for op in body.block_ops(b).collect::<Vec<_>>() {
            remap(&mut body.op_mut(op).loc);
            if let Some(n) = body.nested_mut(op) {
                n.for_each_location_mut(&mut remap);
            }
            for r in body.local_regions(op).to_vec() {
                stack.extend(body.region_blocks(r).iter().copied());
            }
        }
    }
}

/// Moves every op of `from` to the end of `to`.
fn move_ops(body: &mut Body, from: Block, to: Block) {
    let ops: Vec<Op> = body.block_ops(from).collect();
    for op in ops {
        body.unlink_op(op);
        body.append_op(to, op);
    }
}

/// Inlines `callee` at `call`, an op of `caller` (`caller_op` names the op owning `caller`).
/// `new_blocks` sees the copied blocks before their terminators are rewritten (MLIR's
/// `processInlinedBlocks`). Returns whether the call was inlined; the call op stays, unused.
pub(super) fn inline_call(ctx: &Context, caller: &mut Body, call: Op, caller_op: Ident, callee: &Callee<'_>, new_blocks: &mut dyn FnMut(&Body, &[Block])) -> bool {
    let Some(&src) = callee.body.roots.first() else { return false };
    let Some(&entry) = callee.body.region_blocks(src).first() else { return false };
    let operands: Vec<Value> = caller.operands(call).collect();
    let results: Vec<Value> = caller.results(call).to_vec();
    let Some(fty) = ctx.op_attr(callee.table, callee.op, "function_type").and_then(|a| ctx.as_type(a)) else { return false };
    let Some((_, result_types)) = ctx.function_signature(fty) else { return false };
    let args = callee.body.block_args(entry);
    if operands.len() != args.len() || results.len() != result_types.len() {
        return false;
    }
    // The func dialect materializes no conversions: types must match.
    if operands.iter().zip(args).any(|(o, a)| caller.value_type(*o) != callee.body.value_type(*a))
        || results.iter().zip(result_types).any(|(r, t)| caller.value_type(*r) != *t)
    {
        return false;
    }
    let call_name = caller.op(call).name;
    let Some(call_iface) = ctx.registry().inliner(dialect_of(ctx, call_name)) else { return false };
    if call_iface.legal_call.is_some_and(|f| !f(ctx, caller, call, callee.table, callee.op)) {
        return false;
    }
    let Some(block) = caller.op_block(call) else { return false };
    let Some(region) = caller.block_region(block) else { return false };
    let owner = caller.region_parent(region).map_or(caller_op, |p| caller.op(p).name);
    let mut map = IrMap::new();
    for (a, o) in args.iter().zip(&operands) {
        map.map_value(*a, *o);
    }
    let dest_legal = ctx.registry().inliner(dialect_of(ctx, owner)).and_then(|i| i.legal_dest).is_some_and(|f| f(ctx, caller, region, callee.body, src, &|v| map.value(v)));
    if !dest_legal || !ops_legal(ctx, callee.body, &[src], caller, region) {
        return false;
    }
    let single = callee.body.region_blocks(src).len() == 1;
    let returns_at_end = |b: Block| callee.body.block_last_op(b).is_some_and(|t| ctx.str(callee.body.op(t).name) == "func.return");
    // One block: its terminator must be the return handing over the results.
    if single && !returns_at_end(entry) {
        return false;
    }

    // Split the caller's block after the call and copy the callee's blocks in between.
    let index = caller.region_blocks(region).iter().position(|b| *b == block).unwrap_or(0);
    let post = caller.new_block_at(region, index + 1);
    while let Some(next) = caller.next_op(call) {
        caller.unlink_op(next);
        caller.append_op(post, next);
    }
    let copied = clone_region_into(callee.body, src, caller, region, index + 1, &mut map);
    let call_loc = caller.op(call).loc;
    if call_loc != ctx.unknown_loc() {
        remap_locations(ctx, caller, &copied, call_loc);
    }
    new_blocks(caller, &copied);

    let first = copied[0];
    if single {
        if let Some(ret) = caller.block_last_op(first) {
            let returned: Vec<Value> = caller.operands(ret).collect();
            for (r, v) in results.iter().zip(returned) {
                caller.replace_all_uses(*r, v);
            }
            caller.erase_op(ret);
        }
        move_ops(caller, post, first);
        caller.detach_block(post);
    } else {
        for (r, ty) in results.iter().zip(result_types) {
            let arg = caller.add_block_arg(post, *ty, Some(call_loc));
            caller.replace_all_uses(*r, arg);
        }
        let br = ctx.ident("cf.br");
        for &b in &copied {
            let Some(term) = caller.block_last_op(b) else { continue };
            if ctx.str(caller.op(term).name) != "func.return" {
                continue;
            }
            let mut state = OperationState::new(br, ctx.empty_dict(), caller.op(term).loc);
            state.operands.extend(caller.operands(term));
            state.successors.push(post);
            let new = caller.create_op(state);
            caller.insert_op_before(term, new);
            caller.erase_op(term);
        }
    }
    move_ops(caller, first, block);
    caller.detach_block(first);
    true
}
