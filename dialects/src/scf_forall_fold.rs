//! The canonicalization patterns of `scf.forall`, as MLIR 22 has them (those rooted at the
//! op; folding a `tensor.cast` of an output is not done):
//!
//! - `ForallOpControlOperandsFolder`: constant dynamic bounds become static ones (lower
//!   bounds first; upper bounds and steps when the lower bounds had none, as MLIR's
//!   short-circuit goes, the op coming back for the rest);
//! - `ForallOpIterArgsFolder`: shared outputs whose result is unused or that no
//!   `tensor.parallel_insert_slice` updates are dropped (their results and arguments become the
//!   output values);
//! - `ForallOpSingleOrZeroIterationDimsFolder` (unmapped loops): a loop with a dimension of no
//!   iteration is replaced by its outputs; one without results whose every dimension runs once
//!   is inlined (the induction variables becoming the lower bounds); other single-iteration
//!   dimensions are dropped by cloning the body into a loop of the remaining ones;
//! - `ForallOpReplaceConstantInductionVar`: the induction variable of a dimension running once
//!   is replaced by the lower bound.
//!
//! Trip counts are known when the bounds and step are constants (or the bounds the same value,
//! or the step not positive).

use crate::clone_report::clone_region;
use crate::fold_util::{op_state, signed_trip_count, value_sint};
use crate::ods::{spec_of, OpView};
use mica_ir::clone::IrMap;
use mica_ir::{Attr, AttrKind, Body, Context, Op, Rewriter, Type, Value, DYNAMIC};

/// One bound or step: an SSA value or a static integer.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
enum Mixed {
    Dynamic(Value),
    Static(i64),
}

/// The loop's control lists (lower bounds, upper bounds, steps), its outputs and whether it
/// has a mapping.
struct Forall {
    lists: [Vec<Mixed>; 3],
    outputs: Vec<Value>,
    mapped: bool,
}

const STATIC_NAMES: [&str; 3] = ["staticLowerBound", "staticUpperBound", "staticStep"];

fn decode(ctx: &Context, b: &Body, op: Op) -> Option<Forall> {
    let view = ctx.registry().get(b.op(op).name).and_then(spec_of).and_then(|s| OpView::new(ctx, s, b, op).ok())?;
    let mut lists: [Vec<Mixed>; 3] = Default::default();
    for (k, name) in STATIC_NAMES.iter().enumerate() {
        let statics = view.attr_dense_i64(name)?;
        let mut dynamic = view.operand_group(k).iter();
        for s in statics {
            lists[k].push(if s == DYNAMIC { Mixed::Dynamic(*dynamic.next()?) } else { Mixed::Static(s) });
        }
    }
    let mapped = ctx.op_attr(b, op, "mapping").is_some_and(|m| !matches!(ctx.attr_kind(m), AttrKind::Array(items) if items.is_empty()));
    Some(Forall { lists, outputs: view.operand_group(3).to_vec(), mapped })
}

/// The constant integer a bound stands for.
fn constant(ctx: &Context, b: &Body, m: Mixed) -> Option<i64> {
    match m {
        Mixed::Static(s) => Some(s),
        Mixed::Dynamic(v) => i64::try_from(value_sint(ctx, b, v)?).ok(),
    }
}

/// MLIR's `constantTripCount` (signed), when the bounds and step tell.
fn trip_count(ctx: &Context, b: &Body, lb: Mixed, ub: Mixed, step: Mixed) -> Option<i128> {
    let known = |m: Mixed| constant(ctx, b, m).map(i128::from);
    signed_trip_count(lb == ub, known(lb), known(ub), known(step))
}

/// A value for `m`: the value, or a new `arith.constant` index right before `before`.
fn value_of(ctx: &Context, rw: &mut Rewriter<'_>, m: Mixed, loc: Attr, before: Op) -> Value {
    match m {
        Mixed::Dynamic(v) => v,
        Mixed::Static(s) => {
            let index = ctx.index_type();
            let st = op_state(ctx, "arith.constant", &[], &[index], &[("value", ctx.int_attr(index, s))], loc);
            let c = rw.create_before(st, before);
            rw.body.results(c)[0]
        }
    }
}

/// Sets (or removes) property `name` of `op`.
fn set_property(ctx: &Context, b: &mut Body, op: Op, name: &str, value: Option<Attr>) {
    let id = ctx.ident(name);
    let mut entries: Vec<_> = b.op(op).properties().map(|p| ctx.dict_entries(p).to_vec()).unwrap_or_default();
    match (entries.iter_mut().find(|e| e.0 == id), value) {
        (Some(e), Some(v)) => e.1 = v,
        (None, Some(v)) => entries.push((id, v)),
        (_, None) => entries.retain(|e| e.0 != id),
    }
    b.op_mut(op).set_properties(Some(ctx.dict_attr(entries)));
}

/// Makes `op` read `lists` and `outputs` (dynamic values as operands, the rest static).
fn set_control(ctx: &Context, b: &mut Body, op: Op, lists: &[Vec<Mixed>; 3], outputs: &[Value]) {
    let mut operands = Vec::new();
    let mut sizes = Vec::new();
    for (k, list) in lists.iter().enumerate() {
        let dynamic: Vec<Value> = list.iter().filter_map(|m| if let Mixed::Dynamic(v) = m { Some(*v) } else { None }).collect();
        let statics: Vec<i64> = list.iter().map(|m| if let Mixed::Static(s) = m { *s } else { DYNAMIC }).collect();
        sizes.push(dynamic.len() as i64);
        operands.extend(dynamic);
        set_property(ctx, b, op, STATIC_NAMES[k], Some(ctx.dense_int_array(64, statics)));
    }
    sizes.push(outputs.len() as i64);
    operands.extend(outputs);
    b.set_operands(op, &operands);
    set_property(ctx, b, op, "operandSegmentSizes", Some(ctx.dense_int_array(32, sizes)));
}

/// `ForallOpControlOperandsFolder`.
pub(crate) fn control_operands(ctx: &Context, rw: &mut Rewriter<'_>, op: Op) -> bool {
    let Some(mut f) = decode(ctx, rw.body, op) else { return false };
    let mut folded = false;
    for list in f.lists.iter_mut() {
        for m in list.iter_mut() {
            if let Mixed::Dynamic(v) = *m {
                if let Some(c) = constant(ctx, rw.body, Mixed::Dynamic(v)) {
                    *m = Mixed::Static(c);
                    folded = true;
                }
            }
        }
        if folded {
            break;
        }
    }
    if !folded {
        return false;
    }
    set_control(ctx, rw.body, op, &f.lists, &f.outputs);
    rw.modified(op);
    true
}

/// The body block of the loop.
fn body_block(b: &Body, op: Op) -> Option<mica_ir::Block> {
    b.local_regions(op).first().and_then(|r| b.region_blocks(*r).first()).copied()
}

/// The `tensor.parallel_insert_slice` ops updating block argument `arg`.
fn combining_ops(ctx: &Context, b: &Body, arg: Value) -> Vec<Op> {
    b.uses(arg).map(|u| u.op).filter(|o| ctx.str(b.op(*o).name) == "tensor.parallel_insert_slice").collect()
}

/// A new `scf.forall` right before `before` with `lists`, `outputs` and `mapping`, whose body
/// block has the index and output arguments (located at `loc`) and no op.
fn new_forall(ctx: &Context, rw: &mut Rewriter<'_>, lists: &[Vec<Mixed>; 3], outputs: &[Value], mapping: Option<Attr>, loc: Attr, before: Op) -> Op {
    let region = rw.body.new_region();
    let block = rw.body.append_block(region);
    let index = ctx.index_type();
    for _ in 0..lists[0].len() {
        rw.body.add_block_arg(block, index, Some(loc));
    }
    let types: Vec<Type> = outputs.iter().map(|v| rw.body.value_type(*v)).collect();
    for t in &types {
        rw.body.add_block_arg(block, *t, Some(loc));
    }
    let props: Vec<(&str, Attr)> = mapping.map(|m| vec![("mapping", m)]).unwrap_or_default();
    let mut st = op_state(ctx, "scf.forall", &[], &types, &props, loc);
    st.regions.push(region);
    let new = rw.create_before(st, before);
    set_control(ctx, rw.body, new, lists, outputs);
    new
}

/// `ForallOpIterArgsFolder`.
pub(crate) fn iter_args(ctx: &Context, rw: &mut Rewriter<'_>, op: Op) -> bool {
    let Some(f) = decode(ctx, rw.body, op) else { return false };
    let Some(block) = body_block(rw.body, op) else { return false };
    let rank = f.lists[0].len();
    let results = rw.body.results(op).to_vec();
    let args = rw.body.block_args(block).to_vec();
    if args.len() != rank + results.len() || f.outputs.len() != results.len() {
        return false;
    }
    let delete: Vec<bool> = (0..results.len()).map(|i| !rw.body.has_uses(results[i]) || combining_ops(ctx, rw.body, args[rank + i]).is_empty()).collect();
    if !delete.iter().any(|d| *d) {
        return false;
    }
    for i in (0..results.len()).filter(|i| delete[*i]) {
        for c in combining_ops(ctx, rw.body, args[rank + i]) {
            rw.erase_op(c);
        }
    }
    let outs: Vec<Value> = (0..results.len()).filter(|i| !delete[*i]).map(|i| f.outputs[i]).collect();
    let loc = rw.body.op(op).loc;
    let mapping = ctx.op_attr(rw.body, op, "mapping");
    let attrs = rw.body.op(op).attrs;
    let new = new_forall(ctx, rw, &f.lists, &outs, mapping, loc, op);
    rw.body.op_mut(new).attrs = attrs;
    let new_block = body_block(rw.body, new).expect("the new loop has a body");
    let new_args = rw.body.block_args(new_block).to_vec();
    let mut map: Vec<Value> = new_args[..rank].to_vec();
    let mut k = rank;
    for i in 0..results.len() {
        if delete[i] {
            map.push(f.outputs[i]);
        } else {
            map.push(new_args[k]);
            k += 1;
        }
    }
    rw.merge_blocks(block, new_block, &map);
    let new_results = rw.body.results(new).to_vec();
    let mut next = new_results.into_iter();
    for i in 0..results.len() {
        if !delete[i] {
            if let Some(n) = next.next() {
                rw.replace_all_uses(results[i], n);
            }
        }
    }
    for i in (0..results.len()).filter(|i| delete[*i]) {
        rw.replace_all_uses(results[i], f.outputs[i]);
    }
    true
}

/// `ForallOpSingleOrZeroIterationDimsFolder`.
pub(crate) fn single_or_zero_iteration(ctx: &Context, rw: &mut Rewriter<'_>, op: Op) -> bool {
    let Some(f) = decode(ctx, rw.body, op) else { return false };
    if f.mapped {
        return false;
    }
    let Some(block) = body_block(rw.body, op) else { return false };
    let loc = rw.body.op(op).loc;
    let rank = f.lists[0].len();
    let ivs: Vec<Value> = rw.body.block_args(block).iter().take(rank).copied().collect();
    let mut kept: [Vec<Mixed>; 3] = Default::default();
    let mut map = IrMap::new();
    for d in 0..rank {
        let (lb, ub, step) = (f.lists[0][d], f.lists[1][d], f.lists[2][d]);
        match trip_count(ctx, rw.body, lb, ub, step) {
            Some(0) => {
                rw.replace_op(op, &f.outputs);
                return true;
            }
            Some(1) => {
                let v = value_of(ctx, rw, lb, loc, op);
                map.map_value(ivs[d], v);
                continue;
            }
            _ => {}
        }
        kept[0].push(lb);
        kept[1].push(ub);
        kept[2].push(step);
    }
    if kept[0].is_empty() {
        // Promoting a loop with results makes `tensor.insert_slice`s of its
        // `tensor.parallel_insert_slice`s, which is not done here.
        if !rw.body.results(op).is_empty() {
            return false;
        }
        promote(ctx, rw, op, &f, block, loc);
        return true;
    }
    if kept[0].len() == rank {
        return false;
    }
    let new = new_forall(ctx, rw, &kept, &f.outputs, None, loc, op);
    // The body comes from a clone of the old one, without the mapped induction variables.
    let new_region = rw.body.local_regions(new)[0];
    let stale = rw.body.region_blocks(new_region)[0];
    rw.body.erase_block(stale);
    // Every attribute but the control ones is copied over, each a modification.
    let attrs = rw.body.op(op).attrs;
    rw.body.op_mut(new).attrs = attrs;
    let mapping = ctx.op_attr(rw.body, op, "mapping");
    if let Some(m) = mapping {
        set_property(ctx, rw.body, new, "mapping", Some(m));
    }
    if mapping.is_some() || !ctx.dict_entries(attrs).is_empty() {
        rw.modified(new);
    }
    let old_region = rw.body.local_regions(op)[0];
    clone_region(rw, old_region, new_region, 0, &mut map);
    let results = rw.body.results(new).to_vec();
    rw.replace_op(op, &results);
    true
}

/// MLIR's `scf::promote`: inlines the body before the loop (induction variables become the
/// lower bounds, output arguments the outputs) and erases the loop.
fn promote(ctx: &Context, rw: &mut Rewriter<'_>, op: Op, f: &Forall, block: mica_ir::Block, loc: Attr) {
    let mut args: Vec<Value> = f.lists[0].iter().map(|m| value_of(ctx, rw, *m, loc, op)).collect();
    args.extend(&f.outputs);
    let terminator = rw.body.block_last_op(block);
    rw.inline_block_before(block, op, &args);
    if let Some(t) = terminator {
        rw.erase_op(t);
    }
    rw.erase_op(op);
}

/// `ForallOpReplaceConstantInductionVar`.
pub(crate) fn constant_induction_var(ctx: &Context, rw: &mut Rewriter<'_>, op: Op) -> bool {
    let Some(f) = decode(ctx, rw.body, op) else { return false };
    let Some(block) = body_block(rw.body, op) else { return false };
    let loc = rw.body.op(op).loc;
    let rank = f.lists[0].len();
    let ivs: Vec<Value> = rw.body.block_args(block).iter().take(rank).copied().collect();
    let mut changed = false;
    for d in 0..rank {
        if !rw.body.has_uses(ivs[d]) {
            continue;
        }
        if trip_count(ctx, rw.body, f.lists[0][d], f.lists[1][d], f.lists[2][d]) != Some(1) {
            continue;
        }
        let v = value_of(ctx, rw, f.lists[0][d], loc, op);
        rw.replace_all_uses(ivs[d], v);
        changed = true;
    }
    changed
}
