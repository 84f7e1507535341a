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
    to_bigint(bits, width).to_i64()
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

/// Decimal text of the bits read as signed (`signed = true`) or unsigned.
pub fn to_decimal(bits: &IntBits, width: u32, signed: bool) -> String {
    if signed { to_bigint(bits, width).to_string() } else { to_biguint(bits).to_string() }
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
    }
}
