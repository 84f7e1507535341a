//! Binary -> decimal text exactly as LLVM's `APFloat::toString(Str, FormatPrecision,
//! FormatMaxPadding, TruncateZero)` writes it, including its two-stage rounding (integer
//! truncation to about `FormatPrecision` digits, then round-half-up on the digit string).

use crate::bigint::BigUint;
use crate::kind::FloatKind;
use crate::unpacked::{Category, Unpacked};

/// The formatting knobs of `APFloat::toString`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FormatOptions {
    /// Significant digits to keep; 0 means enough to round-trip (`2 + precision * 59 / 196`).
    pub precision: u32,
    /// Most zeros to pad before using scientific notation; 0 forces scientific notation.
    pub max_padding: u32,
    /// Whether to drop zeros after the point (and use `E` rather than `e`).
    pub truncate_zero: bool,
}

impl FormatOptions {
    /// `APFloat::toString()` with its default arguments (`0, 3, true`).
    pub const DEFAULT: FormatOptions = FormatOptions {
        precision: 0,
        max_padding: 3,
        truncate_zero: true,
    };
    /// The form MLIR tries first when printing attributes (`6, 0, false`): `1.000000e+00`.
    pub const MLIR_SCIENTIFIC: FormatOptions = FormatOptions {
        precision: 6,
        max_padding: 0,
        truncate_zero: false,
    };
}

/// Write `u` (a value of `kind`) as `APFloat::toString` does.
pub(crate) fn to_string(kind: FloatKind, u: &Unpacked, opts: FormatOptions) -> String {
    let mut out = String::new();
    match u.category {
        Category::Infinity => return if u.sign { "-Inf" } else { "+Inf" }.to_string(),
        Category::NaN => return "NaN".to_string(),
        Category::Zero => {
            if u.sign {
                out.push('-');
            }
            if opts.max_padding != 0 {
                out.push('0');
            } else if opts.truncate_zero {
                out.push_str("0.0E+0");
            } else {
                out.push_str("0.0");
                for _ in 1..opts.precision.max(1) {
                    out.push('0');
                }
                out.push_str("e+00");
            }
            return out;
        }
        Category::Normal => {}
    }
    if u.sign {
        out.push('-');
    }
    let p = kind.precision();
    let precision = if opts.precision == 0 {
        2 + p * 59 / 196
    } else {
        opts.precision
    };
    let mut exp = u.lsb_exp(kind);
    let mut sig = BigUint::from_u128(u.sig);
    let tz = sig.trailing_zeros();
    exp += tz as i64;
    sig = sig.shr(tz);
    // Change the exponent from base 2 to base 10: N * 2^-e == N * 5^e * 10^-e.
    if exp > 0 {
        sig = sig.shl(exp as u64);
        exp = 0;
    } else if exp < 0 {
        sig = sig.mul(&BigUint::pow5(exp.unsigned_abs()));
    }
    // First truncation: drop whole powers of ten that cannot matter at this precision.
    let bits = sig.bit_len();
    let bits_required = (u64::from(precision) * 196).div_ceil(59);
    if bits > bits_required {
        let tens = (bits - bits_required) * 59 / 196;
        if tens != 0 {
            exp += tens as i64;
            sig = sig.divrem(&BigUint::pow10(tens)).0;
        }
    }
    // Decimal digits, least significant first, trailing zeros folded into the exponent.
    let mut digits: Vec<u8> = Vec::new();
    while !sig.is_zero() {
        // Nine digits per big division; the last chunk has no leading zero padding.
        let (q, mut chunk) = sig.divrem_small(1_000_000_000);
        sig = q;
        for _ in 0..9 {
            if sig.is_zero() && chunk == 0 {
                break;
            }
            let d = (chunk % 10) as u8;
            chunk /= 10;
            if digits.is_empty() && d == 0 {
                exp += 1;
            } else {
                digits.push(d);
            }
        }
    }
    round_digits(&mut digits, &mut exp, precision as usize);
    write_digits(&mut out, &digits, exp, precision, opts);
    out
}

/// Keep at most `precision` digits, rounding half up on the first dropped digit.
fn round_digits(digits: &mut Vec<u8>, exp: &mut i64, precision: usize) {
    let n = digits.len();
    if n <= precision {
        return;
    }
    let mut first = n - precision;
    if digits[first - 1] < 5 {
        while first < n && digits[first] == 0 {
            first += 1;
        }
    } else {
        let mut i = first;
        while i != n {
            if digits[i] == 9 {
                first += 1;
                i += 1;
            } else {
                digits[i] += 1;
                break;
            }
        }
        if first == n {
            *exp += first as i64;
            digits.clear();
            digits.push(1);
            return;
        }
    }
    *exp += first as i64;
    digits.drain(..first);
}

fn write_digits(
    out: &mut String,
    digits: &[u8],
    mut exp: i64,
    precision: u32,
    opts: FormatOptions,
) {
    let nd = digits.len();
    let ch = |d: u8| char::from(b'0' + d);
    let scientific = if opts.max_padding == 0 {
        true
    } else if exp >= 0 {
        exp > i64::from(opts.max_padding) || nd as i64 + exp > i64::from(precision)
    } else {
        let msd = exp + nd as i64 - 1;
        msd < 0 && -msd > i64::from(opts.max_padding)
    };
    if scientific {
        exp += nd as i64 - 1;
        out.push(ch(digits[nd - 1]));
        out.push('.');
        if nd == 1 && opts.truncate_zero {
            out.push('0');
        } else {
            for i in 1..nd {
                out.push(ch(digits[nd - 1 - i]));
            }
        }
        if !opts.truncate_zero && precision as usize > nd - 1 {
            for _ in 0..(precision as usize - nd + 1) {
                out.push('0');
            }
        }
        out.push(if opts.truncate_zero { 'E' } else { 'e' });
        out.push(if exp >= 0 { '+' } else { '-' });
        let mag = exp.unsigned_abs().to_string();
        if !opts.truncate_zero && mag.len() < 2 {
            out.push('0');
        }
        out.push_str(&mag);
        return;
    }
    if exp >= 0 {
        for i in 0..nd {
            out.push(ch(digits[nd - 1 - i]));
        }
        for _ in 0..exp {
            out.push('0');
        }
        return;
    }
    let whole = exp + nd as i64;
    let mut i = 0usize;
    if whole > 0 {
        while i < whole as usize {
            out.push(ch(digits[nd - 1 - i]));
            i += 1;
        }
        out.push('.');
    } else {
        out.push_str("0.");
        for _ in 0..(-whole) {
            out.push('0');
        }
    }
    while i < nd {
        out.push(ch(digits[nd - 1 - i]));
        i += 1;
    }
}
