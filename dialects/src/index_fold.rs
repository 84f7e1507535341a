//! Folds of the index dialect, as MLIR 22 folds them: constant folding that must hold for both
//! 32- and 64-bit `index` (operations whose low bits depend only on the operands' low bits fold
//! always; the others only when the 64-bit result truncated to 32 bits equals the 32-bit
//! result), identities (`add(x, 0)`, `sub(x, 0)`, `mul(x, 1)`, `mul(x, 0)`), casts of
//! constants and comparisons of constants or of a value with itself. Constants materialize as
//! `index.constant` (`index`) and `index.bool.constant` (`i1`).

use crate::fold_util::*;
use crate::index::CMP_PREDICATE;
use mica_ir::registry::{FoldFn, FoldResult};
use mica_ir::{Attr, AttrKind, Body, Context, Op, Type, TypeKind};

type Calc = fn(u128, u128, u32) -> Option<u128>;

/// The fold of an index op.
pub(crate) fn fold(name: &str) -> Option<FoldFn> {
    Some(match name {
        "index.add" => |c, b, o, k| {
            unchecked(c, k, |x, y, w| Some(x.wrapping_add(y) & mask(w))).or_else(|| is_zero(c, k[1]).then(|| FoldResult::value(b.operand(o, 0))).flatten())
        },
        "index.sub" => |c, b, o, k| {
            unchecked(c, k, |x, y, w| Some(x.wrapping_sub(y) & mask(w))).or_else(|| is_zero(c, k[1]).then(|| FoldResult::value(b.operand(o, 0))).flatten())
        },
        "index.mul" => |c, b, o, k| {
            unchecked(c, k, |x, y, w| Some(x.wrapping_mul(y) & mask(w))).or_else(|| {
                if is_one(c, k[1]) {
                    FoldResult::value(b.operand(o, 0))
                } else if is_zero(c, k[1]) {
                    FoldResult::attr(k[1]?)
                } else {
                    None
                }
            })
        },
        "index.divs" => |c, _, _, k| checked(c, k, |x, y, w| (y != 0).then(|| (sext(x, w).wrapping_div(sext(y, w))) as u128 & mask(w))),
        "index.divu" => |c, _, _, k| checked(c, k, |x, y, _| (y != 0).then(|| x / y)),
        "index.ceildivs" => |c, _, _, k| checked(c, k, ceil_div_s),
        "index.ceildivu" => |c, _, _, k| checked(c, k, |n, m, w| if m == 0 { None } else if n == 0 { Some(0) } else { Some(((n - 1) / m + 1) & mask(w)) }),
        "index.floordivs" => |c, _, _, k| checked(c, k, floor_div_s),
        "index.rems" => |c, _, _, k| checked(c, k, |x, y, w| (y != 0).then(|| sext(x, w).wrapping_rem(sext(y, w)) as u128 & mask(w))),
        "index.remu" => |c, _, _, k| checked(c, k, |x, y, _| (y != 0).then(|| x % y)),
        "index.maxs" => |c, _, _, k| checked(c, k, |x, y, w| Some(if sext(x, w) >= sext(y, w) { x } else { y })),
        "index.maxu" => |c, _, _, k| checked(c, k, |x, y, _| Some(x.max(y))),
        "index.mins" => |c, _, _, k| checked(c, k, |x, y, w| Some(if sext(x, w) <= sext(y, w) { x } else { y })),
        "index.minu" => |c, _, _, k| checked(c, k, |x, y, _| Some(x.min(y))),
        "index.shl" => |c, _, _, k| unchecked(c, k, |x, y, w| (y < 32).then(|| (x << y) & mask(w))),
        "index.shrs" => |c, _, _, k| checked(c, k, |x, y, w| (y < 32).then(|| (sext(x, w) >> y) as u128 & mask(w))),
        "index.shru" => |c, _, _, k| checked(c, k, |x, y, _| (y < 32).then(|| x >> y)),
        "index.and" => |c, _, _, k| unchecked(c, k, |x, y, _| Some(x & y)),
        "index.or" => |c, _, _, k| unchecked(c, k, |x, y, _| Some(x | y)),
        "index.xor" => |c, _, _, k| unchecked(c, k, |x, y, _| Some(x ^ y)),
        "index.casts" => |c, b, o, k| cast(c, b, o, k, true),
        "index.castu" => |c, b, o, k| cast(c, b, o, k, false),
        "index.cmp" => fold_cmp,
        "index.constant" | "index.bool.constant" => |c, b, o, _| FoldResult::attr(c.op_attr_id(b, o, mica_ir::Ident::VALUE)?),
        _ => return None,
    })
}

/// The index dialect's materializer.
pub(crate) fn materialize(ctx: &Context, value: Attr, ty: Type, loc: Attr) -> Option<mica_ir::OperationState> {
    let AttrKind::Integer { ty: vty, .. } = ctx.attr_kind(value) else { return None };
    let is_bool = matches!(ctx.type_kind(*vty), TypeKind::Integer { width: 1, signedness: mica_ir::Signedness::Signless });
    if is_bool {
        return (*vty == ty).then(|| op_state(ctx, "index.bool.constant", &[], &[ty], &[("value", value)], loc));
    }
    (matches!(ctx.type_kind(*vty), TypeKind::Index) && matches!(ctx.type_kind(ty), TypeKind::Index))
        .then(|| op_state(ctx, "index.constant", &[], &[ty], &[("value", value)], loc))
}

fn index_value(ctx: &Context, a: Option<Attr>) -> Option<u128> {
    match ctx.attr_kind(a?) {
        AttrKind::Integer { .. } => Some(decode(ctx, a?)?.values[0].int()?),
        _ => None,
    }
}

fn is_zero(ctx: &Context, a: Option<Attr>) -> bool {
    index_value(ctx, a) == Some(0)
}

fn is_one(ctx: &Context, a: Option<Attr>) -> bool {
    index_value(ctx, a) == Some(1)
}

fn index_attr(ctx: &Context, v: u128) -> Option<FoldResult> {
    FoldResult::attr(int_const(ctx, ctx.index_type(), v))
}

/// Folds when the operation commutes with truncation to 32 bits.
fn unchecked(ctx: &Context, k: &[Option<Attr>], f: Calc) -> Option<FoldResult> {
    let (x, y) = (index_value(ctx, k[0])?, index_value(ctx, k[1])?);
    index_attr(ctx, f(x, y, 64)?)
}

/// Folds only when the 64-bit result truncated to 32 bits is the 32-bit result.
fn checked(ctx: &Context, k: &[Option<Attr>], f: Calc) -> Option<FoldResult> {
    let (x, y) = (index_value(ctx, k[0])?, index_value(ctx, k[1])?);
    let r64 = f(x, y, 64)?;
    let r32 = f(x & mask(32), y & mask(32), 32)?;
    (r64 & mask(32) == r32).then(|| index_attr(ctx, r64)).flatten()
}

fn ceil_div_s(n: u128, m: u128, w: u32) -> Option<u128> {
    let (n, m) = (sext(n, w), sext(m, w));
    if m == 0 {
        return None;
    }
    if n == 0 {
        return Some(0);
    }
    let wrap = |v: i128| sext(v as u128 & mask(w), w);
    let r = if (n > 0) != (m > 0) {
        wrap(-wrap(wrap(-n).wrapping_div(m)))
    } else {
        let x = if m > 0 { -1 } else { 1 };
        wrap(wrap(wrap(n + x).wrapping_div(m)) + 1)
    };
    Some(r as u128 & mask(w))
}

fn floor_div_s(n: u128, m: u128, w: u32) -> Option<u128> {
    let (n, m) = (sext(n, w), sext(m, w));
    if m == 0 {
        return None;
    }
    if n == 0 {
        return Some(0);
    }
    let wrap = |v: i128| sext(v as u128 & mask(w), w);
    let r = if (n < 0) == (m < 0) {
        wrap(n.wrapping_div(m))
    } else {
        let x = if m < 0 { 1 } else { -1 };
        wrap(-1 - wrap(wrap(x - n).wrapping_div(m)))
    };
    Some(r as u128 & mask(w))
}

fn cast(ctx: &Context, b: &mut Body, op: Op, k: &[Option<Attr>], signed: bool) -> Option<FoldResult> {
    let a = k[0]?;
    let AttrKind::Integer { ty: from, .. } = ctx.attr_kind(a) else { return None };
    let from_w = ctx.int_width(*from);
    let v = decode(ctx, a)?.values[0].int()?;
    let ext = |x: u128, fw: u32, tw: u32| if signed { sext(x, fw) as u128 & mask(tw) } else { x & mask(tw) };
    let to = b.value_type(b.results(op)[0]);
    if matches!(ctx.type_kind(to), TypeKind::Index) {
        return FoldResult::attr(int_const(ctx, to, ext(v, from_w, 64)));
    }
    let w = ctx.int_width(to);
    if w <= 32 {
        return FoldResult::attr(int_const(ctx, to, v & mask(w)));
    }
    if w >= 64 {
        if ext(v & mask(32), 32, 64) != v {
            return None;
        }
        return FoldResult::attr(int_const(ctx, to, ext(v, 64, w)));
    }
    let r = v & mask(w);
    (r == ext(v & mask(32), 32, w)).then(|| FoldResult::attr(int_const(ctx, to, r))).flatten()
}

fn predicate(ctx: &Context, b: &Body, op: Op) -> Option<u64> {
    let a = ctx.op_attr(b, op, "pred")?;
    match ctx.attr_kind(a) {
        AttrKind::Opaque { body, .. } => CMP_PREDICATE.symbolize(body.rsplit(' ').next()?),
        _ => CMP_PREDICATE.int_value(ctx, a),
    }
}

fn compare(pred: u64, x: u128, y: u128, w: u32) -> bool {
    let (sx, sy) = (sext(x, w), sext(y, w));
    match pred {
        0 => x == y,
        1 => x != y,
        2 => sx < sy,
        3 => sx <= sy,
        4 => sx > sy,
        5 => sx >= sy,
        6 => x < y,
        7 => x <= y,
        8 => x > y,
        _ => x >= y,
    }
}

fn fold_cmp(ctx: &Context, b: &mut Body, op: Op, k: &[Option<Attr>]) -> Option<FoldResult> {
    let pred = predicate(ctx, b, op)?;
    if let (Some(x), Some(y)) = (index_value(ctx, k[0]), index_value(ctx, k[1])) {
        let r64 = compare(pred, x, y, 64);
        if r64 == compare(pred, x & mask(32), y & mask(32), 32) {
            return FoldResult::attr(ctx.bool_attr(r64));
        }
    }
    if b.operand(op, 0) == b.operand(op, 1) {
        return FoldResult::attr(ctx.bool_attr(matches!(pred, 0 | 3 | 5 | 7 | 9)));
    }
    None
}
