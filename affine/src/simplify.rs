//! The simplifying constructors of affine expressions, reproducing MLIR 22's `AffineExpr`
//! operators (`simplifyAdd`, `simplifyMul`, `simplifyFloorDiv`, `simplifyCeilDiv`,
//! `simplifyMod`): constant folding (declined when it would overflow), constants and symbolic
//! terms moved to the right, two dimensions or two symbols put in position order, `(x * c1) * c2` and `(x + c1) + c2` folding, `c1 * x + c2 * x`
//! merging, `x - (x floordiv c) * c` recognised as `x mod c`, division of multiples, and so on.
//!
//! Intermediate arithmetic that MLIR performs on `int64_t` without overflow checks wraps here,
//! which is what MLIR's compiled code does in practice; nothing in this file can panic.

use crate::expr::{AffineExpr, BinaryOp};

/// `a floordiv b` rounded toward negative infinity; `b != 0` and not `i64::MIN / -1`.
fn floor_div(a: i64, b: i64) -> i64 {
    let quotient = a / b;
    if a % b != 0 && ((a < 0) != (b < 0)) {
        quotient - 1
    } else {
        quotient
    }
}

/// `a ceildiv b` rounded toward positive infinity; `b != 0` and not `i64::MIN / -1`.
fn ceil_div(a: i64, b: i64) -> i64 {
    let quotient = a / b;
    if a % b != 0 && ((a < 0) == (b < 0)) {
        quotient + 1
    } else {
        quotient
    }
}

/// True if `value` is known to be a multiple of `divisor` (non-zero); `i64::MIN % -1` counts
/// as zero instead of trapping.
fn divides(divisor: i64, value: i64) -> bool {
    value.wrapping_rem(divisor) == 0
}

/// True for two dimensions, or two symbols, in decreasing position order: MLIR 22 swaps
/// such operands of `+` and `*` (`d1 + d0` becomes `d0 + d1`).
fn out_of_order(lhs: &AffineExpr, rhs: &AffineExpr) -> bool {
    match (lhs, rhs) {
        (AffineExpr::Dim(a), AffineExpr::Dim(b))
        | (AffineExpr::Symbol(a), AffineExpr::Symbol(b)) => a > b,
        _ => false,
    }
}

/// Splits `e * c` into `(e, c)`; any other expression is `(expr, 1)`.
fn split_constant_factor(expr: &AffineExpr) -> (&AffineExpr, i64) {
    if let Some((lhs, rhs)) = expr.operands_of(BinaryOp::Mul)
        && let Some(factor) = rhs.as_constant()
    {
        return (lhs, factor);
    }
    (expr, 1)
}

#[expect(
    clippy::should_implement_trait,
    reason = "named after MLIR's operators; both operands are explicit arguments, so `AffineExpr::add(a, b)` reads as MLIR's `a + b`"
)]
impl AffineExpr {
    /// Builds `lhs op rhs` with the simplifications of the matching operator, as MLIR's
    /// `getAffineBinaryOpExpr`.
    pub fn binary(op: BinaryOp, lhs: AffineExpr, rhs: AffineExpr) -> AffineExpr {
        match op {
            BinaryOp::Add => AffineExpr::add(lhs, rhs),
            BinaryOp::Mul => AffineExpr::mul(lhs, rhs),
            BinaryOp::Mod => AffineExpr::modulo(lhs, rhs),
            BinaryOp::FloorDiv => AffineExpr::floor_div(lhs, rhs),
            BinaryOp::CeilDiv => AffineExpr::ceil_div(lhs, rhs),
        }
    }

    /// `lhs + rhs`, simplified as MLIR's `AffineExpr::operator+`.
    pub fn add(lhs: AffineExpr, rhs: AffineExpr) -> AffineExpr {
        simplify_add(&lhs, &rhs)
            .unwrap_or_else(|| AffineExpr::binary_unsimplified(BinaryOp::Add, lhs, rhs))
    }

    /// `lhs - rhs`, built as MLIR does: `lhs + rhs * -1`.
    pub fn sub(lhs: AffineExpr, rhs: AffineExpr) -> AffineExpr {
        AffineExpr::add(lhs, AffineExpr::neg(rhs))
    }

    /// `-expr`, built as MLIR does: `expr * -1`.
    pub fn neg(expr: AffineExpr) -> AffineExpr {
        AffineExpr::mul(expr, AffineExpr::Constant(-1))
    }

    /// `lhs * rhs`, simplified as MLIR's `AffineExpr::operator*`.
    pub fn mul(lhs: AffineExpr, rhs: AffineExpr) -> AffineExpr {
        simplify_mul(&lhs, &rhs)
            .unwrap_or_else(|| AffineExpr::binary_unsimplified(BinaryOp::Mul, lhs, rhs))
    }

    /// `lhs floordiv rhs`, simplified as MLIR's `AffineExpr::floorDiv`.
    pub fn floor_div(lhs: AffineExpr, rhs: AffineExpr) -> AffineExpr {
        simplify_floor_div(&lhs, &rhs)
            .unwrap_or_else(|| AffineExpr::binary_unsimplified(BinaryOp::FloorDiv, lhs, rhs))
    }

    /// `lhs ceildiv rhs`, simplified as MLIR's `AffineExpr::ceilDiv`.
    pub fn ceil_div(lhs: AffineExpr, rhs: AffineExpr) -> AffineExpr {
        simplify_ceil_div(&lhs, &rhs)
            .unwrap_or_else(|| AffineExpr::binary_unsimplified(BinaryOp::CeilDiv, lhs, rhs))
    }

    /// `lhs mod rhs`, simplified as MLIR's `AffineExpr::operator%`.
    pub fn modulo(lhs: AffineExpr, rhs: AffineExpr) -> AffineExpr {
        simplify_mod(&lhs, &rhs)
            .unwrap_or_else(|| AffineExpr::binary_unsimplified(BinaryOp::Mod, lhs, rhs))
    }
}

fn simplify_add(lhs: &AffineExpr, rhs: &AffineExpr) -> Option<AffineExpr> {
    let lhs_const = lhs.as_constant();
    let rhs_const = rhs.as_constant();
    if let (Some(a), Some(b)) = (lhs_const, rhs_const) {
        return a.checked_add(b).map(AffineExpr::Constant);
    }
    // Only the right side may be a constant; a lone symbolic operand goes to the right.
    if lhs_const.is_some()
        || (lhs.is_symbolic_or_constant() && !rhs.is_symbolic_or_constant())
        || out_of_order(lhs, rhs)
    {
        return Some(AffineExpr::add(rhs.clone(), lhs.clone()));
    }
    if rhs_const == Some(0) {
        return Some(lhs.clone());
    }
    let lhs_add = lhs.operands_of(BinaryOp::Add);
    // (e + c1) + c2 -> e + (c1 + c2)
    if let (Some((inner, inner_rhs)), Some(c2)) = (lhs_add, rhs_const)
        && let Some(c1) = inner_rhs.as_constant()
    {
        return Some(AffineExpr::add(
            inner.clone(),
            AffineExpr::Constant(c1.wrapping_add(c2)),
        ));
    }
    // e * c1 + e * c2 -> e * (c1 + c2), with a missing factor counting as 1.
    let (first, c1) = split_constant_factor(lhs);
    let (second, c2) = split_constant_factor(rhs);
    if first == second {
        return Some(AffineExpr::mul(
            first.clone(),
            AffineExpr::Constant(c1.wrapping_add(c2)),
        ));
    }
    // (e + c) + f -> (e + f) + c
    if let Some((inner, inner_rhs)) = lhs_add
        && let Some(c) = inner_rhs.as_constant()
    {
        let sum = AffineExpr::add(inner.clone(), rhs.clone());
        return Some(AffineExpr::add(sum, AffineExpr::Constant(c)));
    }
    simplify_add_to_mod(lhs, rhs)
}

/// Recognises `e + ((e floordiv q) * q) * -1` (q symbolic) and `e + (e floordiv c) * -c`
/// (c a positive constant) as `e mod q`, also as the last term of a sum.
fn simplify_add_to_mod(lhs: &AffineExpr, rhs: &AffineExpr) -> Option<AffineExpr> {
    let (rhs_op, rhs_lhs, rhs_rhs) = rhs.as_binary()?;
    if rhs_rhs.as_constant() == Some(-1)
        && let Some((quotient, divisor)) = rhs_lhs.operands_of(BinaryOp::Mul)
    {
        let (dividend, inner_divisor) = quotient.operands_of(BinaryOp::FloorDiv)?;
        if inner_divisor == divisor && lhs == dividend {
            return Some(AffineExpr::modulo(lhs.clone(), divisor.clone()));
        }
    }
    if rhs_op != BinaryOp::Mul {
        return None;
    }
    let (dividend, divisor) = rhs_lhs.operands_of(BinaryOp::FloorDiv)?;
    let positive_divisor = divisor.as_constant().is_some_and(|c| c > 0);
    if positive_divisor && lhs == dividend && *divisor == AffineExpr::neg(rhs_rhs.clone()) {
        return Some(AffineExpr::modulo(lhs.clone(), divisor.clone()));
    }
    // (a + b) + (e floordiv c) * f -> a + (b + (e floordiv c) * f) when the inner sum
    // simplifies, e.g. (a + e) - (e floordiv c) * c -> a + e mod c.
    let (a, b) = lhs.operands_of(BinaryOp::Add)?;
    let inner = simplify_add(b, rhs)?;
    Some(AffineExpr::add(a.clone(), inner))
}

fn simplify_mul(lhs: &AffineExpr, rhs: &AffineExpr) -> Option<AffineExpr> {
    let lhs_const = lhs.as_constant();
    let rhs_const = rhs.as_constant();
    if let (Some(a), Some(b)) = (lhs_const, rhs_const) {
        return a.checked_mul(b).map(AffineExpr::Constant);
    }
    if !lhs.is_symbolic_or_constant() && !rhs.is_symbolic_or_constant() {
        return None;
    }
    // The constant, or else the symbolic operand, goes to the right.
    if !rhs.is_symbolic_or_constant() || lhs_const.is_some() || out_of_order(lhs, rhs) {
        return Some(AffineExpr::mul(rhs.clone(), lhs.clone()));
    }
    match rhs_const {
        Some(1) => return Some(lhs.clone()),
        Some(0) => return Some(AffineExpr::Constant(0)),
        _ => {}
    }
    if let Some((inner, inner_rhs)) = lhs.operands_of(BinaryOp::Mul)
        && let Some(c1) = inner_rhs.as_constant()
    {
        // (e * c1) * c2 -> e * (c1 * c2); (e * c) * f -> (e * f) * c
        return Some(match rhs_const {
            Some(c2) => AffineExpr::mul(inner.clone(), AffineExpr::Constant(c1.wrapping_mul(c2))),
            None => AffineExpr::mul(
                AffineExpr::mul(inner.clone(), rhs.clone()),
                AffineExpr::Constant(c1),
            ),
        });
    }
    None
}

fn simplify_floor_div(lhs: &AffineExpr, rhs: &AffineExpr) -> Option<AffineExpr> {
    let divisor = rhs.as_constant().filter(|&c| c != 0)?;
    if let Some(dividend) = lhs.as_constant() {
        if dividend == i64::MIN && divisor == -1 {
            return None;
        }
        return Some(AffineExpr::Constant(floor_div(dividend, divisor)));
    }
    if divisor == 1 {
        return Some(lhs.clone());
    }
    if let Some(quotient) = divide_constant_factor(lhs, divisor) {
        return Some(quotient);
    }
    // (a + b) floordiv c -> a floordiv c + b floordiv c when a or b is a multiple of c.
    if let Some((a, b)) = lhs.operands_of(BinaryOp::Add)
        && (divides(divisor, a.largest_known_divisor())
            || divides(divisor, b.largest_known_divisor()))
    {
        let a = AffineExpr::floor_div(a.clone(), AffineExpr::Constant(divisor));
        let b = AffineExpr::floor_div(b.clone(), AffineExpr::Constant(divisor));
        return Some(AffineExpr::add(a, b));
    }
    None
}

fn simplify_ceil_div(lhs: &AffineExpr, rhs: &AffineExpr) -> Option<AffineExpr> {
    let divisor = rhs.as_constant().filter(|&c| c != 0)?;
    if let Some(dividend) = lhs.as_constant() {
        if dividend == i64::MIN && divisor == -1 {
            return None;
        }
        return Some(AffineExpr::Constant(ceil_div(dividend, divisor)));
    }
    if divisor == 1 {
        return Some(lhs.clone());
    }
    divide_constant_factor(lhs, divisor)
}

/// `(e * c) div divisor -> e * (c / divisor)` when `divisor` divides `c` (either rounding).
fn divide_constant_factor(lhs: &AffineExpr, divisor: i64) -> Option<AffineExpr> {
    let (inner, factor) = lhs.operands_of(BinaryOp::Mul)?;
    let factor = factor.as_constant()?;
    divides(divisor, factor).then(|| {
        AffineExpr::mul(
            inner.clone(),
            AffineExpr::Constant(factor.wrapping_div(divisor)),
        )
    })
}

fn simplify_mod(lhs: &AffineExpr, rhs: &AffineExpr) -> Option<AffineExpr> {
    // A zero or negative modulus is left alone.
    let modulus = rhs.as_constant().filter(|&c| c >= 1)?;
    if let Some(value) = lhs.as_constant() {
        return Some(AffineExpr::Constant(value.rem_euclid(modulus)));
    }
    if divides(modulus, lhs.largest_known_divisor()) {
        return Some(AffineExpr::Constant(0));
    }
    // (a + b) mod c -> b mod c when a is a multiple of c (and symmetrically).
    if let Some((a, b)) = lhs.operands_of(BinaryOp::Add) {
        if divides(modulus, a.largest_known_divisor()) {
            return Some(AffineExpr::modulo(b.clone(), AffineExpr::Constant(modulus)));
        }
        if divides(modulus, b.largest_known_divisor()) {
            return Some(AffineExpr::modulo(a.clone(), AffineExpr::Constant(modulus)));
        }
    }
    // (e mod a) mod b -> e mod b when b divides a.
    if let Some((inner, inner_modulus)) = lhs.operands_of(BinaryOp::Mod)
        && let Some(a) = inner_modulus.as_constant()
        && a >= 1
        && a.rem_euclid(modulus) == 0
    {
        return Some(AffineExpr::modulo(
            inner.clone(),
            AffineExpr::Constant(modulus),
        ));
    }
    None
}
