//! Comparing Mica with mlir-opt on one printing mode: the modes, running Mica on a chunk exactly
//! as a `--split-input-file` run sees it, and judging a batch.

use crate::diff;
use crate::oracle::{Batch, MlirOpt, SPLIT, Verdict};
use mica_tools::opt::{Options, process_buffer};
use std::collections::BTreeSet;
use std::sync::Arc;

/// A printing mode: mlir-opt flags and the matching Mica options.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Mode {
    /// `--mlir-print-op-generic`
    Generic,
    /// The default, custom assembly formats.
    Custom,
    /// `--mlir-print-debuginfo` (custom forms with locations).
    Debuginfo,
}

impl Mode {
    /// Every mode, in report order.
    pub const ALL: [Mode; 3] = [Mode::Generic, Mode::Custom, Mode::Debuginfo];

    /// The mode's name in reports.
    pub fn name(self) -> &'static str {
        match self {
            Mode::Generic => "generic",
            Mode::Custom => "custom",
            Mode::Debuginfo => "debuginfo",
        }
    }

    /// mlir-opt's flags for the mode.
    pub fn flags(self) -> &'static [&'static str] {
        match self {
            Mode::Generic => &["--mlir-print-op-generic"],
            Mode::Custom => &[],
            Mode::Debuginfo => &["--mlir-print-debuginfo"],
        }
    }

    /// ir-opt's options for the mode, as a split run.
    fn options(self) -> Options {
        let mut o = Options {
            allow_unregistered: true,
            split: true,
            ..Default::default()
        };
        o.print.generic = self == Mode::Generic;
        o.print.debuginfo = self == Mode::Debuginfo;
        o
    }
}

/// How Mica did on one program that mlir-opt accepted.
#[derive(Clone, Debug)]
pub enum Judgement {
    /// Byte-identical output.
    Same,
    /// Different output: (mlir-opt's, Mica's).
    Differs(String, String),
    /// Mica rejected the program (or panicked): (mlir-opt's output, Mica's message).
    MicaFailed(String, String),
}

impl Judgement {
    /// Whether Mica matched.
    pub fn ok(&self) -> bool {
        matches!(self, Judgement::Same)
    }

    /// What tells this disagreement apart from others (see [`diff::signature`]); empty when
    /// Mica matched.
    pub fn signature(&self) -> BTreeSet<String> {
        match self {
            Judgement::Same => BTreeSet::new(),
            Judgement::Differs(expected, got) => diff::signature(expected, got),
            Judgement::MicaFailed(_, msg) => {
                BTreeSet::from([diff::normalize_numbers(&format!("Mica failed: {msg}"))])
            }
        }
    }
}

/// What Mica prints for chunk `i` of `batch` (the program `program`) in `mode`.
pub fn run_mica(batch: &Batch, i: usize, program: &str, mode: Mode) -> Result<String, String> {
    let text = batch.isolated_chunk(i, program);
    let opts = mode.options();
    let run = std::panic::catch_unwind(|| process_buffer("<stdin>", &text, &opts));
    let (out, outcome) = match run {
        Ok(r) => r,
        Err(p) => {
            let msg = p
                .downcast_ref::<String>()
                .cloned()
                .or_else(|| p.downcast_ref::<&str>().map(|s| s.to_string()))
                .unwrap_or_default();
            return Err(format!("PANIC: {msg}"));
        }
    };
    if !outcome.success {
        return Err(outcome
            .stderr
            .lines()
            .next()
            .unwrap_or("failed without a message")
            .to_string());
    }
    if i == 0 {
        return Ok(out);
    }
    match out.split_once(&format!("{SPLIT}\n")) {
        Some((_, chunk)) => Ok(chunk.to_string()),
        None => Err(format!("no output for the chunk; got {out:?}")),
    }
}

/// Judges Mica against an accepted verdict.
pub fn judge(batch: &Batch, i: usize, program: &str, mode: Mode, expected: &str) -> Judgement {
    match run_mica(batch, i, program, mode) {
        Ok(got) if got == expected => Judgement::Same,
        Ok(got) => Judgement::Differs(expected.to_string(), got),
        Err(msg) => Judgement::MicaFailed(expected.to_string(), msg),
    }
}

/// mlir-opt's verdicts for `programs` in `mode`, in batches of at most `batch_size`
/// (a crash of mlir-opt only loses its batch).
pub fn oracle_verdicts(
    mlir: &MlirOpt,
    programs: &[String],
    mode: Mode,
    batch_size: usize,
) -> Vec<(Arc<Batch>, usize, Verdict)> {
    let mut out = Vec::new();
    for chunk in programs.chunks(batch_size) {
        let batch = Arc::new(Batch::new(chunk));
        let verdicts = mlir.run(&batch, mode.flags());
        for (i, v) in verdicts.into_iter().enumerate() {
            out.push((Arc::clone(&batch), i, v));
        }
    }
    out
}
