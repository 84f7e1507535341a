//! Carrying out the removals `remove-dead-values` listed, in MLIR's order: block arguments,
//! then the operands branches forward to them; function signatures (arguments, results and
//! their attributes); operands (a call stops passing the arguments its callee lost, a return
//! stops returning the results no call uses, region-branch operands become `ub.poison`
//! values); the results of calls; then ops (a terminator leaves a `ub.unreachable`). The
//! `ub.poison` ops made on the way that end up unused are erased.
//!
//! Where MLIR 22 drops the uses of a removed value and leaves a null operand behind (a public
//! function receiving a value computed only for an argument it ignores), the use reads a
//! `ub.poison` instead, as later MLIR does.

use super::collect::CleanupList;
use crate::bodies::{BodyId, Bodies};
use mica_ir::rewrite::{NoListener, Rewriter};
use mica_ir::{Attr, AttrKind, Body, Context, Op, OperationState, Traits, Type, Value, ValueDef};
use rustc_hash::FxHashMap;

/// The `ub.poison` ops made so far.
struct Poisons {
    made: Vec<(BodyId, Op)>,
}

/// The state of a `ub.poison` op of type `ty`.
fn poison_state(ctx: &Context, ty: Type, loc: Attr) -> Option<OperationState> {
    let value = ctx.attr(AttrKind::Dialect { dialect: ctx.ident("ub"), mnemonic: ctx.ident("poison"), params: Box::new([]) });
    ctx.registry().materializer("ub")?(ctx, value, ty, loc)
}

/// The location of value `v` (its defining op's, or the block argument's).
fn value_loc(ctx: &Context, body: &Body, v: Value) -> Attr {
    match body.value(v).def {
        ValueDef::Result(op, _) => body.op(op).loc,
        ValueDef::Arg(..) => body.value(v).loc.unwrap_or_else(|| ctx.unknown_loc()),
    }
}

impl Poisons {
    /// A new `ub.poison` of `v`'s type and location, right before `before`.
    fn before(&mut self, ctx: &Context, body: &mut Body, b: BodyId, v: Value, before: Op) -> Option<Value> {
        let state = poison_state(ctx, body.value_type(v), value_loc(ctx, body, v))?;
        let p = body.create_op(state);
        body.insert_op_before(before, p);
        self.made.push((b, p));
        Some(body.results(p)[0])
    }

    /// Makes the remaining uses of `v` read a new `ub.poison` made where `v` is defined (they
    /// are in code being removed too, or would be null operands in MLIR 22).
    fn drop_uses(&mut self, ctx: &Context, body: &mut Body, b: BodyId, v: Value) {
        if !body.has_uses(v) {
            return;
        }
        let Some(state) = poison_state(ctx, body.value_type(v), value_loc(ctx, body, v)) else { return };
        let p = body.create_op(state);
        match body.value(v).def {
            ValueDef::Result(op, _) => body.insert_op_before(op, p),
            ValueDef::Arg(block, _) => {
                let first = body.block_ops(block).next();
                match first {
                    Some(first) => body.insert_op_before(first, p),
                    None => body.append_op(block, p),
                }
            }
        }
        self.made.push((b, p));
        let r = body.results(p)[0];
        body.replace_all_uses(v, r);
    }
}

/// Removes operand `index` of `op`, keeping its segment sizes right.
fn erase_operand(ctx: &Context, body: &mut Body, op: Op, index: usize) {
    match ctx.registry().get(body.op(op).name).and_then(|d| d.erase_operand) {
        Some(f) => f(ctx, body, op, index),
        None => body.erase_operand(op, index),
    }
}

/// Sets (or removes, with `None`) property `name` of `op`.
fn set_property(ctx: &Context, body: &mut Body, op: Op, name: &str, value: Option<Attr>) {
    let id = ctx.ident(name);
    let mut entries: Vec<_> = body.op(op).properties().map(|p| ctx.dict_entries(p).to_vec()).unwrap_or_default();
    entries.retain(|e| e.0 != id);
    if let Some(v) = value {
        entries.push((id, v));
    }
    body.op_mut(op).set_properties(Some(ctx.dict_attr(entries)));
}

/// The argument or result attribute dictionaries of a function (`arg_attrs`/`res_attrs`) with
/// the entries `gone` says removed; `None` when none is left that is not empty.
fn kept_attr_dicts(ctx: &Context, dicts: Option<Attr>, gone: &[bool]) -> Option<Option<Attr>> {
    let AttrKind::Array(items) = ctx.attr_kind(dicts?) else { return None };
    if items.is_empty() {
        return None;
    }
    let kept: Vec<Attr> = items.iter().zip(gone.iter().chain(std::iter::repeat(&false))).filter(|(_, g)| !**g).map(|(a, _)| *a).collect();
    let all_empty = kept.iter().all(|a| ctx.dict_entries(*a).is_empty());
    Some((!all_empty).then(|| ctx.array_attr(&kept)))
}

/// Applies `list` to the IR under `root`.
pub(super) fn cleanup(ctx: &Context, root: &mut Body, bodies: &Bodies, list: CleanupList) {
    let mut poisons = Poisons { made: Vec::new() };

    // 1. Block arguments (a block reached by several branches loses them once).
    for (b, block, dead) in &list.blocks {
        let body = bodies.get_mut(root, *b);
        if body.block_args(*block).len() != dead.len() {
            continue;
        }
        for i in (0..dead.len()).rev() {
            if dead[i] {
                let a = body.block_args(*block)[i];
                poisons.drop_uses(ctx, body, *b, a);
                body.erase_block_arg(*block, i);
            }
        }
    }

    // 2. The operands branches forwarded to them.
    for (b, op, succ, dead) in &list.successor_operands {
        let body = bodies.get_mut(root, *b);
        let Some(range) = ctx.registry().get(body.op(*op).name).and_then(|d| d.successor_operands).and_then(|f| f(ctx, body, *op, *succ)) else { continue };
        if range.len() != dead.len() {
            continue;
        }
        for i in (0..dead.len()).rev() {
            if dead[i] {
                erase_operand(ctx, body, *op, range.start + i);
            }
        }
    }

    // 3. Function signatures.
    let mut erased_args: FxHashMap<(BodyId, Op), Vec<bool>> = FxHashMap::default();
    for f in &list.functions {
        let Some(fb) = bodies.nested(f.body, f.op) else { continue };
        {
            let fbody = bodies.get_mut(root, fb);
            let Some(&entry) = fbody.roots.first().and_then(|r| fbody.region_blocks(*r).first()) else { continue };
            for i in (0..f.dead_args.len()).rev() {
                if f.dead_args[i] && i < fbody.block_args(entry).len() {
                    let a = fbody.block_args(entry)[i];
                    poisons.drop_uses(ctx, fbody, fb, a);
                    fbody.erase_block_arg(entry, i);
                }
            }
        }
        let body = bodies.get_mut(root, f.body);
        let Some((inputs, results)) = ctx.op_attr(body, f.op, "function_type").and_then(|a| ctx.as_type(a)).and_then(|t| ctx.function_signature(t)) else { continue };
        let keep = |types: &[Type], gone: &[bool]| -> Vec<Type> { types.iter().zip(gone.iter().chain(std::iter::repeat(&false))).filter(|(_, g)| !**g).map(|(t, _)| *t).collect() };
        let (inputs, results) = (keep(inputs, &f.dead_args), keep(results, &f.dead_results));
        set_property(ctx, body, f.op, "function_type", Some(ctx.type_attr(ctx.function_type(&inputs, &results))));
        if let Some(v) = kept_attr_dicts(ctx, ctx.op_attr(body, f.op, "arg_attrs"), &f.dead_args) {
            set_property(ctx, body, f.op, "arg_attrs", v);
        }
        if let Some(v) = kept_attr_dicts(ctx, ctx.op_attr(body, f.op, "res_attrs"), &f.dead_results) {
            set_property(ctx, body, f.op, "res_attrs", v);
        }
        if f.dead_args.iter().any(|d| *d) {
            erased_args.insert((f.body, f.op), f.dead_args.clone());
        }
    }

    // 4. Operands.
    for o in &list.operands {
        let body = bodies.get_mut(root, o.body);
        if body.is_erased(o.op) {
            continue;
        }
        if let Some(gone) = o.callee.and_then(|c| erased_args.get(&c)) {
            for i in (0..gone.len()).rev() {
                if gone[i] && i < body.num_operands(o.op) {
                    erase_operand(ctx, body, o.op, i);
                }
            }
            continue;
        }
        if !o.dead.iter().any(|d| *d) {
            continue;
        }
        if o.poison {
            for (i, _) in o.dead.iter().enumerate().filter(|(_, d)| **d) {
                let v = body.operand(o.op, i);
                if let Some(p) = poisons.before(ctx, body, o.body, v, o.op) {
                    body.set_operand(o.op, i, p);
                }
            }
        } else {
            for i in (0..o.dead.len()).rev() {
                if o.dead[i] && i < body.num_operands(o.op) {
                    erase_operand(ctx, body, o.op, i);
                }
            }
        }
    }

    // 5. Results of calls.
    for (b, op, dead) in &list.results {
        let body = bodies.get_mut(root, *b);
        if body.is_erased(*op) {
            continue;
        }
        let results = body.results(*op).to_vec();
        for (r, _) in results.iter().zip(dead).filter(|(_, d)| **d) {
            poisons.drop_uses(ctx, body, *b, *r);
        }
        Rewriter::new(body, &mut NoListener).erase_results(*op, dead);
    }

    // 6. Ops.
    for &(b, op) in &list.operations {
        let body = bodies.get_mut(root, b);
        if body.is_erased(op) || body.op_block(op).is_none() {
            continue;
        }
        if ctx.registry().traits(body.op(op).name).contains(Traits::TERMINATOR) {
            let st = OperationState::new(ctx.ident("ub.unreachable"), ctx.empty_dict(), body.op(op).loc);
            let u = body.create_op(st);
            body.insert_op_before(op, u);
        }
        for r in body.results(op).to_vec() {
            poisons.drop_uses(ctx, body, b, r);
        }
        Rewriter::new(body, &mut NoListener).erase_op(op);
    }

    // 7. The poison ops left unused.
    for &(b, p) in &poisons.made {
        let body = bodies.get_mut(root, b);
        if !body.is_erased(p) && !body.has_uses(body.results(p)[0]) {
            Rewriter::new(body, &mut NoListener).erase_op(p);
        }
    }
}
