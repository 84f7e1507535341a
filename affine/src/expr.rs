//! The affine expression value type: a tree over dimensions, symbols and 64-bit constants,
//! with structural equality and hashing, cheap to clone (children are shared behind [`Arc`]).
//!
//! Each binary node caches two facts that depend on its operands only (whether it is free of
//! dimensions, and its depth), so the checks the parser and the simplifier make on every node
//! take constant time. The simplifying constructors live in `simplify.rs`; this file holds the
//! representation and the read-only queries.

use std::fmt;
use std::hash::{Hash, Hasher};
use std::sync::Arc;

/// The operator of a binary affine expression.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum BinaryOp {
    /// `lhs + rhs`
    Add,
    /// `lhs * rhs`
    Mul,
    /// `lhs mod rhs` (the result has the sign of a positive `rhs`: Euclidean remainder).
    Mod,
    /// `lhs floordiv rhs`
    FloorDiv,
    /// `lhs ceildiv rhs`
    CeilDiv,
}

/// An affine expression, as MLIR's `AffineExpr` but as a plain value: no context, compared and
/// hashed structurally.
///
/// Build expressions with [`AffineExpr::dim`], [`AffineExpr::symbol`], [`AffineExpr::constant`]
/// and the simplifying operators ([`AffineExpr::add`], [`AffineExpr::mul`], ...), which fold
/// exactly as MLIR 22 does when it builds an expression.
#[derive(Clone, PartialEq, Eq, Hash)]
pub enum AffineExpr {
    /// Dimension `d<n>`.
    Dim(u32),
    /// Symbol `s<n>`.
    Symbol(u32),
    /// An integer constant.
    Constant(i64),
    /// `lhs + rhs`
    Add(Arc<BinaryExpr>),
    /// `lhs * rhs`
    Mul(Arc<BinaryExpr>),
    /// `lhs mod rhs`
    Mod(Arc<BinaryExpr>),
    /// `lhs floordiv rhs`
    FloorDiv(Arc<BinaryExpr>),
    /// `lhs ceildiv rhs`
    CeilDiv(Arc<BinaryExpr>),
}

/// A borrowed view of one node of an expression: a leaf, or an operator with its operands.
#[derive(Clone, Copy, Debug)]
pub enum ExprView<'a> {
    /// Dimension `d<n>`.
    Dim(u32),
    /// Symbol `s<n>`.
    Symbol(u32),
    /// An integer constant.
    Constant(i64),
    /// `lhs op rhs`
    Binary(BinaryOp, &'a AffineExpr, &'a AffineExpr),
}

/// The operands of a binary affine expression, with facts about them computed once when the
/// node is built. Equality and hashing look at the operands only.
pub struct BinaryExpr {
    lhs: AffineExpr,
    rhs: AffineExpr,
    symbolic_or_constant: bool,
    depth: u32,
}

impl BinaryExpr {
    /// The left operand.
    pub fn lhs(&self) -> &AffineExpr {
        &self.lhs
    }

    /// The right operand.
    pub fn rhs(&self) -> &AffineExpr {
        &self.rhs
    }
}

impl PartialEq for BinaryExpr {
    fn eq(&self, other: &Self) -> bool {
        self.lhs == other.lhs && self.rhs == other.rhs
    }
}

impl Eq for BinaryExpr {}

impl Hash for BinaryExpr {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.lhs.hash(state);
        self.rhs.hash(state);
    }
}

/// Greatest common divisor of two unsigned values (`gcd(0, x) == x`).
fn gcd(mut a: u64, mut b: u64) -> u64 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

impl AffineExpr {
    /// Dimension `d<position>`.
    pub fn dim(position: u32) -> Self {
        AffineExpr::Dim(position)
    }

    /// Symbol `s<position>`.
    pub fn symbol(position: u32) -> Self {
        AffineExpr::Symbol(position)
    }

    /// The constant `value`.
    pub fn constant(value: i64) -> Self {
        AffineExpr::Constant(value)
    }

    /// Builds the node `lhs op rhs` as is, without simplification: what the simplifying
    /// constructors build when no rule applies. Other uses risk trees MLIR would never build
    /// (such as `1 + 2`), which print differently from MLIR's.
    pub fn binary_unsimplified(op: BinaryOp, lhs: AffineExpr, rhs: AffineExpr) -> Self {
        let symbolic_or_constant = lhs.is_symbolic_or_constant() && rhs.is_symbolic_or_constant();
        let depth = lhs.depth().max(rhs.depth()).saturating_add(1);
        let node = Arc::new(BinaryExpr {
            lhs,
            rhs,
            symbolic_or_constant,
            depth,
        });
        match op {
            BinaryOp::Add => AffineExpr::Add(node),
            BinaryOp::Mul => AffineExpr::Mul(node),
            BinaryOp::Mod => AffineExpr::Mod(node),
            BinaryOp::FloorDiv => AffineExpr::FloorDiv(node),
            BinaryOp::CeilDiv => AffineExpr::CeilDiv(node),
        }
    }

    /// This node as a leaf or an operator with its operands, for exhaustive matching.
    pub fn view(&self) -> ExprView<'_> {
        match self {
            AffineExpr::Dim(position) => ExprView::Dim(*position),
            AffineExpr::Symbol(position) => ExprView::Symbol(*position),
            AffineExpr::Constant(value) => ExprView::Constant(*value),
            AffineExpr::Add(node) => ExprView::Binary(BinaryOp::Add, &node.lhs, &node.rhs),
            AffineExpr::Mul(node) => ExprView::Binary(BinaryOp::Mul, &node.lhs, &node.rhs),
            AffineExpr::Mod(node) => ExprView::Binary(BinaryOp::Mod, &node.lhs, &node.rhs),
            AffineExpr::FloorDiv(node) => {
                ExprView::Binary(BinaryOp::FloorDiv, &node.lhs, &node.rhs)
            }
            AffineExpr::CeilDiv(node) => ExprView::Binary(BinaryOp::CeilDiv, &node.lhs, &node.rhs),
        }
    }

    /// The operator and operands if this is a binary expression.
    pub fn as_binary(&self) -> Option<(BinaryOp, &AffineExpr, &AffineExpr)> {
        match self.view() {
            ExprView::Binary(op, lhs, rhs) => Some((op, lhs, rhs)),
            _ => None,
        }
    }

    /// The operands if this is a binary expression with operator `op`.
    pub fn operands_of(&self, op: BinaryOp) -> Option<(&AffineExpr, &AffineExpr)> {
        match self.as_binary() {
            Some((found, lhs, rhs)) if found == op => Some((lhs, rhs)),
            _ => None,
        }
    }

    /// The value if this is a constant.
    pub fn as_constant(&self) -> Option<i64> {
        match self {
            AffineExpr::Constant(value) => Some(*value),
            _ => None,
        }
    }

    /// The node of a binary expression, with its cached facts.
    fn binary_node(&self) -> Option<&BinaryExpr> {
        match self {
            AffineExpr::Dim(_) | AffineExpr::Symbol(_) | AffineExpr::Constant(_) => None,
            AffineExpr::Add(node)
            | AffineExpr::Mul(node)
            | AffineExpr::Mod(node)
            | AffineExpr::FloorDiv(node)
            | AffineExpr::CeilDiv(node) => Some(node),
        }
    }

    /// True if the expression uses no dimension (only symbols and constants), as MLIR's
    /// `isSymbolicOrConstant`.
    pub fn is_symbolic_or_constant(&self) -> bool {
        match self {
            AffineExpr::Dim(_) => false,
            AffineExpr::Symbol(_) | AffineExpr::Constant(_) => true,
            _ => self
                .binary_node()
                .is_some_and(|node| node.symbolic_or_constant),
        }
    }

    /// True if multiplications, divisions and modulos only involve constants on the required
    /// side, as MLIR's `isPureAffine`.
    pub fn is_pure_affine(&self) -> bool {
        match self.as_binary() {
            None => true,
            Some((BinaryOp::Add, lhs, rhs)) => lhs.is_pure_affine() && rhs.is_pure_affine(),
            Some((BinaryOp::Mul, lhs, rhs)) => {
                lhs.is_pure_affine()
                    && rhs.is_pure_affine()
                    && (lhs.as_constant().is_some() || rhs.as_constant().is_some())
            }
            Some((_, lhs, rhs)) => lhs.is_pure_affine() && rhs.as_constant().is_some(),
        }
    }

    /// The largest integer known to divide every value of the expression, as MLIR's
    /// `getLargestKnownDivisor` (including its wrap-around on extreme constants).
    pub fn largest_known_divisor(&self) -> i64 {
        match self.view() {
            ExprView::Dim(_) | ExprView::Symbol(_) => 1,
            ExprView::Constant(value) => value.wrapping_abs(),
            ExprView::Binary(op, lhs, rhs) => binary_divisor(op, lhs, rhs),
        }
    }

    /// Height of the tree: 1 for a leaf.
    pub fn depth(&self) -> u32 {
        self.binary_node().map_or(1, |node| node.depth)
    }

    /// True if dimension `position` occurs in the expression.
    pub fn is_function_of_dim(&self, position: u32) -> bool {
        match self {
            AffineExpr::Dim(found) => *found == position,
            _ => self.as_binary().is_some_and(|(_, lhs, rhs)| {
                lhs.is_function_of_dim(position) || rhs.is_function_of_dim(position)
            }),
        }
    }

    /// True if symbol `position` occurs in the expression.
    pub fn is_function_of_symbol(&self, position: u32) -> bool {
        match self {
            AffineExpr::Symbol(found) => *found == position,
            _ => self.as_binary().is_some_and(|(_, lhs, rhs)| {
                lhs.is_function_of_symbol(position) || rhs.is_function_of_symbol(position)
            }),
        }
    }

    /// Replaces `d<i>` by `dims[i]` and `s<i>` by `symbols[i]` (positions past the end of a
    /// slice are kept) and rebuilds the changed nodes with simplification, as MLIR's
    /// `replaceDimsAndSymbols`.
    pub fn replace_dims_and_symbols(
        &self,
        dims: &[AffineExpr],
        symbols: &[AffineExpr],
    ) -> AffineExpr {
        if let Some((op, lhs, rhs)) = self.as_binary() {
            let new_lhs = lhs.replace_dims_and_symbols(dims, symbols);
            let new_rhs = rhs.replace_dims_and_symbols(dims, symbols);
            if new_lhs == *lhs && new_rhs == *rhs {
                return self.clone();
            }
            return AffineExpr::binary(op, new_lhs, new_rhs);
        }
        let replacement = match self {
            AffineExpr::Dim(position) => dims.get(*position as usize),
            AffineExpr::Symbol(position) => symbols.get(*position as usize),
            _ => None,
        };
        replacement.unwrap_or(self).clone()
    }
}

/// The largest known divisor of `lhs op rhs`, as MLIR 22 computes it.
fn binary_divisor(op: BinaryOp, lhs: &AffineExpr, rhs: &AffineExpr) -> i64 {
    match op {
        BinaryOp::Mul => lhs
            .largest_known_divisor()
            .wrapping_mul(rhs.largest_known_divisor()),
        // The gcd is computed on the unsigned reinterpretation, as MLIR's `std::gcd` call does.
        BinaryOp::Add | BinaryOp::Mod => gcd(
            lhs.largest_known_divisor() as u64,
            rhs.largest_known_divisor() as u64,
        ) as i64,
        BinaryOp::FloorDiv | BinaryOp::CeilDiv => match rhs.as_constant() {
            Some(divisor) if divisor != 0 => {
                let lhs_divisor = lhs.largest_known_divisor();
                if lhs_divisor.wrapping_rem(divisor) == 0 {
                    lhs_divisor.wrapping_div(divisor).wrapping_abs()
                } else {
                    1
                }
            }
            _ => 1,
        },
    }
}

impl fmt::Debug for AffineExpr {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (name, node) = match self {
            AffineExpr::Dim(position) => return f.debug_tuple("Dim").field(position).finish(),
            AffineExpr::Symbol(position) => {
                return f.debug_tuple("Symbol").field(position).finish();
            }
            AffineExpr::Constant(value) => return f.debug_tuple("Constant").field(value).finish(),
            AffineExpr::Add(node) => ("Add", node),
            AffineExpr::Mul(node) => ("Mul", node),
            AffineExpr::Mod(node) => ("Mod", node),
            AffineExpr::FloorDiv(node) => ("FloorDiv", node),
            AffineExpr::CeilDiv(node) => ("CeilDiv", node),
        };
        f.debug_tuple(name)
            .field(&node.lhs)
            .field(&node.rhs)
            .finish()
    }
}

impl fmt::Debug for BinaryExpr {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple("BinaryExpr")
            .field(&self.lhs)
            .field(&self.rhs)
            .finish()
    }
}
