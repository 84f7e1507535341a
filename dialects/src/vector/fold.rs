//! Folds of the vector dialect users hit first, as MLIR 22 has them: `vector.extract` and
//! `vector.insert` without a position are their source (same type), a position of -1 (MLIR's
//! poison index) or a poison source makes the result poison. Constants materialize as
//! `arith.constant` (`ub.poison` for poison).

use crate::fold_util::is_poison;
use mica_ir::registry::{FoldFn, FoldResult};
use mica_ir::{Attr, AttrKind, Body, Context, Op};

/// MLIR's `kPoisonIndex`.
const POISON_INDEX: i64 = -1;

/// The fold of a vector op.
pub(crate) fn fold(name: &str) -> Option<FoldFn> {
    Some(match name {
        "vector.extract" => fold_extract,
        "vector.insert" => fold_insert,
        _ => return None,
    })
}

fn positions(ctx: &Context, b: &Body, op: Op) -> Option<Vec<i64>> {
    match ctx.attr_kind(ctx.op_attr(b, op, "static_position")?) {
        AttrKind::DenseArray { values, .. } => Some(values.iter().map(|v| *v as i64).collect()),
        _ => None,
    }
}

fn poison(ctx: &Context) -> Attr {
    ctx.attr(AttrKind::Dialect { dialect: ctx.ident("ub"), mnemonic: ctx.ident("poison"), params: Box::new([]) })
}

fn fold_extract(ctx: &Context, b: &mut Body, op: Op, c: &[Option<Attr>]) -> Option<FoldResult> {
    let pos = positions(ctx, b, op)?;
    let src = b.operand(op, 0);
    if pos.is_empty() && b.value_type(src) == b.value_type(b.results(op)[0]) {
        return FoldResult::value(src);
    }
    if c[0].is_some_and(|a| is_poison(ctx, a)) {
        return FoldResult::attr(c[0]?);
    }
    if pos.contains(&POISON_INDEX) {
        return FoldResult::attr(poison(ctx));
    }
    None
}

fn fold_insert(ctx: &Context, b: &mut Body, op: Op, _: &[Option<Attr>]) -> Option<FoldResult> {
    let pos = positions(ctx, b, op)?;
    let value = b.operand(op, 0);
    if pos.is_empty() && b.value_type(value) == b.value_type(b.results(op)[0]) {
        return FoldResult::value(value);
    }
    if pos.contains(&POISON_INDEX) {
        return FoldResult::attr(poison(ctx));
    }
    None
}
