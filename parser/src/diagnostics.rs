//! Rendering diagnostics the way mlir-opt does: `file:line:col: error: message`, then the
//! source line and a caret, then the attached notes.

use mica_ir::{AttrKind, Context, DiagLoc, Diagnostic, Location, Severity};

/// A source buffer with its name, for turning offsets into lines and columns.
pub struct Source<'a> {
    /// The name printed in front of diagnostics.
    pub name: &'a str,
    /// The text.
    pub text: &'a str,
    line_starts: Vec<usize>,
}

impl<'a> Source<'a> {
    /// Indexes a buffer.
    pub fn new(name: &'a str, text: &'a str) -> Self {
        let mut line_starts = vec![0];
        line_starts.extend(text.bytes().enumerate().filter(|(_, b)| *b == b'\n').map(|(i, _)| i + 1));
        Self { name, text, line_starts }
    }

    /// 1-based line and column of a byte offset.
    pub fn line_col(&self, offset: usize) -> (usize, usize) {
        let line = self.line_starts.partition_point(|&s| s <= offset).max(1);
        (line, offset - self.line_starts[line - 1] + 1)
    }

    /// The text of a 1-based line, without its newline.
    pub fn line_text(&self, line: usize) -> &'a str {
        let Some(&start) = self.line_starts.get(line.wrapping_sub(1)) else { return "" };
        let end = self.line_starts.get(line).map_or(self.text.len(), |e| e - 1);
        self.text.get(start..end.max(start)).unwrap_or("")
    }
}

/// Where a diagnostic points, resolved: file name, line and column when known.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Resolved {
    /// File name as printed.
    pub file: String,
    /// 1-based line (0 when unknown).
    pub line: usize,
    /// 1-based column (0 when unknown).
    pub col: usize,
    /// Whether the location is in `src` (so the source line can be quoted).
    pub in_source: bool,
}

/// Resolves a diagnostic location against the buffer being processed.
pub fn resolve(ctx: &Context, src: &Source<'_>, loc: DiagLoc) -> Option<Resolved> {
    match loc {
        DiagLoc::Offset(o) => {
            let (line, col) = src.line_col(o);
            Some(Resolved { file: src.name.to_string(), line, col, in_source: true })
        }
        DiagLoc::Loc(a) => file_loc_of(ctx, a).map(|(f, line, col)| {
            let in_source = f == src.name;
            Resolved { file: f, line, col, in_source }
        }),
    }
}

fn file_loc_of(ctx: &Context, a: mica_ir::Attr) -> Option<(String, usize, usize)> {
    match ctx.attr_kind(a) {
        AttrKind::Location(Location::FileLine { file, line }) => Some((ctx.str(*file).to_string(), *line as usize, 0)),
        AttrKind::Location(Location::FileLineCol { file, line, col, .. }) => {
            Some((ctx.str(*file).to_string(), *line as usize, *col as usize))
        }
        AttrKind::Location(Location::Name { child: Some(c), .. }) => file_loc_of(ctx, *c),
        AttrKind::Location(Location::CallSite { callee, .. }) => file_loc_of(ctx, *callee),
        AttrKind::Location(Location::Fused { locations, .. }) => locations.iter().find_map(|l| file_loc_of(ctx, *l)),
        _ => None,
    }
}

/// Renders a diagnostic and its notes as mlir-opt prints them on stderr. A note quotes its
/// source line only when its location differs from the one printed before it; an error that
/// follows (see [`Diagnostic::notes`]) always does.
pub fn render(ctx: &Context, src: &Source<'_>, d: &Diagnostic) -> String {
    let mut out = String::new();
    render_one(ctx, src, d, true, &mut out);
    let mut prev = d.loc;
    for n in &d.notes {
        render_one(ctx, src, n, n.severity != Severity::Note || n.loc != prev, &mut out);
        prev = n.loc;
    }
    out
}

fn render_one(ctx: &Context, src: &Source<'_>, d: &Diagnostic, quote: bool, out: &mut String) {
    match resolve(ctx, src, d.loc) {
        Some(r) => {
            out.push_str(&format!("{}:{}:{}: {}: {}\n", r.file, r.line, r.col, d.severity.as_str(), d.message));
            if quote && r.in_source && r.line > 0 {
                out.push_str(&quote_line(src.line_text(r.line), r.col, 1));
            }
        }
        // No file location in it: mlir-opt prints `<unknown>:0` and the location itself (unless
        // it is `unknown`) in front of the message.
        None => {
            let shown = match d.loc {
                DiagLoc::Loc(a) if !matches!(ctx.attr_kind(a), AttrKind::Location(Location::Unknown)) => {
                    format!("{}: ", mica_ir::printer::attr_string(ctx, a))
                }
                _ => String::new(),
            };
            out.push_str(&format!("<unknown>:0: {}: {shown}{}\n", d.severity.as_str(), d.message));
        }
    }
}

/// A source line and the line under it marking column `col` (1-based) with `^` and the `len - 1`
/// columns after it with `~`, as LLVM's SourceMgr prints them: tabs expanded to the next
/// multiple of 8 columns in both lines, trailing blanks of the marker line dropped.
pub fn quote_line(line: &str, col: usize, len: usize) -> String {
    const TAB_STOP: usize = 8;
    let bytes = line.as_bytes();
    let mut marks: Vec<u8> = vec![b' '; col.saturating_sub(1)];
    marks.push(b'^');
    marks.extend(std::iter::repeat_n(b'~', len.saturating_sub(1)));
    let mut out = String::with_capacity(line.len() + marks.len() + 2);
    let mut column = 0;
    for ch in line.chars() {
        if ch == '\t' {
            loop {
                out.push(' ');
                column += 1;
                if column % TAB_STOP == 0 {
                    break;
                }
            }
        } else {
            out.push(ch);
            column += ch.len_utf8();
        }
    }
    out.push('\n');
    let mut column = 0;
    let mut caret = String::with_capacity(marks.len());
    for (i, &m) in marks.iter().enumerate() {
        if bytes.get(i) == Some(&b'\t') {
            loop {
                caret.push(m as char);
                column += 1;
                if column % TAB_STOP == 0 {
                    break;
                }
            }
        } else {
            caret.push(m as char);
            column += 1;
        }
    }
    out.push_str(caret.trim_end());
    out.push('\n');
    out
}
