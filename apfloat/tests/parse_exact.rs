//! Exactness of `Float::parse` (APFloat's `convertFromString`): compared with Rust's correctly
//! rounded `f32`/`f64` parsers on random and very long digit strings, and for every kind
//! (including `f80` and `f128`) on exact halfway points between neighbours and just beside them.

use mica_apfloat::{Float, FloatError, FloatKind, FormatOptions, Status};

struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
    fn bits(&mut self, width: u32) -> u128 {
        let v = (u128::from(self.next()) << 64) | u128::from(self.next());
        if width >= 128 {
            v
        } else {
            v & ((1u128 << width) - 1)
        }
    }
}

fn random_digits(rng: &mut Rng, n: usize) -> String {
    (0..n)
        .map(|_| char::from(b'0' + rng.below(10) as u8))
        .collect()
}

fn exact_decimal(f: Float) -> String {
    f.to_string_with(FormatOptions {
        precision: 12_000,
        max_padding: 0,
        truncate_zero: true,
    })
}

#[test]
fn matches_rust_parsers_for_f32_and_f64() {
    let mut rng = Rng(0xDEAD_BEEF_1234_5678);
    for i in 0..20_000 {
        let n = 1 + rng.below(if i % 10 == 0 { 800 } else { 30 }) as usize;
        let digits = random_digits(&mut rng, n);
        let point = rng.below(n as u64 + 1) as usize;
        let exp = rng.below(700) as i64 - 350;
        let sign = if rng.below(2) == 0 { "-" } else { "" };
        let text = format!("{sign}{}.{}e{exp}", &digits[..point], &digits[point..]);
        let text = if point == 0 {
            format!("{sign}0{}", &text[sign.len()..])
        } else {
            text
        };
        let want64 = text.parse::<f64>().expect("rust parses");
        let got64 = Float::parse(FloatKind::F64, &text).expect("parses");
        assert_eq!(got64.bits, u128::from(want64.to_bits()), "f64 {text}");
        let want32 = text.parse::<f32>().expect("rust parses");
        let got32 = Float::parse(FloatKind::F32, &text).expect("parses");
        assert_eq!(got32.bits, u128::from(want32.to_bits()), "f32 {text}");
    }
}

/// Decrease a positive decimal in scientific form by far less than any half-ulp.
fn just_below(text: &str) -> String {
    let (mantissa, exp) = text.split_once('E').expect("scientific");
    let mut m: Vec<u8> = mantissa.bytes().collect();
    let last = m.iter().rposition(u8::is_ascii_digit).expect("digit");
    // The last digit is nonzero (trailing zeros are never printed).
    m[last] -= 1;
    format!(
        "{}{}E{exp}",
        String::from_utf8(m).expect("ascii"),
        "9".repeat(60)
    )
}

fn just_above(text: &str) -> String {
    let (mantissa, exp) = text.split_once('E').expect("scientific");
    format!("{mantissa}{}1E{exp}", "0".repeat(60))
}

#[test]
fn halfway_points_round_to_even_in_every_kind() {
    let mut rng = Rng(0x0123_4567_89AB_CDEF);
    for kind in FloatKind::ALL {
        let w = kind.bit_width();
        let mut checked = 0;
        let mut attempts = 0;
        while checked < 150 && attempts < 10_000 {
            attempts += 1;
            // Positive finite values with a finite positive successor.
            let mut b = rng.bits(w);
            if kind.has_signed_repr() {
                b &= (1u128 << (w - 1)) - 1;
            }
            let (lo, hi) = (Float::from_bits(kind, b), Float::from_bits(kind, b + 1));
            if !lo.is_finite()
                || !hi.is_finite()
                || (b + 1) >> (w - u32::from(kind.has_signed_repr())) != 0
            {
                continue;
            }
            // The midpoint, exactly: in f128 for narrow kinds; for f80/f128 from the decimal
            // expansions (their sum's half is exact in decimal).
            let mid = midpoint_text(lo, hi);
            let even = if b & 1 == 0 { lo } else { hi };
            // With a one-bit significand (f8E8M0FNU) the kept bit is always 1: ties go up.
            let even = if kind == FloatKind::F8E8M0FNU {
                hi
            } else {
                even
            };
            assert_eq!(Float::parse(kind, &mid), Ok(even), "{kind} tie {mid}");
            assert_eq!(
                Float::parse(kind, &just_above(&mid)),
                Ok(hi),
                "{kind} above {mid}"
            );
            assert_eq!(
                Float::parse(kind, &just_below(&mid)),
                Ok(lo),
                "{kind} below {mid}"
            );
            assert_eq!(
                Float::parse(kind, &exact_decimal(lo)),
                Ok(lo),
                "{kind} exact {}",
                exact_decimal(lo)
            );
            checked += 1;
        }
        assert_eq!(checked, 150, "{kind}: enough cases");
    }
}

/// `(lo + hi) / 2` written exactly in scientific notation.
fn midpoint_text(lo: Float, hi: Float) -> String {
    let (a, b) = (exact_decimal(lo), exact_decimal(hi));
    let (da, ea) = parse_sci(&a);
    let (db, eb) = parse_sci(&b);
    // Align both digit strings to the smaller exponent and add them as decimal integers.
    let e = ea.min(eb);
    let da = format!("{da}{}", "0".repeat((ea - e) as usize));
    let db = format!("{db}{}", "0".repeat((eb - e) as usize));
    let len = da.len().max(db.len()) + 1;
    let (da, db) = (format!("{da:0>len$}"), format!("{db:0>len$}"));
    let mut sum = vec![0u8; len];
    let mut carry = 0;
    for i in (0..len).rev() {
        let s = (da.as_bytes()[i] - b'0') + (db.as_bytes()[i] - b'0') + carry;
        sum[i] = s % 10;
        carry = s / 10;
    }
    // Halve: multiply by 5 and lower the exponent by one.
    let mut half = vec![0u8; len + 1];
    let mut c = 0;
    for i in (0..len).rev() {
        let t = sum[i] * 5 + c;
        half[i + 1] = t % 10;
        c = t / 10;
    }
    half[0] = c;
    let digits: String = half.iter().map(|d| char::from(b'0' + d)).collect();
    let digits = digits.trim_start_matches('0');
    let trimmed = digits.trim_end_matches('0');
    let exp = e - 1 + (digits.len() - trimmed.len()) as i64 + trimmed.len() as i64 - 1;
    let (first, rest) = trimmed.split_at(1);
    format!("{first}.{rest}E{exp}")
}

/// Split `d.dddE±x` into the digit string and the exponent of its last digit.
fn parse_sci(text: &str) -> (String, i64) {
    let (mantissa, exp) = text.split_once('E').expect("scientific");
    let digits: String = mantissa.chars().filter(char::is_ascii_digit).collect();
    let exp: i64 = exp.parse().expect("exponent");
    let digits = digits.trim_end_matches('0').to_string();
    let digits = if digits.is_empty() {
        "0".to_string()
    } else {
        digits
    };
    (digits.clone(), exp - (digits.len() as i64 - 1))
}

#[test]
fn exact_expansions_round_trip_for_random_bit_patterns() {
    let mut rng = Rng(77);
    for kind in FloatKind::ALL {
        for _ in 0..300 {
            let f = Float::from_bits(kind, rng.bits(kind.bit_width()));
            // x87 pseudo-denormals (zero exponent field, integer bit set) read back normalized.
            let pseudo_denormal =
                kind == FloatKind::F80 && (f.bits >> 64) & 0x7fff == 0 && (f.bits >> 63) & 1 == 1;
            if !f.is_finite() || pseudo_denormal {
                continue;
            }
            let text = exact_decimal(f);
            let back = Float::parse(kind, &text).expect("parses");
            assert!(
                back == f || (f.is_zero() && back.is_zero()),
                "{kind} {text}: {back:?} != {f:?}"
            );
        }
    }
}

#[test]
fn overflow_and_underflow_follow_the_kind() {
    let cases: &[(FloatKind, &str, u128)] = &[
        (FloatKind::F32, "1e39", 0x7F80_0000),
        (FloatKind::F32, "-1e39", 0xFF80_0000),
        (FloatKind::F32, "1e-46", 0),
        (FloatKind::F32, "-1e-46", 0x8000_0000),
        (FloatKind::F32, "3.4028235677973366e38", 0x7F7F_FFFF),
        (FloatKind::F32, "3.4028235677973367e38", 0x7F80_0000),
        (FloatKind::F8E4M3FN, "464", 0x7E),
        (FloatKind::F8E4M3FN, "464.0001", 0x7F),
        (FloatKind::F8E4M3FN, "-500", 0xFF),
        (FloatKind::F8E5M2FNUZ, "1e6", 0x80),
        (FloatKind::F8E5M2FNUZ, "-1e-9", 0x00),
        (FloatKind::F4E2M1FN, "1e9", 0x7),
        (FloatKind::F4E2M1FN, "-7", 0xF),
        (FloatKind::F8E8M0FNU, "0", 0x00),
        (FloatKind::F8E8M0FNU, "1e-300", 0x00),
        (FloatKind::F8E8M0FNU, "1e300", 0xFF),
        (FloatKind::F80, "1e5000", 0x7FFF_8000_0000_0000_0000),
        (FloatKind::F128, "1e-5000", 0),
        (
            FloatKind::F16,
            "0.00000000000000000000000000000000000000001e99999999",
            0x7C00,
        ),
    ];
    for &(kind, text, bits) in cases {
        assert_eq!(
            Float::parse(kind, text),
            Ok(Float::from_bits(kind, bits)),
            "{kind} {text}"
        );
    }
    assert_eq!(
        Float::parse_with_status(FloatKind::F32, "1e39").map(|r| r.1),
        Ok(Status::OVERFLOW | Status::INEXACT)
    );
    assert_eq!(
        Float::parse_with_status(FloatKind::F32, "0.5").map(|r| r.1),
        Ok(Status::OK)
    );
}

#[test]
fn malformed_text_is_an_error() {
    for text in [
        "", "-", ".", "e5", "1e", "1.5e+", "1..5", "0x1p3", "1.5f", " 1.0", "inf", "nan",
    ] {
        assert!(
            matches!(
                Float::parse(FloatKind::F32, text),
                Err(FloatError::InvalidLiteral { .. })
            ),
            "{text:?} should be rejected"
        );
    }
}

#[test]
fn negative_unsigned_keeps_its_sign_flag() {
    // A negative f8E8M0FNU value keeps APFloat's sign flag (bit 8); LLVM stores it ored into
    // the exponent's top bit.
    let f = Float::parse(FloatKind::F8E8M0FNU, "-2.0").unwrap();
    assert_eq!((f.bits, f.storage_bits()), (0x180, 0x80));
}

#[test]
fn mlir_literal_rules() {
    use FloatKind::*;
    assert_eq!(
        Float::from_mlir_literal(F32, "5"),
        Err(FloatError::DecimalIntegerLiteral)
    );
    assert_eq!(
        Float::from_mlir_literal(F16, "-0x1"),
        Err(FloatError::NegativeHexLiteral)
    );
    assert_eq!(
        Float::from_mlir_literal(F4E2M1FN, "0x10"),
        Err(FloatError::HexLiteralOutOfRange { kind: F4E2M1FN })
    );
    assert_eq!(
        Float::from_mlir_literal(F4E2M1FN, "0x0000F"),
        Ok(Float::from_bits(F4E2M1FN, 0xF))
    );
    assert_eq!(
        Float::from_mlir_literal(TF32, "0x80000"),
        Err(FloatError::HexLiteralOutOfRange { kind: TF32 })
    );
    assert!(matches!(
        Float::from_mlir_literal(F32, ".5"),
        Err(FloatError::InvalidLiteral { .. })
    ));
    assert!(matches!(
        Float::from_mlir_literal(F32, "1e5"),
        Err(FloatError::InvalidLiteral { .. })
    ));
    // mlir-opt rounds through f64: 0.1 in f128 is the double nearest 0.1, not the nearest quad.
    let through_double = Float::from_mlir_literal(F128, "0.1").expect("parses");
    assert_eq!(through_double, Float::from_f64(F128, 0.1));
    assert_ne!(through_double, Float::parse(F128, "0.1").expect("parses"));
}

#[test]
fn very_long_digit_strings_round_exactly_and_quickly() {
    // The midpoint between 1 and the next f64, followed by 50,000 zeros and then a 1: just
    // above the tie, so it must round up; without the final 1 it is a tie (to even: down).
    let tie = "1.00000000000000011102230246251565404236316680908203125";
    let zeros = "0".repeat(50_000);
    let above = format!("{tie}{zeros}1");
    assert_eq!(
        Float::parse(FloatKind::F64, &above),
        Ok(Float::from_f64(FloatKind::F64, 1.0000000000000002))
    );
    assert_eq!(
        Float::parse(FloatKind::F64, &format!("{tie}{zeros}")),
        Ok(Float::from_f64(FloatKind::F64, 1.0))
    );
    let below = format!(
        "1.00000000000000011102230246251565404236316680908203124{}",
        "9".repeat(50_000)
    );
    assert_eq!(
        Float::parse(FloatKind::F64, &below),
        Ok(Float::from_f64(FloatKind::F64, 1.0))
    );
    // A million random digits against Rust's parser.
    let mut rng = Rng(99);
    let digits = random_digits(&mut rng, 1_000_000);
    let text = format!("0.{digits}e-300");
    let want = text.parse::<f64>().expect("rust parses");
    assert_eq!(
        Float::parse(FloatKind::F64, &text).map(|f| f.bits),
        Ok(u128::from(want.to_bits()))
    );
}
