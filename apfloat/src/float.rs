//! `Float`: a value of some `FloatKind` stored as its raw bit pattern, with classification,
//! exact decimal parsing, host `f64` interchange and `APFloat::toString`-compatible formatting.

use crate::decimal::parse_decimal;
use crate::encoding::{decode, encode};
use crate::error::FloatError;
use crate::format::{FormatOptions, to_string};
use crate::kind::FloatKind;
use crate::status::Status;
use crate::unpacked::{Category, Unpacked};

/// A value of a given kind as its raw bit pattern (the low `bit_width` bits of `bits`).
///
/// The unsigned `f8E8M0FNU` is the exception: APFloat keeps a sign flag for its values although
/// the format has no sign bit (mlir-opt 22 parses `-1.0 : f8E8M0FNU`, prints it back as
/// `-1.000000e+00`, and negation and arithmetic set the flag), so its values use 9 bits, the
/// flag in bit 8. [`Float::storage_bits`] gives the 8-bit pattern LLVM stores for them.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Float {
    /// The float type.
    pub kind: FloatKind,
    /// The bit pattern; bits above `kind.bit_width()` are zero (for `f8E8M0FNU`, bit 8 is the
    /// sign flag of a finite value).
    pub bits: u128,
}

impl Float {
    /// The value with bit pattern `bits` (bits above the kind's width are ignored, except the
    /// sign flag of a finite `f8E8M0FNU` value in bit 8).
    pub fn from_bits(kind: FloatKind, bits: u128) -> Float {
        let width = kind.bit_width();
        let bits = if width >= 128 {
            bits
        } else if kind == FloatKind::F8E8M0FNU {
            if bits & 0xFF == 0xFF { 0xFF } else { bits & 0x1FF }
        } else {
            bits & ((1u128 << width) - 1)
        };
        Float { kind, bits }
    }

    /// The bit pattern LLVM stores for the value (`APFloat::bitcastToAPInt`), as dense elements
    /// and bitcasts hold it: `bits`, except that for `f8E8M0FNU` LLVM ors the sign flag into the
    /// top bit of the exponent (so `-1.0` is stored as `0xFF`, its NaN).
    pub fn storage_bits(self) -> u128 {
        if self.kind == FloatKind::F8E8M0FNU {
            (self.bits & 0xFF) | (self.bits >> 8 & 1) << 7
        } else {
            self.bits
        }
    }

    pub(crate) fn unpack(self) -> Unpacked {
        decode(self.kind, self.bits)
    }

    pub(crate) fn pack(kind: FloatKind, u: &Unpacked) -> Float {
        Float {
            kind,
            bits: encode(kind, u),
        }
    }

    /// Parse decimal text `[-+]?[0-9]*(.[0-9]*)?([eE][-+]?[0-9]+)?` (at least one mantissa
    /// digit) into `kind` with correct round-to-nearest-even, exactly as
    /// `APFloat::convertFromString(text, rmNearestTiesToEven)`: overflow gives infinity, NaN or
    /// the largest finite value as the kind dictates, exact for any number of digits.
    ///
    /// Note that mlir-opt does *not* parse attribute literals this way (it rounds through
    /// `f64` first); use [`Float::from_mlir_literal`] to reproduce its parser.
    pub fn parse(kind: FloatKind, text: &str) -> Result<Float, FloatError> {
        Float::parse_with_status(kind, text).map(|(f, _)| f)
    }

    /// [`Float::parse`] that also reports whether the result was rounded or overflowed.
    pub fn parse_with_status(kind: FloatKind, text: &str) -> Result<(Float, Status), FloatError> {
        let (u, status) = parse_decimal(kind, text)?;
        Ok((Float::pack(kind, &u), status))
    }

    /// Positive zero of `kind` (for `f8E8M0FNU`, which has no zero, its smallest value).
    pub fn zero(kind: FloatKind) -> Float {
        Float::pack(kind, &Unpacked::zero(kind, false))
    }

    /// The default quiet NaN of `kind` (e.g. `0x7FC00000` for `f32`, `0x80` for the FNUZ
    /// kinds), or `None` for the finite-only kinds.
    pub fn nan(kind: FloatKind) -> Option<Float> {
        kind.has_nan()
            .then(|| Float::pack(kind, &Unpacked::nan(kind, false)))
    }

    /// Infinity with the given sign, or `None` when the kind has no infinity.
    pub fn infinity(kind: FloatKind, negative: bool) -> Option<Float> {
        kind.has_infinity()
            .then(|| Float::pack(kind, &Unpacked::infinity(kind, negative)))
    }

    /// The largest finite value with the given sign (`negative` is ignored for unsigned kinds).
    pub fn largest(kind: FloatKind, negative: bool) -> Float {
        Float::pack(
            kind,
            &Unpacked::largest(kind, negative && kind.has_signed_repr()),
        )
    }

    /// The smallest positive normal value.
    pub fn smallest_normal(kind: FloatKind) -> Float {
        Float::pack(kind, &Unpacked::smallest_normal(kind, false))
    }

    /// Whether the value is a NaN.
    pub fn is_nan(self) -> bool {
        self.unpack().category == Category::NaN
    }

    /// Whether the value is a signaling NaN (only kinds with IEEE NaNs have them).
    pub fn is_signaling_nan(self) -> bool {
        self.unpack().is_signaling(self.kind)
    }

    /// Whether the value is an infinity.
    pub fn is_infinite(self) -> bool {
        self.unpack().category == Category::Infinity
    }

    /// Whether the value is finite (zero, subnormal or normal).
    pub fn is_finite(self) -> bool {
        matches!(self.unpack().category, Category::Zero | Category::Normal)
    }

    /// Whether the value is a zero of either sign.
    pub fn is_zero(self) -> bool {
        self.unpack().category == Category::Zero
    }

    /// Whether the sign bit is set (true for `-0.0` and negative NaNs).
    pub fn is_negative(self) -> bool {
        self.unpack().sign
    }

    /// Whether the value is finite, nonzero and below the smallest normal magnitude.
    pub fn is_denormal(self) -> bool {
        let u = self.unpack();
        let s = self.kind.semantics();
        u.category == Category::Normal
            && u.exp == s.min_exp
            && (u.sig >> (s.precision - 1)) & 1 == 0
    }

    /// The value as a host `f64` (rounded to nearest-even for `f80` and `f128`).
    pub fn to_f64(self) -> f64 {
        f64::from_bits(self.convert(FloatKind::F64).0.bits as u64)
    }

    /// The host `f64` value `v` rounded (nearest, ties to even) into `kind`.
    pub fn from_f64(kind: FloatKind, v: f64) -> Float {
        Float::from_bits(FloatKind::F64, u128::from(v.to_bits()))
            .convert(kind)
            .0
    }

    /// `APFloat::toString` with explicit formatting options (`"+Inf"`, `"-Inf"` and `"NaN"`
    /// for the special values).
    pub fn to_string_with(self, opts: FormatOptions) -> String {
        to_string(self.kind, &self.unpack(), opts)
    }

    /// `APFloat::toString()` with its defaults: the shortest form that round-trips by
    /// construction of its digit count (e.g. `"0.1"`, `"1.0E+10"`, `"123456789"`).
    pub fn to_default_string(self) -> String {
        self.to_string_with(FormatOptions::DEFAULT)
    }
}
