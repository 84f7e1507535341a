//! The fold of `affine.for`, as far as MLIR 22's goes without rewriting bound maps: a loop
//! with results whose bounds are constant maps without operands and that runs no iteration
//! folds to its initial values. (MLIR also folds constant bound operands into the maps and
//! canonicalizes them; loops with bound operands are left alone here.)

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
