//! Rounding modes and the IEEE exception flags an operation reports (APFloat's `opStatus`).

/// How an inexact result is rounded.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub enum RoundingMode {
    /// To nearest, ties to the value with an even last digit (the IEEE default).
    #[default]
    NearestTiesToEven,
    /// To nearest, ties away from zero.
    NearestTiesToAway,
    /// Toward positive infinity.
    TowardPositive,
    /// Toward negative infinity.
    TowardNegative,
    /// Toward zero (truncation).
    TowardZero,
}

impl RoundingMode {
    pub(crate) fn is_nearest(self) -> bool {
        matches!(
            self,
            RoundingMode::NearestTiesToEven | RoundingMode::NearestTiesToAway
        )
    }
}

/// The set of IEEE exceptions an operation raised; empty (`Status::OK`) when exact.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct Status(u8);

impl Status {
    /// No exception: the result is exact.
    pub const OK: Status = Status(0);
    /// Invalid operation (e.g. `inf - inf`, `0 / 0`, signaling NaN operand, integer out of range).
    pub const INVALID_OP: Status = Status(1);
    /// Division of a finite nonzero value by zero.
    pub const DIV_BY_ZERO: Status = Status(2);
    /// The rounded result was too large for the kind.
    pub const OVERFLOW: Status = Status(4);
    /// The result is tiny (subnormal or zero) and inexact.
    pub const UNDERFLOW: Status = Status(8);
    /// The result had to be rounded.
    pub const INEXACT: Status = Status(16);

    /// Whether every flag of `flags` is raised.
    pub fn contains(self, flags: Status) -> bool {
        self.0 & flags.0 == flags.0
    }

    /// Whether no flag is raised.
    pub fn is_ok(self) -> bool {
        self.0 == 0
    }
}

impl std::ops::BitOr for Status {
    type Output = Status;
    fn bitor(self, rhs: Status) -> Status {
        Status(self.0 | rhs.0)
    }
}

impl std::ops::BitOrAssign for Status {
    fn bitor_assign(&mut self, rhs: Status) {
        self.0 |= rhs.0;
    }
}
