//! Conversions: between float kinds (APFloat's `convert`, NaN payloads included), to and from
//! integers of up to 128 bits (`convertToInteger` / `convertFromAPInt`) and rounding to an
//! integral value (`roundToIntegral`).
//!
//! Where LLVM leaves a conversion undefined (NaN or infinity into a finite-only kind) this
//! module picks a defined result: NaN becomes +0, infinity saturates to the largest finite
//! value. A negative value converted into the unsigned `f8E8M0FNU` keeps its sign flag, as
//! APFloat does.

use crate::error::FloatError;
use crate::float::Float;
use crate::kind::{FloatKind, NanEncoding, NonFiniteBehavior};
use crate::round::{Lost, normalize, round_away, shift_right};
use crate::status::{RoundingMode, Status};
use crate::unpacked::{Category, Unpacked};

const RNE: RoundingMode = RoundingMode::NearestTiesToEven;

/// Convert `u` from `from` to `to`; returns the value, the status and whether information
/// was lost (converting back would not give the original value).
pub(crate) fn convert_unpacked(
    from: FloatKind,
    to: FloatKind,
    u: Unpacked,
) -> (Unpacked, Status, bool) {
    if from == to {
        return (u, Status::OK, false);
    }
    let (sf, st) = (from.semantics(), to.semantics());
    match u.category {
        Category::Normal => {
            let (r, status) = normalize(to, u.sign, u.sig, u.lsb_exp(from), Lost::Zero, RNE);
            (r, status, status != Status::OK)
        }
        Category::Zero => {
            if st.nan_encoding == NanEncoding::NegativeZero {
                let loses = sf.nan_encoding != NanEncoding::NegativeZero && u.sign;
                let status = if loses { Status::INEXACT } else { Status::OK };
                (Unpacked::zero(to, false), status, loses)
            } else {
                (Unpacked::zero(to, u.sign), Status::OK, false)
            }
        }
        Category::Infinity => match st.non_finite {
            NonFiniteBehavior::Ieee754 => (Unpacked::infinity(to, u.sign), Status::OK, false),
            _ => (Unpacked::infinity(to, u.sign), Status::INEXACT, true),
        },
        Category::NaN => convert_nan(from, to, u),
    }
}

fn convert_nan(from: FloatKind, to: FloatKind, u: Unpacked) -> (Unpacked, Status, bool) {
    let (sf, st) = (from.semantics(), to.semantics());
    let signaling = u.is_signaling(from);
    let invalid = if signaling {
        Status::INVALID_OP
    } else {
        Status::OK
    };
    match st.non_finite {
        NonFiniteBehavior::NanOnly => {
            return (
                Unpacked::nan(to, u.sign),
                invalid,
                sf.non_finite != NonFiniteBehavior::NanOnly,
            );
        }
        NonFiniteBehavior::FiniteOnly => {
            return (Unpacked::nan(to, false), Status::INVALID_OP, true);
        }
        NonFiniteBehavior::Ieee754 => {}
    }
    // The payload moves with the significand, as in APFloat; the NaN of f8E8M0FNU only has
    // the bit that lands on an IEEE target's integer bit, so (as in LLVM) it arrives with an
    // empty payload, which is the infinity bit pattern.
    let x86_special = from == FloatKind::F80 && (u.sig >> 63 & 1 == 0 || u.sig >> 62 & 1 == 0);
    let shift = i64::from(st.precision) - i64::from(sf.precision);
    let (mut sig, mut lost) = (u.sig, Lost::Zero);
    if shift < 0 && sf.non_finite != NonFiniteBehavior::NanOnly {
        (sig, lost) = shift_right(sig, shift.unsigned_abs());
    } else if shift > 0 {
        sig <<= shift as u32;
    }
    let stored_bits = if to == FloatKind::F80 {
        64
    } else {
        st.precision - 1
    };
    let mut r = Unpacked {
        category: Category::NaN,
        sign: u.sign,
        exp: st.max_exp + 1,
        sig,
    };
    if sf.nan_encoding == NanEncoding::NegativeZero {
        r = Unpacked::nan(to, false);
    }
    if to == FloatKind::F80 && !x86_special {
        r.sig |= 1u128 << 63;
    }
    r.sig &= (1u128 << stored_bits) - 1;
    if signaling {
        r = r.quieted(to);
    }
    (r, invalid, lost != Lost::Zero || x86_special)
}

/// The saturated result of an invalid integer conversion, as APFloat produces it.
fn saturated(u: &Unpacked, width: u32, signed: bool) -> i128 {
    match (u.category == Category::NaN, u.sign, signed) {
        (true, _, _) | (false, true, false) => 0,
        (false, true, true) => i128::MIN >> (128 - width),
        (false, false, true) => u128::MAX.checked_shr(129 - width).unwrap_or(0) as i128,
        (false, false, false) => (u128::MAX >> (128 - width)) as i128,
    }
}

impl Float {
    /// Convert to `to` with round-to-nearest-even; the flag says whether information was lost.
    pub fn convert(self, to: FloatKind) -> (Float, bool) {
        let (u, _, loses) = convert_unpacked(self.kind, to, self.unpack());
        (Float::pack(to, &u), loses)
    }

    /// [`Float::convert`] reporting the IEEE status instead of the lost-information flag.
    pub fn convert_with_status(self, to: FloatKind) -> (Float, Status) {
        let (u, status, _) = convert_unpacked(self.kind, to, self.unpack());
        (Float::pack(to, &u), status)
    }

    fn to_integer(
        self,
        width: u32,
        signed: bool,
        mode: RoundingMode,
    ) -> Result<(u128, Status), FloatError> {
        if width == 0 || width > 128 {
            return Err(FloatError::IntegerWidth { width });
        }
        let u = self.unpack();
        let invalid = |u: &Unpacked| Ok((saturated(u, width, signed) as u128, Status::INVALID_OP));
        match u.category {
            Category::NaN | Category::Infinity => return invalid(&u),
            Category::Zero => return Ok((0, Status::OK)),
            Category::Normal => {}
        }
        let lsb = u.lsb_exp(self.kind);
        let sig_bits = i64::from(128 - u.sig.leading_zeros());
        let (mut mag, lost) = if lsb >= 0 {
            if lsb + sig_bits > i64::from(width) {
                return invalid(&u);
            }
            (u.sig << lsb, Lost::Zero)
        } else {
            shift_right(u.sig, lsb.unsigned_abs())
        };
        if lost != Lost::Zero && round_away(mode, u.sign, lost, mag & 1 == 1) {
            match mag.checked_add(1) {
                Some(m) => mag = m,
                None => return invalid(&u),
            }
        }
        let fits = match (u.sign, signed) {
            (true, false) => mag == 0,
            (true, true) => mag <= 1u128 << (width - 1),
            (false, _) => {
                let bits = width - u32::from(signed);
                bits == 128 || mag < 1u128 << bits
            }
        };
        if !fits {
            return invalid(&u);
        }
        let value = if u.sign { mag.wrapping_neg() } else { mag };
        Ok((
            value,
            if lost == Lost::Zero {
                Status::OK
            } else {
                Status::INEXACT
            },
        ))
    }

    /// Convert to a signed integer of `width` bits (1..=128) with `mode` (C casts use
    /// `TowardZero`). Out-of-range values and NaN give `INVALID_OP` with APFloat's saturated
    /// result (the minimum or maximum; 0 for NaN).
    pub fn to_i128(self, width: u32, mode: RoundingMode) -> Result<(i128, Status), FloatError> {
        self.to_integer(width, true, mode)
            .map(|(v, s)| (v as i128, s))
    }

    /// Convert to an unsigned integer of `width` bits (1..=128) with `mode`; negative values
    /// (other than those rounding to zero) and NaN are invalid, saturating to 0 or the maximum.
    pub fn to_u128(self, width: u32, mode: RoundingMode) -> Result<(u128, Status), FloatError> {
        self.to_integer(width, false, mode)
    }

    fn from_magnitude(kind: FloatKind, negative: bool, mag: u128) -> (Float, Status) {
        let (u, status) = normalize(kind, negative, mag, 0, Lost::Zero, RNE);
        (Float::pack(kind, &u), status)
    }

    /// The signed integer `v` rounded (nearest, ties to even) into `kind`.
    pub fn from_i128(kind: FloatKind, v: i128) -> (Float, Status) {
        Float::from_magnitude(kind, v < 0, v.unsigned_abs())
    }

    /// The unsigned integer `v` rounded (nearest, ties to even) into `kind`.
    pub fn from_u128(kind: FloatKind, v: u128) -> (Float, Status) {
        Float::from_magnitude(kind, false, v)
    }

    /// Round to an integral value of the same kind with `mode` (`TowardZero` = trunc,
    /// `NearestTiesToAway` = round, `TowardNegative` = floor, ...). Zeros keep their sign.
    pub fn round_to_integral(self, mode: RoundingMode) -> (Float, Status) {
        let kind = self.kind;
        let u = self.unpack();
        match u.category {
            Category::NaN => {
                let status = if u.is_signaling(kind) {
                    Status::INVALID_OP
                } else {
                    Status::OK
                };
                return (Float::pack(kind, &u.quieted(kind)), status);
            }
            Category::Infinity | Category::Zero => return (self, Status::OK),
            Category::Normal => {}
        }
        let lsb = u.lsb_exp(kind);
        if lsb >= 0 {
            return (self, Status::OK);
        }
        let (mut mag, lost) = shift_right(u.sig, lsb.unsigned_abs());
        if lost == Lost::Zero {
            return (self, Status::OK);
        }
        if round_away(mode, u.sign, lost, mag & 1 == 1) {
            mag += 1;
        }
        let (r, _) = normalize(kind, u.sign, mag, 0, Lost::Zero, RNE);
        (Float::pack(kind, &r), Status::INEXACT)
    }
}
