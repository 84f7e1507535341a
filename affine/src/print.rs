//! Printing of affine expressions, maps and integer sets in exactly the text `mlir-opt` 22
//! writes: its parenthesization (operands of `*`, `floordiv`, `ceildiv`, `mod` bind tightly)
//! and its pretty forms for negation (`-x`, `x - y`, `x - y * 3`, `x - 4`).

use std::fmt::{self, Write};

use crate::expr::{AffineExpr, BinaryOp, ExprView};
use crate::map::{AffineMap, IntegerSet, MapOrSet};

/// Writes the name of dimension or symbol `position` (the flag tells which: `true` for a
/// symbol), e.g. `d0`/`s0`, or an SSA name when printing the operands of an affine op inline.
pub type NameWriter<'a> = dyn FnMut(&mut dyn Write, u32, bool) -> fmt::Result + 'a;

/// The default names: `d<n>` for dimensions, `s<n>` for symbols.
fn default_name(out: &mut dyn Write, position: u32, is_symbol: bool) -> fmt::Result {
    write!(out, "{}{position}", if is_symbol { 's' } else { 'd' })
}

impl AffineExpr {
    /// Writes the expression as MLIR does, with `names` writing each dimension and symbol.
    pub fn write_with_names(&self, out: &mut dyn Write, names: &mut NameWriter<'_>) -> fmt::Result {
        write_expr(self, false, out, names)
    }
}

/// Writes `expr`; `strong` is true when it is an operand of a tightly binding operator, so a
/// compound expression needs parentheses.
fn write_expr(
    expr: &AffineExpr,
    strong: bool,
    out: &mut dyn Write,
    names: &mut NameWriter<'_>,
) -> fmt::Result {
    let (op, lhs, rhs) = match expr.view() {
        ExprView::Dim(position) => return names(out, position, false),
        ExprView::Symbol(position) => return names(out, position, true),
        ExprView::Constant(value) => return write!(out, "{value}"),
        ExprView::Binary(op, lhs, rhs) => (op, lhs, rhs),
    };
    if strong {
        out.write_char('(')?;
    }
    write_binary(op, lhs, rhs, out, names)?;
    if strong {
        out.write_char(')')?;
    }
    Ok(())
}

/// Writes `lhs op rhs` without the surrounding parentheses.
fn write_binary(
    op: BinaryOp,
    lhs: &AffineExpr,
    rhs: &AffineExpr,
    out: &mut dyn Write,
    names: &mut NameWriter<'_>,
) -> fmt::Result {
    let spelling = match op {
        BinaryOp::Add => return write_sum(lhs, rhs, out, names),
        BinaryOp::Mul if rhs.as_constant() == Some(-1) => {
            out.write_char('-')?;
            return write_expr(lhs, true, out, names);
        }
        BinaryOp::Mul => " * ",
        BinaryOp::FloorDiv => " floordiv ",
        BinaryOp::CeilDiv => " ceildiv ",
        BinaryOp::Mod => " mod ",
    };
    write_expr(lhs, true, out, names)?;
    out.write_str(spelling)?;
    write_expr(rhs, true, out, names)
}

/// Writes `lhs + rhs`, turning a negated or negatively scaled right operand into a subtraction.
fn write_sum(
    lhs: &AffineExpr,
    rhs: &AffineExpr,
    out: &mut dyn Write,
    names: &mut NameWriter<'_>,
) -> fmt::Result {
    if let Some((term, factor)) = rhs.operands_of(BinaryOp::Mul)
        && let Some(factor) = factor.as_constant()
    {
        if factor == -1 {
            write_expr(lhs, false, out, names)?;
            out.write_str(" - ")?;
            let is_sum = term.operands_of(BinaryOp::Add).is_some();
            return write_expr(term, is_sum, out, names);
        }
        if factor < -1 {
            write_expr(lhs, false, out, names)?;
            out.write_str(" - ")?;
            write_expr(term, true, out, names)?;
            return write!(out, " * {}", factor.wrapping_neg());
        }
    }
    if let Some(value) = rhs.as_constant()
        && value < 0
    {
        write_expr(lhs, false, out, names)?;
        return write!(out, " - {}", value.wrapping_neg());
    }
    write_expr(lhs, false, out, names)?;
    out.write_str(" + ")?;
    write_expr(rhs, false, out, names)
}

/// Writes `(d0, d1)[s0, s1]` (the symbol list only when there are symbols).
fn write_inputs(num_dims: u32, num_symbols: u32, out: &mut dyn Write) -> fmt::Result {
    out.write_char('(')?;
    for position in 0..num_dims {
        let separator = if position == 0 { "" } else { ", " };
        write!(out, "{separator}d{position}")?;
    }
    out.write_char(')')?;
    if num_symbols != 0 {
        out.write_char('[')?;
        for position in 0..num_symbols {
            let separator = if position == 0 { "" } else { ", " };
            write!(out, "{separator}s{position}")?;
        }
        out.write_char(']')?;
    }
    Ok(())
}

impl fmt::Display for AffineExpr {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_expr(self, false, f, &mut default_name)
    }
}

impl fmt::Display for AffineMap {
    /// `(d0, d1)[s0] -> (d0 + s0, d1 floordiv 2)`
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_inputs(self.num_dims, self.num_symbols, f)?;
        f.write_str(" -> (")?;
        for (index, result) in self.results.iter().enumerate() {
            if index != 0 {
                f.write_str(", ")?;
            }
            write_expr(result, false, f, &mut default_name)?;
        }
        f.write_char(')')
    }
}

impl fmt::Display for IntegerSet {
    /// `(d0)[s0] : (d0 - s0 >= 0, d0 == 0)`
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_inputs(self.num_dims, self.num_symbols, f)?;
        f.write_str(" : (")?;
        for (index, (constraint, is_equality)) in self.constraints.iter().enumerate() {
            if index != 0 {
                f.write_str(", ")?;
            }
            write_expr(constraint, false, f, &mut default_name)?;
            f.write_str(if *is_equality { " == 0" } else { " >= 0" })?;
        }
        f.write_char(')')
    }
}

impl fmt::Display for MapOrSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MapOrSet::Map(map) => map.fmt(f),
            MapOrSet::Set(set) => set.fmt(f),
        }
    }
}
