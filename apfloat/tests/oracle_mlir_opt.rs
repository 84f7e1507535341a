//! Differential test against the reference oracle mlir-opt 22: thousands of generated float
//! literals per kind (random digit strings and exponents, random and exhaustive bit patterns,
//! subnormals, extremes, exact halfway cases) are printed by mlir-opt in one file per kind and
//! compared with `Float::from_mlir_literal(..).to_mlir_string()`.
//!
//! Skips (with a message) when mlir-opt is missing; fails instead when
//! `MICA_REQUIRE_ORACLES=1`. `MICA_MLIR_OPT` overrides the oracle's path.

use std::path::PathBuf;
use std::process::Command;

use mica_apfloat::{Float, FloatKind, FormatOptions};

/// xorshift64* — a small deterministic generator for reproducible cases.
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
    fn range(&mut self, lo: i64, hi: i64) -> i64 {
        lo + self.below((hi - lo + 1) as u64) as i64
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

fn oracle() -> Option<PathBuf> {
    let path = std::env::var_os("MICA_MLIR_OPT")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from("/usr/lib/llvm-22/bin/mlir-opt"));
    if path.exists() {
        return Some(path);
    }
    if std::env::var("MICA_REQUIRE_ORACLES").as_deref() == Ok("1") {
        panic!(
            "mlir-opt not found at {} and MICA_REQUIRE_ORACLES=1",
            path.display()
        );
    }
    println!(
        "SKIPPED: mlir-opt not found at {}; differential test not run",
        path.display()
    );
    None
}

fn hex_literal(kind: FloatKind, bits: u128) -> String {
    let nibbles = kind.bit_width().div_ceil(4) as usize;
    format!("0x{bits:0nibbles$X}")
}

/// The exact decimal expansion of a value, in MLIR float-literal syntax.
fn exact_decimal(f: Float) -> String {
    f.to_string_with(FormatOptions {
        precision: 12_000,
        max_padding: 0,
        truncate_zero: true,
    })
}

/// Whether mlir-opt's behaviour for this decimal literal is defined (LLVM has undefined
/// behaviour for negative `f8E8M0FNU` values and for infinity into a finite-only kind).
fn defined_for(kind: FloatKind, literal: &str) -> bool {
    if literal.starts_with('-') && !kind.has_signed_repr() {
        return false;
    }
    if !kind.has_nan() {
        return Float::parse(FloatKind::F64, literal).is_ok_and(|d| !d.is_infinite());
    }
    true
}

/// A random decimal literal whose magnitude is spread over (and a bit beyond) `kind`'s range.
fn random_decimal(rng: &mut Rng, kind: FloatKind) -> String {
    let lo = ((kind.min_exponent() - kind.precision() as i32) as f64 * std::f64::consts::LOG10_2)
        as i64
        - 3;
    let hi = (kind.max_exponent() as f64 * std::f64::consts::LOG10_2) as i64 + 3;
    let (lo, hi) = (lo.max(-340), hi.min(320));
    let ndigits = match rng.below(4) {
        0 => rng.range(1, 3),
        1 => rng.range(1, 9),
        2 => rng.range(10, 25),
        _ => rng.range(26, 60),
    } as usize;
    let mut digits: String = (0..ndigits)
        .map(|_| char::from(b'0' + rng.below(10) as u8))
        .collect();
    if rng.below(5) == 0 {
        // Many trailing zeros or nines stress the rounding of the digit string.
        let fill = if rng.below(2) == 0 { '0' } else { '9' };
        let keep = rng.range(1, ndigits as i64) as usize;
        digits = digits[..keep].to_string() + &fill.to_string().repeat(ndigits - keep);
    }
    let int_len = rng.range(1, ndigits as i64) as usize;
    let sign = if rng.below(3) == 0 { "-" } else { "" };
    let target = rng.range(lo, hi);
    let exp = target - (int_len as i64 - 1);
    let (int_part, frac_part) = digits.split_at(int_len);
    match rng.below(4) {
        0 if (-20..=20).contains(&exp) => {
            // Plain positional form without exponent.
            let all = format!("{int_part}{frac_part}");
            let point = int_len as i64 + exp;
            if point <= 0 {
                format!("{sign}0.{}{all}", "0".repeat(point.unsigned_abs() as usize))
            } else if point as usize >= all.len() {
                format!("{sign}{all}{}.", "0".repeat(point as usize - all.len()))
            } else {
                format!(
                    "{sign}{}.{}",
                    &all[..point as usize],
                    &all[point as usize..]
                )
            }
        }
        1 => format!("{sign}{int_part}.{frac_part}E{exp:+}"),
        _ => format!("{sign}{int_part}.{frac_part}e{exp}"),
    }
}

/// Interesting bit patterns: extremes, subnormal boundaries, NaN/infinity encodings.
fn edge_bits(kind: FloatKind) -> Vec<u128> {
    let w = kind.bit_width();
    let all = if w == 128 {
        u128::MAX
    } else {
        (1u128 << w) - 1
    };
    let mut v = vec![
        0,
        1,
        2,
        3,
        all,
        all - 1,
        all >> 1,
        (all >> 1) - 1,
        1u128 << (w - 1),
    ];
    let trailing = kind.precision() - 1;
    for f in [
        Float::largest(kind, false),
        Float::smallest_normal(kind),
        Float::zero(kind),
    ] {
        v.extend([
            f.bits,
            f.bits.wrapping_sub(1) & all,
            (f.bits + 1) & all,
            f.bits | 1u128 << (w - 1),
        ]);
    }
    v.push((1u128 << trailing) - 1);
    v.push(1u128 << trailing);
    if let Some(nan) = Float::nan(kind) {
        v.extend([nan.bits, nan.bits ^ 1, nan.bits | 1u128 << (w - 1)]);
    }
    if let Some(inf) = Float::infinity(kind, false) {
        v.extend([inf.bits, inf.bits | 1]);
    }
    if kind == FloatKind::F80 {
        // Pseudo-denormal, unnormal, pseudo-infinity, pseudo-NaN.
        v.extend([
            0x0000_8000_0000_0000_0001,
            0x3FFF_0000_0000_0000_0001,
            0x7FFF_0000_0000_0000_0000,
            0x7FFF_0000_0000_0000_0001,
            0xFFFF_4000_0000_0000_0000,
            0x0001_0000_0000_0000_0000,
        ]);
    }
    v.sort_unstable();
    v.dedup();
    v.into_iter().map(|b| b & all).collect()
}

fn literals_for(kind: FloatKind, rng: &mut Rng) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    let w = kind.bit_width();
    // Bit patterns: exhaustive for narrow kinds, random plus edge cases otherwise.
    if w <= 8 {
        out.extend((0..1u128 << w).map(|b| hex_literal(kind, b)));
    } else {
        out.extend(edge_bits(kind).into_iter().map(|b| hex_literal(kind, b)));
        for _ in 0..1200 {
            let mut b = rng.bits(w);
            if rng.below(4) == 0 {
                // Concentrate on subnormals and the smallest binades.
                b &= (1u128 << (kind.precision() + 2)) - 1;
                if rng.below(2) == 0 {
                    b |= 1u128 << (w - 1);
                }
            }
            out.push(hex_literal(kind, b));
        }
    }
    // Fixed decimal edge cases.
    for s in [
        "0.0", "-0.0", "1.0", "-1.0", "0.5", "2.", "3.", "0.1", "1.5", "100.0", "1.0e-7", "6.5e4",
        "1.e38", "3.5e38",
    ] {
        out.push(s.to_string());
    }
    // Random digit strings and exponents.
    for _ in 0..1500 {
        out.push(random_decimal(rng, kind));
    }
    // Exact halfway cases between neighbours (and just above them), through f64 where the
    // kind is narrower so that mlir-opt's double rounding is exercised on ties.
    let halfway_kind = if kind.precision() < 53 && kind.max_exponent() <= 1023 {
        FloatKind::F64
    } else {
        FloatKind::F128
    };
    for _ in 0..300 {
        let b = rng.bits(w);
        let f = Float::from_bits(kind, b);
        if !f.is_finite() || (f.is_negative() && !kind.has_signed_repr()) {
            continue;
        }
        let lo = f.convert(halfway_kind).0;
        let next = Float::from_bits(kind, b + 1);
        if !next.is_finite() || next.is_negative() != f.is_negative() {
            continue;
        }
        let hi = next.convert(halfway_kind).0;
        let two = Float::from_u128(halfway_kind, 2).0;
        let mid = lo.add(hi).and_then(|s| s.0.div(two)).expect("same kind").0;
        let text = exact_decimal(mid);
        let (mantissa, exponent) = text.split_once('E').expect("scientific form");
        out.push(text.clone());
        out.push(format!("{mantissa}000001E{exponent}"));
    }
    out.retain(|l| l.starts_with("0x") || defined_for(kind, l));
    out
}

fn run_kind(mlir_opt: &PathBuf, kind: FloatKind, literals: &[String]) -> (usize, Vec<String>) {
    let ty = kind.mlir_name();
    let mut file = String::new();
    for l in literals {
        file.push_str(&format!("\"test.op\"() {{v = {l} : {ty}}} : () -> ()\n"));
    }
    let dir = std::env::temp_dir().join(format!("mica-apfloat-oracle-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let path = dir.join(format!("{ty}.mlir"));
    std::fs::write(&path, &file).expect("write input");
    let output = Command::new(mlir_opt)
        .arg("--allow-unregistered-dialect")
        .arg(&path)
        .output()
        .expect("run mlir-opt");
    std::fs::remove_file(&path).expect("remove input");
    assert!(
        output.status.success(),
        "mlir-opt failed on {ty}: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    let stdout = String::from_utf8(output.stdout).expect("utf8");
    let printed: Vec<&str> = stdout
        .lines()
        .filter_map(|line| line.split_once("{v = ").map(|(_, rest)| rest))
        .map(|rest| {
            rest.rsplit_once(&format!(" : {ty}}}"))
                .map_or(rest, |(v, _)| v)
        })
        .collect();
    assert_eq!(
        printed.len(),
        literals.len(),
        "one printed op per input op for {ty}"
    );
    let mut failures = Vec::new();
    let mut passed = 0;
    for (lit, expected) in literals.iter().zip(printed) {
        let got = Float::from_mlir_literal(kind, lit).map(|f| f.to_mlir_string());
        if got.as_deref() == Ok(expected) {
            passed += 1;
        } else {
            failures.push(format!("{lit} : {ty}: mlir-opt {expected}, mica {got:?}"));
        }
    }
    (passed, failures)
}

#[test]
fn printed_values_match_mlir_opt() {
    let Some(mlir_opt) = oracle() else { return };
    let mut rng = Rng(0x5DEE_CE66_D1CE_4E5B);
    let mut all_failures = Vec::new();
    let mut report = Vec::new();
    for kind in FloatKind::ALL {
        let literals = literals_for(kind, &mut rng);
        let (passed, failures) = run_kind(&mlir_opt, kind, &literals);
        report.push(format!(
            "{:>14}: {passed}/{} ({:.2}%)",
            kind.mlir_name(),
            literals.len(),
            100.0 * passed as f64 / literals.len() as f64
        ));
        all_failures.extend(failures.into_iter().take(15));
    }
    std::fs::remove_dir(
        std::env::temp_dir().join(format!("mica-apfloat-oracle-{}", std::process::id())),
    )
    .ok();
    println!("differential pass rate per kind:\n{}", report.join("\n"));
    assert!(
        all_failures.is_empty(),
        "{} mismatches (first per kind):\n{}\n{}",
        all_failures.len(),
        all_failures.join("\n"),
        report.join("\n")
    );
}
