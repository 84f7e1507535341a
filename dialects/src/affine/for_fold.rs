//! The fold of `affine.for`, as far as MLIR 22's goes without rewriting bound maps: a loop
//! with results whose bounds are constant maps without operands and that runs no iteration
//! folds to its initial values. (MLIR also folds constant bound operands into the maps and
//! canonicalizes them; loops with bound operands are left alone here.) And its pattern that
//! folds loops with an empty body.

use super::control_flow::trip_count;
use crate::ods::{spec_of, OpView};
use mica_ir::registry::{FoldResult, Folded};
use mica_ir::{Attr, Body, Context, Op};

/// The fold.
pub(crate) fn fold_for(ctx: &Context, body: &mut Body, op: Op, _: &[Option<Attr>]) -> Option<FoldResult> {
    if body.results(op).is_empty() || trip_count(ctx, body, op) != Some(0) {
        return None;
    }
    let view = ctx.registry().get(body.op(op).name).and_then(spec_of).and_then(|s| OpView::new(ctx, s, body, op).ok())?;
    if !view.operand_group(0).is_empty() || !view.operand_group(1).is_empty() {
        return None;
    }
    let inits = view.operand_group(2);
    (inits.len() == body.results(op).len()).then(|| FoldResult::Results(inits.iter().map(|v| Folded::Value(*v)).collect()))
}

/// `AffineForEmptyLoopFolder`: a loop whose body only yields is replaced by what it yields,
/// followed back to the initial values (or by its initial values when it runs no iteration),
/// unless it yields its induction variable, or values from outside or iteration arguments out of
/// order when the trip count is unknown, or iteration arguments out of order when it runs
/// more than once.
pub(crate) fn empty_loop(ctx: &Context, rw: &mut mica_ir::Rewriter<'_>, op: Op) -> bool {
    let Some(replacements) = empty_loop_replacements(ctx, rw.body, op) else { return false };
    rw.replace_op(op, &replacements);
    true
}

/// What `AffineForEmptyLoopFolder` replaces the loop's results with, if it applies.
fn empty_loop_replacements(ctx: &Context, b: &Body, op: Op) -> Option<Vec<mica_ir::Value>> {
    let block = *b.local_regions(op).first().and_then(|r| b.region_blocks(*r).first())?;
    let mut ops = b.block_ops(block);
    let (Some(yield_op), None) = (ops.next(), ops.next()) else { return None };
    if b.results(op).is_empty() {
        return None;
    }
    let view = ctx.registry().get(b.op(op).name).and_then(spec_of).and_then(|s| OpView::new(ctx, s, b, op).ok())?;
    let inits = view.operand_group(2).to_vec();
    let trips = trip_count(ctx, b, op);
    if trips == Some(0) {
        return Some(inits);
    }
    let args = b.block_args(block).to_vec();
    let (&iv, iter_args) = args.split_first()?;
    let mut replacements = Vec::new();
    let (mut outside, mut out_of_order) = (false, false);
    for (i, v) in b.operands(yield_op).enumerate() {
        if v == iv {
            return None;
        }
        match iter_args.iter().position(|a| *a == v) {
            Some(pos) => {
                out_of_order |= pos != i;
                replacements.push(*inits.get(pos)?);
            }
            None => {
                outside = true;
                replacements.push(v);
            }
        }
    }
    if trips.is_none() && (outside || out_of_order) {
        return None;
    }
    if trips.is_some_and(|t| t >= 2) && out_of_order {
        return None;
    }
    Some(replacements)
}
