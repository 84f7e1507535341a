//! Folds and canonicalization patterns of the arith dialect, with MLIR 22's semantics:
//! constant folding of every binary, unary, comparison, select and cast op (exact two's
//! complement integers up to 128 bits with MLIR's no-fold cases — division by zero, signed
//! overflow, over-wide shifts; IEEE floats through `mica-apfloat`), the algebraic identities
//! of each op's `fold`, and the rewrite patterns of `ArithCanonicalization.td` and
//! `ArithOps.cpp` users rely on (constant reassociation, cast chains, select forms, extended
//! arithmetic with unused results).

use crate::arith::{CMPI_PREDICATE, FASTMATH_FLAGS, OVERFLOW_FLAGS};
use crate::fold_util::*;
use mica_apfloat::{Float, RoundingMode};
use mica_ir::registry::{FoldFn, FoldResult, Folded};
use mica_ir::{Attr, Body, Context, Op, Pattern, Rewriter, Type, TypeKind, Value};
use std::cmp::Ordering;

type Consts<'a> = &'a [Option<Attr>];

/// The fold and patterns of an arith op.
pub(crate) fn rewrites(name: &str) -> (Option<FoldFn>, Vec<Pattern>) {
    let p = |name: &'static str, apply: mica_ir::registry::PatternFn| Pattern { name, benefit: 1, apply };
    match name {
        "arith.constant" => (Some(fold_constant), vec![]),
        "arith.addi" => (
            Some(fold_addi),
            vec![
                p("AddIAddConstant", add_add_constant),
                p("AddISubConstantRHS", add_sub_constant_rhs),
                p("AddISubConstantLHS", add_sub_constant_lhs),
                p("AddIMulNegativeOneRhs", add_mul_neg_one_rhs),
                p("AddIMulNegativeOneLhs", add_mul_neg_one_lhs),
            ],
        ),
        "arith.subi" => (
            Some(fold_subi),
            vec![
                p("SubIRHSAddConstant", sub_rhs_add_constant),
                p("SubILHSAddConstant", sub_lhs_add_constant),
                p("SubIRHSSubConstantRHS", sub_rhs_sub_constant_rhs),
                p("SubIRHSSubConstantLHS", sub_rhs_sub_constant_lhs),
                p("SubILHSSubConstantRHS", sub_lhs_sub_constant_rhs),
                p("SubILHSSubConstantLHS", sub_lhs_sub_constant_lhs),
                p("SubISubILHSRHSLHS", sub_sub_lhs_rhs_lhs),
            ],
        ),
        "arith.muli" => (Some(fold_muli), vec![p("MulIMulIConstant", mul_mul_constant)]),
        "arith.divui" => (Some(fold_divui), vec![]),
        "arith.divsi" => (Some(fold_divsi), vec![]),
        "arith.ceildivui" => (Some(fold_ceildivui), vec![]),
        "arith.ceildivsi" => (Some(fold_ceildivsi), vec![]),
        "arith.floordivsi" => (Some(fold_floordivsi), vec![]),
        "arith.remui" => (Some(fold_remui), vec![]),
        "arith.remsi" => (Some(fold_remsi), vec![]),
        "arith.andi" => (Some(fold_andi), vec![p("AndOfExtUI", logic_of_extui), p("AndOfExtSI", logic_of_extsi)]),
        "arith.ori" => (Some(fold_ori), vec![p("OrOfExtUI", logic_of_extui), p("OrOfExtSI", logic_of_extsi)]),
        "arith.xori" => (Some(fold_xori), vec![p("XOrINotCmpI", xor_not_cmpi), p("XOrIOfExtUI", logic_of_extui), p("XOrIOfExtSI", logic_of_extsi)]),
        "arith.shli" => (Some(fold_shli), vec![]),
        "arith.shrui" => (Some(fold_shrui), vec![]),
        "arith.shrsi" => (Some(fold_shrsi), vec![]),
        "arith.maxsi" => (Some(fold_maxsi), vec![]),
        "arith.maxui" => (Some(fold_maxui), vec![]),
        "arith.minsi" => (Some(fold_minsi), vec![]),
        "arith.minui" => (Some(fold_minui), vec![]),
        "arith.addui_extended" => (Some(fold_addui_extended), vec![p("AddUIExtendedToAddI", addui_extended_to_addi)]),
        "arith.mulsi_extended" => (
            Some(fold_mulsi_extended),
            vec![p("MulSIExtendedToMulI", mul_extended_to_muli), p("MulSIExtendedRHSOne", mulsi_extended_rhs_one)],
        ),
        "arith.mului_extended" => (Some(fold_mului_extended), vec![p("MulUIExtendedToMulI", mul_extended_to_muli)]),
        "arith.negf" => (Some(fold_negf), vec![]),
        "arith.addf" => (Some(fold_addf), vec![]),
        "arith.subf" => (Some(fold_subf), vec![]),
        "arith.mulf" => (Some(fold_mulf), vec![p("MulFOfNegF", mulf_of_negf)]),
        "arith.divf" => (Some(fold_divf), vec![p("DivFOfNegF", divf_of_negf)]),
        "arith.remf" => (Some(fold_remf), vec![]),
        "arith.maximumf" => (Some(fold_maximumf), vec![]),
        "arith.maxnumf" => (Some(fold_maxnumf), vec![]),
        "arith.minimumf" => (Some(fold_minimumf), vec![]),
        "arith.minnumf" => (Some(fold_minnumf), vec![]),
        "arith.extui" => (Some(fold_extui), vec![]),
        "arith.extsi" => (Some(fold_extsi), vec![p("ExtSIOfExtUI", extsi_of_extui)]),
        "arith.extf" => (Some(fold_extf), vec![]),
        "arith.trunci" => (
            Some(fold_trunci),
            vec![p("TruncIExtSIToExtSI", trunci_extsi), p("TruncIExtUIToExtUI", trunci_extui), p("TruncIShrSIToTrunciShrUI", trunci_shrsi)],
        ),
        "arith.truncf" => (Some(fold_truncf), vec![p("TruncFSIToFPToSIToFP", truncf_of_sitofp), p("TruncFUIToFPToUIToFP", truncf_of_uitofp)]),
        "arith.uitofp" => (Some(fold_uitofp), vec![]),
        "arith.sitofp" => (Some(fold_sitofp), vec![]),
        "arith.fptoui" => (Some(fold_fptoui), vec![]),
        "arith.fptosi" => (Some(fold_fptosi), vec![]),
        "arith.index_cast" => (Some(fold_index_cast), vec![p("IndexCastOfIndexCast", index_cast_of_index_cast), p("IndexCastOfExtSI", index_cast_of_extsi)]),
        "arith.index_castui" => (
            Some(fold_index_castui),
            vec![p("IndexCastUIOfIndexCastUI", index_cast_of_index_cast), p("IndexCastUIOfExtUI", index_castui_of_extui)],
        ),
        "arith.bitcast" => (Some(fold_bitcast), vec![p("BitcastOfBitcast", bitcast_of_bitcast)]),
        "arith.cmpi" => (Some(fold_cmpi), vec![p("CmpIExtSI", cmpi_ext_si), p("CmpIExtUI", cmpi_ext_ui)]),
        "arith.cmpf" => (Some(fold_cmpf), vec![p("CmpFIntToFPConst", crate::arith_cmpf_fold::cmpf_int_to_fp_const)]),
        "arith.select" => (
            Some(fold_select),
            vec![
                p("RedundantSelectFalse", redundant_select_false),
                p("RedundantSelectTrue", redundant_select_true),
                p("SelectNotCond", select_not_cond),
                p("SelectI1ToNot", select_i1_to_not),
                p("SelectToExtUI", select_to_extui),
            ],
        ),
        _ => (None, vec![]),
    }
}

/// arith's `materializeConstant`: `ub.poison` for poison, else `arith.constant` when the
/// attribute is an integer, float or elements attribute of exactly `ty` (signless integers).
pub(crate) fn materialize(ctx: &Context, value: Attr, ty: Type, loc: Attr) -> Option<mica_ir::OperationState> {
    if is_poison(ctx, value) {
        return Some(op_state(ctx, "ub.poison", &[], &[ty], &[("value", value)], loc));
    }
    constant_state(ctx, value, ty, loc)
}

/// MLIR's `arith::ConstantOp::materialize`: an `arith.constant` if buildable with `value`.
pub(crate) fn constant_state(ctx: &Context, value: Attr, ty: Type, loc: Attr) -> Option<mica_ir::OperationState> {
    use mica_ir::AttrKind;
    let attr_ty = match ctx.attr_kind(value) {
        AttrKind::Integer { ty, .. } | AttrKind::Float { ty, .. } => *ty,
        AttrKind::DenseElements { ty, .. } | AttrKind::DenseResource { ty, .. } | AttrKind::DenseStrings { ty, .. } | AttrKind::Sparse { ty, .. } => *ty,
        _ => return None,
    };
    if attr_ty != ty {
        return None;
    }
    if matches!(ctx.type_kind(ty), TypeKind::Integer { signedness, .. } if *signedness != mica_ir::Signedness::Signless) {
        return None;
    }
    Some(op_state(ctx, "arith.constant", &[], &[ty], &[("value", value)], loc))
}

// ------------------------------------------------------------------------------ helpers

fn lhs(b: &Body, op: Op) -> Value {
    b.operand(op, 0)
}

fn rhs(b: &Body, op: Op) -> Value {
    b.operand(op, 1)
}

fn result(b: &Body, op: Op) -> Value {
    b.results(op)[0]
}

fn result_ty(b: &Body, op: Op) -> Type {
    b.value_type(result(b, op))
}

fn v(x: Value) -> Option<FoldResult> {
    FoldResult::value(x)
}

fn a(x: Option<Attr>) -> Option<FoldResult> {
    FoldResult::attr(x?)
}

fn flags(ctx: &Context, b: &Body, op: Op, name: &str) -> u64 {
    let spec = if name == "fastmath" { &FASTMATH_FLAGS } else { &OVERFLOW_FLAGS };
    ctx.op_attr(b, op, name).and_then(|x| spec.int_value(ctx, x)).unwrap_or(0)
}

/// The `predicate` of a comparison (`arith.cmpi`, `arith.cmpf`).
pub(crate) fn predicate(ctx: &Context, b: &Body, op: Op) -> Option<u64> {
    ctx.op_attr(b, op, "predicate").and_then(|x| ctx.as_i64(x)).map(|x| x as u64)
}

/// MLIR's `arith::invertPredicate` for `arith.cmpi`: eq↔ne, slt↔sge, sle↔sgt, ult↔uge, ule↔ugt.
pub(crate) fn invert_cmpi_predicate(p: u64) -> u64 {
    match p {
        0 => 1,
        1 => 0,
        2 => 5,
        5 => 2,
        3 => 4,
        4 => 3,
        6 => 9,
        9 => 6,
        7 => 8,
        8 => 7,
        other => other,
    }
}

fn fold_constant(ctx: &Context, b: &mut Body, op: Op, _: Consts) -> Option<FoldResult> {
    a(ctx.op_attr_id(b, op, mica_ir::Ident::VALUE))
}

fn int_fold(ctx: &Context, c: Consts, f: impl Fn(u128, u128, u32) -> Option<u128>) -> Option<FoldResult> {
    a(fold_binary_int(ctx, c, None, f))
}

fn float_fold(ctx: &Context, c: Consts, f: impl Fn(Float, Float) -> Option<Float>) -> Option<FoldResult> {
    a(fold_binary_float(ctx, c, f))
}

fn zero_of(ctx: &Context, b: &Body, op: Op) -> Option<FoldResult> {
    a(zero_attr(ctx, result_ty(b, op)))
}

// ------------------------------------------------------------------------------ integer folds

fn fold_addi(ctx: &Context, b: &mut Body, op: Op, c: Consts) -> Option<FoldResult> {
    if is_zero(ctx, c[1]) {
        return v(lhs(b, op));
    }
    if let Some(sub) = def_op(ctx, b, lhs(b, op), "arith.subi") {
        if rhs(b, op) == b.operand(sub, 1) {
            return v(b.operand(sub, 0));
        }
    }
    if let Some(sub) = def_op(ctx, b, rhs(b, op), "arith.subi") {
        if lhs(b, op) == b.operand(sub, 1) {
            return v(b.operand(sub, 0));
        }
    }
    int_fold(ctx, c, |x, y, _| Some(x.wrapping_add(y)))
}

fn fold_subi(ctx: &Context, b: &mut Body, op: Op, c: Consts) -> Option<FoldResult> {
    if lhs(b, op) == rhs(b, op) {
        let ty = result_ty(b, op);
        let k = ctx.type_kind(ty);
        if !k.is_shaped() || k.num_elements().is_some() {
            return zero_of(ctx, b, op);
        }
    }
    if is_zero(ctx, c[1]) {
        return v(lhs(b, op));
    }
    if let Some(add) = def_op(ctx, b, lhs(b, op), "arith.addi") {
        if rhs(b, op) == b.operand(add, 1) {
            return v(b.operand(add, 0));
        }
        if rhs(b, op) == b.operand(add, 0) {
            return v(b.operand(add, 1));
        }
    }
    int_fold(ctx, c, |x, y, _| Some(x.wrapping_sub(y)))
}

fn fold_muli(ctx: &Context, b: &mut Body, op: Op, c: Consts) -> Option<FoldResult> {
    if is_zero(ctx, c[1]) {
        return v(rhs(b, op));
    }
    if is_one(ctx, c[1]) {
        return v(lhs(b, op));
    }
    int_fold(ctx, c, |x, y, _| Some(x.wrapping_mul(y)))
}

/// `(a * b) / b -> a` when the multiplication has the overflow flags `needed`.
fn fold_div_mul(ctx: &Context, b: &Body, op: Op, needed: u64) -> Option<Value> {
    let mul = def_op(ctx, b, lhs(b, op), "arith.muli")?;
    if flags(ctx, b, mul, "overflowFlags") & needed != needed {
        return None;
    }
    let r = rhs(b, op);
    if b.operand(mul, 0) == r {
        return Some(b.operand(mul, 1));
    }
    if b.operand(mul, 1) == r {
        return Some(b.operand(mul, 0));
    }
    None
}

fn fold_divui(ctx: &Context, b: &mut Body, op: Op, c: Consts) -> Option<FoldResult> {
    if is_one(ctx, c[1]) {
        return v(lhs(b, op));
    }
    if let Some(x) = fold_div_mul(ctx, b, op, 2) {
        return v(x);
    }
    int_fold(ctx, c, |x, y, _| (y != 0).then(|| x / y))
}

/// The smallest signed value of `w` bits (0 for `i0`).
fn smin(w: u32) -> i128 {
    if w == 0 { 0 } else { sext(1u128 << (w - 1), w) }
}

fn sdiv(x: u128, y: u128, w: u32) -> Option<u128> {
    let (sx, sy) = (sext(x, w), sext(y, w));
    if sy == 0 {
        return None;
    }
    // Overflow: MIN / -1.
    if sx == smin(w) && sy == -1 {
        return None;
    }
    Some((sx.wrapping_div(sy)) as u128 & mask(w))
}

fn fold_divsi(ctx: &Context, b: &mut Body, op: Op, c: Consts) -> Option<FoldResult> {
    if is_one(ctx, c[1]) {
        return v(lhs(b, op));
    }
    if let Some(x) = fold_div_mul(ctx, b, op, 1) {
        return v(x);
    }
    int_fold(ctx, c, sdiv)
}

fn fold_ceildivui(ctx: &Context, b: &mut Body, op: Op, c: Consts) -> Option<FoldResult> {
    if is_one(ctx, c[1]) {
        return v(lhs(b, op));
    }
    int_fold(ctx, c, |x, y, w| {
        if y == 0 {
            return None;
        }
        let q = x / y;
        if x % y == 0 {
            return Some(q);
        }
        let r = q + 1;
        (r <= mask(w)).then_some(r)
    })
}

/// `a + b`, `a - b` with signed overflow detection in `w` bits.
fn sadd_ov(x: i128, y: i128, w: u32) -> (i128, bool) {
    let r = sext((x as u128).wrapping_add(y as u128) & mask(w), w);
    (r, (x >= 0) == (y >= 0) && (r >= 0) != (x >= 0))
}

fn ssub_ov(x: i128, y: i128, w: u32) -> (i128, bool) {
    let r = sext((x as u128).wrapping_sub(y as u128) & mask(w), w);
    (r, (x >= 0) != (y >= 0) && (r >= 0) != (x >= 0))
}

fn sdiv_ov(x: i128, y: i128, w: u32) -> (i128, bool) {
    if x == smin(w) && y == -1 {
        return (x, true);
    }
    (x / y, false)
}

fn fold_ceildivsi(ctx: &Context, b: &mut Body, op: Op, c: Consts) -> Option<FoldResult> {
    if is_one(ctx, c[1]) {
        return v(lhs(b, op));
    }
    int_fold(ctx, c, |x, y, w| {
        let (a, bb) = (sext(x, w), sext(y, w));
        if bb == 0 {
            return None;
        }
        if a == 0 {
            return Some(0);
        }
        // ceil for non-negative inputs: (a - 1) / b + 1.
        let ceil_nonneg = |a: i128, b: i128| -> (i128, bool) {
            let (t, o1) = ssub_ov(a, 1, w);
            let (d, o2) = sdiv_ov(t, b, w);
            let (r, o3) = sadd_ov(d, 1, w);
            (r, o1 || o2 || o3)
        };
        let (pos_a, pos_b) = (a > 0, bb > 0);
        let (r, ov) = if pos_a && pos_b {
            ceil_nonneg(a, bb)
        } else if !pos_a && !pos_b {
            let (na, o1) = ssub_ov(0, a, w);
            let (nb, o2) = ssub_ov(0, bb, w);
            let (r, o3) = ceil_nonneg(na, nb);
            (r, o1 || o2 || o3)
        } else if !pos_a {
            let (na, o1) = ssub_ov(0, a, w);
            let (d, o2) = sdiv_ov(na, bb, w);
            let (r, o3) = ssub_ov(0, d, w);
            (r, o1 || o2 || o3)
        } else {
            let (nb, o1) = ssub_ov(0, bb, w);
            let (d, o2) = sdiv_ov(a, nb, w);
            let (r, o3) = ssub_ov(0, d, w);
            (r, o1 || o2 || o3)
        };
        (!ov).then_some(r as u128 & mask(w))
    })
}

fn fold_floordivsi(ctx: &Context, b: &mut Body, op: Op, c: Consts) -> Option<FoldResult> {
    if is_one(ctx, c[1]) {
        return v(lhs(b, op));
    }
    int_fold(ctx, c, |x, y, w| {
        let (a, bb) = (sext(x, w), sext(y, w));
        if bb == 0 {
            return None;
        }
        let (q, ov) = sdiv_ov(a, bb, w);
        if ov {
            return None;
        }
        let q = if q.wrapping_mul(bb) != a && ((a < 0) != (bb < 0)) { q - 1 } else { q };
        Some(q as u128 & mask(w))
    })
}

fn fold_remui(ctx: &Context, b: &mut Body, op: Op, c: Consts) -> Option<FoldResult> {
    if is_one(ctx, c[1]) {
        return zero_of(ctx, b, op);
    }
    int_fold(ctx, c, |x, y, _| (y != 0).then(|| x % y))
}

fn fold_remsi(ctx: &Context, b: &mut Body, op: Op, c: Consts) -> Option<FoldResult> {
    if is_one(ctx, c[1]) {
        return zero_of(ctx, b, op);
    }
    int_fold(ctx, c, |x, y, w| {
        let (a, bb) = (sext(x, w), sext(y, w));
        if bb == 0 {
            return None;
        }
        Some(if bb == -1 { 0 } else { (a % bb) as u128 & mask(w) })
    })
}

/// `x` is `xori(other, all-ones)`.
fn is_not_of(ctx: &Context, b: &Body, x: Value, other: Value) -> bool {
    def_op(ctx, b, x, "arith.xori")
        .is_some_and(|xor| b.operand(xor, 0) == other && is_all_ones(ctx, value_const(ctx, b, b.operand(xor, 1))))
}

fn fold_andi(ctx: &Context, b: &mut Body, op: Op, c: Consts) -> Option<FoldResult> {
    if is_zero(ctx, c[1]) {
        return v(rhs(b, op));
    }
    if is_all_ones(ctx, c[1]) {
        return v(lhs(b, op));
    }
    let (l, r) = (lhs(b, op), rhs(b, op));
    if is_not_of(ctx, b, r, l) || is_not_of(ctx, b, l, r) {
        return zero_of(ctx, b, op);
    }
    for reverse in [false, true] {
        let (prev_v, other) = if reverse { (r, l) } else { (l, r) };
        if let Some(prev) = def_op(ctx, b, prev_v, "arith.andi") {
            if other == b.operand(prev, 0) || other == b.operand(prev, 1) {
                return v(result(b, prev));
            }
        }
    }
    int_fold(ctx, c, |x, y, _| Some(x & y))
}

fn fold_ori(ctx: &Context, b: &mut Body, op: Op, c: Consts) -> Option<FoldResult> {
    if let Some((x, w)) = const_int(ctx, c[1]) {
        if x == 0 {
            return v(lhs(b, op));
        }
        if x == mask(w) {
            return a(c[1]);
        }
    }
    let (l, r) = (lhs(b, op), rhs(b, op));
    if is_not_of(ctx, b, r, l) {
        let xor = def_op(ctx, b, r, "arith.xori")?;
        return v(b.operand(xor, 1));
    }
    if is_not_of(ctx, b, l, r) {
        let xor = def_op(ctx, b, l, "arith.xori")?;
        return v(b.operand(xor, 1));
    }
    int_fold(ctx, c, |x, y, _| Some(x | y))
}

fn fold_xori(ctx: &Context, b: &mut Body, op: Op, c: Consts) -> Option<FoldResult> {
    if is_zero(ctx, c[1]) {
        return v(lhs(b, op));
    }
    let (l, r) = (lhs(b, op), rhs(b, op));
    if l == r {
        return zero_of(ctx, b, op);
    }
    if let Some(prev) = def_op(ctx, b, l, "arith.xori") {
        if b.operand(prev, 1) == r {
            return v(b.operand(prev, 0));
        }
        if b.operand(prev, 0) == r {
            return v(b.operand(prev, 1));
        }
    }
    if let Some(prev) = def_op(ctx, b, r, "arith.xori") {
        if b.operand(prev, 1) == l {
            return v(b.operand(prev, 0));
        }
        if b.operand(prev, 0) == l {
            return v(b.operand(prev, 1));
        }
    }
    int_fold(ctx, c, |x, y, _| Some(x ^ y))
}

fn shift_fold(ctx: &Context, b: &Body, op: Op, c: Consts, f: impl Fn(u128, u32, u32) -> u128) -> Option<FoldResult> {
    if is_zero(ctx, c[1]) {
        return v(lhs(b, op));
    }
    int_fold(ctx, c, |x, y, w| ((y as u64 as u128) == y && (y as u32 as u128) == y && (y as u32) < w).then(|| f(x, y as u32, w)))
}

fn fold_shli(ctx: &Context, b: &mut Body, op: Op, c: Consts) -> Option<FoldResult> {
    shift_fold(ctx, b, op, c, |x, s, w| (x << s) & mask(w))
}

fn fold_shrui(ctx: &Context, b: &mut Body, op: Op, c: Consts) -> Option<FoldResult> {
    shift_fold(ctx, b, op, c, |x, s, _| x >> s)
}

fn fold_shrsi(ctx: &Context, b: &mut Body, op: Op, c: Consts) -> Option<FoldResult> {
    shift_fold(ctx, b, op, c, |x, s, w| (sext(x, w) >> s) as u128 & mask(w))
}

/// max/min folds: `(x, x) -> x`, `(x, absorbing) -> absorbing`, `(x, identity) -> x`.
fn minmax(ctx: &Context, b: &Body, op: Op, c: Consts, signed: bool, max: bool) -> Option<FoldResult> {
    let (l, r) = (lhs(b, op), rhs(b, op));
    if l == r {
        return v(r);
    }
    if let Some((x, w)) = const_int(ctx, c[1]) {
        let (smax, smin) = (mask(w) >> 1, smin(w) as u128 & mask(w));
        let (hi, lo) = if signed { (smax, smin) } else { (mask(w), 0) };
        let (absorbing, identity) = if max { (hi, lo) } else { (lo, hi) };
        if x == absorbing {
            return v(r);
        }
        if x == identity {
            return v(l);
        }
    }
    int_fold(ctx, c, |x, y, w| {
        let ord = if signed { sext(x, w).cmp(&sext(y, w)) } else { x.cmp(&y) };
        Some(if (ord == Ordering::Less) == max { y } else { x })
    })
}

fn fold_maxsi(ctx: &Context, b: &mut Body, op: Op, c: Consts) -> Option<FoldResult> {
    minmax(ctx, b, op, c, true, true)
}

fn fold_maxui(ctx: &Context, b: &mut Body, op: Op, c: Consts) -> Option<FoldResult> {
    minmax(ctx, b, op, c, false, true)
}

fn fold_minsi(ctx: &Context, b: &mut Body, op: Op, c: Consts) -> Option<FoldResult> {
    minmax(ctx, b, op, c, true, false)
}

fn fold_minui(ctx: &Context, b: &mut Body, op: Op, c: Consts) -> Option<FoldResult> {
    minmax(ctx, b, op, c, false, false)
}

fn two(x: Folded, y: Folded) -> Option<FoldResult> {
    Some(FoldResult::Results(smallvec::smallvec![x, y]))
}

fn fold_addui_extended(ctx: &Context, b: &mut Body, op: Op, c: Consts) -> Option<FoldResult> {
    let ovf_ty = b.value_type(b.results(op)[1]);
    if is_zero(ctx, value_const(ctx, b, rhs(b, op))) {
        return two(Folded::Value(lhs(b, op)), Folded::Attr(zero_attr(ctx, ovf_ty)?));
    }
    let sum = fold_binary_int(ctx, c, None, |x, y, _| Some(x.wrapping_add(y)))?;
    let i1 = ctx.int_type(1);
    let ovf = fold_binary_int(ctx, &[Some(sum), c[0]], Some(i1), |s, x, _| Some((s < x) as u128))?;
    two(Folded::Attr(sum), Folded::Attr(ovf))
}

fn mul_extended(ctx: &Context, b: &mut Body, op: Op, c: Consts, signed: bool) -> Option<FoldResult> {
    // `(x, 0) -> (0, 0)` as constants (MLIR folds to the attribute, not to the operand).
    if let Some(zero) = c[1].filter(|z| is_zero(ctx, Some(*z))) {
        return two(Folded::Attr(zero), Folded::Attr(zero));
    }
    if !signed && is_one(ctx, c[1]) {
        let zero = zero_attr(ctx, b.value_type(lhs(b, op)))?;
        return two(Folded::Value(lhs(b, op)), Folded::Attr(zero));
    }
    let low = fold_binary_int(ctx, c, None, |x, y, _| Some(x.wrapping_mul(y)))?;
    let high = fold_binary_int(ctx, c, None, |x, y, w| {
        if w > 64 {
            return None;
        }
        Some(if signed {
            ((sext(x, w) * sext(y, w)) >> w) as u128 & mask(w)
        } else {
            ((x * y) >> w) & mask(w)
        })
    })?;
    two(Folded::Attr(low), Folded::Attr(high))
}

fn fold_mulsi_extended(ctx: &Context, b: &mut Body, op: Op, c: Consts) -> Option<FoldResult> {
    mul_extended(ctx, b, op, c, true)
}

fn fold_mului_extended(ctx: &Context, b: &mut Body, op: Op, c: Consts) -> Option<FoldResult> {
    mul_extended(ctx, b, op, c, false)
}

// ------------------------------------------------------------------------------ float folds

fn fold_negf(ctx: &Context, b: &mut Body, op: Op, c: Consts) -> Option<FoldResult> {
    if let Some(inner) = def_op(ctx, b, b.operand(op, 0), "arith.negf") {
        return v(b.operand(inner, 0));
    }
    a(fold_map(ctx, c[0], result_ty(b, op), |s| Some(Scalar::Float(-s.float()?))))
}

fn is_float(ctx: &Context, x: Option<Attr>, pred: impl Fn(Float) -> bool) -> bool {
    const_float(ctx, x).is_some_and(pred)
}

fn one_float(f: Float) -> bool {
    let (one, _) = Float::from_i128(f.kind, 1);
    f.bits == one.bits
}

fn fold_addf(ctx: &Context, b: &mut Body, op: Op, c: Consts) -> Option<FoldResult> {
    if is_float(ctx, c[1], |f| f.is_zero() && f.is_negative()) {
        return v(lhs(b, op));
    }
    float_fold(ctx, c, |x, y| x.add(y).ok().map(|r| r.0))
}

fn fold_subf(ctx: &Context, b: &mut Body, op: Op, c: Consts) -> Option<FoldResult> {
    if is_float(ctx, c[1], |f| f.is_zero() && !f.is_negative()) {
        return v(lhs(b, op));
    }
    float_fold(ctx, c, |x, y| x.sub(y).ok().map(|r| r.0))
}

fn fold_mulf(ctx: &Context, b: &mut Body, op: Op, c: Consts) -> Option<FoldResult> {
    if is_float(ctx, c[1], one_float) {
        return v(lhs(b, op));
    }
    let fm = flags(ctx, b, op, "fastmath");
    if fm & (2 | 8) == (2 | 8) && is_float(ctx, c[1], |f| f.is_zero()) {
        return v(rhs(b, op));
    }
    float_fold(ctx, c, |x, y| x.mul(y).ok().map(|r| r.0))
}

fn fold_divf(ctx: &Context, b: &mut Body, op: Op, c: Consts) -> Option<FoldResult> {
    if is_float(ctx, c[1], one_float) {
        return v(lhs(b, op));
    }
    float_fold(ctx, c, |x, y| x.div(y).ok().map(|r| r.0))
}

fn fold_remf(ctx: &Context, _: &mut Body, _: Op, c: Consts) -> Option<FoldResult> {
    float_fold(ctx, c, |x, y| x.rem(y).ok().map(|r| r.0))
}

/// LLVM's `maximum`/`minimum` (NaN-propagating, `-0 < +0`) and `maxnum`/`minnum` (NaN-ignoring).
fn float_minmax(x: Float, y: Float, max: bool, propagate_nan: bool) -> Option<Float> {
    if propagate_nan {
        if x.is_nan() {
            return Some(x);
        }
        if y.is_nan() {
            return Some(y);
        }
    } else {
        if x.is_nan() {
            return Some(y);
        }
        if y.is_nan() {
            return Some(x);
        }
    }
    if x.is_zero() && y.is_zero() && x.is_negative() != y.is_negative() {
        return Some(if x.is_negative() == max { y } else { x });
    }
    let ord = x.compare(y).ok()??;
    Some(if max { if ord == Ordering::Less { y } else { x } } else if ord == Ordering::Greater { y } else { x })
}

fn float_minmax_fold(ctx: &Context, b: &Body, op: Op, c: Consts, max: bool, propagate: bool) -> Option<FoldResult> {
    let (l, r) = (lhs(b, op), rhs(b, op));
    if l == r {
        return v(r);
    }
    // maximumf/minimumf: -inf (max) or +inf (min) is the identity; maxnumf/minnumf: a NaN
    // operand is ignored. (An infinity is no identity for the latter: maxnumf(NaN, -inf) is
    // -inf.)
    let identity = |f: Float| if propagate { f.is_infinite() && f.is_negative() == max } else { f.is_nan() };
    if is_float(ctx, c[1], identity) {
        return v(l);
    }
    float_fold(ctx, c, |x, y| float_minmax(x, y, max, propagate))
}

fn fold_maximumf(ctx: &Context, b: &mut Body, op: Op, c: Consts) -> Option<FoldResult> {
    float_minmax_fold(ctx, b, op, c, true, true)
}

fn fold_maxnumf(ctx: &Context, b: &mut Body, op: Op, c: Consts) -> Option<FoldResult> {
    float_minmax_fold(ctx, b, op, c, true, false)
}

fn fold_minimumf(ctx: &Context, b: &mut Body, op: Op, c: Consts) -> Option<FoldResult> {
    float_minmax_fold(ctx, b, op, c, false, true)
}

fn fold_minnumf(ctx: &Context, b: &mut Body, op: Op, c: Consts) -> Option<FoldResult> {
    float_minmax_fold(ctx, b, op, c, false, false)
}

// ------------------------------------------------------------------------------ casts

fn elem_width(ctx: &Context, t: Type) -> u32 {
    ctx.int_width(elem_or_self(ctx, t))
}

fn float_kind(ctx: &Context, t: Type) -> Option<mica_apfloat::FloatKind> {
    match ctx.type_kind(elem_or_self(ctx, t)) {
        TypeKind::Float(k) => Some(*k),
        _ => None,
    }
}

fn fold_extui(ctx: &Context, b: &mut Body, op: Op, c: Consts) -> Option<FoldResult> {
    if let Some(inner) = def_op(ctx, b, b.operand(op, 0), "arith.extui") {
        let src = b.operand(inner, 0);
        b.set_operand(op, 0, src);
        return Some(FoldResult::InPlace);
    }
    a(fold_map(ctx, c[0], result_ty(b, op), |s| Some(Scalar::Int(s.int()?))))
}

fn fold_extsi(ctx: &Context, b: &mut Body, op: Op, c: Consts) -> Option<FoldResult> {
    if let Some(inner) = def_op(ctx, b, b.operand(op, 0), "arith.extsi") {
        let src = b.operand(inner, 0);
        b.set_operand(op, 0, src);
        return Some(FoldResult::InPlace);
    }
    let from = elem_width(ctx, b.value_type(b.operand(op, 0)));
    let to = elem_width(ctx, result_ty(b, op));
    a(fold_map(ctx, c[0], result_ty(b, op), |s| Some(Scalar::Int(sext(s.int()?, from) as u128 & mask(to)))))
}

fn fold_trunci(ctx: &Context, b: &mut Body, op: Op, c: Consts) -> Option<FoldResult> {
    let input = b.operand(op, 0);
    let ext = def_op(ctx, b, input, "arith.extui").or_else(|| def_op(ctx, b, input, "arith.extsi"));
    let dst = elem_or_self(ctx, result_ty(b, op));
    if let Some(ext) = ext {
        let src = b.operand(ext, 0);
        let src_elem = elem_or_self(ctx, b.value_type(src));
        if ctx.int_width(src_elem) > ctx.int_width(dst) {
            b.set_operand(op, 0, src);
            return Some(FoldResult::InPlace);
        }
        if src_elem == dst {
            return v(src);
        }
    }
    if let Some(inner) = def_op(ctx, b, input, "arith.trunci") {
        let src = b.operand(inner, 0);
        b.set_operand(op, 0, src);
        return Some(FoldResult::InPlace);
    }
    let w = ctx.int_width(dst);
    a(fold_map(ctx, c[0], result_ty(b, op), |s| Some(Scalar::Int(s.int()? & mask(w)))))
}

/// MLIR's `convertFloatValue`: the conversion, unless it is inexact or invalid.
fn convert_exact(f: Float, to: mica_apfloat::FloatKind) -> Option<Float> {
    let (r, status) = f.convert_with_status(to);
    let (_, loses) = f.convert(to);
    (status.is_ok() && !loses).then_some(r)
}

fn fold_extf(ctx: &Context, b: &mut Body, op: Op, c: Consts) -> Option<FoldResult> {
    if let Some(trunc) = def_op(ctx, b, b.operand(op, 0), "arith.truncf") {
        let src = b.operand(trunc, 0);
        let contract = 32;
        if b.value_type(src) == result_ty(b, op) && flags(ctx, b, trunc, "fastmath") & contract != 0 && flags(ctx, b, op, "fastmath") & contract != 0 {
            return v(src);
        }
    }
    let to = float_kind(ctx, result_ty(b, op))?;
    a(fold_map(ctx, c[0], result_ty(b, op), |s| Some(Scalar::Float(convert_exact(s.float()?, to)?))))
}

fn fold_truncf(ctx: &Context, b: &mut Body, op: Op, c: Consts) -> Option<FoldResult> {
    let res_elem = elem_or_self(ctx, result_ty(b, op));
    if let Some(ext) = def_op(ctx, b, b.operand(op, 0), "arith.extf") {
        let src = b.operand(ext, 0);
        let src_elem = elem_or_self(ctx, b.value_type(src));
        let (sk, ik) = (float_kind(ctx, src_elem)?, float_kind(ctx, b.value_type(ext_result(b, ext)))?);
        if representable_by(sk, ik) {
            if ctx.int_width(src_elem) > ctx.int_width(res_elem) {
                b.set_operand(op, 0, src);
                return Some(FoldResult::InPlace);
            }
            if src_elem == res_elem {
                return v(src);
            }
        }
    }
    // Only exact conversions fold, so the rounding mode does not matter.
    let to = float_kind(ctx, res_elem)?;
    a(fold_map(ctx, c[0], result_ty(b, op), |s| Some(Scalar::Float(convert_exact(s.float()?, to)?))))
}

fn ext_result(b: &Body, op: Op) -> Value {
    b.results(op)[0]
}

/// Whether every value of `from` is exactly representable in `to` (APFloat's
/// `isRepresentableBy`): at least the precision and the exponent range.
fn representable_by(from: mica_apfloat::FloatKind, to: mica_apfloat::FloatKind) -> bool {
    from.max_exponent() <= to.max_exponent() && from.min_exponent() >= to.min_exponent() && from.precision() <= to.precision()
}

fn fold_uitofp(ctx: &Context, b: &mut Body, op: Op, c: Consts) -> Option<FoldResult> {
    let k = float_kind(ctx, result_ty(b, op))?;
    a(fold_map(ctx, c[0], result_ty(b, op), |s| Some(Scalar::Float(Float::from_u128(k, s.int()?).0))))
}

fn fold_sitofp(ctx: &Context, b: &mut Body, op: Op, c: Consts) -> Option<FoldResult> {
    let k = float_kind(ctx, result_ty(b, op))?;
    let w = elem_width(ctx, b.value_type(b.operand(op, 0)));
    a(fold_map(ctx, c[0], result_ty(b, op), |s| Some(Scalar::Float(Float::from_i128(k, sext(s.int()?, w)).0))))
}

fn fold_fptoui(ctx: &Context, b: &mut Body, op: Op, c: Consts) -> Option<FoldResult> {
    let w = elem_width(ctx, result_ty(b, op));
    a(fold_map(ctx, c[0], result_ty(b, op), |s| {
        let (r, st) = s.float()?.to_u128(w, RoundingMode::TowardZero).ok()?;
        (!st.contains(mica_apfloat::Status::INVALID_OP)).then_some(Scalar::Int(r & mask(w)))
    }))
}

fn fold_fptosi(ctx: &Context, b: &mut Body, op: Op, c: Consts) -> Option<FoldResult> {
    let w = elem_width(ctx, result_ty(b, op));
    a(fold_map(ctx, c[0], result_ty(b, op), |s| {
        let (r, st) = s.float()?.to_i128(w, RoundingMode::TowardZero).ok()?;
        (!st.contains(mica_apfloat::Status::INVALID_OP)).then_some(Scalar::Int(r as u128 & mask(w)))
    }))
}

fn index_cast_fold(ctx: &Context, b: &mut Body, op: Op, c: Consts, signed: bool) -> Option<FoldResult> {
    let from = elem_width(ctx, b.value_type(b.operand(op, 0)));
    let to = elem_width(ctx, result_ty(b, op));
    a(fold_map(ctx, c[0], result_ty(b, op), |s| {
        let x = s.int()?;
        Some(Scalar::Int(if signed { sext(x, from) as u128 & mask(to) } else { x & mask(to) }))
    }))
}

fn fold_index_cast(ctx: &Context, b: &mut Body, op: Op, c: Consts) -> Option<FoldResult> {
    index_cast_fold(ctx, b, op, c, true)
}

fn fold_index_castui(ctx: &Context, b: &mut Body, op: Op, c: Consts) -> Option<FoldResult> {
    index_cast_fold(ctx, b, op, c, false)
}

fn fold_bitcast(ctx: &Context, b: &mut Body, op: Op, c: Consts) -> Option<FoldResult> {
    let Some(operand) = c[0] else { return same_type_cast(b, op) };
    let res = result_ty(b, op);
    if let Some(e) = decode(ctx, operand) {
        if !e.is_scalar() || !ctx.type_kind(res).is_shaped() {
            let elem = elem_or_self(ctx, res);
            let to_float = float_kind(ctx, elem);
            return a(fold_map(ctx, Some(operand), res, |s| {
                let bits = match s {
                    Scalar::Int(x) => x,
                    Scalar::Float(f) => f.storage_bits(),
                };
                Some(match to_float {
                    Some(k) => Scalar::Float(Float::from_bits(k, bits)),
                    None => Scalar::Int(bits),
                })
            }));
        }
        return None;
    }
    if is_poison(ctx, operand) && !ctx.type_kind(res).is_shaped() {
        return a(Some(operand));
    }
    None
}

/// The `CastOpInterface` fold: a cast to its operand's own type is the operand.
fn same_type_cast(b: &Body, op: Op) -> Option<FoldResult> {
    let x = b.operand(op, 0);
    (b.value_type(x) == result_ty(b, op)).then(|| v(x)).flatten()
}

// ------------------------------------------------------------------------------ cmpi, cmpf, select

/// `cmpi pred` on two values of width `w`.
fn cmpi(pred: u64, x: u128, y: u128, w: u32) -> bool {
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

/// A boolean constant shaped like `ty` (`i1`, or a splat of it).
fn bool_attr(ctx: &Context, ty: Type, value: bool) -> Option<Attr> {
    let k = ctx.type_kind(ty);
    if k.is_shaped() && k.num_elements().is_none() {
        return None;
    }
    Some(int_const(ctx, ty, value as u128))
}

fn set_predicate(ctx: &Context, b: &mut Body, op: Op, pred: u64) {
    let props = b.op(op).properties();
    let mut entries = props.map(|p| ctx.dict_entries(p).to_vec()).unwrap_or_default();
    let id = ctx.ident("predicate");
    let value = CMPI_PREDICATE.attr(ctx, pred);
    match entries.iter_mut().find(|e| e.0 == id) {
        Some(e) => e.1 = value,
        None => entries.push((id, value)),
    }
    b.op_mut(op).set_properties(Some(ctx.dict_attr(entries)));
}

fn fold_cmpi(ctx: &Context, b: &mut Body, op: Op, c: Consts) -> Option<FoldResult> {
    let pred = predicate(ctx, b, op)?;
    let (l, r) = (lhs(b, op), rhs(b, op));
    let rt = result_ty(b, op);
    if l == r {
        return a(bool_attr(ctx, rt, matches!(pred, 0 | 3 | 5 | 7 | 9)));
    }
    let lhs_elem = elem_or_self(ctx, b.value_type(l));
    let is_i1 = matches!(ctx.type_kind(lhs_elem), TypeKind::Integer { width: 1, .. });
    if is_zero(ctx, c[1]) {
        for ext in ["arith.extsi", "arith.extui"] {
            if let Some(e) = def_op(ctx, b, l, ext) {
                let src = b.operand(e, 0);
                if matches!(ctx.type_kind(b.value_type(src)), TypeKind::Integer { width: 1, .. }) && pred == 1 {
                    return v(src);
                }
            }
        }
        if is_i1 && pred == 1 {
            return v(l);
        }
    }
    if is_one(ctx, c[1]) && is_i1 && pred == 0 {
        return v(l);
    }
    if c[0].is_some() && c[1].is_none() {
        let swapped = match pred {
            2 => 4,
            4 => 2,
            3 => 5,
            5 => 3,
            6 => 8,
            8 => 6,
            7 => 9,
            9 => 7,
            p => p,
        };
        set_predicate(ctx, b, op, swapped);
        b.set_operand(op, 0, r);
        b.set_operand(op, 1, l);
        return Some(FoldResult::InPlace);
    }
    // MLIR folds no comparison with poison.
    if c.iter().all(|x| x.is_some_and(|x| !is_poison(ctx, x))) {
        let i1 = ctx.int_type(1);
        return a(fold_binary_int(ctx, c, Some(i1), |x, y, w| Some(cmpi(pred, x, y, w) as u128)));
    }
    None
}

fn fold_cmpf(ctx: &Context, b: &mut Body, op: Op, c: Consts) -> Option<FoldResult> {
    let scalar = |x: Option<Attr>| -> Option<Float> {
        let e = decode(ctx, x?)?;
        if !e.is_scalar() {
            return None;
        }
        e.values[0].float()
    };
    let (mut l, mut r) = (scalar(c[0]), scalar(c[1]));
    if l.is_some_and(|f| f.is_nan()) {
        r = l;
    }
    if r.is_some_and(|f| f.is_nan()) {
        l = r;
    }
    let (l, r) = (l?, r?);
    let pred = predicate(ctx, b, op)?;
    let ord = l.compare(r).ok()?;
    let result = match pred {
        0 => false,
        1 => ord == Some(Ordering::Equal),
        2 => ord == Some(Ordering::Greater),
        3 => matches!(ord, Some(Ordering::Greater | Ordering::Equal)),
        4 => ord == Some(Ordering::Less),
        5 => matches!(ord, Some(Ordering::Less | Ordering::Equal)),
        6 => matches!(ord, Some(Ordering::Less | Ordering::Greater)),
        7 => ord.is_some(),
        8 => ord.is_none() || ord == Some(Ordering::Equal),
        9 => ord.is_none() || ord == Some(Ordering::Greater),
        10 => ord.is_none() || matches!(ord, Some(Ordering::Greater | Ordering::Equal)),
        11 => ord.is_none() || ord == Some(Ordering::Less),
        12 => ord.is_none() || matches!(ord, Some(Ordering::Less | Ordering::Equal)),
        13 => ord != Some(Ordering::Equal),
        14 => ord.is_none(),
        _ => true,
    };
    a(Some(ctx.bool_attr(result)))
}

fn fold_select(ctx: &Context, b: &mut Body, op: Op, c: Consts) -> Option<FoldResult> {
    let (cond, t, f) = (b.operand(op, 0), b.operand(op, 1), b.operand(op, 2));
    if t == f {
        return v(t);
    }
    if is_one(ctx, c[0]) {
        return v(t);
    }
    if is_zero(ctx, c[0]) {
        return v(f);
    }
    if c[1].is_some_and(|x| is_poison(ctx, x)) {
        return v(f);
    }
    if c[2].is_some_and(|x| is_poison(ctx, x)) {
        return v(t);
    }
    let rt = result_ty(b, op);
    if matches!(ctx.type_kind(rt), TypeKind::Integer { width: 1, signedness: mica_ir::Signedness::Signless }) && is_one(ctx, c[1]) && is_zero(ctx, c[2]) {
        return v(cond);
    }
    if let Some(cmp) = def_op(ctx, b, cond, "arith.cmpi") {
        let pred = predicate(ctx, b, cmp)?;
        if pred == 0 || pred == 1 {
            let (cl, cr) = (b.operand(cmp, 0), b.operand(cmp, 1));
            if (cl == t && cr == f) || (cr == t && cl == f) {
                return v(if pred == 1 { t } else { f });
            }
        }
    }
    // Element-wise select of constant vectors by a constant non-splat condition.
    let (cd, td, fd) = (decode(ctx, c[0]?)?, decode(ctx, c[1]?)?, decode(ctx, c[2]?)?);
    if cd.is_scalar() || td.is_scalar() || fd.is_scalar() {
        return None;
    }
    let n = td.len(ctx);
    let out: Vec<Scalar> = (0..n).map(|i| if cd.get(i).int() == Some(1) { td.get(i) } else { fd.get(i) }).collect();
    a(Some(encode(ctx, td.ty, &out)))
}

// ------------------------------------------------------------------------------ patterns

/// The integer constant (scalar only: MLIR's `APIntAttr`) defining `v`.
fn scalar_int(ctx: &Context, b: &Body, v: Value) -> Option<(u128, Type)> {
    scalar_int_attr(ctx, value_const(ctx, b, v)?)
}

fn overflow_attr(ctx: &Context, f: u64) -> Attr {
    OVERFLOW_FLAGS.attr(ctx, f)
}

/// Creates `arith.constant c : ty` before `before`.
fn make_const(ctx: &Context, rw: &mut Rewriter<'_>, ty: Type, c: u128, loc: Attr, before: Op) -> Value {
    let attr = int_const(ctx, ty, c);
    let st = op_state(ctx, "arith.constant", &[], &[ty], &[("value", attr)], loc);
    let op = rw.create_before(st, before);
    rw.body.results(op)[0]
}

/// Creates a binary arith op before `before` and returns its result.
fn make_binary(ctx: &Context, rw: &mut Rewriter<'_>, name: &str, x: Value, y: Value, ovf: Option<u64>, loc: Attr, before: Op) -> Value {
    let ty = rw.body.value_type(x);
    let props: Vec<(&str, Attr)> = ovf.map(|f| vec![("overflowFlags", overflow_attr(ctx, f))]).unwrap_or_default();
    let st = op_state(ctx, name, &[x, y], &[ty], &props, loc);
    let op = rw.create_before(st, before);
    rw.body.results(op)[0]
}

/// `op(inner(x, c0), c1)` matching: the inner op on `op`'s operand `which`, with a scalar
/// constant on its side `const_side`; gives (inner, x, c0, c1, ty, loc) where `loc` is MLIR's
/// DRR location: the root's and that of the first constant op met depth-first (the inner
/// op's constant when the inner op comes first, else the outer constant).
fn match_chain(ctx: &Context, b: &Body, op: Op, which: usize, inner_name: &str, const_side: usize) -> Option<(Op, Value, u128, u128, Type, Attr)> {
    // Cheapest test first: the chained side must be an op's result (often a block argument
    // instead), before the constant side is decoded and the inner op's name compared.
    value_def(b, b.operand(op, which))?;
    let (c1, ty) = scalar_int(ctx, b, b.operand(op, 1 - which))?;
    let inner = def_op(ctx, b, b.operand(op, which), inner_name)?;
    let (c0, _) = scalar_int(ctx, b, b.operand(inner, const_side))?;
    let first_const = if which == 0 { b.operand(inner, const_side) } else { b.operand(op, 0) };
    let loc = fused_loc(ctx, b, &[op, value_def(b, first_const)?]);
    Some((inner, b.operand(inner, 1 - const_side), c0, c1, ty, loc))
}

/// The op defining `v`, if a result.
fn value_def(b: &Body, v: Value) -> Option<Op> {
    match b.value(v).def {
        mica_ir::ValueDef::Result(op, _) => Some(op),
        mica_ir::ValueDef::Arg(..) => None,
    }
}

/// Replaces `op` by `name(x, y)` (or `name(y, x)` when `swap`) with merged flags, creating the
/// constant `c` for the constant side.
#[allow(clippy::too_many_arguments)]
fn rewrite_chain(ctx: &Context, rw: &mut Rewriter<'_>, op: Op, inner: Op, name: &str, x: Value, c: u128, ty: Type, const_first: bool, loc: Attr) -> bool {
    let f = flags(ctx, rw.body, op, "overflowFlags") & flags(ctx, rw.body, inner, "overflowFlags");
    let k = make_const(ctx, rw, ty, c, loc, op);
    let (p, q) = if const_first { (k, x) } else { (x, k) };
    let r = make_binary(ctx, rw, name, p, q, Some(f), loc, op);
    rw.replace_op(op, &[r]);
    true
}

fn wrap(ctx: &Context, ty: Type, x: u128) -> u128 {
    x & mask(ctx.int_width(ty))
}

fn add_add_constant(ctx: &Context, rw: &mut Rewriter<'_>, op: Op) -> bool {
    let Some((inner, x, c0, c1, ty, loc)) = match_chain(ctx, rw.body, op, 0, "arith.addi", 1) else { return false };
    rewrite_chain(ctx, rw, op, inner, "arith.addi", x, wrap(ctx, ty, c0.wrapping_add(c1)), ty, false, loc)
}

fn add_sub_constant_rhs(ctx: &Context, rw: &mut Rewriter<'_>, op: Op) -> bool {
    let Some((inner, x, c0, c1, ty, loc)) = match_chain(ctx, rw.body, op, 0, "arith.subi", 1) else { return false };
    rewrite_chain(ctx, rw, op, inner, "arith.addi", x, wrap(ctx, ty, c1.wrapping_sub(c0)), ty, false, loc)
}

fn add_sub_constant_lhs(ctx: &Context, rw: &mut Rewriter<'_>, op: Op) -> bool {
    let Some((inner, x, c0, c1, ty, loc)) = match_chain(ctx, rw.body, op, 0, "arith.subi", 0) else { return false };
    rewrite_chain(ctx, rw, op, inner, "arith.subi", x, wrap(ctx, ty, c0.wrapping_add(c1)), ty, true, loc)
}

/// `muli(y, -1)` defining `v`: gives `y`.
fn neg_of(ctx: &Context, b: &Body, v: Value) -> Option<(Op, Value)> {
    let mul = def_op(ctx, b, v, "arith.muli")?;
    let c = value_const(ctx, b, b.operand(mul, 1));
    is_all_ones(ctx, c).then(|| (mul, b.operand(mul, 0)))
}

fn add_mul_neg_one_rhs(ctx: &Context, rw: &mut Rewriter<'_>, op: Op) -> bool {
    let Some((mul, y)) = neg_of(ctx, rw.body, rw.body.operand(op, 1)) else { return false };
    let x = rw.body.operand(op, 0);
    let Some(k) = value_def(rw.body, rw.body.operand(mul, 1)) else { return false };
    let loc = fused_loc(ctx, rw.body, &[op, k]);
    let r = make_binary(ctx, rw, "arith.subi", x, y, None, loc, op);
    rw.replace_op(op, &[r]);
    true
}

fn add_mul_neg_one_lhs(ctx: &Context, rw: &mut Rewriter<'_>, op: Op) -> bool {
    let Some((mul, x)) = neg_of(ctx, rw.body, rw.body.operand(op, 0)) else { return false };
    let y = rw.body.operand(op, 1);
    let Some(k) = value_def(rw.body, rw.body.operand(mul, 1)) else { return false };
    let loc = fused_loc(ctx, rw.body, &[op, k]);
    let r = make_binary(ctx, rw, "arith.subi", y, x, None, loc, op);
    rw.replace_op(op, &[r]);
    true
}

fn sub_rhs_add_constant(ctx: &Context, rw: &mut Rewriter<'_>, op: Op) -> bool {
    let Some((inner, x, c0, c1, ty, loc)) = match_chain(ctx, rw.body, op, 0, "arith.addi", 1) else { return false };
    rewrite_chain(ctx, rw, op, inner, "arith.addi", x, wrap(ctx, ty, c0.wrapping_sub(c1)), ty, false, loc)
}

fn sub_lhs_add_constant(ctx: &Context, rw: &mut Rewriter<'_>, op: Op) -> bool {
    let Some((inner, x, c0, c1, ty, loc)) = match_chain(ctx, rw.body, op, 1, "arith.addi", 1) else { return false };
    rewrite_chain(ctx, rw, op, inner, "arith.subi", x, wrap(ctx, ty, c1.wrapping_sub(c0)), ty, true, loc)
}

fn sub_rhs_sub_constant_rhs(ctx: &Context, rw: &mut Rewriter<'_>, op: Op) -> bool {
    let Some((inner, x, c0, c1, ty, loc)) = match_chain(ctx, rw.body, op, 0, "arith.subi", 1) else { return false };
    rewrite_chain(ctx, rw, op, inner, "arith.subi", x, wrap(ctx, ty, c0.wrapping_add(c1)), ty, false, loc)
}

fn sub_rhs_sub_constant_lhs(ctx: &Context, rw: &mut Rewriter<'_>, op: Op) -> bool {
    let Some((inner, x, c0, c1, ty, loc)) = match_chain(ctx, rw.body, op, 0, "arith.subi", 0) else { return false };
    rewrite_chain(ctx, rw, op, inner, "arith.subi", x, wrap(ctx, ty, c0.wrapping_sub(c1)), ty, true, loc)
}

fn sub_lhs_sub_constant_rhs(ctx: &Context, rw: &mut Rewriter<'_>, op: Op) -> bool {
    let Some((inner, x, c0, c1, ty, loc)) = match_chain(ctx, rw.body, op, 1, "arith.subi", 1) else { return false };
    rewrite_chain(ctx, rw, op, inner, "arith.subi", x, wrap(ctx, ty, c0.wrapping_add(c1)), ty, true, loc)
}

fn sub_lhs_sub_constant_lhs(ctx: &Context, rw: &mut Rewriter<'_>, op: Op) -> bool {
    let Some((inner, x, c0, c1, ty, loc)) = match_chain(ctx, rw.body, op, 1, "arith.subi", 0) else { return false };
    rewrite_chain(ctx, rw, op, inner, "arith.addi", x, wrap(ctx, ty, c1.wrapping_sub(c0)), ty, false, loc)
}

fn sub_sub_lhs_rhs_lhs(ctx: &Context, rw: &mut Rewriter<'_>, op: Op) -> bool {
    let Some(inner) = def_op(ctx, rw.body, rw.body.operand(op, 0), "arith.subi") else { return false };
    if rw.body.operand(inner, 0) != rw.body.operand(op, 1) {
        return false;
    }
    let ty = result_ty(rw.body, op);
    let Some(zero) = zero_attr(ctx, ty) else { return false };
    let loc = fused_loc(ctx, rw.body, &[op, inner]);
    let y = rw.body.operand(inner, 1);
    let st = op_state(ctx, "arith.constant", &[], &[ty], &[("value", zero)], loc);
    let k = rw.create_before(st, op);
    let k = rw.body.results(k)[0];
    let f = flags(ctx, rw.body, op, "overflowFlags") & flags(ctx, rw.body, inner, "overflowFlags");
    let r = make_binary(ctx, rw, "arith.subi", k, y, Some(f), loc, op);
    rw.replace_op(op, &[r]);
    true
}

fn mul_mul_constant(ctx: &Context, rw: &mut Rewriter<'_>, op: Op) -> bool {
    let Some((inner, x, c0, c1, ty, loc)) = match_chain(ctx, rw.body, op, 0, "arith.muli", 1) else { return false };
    rewrite_chain(ctx, rw, op, inner, "arith.muli", x, wrap(ctx, ty, c0.wrapping_mul(c1)), ty, false, loc)
}

fn xor_not_cmpi(ctx: &Context, rw: &mut Rewriter<'_>, op: Op) -> bool {
    let b = &*rw.body;
    let Some(cmp) = def_op(ctx, b, b.operand(op, 0), "arith.cmpi") else { return false };
    if !is_one(ctx, value_const(ctx, b, b.operand(op, 1))) {
        return false;
    }
    let Some(pred) = predicate(ctx, b, cmp) else { return false };
    let inverted = invert_cmpi_predicate(pred);
    let loc = fused_loc(ctx, b, &[op, cmp]);
    let (x, y) = (b.operand(cmp, 0), b.operand(cmp, 1));
    let ty = result_ty(b, op);
    let st = op_state(ctx, "arith.cmpi", &[x, y], &[ty], &[("predicate", CMPI_PREDICATE.attr(ctx, inverted))], loc);
    let n = rw.create_before(st, op);
    let r = rw.body.results(n)[0];
    rw.replace_op(op, &[r]);
    true
}

fn addui_extended_to_addi(ctx: &Context, rw: &mut Rewriter<'_>, op: Op) -> bool {
    if rw.body.has_uses(rw.body.results(op)[1]) {
        return false;
    }
    let (x, y) = (rw.body.operand(op, 0), rw.body.operand(op, 1));
    let loc = rw.body.op(op).loc;
    let r = make_binary(ctx, rw, "arith.addi", x, y, None, loc, op);
    let ovf = rw.body.results(op)[1];
    rw.replace_op(op, &[r, ovf]);
    true
}

fn mul_extended_to_muli(ctx: &Context, rw: &mut Rewriter<'_>, op: Op) -> bool {
    if rw.body.has_uses(rw.body.results(op)[1]) {
        return false;
    }
    let (x, y) = (rw.body.operand(op, 0), rw.body.operand(op, 1));
    let loc = rw.body.op(op).loc;
    let r = make_binary(ctx, rw, "arith.muli", x, y, None, loc, op);
    let high = rw.body.results(op)[1];
    rw.replace_op(op, &[r, high]);
    true
}

/// `op(negf(a), negf(b)) -> op(a, b)` keeping `op`'s fastmath flags.
fn binary_of_negf(ctx: &Context, rw: &mut Rewriter<'_>, op: Op, name: &str) -> bool {
    let b = &*rw.body;
    let (Some(n0), Some(n1)) = (def_op(ctx, b, b.operand(op, 0), "arith.negf"), def_op(ctx, b, b.operand(op, 1), "arith.negf")) else { return false };
    let loc = fused_loc(ctx, b, &[op, n0, n1]);
    let (x, y) = (b.operand(n0, 0), b.operand(n1, 0));
    let fm = ctx.op_attr(b, op, "fastmath");
    let ty = result_ty(b, op);
    let props: Vec<(&str, Attr)> = fm.map(|f| vec![("fastmath", f)]).unwrap_or_default();
    let st = op_state(ctx, name, &[x, y], &[ty], &props, loc);
    let n = rw.create_before(st, op);
    let r = rw.body.results(n)[0];
    rw.replace_op(op, &[r]);
    true
}

fn mulf_of_negf(ctx: &Context, rw: &mut Rewriter<'_>, op: Op) -> bool {
    binary_of_negf(ctx, rw, op, "arith.mulf")
}

fn divf_of_negf(ctx: &Context, rw: &mut Rewriter<'_>, op: Op) -> bool {
    binary_of_negf(ctx, rw, op, "arith.divf")
}

/// Replaces `op` by a cast `name` of `x` to `op`'s result type.
fn replace_with_cast(ctx: &Context, rw: &mut Rewriter<'_>, op: Op, matched: &[Op], name: &str, x: Value) -> bool {
    let loc = fused_loc(ctx, rw.body, matched);
    let ty = result_ty(rw.body, op);
    let st = op_state(ctx, name, &[x], &[ty], &[], loc);
    let n = rw.create_before(st, op);
    let r = rw.body.results(n)[0];
    rw.replace_op(op, &[r]);
    true
}

fn extsi_of_extui(ctx: &Context, rw: &mut Rewriter<'_>, op: Op) -> bool {
    let Some(inner) = def_op(ctx, rw.body, rw.body.operand(op, 0), "arith.extui") else { return false };
    let x = rw.body.operand(inner, 0);
    replace_with_cast(ctx, rw, op, &[op, inner], "arith.extui", x)
}

fn trunci_ext(ctx: &Context, rw: &mut Rewriter<'_>, op: Op, ext: &str) -> bool {
    let Some(inner) = def_op(ctx, rw.body, rw.body.operand(op, 0), ext) else { return false };
    let x = rw.body.operand(inner, 0);
    let (src, dst) = (elem_width(ctx, rw.body.value_type(x)), elem_width(ctx, result_ty(rw.body, op)));
    if src >= dst {
        return false;
    }
    replace_with_cast(ctx, rw, op, &[op, inner], ext, x)
}

fn trunci_extsi(ctx: &Context, rw: &mut Rewriter<'_>, op: Op) -> bool {
    trunci_ext(ctx, rw, op, "arith.extsi")
}

fn trunci_extui(ctx: &Context, rw: &mut Rewriter<'_>, op: Op) -> bool {
    trunci_ext(ctx, rw, op, "arith.extui")
}

fn index_cast_of_index_cast(ctx: &Context, rw: &mut Rewriter<'_>, op: Op) -> bool {
    let name = ctx.str(rw.body.op(op).name).to_string();
    let Some(inner) = def_op(ctx, rw.body, rw.body.operand(op, 0), &name) else { return false };
    let x = rw.body.operand(inner, 0);
    if rw.body.value_type(x) != result_ty(rw.body, op) {
        return false;
    }
    rw.replace_op(op, &[x]);
    true
}

fn index_cast_of_extsi(ctx: &Context, rw: &mut Rewriter<'_>, op: Op) -> bool {
    let Some(inner) = def_op(ctx, rw.body, rw.body.operand(op, 0), "arith.extsi") else { return false };
    let x = rw.body.operand(inner, 0);
    replace_with_cast(ctx, rw, op, &[op, inner], "arith.index_cast", x)
}

fn index_castui_of_extui(ctx: &Context, rw: &mut Rewriter<'_>, op: Op) -> bool {
    let Some(inner) = def_op(ctx, rw.body, rw.body.operand(op, 0), "arith.extui") else { return false };
    let x = rw.body.operand(inner, 0);
    replace_with_cast(ctx, rw, op, &[op, inner], "arith.index_castui", x)
}

fn bitcast_of_bitcast(ctx: &Context, rw: &mut Rewriter<'_>, op: Op) -> bool {
    let Some(inner) = def_op(ctx, rw.body, rw.body.operand(op, 0), "arith.bitcast") else { return false };
    let x = rw.body.operand(inner, 0);
    replace_with_cast(ctx, rw, op, &[op, inner], "arith.bitcast", x)
}

/// `cmpi(eq/ne, ext(a), ext(b)) -> cmpi(eq/ne, a, b)` for equal source types.
fn cmpi_ext(ctx: &Context, rw: &mut Rewriter<'_>, op: Op, ext: &str) -> bool {
    let b = &*rw.body;
    let Some(pred) = predicate(ctx, b, op) else { return false };
    if pred > 1 {
        return false;
    }
    // The second operand only once the first matched: most ops see no extension.
    let Some(e0) = def_op(ctx, b, b.operand(op, 0), ext) else { return false };
    let Some(e1) = def_op(ctx, b, b.operand(op, 1), ext) else { return false };
    let (x, y) = (b.operand(e0, 0), b.operand(e1, 0));
    if b.value_type(x) != b.value_type(y) {
        return false;
    }
    let loc = fused_loc(ctx, b, &[op, e0, e1]);
    let ty = result_ty(b, op);
    let st = op_state(ctx, "arith.cmpi", &[x, y], &[ty], &[("predicate", CMPI_PREDICATE.attr(ctx, pred))], loc);
    let n = rw.create_before(st, op);
    let r = rw.body.results(n)[0];
    rw.replace_op(op, &[r]);
    true
}

fn cmpi_ext_si(ctx: &Context, rw: &mut Rewriter<'_>, op: Op) -> bool {
    cmpi_ext(ctx, rw, op, "arith.extsi")
}

fn cmpi_ext_ui(ctx: &Context, rw: &mut Rewriter<'_>, op: Op) -> bool {
    cmpi_ext(ctx, rw, op, "arith.extui")
}

fn make_select(ctx: &Context, rw: &mut Rewriter<'_>, op: Op, matched: &[Op], c: Value, t: Value, f: Value) -> bool {
    let loc = fused_loc(ctx, rw.body, matched);
    let ty = result_ty(rw.body, op);
    let st = op_state(ctx, "arith.select", &[c, t, f], &[ty], &[], loc);
    let n = rw.create_before(st, op);
    let r = rw.body.results(n)[0];
    rw.replace_op(op, &[r]);
    true
}

fn redundant_select_true(ctx: &Context, rw: &mut Rewriter<'_>, op: Op) -> bool {
    let b = &*rw.body;
    let Some(inner) = def_op(ctx, b, b.operand(op, 1), "arith.select") else { return false };
    if b.operand(inner, 0) != b.operand(op, 0) {
        return false;
    }
    let (c, t, f) = (b.operand(op, 0), b.operand(inner, 1), b.operand(op, 2));
    make_select(ctx, rw, op, &[op, inner], c, t, f)
}

fn redundant_select_false(ctx: &Context, rw: &mut Rewriter<'_>, op: Op) -> bool {
    let b = &*rw.body;
    let Some(inner) = def_op(ctx, b, b.operand(op, 2), "arith.select") else { return false };
    if b.operand(inner, 0) != b.operand(op, 0) {
        return false;
    }
    let (c, t, f) = (b.operand(op, 0), b.operand(op, 1), b.operand(inner, 2));
    make_select(ctx, rw, op, &[op, inner], c, t, f)
}

fn select_not_cond(ctx: &Context, rw: &mut Rewriter<'_>, op: Op) -> bool {
    let b = &*rw.body;
    let Some(xor) = def_op(ctx, b, b.operand(op, 0), "arith.xori") else { return false };
    if !is_one(ctx, value_const(ctx, b, b.operand(xor, 1))) {
        return false;
    }
    let (c, t, f) = (b.operand(xor, 0), b.operand(op, 1), b.operand(op, 2));
    let Some(k) = value_def(b, b.operand(xor, 1)) else { return false };
    make_select(ctx, rw, op, &[op, k], c, f, t)
}

fn select_i1_to_not(ctx: &Context, rw: &mut Rewriter<'_>, op: Op) -> bool {
    let b = &*rw.body;
    let ty = result_ty(b, op);
    if !matches!(ctx.type_kind(ty), TypeKind::Integer { width: 1, .. }) {
        return false;
    }
    let (t, f) = (value_const(ctx, b, b.operand(op, 1)), value_const(ctx, b, b.operand(op, 2)));
    if !(is_zero(ctx, t) && is_one(ctx, f)) {
        return false;
    }
    let loc = b.op(op).loc;
    let c = b.operand(op, 0);
    let k = make_const(ctx, rw, ty, 1, loc, op);
    let r = make_binary(ctx, rw, "arith.xori", c, k, None, loc, op);
    rw.replace_op(op, &[r]);
    true
}

fn select_to_extui(ctx: &Context, rw: &mut Rewriter<'_>, op: Op) -> bool {
    let b = &*rw.body;
    let ty = result_ty(b, op);
    if !matches!(ctx.type_kind(ty), TypeKind::Integer { width, .. } if *width != 1) {
        return false;
    }
    let (t, f) = (value_const(ctx, b, b.operand(op, 1)), value_const(ctx, b, b.operand(op, 2)));
    let loc = b.op(op).loc;
    let c = b.operand(op, 0);
    if is_one(ctx, t) && is_zero(ctx, f) {
        return replace_with_cast(ctx, rw, op, &[op], "arith.extui", c);
    }
    if is_zero(ctx, t) && is_one(ctx, f) {
        let i1 = rw.body.value_type(c);
        let k = make_const(ctx, rw, i1, 1, loc, op);
        let x = make_binary(ctx, rw, "arith.xori", c, k, None, loc, op);
        let st = op_state(ctx, "arith.extui", &[x], &[ty], &[], loc);
        let n = rw.create_before(st, op);
        let r = rw.body.results(n)[0];
        rw.replace_op(op, &[r]);
        return true;
    }
    false
}

/// `op(ext(x), ext(y)) -> ext(op(x, y))` for the logic ops, when `x` and `y` have one type.
fn logic_of_ext(ctx: &Context, rw: &mut Rewriter<'_>, op: Op, ext: &str) -> bool {
    let b = &*rw.body;
    // The second operand only once the first matched: most ops see no extension.
    let Some(e0) = def_op(ctx, b, b.operand(op, 0), ext) else { return false };
    let Some(e1) = def_op(ctx, b, b.operand(op, 1), ext) else { return false };
    let (x, y) = (b.operand(e0, 0), b.operand(e1, 0));
    if b.value_type(x) != b.value_type(y) {
        return false;
    }
    let loc = fused_loc(ctx, b, &[op, e0, e1]);
    let name = ctx.str(b.op(op).name).to_string();
    let inner = make_binary(ctx, rw, &name, x, y, None, loc, op);
    let ty = result_ty(rw.body, op);
    let st = op_state(ctx, ext, &[inner], &[ty], &[], loc);
    let n = rw.create_before(st, op);
    let r = rw.body.results(n)[0];
    rw.replace_op(op, &[r]);
    true
}

fn logic_of_extui(ctx: &Context, rw: &mut Rewriter<'_>, op: Op) -> bool {
    logic_of_ext(ctx, rw, op, "arith.extui")
}

fn logic_of_extsi(ctx: &Context, rw: &mut Rewriter<'_>, op: Op) -> bool {
    logic_of_ext(ctx, rw, op, "arith.extsi")
}

/// `truncf(itofp(x)) -> itofp(x)` to the narrower type, without an explicit rounding mode.
fn truncf_of_itofp(ctx: &Context, rw: &mut Rewriter<'_>, op: Op, cast: &str) -> bool {
    if ctx.op_attr(rw.body, op, "roundingmode").is_some() {
        return false;
    }
    let Some(inner) = def_op(ctx, rw.body, rw.body.operand(op, 0), cast) else { return false };
    let x = rw.body.operand(inner, 0);
    replace_with_cast(ctx, rw, op, &[op, inner], cast, x)
}

fn truncf_of_sitofp(ctx: &Context, rw: &mut Rewriter<'_>, op: Op) -> bool {
    truncf_of_itofp(ctx, rw, op, "arith.sitofp")
}

fn truncf_of_uitofp(ctx: &Context, rw: &mut Rewriter<'_>, op: Op) -> bool {
    truncf_of_itofp(ctx, rw, op, "arith.uitofp")
}

/// `trunci(shrsi(x, c)) -> trunci(shrui(x, c))` when `c` is exactly the truncated width.
fn trunci_shrsi(ctx: &Context, rw: &mut Rewriter<'_>, op: Op) -> bool {
    let b = &*rw.body;
    let Some(shr) = def_op(ctx, b, b.operand(op, 0), "arith.shrsi") else { return false };
    let x = b.operand(shr, 0);
    let Some(c) = value_const(ctx, b, b.operand(shr, 1)) else { return false };
    let Some((amount, _)) = const_int(ctx, Some(c)) else { return false };
    let (src, dst) = (elem_width(ctx, b.value_type(x)), elem_width(ctx, result_ty(b, op)));
    if amount != (src - dst) as u128 {
        return false;
    }
    let Some(k) = value_def(b, b.operand(shr, 1)) else { return false };
    let loc = fused_loc(ctx, b, &[op, k]);
    let ovf = ctx.op_attr(b, op, "overflowFlags");
    let cty = b.value_type(b.operand(shr, 1));
    let st = op_state(ctx, "arith.constant", &[], &[cty], &[("value", c)], loc);
    let k = rw.create_before(st, op);
    let k = rw.body.results(k)[0];
    let sh = make_binary(ctx, rw, "arith.shrui", x, k, None, loc, op);
    let ty = result_ty(rw.body, op);
    let props: Vec<(&str, Attr)> = ovf.map(|f| vec![("overflowFlags", f)]).unwrap_or_default();
    let st = op_state(ctx, "arith.trunci", &[sh], &[ty], &props, loc);
    let n = rw.create_before(st, op);
    let r = rw.body.results(n)[0];
    rw.replace_op(op, &[r]);
    true
}

/// `mulsi_extended(x, 1) -> (x, extsi(cmpi slt, x, 0))` for integers wider than one bit.
fn mulsi_extended_rhs_one(ctx: &Context, rw: &mut Rewriter<'_>, op: Op) -> bool {
    let b = &*rw.body;
    let x = b.operand(op, 0);
    let ty = b.value_type(x);
    if elem_width(ctx, ty) <= 1 || !is_one(ctx, value_const(ctx, b, b.operand(op, 1))) {
        return false;
    }
    let Some(zero) = zero_attr(ctx, ty) else { return false };
    let loc = b.op(op).loc;
    let st = op_state(ctx, "arith.constant", &[], &[ty], &[("value", zero)], loc);
    let z = rw.create_before(st, op);
    let z = rw.body.results(z)[0];
    let i1 = with_elem(ctx, ty, ctx.int_type(1));
    let st = op_state(ctx, "arith.cmpi", &[x, z], &[i1], &[("predicate", CMPI_PREDICATE.attr(ctx, 2))], loc);
    let c = rw.create_before(st, op);
    let c = rw.body.results(c)[0];
    let st = op_state(ctx, "arith.extsi", &[c], &[ty], &[], loc);
    let e = rw.create_before(st, op);
    let e = rw.body.results(e)[0];
    rw.replace_op(op, &[x, e]);
    true
}
