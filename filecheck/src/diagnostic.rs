//! Diagnostics in LLVM's `file:line:col: error: message` form, with the source line and
//! a caret under the location, and [`CheckFailure`], the error that `check` returns.

use std::fmt;

/// How serious a diagnostic is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Severity {
    /// The reason a check failed.
    Error,
    /// Context for the preceding error.
    Note,
}

/// A place in a named buffer, with the text of its line for display.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Location {
    /// Buffer name: the check file's path, `<stdin>`, or `command line`.
    pub file: String,
    /// 1-based line.
    pub line: usize,
    /// 1-based byte column.
    pub column: usize,
    /// The text of the whole line (canonicalized, as FileCheck shows it).
    pub line_text: String,
    /// Length in bytes of the marked range (0 or 1 mark a single point).
    pub len: usize,
}

/// One message, optionally attached to a location.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Diagnostic {
    /// Error or note.
    pub severity: Severity,
    /// The message text, e.g. `CHECK-NEXT: expected string not found in input`.
    pub message: String,
    /// Where it points, if anywhere.
    pub location: Option<Location>,
}

impl Diagnostic {
    pub(crate) fn error(message: impl Into<String>, location: Option<Location>) -> Self {
        Diagnostic { severity: Severity::Error, message: message.into(), location }
    }

    pub(crate) fn note(message: impl Into<String>, location: Location) -> Self {
        Diagnostic { severity: Severity::Note, message: message.into(), location: Some(location) }
    }
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let kind = match self.severity {
            Severity::Error => "error",
            Severity::Note => "note",
        };
        let Some(loc) = &self.location else {
            return writeln!(f, "{kind}: {}", self.message);
        };
        writeln!(f, "{}:{}:{}: {kind}: {}", loc.file, loc.line, loc.column, self.message)?;
        writeln!(f, "{}", loc.line_text)?;
        // The caret line mirrors tabs so that it lines up under any tab stops.
        let before = loc.line_text.get(..loc.column - 1).unwrap_or(&loc.line_text);
        let mut caret: String =
            before.chars().map(|c| if c == '\t' { '\t' } else { ' ' }).collect();
        caret.push('^');
        let rest = loc.line_text.get(loc.column - 1..).unwrap_or("");
        let tildes = rest.chars().count().min(loc.len).saturating_sub(1);
        caret.extend(std::iter::repeat_n('~', tildes));
        writeln!(f, "{caret}")
    }
}

/// Why a check did not pass, which decides FileCheck's exit code.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FailureKind {
    /// The options or the check file are invalid (FileCheck exits with 2).
    InvalidChecks,
    /// The input is empty and `allow_empty` is off (FileCheck exits with 2).
    EmptyInput,
    /// The input does not satisfy the checks (FileCheck exits with 1).
    Mismatch,
}

impl FailureKind {
    /// The exit code the FileCheck tool uses for this kind of failure.
    pub fn exit_code(self) -> i32 {
        match self {
            FailureKind::InvalidChecks | FailureKind::EmptyInput => 2,
            FailureKind::Mismatch => 1,
        }
    }
}

/// The error returned by [`check`](crate::check): every diagnostic FileCheck would print.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CheckFailure {
    /// What went wrong overall.
    pub kind: FailureKind,
    /// Errors, each followed by its notes, in the order FileCheck reports them.
    pub diagnostics: Vec<Diagnostic>,
}

impl CheckFailure {
    /// The messages of the error diagnostics (not the notes).
    pub fn error_messages(&self) -> impl Iterator<Item = &str> {
        self.diagnostics
            .iter()
            .filter(|d| d.severity == Severity::Error)
            .map(|d| d.message.as_str())
    }
}

impl fmt::Display for CheckFailure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.diagnostics.iter().try_for_each(|d| d.fmt(f))
    }
}

impl std::error::Error for CheckFailure {}

#[cfg(test)]
mod tests {
    use super::*;

    fn loc(line_text: &str, column: usize, len: usize) -> Location {
        Location { file: "t.mlir".into(), line: 3, column, line_text: line_text.into(), len }
    }

    #[test]
    fn renders_like_llvm_source_manager() {
        let d = Diagnostic::error("CHECK: expected string not found in input", Some(loc("// CHECK: foo", 11, 0)));
        assert_eq!(
            d.to_string(),
            "t.mlir:3:11: error: CHECK: expected string not found in input\n// CHECK: foo\n          ^\n"
        );
    }

    #[test]
    fn renders_ranges_tabs_and_plain_errors() {
        let d = Diagnostic::note("found here", loc("\tabc def", 2, 3));
        assert_eq!(d.to_string(), "t.mlir:3:2: note: found here\n\tabc def\n\t^~~\n");
        let clipped = Diagnostic::note("found here", loc("ab", 2, 10));
        assert!(clipped.to_string().ends_with("ab\n ^\n"));
        let bare = Diagnostic::error("no check strings found with prefix 'CHECK:'", None);
        assert_eq!(bare.to_string(), "error: no check strings found with prefix 'CHECK:'\n");
    }
}
