//! Arbitrary-width integer bit patterns ([`IntBits`]): conversion from and to text and `i64`.
//!
//! MLIR integer types go up to 2^24 bits, so integer attributes keep their two's-complement bits
//! in 64-bit words. These helpers do the few operations the parser and printer need.

use crate::attrs::IntBits;
use num_bigint::{BigInt, BigUint, Sign};
use num_traits::{ToPrimitive, Zero};

fn words_for(width: u32) -> usize {
    (width as usize).div_ceil(64).max(1)
}

fn mask_top(bits: &mut IntBits, width: u32) {
    let n = words_for(width);
    bits.resize(n, 0);
    let rem = width % 64;
    if rem != 0 {
        bits[n - 1] &= (1u64 << rem) - 1;
    }
    if width == 0 {
        bits[0] = 0;
    }
}

/// `value` truncated to `width` bits.
pub fn from_i64(value: i64, width: u32) -> IntBits {
    let n = words_for(width);
    let fill = if value < 0 { u64::MAX } else { 0 };
    let mut bits: IntBits = (0..n).map(|i| if i == 0 { value as u64 } else { fill }).collect();
    mask_top(&mut bits, width);
    bits
}

/// The unsigned value of the bits.
pub fn to_biguint(bits: &IntBits) -> BigUint {
    let mut bytes = Vec::with_capacity(bits.len() * 8);
    for w in bits {
        bytes.extend_from_slice(&w.to_le_bytes());
    }
    BigUint::from_bytes_le(&bytes)
}

/// The signed value of `width` bits (two's complement).
pub fn to_bigint(bits: &IntBits, width: u32) -> BigInt {
    let u = to_biguint(bits);
    if width > 0 && bit(bits, width - 1) {
        BigInt::from(u) - (BigInt::from(1) << width as usize)
    } else {
        BigInt::from(u)
    }
}

/// Whether bit `i` is set.
pub fn bit(bits: &IntBits, i: u32) -> bool {
    bits.get((i / 64) as usize).is_some_and(|w| (w >> (i % 64)) & 1 == 1)
}

/// The signed value if it fits in `i64`.
pub fn to_i64(bits: &IntBits, width: u32) -> Option<i64> {
    if let Some(v) = small_signed(bits, width) {
        return Some(v);
    }
    to_bigint(bits, width).to_i64()
}

/// The signed value of at most 64 bits (`None` for wider types).
fn small_signed(bits: &IntBits, width: u32) -> Option<i64> {
    if width > 64 || bits.len() > 1 {
        return None;
    }
    let v = bits.first().copied().unwrap_or(0);
    if width == 0 {
        return Some(0);
    }
    let shift = 64 - width;
    Some(((v << shift) as i64) >> shift)
}

/// Why a literal does not fit an integer type.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FitError {
    /// Too large or too small for the width (and signedness).
    OutOfRange,
}

/// Converts a mathematical integer to `width` bits. Signless types accept values that fit
/// either as signed or as unsigned (like MLIR), signed types only signed values and unsigned
/// types only non-negative values.
pub fn from_bigint(v: &BigInt, width: u32, signed: Option<bool>) -> Result<IntBits, FitError> {
    if let Some(m) = v.magnitude().to_u64() {
        return from_magnitude(v.sign() == Sign::Minus, m, width, signed);
    }
    let w = width as usize;
    let fits_unsigned = v.sign() != Sign::Minus && v.bits() as usize <= w;
    let fits_signed = if v.is_zero() {
        true
    } else if w == 0 {
        false
    } else {
        let lo = -(BigInt::from(1) << (w - 1));
        let hi = BigInt::from(1) << (w - 1);
        *v >= lo && *v < hi
    };
    let ok = match signed {
        None => fits_unsigned || fits_signed,
        Some(true) => fits_signed,
        Some(false) => fits_unsigned,
    };
    if !ok {
        return Err(FitError::OutOfRange);
    }
    let modulus = BigInt::from(1) << w;
    let u = ((v % &modulus) + &modulus) % &modulus;
    let (_, bytes) = u.to_bytes_le();
    let mut bits: IntBits = IntBits::new();
    for chunk in bytes.chunks(8) {
        let mut b = [0u8; 8];
        b[..chunk.len()].copy_from_slice(chunk);
        bits.push(u64::from_le_bytes(b));
    }
    mask_top(&mut bits, width);
    Ok(bits)
}

/// [`from_bigint`] for the value `-magnitude` (when `negative`) or `magnitude`.
pub fn from_magnitude(negative: bool, magnitude: u64, width: u32, signed: Option<bool>) -> Result<IntBits, FitError> {
    let v = if negative { -(magnitude as i128) } else { magnitude as i128 };
    let fits_unsigned = v >= 0 && (width >= 64 || v < 1i128 << width);
    let fits_signed = v == 0 || (width > 0 && (width > 64 || (v >= -(1i128 << (width - 1)) && v < 1i128 << (width - 1))));
    let ok = match signed {
        None => fits_unsigned || fits_signed,
        Some(true) => fits_signed,
        Some(false) => fits_unsigned,
    };
    if !ok {
        return Err(FitError::OutOfRange);
    }
    let fill = if v < 0 { u64::MAX } else { 0 };
    let mut bits: IntBits = (0..words_for(width)).map(|i| if i == 0 { v as u64 } else { fill }).collect();
    mask_top(&mut bits, width);
    Ok(bits)
}

/// Appends the decimal text of the bits read as signed (`signed = true`) or unsigned to `out`
/// ([`to_decimal`] without a string of its own for values of up to 64 bits).
pub fn write_decimal(out: &mut String, bits: &IntBits, width: u32, signed: bool) {
    let small = if signed {
        small_signed(bits, width).map(|v| (v < 0, v.unsigned_abs()))
    } else {
        (bits.len() <= 1).then(|| (false, bits.first().copied().unwrap_or(0)))
    };
    match small {
        Some((negative, magnitude)) => {
            if negative {
                out.push('-');
            }
            push_u64(out, magnitude);
        }
        None => out.push_str(&to_decimal(bits, width, signed)),
    }
}

/// Two-digit decimal texts of 0..=99, back to back.
const PAIRS: &[u8; 200] = b"0001020304050607080910111213141516171819\
2021222324252627282930313233343536373839\
4041424344454647484950515253545556575859\
6061626364656667686970717273747576777879\
8081828384858687888990919293949596979899";

/// Appends the decimal digits of `n` (two at a time, without the formatting machinery; a
/// value name like `%12` prints a number each, so one or two digits take no call).
#[inline]
pub fn push_u64(out: &mut String, n: u64) {
    if n < 10 {
        out.push((b'0' + n as u8) as char);
    } else if n < 100 {
        let r = n as usize * 2;
        // SAFETY: ASCII digits.
        unsafe { out.as_mut_vec() }.extend_from_slice(&[PAIRS[r], PAIRS[r + 1]]);
    } else {
        push_digits(out, n);
    }
}

/// [`push_u64`] for `n >= 100`: the digits are written in place, last first, into room
/// reserved for them (no buffer to clear, no copy).
fn push_digits(out: &mut String, n: u64) {
    let len = n.ilog10() as usize + 1;
    // SAFETY: `len` bytes are reserved, `write_digits` writes exactly the `len` ASCII digits
    // of `n` there, and only then does the length cover them.
    unsafe {
        let bytes = out.as_mut_vec();
        bytes.reserve(len);
        let start = bytes.len();
        write_digits(bytes.as_mut_ptr().add(start), len, n);
        bytes.set_len(start + len);
    }
}

/// Writes the `len` decimal digits of `n` (`len` must be their number) to `p..p + len`.
///
/// # Safety
/// `p..p + len` must be writable.
#[inline]
unsafe fn write_digits(p: *mut u8, len: usize, mut n: u64) {
    let mut i = len;
    // SAFETY (all writes): `i` only decreases, and stays within `0..len` as `len` digits are
    // written, the caller's room.
    unsafe {
        while n >= 100 {
            let r = (n % 100) as usize * 2;
            n /= 100;
            i -= 2;
            *p.add(i) = PAIRS[r];
            *p.add(i + 1) = PAIRS[r + 1];
        }
        if n >= 10 {
            let r = n as usize * 2;
            *p.add(i - 2) = PAIRS[r];
            *p.add(i - 1) = PAIRS[r + 1];
        } else {
            *p.add(i - 1) = b'0' + n as u8;
        }
    }
}

/// Appends `prefix` and the decimal digits of `n` (`%12`, `%arg3`, `^bb2`) with one check for
/// room; `prefix` is at most 8 bytes. (Always inlined: with a constant prefix its copy is a
/// store, not a call to `memcpy`.)
#[inline(always)]
pub fn push_prefixed_u32(out: &mut String, prefix: &str, n: u32) {
    const ROOM: usize = 8 + 10;
    let k = prefix.len();
    assert!(k <= 8);
    // SAFETY: `ROOM` bytes are reserved, which holds the prefix and the (at most 10) digits of
    // a `u32`; the prefix and digits are valid UTF-8 (the prefix is a `str`, the digits ASCII)
    // and the length covers only what was written. (One digit, the most common, is one store
    // after the same single check for room.)
    unsafe {
        let bytes = out.as_mut_vec();
        bytes.reserve(ROOM);
        let start = bytes.len();
        let p = bytes.as_mut_ptr().add(start);
        std::ptr::copy_nonoverlapping(prefix.as_ptr(), p, k);
        let len = if n < 10 {
            *p.add(k) = b'0' + n as u8;
            1
        } else {
            let len = if n < 100 { 2 } else { decimal_len(n) };
            write_digits(p.add(k), len, u64::from(n));
            len
        };
        bytes.set_len(start + k + len);
    }
}

/// The number of decimal digits of `n` (positive), from its bit length and one comparison:
/// `ilog10` showed in profiles of the generic form, whose value numbers run into the
/// hundreds of thousands.
#[inline]
fn decimal_len(n: u32) -> usize {
    const POW10: [u32; 10] = [1, 10, 100, 1_000, 10_000, 100_000, 1_000_000, 10_000_000, 100_000_000, 1_000_000_000];
    // `bits * 1233 >> 12` is floor(log10(2^bits)) for bit lengths up to 32: the digits of
    // `n`, or one more when `n` is below that power of ten.
    let t = ((32 - (n | 1).leading_zeros()) * 1233 >> 12) as usize;
    t + usize::from(n >= POW10[t])
}

/// Decimal text of the bits read as signed (`signed = true`) or unsigned.
pub fn to_decimal(bits: &IntBits, width: u32, signed: bool) -> String {
    if signed {
        if let Some(v) = small_signed(bits, width) {
            return v.to_string();
        }
        return to_bigint(bits, width).to_string();
    }
    if bits.len() <= 1 {
        return bits.first().copied().unwrap_or(0).to_string();
    }
    to_biguint(bits).to_string()
}

/// Raw little-endian bytes, `ceil(width / 8)` of them (at least one).
pub fn to_le_bytes(bits: &IntBits, width: u32) -> Vec<u8> {
    let n = (width as usize).div_ceil(8).max(1);
    let mut out = Vec::with_capacity(n);
    for w in bits {
        out.extend_from_slice(&w.to_le_bytes());
    }
    out.resize(n, 0);
    out
}

/// The inverse of [`to_le_bytes`].
pub fn from_le_bytes(bytes: &[u8], width: u32) -> IntBits {
    let mut bits = IntBits::new();
    for chunk in bytes.chunks(8) {
        let mut b = [0u8; 8];
        b[..chunk.len()].copy_from_slice(chunk);
        bits.push(u64::from_le_bytes(b));
    }
    mask_top(&mut bits, width);
    bits
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn push_u64_writes_decimal_digits() {
        for n in [0, 7, 9, 10, 42, 99, 100, 101, 999, 1000, 65_536, 1_000_000, u64::from(u32::MAX), u64::MAX, 10u64.pow(19), 10u64.pow(19) - 1] {
            let mut out = String::from("%");
            push_u64(&mut out, n);
            assert_eq!(out, format!("%{n}"));
        }
    }

    #[test]
    fn decimal_len_counts_digits() {
        for k in 0..10u32 {
            let p = 10u32.pow(k);
            for n in [p, p + 1, p.saturating_mul(2), p - 1].into_iter().filter(|&n| n > 0) {
                assert_eq!(decimal_len(n), n.ilog10() as usize + 1, "{n}");
            }
        }
        assert_eq!(decimal_len(u32::MAX), 10);
    }

    #[test]
    fn push_prefixed_u32_writes_prefix_and_digits() {
        for n in [0, 7, 9, 10, 42, 99, 100, 101, 999, 1000, 65_536, 1_000_000, 999_999_999, 1_000_000_000, u32::MAX] {
            for prefix in ["", "%", "%arg", "^bb"] {
                let mut out = String::from("x");
                push_prefixed_u32(&mut out, prefix, n);
                assert_eq!(out, format!("x{prefix}{n}"));
            }
        }
    }

    #[test]
    fn round_trips() {
        let b = from_i64(-1, 8);
        assert_eq!(b.as_slice(), &[0xff]);
        assert_eq!(to_decimal(&b, 8, true), "-1");
        assert_eq!(to_decimal(&b, 8, false), "255");
        assert_eq!(to_i64(&b, 8), Some(-1));
        let big: BigInt = "-170141183460469231731687303715884105728".parse().unwrap();
        let b = from_bigint(&big, 128, Some(true)).unwrap();
        assert_eq!(to_decimal(&b, 128, true), big.to_string());
        assert_eq!(from_bigint(&BigInt::from(256), 8, None), Err(FitError::OutOfRange));
        assert_eq!(from_bigint(&BigInt::from(255), 8, None).unwrap().as_slice(), &[255]);
        assert_eq!(from_bigint(&BigInt::from(-129), 8, None), Err(FitError::OutOfRange));
        assert_eq!(from_bigint(&BigInt::from(-1), 8, Some(false)), Err(FitError::OutOfRange));
        assert_eq!(from_le_bytes(&to_le_bytes(&from_i64(-5, 12), 12), 12), from_i64(-5, 12));
        // The small-value paths agree with the arbitrary-precision ones.
        let slow = |v: &BigInt, w: u32, s: Option<bool>| {
            let w_ = w as usize;
            let fits_u = v.sign() != Sign::Minus && v.bits() as usize <= w_;
            let fits_s = v.is_zero() || (w_ > 0 && *v >= -(BigInt::from(1) << (w_ - 1)) && *v < BigInt::from(1) << (w_ - 1));
            let ok = match s {
                None => fits_u || fits_s,
                Some(true) => fits_s,
                Some(false) => fits_u,
            };
            ok.then(|| {
                let m = BigInt::from(1) << w_;
                let u = ((v % &m) + &m) % &m;
                let mut bits: IntBits = u.to_u64_digits().1.into_iter().collect();
                mask_top(&mut bits, w);
                bits
            })
        };
        for w in [0, 1, 7, 8, 31, 32, 63, 64, 65, 100, 128] {
            for v in [0i128, 1, -1, 127, 128, -128, -129, 255, 256, i64::MAX as i128, i64::MIN as i128, u64::MAX as i128, -(u64::MAX as i128)] {
                let big = BigInt::from(v);
                for s in [None, Some(true), Some(false)] {
                    let fast = from_bigint(&big, w, s).ok();
                    assert_eq!(fast, slow(&big, w, s), "{v} in {w} bits, {s:?}");
                    if let Some(b) = fast {
                        assert_eq!(to_decimal(&b, w, true), to_bigint(&b, w).to_string());
                        assert_eq!(to_decimal(&b, w, false), to_biguint(&b).to_string());
                        assert_eq!(to_i64(&b, w), to_bigint(&b, w).to_i64());
                    }
                }
            }
        }
    }
}
