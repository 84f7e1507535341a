//! Differential test of `ir-opt` against mlir-opt 22 on random programs.
//!
//! A seeded generator (`differential/generate.rs`) writes programs that use every builtin type
//! and attribute, locations, aliases, properties, regions, blocks, successors and the `func`
//! dialect, with operations of made-up unregistered dialects. mlir-opt prints each program in
//! three modes (generic, custom, custom with debug info); programs it rejects are discarded and
//! counted. Mica must print the same bytes. The test reports the pass rate per mode, which
//! features the failing programs use, and the first distinct disagreements shrunk to minimal
//! programs with a unified diff; it fails when a pass rate drops below its floor in `FLOORS`
//! (raise the floors as bugs get fixed).
//!
//! Environment: `MICA_DIFF_CASES` (number of programs, default 500), `MICA_DIFF_SEED` (decimal
//! or 0x-hex), `MICA_DIFF_SHOW` (how many minimized disagreements to show, default 10),
//! `MICA_DIFF_VERBOSE=1` (also show programs mlir-opt rejects), `MICA_MLIR_OPT` (the mlir-opt
//! to use), `MICA_REQUIRE_ORACLES=1` (fail instead of skipping without mlir-opt).

#[path = "differential/compare.rs"]
mod compare;
#[path = "differential/diff.rs"]
mod diff;
#[path = "differential/doc.rs"]
mod doc;
#[path = "differential/generate.rs"]
mod generate;
#[path = "differential/oracle.rs"]
mod oracle;
#[path = "differential/rng.rs"]
mod rng;
#[path = "differential/shrink.rs"]
mod shrink;

use compare::{Judgement, Mode, judge};
use doc::Doc;
use generate::Gen;
use oracle::{MlirOpt, SPLIT, Verdict};
use rng::Rng;
use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;

/// Minimum pass rates (percent of the programs mlir-opt accepts) with the default seed and case
/// count: the measured rates rounded down. Raise them as bugs get fixed.
const FLOORS: [(Mode, f64); 3] = [(Mode::Generic, 0.0), (Mode::Custom, 0.0), (Mode::Debuginfo, 0.0)];
/// The generator must write valid IR: at most this percentage of programs may be rejected.
const MAX_REJECTED_PERCENT: f64 = 5.0;
/// Programs per run unless `MICA_DIFF_CASES` says otherwise.
const DEFAULT_CASES: usize = 500;
/// Seed unless `MICA_DIFF_SEED` says otherwise.
const DEFAULT_SEED: u64 = 0x00D1_FF00;
/// Minimized disagreements shown unless `MICA_DIFF_SHOW` says otherwise.
const DEFAULT_SHOWN: usize = 10;
/// Programs per mlir-opt process (a crash of mlir-opt only loses its batch).
const BATCH: usize = 100;
/// mlir-opt runs spent shrinking, in all and per disagreement.
const SHRINK_BUDGET: usize = 400;
const SHRINK_BUDGET_EACH: usize = 60;

fn env_number(name: &str) -> Option<u64> {
    let v = std::env::var(name).ok()?;
    let parsed = match v.strip_prefix("0x") {
        Some(hex) => u64::from_str_radix(hex, 16),
        None => v.parse(),
    };
    Some(parsed.unwrap_or_else(|_| panic!("{name}={v} is not a number")))
}

/// One generated program and what happened to it.
struct Case {
    doc: Doc,
    text: String,
    tags: BTreeSet<&'static str>,
    /// Per mode: Mica's judgement (absent when mlir-opt did not print the program).
    judgements: BTreeMap<Mode, Judgement>,
}

#[test]
fn ir_opt_prints_what_mlir_opt_prints_on_random_programs() {
    let Some(mlir) = MlirOpt::find() else {
        if std::env::var("MICA_REQUIRE_ORACLES").as_deref() == Ok("1") {
            panic!("mlir-opt 22 not found (set MICA_MLIR_OPT) and MICA_REQUIRE_ORACLES=1");
        }
        eprintln!("SKIPPED: mlir-opt 22 not found at /usr/lib/llvm-22/bin/mlir-opt (set MICA_MLIR_OPT)");
        return;
    };
    let n = env_number("MICA_DIFF_CASES").map_or(DEFAULT_CASES, |v| v as usize);
    let seed = env_number("MICA_DIFF_SEED").unwrap_or(DEFAULT_SEED);
    let shown = env_number("MICA_DIFF_SHOW").map_or(DEFAULT_SHOWN, |v| v as usize);
    let verbose = std::env::var("MICA_DIFF_VERBOSE").as_deref() == Ok("1");

    let mut rng = Rng::new(seed);
    let mut cases: Vec<Case> = (0..n)
        .map(|_| {
            let doc = Gen::new(&mut rng).program();
            let text = doc.render();
            assert!(!text.contains(SPLIT), "the generator wrote the split marker:\n{text}");
            Case { tags: doc.tags(), doc, text, judgements: BTreeMap::new() }
        })
        .collect();
    let texts: Vec<String> = cases.iter().map(|c| c.text.clone()).collect();

    // mlir-opt, one process per mode and batch, the modes side by side.
    let verdicts: Vec<_> = std::thread::scope(|s| {
        let (mlir, texts) = (&mlir, &texts);
        let handles: Vec<_> = Mode::ALL.map(|m| (m, s.spawn(move || compare::oracle_verdicts(mlir, texts, m, BATCH)))).into();
        handles.into_iter().map(|(m, h)| (m, h.join().expect("oracle thread"))).collect()
    });
    let mut rejected: Vec<(usize, String)> = Vec::new();
    let mut crashed = 0;
    for (mode, per_case) in &verdicts {
        for (k, (batch, i, verdict)) in per_case.iter().enumerate() {
            match verdict {
                Verdict::Printed(expected) => {
                    let j = judge(batch, *i, &cases[k].text, *mode, expected);
                    cases[k].judgements.insert(*mode, j);
                }
                Verdict::Rejected(msg) if *mode == Mode::Custom => rejected.push((k, msg.clone())),
                Verdict::Crashed(_) if *mode == Mode::Custom => crashed += 1,
                _ => {}
            }
        }
    }

    let mut report = String::new();
    let accepted = cases.iter().filter(|c| c.judgements.contains_key(&Mode::Custom)).count();
    let rejected_pct = 100.0 * rejected.len() as f64 / n.max(1) as f64;
    let _ = writeln!(
        report,
        "differential: seed {seed:#x}, {n} programs: {accepted} accepted by mlir-opt, {} rejected ({rejected_pct:.1}%), {crashed} lost to mlir-opt crashes",
        rejected.len()
    );
    write_rejections(&mut report, &rejected, &cases, verbose);
    let mut rates = BTreeMap::new();
    let _ = writeln!(report, "\npass rates (Mica's output byte-identical to mlir-opt's):");
    for mode in Mode::ALL {
        let total = cases.iter().filter(|c| c.judgements.contains_key(&mode)).count();
        let pass = cases.iter().filter(|c| c.judgements.get(&mode).is_some_and(Judgement::ok)).count();
        let rate = 100.0 * pass as f64 / total.max(1) as f64;
        rates.insert(mode, rate);
        let _ = writeln!(report, "  {:10} {pass:5}/{total:<5} {rate:6.2}%", mode.name());
    }
    write_feature_table(&mut report, &cases);
    write_minimized(&mut report, &mlir, &cases, shown);
    eprintln!("{report}");

    assert!(accepted > 0, "mlir-opt accepted none of the programs");
    assert!(rejected_pct <= MAX_REJECTED_PERCENT, "the generator wrote {rejected_pct:.1}% invalid programs (at most {MAX_REJECTED_PERCENT}% allowed)");
    let below: Vec<String> = FLOORS
        .iter()
        .filter(|(m, floor)| rates[m] < *floor)
        .map(|(m, floor)| format!("{}: {:.2}% < floor {floor}%", m.name(), rates[m]))
        .collect();
    assert!(below.is_empty(), "pass rate below its floor: {}", below.join(", "));
}

/// Summarizes why mlir-opt rejected programs (and shows them when `verbose`).
fn write_rejections(report: &mut String, rejected: &[(usize, String)], cases: &[Case], verbose: bool) {
    let mut reasons: BTreeMap<&str, usize> = BTreeMap::new();
    for (_, msg) in rejected {
        *reasons.entry(msg.as_str()).or_default() += 1;
    }
    let mut reasons: Vec<_> = reasons.into_iter().collect();
    reasons.sort_by(|a, b| b.1.cmp(&a.1));
    for (msg, count) in reasons.iter().take(8) {
        let _ = writeln!(report, "  rejected {count:3}x: {msg}");
    }
    if verbose {
        let mut shortest: Vec<&(usize, String)> = rejected.iter().collect();
        shortest.sort_by_key(|(k, _)| cases[*k].text.len());
        for (k, msg) in shortest.into_iter().take(10) {
            let _ = writeln!(report, "\n--- rejected program ({msg}):\n{}", cases[*k].text);
        }
    }
}

/// Per feature: how many accepted programs use it and how many of those fail in each mode,
/// sorted by failure share, features without failures left out.
fn write_feature_table(report: &mut String, cases: &[Case]) {
    let mut table: BTreeMap<&str, (usize, [usize; 3])> = BTreeMap::new();
    for c in cases.iter().filter(|c| !c.judgements.is_empty()) {
        for tag in &c.tags {
            let e = table.entry(tag).or_default();
            e.0 += 1;
            for (m, mode) in Mode::ALL.iter().enumerate() {
                if c.judgements.get(mode).is_some_and(|j| !j.ok()) {
                    e.1[m] += 1;
                }
            }
        }
    }
    let mut rows: Vec<_> = table.into_iter().filter(|(_, (_, f))| f.iter().any(|x| *x > 0)).collect();
    let share = |(n, f): &(usize, [usize; 3])| f.iter().max().copied().unwrap_or(0) as f64 / *n as f64;
    rows.sort_by(|a, b| share(&b.1).total_cmp(&share(&a.1)).then(a.0.cmp(b.0)));
    let _ = writeln!(report, "\nfeatures of failing programs (programs using it; failing in generic/custom/debuginfo):");
    for (tag, (n, f)) in rows {
        let _ = writeln!(report, "  {tag:32} {n:5}   {:5} {:5} {:5}", f[0], f[1], f[2]);
    }
}

/// Shrinks disagreements, smallest programs first, and shows up to `shown` distinct ones.
fn write_minimized(report: &mut String, mlir: &MlirOpt, cases: &[Case], shown: usize) {
    let mut failures: Vec<(usize, Mode)> = Vec::new();
    for (k, c) in cases.iter().enumerate() {
        for (mode, j) in &c.judgements {
            if !j.ok() {
                failures.push((k, *mode));
            }
        }
    }
    failures.sort_by_key(|(k, m)| (cases[*k].text.len(), *m));
    let mut budget = SHRINK_BUDGET;
    let mut seen = BTreeSet::new();
    let mut shown_so_far = 0;
    let _ = writeln!(report, "\nminimized disagreements ({} failing program/mode pairs):", failures.len());
    for (k, mode) in failures {
        if shown_so_far >= shown || budget == 0 {
            break;
        }
        let mut each = SHRINK_BUDGET_EACH.min(budget);
        let spent_from = each;
        let shrunk = shrink::shrink(mlir, cases[k].doc.clone(), cases[k].judgements[&mode].clone(), mode, &mut each);
        budget -= spent_from - each;
        let text = shrunk.doc.render();
        let (body, signature) = match &shrunk.judgement {
            Judgement::Differs(expected, got) => {
                let d = diff::unified("mlir-opt", "mica", expected, got);
                let sig = diff::changed_lines(&d);
                (d, sig)
            }
            Judgement::MicaFailed(expected, msg) => (format!("Mica failed: {msg}\nmlir-opt printed:\n{expected}"), msg.clone()),
            Judgement::Same => continue,
        };
        if !seen.insert((mode, signature)) {
            continue;
        }
        shown_so_far += 1;
        let tags: Vec<&str> = shrunk.doc.tags().into_iter().collect();
        let _ = writeln!(report, "\n#{shown_so_far} [{}] features: {}\n--- input\n{text}{body}", mode.name(), tags.join(" "));
    }
}
