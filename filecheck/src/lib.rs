//! LLVM FileCheck and lit `RUN:` lines for Mica's file tests.
//!
//! [`check`] verifies an input text against the `CHECK` directives of a check file with
//! FileCheck's semantics (prefixes, NEXT/SAME/NOT/DAG/LABEL/EMPTY/COUNT, `{{regex}}`,
//! `[[VAR:regex]]`/`[[VAR]]`, `[[#numeric]]`, whitespace canonicalization, and the usual
//! command-line options in [`Options`]); failures come back as [`CheckFailure`], which
//! renders like FileCheck's own diagnostics. [`run_lines`] and [`run_pipeline`] execute
//! the `// RUN:` lines of a test file, running `FileCheck` stages in-process.
//!
//! ```
//! use mica_filecheck::{Options, check};
//!
//! let checks = "// CHECK-LABEL: func @f\n// CHECK-NEXT: %[[V:.*]] = arith.constant\n// CHECK: return %[[V]]\n";
//! let output = "func.func @f() -> i32 {\n  %c1 = arith.constant 1 : i32\n  return %c1 : i32\n}\n";
//! assert!(check(checks, output, &Options::default()).is_ok());
//! let failure = check(checks, "func.func @g()\n", &Options::default()).unwrap_err();
//! assert!(failure.to_string().contains("error: CHECK-LABEL: expected string not found in input"));
//! ```

mod checker;
mod checkfile;
mod command_line;
mod diagnostic;
mod directive;
mod engine;
mod executor;
mod fuzzy;
mod matching;
mod numeric;
mod options;
mod pattern;
mod pipeline;
mod posix;
mod run_lines;
mod shell;
mod source;
mod substitute;
mod variables;

pub use command_line::FileCheckCommand;
pub use diagnostic::{CheckFailure, Diagnostic, FailureKind, Location, Severity};
pub use executor::{ToolOutput, ToolRunner};
pub use options::Options;
pub use pipeline::{
    Executor, Expectation, RunFailure, RunFailureReason, StageFailure, run_pipeline,
};
pub use run_lines::{RunLine, run_lines};

use checker::Checker;
use checkfile::read_check_file;
use source::{SourceText, canonicalize};

/// Checks `input` against the directives in `checks_source`, as
/// `FileCheck <check file> < input` would with the given options.
pub fn check(checks_source: &str, input: &str, opts: &Options) -> Result<(), CheckFailure> {
    let check = SourceText::new(
        opts.check_file_name.as_str(),
        canonicalize(checks_source, opts.strict_whitespace),
    );
    let program = read_check_file(&check, opts).map_err(|diagnostics| CheckFailure {
        kind: FailureKind::InvalidChecks,
        diagnostics,
    })?;
    if input.is_empty() && !opts.allow_empty {
        let msg = format!(
            "input '{}' is empty (use --allow-empty to accept an empty input)",
            opts.input_file_name
        );
        return Err(CheckFailure {
            kind: FailureKind::EmptyInput,
            diagnostics: vec![Diagnostic::error(msg, None)],
        });
    }
    let input = SourceText::new(
        opts.input_file_name.as_str(),
        canonicalize(input, opts.strict_whitespace),
    );
    Checker::new(&program, &check, &input, opts)
        .run()
        .map_err(|diagnostics| CheckFailure {
            kind: FailureKind::Mismatch,
            diagnostics,
        })
}
