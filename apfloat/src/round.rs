//! Rounding an exact binary value (`sig * 2^lsb_exp` plus a lost fraction) into a kind: the
//! heart of every conversion and operation, following APFloat's `normalize` and
//! `handleOverflow` step by step (overflow to infinity, NaN or saturation per the kind).

use crate::kind::{FloatKind, NanEncoding, NonFiniteBehavior};
use crate::status::{RoundingMode, Status};
use crate::unpacked::Unpacked;

/// The part of an exact value below the kept least significant bit, relative to that bit.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Lost {
    Zero,
    LessThanHalf,
    Half,
    MoreThanHalf,
}

impl Lost {
    /// Classify a truncated tail from its top bit (`half`) and whether anything below is set.
    pub fn from_half_and_rest(half: bool, rest: bool) -> Lost {
        match (half, rest) {
            (false, false) => Lost::Zero,
            (false, true) => Lost::LessThanHalf,
            (true, false) => Lost::Half,
            (true, true) => Lost::MoreThanHalf,
        }
    }

    /// Combine with a less significant lost fraction (APFloat's `combineLostFractions`).
    pub fn then(self, less: Lost) -> Lost {
        if less == Lost::Zero {
            return self;
        }
        match self {
            Lost::Zero => Lost::LessThanHalf,
            Lost::Half => Lost::MoreThanHalf,
            other => other,
        }
    }
}

/// Shift `sig` right by `bits`, returning the kept bits and what was lost.
pub(crate) fn shift_right(sig: u128, bits: u64) -> (u128, Lost) {
    if bits == 0 {
        return (sig, Lost::Zero);
    }
    if bits > 128 {
        return (
            0,
            if sig == 0 {
                Lost::Zero
            } else {
                Lost::LessThanHalf
            },
        );
    }
    let half = (sig >> (bits - 1)) & 1 == 1;
    let rest = bits > 1 && sig & ((1u128 << (bits - 1)) - 1) != 0;
    let kept = if bits == 128 { 0 } else { sig >> bits };
    (kept, Lost::from_half_and_rest(half, rest))
}

/// Whether rounding `mode` moves a truncated magnitude away from zero.
pub(crate) fn round_away(mode: RoundingMode, sign: bool, lost: Lost, lsb_odd: bool) -> bool {
    match mode {
        RoundingMode::NearestTiesToAway => matches!(lost, Lost::Half | Lost::MoreThanHalf),
        RoundingMode::NearestTiesToEven => {
            lost == Lost::MoreThanHalf || (lost == Lost::Half && lsb_odd)
        }
        RoundingMode::TowardZero => false,
        RoundingMode::TowardPositive => !sign,
        RoundingMode::TowardNegative => sign,
    }
}

/// The result of overflow in `mode`: infinity (or NaN where there is none) or the largest
/// finite value.
pub(crate) fn overflow(kind: FloatKind, sign: bool, mode: RoundingMode) -> (Unpacked, Status) {
    let s = kind.semantics();
    let to_infinity = mode.is_nearest()
        || (mode == RoundingMode::TowardPositive && !sign)
        || (mode == RoundingMode::TowardNegative && sign);
    if s.non_finite != NonFiniteBehavior::FiniteOnly && to_infinity {
        let value = if s.non_finite == NonFiniteBehavior::NanOnly {
            Unpacked::nan(kind, sign)
        } else {
            Unpacked::infinity(kind, sign)
        };
        return (value, Status::OVERFLOW | Status::INEXACT);
    }
    (Unpacked::largest(kind, sign), Status::INEXACT)
}

fn is_nan_pattern(kind: FloatKind, exp: i32, sig: u128) -> bool {
    let s = kind.semantics();
    s.non_finite == NonFiniteBehavior::NanOnly
        && s.nan_encoding == NanEncoding::AllOnes
        && s.precision > 1
        && exp == s.max_exp
        && sig == (1u128 << s.precision) - 1
}

/// Round the exact magnitude `(sig + lost) * 2^lsb_exp` with `sign` into `kind`.
///
/// A nonzero `lost` requires that the value has at least `precision + 1` significant bits in
/// `sig` or lies below the smallest denormal's unit, so the lost part is never shifted left.
pub(crate) fn normalize(
    kind: FloatKind,
    sign: bool,
    sig: u128,
    lsb_exp: i64,
    lost: Lost,
    mode: RoundingMode,
) -> (Unpacked, Status) {
    let s = kind.semantics();
    let p = i64::from(s.precision);
    let (max_exp, min_exp) = (i64::from(s.max_exp), i64::from(s.min_exp));
    if sig == 0 && lost == Lost::Zero {
        return (Unpacked::zero(kind, sign), Status::OK);
    }
    let omsb = i64::from(128 - sig.leading_zeros());
    let exp = if sig != 0 {
        let msb_exp = lsb_exp + omsb - 1;
        if msb_exp > max_exp {
            return overflow(kind, sign, mode);
        }
        msb_exp.max(min_exp)
    } else {
        min_exp
    };
    let target_lsb = exp - (p - 1);
    let shift = target_lsb - lsb_exp;
    let (mut sig, lost) = if shift > 0 {
        let (kept, shifted_out) = shift_right(sig, shift as u64);
        (kept, shifted_out.then(lost))
    } else if shift == 0 {
        (sig, lost)
    } else {
        debug_assert!(lost == Lost::Zero, "a lost fraction cannot be shifted left");
        (sig << (-shift) as u32, lost)
    };
    let mut exp = exp as i32;
    if is_nan_pattern(kind, exp, sig) {
        return overflow(kind, sign, mode);
    }
    if lost == Lost::Zero {
        return (Unpacked::normal(sign, exp, sig), Status::OK);
    }
    if round_away(mode, sign, lost, sig & 1 == 1) {
        sig += 1;
        if sig == 1u128 << p {
            if exp == s.max_exp {
                return overflow(kind, sign, mode);
            }
            sig >>= 1;
            exp += 1;
            return (Unpacked::normal(sign, exp, sig), Status::INEXACT);
        }
        if is_nan_pattern(kind, exp, sig) {
            return overflow(kind, sign, mode);
        }
    }
    if sig >> (p - 1) == 1 {
        return (Unpacked::normal(sign, exp, sig), Status::INEXACT);
    }
    let value = if sig == 0 {
        Unpacked::zero(kind, sign)
    } else {
        Unpacked::normal(sign, exp, sig)
    };
    (value, Status::UNDERFLOW | Status::INEXACT)
}
