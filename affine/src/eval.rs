//! Constant evaluation of affine expressions, as MLIR's `AffineExprConstantFolder`: dimensions
//! and symbols take the given values, `+` and `*` wrap on 64 bits, `floordiv` and `ceildiv`
//! round toward negative and positive infinity, `mod` is the remainder in `0..rhs`. A division
//! by zero or a modulo by a non-positive value is poison.

use crate::expr::{AffineExpr, BinaryOp, ExprView};

/// The value of an expression.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Evaluated {
    /// This value.
    Value(i64),
    /// Some input it reads is unknown.
    Unknown,
    /// A division by zero or a modulo by a non-positive value with both sides known.
    Poison,
}

impl AffineExpr {
    /// The value of the expression for the dimension values `dims` and symbol values
    /// `symbols` (`None` for an unknown one).
    pub fn evaluate(&self, dims: &[Option<i64>], symbols: &[Option<i64>]) -> Evaluated {
        let leaf = |v: Option<&Option<i64>>| v.copied().flatten().map_or(Evaluated::Unknown, Evaluated::Value);
        match self.view() {
            ExprView::Dim(p) => leaf(dims.get(p as usize)),
            ExprView::Symbol(p) => leaf(symbols.get(p as usize)),
            ExprView::Constant(c) => Evaluated::Value(c),
            ExprView::Binary(op, lhs, rhs) => {
                let (l, r) = match (lhs.evaluate(dims, symbols), rhs.evaluate(dims, symbols)) {
                    (Evaluated::Poison, _) | (_, Evaluated::Poison) => return Evaluated::Poison,
                    (Evaluated::Value(l), Evaluated::Value(r)) => (l, r),
                    _ => return Evaluated::Unknown,
                };
                match op {
                    BinaryOp::Add => Evaluated::Value(l.wrapping_add(r)),
                    BinaryOp::Mul => Evaluated::Value(l.wrapping_mul(r)),
                    BinaryOp::Mod if r < 1 => Evaluated::Poison,
                    BinaryOp::Mod => Evaluated::Value(l.rem_euclid(r)),
                    BinaryOp::FloorDiv | BinaryOp::CeilDiv if r == 0 => Evaluated::Poison,
                    BinaryOp::FloorDiv => Evaluated::Value(round_div(l, r, false)),
                    BinaryOp::CeilDiv => Evaluated::Value(round_div(l, r, true)),
                }
            }
        }
    }
}

/// `l / r` rounded down (or up with `up`); `r != 0`, wrapping for `i64::MIN / -1`.
fn round_div(l: i64, r: i64, up: bool) -> i64 {
    let q = l.wrapping_div(r);
    let inexact = l.wrapping_rem(r) != 0;
    let positive = (l < 0) == (r < 0);
    match (inexact, up, positive) {
        (true, false, false) => q - 1,
        (true, true, true) => q + 1,
        _ => q,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn folds_like_mlir() {
        let d0 = AffineExpr::dim(0);
        let s0 = AffineExpr::symbol(0);
        let e = AffineExpr::floor_div(AffineExpr::add(d0.clone(), s0.clone()), AffineExpr::constant(4));
        assert_eq!(e.evaluate(&[Some(-7)], &[Some(2)]), Evaluated::Value(-2));
        assert_eq!(e.evaluate(&[None], &[Some(2)]), Evaluated::Unknown);
        let c = AffineExpr::ceil_div(d0.clone(), s0.clone());
        assert_eq!(c.evaluate(&[Some(7)], &[Some(2)]), Evaluated::Value(4));
        assert_eq!(c.evaluate(&[Some(7)], &[Some(0)]), Evaluated::Poison);
        let m = AffineExpr::modulo(d0, s0);
        assert_eq!(m.evaluate(&[Some(-7)], &[Some(3)]), Evaluated::Value(2));
        assert_eq!(m.evaluate(&[Some(7)], &[Some(-3)]), Evaluated::Poison);
    }
}
