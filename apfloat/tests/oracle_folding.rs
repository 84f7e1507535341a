//! Differential test of the arithmetic against mlir-opt 22's constant folding (which runs
//! LLVM's APFloat): for every kind, `arith.addf/subf/mulf/divf/remf/negf/cmpf`, `math.absf`,
//! `arith.extf/truncf` to other kinds, `arith.fptosi/fptoui` and `arith.sitofp/uitofp` on
//! constant operands are folded by `mlir-opt --canonicalize`, and each folded constant is
//! compared with what mica computes (printed with `to_mlir_string`, itself checked against
//! mlir-opt elsewhere). Cases where LLVM's behaviour is undefined are not generated.
//!
//! Skips (with a message) when mlir-opt is missing; fails when `MICA_REQUIRE_ORACLES=1`.

use std::collections::HashMap;
use std::ops::Neg;
use std::path::PathBuf;
use std::process::Command;

use mica_apfloat::{Float, FloatKind, RoundingMode, Status};

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
        "SKIPPED: mlir-opt not found at {}; folding differential test not run",
        path.display()
    );
    None
}

/// A binary arithmetic method of `Float`.
type BinaryOp = fn(Float, Float) -> Result<(Float, Status), mica_apfloat::FloatError>;

/// What mica predicts for one folded operation.
enum Expect {
    /// A folded float constant of the given kind.
    Float(Float),
    /// A folded integer constant of the given width (printed signed, `true`/`false` for i1).
    Int(i128, u32),
    /// mlir-opt must leave the operation unfolded.
    NotFolded,
}

/// One generated operation: its MLIR text (defining `%r{id}`), result type, expectation.
struct Case {
    text: String,
    result_type: String,
    expect: Expect,
    label: String,
}

fn hex(f: Float) -> String {
    format!("0x{:X}", f.bits)
}

fn constant(name: &str, f: Float) -> String {
    format!(
        "  %{name} = arith.constant {} : {}\n",
        hex(f),
        f.kind.mlir_name()
    )
}

/// Operand values: every pattern for narrow kinds, else random and boundary patterns.
fn values(kind: FloatKind, rng: &mut Rng, n: usize) -> Vec<Float> {
    let w = kind.bit_width();
    if w <= 8 {
        return (0..1u128 << w).map(|b| Float::from_bits(kind, b)).collect();
    }
    let mut v: Vec<Float> = Vec::new();
    for i in [-3i128, -2, -1, 0, 1, 2, 3, 7, 10, 1000] {
        v.push(Float::from_i128(kind, i).0);
    }
    v.push(Float::largest(kind, false));
    v.push(Float::largest(kind, true));
    v.push(Float::smallest_normal(kind));
    v.push(Float::from_bits(kind, 1));
    v.extend(Float::nan(kind));
    v.extend(Float::infinity(kind, true));
    while v.len() < n {
        let mut b = rng.bits(w);
        if rng.below(3) == 0 {
            // Keep exponents moderate so that operations interact.
            let p = kind.precision();
            let sign = b >> (w - 1);
            let e = (1u128 << (w - p - 1)) + rng.bits(3) - 4;
            b = (sign << (w - 1)) | (e << (p - 1)) | (b & ((1u128 << (p - 1)) - 1));
            if kind == FloatKind::F80 {
                b |= 1 << 63;
            }
        }
        v.push(Float::from_bits(kind, b));
    }
    v
}

fn float_case(id: usize, label: String, body: String, kind: FloatKind, result: Float) -> Case {
    Case {
        text: body.replace("%r ", &format!("%r{id} ")),
        result_type: kind.mlir_name().into(),
        expect: Expect::Float(result),
        label,
    }
}

fn binary_cases(kind: FloatKind, vals: &[Float], rng: &mut Rng, cases: &mut Vec<Case>) {
    let pairs: Vec<(Float, Float)> = if vals.len() <= 16 {
        vals.iter()
            .flat_map(|&a| vals.iter().map(move |&b| (a, b)))
            .collect()
    } else {
        (0..400)
            .map(|i| {
                let a = vals[rng.below(vals.len() as u64) as usize];
                // Every other pair uses a near neighbour to exercise cancellation.
                let b = if i % 2 == 0 {
                    vals[rng.below(vals.len() as u64) as usize]
                } else {
                    Float::from_bits(kind, a.bits ^ (rng.bits(kind.precision().min(8)) + 1))
                };
                (a, b)
            })
            .collect()
    };
    let finite_only = !kind.has_nan();
    let unsigned = !kind.has_signed_repr();
    for (a, b) in pairs {
        let ops: [(&str, BinaryOp); 5] = [
            ("addf", Float::add),
            ("subf", Float::sub),
            ("mulf", Float::mul),
            ("divf", Float::div),
            ("remf", Float::rem),
        ];
        for (name, op) in ops {
            // Undefined in LLVM: a negative difference in an unsigned kind, NaN or infinity
            // results in a finite-only kind.
            let below = a.compare(b).expect("same kind") == Some(std::cmp::Ordering::Less);
            if unsigned && name == "subf" && below {
                continue;
            }
            if finite_only && matches!(name, "divf" | "remf") && b.is_zero() {
                continue;
            }
            // mlir-opt applies the identities x + -0 = x, x - +0 = x, x * 1 = x and x / 1 = x
            // before folding constants (they differ from the arithmetic on signaling NaNs).
            let one = Float::from_i128(kind, 1).0;
            let identity = match name {
                "addf" => b.is_zero() && b.is_negative(),
                "subf" => b.is_zero() && !b.is_negative(),
                "mulf" | "divf" => b == one,
                _ => false,
            };
            let result = if identity {
                a
            } else {
                op(a, b).expect("same kind").0
            };
            let id = cases.len();
            let body = format!(
                "{}{}  %r = arith.{name} %a{id}, %b{id} : {}\n",
                constant(&format!("a{id}"), a),
                constant(&format!("b{id}"), b),
                kind.mlir_name()
            );
            cases.push(float_case(
                id,
                format!("{name} {} {}", hex(a), hex(b)),
                body,
                kind,
                result,
            ));
        }
        let id = cases.len();
        let ordering = a.compare(b).expect("same kind");
        let (pred, holds) = match id % 5 {
            0 => ("olt", ordering == Some(std::cmp::Ordering::Less)),
            1 => ("oeq", ordering == Some(std::cmp::Ordering::Equal)),
            2 => ("une", ordering != Some(std::cmp::Ordering::Equal)),
            3 => ("uno", ordering.is_none()),
            _ => (
                "oge",
                matches!(
                    ordering,
                    Some(std::cmp::Ordering::Greater | std::cmp::Ordering::Equal)
                ),
            ),
        };
        let body = format!(
            "{}{}  %r{id} = arith.cmpf {pred}, %a{id}, %b{id} : {}\n",
            constant(&format!("a{id}"), a),
            constant(&format!("b{id}"), b),
            kind.mlir_name()
        );
        cases.push(Case {
            text: body,
            result_type: "i1".into(),
            expect: Expect::Int(i128::from(holds), 1),
            label: format!("cmpf {pred} {} {}", hex(a), hex(b)),
        });
    }
}

fn unary_cases(kind: FloatKind, vals: &[Float], rng: &mut Rng, cases: &mut Vec<Case>) {
    let ty = kind.mlir_name();
    let others: Vec<FloatKind> = FloatKind::ALL
        .into_iter()
        .filter(|k| k.bit_width() != kind.bit_width())
        .collect();
    for (i, &a) in vals.iter().enumerate().take(300) {
        let id = cases.len();
        let c = constant(&format!("a{id}"), a);
        if kind.has_signed_repr() {
            cases.push(float_case(
                id,
                format!("negf {}", hex(a)),
                format!("{c}  %r = arith.negf %a{id} : {ty}\n"),
                kind,
                a.neg(),
            ));
        }
        let id = cases.len();
        let c = constant(&format!("a{id}"), a);
        cases.push(float_case(
            id,
            format!("absf {}", hex(a)),
            format!("{c}  %r = math.absf %a{id} : {ty}\n"),
            kind,
            a.abs(),
        ));
        // Float-to-float conversion to a kind of another width.
        let to = others[(i + rng.below(others.len() as u64) as usize) % others.len()];
        let undefined = (!to.has_nan() && !a.is_finite())
            || (!to.has_signed_repr() && a.is_negative() && !a.is_nan());
        if !undefined {
            let id = cases.len();
            let c = constant(&format!("a{id}"), a);
            let op = if to.bit_width() > kind.bit_width() {
                "extf"
            } else {
                "truncf"
            };
            let (converted, status) = a.convert_with_status(to);
            let lost = a.convert(to).1;
            let expect = if lost || status != Status::OK {
                Expect::NotFolded
            } else {
                Expect::Float(converted)
            };
            cases.push(Case {
                text: format!(
                    "{c}  %r{id} = arith.{op} %a{id} : {ty} to {}\n",
                    to.mlir_name()
                ),
                result_type: to.mlir_name().into(),
                expect,
                label: format!("{op} {} to {}", hex(a), to.mlir_name()),
            });
        }
        // Float-to-integer conversion (truncating).
        let width = [8u32, 32, 64, 128][rng.below(4) as usize];
        let signed = rng.below(2) == 0;
        let id = cases.len();
        let c = constant(&format!("a{id}"), a);
        let (value, status) = if signed {
            a.to_i128(width, RoundingMode::TowardZero).expect("width")
        } else {
            let (v, s) = a.to_u128(width, RoundingMode::TowardZero).expect("width");
            ((v << (128 - width)) as i128 >> (128 - width), s)
        };
        let expect = if status.contains(Status::INVALID_OP) {
            Expect::NotFolded
        } else {
            Expect::Int(value, width)
        };
        let op = if signed { "fptosi" } else { "fptoui" };
        cases.push(Case {
            text: format!("{c}  %r{id} = arith.{op} %a{id} : {ty} to i{width}\n"),
            result_type: format!("i{width}"),
            expect,
            label: format!("{op} {} to i{width}", hex(a)),
        });
    }
    // Integer-to-float conversions.
    for _ in 0..150 {
        let width = [8u32, 16, 32, 64, 128][rng.below(5) as usize];
        let raw = rng.bits(width) >> rng.below(u64::from(width));
        let as_signed = ((raw << (128 - width)) as i128) >> (128 - width);
        let signed = rng.below(2) == 0;
        if signed && as_signed < 0 && !kind.has_signed_repr() {
            continue;
        }
        let result = if signed {
            Float::from_i128(kind, as_signed).0
        } else {
            Float::from_u128(kind, raw).0
        };
        let id = cases.len();
        let op = if signed { "sitofp" } else { "uitofp" };
        let body = format!(
            "  %i{id} = arith.constant {as_signed} : i{width}\n  %r = arith.{op} %i{id} : i{width} to {ty}\n"
        );
        cases.push(float_case(
            id,
            format!("{op} {as_signed} : i{width}"),
            body,
            kind,
            result,
        ));
    }
}

/// Runs mlir-opt on all cases of one kind; returns (passed, failures).
fn run(mlir_opt: &PathBuf, name: &str, cases: &[Case]) -> (usize, Vec<String>) {
    let mut file = String::from("func.func @f() {\n");
    for (id, c) in cases.iter().enumerate() {
        file.push_str(&c.text);
        file.push_str(&format!(
            "  \"test.sink\"(%r{id}) {{id = {id}}} : ({}) -> ()\n",
            c.result_type
        ));
    }
    file.push_str("  return\n}\n");
    let path = std::env::temp_dir().join(format!(
        "mica-apfloat-fold-{}-{name}.mlir",
        std::process::id()
    ));
    std::fs::write(&path, &file).expect("write input");
    let output = Command::new(mlir_opt)
        .args(["--allow-unregistered-dialect", "--canonicalize"])
        .arg(&path)
        .output()
        .expect("run mlir-opt");
    std::fs::remove_file(&path).expect("remove input");
    assert!(
        output.status.success(),
        "mlir-opt failed for {name}: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    let stdout = String::from_utf8(output.stdout).expect("utf8");
    let mut constants: HashMap<&str, &str> = HashMap::new();
    let mut sinks: HashMap<usize, &str> = HashMap::new();
    for line in stdout.lines().map(str::trim) {
        if let Some((lhs, rhs)) = line.split_once(" = arith.constant ") {
            let value = rhs.rsplit_once(" : ").map_or(rhs, |(v, _)| v);
            constants.insert(lhs, value);
        } else if let Some(rest) = line.strip_prefix("\"test.sink\"(") {
            let (operand, rest) = rest.split_once(')').expect("operand");
            let id: usize = rest
                .split_once("id = ")
                .and_then(|(_, r)| r.split_once(' '))
                .and_then(|(n, _)| n.parse().ok())
                .expect("id");
            sinks.insert(id, operand);
        }
    }
    let mut passed = 0;
    let mut failures = Vec::new();
    for (id, c) in cases.iter().enumerate() {
        let got = sinks.get(&id).and_then(|op| constants.get(op)).copied();
        let want = match &c.expect {
            Expect::Float(f) => Some(f.to_mlir_string()),
            Expect::Int(v, 1) => Some(if *v != 0 { "true" } else { "false" }.to_string()),
            Expect::Int(v, _) => Some(v.to_string()),
            Expect::NotFolded => None,
        };
        if got.map(str::to_string) == want {
            passed += 1;
        } else {
            failures.push(format!(
                "{name}: {}: mlir-opt {got:?}, mica {want:?}",
                c.label
            ));
        }
    }
    (passed, failures)
}

#[test]
fn folded_constants_match_mlir_opt() {
    let Some(mlir_opt) = oracle() else { return };
    let mut rng = Rng(0xA5A5_5A5A_1234_4321);
    let mut report = Vec::new();
    let mut all_failures = Vec::new();
    for kind in FloatKind::ALL {
        let vals = values(kind, &mut rng, 120);
        let mut cases = Vec::new();
        binary_cases(kind, &vals, &mut rng, &mut cases);
        unary_cases(kind, &vals, &mut rng, &mut cases);
        let (passed, failures) = run(&mlir_opt, kind.mlir_name(), &cases);
        report.push(format!(
            "{:>14}: {passed}/{} ({:.2}%)",
            kind.mlir_name(),
            cases.len(),
            100.0 * passed as f64 / cases.len() as f64
        ));
        all_failures.extend(failures.into_iter().take(12));
    }
    println!("folding pass rate per kind:\n{}", report.join("\n"));
    assert!(
        all_failures.is_empty(),
        "{} mismatches:\n{}\n{}",
        all_failures.len(),
        all_failures.join("\n"),
        report.join("\n")
    );
}
