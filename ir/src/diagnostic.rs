//! Diagnostics: errors, warnings, notes and remarks attached to locations.
//!
//! Libraries return diagnostics; only the tools render them (see `render` in the parser crate,
//! which knows the source text to quote).

use crate::Attr;

/// How serious a diagnostic is.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Hash)]
pub enum Severity {
    /// `error`
    Error,
    /// `warning`
    Warning,
    /// `note`
    Note,
    /// `remark`
    Remark,
}

impl Severity {
    /// The word mlir-opt prints for it.
    pub fn as_str(self) -> &'static str {
        match self {
            Severity::Error => "error",
            Severity::Warning => "warning",
            Severity::Note => "note",
            Severity::Remark => "remark",
        }
    }
}

/// Where a diagnostic points: a byte offset into the source being parsed, or a location
/// attribute (for diagnostics raised after parsing, such as the verifier's).
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum DiagLoc {
    /// A byte offset into the source buffer.
    Offset(usize),
    /// A location attribute.
    Loc(Attr),
}

/// A message with a location and attached notes.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Diagnostic {
    /// Severity.
    pub severity: Severity,
    /// Where.
    pub loc: DiagLoc,
    /// The message, without location or severity prefix.
    pub message: String,
    /// Notes attached to it.
    pub notes: Vec<Diagnostic>,
}

impl Diagnostic {
    /// An error at a byte offset.
    pub fn error_at(offset: usize, message: impl Into<String>) -> Self {
        Self { severity: Severity::Error, loc: DiagLoc::Offset(offset), message: message.into(), notes: Vec::new() }
    }

    /// An error at a location attribute.
    pub fn error(loc: Attr, message: impl Into<String>) -> Self {
        Self { severity: Severity::Error, loc: DiagLoc::Loc(loc), message: message.into(), notes: Vec::new() }
    }

    /// Attaches a note at a location attribute.
    pub fn with_note(mut self, loc: Attr, message: impl Into<String>) -> Self {
        self.notes.push(Diagnostic { severity: Severity::Note, loc: DiagLoc::Loc(loc), message: message.into(), notes: Vec::new() });
        self
    }

    /// Attaches a note at a byte offset.
    pub fn with_note_at(mut self, offset: usize, message: impl Into<String>) -> Self {
        self.notes.push(Diagnostic { severity: Severity::Note, loc: DiagLoc::Offset(offset), message: message.into(), notes: Vec::new() });
        self
    }
}
