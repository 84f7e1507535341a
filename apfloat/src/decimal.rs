//! Exact decimal -> binary conversion (APFloat's `convertFromString` for decimal text): the
//! digits are turned into a big integer and divided or multiplied by a power of ten exactly,
//! so the result is correctly rounded for any number of digits and any kind.

use crate::bigint::BigUint;
use crate::error::FloatError;
use crate::kind::FloatKind;
use crate::round::{Lost, normalize};
use crate::status::{RoundingMode, Status};
use crate::unpacked::Unpacked;

/// APFloat clamps the magnitude of a written exponent here.
const OVERLARGE_EXPONENT: i64 = 24_000;

/// Significant digits kept exactly. Every value representable in any kind, and every midpoint
/// between two neighbours, has fewer significant digits than this (the longest, near `f128`'s
/// smallest subnormal, has about 11,600), so replacing a longer tail by a single nonzero digit
/// never changes the rounding, and parsing stays fast on hostile input.
const MAX_EXACT_DIGITS: u64 = 12_000;

/// A scanned decimal number: `digits * 10^exp` (digits without leading or trailing zeros).
struct Decimal<'a> {
    negative: bool,
    digits: Vec<&'a [u8]>,
    digit_count: u64,
    exp: i64,
}

/// Scan `[-+]?[0-9]*(.[0-9]*)?([eE][-+]?[0-9]+)?` with at least one mantissa digit.
fn scan(text: &str) -> Result<Decimal<'_>, FloatError> {
    let invalid = || FloatError::InvalidLiteral {
        text: text.to_string(),
    };
    let b = text.as_bytes();
    let mut i = 0;
    let negative = b.first() == Some(&b'-');
    if matches!(b.first(), Some(b'-' | b'+')) {
        i = 1;
    }
    let int_start = i;
    while i < b.len() && b[i].is_ascii_digit() {
        i += 1;
    }
    let int_part = &b[int_start..i];
    let mut frac_part: &[u8] = &[];
    if i < b.len() && b[i] == b'.' {
        i += 1;
        let start = i;
        while i < b.len() && b[i].is_ascii_digit() {
            i += 1;
        }
        frac_part = &b[start..i];
    }
    if int_part.is_empty() && frac_part.is_empty() {
        return Err(invalid());
    }
    let mut written_exp = 0i64;
    if i < b.len() && (b[i] == b'e' || b[i] == b'E') {
        i += 1;
        let exp_negative = b.get(i) == Some(&b'-');
        if matches!(b.get(i), Some(b'-' | b'+')) {
            i += 1;
        }
        let start = i;
        while i < b.len() && b[i].is_ascii_digit() {
            written_exp = (written_exp * 10 + i64::from(b[i] - b'0')).min(OVERLARGE_EXPONENT);
            i += 1;
        }
        if start == i {
            return Err(invalid());
        }
        if exp_negative {
            written_exp = -written_exp;
        }
    }
    if i != b.len() {
        return Err(invalid());
    }
    // Significant digits: strip leading zeros (across the dot) and trailing zeros.
    let mut exp = written_exp - frac_part.len() as i64;
    let int_trim = int_part
        .iter()
        .position(|&c| c != b'0')
        .map_or(&int_part[int_part.len()..], |p| &int_part[p..]);
    let frac_lead = if int_trim.is_empty() {
        frac_part
            .iter()
            .position(|&c| c != b'0')
            .unwrap_or(frac_part.len())
    } else {
        0
    };
    let frac_trim = &frac_part[frac_lead..];
    let mut pieces: Vec<&[u8]> = vec![int_trim, frac_trim];
    // Drop trailing zeros from the last nonempty piece(s).
    for piece in pieces.iter_mut().rev() {
        let keep = piece.iter().rposition(|&c| c != b'0').map_or(0, |p| p + 1);
        exp += (piece.len() - keep) as i64;
        *piece = &piece[..keep];
        if keep != 0 {
            break;
        }
    }
    let digit_count = pieces.iter().map(|p| p.len() as u64).sum();
    Ok(Decimal {
        negative,
        digits: pieces,
        digit_count,
        exp,
    })
}

impl Decimal<'_> {
    /// The significand as a big integer and the power of ten it is scaled by; beyond
    /// `MAX_EXACT_DIGITS` digits the (nonzero) tail becomes one sticky digit `1`.
    fn integer(&self) -> (BigUint, i64) {
        let mut n = BigUint::zero();
        let mut taken = 0u64;
        'pieces: for piece in &self.digits {
            for chunk in piece.chunks(9) {
                let room = (MAX_EXACT_DIGITS - taken) as usize;
                let chunk = &chunk[..chunk.len().min(room)];
                let v = chunk
                    .iter()
                    .fold(0u32, |acc, &c| acc * 10 + u32::from(c - b'0'));
                n = n.mul_small_add(10u32.pow(chunk.len() as u32), v);
                taken += chunk.len() as u64;
                if taken == MAX_EXACT_DIGITS {
                    break 'pieces;
                }
            }
        }
        if taken < self.digit_count {
            // Trailing zeros were stripped, so the dropped tail is nonzero.
            return (
                n.mul_small_add(10, 1),
                self.exp + (self.digit_count - taken) as i64 - 1,
            );
        }
        (n, self.exp)
    }
}

/// Round the decimal number `text` into `kind` (round to nearest, ties to even).
pub(crate) fn parse_decimal(kind: FloatKind, text: &str) -> Result<(Unpacked, Status), FloatError> {
    let d = scan(text)?;
    Ok(round_decimal(kind, &d, RoundingMode::NearestTiesToEven))
}

fn round_decimal(kind: FloatKind, d: &Decimal<'_>, mode: RoundingMode) -> (Unpacked, Status) {
    let s = kind.semantics();
    let sign = d.negative;
    if d.digit_count == 0 {
        return (Unpacked::zero(kind, sign), Status::OK);
    }
    // APFloat's quick overflow / underflow tests (they only fire when the outcome is certain).
    let normalized = d.exp + d.digit_count as i64 - 1;
    let (max_exp, min_exp, p) = (
        i64::from(s.max_exp),
        i64::from(s.min_exp),
        i64::from(s.precision),
    );
    if normalized - 1 > i64::from(i32::MAX / 42039) {
        return crate::round::overflow(kind, sign, mode);
    }
    if normalized - 1 < i64::from(i32::MIN / 42039)
        || (normalized + 1) * 28738 <= 8651 * (min_exp - p)
    {
        return normalize(kind, sign, 0, min_exp - p, Lost::LessThanHalf, mode);
    }
    if (normalized - 1) * 42039 >= 12655 * max_exp {
        return crate::round::overflow(kind, sign, mode);
    }
    let (n, exp) = d.integer();
    if exp >= 0 {
        let value = n.mul(&BigUint::pow10(exp as u64));
        let (top, shift, lost) = value.top_bits(126);
        return normalize(kind, sign, top, shift as i64, lost, mode);
    }
    // value = n / 5^k * 2^-k; take enough quotient bits, the remainder is a sticky bit.
    let k = exp.unsigned_abs();
    let den = BigUint::pow5(k);
    let extra = (p as u64 + 3 + den.bit_len()).saturating_sub(n.bit_len());
    let (q, r) = n.shl(extra).divrem(&den);
    let (top, shift, lost) = q.top_bits(126);
    let sticky = if r.is_zero() {
        Lost::Zero
    } else {
        Lost::LessThanHalf
    };
    let lsb_exp = shift as i64 - k as i64 - extra as i64;
    normalize(kind, sign, top, lsb_exp, lost.then(sticky), mode)
}
