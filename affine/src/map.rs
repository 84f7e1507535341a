//! Affine maps (`(d0)[s0] -> (d0 + s0)`) and integer sets (`(d0)[s0] : (d0 - s0 >= 0)`) as
//! plain values: their input counts and their result expressions or constraints. As in MLIR,
//! building one performs no simplification beyond that of its expressions.

use crate::expr::AffineExpr;

/// An affine map from `num_dims` dimensions and `num_symbols` symbols to `results`.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct AffineMap {
    /// Number of dimension inputs (`d0 ... d<n-1>`).
    pub num_dims: u32,
    /// Number of symbol inputs (`s0 ... s<n-1>`).
    pub num_symbols: u32,
    /// The result expressions, in order.
    pub results: Vec<AffineExpr>,
}

impl AffineMap {
    /// A map with the given inputs and results.
    pub fn new(num_dims: u32, num_symbols: u32, results: Vec<AffineExpr>) -> Self {
        AffineMap {
            num_dims,
            num_symbols,
            results,
        }
    }

    /// `(d0, ..., d<n-1>) -> (d0, ..., d<n-1>)`
    pub fn identity(num_dims: u32) -> Self {
        AffineMap::new(num_dims, 0, (0..num_dims).map(AffineExpr::Dim).collect())
    }

    /// True for a map whose results are exactly its dimensions in order (symbols allowed), as
    /// MLIR's `isIdentity`.
    pub fn is_identity(&self) -> bool {
        self.results.len() == self.num_dims as usize
            && self
                .results
                .iter()
                .zip(0..)
                .all(|(result, position)| *result == AffineExpr::Dim(position))
    }

    /// True for a map without symbols whose results are dimensions, each used once (MLIR's
    /// `isProjectedPermutation` with no zero results).
    pub fn is_projected_permutation(&self) -> bool {
        let mut seen = vec![false; self.num_dims as usize];
        self.num_symbols == 0
            && self.results.iter().all(|r| match r {
                AffineExpr::Dim(d) => seen.get_mut(*d as usize).is_some_and(|s| !std::mem::replace(s, true)),
                _ => false,
            })
    }

    /// Number of inputs: dimensions plus symbols.
    pub fn num_inputs(&self) -> u32 {
        self.num_dims.saturating_add(self.num_symbols)
    }

    /// The constant results if every result is a constant.
    pub fn constant_results(&self) -> Option<Vec<i64>> {
        self.results.iter().map(AffineExpr::as_constant).collect()
    }
}

/// A conjunction of affine constraints over `num_dims` dimensions and `num_symbols` symbols;
/// each constraint is `expr == 0` (when its flag is true) or `expr >= 0`.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct IntegerSet {
    /// Number of dimension inputs.
    pub num_dims: u32,
    /// Number of symbol inputs.
    pub num_symbols: u32,
    /// The constraints with their `is_equality` flags, in order.
    pub constraints: Vec<(AffineExpr, bool)>,
}

impl IntegerSet {
    /// A set with the given inputs and constraints.
    pub fn new(num_dims: u32, num_symbols: u32, constraints: Vec<(AffineExpr, bool)>) -> Self {
        IntegerSet {
            num_dims,
            num_symbols,
            constraints,
        }
    }

    /// The set MLIR builds for an empty constraint list: the single constraint `0 == 0`.
    pub fn universe(num_dims: u32, num_symbols: u32) -> Self {
        IntegerSet::new(num_dims, num_symbols, vec![(AffineExpr::Constant(0), true)])
    }

    /// Number of inputs: dimensions plus symbols.
    pub fn num_inputs(&self) -> u32 {
        self.num_dims.saturating_add(self.num_symbols)
    }
}

/// What `(...)[...] -> (...)` or `(...)[...] : (...)` text denotes.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub enum MapOrSet {
    /// An affine map.
    Map(AffineMap),
    /// An integer set.
    Set(IntegerSet),
}
