//! Differential test of `ir-opt` against mlir-opt 22 on random programs.
//!
//! A seeded generator (`differential/generate.rs`) writes programs that use every builtin type
//! and attribute, locations, aliases, properties, regions, blocks, successors and the `func`
//! dialect, with operations of made-up unregistered dialects. mlir-opt prints each program in
//! three modes (generic, custom, custom with debug info); programs it rejects are discarded and
//! counted. Mica must print the same bytes. The test reports the pass rate per mode, which
//! features the failing programs use, and the first distinct disagreements shrunk to minimal
//! programs with a unified diff; with the default seed and case count it fails when a pass rate
//! drops below its floor in `FLOORS` (raise the floors as bugs get fixed).
//!
//! Environment: `MICA_DIFF_CASES` (number of programs, default 500), `MICA_DIFF_SEED` (decimal
//! or 0x-hex), `MICA_DIFF_SHOW` (how many minimized disagreements to show, default 10),
//! `MICA_DIFF_VERBOSE=1` (also show programs mlir-opt rejects), `MICA_DIFF_MODES` (a comma
//! separated subset of `generic,custom,debuginfo`; the first one decides acceptance),
//! `MICA_MLIR_OPT` (the mlir-opt to use), `MICA_REQUIRE_ORACLES=1` (fail instead of skipping
//! without mlir-opt).
//!
//! Debug-info mode compares each program exactly as a `--split-input-file` run prints it (the
//! implicit module of a chunk after a `// -----` marker is located at the end of the marker).

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
/// count (other runs only report): the measured rates rounded down. Raise them as bugs get
/// fixed.
const FLOORS: [(Mode, f64); 3] = [
    (Mode::Generic, 99.5),
    (Mode::Custom, 99.5),
    (Mode::Debuginfo, 99.5),
];
/// The generator must write valid IR: at most this percentage of programs may be rejected.
const MAX_REJECTED_PERCENT: f64 = 5.0;
/// Programs per run unless `MICA_DIFF_CASES` says otherwise.
const DEFAULT_CASES: usize = 500;
/// Seed unless `MICA_DIFF_SEED` says otherwise.
const DEFAULT_SEED: u64 = 0x00D1_FF00;
/// Minimized disagreements shown unless `MICA_DIFF_SHOW` says otherwise.
const DEFAULT_SHOWN: usize = 10;
/// Rows of the feature table.
const FEATURE_ROWS: usize = 30;
/// Programs per mlir-opt process (a crash of mlir-opt only loses its batch).
const BATCH: usize = 100;
/// mlir-opt runs spent shrinking one disagreement at most (most need a few dozen).
const SHRINK_BUDGET_EACH: usize = 150;

/// The value of the environment variable `name` as a decimal or `0x` hexadecimal number.
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
    let mlir = match MlirOpt::find() {
        Ok(m) => m,
        Err(path) => {
            if std::env::var("MICA_REQUIRE_ORACLES").as_deref() == Ok("1") {
                panic!(
                    "mlir-opt 22 not found at {} and MICA_REQUIRE_ORACLES=1",
                    path.display()
                );
            }
            eprintln!(
                "SKIPPED: mlir-opt 22 not found at {} (set MICA_MLIR_OPT)",
                path.display()
            );
            return;
        }
    };
    let n = env_number("MICA_DIFF_CASES").map_or(DEFAULT_CASES, |v| v as usize);
    let seed = env_number("MICA_DIFF_SEED").unwrap_or(DEFAULT_SEED);
    let shown = env_number("MICA_DIFF_SHOW").map_or(DEFAULT_SHOWN, |v| v as usize);
    let verbose = std::env::var("MICA_DIFF_VERBOSE").as_deref() == Ok("1");
    let modes: Vec<Mode> = match std::env::var("MICA_DIFF_MODES") {
        Ok(list) => list
            .split(',')
            .map(|name| {
                *Mode::ALL
                    .iter()
                    .find(|m| m.name() == name.trim())
                    .unwrap_or_else(|| panic!("unknown mode '{name}' in MICA_DIFF_MODES"))
            })
            .collect(),
        Err(_) => Mode::ALL.to_vec(),
    };
    let acceptance_mode = modes.first().copied().expect("at least one mode");

    let mut rng = Rng::new(seed);
    let mut cases: Vec<Case> = (0..n)
        .map(|_| {
            let doc = Gen::new(&mut rng).program();
            let text = doc.render();
            assert!(
                !text.contains(SPLIT),
                "the generator wrote the split marker:\n{text}"
            );
            Case {
                tags: doc.tags(),
                doc,
                text,
                judgements: BTreeMap::new(),
            }
        })
        .collect();
    let texts: Vec<String> = cases.iter().map(|c| c.text.clone()).collect();

    // mlir-opt, one process per mode and batch, the modes side by side.
    let verdicts: Vec<_> = std::thread::scope(|s| {
        let (mlir, texts) = (&mlir, &texts);
        let handles: Vec<_> = modes
            .iter()
            .map(|&m| {
                (
                    m,
                    s.spawn(move || compare::oracle_verdicts(mlir, texts, m, BATCH)),
                )
            })
            .collect();
        handles
            .into_iter()
            .map(|(m, h)| (m, h.join().expect("oracle thread")))
            .collect()
    });
    let mut rejected: Vec<(usize, String)> = Vec::new();
    let mut crashed = 0;
    let mut crash_reason = String::new();
    for (mode, per_case) in &verdicts {
        for (k, (batch, i, verdict)) in per_case.iter().enumerate() {
            match verdict {
                Verdict::Printed(expected) => {
                    let j = judge(batch, *i, &cases[k].text, *mode, expected);
                    cases[k].judgements.insert(*mode, j);
                }
                Verdict::Rejected(msg) if *mode == acceptance_mode => {
                    rejected.push((k, msg.clone()))
                }
                Verdict::Crashed(why) if *mode == acceptance_mode => {
                    crashed += 1;
                    crash_reason.clone_from(why);
                }
                _ => {}
            }
        }
    }

    let mut report = String::new();
    let accepted = cases
        .iter()
        .filter(|c| c.judgements.contains_key(&acceptance_mode))
        .count();
    let rejected_pct = 100.0 * rejected.len() as f64 / n.max(1) as f64;
    let _ = writeln!(
        report,
        "differential: seed {seed:#x}, {n} programs: {accepted} accepted by mlir-opt, {} rejected ({rejected_pct:.1}%), {crashed} lost to mlir-opt crashes",
        rejected.len()
    );
    if crashed > 0 {
        let _ = writeln!(report, "  mlir-opt crashed: {crash_reason}");
    }
    write_rejections(&mut report, &rejected, &cases, verbose);
    let mut rates = BTreeMap::new();
    let _ = writeln!(
        report,
        "\npass rates (Mica's output byte-identical to mlir-opt's):"
    );
    for &mode in &modes {
        let total = cases
            .iter()
            .filter(|c| c.judgements.contains_key(&mode))
            .count();
        let pass = cases
            .iter()
            .filter(|c| c.judgements.get(&mode).is_some_and(Judgement::ok))
            .count();
        let rate = 100.0 * pass as f64 / total.max(1) as f64;
        rates.insert(mode, rate);
        let _ = writeln!(
            report,
            "  {:10} {pass:5}/{total:<5} {rate:6.2}%",
            mode.name()
        );
    }
    write_feature_table(&mut report, &cases, &modes);
    write_minimized(&mut report, &mlir, &cases, shown);
    eprintln!("{report}");

    assert!(accepted > 0, "mlir-opt accepted none of the programs");
    assert!(
        rejected_pct <= MAX_REJECTED_PERCENT,
        "the generator wrote {rejected_pct:.1}% invalid programs (at most {MAX_REJECTED_PERCENT}% allowed)"
    );
    if seed != DEFAULT_SEED || n != DEFAULT_CASES {
        eprintln!("(pass-rate floors apply to the default seed and case count only)");
        return;
    }
    let below: Vec<String> = FLOORS
        .iter()
        .filter(|(m, floor)| rates.get(m).is_some_and(|rate| rate < floor))
        .map(|(m, floor)| format!("{}: {:.2}% < floor {floor}%", m.name(), rates[m]))
        .collect();
    assert!(
        below.is_empty(),
        "pass rate below its floor: {}",
        below.join(", ")
    );
}

/// Summarizes why mlir-opt rejected programs (and shows them when `verbose`).
fn write_rejections(
    report: &mut String,
    rejected: &[(usize, String)],
    cases: &[Case],
    verbose: bool,
) {
    let mut reasons: BTreeMap<&str, usize> = BTreeMap::new();
    for (_, msg) in rejected {
        *reasons.entry(msg.as_str()).or_default() += 1;
    }
    let mut reasons: Vec<_> = reasons.into_iter().collect();
    reasons.sort_by_key(|(_, count)| std::cmp::Reverse(*count));
    for (msg, count) in reasons.iter().take(8) {
        let _ = writeln!(report, "  rejected {count:3}x: {msg}");
    }
    if verbose {
        let mut shortest: Vec<&(usize, String)> = rejected.iter().collect();
        shortest.sort_by_key(|(k, _)| cases[*k].text.len());
        for (k, msg) in shortest.into_iter().take(10) {
            let _ = writeln!(
                report,
                "\n--- rejected program ({msg}):\n{}",
                cases[*k].text
            );
        }
    }
}

/// Per feature: how many accepted programs use it and which share of those fails in each
/// mode; the features whose programs fail most often (on average over the modes) first, at
/// most `FEATURE_ROWS` rows.
fn write_feature_table(report: &mut String, cases: &[Case], modes: &[Mode]) {
    let mut table: BTreeMap<&str, (usize, Vec<usize>)> = BTreeMap::new();
    for c in cases.iter().filter(|c| !c.judgements.is_empty()) {
        for tag in &c.tags {
            let e = table
                .entry(tag)
                .or_insert_with(|| (0, vec![0; modes.len()]));
            e.0 += 1;
            for (m, mode) in modes.iter().enumerate() {
                if c.judgements.get(mode).is_some_and(|j| !j.ok()) {
                    e.1[m] += 1;
                }
            }
        }
    }
    let share =
        |(n, f): &(usize, Vec<usize>)| f.iter().sum::<usize>() as f64 / (*n * f.len()) as f64;
    let mut rows: Vec<_> = table
        .into_iter()
        .filter(|(_, row)| share(row) > 0.0)
        .collect();
    rows.sort_by(|a, b| {
        share(&b.1)
            .total_cmp(&share(&a.1))
            .then(b.1.0.cmp(&a.1.0))
            .then(a.0.cmp(b.0))
    });
    let names: Vec<String> = modes.iter().map(|m| format!("{:>10}", m.name())).collect();
    let _ = writeln!(
        report,
        "\nfeatures whose programs fail most (programs using it, % failing per mode):\n  {:32} {:>8}{}",
        "feature",
        "programs",
        names.join("")
    );
    for (tag, (n, f)) in rows.into_iter().take(FEATURE_ROWS) {
        let pct: String = f
            .iter()
            .map(|x| format!("{:>9.0}%", 100.0 * *x as f64 / n as f64))
            .collect();
        let _ = writeln!(report, "  {tag:32} {n:>8}{pct}");
    }
}

/// Shrinks disagreements, smallest programs first, and shows up to `shown` distinct ones: a
/// disagreement is shown only if its signature has parts no shown one had, and it is shrunk
/// while keeping such a part, so each shown program stands for a different bug.
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
    let mut budget = SHRINK_BUDGET_EACH * shown;
    let mut known: BTreeSet<String> = BTreeSet::new();
    let mut shown_so_far = 0;
    let mut unexplained = 0;
    let mut section = String::new();
    for (k, mode) in &failures {
        let judgement = &cases[*k].judgements[mode];
        let is_new =
            |j: &Judgement| !j.ok() && j.signature().iter().any(|part| !known.contains(part));
        if !is_new(judgement) {
            continue;
        }
        if shown_so_far >= shown || budget == 0 {
            unexplained += 1;
            continue;
        }
        let mut each = SHRINK_BUDGET_EACH.min(budget);
        let before = each;
        let shrunk = shrink::shrink(
            mlir,
            cases[*k].doc.clone(),
            judgement.clone(),
            *mode,
            &is_new,
            &mut each,
        );
        budget -= before - each;
        let text = shrunk.doc.render();
        let body = match &shrunk.judgement {
            Judgement::Differs(expected, got) => diff::unified("mlir-opt", "mica", expected, got),
            Judgement::MicaFailed(expected, msg) => {
                format!("Mica failed: {msg}\nmlir-opt printed:\n{expected}")
            }
            Judgement::Same => unreachable!("the shrinker keeps disagreements"),
        };
        known.extend(shrunk.judgement.signature());
        shown_so_far += 1;
        let tags: Vec<&str> = shrunk.doc.tags().into_iter().collect();
        let _ = writeln!(
            section,
            "\n#{shown_so_far} [{}] features: {}\n--- input\n{text}{body}",
            mode.name(),
            tags.join(" ")
        );
    }
    let _ = writeln!(
        report,
        "\nminimized disagreements: {shown_so_far} distinct shown; of {} failing program/mode pairs, {unexplained} show differences beyond those",
        failures.len()
    );
    report.push_str(&section);
}
