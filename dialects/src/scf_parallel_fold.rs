//! `ParallelOpSingleOrZeroIterationDimsFolder`, MLIR 22's canonicalization of `scf.parallel`
//! loops with dimensions of known trip count (constant bounds and step, the same value as both
//! bounds, or a step that is not positive): a loop with a dimension of no iteration is replaced
//! by its initial values; when every dimension runs once, the body is cloned before the loop
//! (induction variables become the lower bounds) and each reduction is applied once to the
//! initial value; otherwise the dimensions running once are dropped by cloning the body into a
//! loop of the others. (Merging nested loops is not done.)

use crate::fold_util::{const_int, op_state, sext, signed_trip_count, value_const};
use crate::ods::{spec_of, OpView};
use mica_ir::clone::{clone_op_within, clone_region_within, IrMap};
use mica_ir::{Body, Context, Op, Rewriter, Type, Value};

fn constant(ctx: &Context, b: &Body, v: Value) -> Option<i128> {
    let (x, w) = const_int(ctx, value_const(ctx, b, v))?;
    Some(sext(x, w))
}

/// MLIR's `constantTripCount` (signed) of one dimension, when known.
fn trip_count(ctx: &Context, b: &Body, lb: Value, ub: Value, step: Value) -> Option<i128> {
    signed_trip_count(lb == ub, constant(ctx, b, lb), constant(ctx, b, ub), constant(ctx, b, step))
}

/// The ops of `block` (nested ones after their op, in pre-order), as a clone reports them.
fn pre_order(b: &Body, op: Op, out: &mut Vec<Op>) {
    out.push(op);
    for &r in b.local_regions(op) {
        for &blk in b.region_blocks(r) {
            for o in b.block_ops(blk) {
                pre_order(b, o, out);
            }
        }
    }
}

/// Clones `op` right before `before`, reporting it and what it holds as inserted.
fn clone_before(rw: &mut Rewriter<'_>, op: Op, before: Op, map: &mut IrMap) -> Op {
    let c = clone_op_within(rw.body, op, map);
    rw.body.insert_op_before(before, c);
    let mut ops = Vec::new();
    pre_order(rw.body, c, &mut ops);
    for o in ops {
        rw.inserted(o);
    }
    c
}

/// The ops of `block` but its terminator.
fn ops_but_last(b: &Body, block: mica_ir::Block) -> Vec<Op> {
    let mut ops: Vec<Op> = b.block_ops(block).collect();
    ops.pop();
    ops
}

/// The pattern.
pub(crate) fn single_or_zero_iteration(ctx: &Context, rw: &mut Rewriter<'_>, op: Op) -> bool {
    let b = &*rw.body;
    let Some(view) = ctx.registry().get(b.op(op).name).and_then(spec_of).and_then(|s| OpView::new(ctx, s, b, op).ok()) else { return false };
    let (lbs, ubs, steps, inits) = (view.operand_group(0).to_vec(), view.operand_group(1).to_vec(), view.operand_group(2).to_vec(), view.operand_group(3).to_vec());
    let Some(block) = b.local_regions(op).first().and_then(|r| b.region_blocks(*r).first()).copied() else { return false };
    let ivs = b.block_args(block).to_vec();
    if ivs.len() != lbs.len() || ubs.len() != lbs.len() || steps.len() != lbs.len() {
        return false;
    }
    let loc = b.op(op).loc;
    let mut map = IrMap::new();
    let (mut new_lbs, mut new_ubs, mut new_steps) = (Vec::new(), Vec::new(), Vec::new());
    for d in 0..lbs.len() {
        match trip_count(ctx, rw.body, lbs[d], ubs[d], steps[d]) {
            Some(0) => {
                rw.replace_op(op, &inits);
                return true;
            }
            Some(1) => {
                map.map_value(ivs[d], lbs[d]);
                continue;
            }
            _ => {}
        }
        new_lbs.push(lbs[d]);
        new_ubs.push(ubs[d]);
        new_steps.push(steps[d]);
    }
    if new_lbs.len() == lbs.len() {
        return false;
    }
    if new_lbs.is_empty() {
        // Every dimension runs once: the body, then each reduction once.
        let Some(reduce) = rw.body.block_last_op(block) else { return false };
        for o in ops_but_last(rw.body, block) {
            clone_before(rw, o, op, &mut map);
        }
        let mut results = Vec::with_capacity(inits.len());
        let reductions = rw.body.local_regions(reduce).to_vec();
        for (i, r) in reductions.into_iter().enumerate() {
            let Some(&rblock) = rw.body.region_blocks(r).first() else { return false };
            let args = rw.body.block_args(rblock).to_vec();
            let (Some(&init), Some(&a0), Some(&a1)) = (inits.get(i), args.first(), args.get(1)) else { return false };
            let operand = rw.body.operand(reduce, i);
            map.map_value(a0, init);
            map.map_value(a1, map.value_or_same(operand));
            for o in ops_but_last(rw.body, rblock) {
                clone_before(rw, o, op, &mut map);
            }
            let Some(ret) = rw.body.block_last_op(rblock) else { return false };
            let v = rw.body.operand(ret, 0);
            results.push(map.value_or_same(v));
        }
        rw.replace_op(op, &results);
        return true;
    }
    // A loop of the other dimensions, with a clone of the body.
    let region = rw.body.new_region();
    let mut operands = new_lbs.clone();
    operands.extend(&new_ubs);
    operands.extend(&new_steps);
    operands.extend(&inits);
    let types: Vec<Type> = inits.iter().map(|v| rw.body.value_type(*v)).collect();
    let n = new_lbs.len() as i64;
    let segments = ctx.dense_int_array(32, [n, n, n, inits.len() as i64]);
    let mut st = op_state(ctx, "scf.parallel", &operands, &types, &[("operandSegmentSizes", segments)], loc);
    st.regions.push(region);
    let new = rw.create_before(st, op);
    let old_region = rw.body.local_regions(op)[0];
    let blocks = clone_region_within(rw.body, old_region, region, 0, &mut map);
    for blk in blocks {
        let mut ops = Vec::new();
        for o in rw.body.block_ops(blk).collect::<Vec<_>>() {
            post_order(rw.body, o, &mut ops);
        }
        for o in ops {
            rw.inserted(o);
        }
    }
    let results = rw.body.results(new).to_vec();
    rw.replace_op(op, &results);
    true
}

/// `op` after the ops nested in it.
fn post_order(b: &Body, op: Op, out: &mut Vec<Op>) {
    for &r in b.local_regions(op) {
        for &blk in b.region_blocks(r) {
            for o in b.block_ops(blk) {
                post_order(b, o, out);
            }
        }
    }
    out.push(op);
}
