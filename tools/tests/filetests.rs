//! Runs the MLIR-style file tests under `testdata/`: every `// RUN:` line of every `.mlir` file,
//! with `ir-opt` (and `mlir-opt`, so upstream tests run unchanged) mapped to this crate's
//! binary and `FileCheck` run in-process by `mica-filecheck`.

use mica_filecheck::{ToolRunner, run_lines, run_pipeline};
use std::path::{Path, PathBuf};

fn mlir_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else { return };
    let mut entries: Vec<_> = entries.filter_map(Result::ok).map(|e| e.path()).collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            mlir_files(&p, out);
        } else if p.extension().is_some_and(|e| e == "mlir") {
            out.push(p);
        }
    }
}

/// A line that marks a file as testing Mica-only options (`// MICA-ONLY: why`): mlir-opt
/// would reject its RUN lines, so only `ir-opt` runs them.
const MICA_ONLY: &str = "// MICA-ONLY:";

/// Runs every RUN line with `ir-opt` and `mlir-opt` both mapped to `tool`. With `only_opt`,
/// RUN lines that use Mica's other tools (which have no MLIR counterpart) and files marked
/// [`MICA_ONLY`] are left out.
fn run_all(tool: &str, only_opt: bool) {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).parent().expect("workspace root").join("testdata");
    let mut files = Vec::new();
    mlir_files(&root, &mut files);
    let translate = Path::new(tool).with_file_name("ir-translate");
    let runner = ToolRunner::new().with_tool("ir-opt", tool).with_tool("mlir-opt", tool).with_tool("ir-translate", translate);
    let exec = |tool: &str, args: &[String], stdin: &[u8]| runner.run(tool, args, stdin);
    let mut ran = 0;
    let mut failures = Vec::new();
    for f in &files {
        let text = std::fs::read_to_string(f).expect("read test file");
        if only_opt && text.lines().any(|l| l.trim_start().starts_with(MICA_ONLY)) {
            continue;
        }
        for line in run_lines(&text) {
            if only_opt && line.command.contains("ir-translate") {
                continue;
            }
            ran += 1;
            if let Err(e) = run_pipeline(&line.command, f, &exec) {
                failures.push(format!("{}:{}: RUN: {}\n{e}", f.display(), line.line, line.command));
            }
        }
    }
    eprintln!("file tests with {tool}: {} RUN lines in {} files, {} failed", ran, files.len(), failures.len());
    assert!(ran > 0, "no RUN lines found under {}", root.display());
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

#[test]
fn testdata_run_lines_pass() {
    run_all(env!("CARGO_BIN_EXE_ir-opt"), false);
}

/// The same tests with the real mlir-opt 22: proves that every expectation in `testdata/` is
/// what MLIR itself does.
#[test]
fn testdata_matches_mlir_opt() {
    let mlir_opt = "/usr/lib/llvm-22/bin/mlir-opt";
    if !Path::new(mlir_opt).exists() {
        if std::env::var("MICA_REQUIRE_ORACLES").as_deref() == Ok("1") {
            panic!("{mlir_opt} is missing and MICA_REQUIRE_ORACLES=1");
        }
        eprintln!("SKIPPED: {mlir_opt} not installed");
        return;
    }
    run_all(mlir_opt, true);
}
