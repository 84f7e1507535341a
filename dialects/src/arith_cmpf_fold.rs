//! `CmpFIntToFPConst`, MLIR 22's canonicalization of `arith.cmpf` comparing an integer
//! converted to float (`arith.sitofp`/`arith.uitofp`) with a float constant: it becomes an
//! `arith.cmpi` of the integer with the constant converted to an integer (the predicate
//! adjusted when the constant has a fraction), or a constant `true`/`false` when the constant
//! lies outside the integer's range (or is fractional for `eq`/`ne`, or the predicate is
//! `ord`/`uno`). Nothing is done for a NaN constant, or when converting the integer to the
//! float type may round in a way that changes the comparison.

use crate::arith::CMPI_PREDICATE;
use crate::fold_util::{bool_constant, const_float, def_op, int_bits, mask, op_state, value_const};
use mica_apfloat::{Float, RoundingMode};
use mica_ir::{Context, Op, Rewriter, TypeKind, Value};
use std::cmp::Ordering;

// `arith.cmpi` predicates.
const EQ: i64 = 0;
const NE: i64 = 1;
const SLT: i64 = 2;
const SLE: i64 = 3;
const SGT: i64 = 4;
const SGE: i64 = 5;
const ULT: i64 = 6;
const ULE: i64 = 7;
const UGT: i64 = 8;
const UGE: i64 = 9;

/// The `arith.cmpi` predicate for a `arith.cmpf` one (`None` for those without one).
fn integer_predicate(cmpf: i64, unsigned: bool) -> Option<i64> {
    let pick = |s: i64, u: i64| if unsigned { u } else { s };
    Some(match cmpf {
        1 | 8 => EQ,
        2 | 9 => pick(SGT, UGT),
        3 | 10 => pick(SGE, UGE),
        4 | 11 => pick(SLT, ULT),
        5 | 12 => pick(SLE, ULE),
        6 | 13 => NE,
        _ => return None,
    })
}

/// `floor(log2(|x|))` for a finite `x` of magnitude at least 1 (APFloat's `ilogb` there);
/// a negative number for smaller magnitudes, `i32::MAX` beyond 2^128.
fn ilogb(x: Float) -> i32 {
    match x.abs().to_u128(128, RoundingMode::TowardZero) {
        Ok((v, s)) if !s.contains(mica_apfloat::Status::INVALID_OP) => 127 - v.leading_zeros() as i32,
        _ => i32::MAX,
    }
}

/// Replaces `op` by an `i1` constant.
fn to_bool(ctx: &Context, rw: &mut Rewriter<'_>, op: Op, value: bool) -> bool {
    let loc = rw.body.op(op).loc;
    let r = bool_constant(ctx, rw, value, loc, op);
    rw.replace_op(op, &[r]);
    true
}

/// The pattern.
pub(crate) fn cmpf_int_to_fp_const(ctx: &Context, rw: &mut Rewriter<'_>, op: Op) -> bool {
    let b = &*rw.body;
    let Some(rhs) = const_float(ctx, value_const(ctx, b, b.operand(op, 1))) else { return false };
    if rhs.is_nan() {
        return false;
    }
    let kind = rhs.kind;
    let mantissa = kind.precision() as i32;
    let lhs = b.operand(op, 0);
    let (unsigned, int_val): (bool, Value) = if let Some(si) = def_op(ctx, b, lhs, "arith.sitofp") {
        (false, b.operand(si, 0))
    } else if let Some(ui) = def_op(ctx, b, lhs, "arith.uitofp") {
        (true, b.operand(ui, 0))
    } else {
        return false;
    };
    let int_ty = b.value_type(int_val);
    let width = match ctx.type_kind(int_ty) {
        TypeKind::Integer { width, .. } => *width,
        _ => return false,
    };
    if width == 0 || width > 128 {
        return false;
    }
    let value_bits = if unsigned { width as i32 } else { width as i32 - 1 };
    if width as i32 > mantissa {
        if rhs.is_infinite() {
            if kind.max_exponent() < value_bits {
                return false;
            }
        } else {
            let exponent = ilogb(rhs);
            if mantissa <= exponent && exponent <= value_bits {
                return false;
            }
        }
    }
    let Some(pred_f) = ctx.op_attr(b, op, "predicate").and_then(|a| ctx.as_i64(a)) else { return false };
    let mut pred = match pred_f {
        7 => return to_bool(ctx, rw, op, true),
        14 => return to_bool(ctx, rw, op, false),
        p => match integer_predicate(p, unsigned) {
            Some(p) => p,
            None => return false,
        },
    };
    let less = |a: Float, x: Float| a.compare(x).ok().flatten() == Some(Ordering::Less);
    // Beyond the integer's range the comparison is known.
    let (max, min) = if unsigned {
        (Float::from_u128(kind, mask(width)).0, Float::from_u128(kind, 0).0)
    } else {
        let smax = if width == 128 { i128::MAX } else { (1i128 << (width - 1)) - 1 };
        (Float::from_i128(kind, smax).0, Float::from_i128(kind, -smax - 1).0)
    };
    if less(max, rhs) {
        let below = if unsigned { [NE, ULT, ULE] } else { [NE, SLT, SLE] };
        return to_bool(ctx, rw, op, below.contains(&pred));
    }
    if less(rhs, min) {
        let above = if unsigned { [NE, UGT, UGE] } else { [NE, SGT, SGE] };
        return to_bool(ctx, rw, op, above.contains(&pred));
    }
    // The constant toward zero as an integer of the width.
    let (bits, status) = if unsigned {
        match rhs.to_u128(width, RoundingMode::TowardZero) {
            Ok(r) => r,
            Err(_) => return false,
        }
    } else {
        match rhs.to_i128(width, RoundingMode::TowardZero) {
            Ok((v, s)) => (v as u128, s),
            Err(_) => return false,
        }
    };
    if status.contains(mica_apfloat::Status::INVALID_OP) {
        return false;
    }
    if !rhs.is_zero() {
        let back = if unsigned { Float::from_u128(kind, bits).0 } else { Float::from_i128(kind, bits as i128).0 };
        if back.compare(rhs).ok().flatten() != Some(Ordering::Equal) {
            let negative = rhs.is_negative();
            match pred {
                NE => return to_bool(ctx, rw, op, true),
                EQ => return to_bool(ctx, rw, op, false),
                ULE if negative => return to_bool(ctx, rw, op, false),
                SLE if negative => pred = SLT,
                ULT if negative => return to_bool(ctx, rw, op, false),
                ULT => pred = ULE,
                SLT if !negative => pred = SLE,
                UGT if negative => return to_bool(ctx, rw, op, true),
                SGT if negative => pred = SGE,
                UGE if negative => return to_bool(ctx, rw, op, true),
                UGE => pred = UGT,
                SGE if !negative => pred = SGT,
                _ => {}
            }
        }
    }
    let loc = rw.body.op(op).loc;
    let value = ctx.int_attr_bits(int_ty, int_bits(bits & mask(width), width));
    let st = op_state(ctx, "arith.constant", &[], &[int_ty], &[("value", value)], loc);
    let c = rw.create_before(st, op);
    let c = rw.body.results(c)[0];
    let i1 = rw.body.value_type(rw.body.results(op)[0]);
    let st = op_state(ctx, "arith.cmpi", &[int_val, c], &[i1], &[("predicate", CMPI_PREDICATE.attr(ctx, pred as u64))], loc);
    let n = rw.create_before(st, op);
    let r = rw.body.results(n)[0];
    rw.replace_op(op, &[r]);
    true
}
