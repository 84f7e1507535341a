//! The driver shared by the differential tests: generate seeded programs, have mlir-opt 22
//! print them in each mode (batched with `--split-input-file`), judge Mica's output against
//! it, and report pass rates per mode and per group of programs, agreement on which programs
//! are rejected, the features whose programs fail most, and the first distinct disagreements
//! shrunk to minimal programs; with the default seed and case count it fails when a pass rate
//! drops below its floor.
//!
//! Environment (`P` is the test's prefix, e.g. `MICA_DIFF`): `P_CASES` (number of programs),
//! `P_SEED` (decimal or 0x-hex), `P_SHOW` (how many minimized disagreements to show, default
//! 10), `P_VERBOSE=1` (also show programs mlir-opt rejects), `P_MODES` (a comma separated
//! subset of `generic,custom,debuginfo`; the first one decides acceptance), `P_DUMP=dir`
//! (write program `k` to `dir/k.mlir`, for looking at it with other tools); `MICA_MLIR_OPT`
//! (the mlir-opt to use), `MICA_REQUIRE_ORACLES=1` (fail instead of skipping without
//! mlir-opt).

use crate::compare::{self, Judgement, Mode, judge};
use crate::diff;
use crate::doc::Doc;
use crate::oracle::{Batch, MlirOpt, SPLIT, Verdict};
use crate::rng::Rng;
use crate::shrink;
use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;
use std::sync::Arc;

/// Minimized disagreements shown unless `P_SHOW` says otherwise.
const DEFAULT_SHOWN: usize = 10;
/// Rows of the feature table.
const FEATURE_ROWS: usize = 30;
/// Programs per mlir-opt process (a crash of mlir-opt only loses its batch).
const BATCH: usize = 100;
/// mlir-opt runs spent shrinking one disagreement at most (most need a few dozen).
const SHRINK_BUDGET_EACH: usize = 150;

/// One generated program.
pub struct Program {
    /// The program.
    pub doc: Doc,
    /// The group it is reported under (say, the dialect it exercises).
    pub group: &'static str,
}

/// What a differential test compares and what it requires.
pub struct Config<'a> {
    /// The first word of the report.
    pub title: &'static str,
    /// Prefix of the environment variables.
    pub env_prefix: &'static str,
    /// Programs per run unless `P_CASES` says otherwise.
    pub default_cases: usize,
    /// Seed unless `P_SEED` says otherwise.
    pub default_seed: u64,
    /// Minimum pass rates (percent of the programs mlir-opt accepts) with the default seed and
    /// case count (other runs only report).
    pub floors: &'a [(Mode, f64)],
    /// The generator must write valid IR: at most this percentage of programs may be rejected.
    pub max_rejected_percent: f64,
    /// Minimum percentage of programs that Mica accepts or rejects as mlir-opt does (with the
    /// default seed and case count).
    pub agreement_floor: f64,
    /// Whether the floors apply (a test may turn them off for a restricted run).
    pub floors_apply: bool,
    /// Every this many programs (0: none), what mlir-opt printed for it in generic form is
    /// compared again as a program of its own (tagged `input.generic`), so that the generic
    /// parser meets every op and property too.
    pub regeneric_every: usize,
    /// Program number `k` of a run.
    pub generate: &'a dyn Fn(&mut Rng, usize) -> Program,
}

/// The value of the environment variable `name` as a decimal or `0x` hexadecimal number.
pub fn env_number(name: &str) -> Option<u64> {
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
    group: &'static str,
    tags: BTreeSet<&'static str>,
    /// Per mode: Mica's judgement (absent when mlir-opt did not print the program).
    judgements: BTreeMap<Mode, Judgement>,
    /// mlir-opt rejected it in the acceptance mode: its message, and whether Mica rejected
    /// it too.
    rejected: Option<(String, bool)>,
}

impl Case {
    fn new(program: Program) -> Case {
        let text = program.doc.render();
        assert!(
            !text.contains(SPLIT),
            "the generator wrote the split marker:\n{text}"
        );
        Case {
            tags: program.doc.tags(),
            doc: program.doc,
            text,
            group: program.group,
            judgements: BTreeMap::new(),
            rejected: None,
        }
    }
}

/// Has mlir-opt print `cases` in every mode (one process per mode and batch, the modes side
/// by side) and judges Mica against it; returns how many programs mlir-opt crashed on (in the
/// acceptance mode), the last reason, and per program what it printed in the generic mode.
fn evaluate(
    mlir: &MlirOpt,
    cases: &mut [Case],
    modes: &[Mode],
    acceptance_mode: Mode,
) -> (usize, String, Vec<Option<String>>) {
    let texts: Vec<String> = cases.iter().map(|c| c.text.clone()).collect();
    let verdicts: Vec<(Mode, Vec<(Arc<Batch>, usize, Verdict)>)> = std::thread::scope(|s| {
        let texts = &texts;
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
    let mut crashed = 0;
    let mut crash_reason = String::new();
    let mut generic = vec![None; cases.len()];
    for (mode, per_case) in &verdicts {
        for (k, (batch, i, verdict)) in per_case.iter().enumerate() {
            match verdict {
                Verdict::Printed(expected) => {
                    let j = judge(batch, *i, &cases[k].text, *mode, expected);
                    cases[k].judgements.insert(*mode, j);
                    if *mode == Mode::Generic {
                        generic[k] = Some(expected.clone());
                    }
                }
                Verdict::Rejected(msg) if *mode == acceptance_mode => {
                    let mica_rejects =
                        compare::run_mica(batch, *i, &cases[k].text, *mode).is_err();
                    cases[k].rejected = Some((msg.clone(), mica_rejects));
                }
                Verdict::Crashed(why) if *mode == acceptance_mode => {
                    crashed += 1;
                    crash_reason.clone_from(why);
                }
                _ => {}
            }
        }
    }
    (crashed, crash_reason, generic)
}

/// Runs the differential test `cfg` describes (skipping without mlir-opt unless required).
pub fn run(cfg: &Config<'_>) {
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
    let var = |suffix: &str| format!("{}_{suffix}", cfg.env_prefix);
    let n = env_number(&var("CASES")).map_or(cfg.default_cases, |v| v as usize);
    let seed = env_number(&var("SEED")).unwrap_or(cfg.default_seed);
    let shown = env_number(&var("SHOW")).map_or(DEFAULT_SHOWN, |v| v as usize);
    let verbose = std::env::var(var("VERBOSE")).as_deref() == Ok("1");
    let modes: Vec<Mode> = match std::env::var(var("MODES")) {
        Ok(list) => list
            .split(',')
            .map(|name| {
                *Mode::ALL
                    .iter()
                    .find(|m| m.name() == name.trim())
                    .unwrap_or_else(|| panic!("unknown mode '{name}' in {}", var("MODES")))
            })
            .collect(),
        Err(_) => Mode::ALL.to_vec(),
    };
    let acceptance_mode = modes.first().copied().expect("at least one mode");

    let mut rng = Rng::new(seed);
    let mut cases: Vec<Case> = (0..n)
        .map(|k| Case::new((cfg.generate)(&mut rng, k)))
        .collect();
    if let Ok(dir) = std::env::var(var("DUMP")) {
        std::fs::create_dir_all(&dir).expect("dump directory");
        for (k, c) in cases.iter().enumerate() {
            std::fs::write(format!("{dir}/{k}.mlir"), &c.text).expect("dump a program");
        }
    }
    let (mut crashed, mut crash_reason, generic) =
        evaluate(&mlir, &mut cases, &modes, acceptance_mode);
    // Programs read back in the generic form mlir-opt printed for them.
    if cfg.regeneric_every > 0 {
        let mut again: Vec<Case> = generic
            .into_iter()
            .enumerate()
            .filter_map(|(k, g)| Some((k, g?)))
            .filter(|(k, _)| k % cfg.regeneric_every == 0)
            .map(|(k, text)| {
                Case::new(Program {
                    doc: Doc::text(text).tag("input.generic"),
                    group: cases[k].group,
                })
            })
            .collect();
        let (c, why, _) = evaluate(&mlir, &mut again, &modes, acceptance_mode);
        crashed += c;
        if c > 0 {
            crash_reason = why;
        }
        cases.extend(again);
    }
    let mut report = String::new();
    let accepted = cases
        .iter()
        .filter(|c| c.judgements.contains_key(&acceptance_mode))
        .count();
    let rejected: Vec<usize> = (0..cases.len()).filter(|&k| cases[k].rejected.is_some()).collect();
    let rejected_pct = percent(rejected.len(), cases.len());
    let _ = writeln!(
        report,
        "{}: seed {seed:#x}, {} programs ({} of them read back in generic form): {accepted} accepted by mlir-opt, {} rejected ({rejected_pct:.1}%), {crashed} lost to mlir-opt crashes",
        cfg.title,
        cases.len(),
        cases.iter().filter(|c| c.tags.contains("input.generic")).count(),
        rejected.len()
    );
    if crashed > 0 {
        let _ = writeln!(report, "  mlir-opt crashed: {crash_reason}");
    }
    let agreement = write_agreement(&mut report, &cases, acceptance_mode);
    write_rejections(&mut report, &rejected, &cases, verbose);
    let mut rates = BTreeMap::new();
    let _ = writeln!(
        report,
        "\npass rates (Mica's output byte-identical to mlir-opt's):"
    );
    for &mode in &modes {
        let (pass, total) = pass_count(cases.iter(), mode);
        let rate = percent(pass, total);
        rates.insert(mode, rate);
        let _ = writeln!(
            report,
            "  {:10} {pass:5}/{total:<5} {rate:6.2}%",
            mode.name()
        );
    }
    write_group_table(&mut report, &cases, &modes);
    write_feature_table(&mut report, &cases, &modes);
    write_minimized(&mut report, &mlir, &cases, shown);
    eprintln!("{report}");

    assert!(accepted > 0, "mlir-opt accepted none of the programs");
    assert!(
        rejected_pct <= cfg.max_rejected_percent,
        "the generator wrote {rejected_pct:.1}% invalid programs (at most {}% allowed)",
        cfg.max_rejected_percent
    );
    if seed != cfg.default_seed || n != cfg.default_cases || !cfg.floors_apply {
        eprintln!("(the floors apply to the default seed and case count only)");
        return;
    }
    let mut below: Vec<String> = cfg
        .floors
        .iter()
        .filter(|(m, floor)| rates.get(m).is_some_and(|rate| rate < floor))
        .map(|(m, floor)| format!("{}: {:.2}% < floor {floor}%", m.name(), rates[m]))
        .collect();
    if agreement < cfg.agreement_floor {
        below.push(format!("accept/reject agreement: {agreement:.2}% < floor {}%", cfg.agreement_floor));
    }
    assert!(
        below.is_empty(),
        "pass rate below its floor: {}",
        below.join(", ")
    );
}

/// `100 * part / whole` (0 when `whole` is 0).
fn percent(part: usize, whole: usize) -> f64 {
    100.0 * part as f64 / whole.max(1) as f64
}

/// How many of `cases` Mica matched in `mode`, of those mlir-opt printed in it.
fn pass_count<'a>(cases: impl Iterator<Item = &'a Case>, mode: Mode) -> (usize, usize) {
    let mut pass = 0;
    let mut total = 0;
    for c in cases {
        if let Some(j) = c.judgements.get(&mode) {
            total += 1;
            pass += usize::from(j.ok());
        }
    }
    (pass, total)
}

/// Whether Mica accepts and rejects the same programs as mlir-opt (in the acceptance mode);
/// returns the percentage of programs on which they agree.
fn write_agreement(report: &mut String, cases: &[Case], mode: Mode) -> f64 {
    let rejected = cases.iter().filter(|c| c.rejected.is_some()).count();
    let both_reject = cases
        .iter()
        .filter(|c| c.rejected.as_ref().is_some_and(|(_, mica)| *mica))
        .count();
    let accepted = cases
        .iter()
        .filter(|c| c.judgements.contains_key(&mode))
        .count();
    let mica_rejects_valid = cases
        .iter()
        .filter(|c| matches!(c.judgements.get(&mode), Some(Judgement::MicaFailed(..))))
        .count();
    let agree = both_reject + accepted - mica_rejects_valid;
    let _ = writeln!(
        report,
        "accept/reject agreement: {agree}/{} ({:.2}%): Mica rejects {both_reject} of the {rejected} programs mlir-opt rejects and {mica_rejects_valid} of the {accepted} it accepts",
        accepted + rejected,
        percent(agree, accepted + rejected)
    );
    percent(agree, accepted + rejected)
}

/// Summarizes why mlir-opt rejected programs, marking those Mica accepts (and shows the
/// shortest ones when `verbose`).
fn write_rejections(report: &mut String, rejected: &[usize], cases: &[Case], verbose: bool) {
    let mut reasons: BTreeMap<&str, (usize, usize)> = BTreeMap::new();
    for &k in rejected {
        let (msg, mica_rejects) = cases[k].rejected.as_ref().expect("rejected");
        let e = reasons.entry(msg.as_str()).or_default();
        e.0 += 1;
        e.1 += usize::from(!mica_rejects);
    }
    let mut reasons: Vec<_> = reasons.into_iter().collect();
    reasons.sort_by_key(|(_, (count, _))| std::cmp::Reverse(*count));
    for (msg, (count, mica_accepts)) in reasons.iter().take(8) {
        let note = if *mica_accepts > 0 {
            format!(" (Mica accepts {mica_accepts})")
        } else {
            String::new()
        };
        let _ = writeln!(report, "  rejected {count:3}x{note}: {msg}");
    }
    let mica_accepts: Vec<&usize> = rejected
        .iter()
        .filter(|&&k| cases[k].rejected.as_ref().is_some_and(|(_, m)| !m))
        .collect();
    let shown: Vec<&usize> = if verbose {
        rejected.iter().collect()
    } else {
        mica_accepts
    };
    let mut shortest = shown;
    shortest.sort_by_key(|&&k| cases[k].text.len());
    for &k in shortest.into_iter().take(if verbose { 10 } else { 3 }) {
        let (msg, mica_rejects) = cases[k].rejected.as_ref().expect("rejected");
        let who = if *mica_rejects { "" } else { ", Mica accepts it" };
        let _ = writeln!(
            report,
            "\n--- program mlir-opt rejects ({msg}{who}):\n{}",
            cases[k].text
        );
    }
}

/// Per group: programs, how many mlir-opt rejects (and how many of those Mica rejects too),
/// and the pass rate per mode; nothing when there is only one group.
fn write_group_table(report: &mut String, cases: &[Case], modes: &[Mode]) {
    let groups: BTreeSet<&str> = cases.iter().map(|c| c.group).collect();
    if groups.len() < 2 {
        return;
    }
    let names: String = modes.iter().map(|m| format!("{:>17}", m.name())).collect();
    let _ = writeln!(
        report,
        "\nper group (programs, rejected by mlir-opt / also by Mica, pass rate per mode):\n  {:14} {:>8} {:>9}{names}",
        "group", "programs", "rejected"
    );
    for g in groups {
        let members: Vec<&Case> = cases.iter().filter(|c| c.group == g).collect();
        let rejected = members.iter().filter(|c| c.rejected.is_some()).count();
        let both = members
            .iter()
            .filter(|c| c.rejected.as_ref().is_some_and(|(_, m)| *m))
            .count();
        let mut row = format!(
            "  {g:14} {:>8} {:>9}",
            members.len(),
            format!("{rejected}/{both}")
        );
        for &mode in modes {
            let (pass, total) = pass_count(members.iter().copied(), mode);
            let _ = write!(
                row,
                "{:>17}",
                format!("{pass}/{total} {:.1}%", percent(pass, total))
            );
        }
        let _ = writeln!(report, "{row}");
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
