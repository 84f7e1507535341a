//! Constant folding of the math dialect, as MLIR 22 folds it: the exact operations (`absf`,
//! `ceil`, `floor`, `roundeven`, `copysign`, `absi`, `ctlz`, `cttz`, `ctpop`, `ipowi`) for every
//! float and integer type, and the ones MLIR computes with the host C library (`round`, `trunc`,
//! `sqrt`, `exp`, `exp2`, `expm1`, `log`, `log2`, `log10`, `log1p`, trigonometric and hyperbolic
//! functions, `powf`, `atan2`) for `f32` and `f64` only, with MLIR's domain checks (no folding
//! of `sqrt`/`log*` of negative values). Constants materialize as `arith.constant`.

use crate::fold_util::*;
use mica_apfloat::{Float, FloatKind, RoundingMode};
use mica_ir::registry::{FoldFn, FoldResult};
use mica_ir::{Attr, Body, Context, Op, Type};

/// The fold of a math op.
pub(crate) fn fold(name: &str) -> Option<FoldFn> {
    Some(match name {
        "math.absf" => |c, b, o, k| unary(c, b, o, k, |f| Some(f.abs())),
        "math.ceil" => |c, b, o, k| unary(c, b, o, k, |f| Some(f.round_to_integral(RoundingMode::TowardPositive).0)),
        "math.floor" => |c, b, o, k| unary(c, b, o, k, |f| Some(f.round_to_integral(RoundingMode::TowardNegative).0)),
        "math.roundeven" => |c, b, o, k| unary(c, b, o, k, |f| Some(f.round_to_integral(RoundingMode::NearestTiesToEven).0)),
        "math.round" => |c, b, o, k| host(c, b, o, k, f64::round, f32::round),
        "math.trunc" => |c, b, o, k| host(c, b, o, k, f64::trunc, f32::trunc),
        "math.sqrt" => |c, b, o, k| host_if(c, b, o, k, |f| !f.is_negative(), f64::sqrt, f32::sqrt),
        "math.exp" => |c, b, o, k| host(c, b, o, k, f64::exp, f32::exp),
        "math.exp2" => |c, b, o, k| host(c, b, o, k, f64::exp2, f32::exp2),
        "math.expm1" => |c, b, o, k| host(c, b, o, k, f64::exp_m1, f32::exp_m1),
        "math.log" => |c, b, o, k| host_if(c, b, o, k, |f| !f.is_negative(), f64::ln, f32::ln),
        "math.log2" => |c, b, o, k| host_if(c, b, o, k, |f| !f.is_negative(), f64::log2, f32::log2),
        "math.log10" => |c, b, o, k| host_if(c, b, o, k, |f| !f.is_negative(), f64::log10, f32::log10),
        "math.log1p" => |c, b, o, k| host_if(c, b, o, k, log1p_domain, f64::ln_1p, f32::ln_1p),
        "math.sin" => |c, b, o, k| host(c, b, o, k, f64::sin, f32::sin),
        "math.cos" => |c, b, o, k| host(c, b, o, k, f64::cos, f32::cos),
        "math.tan" => |c, b, o, k| host(c, b, o, k, f64::tan, f32::tan),
        "math.asin" => |c, b, o, k| host(c, b, o, k, f64::asin, f32::asin),
        "math.acos" => |c, b, o, k| host(c, b, o, k, f64::acos, f32::acos),
        "math.atan" => |c, b, o, k| host(c, b, o, k, f64::atan, f32::atan),
        "math.sinh" => |c, b, o, k| host(c, b, o, k, f64::sinh, f32::sinh),
        "math.cosh" => |c, b, o, k| host(c, b, o, k, f64::cosh, f32::cosh),
        "math.tanh" => |c, b, o, k| host(c, b, o, k, f64::tanh, f32::tanh),
        "math.copysign" => |c, _, _, k| binary(c, k, |x, y| Some(if x.is_negative() == y.is_negative() { x } else { -x })),
        "math.powf" => |c, _, _, k| binary_host(c, k, f64::powf, f32::powf),
        "math.atan2" => |c, _, _, k| binary_host(c, k, f64::atan2, f32::atan2),
        "math.absi" => |c, b, o, k| int_unary(c, b, o, k, |x, w| if sext(x, w) < 0 { x.wrapping_neg() } else { x }),
        "math.ctpop" => |c, b, o, k| int_unary(c, b, o, k, |x, _| x.count_ones() as u128),
        "math.ctlz" => |c, b, o, k| int_unary(c, b, o, k, |x, w| (x.leading_zeros() - (128 - w)) as u128),
        "math.cttz" => |c, b, o, k| int_unary(c, b, o, k, |x, w| x.trailing_zeros().min(w) as u128),
        "math.ipowi" => |c, _, _, k| FoldResult::attr(fold_binary_int(c, k, None, ipowi)?),
        _ => return None,
    })
}

fn result_ty(b: &Body, op: Op) -> Type {
    b.value_type(b.results(op)[0])
}

fn unary(ctx: &Context, b: &mut Body, op: Op, c: &[Option<Attr>], f: impl Fn(Float) -> Option<Float>) -> Option<FoldResult> {
    FoldResult::attr(fold_map(ctx, c[0], result_ty(b, op), |s| Some(Scalar::Float(f(s.float()?)?)))?)
}

fn log1p_domain(f: Float) -> bool {
    let (one, _) = Float::from_i128(f.kind, 1);
    f.add(one).is_ok_and(|(r, _)| !r.is_negative())
}

/// Computes `f64`/`f32` values with the host library, as MLIR does (other widths do not fold).
fn on_host(x: Float, d: fn(f64) -> f64, s: fn(f32) -> f32) -> Option<Float> {
    match x.kind {
        FloatKind::F64 => Some(Float::from_bits(FloatKind::F64, d(f64::from_bits(x.bits as u64)).to_bits() as u128)),
        FloatKind::F32 => Some(Float::from_bits(FloatKind::F32, s(f32::from_bits(x.bits as u32)).to_bits() as u128)),
        _ => None,
    }
}

fn host(ctx: &Context, b: &mut Body, op: Op, c: &[Option<Attr>], d: fn(f64) -> f64, s: fn(f32) -> f32) -> Option<FoldResult> {
    unary(ctx, b, op, c, |x| on_host(x, d, s))
}

fn host_if(ctx: &Context, b: &mut Body, op: Op, c: &[Option<Attr>], ok: fn(Float) -> bool, d: fn(f64) -> f64, s: fn(f32) -> f32) -> Option<FoldResult> {
    unary(ctx, b, op, c, |x| if ok(x) { on_host(x, d, s) } else { None })
}

fn binary(ctx: &Context, c: &[Option<Attr>], f: impl Fn(Float, Float) -> Option<Float>) -> Option<FoldResult> {
    FoldResult::attr(fold_binary_float(ctx, c, f)?)
}

fn binary_host(ctx: &Context, c: &[Option<Attr>], d: fn(f64, f64) -> f64, s: fn(f32, f32) -> f32) -> Option<FoldResult> {
    binary(ctx, c, |x, y| match x.kind {
        FloatKind::F64 => Some(Float::from_bits(FloatKind::F64, d(f64::from_bits(x.bits as u64), f64::from_bits(y.bits as u64)).to_bits() as u128)),
        FloatKind::F32 => Some(Float::from_bits(FloatKind::F32, s(f32::from_bits(x.bits as u32), f32::from_bits(y.bits as u32)).to_bits() as u128)),
        _ => None,
    })
}

fn int_unary(ctx: &Context, b: &mut Body, op: Op, c: &[Option<Attr>], f: impl Fn(u128, u32) -> u128) -> Option<FoldResult> {
    let ty = result_ty(b, op);
    let w = ctx.int_width(elem_or_self(ctx, ty));
    FoldResult::attr(fold_map(ctx, c[0], ty, |s| Some(Scalar::Int(f(s.int()?, w) & mask(w))))?)
}

/// `base ** power` in `w` bits, as MLIR folds `ipowi`: a negative power gives 1 for a base of 1,
/// ±1 for a base of -1 (by the power's parity), 0 for any other base but 0, which is left
/// alone.
fn ipowi(base: u128, power: u128, w: u32) -> Option<u128> {
    let m = mask(w);
    let (base, power) = (base & m, power & m);
    if power == 0 {
        return Some(1 & m);
    }
    if sext(power, w) < 0 {
        return match base {
            0 => None,
            1 => Some(1),
            b if b != m => Some(0),
            _ => Some(if power & 1 == 1 { m } else { 1 }),
        };
    }
    let (mut result, mut base, mut power) = (1u128, base, power);
    loop {
        if power & 1 == 1 {
            result = result.wrapping_mul(base) & m;
        }
        power >>= 1;
        if power == 0 {
            return Some(result);
        }
        base = base.wrapping_mul(base) & m;
    }
}
