//! Diagnostics: errors, warnings, notes and remarks attached to locations.
//!
//! Libraries return diagnostics; only the tools render them (see `render` in the parser crate,
//! which knows the source text to quote). An error emitted on an operation remembers it, so that
//! (as MLIR's `Operation::emitError` does) a `see current operation` note can show it.

use crate::body::{Body, Op};
use cranelift_entity::EntityRef;
use crate::{Attr, Context};

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
    /// Notes attached to it, and further errors emitted right after it for the same failure
    /// (severity `Error`; MLIR reports a few failures with several errors), which are shown
    /// and checked as diagnostics of their own.
    pub notes: Vec<Diagnostic>,
    /// The operation it was emitted on, if any (see [`Diagnostic::attach_current_op`]).
    pub op: Option<OpRef>,
}

/// An operation a diagnostic was emitted on: the address of the body holding it (bodies are
/// told apart by address, as the printer's name table does) and its id there. It is only
/// meaningful until the IR changes, and is only ever compared, never dereferenced.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct OpRef {
    body: usize,
    op: Op,
}

impl OpRef {
    /// The operation `op` of `body`.
    pub fn new(body: &Body, op: Op) -> Self {
        Self { body: body as *const Body as usize, op }
    }

    /// Finds the operation among the bodies under `top` (an operation of `body`).
    pub fn resolve<'b>(self, body: &'b Body, top: Op) -> Option<(&'b Body, Op)> {
        self.check(body).or_else(|| self.search(body, top))
    }

    fn check<'b>(self, body: &'b Body) -> Option<(&'b Body, Op)> {
        (body as *const Body as usize == self.body && self.op.index() < body.num_ops()).then_some((body, self.op))
    }

    /// Looks in the regions of `op` (of `body`) and, through them, in every nested body.
    fn search<'b>(self, body: &'b Body, op: Op) -> Option<(&'b Body, Op)> {
        let (rb, regions) = body.op_regions(op);
        if !std::ptr::eq(rb, body) {
            if let Some(found) = self.check(rb) {
                return Some(found);
            }
        }
        regions.iter().flat_map(|&r| rb.region_blocks(r)).flat_map(|&b| rb.block_ops(b)).find_map(|inner| self.search(rb, inner))
    }
}

impl Diagnostic {
    /// An error at a byte offset.
    pub fn error_at(offset: usize, message: impl Into<String>) -> Self {
        Self { severity: Severity::Error, loc: DiagLoc::Offset(offset), message: message.into(), notes: Vec::new(), op: None }
    }

    /// An error at a location attribute.
    pub fn error(loc: Attr, message: impl Into<String>) -> Self {
        Self { severity: Severity::Error, loc: DiagLoc::Loc(loc), message: message.into(), notes: Vec::new(), op: None }
    }

    /// An error emitted on operation `op` of `body` (MLIR's `op->emitError`), at its location.
    pub fn on_op(body: &Body, op: Op, message: impl Into<String>) -> Self {
        Self { op: Some(OpRef::new(body, op)), ..Self::error(body.op(op).loc, message) }
    }

    /// When the context prints operations on diagnostics, puts the `see current operation`
    /// note first (as MLIR attaches it when the error is emitted): the operation the error was
    /// emitted on, found under `top` (an operation of `body`, the top of the IR), printed as
    /// [`crate::printer::op_for_diagnostic`] does.
    pub fn attach_current_op(&mut self, ctx: &Context, body: &Body, top: Op) {
        let (Some(r), Some(opts)) = (self.op.take(), ctx.print_op_on_diagnostic.as_ref()) else { return };
        let Some((b, op)) = r.resolve(body, top) else { return };
        let text = crate::printer::op_for_diagnostic(ctx, body, top, b, op, opts);
        // An operation printed on several lines starts on a line of its own.
        let sep = if text.contains('\n') { "\n" } else { "" };
        let note = Diagnostic { severity: Severity::Note, loc: DiagLoc::Loc(b.op(op).loc), message: format!("see current operation: {sep}{text}"), notes: Vec::new(), op: None };
        self.notes.insert(0, note);
    }

    /// Attaches a note at a location attribute.
    pub fn with_note(mut self, loc: Attr, message: impl Into<String>) -> Self {
        self.notes.push(Diagnostic { severity: Severity::Note, loc: DiagLoc::Loc(loc), message: message.into(), notes: Vec::new(), op: None });
        self
    }

    /// Adds an error emitted right after this one for the same failure, at a byte offset.
    pub fn with_error_after(mut self, offset: usize, message: impl Into<String>) -> Self {
        self.notes.push(Diagnostic { severity: Severity::Error, loc: DiagLoc::Offset(offset), message: message.into(), notes: Vec::new(), op: None });
        self
    }

    /// Attaches a note at a byte offset.
    pub fn with_note_at(mut self, offset: usize, message: impl Into<String>) -> Self {
        self.notes.push(Diagnostic { severity: Severity::Note, loc: DiagLoc::Offset(offset), message: message.into(), notes: Vec::new(), op: None });
        self
    }
}
