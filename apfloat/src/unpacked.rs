//! The unpacked form every algorithm works on: category, sign, exponent and significand, laid
//! out like LLVM's `IEEEFloat` so that equality of unpacked values is APFloat's `bitwiseIsEqual`.

use crate::kind::{FloatKind, NanEncoding, NonFiniteBehavior};

/// The class of an unpacked value.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Category {
    Zero,
    Normal,
    Infinity,
    NaN,
}

/// A decoded float.
///
/// For `Normal` the value is `sig * 2^(exp - (precision - 1))`, with `sig < 2^precision`; the
/// integer bit (`precision - 1`) is set unless `exp == min_exp` (a denormal). For `NaN`, `sig`
/// holds the payload (the stored significand bits, for `f80` including the integer bit).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct Unpacked {
    pub category: Category,
    pub sign: bool,
    pub exp: i32,
    pub sig: u128,
}

impl Unpacked {
    /// A finite nonzero value (normal, or denormal when `exp` is the kind's minimum).
    pub fn normal(sign: bool, exp: i32, sig: u128) -> Unpacked {
        Unpacked {
            category: Category::Normal,
            sign,
            exp,
            sig,
        }
    }

    /// Infinity of `kind`; where there is none, the kind's stand-in: NaN for the NaN-only
    /// kinds (as APFloat's `makeInf`), the largest finite value for the finite-only kinds
    /// (LLVM leaves that undefined; saturation is this crate's choice).
    pub fn infinity(kind: FloatKind, sign: bool) -> Unpacked {
        let s = kind.semantics();
        match s.non_finite {
            NonFiniteBehavior::Ieee754 => Unpacked {
                category: Category::Infinity,
                sign,
                exp: s.max_exp + 1,
                sig: 0,
            },
            NonFiniteBehavior::NanOnly => Unpacked::nan(kind, sign),
            NonFiniteBehavior::FiniteOnly => Unpacked::largest(kind, sign),
        }
    }

    /// Zero of `kind`, canonicalized as APFloat does: no negative zero where NaN takes its
    /// pattern, and the smallest normal number for a kind without zero.
    pub fn zero(kind: FloatKind, sign: bool) -> Unpacked {
        let s = kind.semantics();
        if !s.has_zero {
            return Unpacked::smallest_normal(kind, false);
        }
        let sign = sign && s.nan_encoding != NanEncoding::NegativeZero;
        Unpacked {
            category: Category::Zero,
            sign,
            exp: s.min_exp - 1,
            sig: 0,
        }
    }

    /// The smallest positive normal number (with the given sign).
    pub fn smallest_normal(kind: FloatKind, sign: bool) -> Unpacked {
        let s = kind.semantics();
        Unpacked::normal(sign, s.min_exp, 1u128 << (s.precision - 1))
    }

    /// The finite value of largest magnitude (with the given sign).
    pub fn largest(kind: FloatKind, sign: bool) -> Unpacked {
        let s = kind.semantics();
        let mut sig = (1u128 << s.precision) - 1;
        if s.nan_encoding == NanEncoding::AllOnes && s.precision > 1 {
            sig &= !1;
        }
        Unpacked::normal(sign, s.max_exp, sig)
    }

    /// The default quiet NaN of `kind` (APFloat's `makeNaN(false, sign)`); for the finite-only
    /// kinds, which have no NaN (LLVM leaves it undefined), positive zero.
    pub fn nan(kind: FloatKind, sign: bool) -> Unpacked {
        let s = kind.semantics();
        if s.non_finite == NonFiniteBehavior::FiniteOnly {
            return Unpacked::zero(kind, false);
        }
        let p = s.precision;
        let (sign, sig) = match (s.non_finite, s.nan_encoding) {
            (NonFiniteBehavior::NanOnly, NanEncoding::NegativeZero) => (true, 0),
            // All stored significand bits set; with no stored bits (f8E8M0FNU) APFloat still
            // sets its "quiet" bit 0, which matters when the NaN is converted to other kinds.
            (NonFiniteBehavior::NanOnly, _) => (
                sign && s.signed,
                ((1u128 << (p - 1)) - 1) | 1u128 << p.saturating_sub(2),
            ),
            _ => {
                let quiet = 1u128 << (p - 2);
                let integer = if kind == FloatKind::F80 {
                    1u128 << 63
                } else {
                    0
                };
                (sign, quiet | integer)
            }
        };
        let exp = match (s.non_finite, s.nan_encoding) {
            (NonFiniteBehavior::NanOnly, NanEncoding::NegativeZero) => s.min_exp - 1,
            (NonFiniteBehavior::NanOnly, _) if s.signed => s.max_exp,
            _ => s.max_exp + 1,
        };
        Unpacked {
            category: Category::NaN,
            sign,
            exp,
            sig,
        }
    }

    /// Whether this is a signaling NaN (only IEEE-encoded NaNs can signal).
    pub fn is_signaling(&self, kind: FloatKind) -> bool {
        let s = kind.semantics();
        self.category == Category::NaN
            && s.non_finite == NonFiniteBehavior::Ieee754
            && (self.sig >> (s.precision - 2)) & 1 == 0
    }

    /// This NaN made quiet (sets the quiet bit of IEEE-encoded NaNs).
    pub fn quieted(mut self, kind: FloatKind) -> Unpacked {
        let s = kind.semantics();
        if self.category == Category::NaN && s.non_finite == NonFiniteBehavior::Ieee754 {
            self.sig |= 1u128 << (s.precision - 2);
        }
        self
    }

    /// Exponent of the significand's least significant bit: the value is `sig * 2^lsb_exp`.
    pub fn lsb_exp(&self, kind: FloatKind) -> i64 {
        i64::from(self.exp) - i64::from(kind.precision()) + 1
    }

    /// The value with the opposite sign, as APFloat's `changeSign` (zero and NaN keep their sign
    /// where the negative-zero pattern is NaN).
    pub fn negated(mut self, kind: FloatKind) -> Unpacked {
        let s = kind.semantics();
        let fixed = s.nan_encoding == NanEncoding::NegativeZero
            && matches!(self.category, Category::Zero | Category::NaN);
        if !fixed {
            self.sign = !self.sign;
        }
        self
    }
}
