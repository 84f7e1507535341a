//! The fold of `affine.apply`, as MLIR 22's: a map returning one of its dimensions or symbols
//! folds to that operand; with constant operands it folds to the index its map computes (poison
//! for a division by zero or a modulo by a non-positive value). The affine dialect
//! materializes constants as arith does.

use mica_affine::Evaluated;
use mica_ir::registry::FoldResult;
use mica_affine::ExprView;
use mica_ir::{Attr, AttrKind, Body, Context, Op};

/// `affine.apply`'s fold.
pub(crate) fn fold_apply(ctx: &Context, body: &mut Body, op: Op, consts: &[Option<Attr>]) -> Option<FoldResult> {
    let AttrKind::AffineMap(map) = ctx.attr_kind(ctx.op_attr(body, op, "map")?) else { return None };
    let expr = map.results.first()?;
    let dims = map.num_dims as usize;
    match expr.view() {
        ExprView::Dim(p) => return FoldResult::value(body.operand(op, p as usize)),
        ExprView::Symbol(p) => return FoldResult::value(body.operand(op, dims + p as usize)),
        _ => {}
    }
    let ints: Vec<Option<i64>> =
        consts.iter().map(|c| c.filter(|a| matches!(ctx.attr_kind(*a), AttrKind::Integer { .. })).and_then(|a| ctx.as_i64(a))).collect();
    let (d, s) = ints.split_at(dims.min(ints.len()));
    match expr.evaluate(d, s) {
        Evaluated::Value(v) => FoldResult::attr(ctx.int_attr_bits(ctx.index_type(), mica_ir::intbits::from_i64(v, 64))),
        Evaluated::Poison => FoldResult::attr(crate::ub::poison(ctx)),
        Evaluated::Unknown => None,
    }
}
