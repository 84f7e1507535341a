//! Arithmetic and conversions on `f32`/`f64` compared with the host's IEEE hardware (Rust
//! operators, `as` casts and rounding functions) on random bit patterns, plus table tests of
//! the special-value rules of the non-IEEE kinds.

use std::cmp::Ordering;
use std::ops::Neg;

use mica_apfloat::{Float, FloatKind, RoundingMode, Status};

struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    /// Random f64 bits, often with nearby exponents so that operands interact.
    fn f64_bits(&mut self) -> u64 {
        let v = self.next();
        match self.next() % 4 {
            0 => v,
            1 => (v & 0x800F_FFFF_FFFF_FFFF) | ((1023 + self.next() % 80 - 40) << 52),
            2 => v & 0x800F_FFFF_FFFF_FFFF,
            _ => (v & 0x800F_FFFF_FFFF_FFFF) | ((1023 + self.next() % 3) << 52),
        }
    }
    fn f32_bits(&mut self) -> u32 {
        let v = self.next() as u32;
        match self.next() % 4 {
            0 => v,
            1 => (v & 0x807F_FFFF) | (((127 + self.next() % 40) as u32 - 20) << 23),
            2 => v & 0x807F_FFFF,
            _ => (v & 0x807F_FFFF) | (((127 + self.next() % 3) as u32) << 23),
        }
    }
}

fn same(got: Float, want_bits: u128, want_is_nan: bool) -> bool {
    if want_is_nan {
        got.is_nan()
    } else {
        got.bits == want_bits
    }
}

#[test]
fn f64_operations_match_hardware() {
    let mut rng = Rng(0x1234_5678_9ABC_DEF1);
    let k = FloatKind::F64;
    for _ in 0..100_000 {
        let (x, y) = (
            f64::from_bits(rng.f64_bits()),
            f64::from_bits(rng.f64_bits()),
        );
        let (a, b) = (
            Float::from_bits(k, u128::from(x.to_bits())),
            Float::from_bits(k, u128::from(y.to_bits())),
        );
        let ops: [(&str, f64, Float); 5] = [
            ("add", x + y, a.add(b).unwrap().0),
            ("sub", x - y, a.sub(b).unwrap().0),
            ("mul", x * y, a.mul(b).unwrap().0),
            ("div", x / y, a.div(b).unwrap().0),
            ("rem", x % y, a.rem(b).unwrap().0),
        ];
        for (name, want, got) in ops {
            assert!(
                same(got, u128::from(want.to_bits()), want.is_nan()),
                "{name} {x:e} {y:e}: {want:e} vs {:?}",
                got
            );
        }
        assert_eq!(
            a.compare(b).unwrap(),
            x.partial_cmp(&y),
            "compare {x:e} {y:e}"
        );
        assert_eq!(a.neg().bits, u128::from((-x).to_bits()));
        assert_eq!(a.abs().bits, u128::from(x.abs().to_bits()));
        let narrowed = a.convert(FloatKind::F32).0;
        assert!(
            same(narrowed, u128::from((x as f32).to_bits()), x.is_nan()),
            "f64->f32 {x:e}"
        );
        let (int, status) = a.to_i128(64, RoundingMode::TowardZero).unwrap();
        assert_eq!(int, i128::from(x as i64), "fptosi {x:e}");
        let in_range = x.trunc() >= -(2f64.powi(63)) && x.trunc() < 2f64.powi(63);
        assert_eq!(
            status.contains(Status::INVALID_OP),
            !in_range,
            "fptosi status {x:e}"
        );
        let (uint, _) = a.to_u128(32, RoundingMode::TowardZero).unwrap();
        assert_eq!(uint, u128::from(x as u32), "fptoui {x:e}");
        let modes: [(RoundingMode, f64); 5] = [
            (RoundingMode::TowardZero, x.trunc()),
            (RoundingMode::TowardNegative, x.floor()),
            (RoundingMode::TowardPositive, x.ceil()),
            (RoundingMode::NearestTiesToAway, x.round()),
            (RoundingMode::NearestTiesToEven, x.round_ties_even()),
        ];
        for (mode, want) in modes {
            let got = a.round_to_integral(mode).0;
            assert!(
                same(got, u128::from(want.to_bits()), want.is_nan()),
                "{mode:?} {x:e}"
            );
        }
        let i = rng.next() as i64 >> (rng.next() % 64);
        assert_eq!(
            Float::from_i128(k, i128::from(i)).0.bits,
            u128::from((i as f64).to_bits()),
            "sitofp {i}"
        );
        let u = u128::from(rng.next()) << 64 | u128::from(rng.next());
        assert_eq!(
            Float::from_u128(k, u).0.bits,
            u128::from((u as f64).to_bits()),
            "uitofp {u}"
        );
    }
}

#[test]
fn f32_operations_match_hardware() {
    let mut rng = Rng(0x0FED_CBA9_8765_4321);
    let k = FloatKind::F32;
    for _ in 0..100_000 {
        let (x, y) = (
            f32::from_bits(rng.f32_bits()),
            f32::from_bits(rng.f32_bits()),
        );
        let (a, b) = (
            Float::from_bits(k, u128::from(x.to_bits())),
            Float::from_bits(k, u128::from(y.to_bits())),
        );
        let ops: [(&str, f32, Float); 5] = [
            ("add", x + y, a.add(b).unwrap().0),
            ("sub", x - y, a.sub(b).unwrap().0),
            ("mul", x * y, a.mul(b).unwrap().0),
            ("div", x / y, a.div(b).unwrap().0),
            ("rem", x % y, a.rem(b).unwrap().0),
        ];
        for (name, want, got) in ops {
            assert!(
                same(got, u128::from(want.to_bits()), want.is_nan()),
                "{name} {x:e} {y:e}"
            );
        }
        let widened = a.convert(FloatKind::F64);
        assert!(
            same(widened.0, u128::from(f64::from(x).to_bits()), x.is_nan()),
            "f32->f64 {x:e}"
        );
        assert!(!widened.1, "widening is exact");
        assert!(same(
            Float::from_bits(FloatKind::F64, u128::from(a.to_f64().to_bits())),
            u128::from(f64::from(x).to_bits()),
            x.is_nan()
        ));
    }
}

#[test]
fn special_values_of_the_small_kinds() {
    use FloatKind::*;
    let f = |k, bits| Float::from_bits(k, bits);
    let one = |k| Float::from_i128(k, 1).0;
    // f8E4M3FN has no infinity: overflow and division by zero give NaN (0x7F / 0xFF).
    assert_eq!(
        f(F8E4M3FN, 0x7E).add(f(F8E4M3FN, 0x7E)).unwrap(),
        (f(F8E4M3FN, 0x7F), Status::OVERFLOW | Status::INEXACT)
    );
    assert_eq!(
        one(F8E4M3FN).neg().div(Float::zero(F8E4M3FN)).unwrap(),
        (f(F8E4M3FN, 0xFF), Status::DIV_BY_ZERO)
    );
    // FNUZ kinds: no negative zero, the only NaN is 0x80, negation leaves zero and NaN alone.
    let x = one(F8E5M2FNUZ);
    assert_eq!(x.sub(x).unwrap().0.bits, 0x00);
    assert_eq!(x.neg().mul(Float::zero(F8E5M2FNUZ)).unwrap().0.bits, 0x00);
    assert_eq!(Float::zero(F8E5M2FNUZ).neg().bits, 0x00);
    assert_eq!(f(F8E5M2FNUZ, 0x80).neg().bits, 0x80);
    assert_eq!(
        Float::zero(F8E4M3B11FNUZ)
            .div(Float::zero(F8E4M3B11FNUZ))
            .unwrap(),
        (f(F8E4M3B11FNUZ, 0x80), Status::INVALID_OP)
    );
    // Finite-only kinds saturate on overflow (LLVM's handleOverflow) ...
    assert_eq!(
        f(F4E2M1FN, 0x7).add(f(F4E2M1FN, 0x7)).unwrap(),
        (f(F4E2M1FN, 0x7), Status::INEXACT)
    );
    // ... and (this crate's choice where LLVM is undefined) give +0 for NaN, the largest value
    // for infinity and division by zero.
    assert_eq!(Float::nan(F4E2M1FN), None);
    assert_eq!(
        Float::infinity(F32, true).unwrap().convert(F6E3M2FN),
        (f(F6E3M2FN, 0x3F), true)
    );
    assert_eq!(
        Float::nan(F32).unwrap().convert(F6E2M3FN),
        (f(F6E2M3FN, 0x00), true)
    );
    assert_eq!(
        one(F4E2M1FN).div(Float::zero(F4E2M1FN)).unwrap().0,
        f(F4E2M1FN, 0x7)
    );
    // f8E8M0FNU: powers of two, no zero; zero rounds to 2^-127. A negative value keeps
    // APFloat's sign flag in bit 8 and is stored with it ored into bit 7, as mlir-opt 22 folds
    // `arith.sitofp -3`, `arith.subf 1.0, 2.0` and `arith.bitcast -1.0` for it.
    assert_eq!(Float::zero(F8E8M0FNU).bits, 0x00);
    assert_eq!(
        Float::from_i128(F8E8M0FNU, 3).0.bits,
        0x81,
        "3 rounds to 4 = 2^2"
    );
    assert_eq!(
        Float::from_i128(F8E8M0FNU, -3),
        (f(F8E8M0FNU, 0x181), Status::INEXACT)
    );
    let minus_one = one(F8E8M0FNU)
        .sub(Float::from_i128(F8E8M0FNU, 2).0)
        .unwrap()
        .0;
    assert_eq!(minus_one.bits, 0x17F);
    assert_eq!(minus_one.storage_bits(), 0xFF);
    assert_eq!(minus_one.to_mlir_string(), "-1.000000e+00");
    assert_eq!(-minus_one, one(F8E8M0FNU));
    assert_eq!(Float::from_i128(F8E8M0FNU, -3).0.storage_bits(), 0x81);
    assert_eq!(minus_one.add(one(F8E8M0FNU)).unwrap().0.bits, 0x00);
    assert_eq!(one(F8E8M0FNU).rem(one(F8E8M0FNU)).unwrap().0.bits, 0x00);
    assert_eq!(Float::from_f64(F8E8M0FNU, -0.0).bits, 0x00);
    // Converting -0 into a kind without negative zero loses information.
    assert_eq!(Float::from_f64(F8E4M3FNUZ, -0.0).bits, 0x00);
    assert_eq!(
        Float::from_bits(F32, 0x8000_0000).convert(F8E4M3FNUZ),
        (f(F8E4M3FNUZ, 0), true)
    );
    // x87: the default NaN sets the integer bit; unnormals read as NaN.
    assert_eq!(Float::nan(F80).unwrap().bits, 0x7FFF_C000_0000_0000_0000);
    assert!(f(F80, 0x3FFF_0000_0000_0000_0001).is_nan());
    // Signaling NaNs are quieted by arithmetic and conversion, keeping their payload.
    let snan = f(F32, 0x7F80_0001);
    assert_eq!(
        snan.add(one(F32)).unwrap(),
        (f(F32, 0x7FC0_0001), Status::INVALID_OP)
    );
    assert_eq!(
        snan.convert_with_status(F64),
        (f(F64, 0x7FF8_0000_2000_0000), Status::INVALID_OP)
    );
    assert!(snan.is_signaling_nan() && !Float::nan(F32).unwrap().is_signaling_nan());
}

#[test]
fn integer_conversion_saturates_like_apfloat() {
    use FloatKind::F32;
    let v = |x: f32| Float::from_bits(F32, u128::from(x.to_bits()));
    let tz = RoundingMode::TowardZero;
    assert_eq!(v(127.9).to_i128(8, tz).unwrap(), (127, Status::INEXACT));
    assert_eq!(v(128.0).to_i128(8, tz).unwrap(), (127, Status::INVALID_OP));
    assert_eq!(v(-128.5).to_i128(8, tz).unwrap(), (-128, Status::INEXACT));
    assert_eq!(
        v(-129.0).to_i128(8, tz).unwrap(),
        (-128, Status::INVALID_OP)
    );
    assert_eq!(v(-0.5).to_u128(8, tz).unwrap(), (0, Status::INEXACT));
    assert_eq!(v(-1.0).to_u128(8, tz).unwrap(), (0, Status::INVALID_OP));
    assert_eq!(
        v(f32::NAN).to_i128(32, tz).unwrap(),
        (0, Status::INVALID_OP)
    );
    assert_eq!(v(1e38).to_u128(128, tz).unwrap().1, Status::OK);
    assert_eq!(
        v(f32::INFINITY).to_u128(128, tz).unwrap(),
        (u128::MAX, Status::INVALID_OP)
    );
    assert_eq!(
        v(2.5).to_i128(8, RoundingMode::NearestTiesToEven).unwrap(),
        (2, Status::INEXACT)
    );
    assert_eq!(
        v(2.5).to_i128(8, RoundingMode::NearestTiesToAway).unwrap(),
        (3, Status::INEXACT)
    );
    assert_eq!(v(1.0).to_i128(1, tz).unwrap(), (0, Status::INVALID_OP));
    assert_eq!(v(-1.0).to_i128(1, tz).unwrap(), (-1, Status::OK));
    assert!(v(1.0).to_i128(0, tz).is_err() && v(1.0).to_u128(129, tz).is_err());
    assert!(Float::zero(F32).add(Float::zero(FloatKind::F64)).is_err());
}

#[test]
fn comparison_is_a_partial_order() {
    use FloatKind::F16;
    let v = |bits| Float::from_bits(F16, bits);
    assert_eq!(v(0x0000).compare(v(0x8000)).unwrap(), Some(Ordering::Equal));
    assert_eq!(v(0x7E00).compare(v(0x7E00)).unwrap(), None);
    assert_eq!(v(0xFC00).compare(v(0xFBFF)).unwrap(), Some(Ordering::Less));
    assert_eq!(
        v(0x0001).compare(v(0x8001)).unwrap(),
        Some(Ordering::Greater)
    );
}
