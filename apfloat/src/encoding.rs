//! Bit patterns <-> unpacked values for every kind (LLVM's `initFrom*APInt` and
//! `convert*APFloatToAPInt`), including x87 `f80` with its explicit integer bit, the NaN
//! encodings of the FN/FNUZ formats and the exponent-only `f8E8M0FNU`, whose values keep in
//! bit 8 the sign flag APFloat carries though the format has no sign bit.

use crate::kind::{FloatKind, NanEncoding, NonFiniteBehavior};
use crate::unpacked::{Category, Unpacked};

fn mask(bits: u32) -> u128 {
    if bits >= 128 {
        u128::MAX
    } else {
        (1u128 << bits) - 1
    }
}

/// Decode the low `bit_width` bits of `bits` (for `f8E8M0FNU`, bit 8 is the sign flag).
pub(crate) fn decode(kind: FloatKind, bits: u128) -> Unpacked {
    let s = kind.semantics();
    if kind == FloatKind::F8E8M0FNU {
        let field = bits & 0xFF;
        if field == 0xFF {
            return Unpacked::nan(kind, false);
        }
        return Unpacked::normal(bits >> 8 & 1 == 1, field as i32 - 127, 1);
    }
    let bits = bits & mask(s.bits);
    match kind {
        FloatKind::F80 => decode_f80(bits),
        _ => {
            let trailing = s.precision - 1;
            let exp_bits = s.bits - 1 - trailing;
            let bias = 1 - s.min_exp;
            let frac = bits & mask(trailing);
            let field = ((bits >> trailing) & mask(exp_bits)) as i32;
            let sign = (bits >> (s.bits - 1)) & 1 == 1;
            let is_zero = field == 0 && frac == 0;
            if s.non_finite == NonFiniteBehavior::Ieee754 && field - bias == s.max_exp + 1 {
                if frac == 0 {
                    return Unpacked::infinity(kind, sign);
                }
                return Unpacked {
                    category: Category::NaN,
                    sign,
                    exp: s.max_exp + 1,
                    sig: frac,
                };
            }
            let is_nan = match (s.non_finite, s.nan_encoding) {
                (NonFiniteBehavior::NanOnly, NanEncoding::AllOnes) => {
                    field - bias == s.max_exp && frac == mask(trailing)
                }
                (NonFiniteBehavior::NanOnly, NanEncoding::NegativeZero) => is_zero && sign,
                _ => false,
            };
            if is_nan {
                let nan = Unpacked::nan(kind, sign);
                return Unpacked {
                    sign,
                    sig: frac,
                    ..nan
                };
            }
            if is_zero {
                return Unpacked {
                    category: Category::Zero,
                    sign,
                    exp: s.min_exp - 1,
                    sig: 0,
                };
            }
            if field == 0 {
                Unpacked::normal(sign, s.min_exp, frac)
            } else {
                Unpacked::normal(sign, field - bias, frac | (1u128 << trailing))
            }
        }
    }
}

fn decode_f80(bits: u128) -> Unpacked {
    let sig = bits & mask(64);
    let field = ((bits >> 64) & 0x7fff) as i32;
    let sign = (bits >> 79) & 1 == 1;
    let integer_bit = sig >> 63 == 1;
    if field == 0 && sig == 0 {
        return Unpacked {
            category: Category::Zero,
            sign,
            exp: -16383,
            sig: 0,
        };
    }
    if field == 0x7fff && sig == 1u128 << 63 {
        return Unpacked::infinity(FloatKind::F80, sign);
    }
    if field == 0x7fff || (field != 0 && !integer_bit) {
        return Unpacked {
            category: Category::NaN,
            sign,
            exp: 16384,
            sig,
        };
    }
    let exp = if field == 0 { -16382 } else { field - 16383 };
    Unpacked::normal(sign, exp, sig)
}

/// Encode an unpacked value of `kind` as its bit pattern (for `f8E8M0FNU`, the sign flag of a
/// finite value in bit 8).
pub(crate) fn encode(kind: FloatKind, u: &Unpacked) -> u128 {
    let s = kind.semantics();
    if kind == FloatKind::F80 {
        let (field, sig) = match u.category {
            Category::Normal => {
                let field = u.exp + 16383;
                if field == 1 && u.sig >> 63 == 0 {
                    (0, u.sig)
                } else {
                    (field, u.sig)
                }
            }
            Category::Zero => (0, 0),
            Category::Infinity => (0x7fff, 1u128 << 63),
            Category::NaN => (0x7fff, u.sig),
        };
        return (u128::from(u.sign) << 79) | ((field as u128 & 0x7fff) << 64) | (sig & mask(64));
    }
    let trailing = s.precision - 1;
    let bias = if kind == FloatKind::F8E8M0FNU {
        -s.min_exp
    } else {
        1 - s.min_exp
    };
    let exp_bits = if s.signed {
        s.bits - 1 - trailing
    } else {
        s.bits - trailing
    };
    let (field, frac) = match u.category {
        Category::Normal => {
            let field = u.exp + bias;
            let denormal = field == 1 && (u.sig >> trailing) & 1 == 0;
            (if denormal { 0 } else { field }, u.sig)
        }
        Category::Zero => (s.min_exp - 1 + bias, 0),
        Category::Infinity => (s.max_exp + 1 + bias, 0),
        Category::NaN => (u.exp + bias, u.sig),
    };
    let sign = if s.signed {
        u128::from(u.sign) << (s.bits - 1)
    } else if u.category == Category::Normal {
        u128::from(u.sign) << s.bits
    } else {
        0
    };
    sign | ((field as u128 & mask(exp_bits)) << trailing) | (frac & mask(trailing))
}
