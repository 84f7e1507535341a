//! MLIR affine expressions, affine maps and integer sets as plain values (`Clone + Eq + Hash`,
//! no context), so the IR crate can store them inside interned attributes.
//!
//! - [`AffineExpr`] builds with MLIR 22's construction-time simplification
//!   ([`AffineExpr::add`], [`AffineExpr::mul`], [`AffineExpr::floor_div`], ...).
//! - `Display` on [`AffineExpr`], [`AffineMap`], [`IntegerSet`] and [`MapOrSet`] writes exactly
//!   what `mlir-opt` 22 writes, e.g. `(d0, d1)[s0] -> (d0 + s0, d1 floordiv 2)`.
//! - [`parse_map_or_set`] and [`AffineParser`] read that text (and affine ops' expressions of
//!   SSA ids), failing with MLIR's messages at MLIR's locations.

mod error;
mod eval;
mod expr;
mod lexer;
mod map;
mod parser;
mod print;
mod simplify;

pub use error::ParseError;
pub use eval::Evaluated;
pub use expr::{AffineExpr, BinaryExpr, BinaryOp, ExprView};
pub use map::{AffineMap, IntegerSet, MapOrSet};
pub use parser::{AffineParser, Delimiter, MAX_EXPR_DEPTH, MAX_NESTING, SsaOperand};
pub use print::NameWriter;

/// Parses the text of a map or set at the beginning of `src` (optional whitespace and `//`
/// comments, then `(`): `(d0, d1)[s0] -> (exprs)` or `(d0)[s0] : (constraints)`. Stops right
/// after the closing `)` of the result or constraint list and returns the number of bytes
/// consumed; e.g. for `affine_map<(d0) -> (d0)>` pass the text after `<`.
///
/// Error offsets are relative to `src` and computed as if `src` were the whole buffer; use
/// [`AffineParser`] to give the surrounding text.
pub fn parse_map_or_set(src: &str) -> Result<(MapOrSet, usize), ParseError> {
    AffineParser::new(src, 0).parse_map_or_set()
}

/// Parses one affine expression over SSA values at the beginning of `src`, as affine ops write
/// them: `%i * 2 + %j + symbol(%n)`. Each distinct SSA name becomes a dimension, or a symbol
/// when its first use is `symbol(%x)`, numbered by first appearance, and is reported once to
/// `on_operand`. Returns the expression and the number of bytes consumed (the expression ends
/// before the first token that cannot continue it).
pub fn parse_expr_with_operands<'a>(
    src: &'a str,
    on_operand: &mut dyn FnMut(&SsaOperand<'a>),
) -> Result<(AffineExpr, usize), ParseError> {
    AffineParser::new(src, 0).parse_expr_of_ssa_ids(on_operand)
}
