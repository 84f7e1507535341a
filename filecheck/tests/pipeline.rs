//! RUN-line execution: `run_lines` + `run_pipeline` over test files written to a temp
//! directory, with a fake in-process executor (so exit codes, crashes and stderr are
//! exact) and, on Unix, real child processes through `ToolRunner`.

use std::io;
use std::ops::Deref;
use std::path::{Path, PathBuf};

use mica_filecheck::{
    Expectation, FailureKind, RunFailure, RunFailureReason, ToolOutput, ToolRunner, run_lines,
    run_pipeline,
};

/// A test file in a fresh per-test directory, removed when dropped.
struct TestFile(PathBuf);

impl Deref for TestFile {
    type Target = Path;
    fn deref(&self) -> &Path {
        &self.0
    }
}

impl Drop for TestFile {
    fn drop(&mut self) {
        if let Some(dir) = self.0.parent() {
            std::fs::remove_dir_all(dir).ok();
        }
    }
}

fn test_file(name: &str, content: &str) -> TestFile {
    let dir = std::env::temp_dir().join(format!(
        "mica-filecheck-pipeline-{}-{name}",
        std::process::id()
    ));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let path = dir.join(format!("{name}.mlir"));
    std::fs::write(&path, content).expect("write test file");
    TestFile(path)
}

/// Tools simulated in-process: `emit ARGS...` prints its arguments, `cat` copies stdin,
/// `fail` exits 1 after printing `boom` to stderr, `crash` dies by a signal, `warn ARGS`
/// prints its arguments to stderr and succeeds.
fn fake(tool: &str, args: &[String], stdin: &[u8]) -> io::Result<ToolOutput> {
    let out = |code, stdout: Vec<u8>, stderr: &[u8]| {
        Ok(ToolOutput {
            code,
            stdout,
            stderr: stderr.to_vec(),
        })
    };
    match tool {
        "emit" => out(Some(0), format!("{}\n", args.join(" ")).into_bytes(), b""),
        "cat" => out(Some(0), stdin.to_vec(), b""),
        "fail" => out(Some(1), Vec::new(), b"boom\n"),
        "crash" => out(None, Vec::new(), b"Segmentation fault\n"),
        "warn" => out(
            Some(0),
            Vec::new(),
            format!("{}\n", args.join(" ")).as_bytes(),
        ),
        _ => Err(io::Error::new(
            io::ErrorKind::NotFound,
            format!("unknown tool {tool}"),
        )),
    }
}

fn run(cmd: &str, test: &Path) -> Result<(), RunFailure> {
    run_pipeline(cmd, test, &fake)
}

fn failed_stages(result: Result<(), RunFailure>) -> Vec<(String, Expectation, Option<i32>)> {
    match result.expect_err("the command should fail").reason {
        RunFailureReason::Stages(stages) => stages
            .into_iter()
            .map(|s| (s.argv[0].clone(), s.expected, s.code))
            .collect(),
        other => panic!("expected failing stages, got {other:?}"),
    }
}

#[test]
fn every_run_line_of_a_test_file_passes() {
    let source = "// RUN: emit \"foo  bar\" | FileCheck %s\n\
                  // RUN: emit foo bar | FileCheck %s --check-prefix=ALT\n\
                  // RUN: emit foo bar \\\n\
                  // RUN:   | not FileCheck %s -check-prefix BAD\n\
                  // CHECK: foo bar\n// ALT: {{^}}foo\n// BAD: baz\n";
    let test = test_file("all_pass", source);
    let lines = run_lines(source);
    assert_eq!(lines.iter().map(|l| l.line).collect::<Vec<_>>(), [1, 2, 3]);
    for line in &lines {
        run(&line.command, &test).unwrap_or_else(|e| panic!("line {}: {e}", line.line));
    }
}

#[test]
fn filecheck_failures_carry_diagnostics() {
    let test = test_file(
        "check_fails",
        "// RUN: emit hello | FileCheck %s\n// CHECK: goodbye\n",
    );
    let err = run("emit hello | FileCheck %s", &test).unwrap_err();
    let RunFailureReason::Stages(stages) = &err.reason else {
        panic!("{err}")
    };
    assert_eq!(stages.len(), 1);
    assert_eq!(
        (stages[0].code, stages[0].expected),
        (Some(1), Expectation::Success)
    );
    let check = stages[0]
        .check
        .as_ref()
        .expect("in-process FileCheck diagnostics");
    assert_eq!(check.kind, FailureKind::Mismatch);
    let text = err.to_string();
    assert!(
        text.contains(&format!(
            "RUN command failed: emit hello | FileCheck {}",
            test.display()
        )),
        "{text}"
    );
    assert!(
        text.contains(&format!(
            "{}:2:11: error: CHECK: expected string not found in input",
            test.display()
        )),
        "{text}"
    );
}

#[test]
fn not_and_crash_prefixes() {
    let test = test_file("negation", "// CHECK: x\n");
    assert!(run("not fail", &test).is_ok());
    assert!(run("not not emit x", &test).is_ok());
    assert!(run("not --crash crash", &test).is_ok());
    assert_eq!(
        failed_stages(run("not emit x", &test)),
        [("emit".into(), Expectation::Failure, Some(0))]
    );
    assert_eq!(
        failed_stages(run("not crash", &test)),
        [("crash".into(), Expectation::Failure, None)]
    );
    assert_eq!(
        failed_stages(run("not --crash fail", &test)),
        [("fail".into(), Expectation::Crash, Some(1))]
    );
}

#[test]
fn any_failing_stage_fails_the_pipeline() {
    let test = test_file("pipefail", "// CHECK: x\n");
    let err = run("fail | cat | emit x | FileCheck %s", &test).unwrap_err();
    assert!(
        err.to_string()
            .contains("error: `fail` exited with status 1, expected success\nboom\n"),
        "{err}"
    );
    assert_eq!(
        failed_stages(Err(err)),
        [("fail".into(), Expectation::Success, Some(1))]
    );
    assert!(run("emit a && fail", &test).is_err());
    assert_eq!(
        failed_stages(run("fail && crash", &test)).len(),
        1,
        "`&&` stops at the first failure"
    );
}

#[test]
fn stderr_redirection_feeds_filecheck() {
    let test = test_file("stderr", "// CHECK: expected-warning\n");
    assert!(run("warn expected-warning 2>&1 | FileCheck %s", &test).is_ok());
    let err = run("warn expected-warning | FileCheck %s", &test).unwrap_err();
    let RunFailureReason::Stages(stages) = &err.reason else {
        panic!("{err}")
    };
    assert_eq!(
        stages[0].check.as_ref().map(|c| c.kind),
        Some(FailureKind::EmptyInput)
    );
}

#[test]
fn temp_files_and_input_redirection() {
    let test = test_file("temps", "// CHECK: stored\n");
    assert!(run("emit stored > %t && FileCheck %s < %t", &test).is_ok());
    assert!(run("emit stored > %t && FileCheck %s --input-file=%t", &test).is_ok());
    assert!(run("emit more >> %t && cat < %t | FileCheck %s", &test).is_ok());
    assert!(
        run(
            "warn stored 2> %t.err && FileCheck %s --input-file %t.err",
            &test
        )
        .is_ok()
    );
    assert!(
        run("FileCheck %s < %s", &test).is_ok(),
        "a test file checks itself"
    );
    assert!(run("emit x > %t && not FileCheck %s < %t", &test).is_ok());
}

#[test]
fn setup_errors_are_reported() {
    let test = test_file("errors", "// CHECK: x\n");
    let reason = |cmd: &str| run(cmd, &test).unwrap_err().reason;
    assert!(matches!(
        reason("emit 'unterminated"),
        RunFailureReason::Syntax(_)
    ));
    assert!(matches!(reason("emit a ||"), RunFailureReason::Syntax(_)));
    assert!(matches!(reason("nosuchtool"), RunFailureReason::Io(m) if m.contains("nosuchtool")));
    assert!(matches!(
        reason("cat < /nonexistent/file"),
        RunFailureReason::Io(_)
    ));
    let RunFailureReason::Stages(s) = reason("emit x | FileCheck /nonexistent/checks") else {
        panic!()
    };
    assert_eq!(s[0].code, Some(2));
    assert!(
        s[0].stderr.contains("Could not open check file"),
        "{}",
        s[0].stderr
    );
    let RunFailureReason::Stages(s) = reason("emit x | FileCheck %s --no-such-flag") else {
        panic!()
    };
    assert!(
        s[0].stderr.contains("unknown FileCheck option"),
        "{}",
        s[0].stderr
    );
}

#[cfg(unix)]
#[test]
fn real_processes_through_tool_runner() {
    let test = test_file(
        "processes",
        "// RUN: sh -c \"echo hello; echo oops >&2; exit 0\" 2>&1 | FileCheck %s\n// CHECK: hello\n// CHECK-NEXT: oops\n",
    );
    let runner = ToolRunner::new()
        .with_tool("sh", "/bin/sh")
        .with_tool("cat", "/bin/cat");
    let exec = |tool: &str, args: &[String], stdin: &[u8]| runner.run(tool, args, stdin);
    for line in run_lines(&std::fs::read_to_string(&*test).unwrap()) {
        run_pipeline(&line.command, &test, &exec).unwrap_or_else(|e| panic!("{e}"));
    }
    assert!(
        run_pipeline("cat %s | FileCheck %s --check-prefix=RUN", &test, &exec).is_err(),
        "RUN is a comment prefix"
    );
    assert!(run_pipeline("not --crash sh -c \"kill -SEGV $$\"", &test, &exec).is_ok());
    let err = run_pipeline("unmapped-tool", &test, &exec).unwrap_err();
    assert!(
        err.to_string()
            .contains("no binary is configured for the tool 'unmapped-tool'"),
        "{err}"
    );
}
