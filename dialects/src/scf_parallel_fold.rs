//! `ParallelOpSingleOrZeroIterationDimsFolder`, MLIR 22's canonicalization of `scf.parallel`
//! loops with dimensions of known trip count (constant bounds and step, the same value as both
//! bounds, or a step that is not positive): a loop with a dimension of no iteration is replaced
//! by its initial values; when every dimension runs once, the body is cloned before the loop
//! (induction variables become the lower bounds) and each reduction is applied once to the
//! initial value; otherwise the dimensions running once are dropped by cloning the body into a
//! loop of the others. (Merging nested loops is not done.)

use crate::clone_report::{clone_before, clone_region};
use crate::fold_util::{op_state, signed_trip_count, value_sint};
use crate::ods::{spec_of, OpView};
use mica_ir::clone::IrMap;
use mica_ir::{Body, Context, Op, Rewriter, Type, Value};

/// MLIR's `constantTripCount` (signed) of one dimension, when known.
fn trip_count(ctx: &Context, b: &Body, lb: Value, ub: Value, step: Value) -> Option<i128> {
    let known = |v| value_sint(ctx, b, v);
    signed_trip_count(lb == ub, known(lb), known(ub), known(step))
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
        // Every dimension runs once: the body, then each reduction once. What the reductions
        // need is read first, so that nothing is changed when one is malformed.
        let Some(reduce) = rw.body.block_last_op(block) else { return false };
        let mut reductions = Vec::with_capacity(inits.len());
        for (i, &r) in rw.body.local_regions(reduce).iter().enumerate() {
            let Some(&rblock) = rw.body.region_blocks(r).first() else { return false };
            let args = rw.body.block_args(rblock);
            let (Some(&init), Some(&a0), Some(&a1), Some(operand), Some(ret)) =
                (inits.get(i), args.first(), args.get(1), rw.body.operands(reduce).nth(i), rw.body.block_last_op(rblock))
            else {
                return false;
            };
            let Some(yielded) = rw.body.operands(ret).next() else { return false };
            reductions.push((rblock, init, a0, a1, operand, yielded));
        }
        for o in ops_but_last(rw.body, block) {
            clone_before(rw, o, op, &mut map);
        }
        let mut results = Vec::with_capacity(reductions.len());
        for (rblock, init, a0, a1, operand, yielded) in reductions {
            map.map_value(a0, init);
            map.map_value(a1, map.value_or_same(operand));
            for o in ops_but_last(rw.body, rblock) {
                clone_before(rw, o, op, &mut map);
            }
            results.push(map.value_or_same(yielded));
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
    clone_region(rw, old_region, region, 0, &mut map);
    let results = rw.body.results(new).to_vec();
    rw.replace_op(op, &results);
    true
}
