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
        Diagnostic {
            severity: Severity::Error,
            message: message.into(),
            location,
        }
    }

    pub(crate) fn note(message: impl Into<String>, location: Location) -> Self {
        Diagnostic {
            severity: Severity::Note,
            message: message.into(),
            location: Some(location),
        }
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
        writeln!(
            f,
            "{}:{}:{}: {kind}: {}",
            loc.file, loc.line, loc.column, self.message
        )?;
        writeln!(f, "{}", expand_tabs(&loc.line_text))?;
        // Like LLVM, no caret line under text whose display columns are unknown.
        if loc.line_text.is_ascii() {
            writeln!(f, "{}", caret_line(loc))?;
        }
        Ok(())
    }
}

/// Width of a tab stop when showing source lines.
const TAB_STOP: usize = 8;

/// The line with tabs expanded to the next tab stop, as LLVM shows it.
fn expand_tabs(line: &str) -> String {
    let mut out = String::with_capacity(line.len());
    for c in line.chars() {
        if c == '\t' {
            out.push(' ');
            while !out.len().is_multiple_of(TAB_STOP) {
                out.push(' ');
            }
        } else {
            out.push(c);
        }
    }
    out
}

/// `^` under the location and `~` under the rest of its range (clipped to the line),
/// laid out under the tab-expanded line.
fn caret_line(loc: &Location) -> String {
    let line = loc.line_text.as_bytes();
    let mut marks = vec![b' '; line.len() + 1];
    let start = loc.column.saturating_sub(1).min(line.len());
    let end = (start + loc.len).min(line.len());
    marks[start..end].fill(b'~');
    marks[start] = b'^';
    let used = marks.iter().rposition(|&b| b != b' ').map_or(0, |i| i + 1);
    let mut out = String::new();
    for (i, &mark) in marks[..used].iter().enumerate() {
        out.push(mark as char);
        // A tab in the source line widens its column to the next tab stop.
        if line.get(i) == Some(&b'\t') {
            while !out.len().is_multiple_of(TAB_STOP) {
                out.push(mark as char);
            }
        }
    }
    out
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
        Location {
            file: "t.mlir".into(),
            line: 3,
            column,
            line_text: line_text.into(),
            len,
        }
    }

    #[test]
    fn renders_like_llvm_source_manager() {
        let d = Diagnostic::error(
            "CHECK: expected string not found in input",
            Some(loc("// CHECK: foo", 11, 0)),
        );
        assert_eq!(
            d.to_string(),
            "t.mlir:3:11: error: CHECK: expected string not found in input\n// CHECK: foo\n          ^\n"
        );
    }

    #[test]
    fn renders_ranges_tabs_and_plain_errors() {
        let d = Diagnostic::note("found here", loc("\tabc def", 2, 3));
        assert_eq!(
            d.to_string(),
            "t.mlir:3:2: note: found here\n        abc def\n        ^~~\n"
        );
        let on_tab = Diagnostic::note("scanning from here", loc("x\ta", 2, 0));
        assert!(on_tab.to_string().ends_with("x       a\n ^^^^^^^\n"));
        let clipped = Diagnostic::note("found here", loc("ab", 2, 10));
        assert!(clipped.to_string().ends_with("ab\n ^\n"));
        let unicode = Diagnostic::note("found here", loc("é", 1, 1));
        assert!(unicode.to_string().ends_with("found here\né\n"));
        let bare = Diagnostic::error("no check strings found with prefix 'CHECK:'", None);
        assert_eq!(
            bare.to_string(),
            "error: no check strings found with prefix 'CHECK:'\n"
        );
    }
}
