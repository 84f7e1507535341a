//! Executing one RUN command: `%` substitutions, then each `&&`-joined pipeline stage by
//! stage, each stage's standard output feeding the next. `FileCheck` stages run
//! in-process through [`check`](crate::check); every other tool goes to the caller's
//! executor. As with lit's `pipefail`, a pipeline fails when any stage fails.

use std::fmt;
use std::fs::OpenOptions;
use std::io::{self, Write};
use std::path::Path;

use crate::command_line::FileCheckCommand;
use crate::diagnostic::CheckFailure;
use crate::executor::ToolOutput;
use crate::shell::{self, Stage, StderrTo};
use crate::substitute::{substitute, temp_path_for};

/// Runs one tool: `(tool name, arguments, standard input)`.
pub type Executor<'a> = dyn Fn(&str, &[String], &[u8]) -> io::Result<ToolOutput> + 'a;

/// How a stage was required to end.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Expectation {
    /// Exit status 0.
    Success,
    /// A non-zero exit status without crashing (`not`).
    Failure,
    /// Killed by a signal (`not --crash`).
    Crash,
}

/// A stage that did not end as required.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StageFailure {
    /// The tool and its arguments, after substitution.
    pub argv: Vec<String>,
    /// How it had to end.
    pub expected: Expectation,
    /// Exit code; `None` for a crash.
    pub code: Option<i32>,
    /// The stage's standard error, unless it was redirected.
    pub stderr: String,
    /// For an in-process `FileCheck` stage that failed, its diagnostics.
    pub check: Option<CheckFailure>,
}

/// Why a RUN command failed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RunFailureReason {
    /// The command is not valid RUN-line shell syntax.
    Syntax(String),
    /// A tool could not be started or a redirection file could not be used.
    Io(String),
    /// Stages ended differently than required.
    Stages(Vec<StageFailure>),
}

/// The error of [`run_pipeline`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RunFailure {
    /// The command after `%` substitutions.
    pub command: String,
    /// What went wrong.
    pub reason: RunFailureReason,
}

impl fmt::Display for RunFailure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "RUN command failed: {}", self.command)?;
        let stages = match &self.reason {
            RunFailureReason::Syntax(msg) => {
                return writeln!(f, "error: cannot parse the command: {msg}");
            }
            RunFailureReason::Io(msg) => return writeln!(f, "error: {msg}"),
            RunFailureReason::Stages(stages) => stages,
        };
        for s in stages {
            let ended = match s.code {
                Some(code) => format!("exited with status {code}"),
                None => "crashed".to_string(),
            };
            let expected = match s.expected {
                Expectation::Success => "success",
                Expectation::Failure => "a failure (`not`)",
                Expectation::Crash => "a crash (`not --crash`)",
            };
            writeln!(
                f,
                "error: `{}` {ended}, expected {expected}",
                s.argv.join(" ")
            )?;
            if !s.stderr.is_empty() {
                write!(f, "{}", s.stderr)?;
                if !s.stderr.ends_with('\n') {
                    writeln!(f)?;
                }
            }
        }
        Ok(())
    }
}

impl std::error::Error for RunFailure {}

/// Runs one RUN command of the test at `test_path`; `exec` runs every tool except
/// `FileCheck` (also spelled `filecheck`), which runs in-process.
pub fn run_pipeline(cmd: &str, test_path: &Path, exec: &Executor<'_>) -> Result<(), RunFailure> {
    let temp = temp_path_for(test_path);
    let command = substitute(cmd, test_path, &temp);
    let fail = |reason| RunFailure {
        command: command.clone(),
        reason,
    };
    if (cmd.contains("%t") || cmd.contains("%T"))
        && let Some(dir) = temp.parent()
    {
        std::fs::create_dir_all(dir).map_err(|e| {
            fail(RunFailureReason::Io(format!(
                "cannot create '{}': {e}",
                dir.display()
            )))
        })?;
    }
    let script = shell::parse(&command).map_err(|m| fail(RunFailureReason::Syntax(m)))?;
    for stages in &script {
        run_stages(stages, exec).map_err(fail)?;
    }
    Ok(())
}

fn write_file(path: &str, data: &[u8], append: bool) -> Result<(), RunFailureReason> {
    OpenOptions::new()
        .create(true)
        .write(true)
        .append(append)
        .truncate(!append)
        .open(path)
        .and_then(|mut f| f.write_all(data))
        .map_err(|e| RunFailureReason::Io(format!("cannot write '{path}': {e}")))
}

fn run_stages(stages: &[Stage], exec: &Executor<'_>) -> Result<(), RunFailureReason> {
    let mut carried = Vec::new();
    let mut failures = Vec::new();
    for stage in stages {
        let stdin = match &stage.stdin {
            Some(path) => std::fs::read(path)
                .map_err(|e| RunFailureReason::Io(format!("cannot read '{path}': {e}")))?,
            None => std::mem::take(&mut carried),
        };
        let (tool, args) = (&stage.argv[0], &stage.argv[1..]);
        let (out, check) = if tool == "FileCheck" || tool == "filecheck" {
            run_filecheck(args, &stdin)
        } else {
            let out = exec(tool, args, &stdin)
                .map_err(|e| RunFailureReason::Io(format!("cannot run '{tool}': {e}")))?;
            (out, None)
        };
        let ToolOutput {
            code,
            mut stdout,
            mut stderr,
        } = out;
        match &stage.stderr {
            StderrTo::Captured => {}
            StderrTo::Stdout => stdout.append(&mut stderr),
            StderrTo::File { path, append } => {
                write_file(path, &std::mem::take(&mut stderr), *append)?
            }
        }
        if let Some((path, append)) = &stage.stdout {
            write_file(path, &std::mem::take(&mut stdout), *append)?;
        }
        let expected = match (stage.expect_crash, stage.invert) {
            (true, _) => Expectation::Crash,
            (false, true) => Expectation::Failure,
            (false, false) => Expectation::Success,
        };
        let ok = match expected {
            Expectation::Success => code == Some(0),
            Expectation::Failure => code.is_some_and(|c| c != 0),
            Expectation::Crash => code.is_none(),
        };
        if !ok {
            let stderr = String::from_utf8_lossy(&stderr).into_owned();
            failures.push(StageFailure {
                argv: stage.argv.clone(),
                expected,
                code,
                stderr,
                check,
            });
        }
        carried = stdout;
    }
    if failures.is_empty() {
        Ok(())
    } else {
        Err(RunFailureReason::Stages(failures))
    }
}

/// Runs a `FileCheck` stage in-process, with FileCheck's exit codes.
fn run_filecheck(args: &[String], stdin: &[u8]) -> (ToolOutput, Option<CheckFailure>) {
    let usage_error = |msg: String| ToolOutput {
        code: Some(2),
        stdout: Vec::new(),
        stderr: format!("{msg}\n").into_bytes(),
    };
    let command = match FileCheckCommand::parse(args) {
        Ok(c) => c,
        Err(msg) => return (usage_error(format!("FileCheck: {msg}")), None),
    };
    let checks = match std::fs::read_to_string(&command.check_file) {
        Ok(text) => text,
        Err(e) => {
            return (
                usage_error(format!(
                    "Could not open check file '{}': {e}",
                    command.check_file.display()
                )),
                None,
            );
        }
    };
    let input = match &command.input_file {
        Some(path) => match std::fs::read(path) {
            Ok(bytes) => bytes,
            Err(e) => {
                return (
                    usage_error(format!(
                        "Could not open input file '{}': {e}",
                        path.display()
                    )),
                    None,
                );
            }
        },
        None => stdin.to_vec(),
    };
    match crate::check(&checks, &String::from_utf8_lossy(&input), &command.options) {
        Ok(()) => (
            ToolOutput {
                code: Some(0),
                stdout: Vec::new(),
                stderr: Vec::new(),
            },
            None,
        ),
        Err(failure) => {
            let out = ToolOutput {
                code: Some(failure.kind.exit_code()),
                stdout: Vec::new(),
                stderr: failure.to_string().into_bytes(),
            };
            (out, Some(failure))
        }
    }
}
