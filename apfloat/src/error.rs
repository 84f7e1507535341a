//! Errors reported when text cannot become a float or when an operation's operands do not fit.

use crate::FloatKind;

/// Why a literal could not be converted or an operation could not be performed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FloatError {
    /// The text is not a decimal number (`[-+]?digits[.digits][(e|E)[-+]?digits]`).
    InvalidLiteral {
        /// The offending text.
        text: String,
    },
    /// A decimal integer literal (no `.`) was given for a float type; MLIR requires a trailing dot.
    DecimalIntegerLiteral,
    /// A hexadecimal bit-pattern literal was written with a leading minus.
    NegativeHexLiteral,
    /// A hexadecimal bit-pattern literal has more significant bits than the type is wide.
    HexLiteralOutOfRange {
        /// The type the literal was meant for.
        kind: FloatKind,
    },
    /// Two operands of a binary operation have different kinds.
    KindMismatch {
        /// Kind of the left operand.
        lhs: FloatKind,
        /// Kind of the right operand.
        rhs: FloatKind,
    },
    /// An integer width outside `1..=128` was requested.
    IntegerWidth {
        /// The requested width.
        width: u32,
    },
}

impl std::fmt::Display for FloatError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            FloatError::InvalidLiteral { text } => {
                write!(f, "invalid floating point literal '{text}'")
            }
            FloatError::DecimalIntegerLiteral => {
                f.write_str("unexpected decimal integer literal for a floating point value")
            }
            FloatError::NegativeHexLiteral => {
                f.write_str("hexadecimal float literal should not have a leading minus")
            }
            FloatError::HexLiteralOutOfRange { .. } => {
                f.write_str("hexadecimal float constant out of range for type")
            }
            FloatError::KindMismatch { lhs, rhs } => {
                write!(
                    f,
                    "floating point operands have different types {lhs} and {rhs}"
                )
            }
            FloatError::IntegerWidth { width } => {
                write!(
                    f,
                    "integer width {width} is outside the supported range 1..=128"
                )
            }
        }
    }
}

impl std::error::Error for FloatError {}
