//! End-to-end differential test on real MLIR test files: every RUN line of the
//! llvm-project files in the shared corpus (`$MICA_CORPUS`) runs with mlir-opt 22, once with the
//! in-process FileCheck and once with LLVM's FileCheck binary; both must agree on
//! success and on the first line FileCheck prints. Skips when mlir-opt, LLVM FileCheck
//! or the corpus is missing, unless `MICA_REQUIRE_ORACLES=1`.

use std::io;
use std::path::{Path, PathBuf};

use mica_filecheck::{
    RunFailure, RunFailureReason, ToolOutput, ToolRunner, run_lines, run_pipeline,
};

const MLIR_OPT: &str = "/usr/lib/llvm-22/bin/mlir-opt";
const FILECHECK: &str = "/usr/lib/llvm-22/bin/FileCheck";

/// `$MICA_CORPUS/llvm-project`, by default the corpus in `shared/` beside the workspace.
fn corpus_dir() -> PathBuf {
    let corpus = std::env::var_os("MICA_CORPUS").map_or_else(
        || Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared/corpus"),
        PathBuf::from,
    );
    corpus.join("llvm-project")
}

fn prerequisites() -> bool {
    let missing: Vec<String> = [Path::new(MLIR_OPT), Path::new(FILECHECK), &corpus_dir()]
        .iter()
        .filter(|p| !p.exists())
        .map(|p| p.display().to_string())
        .collect();
    if missing.is_empty() {
        return true;
    }
    let msg = format!(
        "missing {} (apt-get install mlir-22-tools llvm-22-tools; ../shared/corpus)",
        missing.join(", ")
    );
    assert!(
        std::env::var("MICA_REQUIRE_ORACLES").as_deref() != Ok("1"),
        "MICA_REQUIRE_ORACLES=1 but {msg}"
    );
    eprintln!("skipping: {msg}");
    false
}

/// `Ok` or the first line the failing FileCheck stage printed (or the whole failure);
/// the empty-input message, worded differently on purpose, is reduced to its meaning.
fn summary(result: Result<(), RunFailure>) -> Result<(), String> {
    result.map_err(|f| match &f.reason {
        RunFailureReason::Stages(stages) => {
            let stage = stages
                .iter()
                .find(|s| s.argv[0].contains("FileCheck"))
                .unwrap_or(&stages[0]);
            let first = stage.stderr.lines().next().unwrap_or("");
            let first = if first.contains("'<stdin>' is empty") {
                "<empty input>"
            } else {
                first
            };
            format!("{}: {first}", stage.argv[0].trim_start_matches("llvm-"))
        }
        _ => f.to_string(),
    })
}

#[test]
fn upstream_run_lines_agree_with_llvm_filecheck() {
    if !prerequisites() {
        return;
    }
    let runner = ToolRunner::new()
        .with_tool("mlir-opt", MLIR_OPT)
        .with_tool("llvm-FileCheck", FILECHECK);
    let exec = |tool: &str, args: &[String], stdin: &[u8]| -> io::Result<ToolOutput> {
        runner.run(tool, args, stdin)
    };
    let mut files: Vec<PathBuf> = std::fs::read_dir(corpus_dir())
        .expect("corpus directory")
        .map(|e| e.expect("directory entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "mlir"))
        .collect();
    files.sort();
    let (mut runs, mut passes, mut differences) = (0, 0, Vec::new());
    for file in &files {
        let source = std::fs::read_to_string(file).expect("read corpus file");
        for line in run_lines(&source)
            .into_iter()
            .filter(|l| l.command.contains("FileCheck"))
        {
            let with_llvm = line.command.replace("FileCheck", "llvm-FileCheck");
            let ours = summary(run_pipeline(&line.command, file, &exec));
            let llvm = summary(run_pipeline(&with_llvm, file, &exec));
            runs += 1;
            passes += usize::from(ours.is_ok());
            if ours != llvm {
                differences.push(format!(
                    "{}:{}: {}\n  ours: {ours:?}\n  LLVM: {llvm:?}",
                    file.display(),
                    line.line,
                    line.command
                ));
            }
        }
    }
    eprintln!("{runs} RUN lines with FileCheck, {passes} pass");
    assert!(
        runs > 20 && passes > 10,
        "the corpus should exercise FileCheck ({runs} runs, {passes} passes)"
    );
    assert!(
        differences.is_empty(),
        "{} RUN lines differ:\n{}",
        differences.len(),
        differences.join("\n")
    );
}
