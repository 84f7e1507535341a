//! The value lattice of sparse conditional constant propagation (MLIR's
//! `Lattice<ConstantValue>`): nothing known yet, one constant (with the dialect whose op
//! produced it, which materializes it), or more than one value.

use mica_ir::Attr;

/// What is known about a value.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Default)]
pub(super) enum Lattice {
    /// No value reached it yet (the optimistic start).
    #[default]
    Uninit,
    /// Always this constant; the dialect of the op that computed it first.
    Const(Attr, &'static str),
    /// Not a single known constant.
    Over,
}

impl Lattice {
    /// Joins `other` in; says whether `self` changed. Constants are equal when their
    /// attributes are (the dialect of the value already there stays).
    pub(super) fn join(&mut self, other: Lattice) -> bool {
        let joined = match (*self, other) {
            (_, Lattice::Uninit) => return false,
            (Lattice::Uninit, o) => o,
            (Lattice::Const(a, _), Lattice::Const(b, _)) if a == b => return false,
            (Lattice::Over, _) => return false,
            _ => Lattice::Over,
        };
        *self = joined;
        true
    }

    /// The constant, if it is one.
    pub(super) fn constant(self) -> Option<Attr> {
        match self {
            Lattice::Const(a, _) => Some(a),
            _ => None,
        }
    }
}
