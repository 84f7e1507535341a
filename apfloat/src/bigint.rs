//! A small arbitrary-precision unsigned integer (`BigUint`), just what exact decimal <-> binary
//! conversion needs: multiply, shift, divide with remainder, powers of five and ten.

use std::cmp::Ordering;

use crate::round::Lost;

/// An unsigned integer of any size, little-endian 32-bit limbs, no high zero limbs.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub(crate) struct BigUint {
    limbs: Vec<u32>,
}

impl BigUint {
    /// The value zero.
    pub fn zero() -> BigUint {
        BigUint { limbs: Vec::new() }
    }

    /// The value of `v`.
    pub fn from_u128(mut v: u128) -> BigUint {
        let mut limbs = Vec::new();
        while v != 0 {
            limbs.push(v as u32);
            v >>= 32;
        }
        BigUint { limbs }
    }

    fn trim(mut self) -> BigUint {
        while self.limbs.last() == Some(&0) {
            self.limbs.pop();
        }
        self
    }

    /// Whether the value is zero.
    pub fn is_zero(&self) -> bool {
        self.limbs.is_empty()
    }

    /// Number of significant bits (0 for zero).
    pub fn bit_len(&self) -> u64 {
        match self.limbs.last() {
            None => 0,
            Some(&top) => self.limbs.len() as u64 * 32 - u64::from(top.leading_zeros()),
        }
    }

    /// Bit `i` (bit 0 is the least significant).
    pub fn bit(&self, i: u64) -> bool {
        let limb = (i / 32) as usize;
        limb < self.limbs.len() && (self.limbs[limb] >> (i % 32)) & 1 == 1
    }

    /// Number of trailing zero bits (0 for zero).
    pub fn trailing_zeros(&self) -> u64 {
        for (i, &l) in self.limbs.iter().enumerate() {
            if l != 0 {
                return i as u64 * 32 + u64::from(l.trailing_zeros());
            }
        }
        0
    }

    /// The low 128 bits.
    pub fn low_u128(&self) -> u128 {
        self.limbs
            .iter()
            .take(4)
            .rev()
            .fold(0u128, |acc, &l| (acc << 32) | u128::from(l))
    }

    /// `self * m + a` for small `m` and `a`.
    pub fn mul_small_add(mut self, m: u32, a: u32) -> BigUint {
        let mut carry = u64::from(a);
        for l in &mut self.limbs {
            let t = u64::from(*l) * u64::from(m) + carry;
            *l = t as u32;
            carry = t >> 32;
        }
        if carry != 0 {
            self.limbs.push(carry as u32);
        }
        self.trim()
    }

    /// `self * rhs`.
    pub fn mul(&self, rhs: &BigUint) -> BigUint {
        if self.is_zero() || rhs.is_zero() {
            return BigUint::zero();
        }
        let mut out = vec![0u32; self.limbs.len() + rhs.limbs.len()];
        for (i, &a) in self.limbs.iter().enumerate() {
            let mut carry = 0u64;
            for (j, &b) in rhs.limbs.iter().enumerate() {
                let t = u64::from(a) * u64::from(b) + u64::from(out[i + j]) + carry;
                out[i + j] = t as u32;
                carry = t >> 32;
            }
            out[i + rhs.limbs.len()] = carry as u32;
        }
        BigUint { limbs: out }.trim()
    }

    /// `self + rhs`.
    pub fn add(&self, rhs: &BigUint) -> BigUint {
        let n = self.limbs.len().max(rhs.limbs.len());
        let mut out = Vec::with_capacity(n + 1);
        let mut carry = 0u64;
        for i in 0..n {
            let t = u64::from(self.limbs.get(i).copied().unwrap_or(0))
                + u64::from(rhs.limbs.get(i).copied().unwrap_or(0))
                + carry;
            out.push(t as u32);
            carry = t >> 32;
        }
        out.push(carry as u32);
        BigUint { limbs: out }.trim()
    }

    /// `self - rhs`; requires `self >= rhs`.
    pub fn sub(&self, rhs: &BigUint) -> BigUint {
        debug_assert!(*self >= *rhs, "BigUint subtraction underflow");
        let mut out = Vec::with_capacity(self.limbs.len());
        let mut borrow = 0i64;
        for i in 0..self.limbs.len() {
            let t = i64::from(self.limbs[i])
                - i64::from(rhs.limbs.get(i).copied().unwrap_or(0))
                - borrow;
            out.push(t as u32);
            borrow = i64::from(t < 0);
        }
        BigUint { limbs: out }.trim()
    }

    /// `5^k`.
    pub fn pow5(k: u64) -> BigUint {
        // 5^13 is the largest power of five that fits in a limb.
        const FIVE_13: u32 = 1_220_703_125;
        if k < 64 {
            let mut r = BigUint::from_u128(1);
            for _ in 0..k / 13 {
                r = r.mul_small_add(FIVE_13, 0);
            }
            return r.mul_small_add(5u32.pow((k % 13) as u32), 0);
        }
        // Square-and-multiply keeps the big multiplications balanced.
        let mut result = BigUint::from_u128(1);
        let mut base = BigUint::from_u128(5);
        let mut e = k;
        while e != 0 {
            if e & 1 == 1 {
                result = result.mul(&base);
            }
            e >>= 1;
            if e != 0 {
                base = base.mul(&base);
            }
        }
        result
    }

    /// `10^k`.
    pub fn pow10(k: u64) -> BigUint {
        BigUint::pow5(k).shl(k)
    }

    /// `self << bits`.
    pub fn shl(&self, bits: u64) -> BigUint {
        if self.is_zero() {
            return BigUint::zero();
        }
        let limb_shift = (bits / 32) as usize;
        let bit_shift = (bits % 32) as u32;
        let mut out = vec![0u32; limb_shift];
        out.reserve(self.limbs.len() + 1);
        if bit_shift == 0 {
            out.extend_from_slice(&self.limbs);
        } else {
            let mut carry = 0u32;
            for &l in &self.limbs {
                out.push((l << bit_shift) | carry);
                carry = l >> (32 - bit_shift);
            }
            out.push(carry);
        }
        BigUint { limbs: out }.trim()
    }

    /// `self >> bits`.
    pub fn shr(&self, bits: u64) -> BigUint {
        let limb_shift = (bits / 32) as usize;
        if limb_shift >= self.limbs.len() {
            return BigUint::zero();
        }
        let bit_shift = (bits % 32) as u32;
        let src = &self.limbs[limb_shift..];
        let mut out = Vec::with_capacity(src.len());
        for i in 0..src.len() {
            let lo = src[i] >> bit_shift;
            let hi = if bit_shift == 0 {
                0
            } else {
                src.get(i + 1).map_or(0, |&h| h << (32 - bit_shift))
            };
            out.push(lo | hi);
        }
        BigUint { limbs: out }.trim()
    }

    /// Whether any of the low `bits` bits is set.
    pub fn any_low_bits(&self, bits: u64) -> bool {
        let full = (bits / 32) as usize;
        if self.limbs.iter().take(full).any(|&l| l != 0) {
            return true;
        }
        let rest = (bits % 32) as u32;
        rest != 0
            && self
                .limbs
                .get(full)
                .is_some_and(|&l| l & ((1u32 << rest) - 1) != 0)
    }

    /// What is lost (relative to the new unit) when the low `bits` bits are truncated.
    pub fn lost_below(&self, bits: u64) -> Lost {
        if bits == 0 {
            return Lost::Zero;
        }
        let half = self.bit(bits - 1);
        let rest = self.any_low_bits(bits - 1);
        Lost::from_half_and_rest(half, rest)
    }

    /// The top `n` (<= 128) bits as an integer, how far it was shifted right, and what was lost.
    pub fn top_bits(&self, n: u32) -> (u128, u64, Lost) {
        let len = self.bit_len();
        if len <= u64::from(n) {
            return (self.low_u128(), 0, Lost::Zero);
        }
        let shift = len - u64::from(n);
        (self.shr(shift).low_u128(), shift, self.lost_below(shift))
    }

    /// Quotient and remainder of division by a nonzero small divisor.
    pub fn divrem_small(&self, d: u32) -> (BigUint, u32) {
        let mut out = vec![0u32; self.limbs.len()];
        let mut rem = 0u64;
        for i in (0..self.limbs.len()).rev() {
            let cur = (rem << 32) | u64::from(self.limbs[i]);
            out[i] = (cur / u64::from(d)) as u32;
            rem = cur % u64::from(d);
        }
        (BigUint { limbs: out }.trim(), rem as u32)
    }

    /// Quotient and remainder of division by a nonzero divisor (Knuth, TAOCP 4.3.1 algorithm D).
    pub fn divrem(&self, d: &BigUint) -> (BigUint, BigUint) {
        debug_assert!(!d.is_zero(), "division by zero");
        if self.cmp(d) == Ordering::Less {
            return (BigUint::zero(), self.clone());
        }
        if d.limbs.len() == 1 {
            let (q, r) = self.divrem_small(d.limbs[0]);
            return (q, BigUint::from_u128(u128::from(r)));
        }
        let s = u64::from(d.limbs[d.limbs.len() - 1].leading_zeros());
        let v = d.shl(s).limbs;
        let mut u = self.shl(s).limbs;
        u.resize(self.limbs.len() + 1, 0);
        let n = v.len();
        let m = u.len() - n - 1;
        let mut q = vec![0u32; m + 1];
        let base = 1u64 << 32;
        for j in (0..=m).rev() {
            let num = (u64::from(u[j + n]) << 32) | u64::from(u[j + n - 1]);
            let mut qhat = num / u64::from(v[n - 1]);
            let mut rhat = num % u64::from(v[n - 1]);
            while qhat >= base
                || qhat * u64::from(v[n - 2]) > ((rhat << 32) | u64::from(u[j + n - 2]))
            {
                qhat -= 1;
                rhat += u64::from(v[n - 1]);
                if rhat >= base {
                    break;
                }
            }
            let mut borrow = 0i64;
            let mut carry = 0u64;
            for i in 0..n {
                let p = qhat * u64::from(v[i]) + carry;
                carry = p >> 32;
                let t = i64::from(u[i + j]) - borrow - (p & 0xffff_ffff) as i64;
                u[i + j] = t as u32;
                borrow = i64::from(t < 0);
            }
            let t = i64::from(u[j + n]) - borrow - carry as i64;
            u[j + n] = t as u32;
            if t < 0 {
                qhat -= 1;
                let mut c = 0u64;
                for i in 0..n {
                    let s2 = u64::from(u[i + j]) + u64::from(v[i]) + c;
                    u[i + j] = s2 as u32;
                    c = s2 >> 32;
                }
                u[j + n] = u[j + n].wrapping_add(c as u32);
            }
            q[j] = qhat as u32;
        }
        u.truncate(n);
        let r = BigUint { limbs: u }.trim().shr(s);
        (BigUint { limbs: q }.trim(), r)
    }
}

impl PartialOrd for BigUint {
    fn partial_cmp(&self, other: &BigUint) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for BigUint {
    fn cmp(&self, other: &BigUint) -> Ordering {
        self.limbs
            .len()
            .cmp(&other.limbs.len())
            .then_with(|| self.limbs.iter().rev().cmp(other.limbs.iter().rev()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A tiny xorshift generator for reproducible random operands.
    struct Rng(u64);
    impl Rng {
        fn next(&mut self) -> u64 {
            self.0 ^= self.0 << 13;
            self.0 ^= self.0 >> 7;
            self.0 ^= self.0 << 17;
            self.0
        }
        fn u128_bits(&mut self) -> u128 {
            let v = (u128::from(self.next()) << 64) | u128::from(self.next());
            v >> (self.next() % 128)
        }
    }

    #[test]
    fn arithmetic_matches_u128() {
        let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
        for _ in 0..20_000 {
            let a = rng.u128_bits();
            let b = rng.u128_bits() >> 64;
            let (ba, bb) = (BigUint::from_u128(a), BigUint::from_u128(b));
            assert_eq!(ba.mul(&bb).low_u128(), a.wrapping_mul(b));
            assert_eq!(ba.add(&bb).low_u128(), a.wrapping_add(b));
            if a >= b {
                assert_eq!(ba.sub(&bb).low_u128(), a - b);
            }
            if let (Some(q0), Some(r0)) = (a.checked_div(b), a.checked_rem(b)) {
                let (q, r) = ba.divrem(&bb);
                assert_eq!((q.low_u128(), r.low_u128()), (q0, r0), "{a} / {b}");
            }
            let s = rng.next() % 100;
            assert_eq!(ba.shr(s).low_u128(), a >> s);
            assert_eq!(ba.shl(s).shr(s), ba);
            assert_eq!(ba.bit_len(), 128 - u64::from(a.leading_zeros()));
            assert_eq!(ba.cmp(&bb), a.cmp(&b));
        }
    }

    #[test]
    fn big_division_reconstructs_dividend() {
        let mut rng = Rng(12345);
        for _ in 0..300 {
            let a = BigUint::pow5(rng.next() % 400).mul_small_add(rng.next() as u32 | 1, 7);
            let b = BigUint::pow5(rng.next() % 200).mul_small_add(rng.next() as u32 | 1, 3);
            let (q, r) = a.divrem(&b);
            assert!(r < b);
            assert_eq!(q.mul(&b).add(&r), a);
            assert_eq!(a.sub(&r).divrem(&b), (q, BigUint::zero()));
        }
    }

    #[test]
    fn powers() {
        assert_eq!(BigUint::pow5(27).low_u128(), 5u128.pow(27));
        assert_eq!(
            BigUint::pow5(70).low_u128(),
            5u128.pow(55).wrapping_mul(5u128.pow(15))
        );
        assert_eq!(BigUint::pow10(38).low_u128(), 10u128.pow(38));
        assert_eq!(
            BigUint::pow5(100).divrem(&BigUint::pow5(98)).0.low_u128(),
            25
        );
    }

    #[test]
    fn top_bits_reports_lost_fraction() {
        let v = BigUint::from_u128(0b1011_1000);
        assert_eq!(v.top_bits(4), (0b1011, 4, Lost::Half));
        assert_eq!(
            BigUint::from_u128(0b1011_1001).top_bits(4),
            (0b1011, 4, Lost::MoreThanHalf)
        );
        assert_eq!(
            BigUint::from_u128(0b1011_0001).top_bits(4),
            (0b1011, 4, Lost::LessThanHalf)
        );
        assert_eq!(
            BigUint::from_u128(0b1011_0000).top_bits(4),
            (0b1011, 4, Lost::Zero)
        );
    }
}
