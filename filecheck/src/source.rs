//! Named text buffers (check file, input, command-line patterns) with byte-offset to
//! line/column mapping, and FileCheck's whitespace canonicalization of those buffers.

use crate::diagnostic::Location;

/// One buffer that diagnostics can point into.
#[derive(Debug, Clone)]
pub(crate) struct SourceText {
    name: String,
    text: String,
    /// Byte offset of the start of every line.
    line_starts: Vec<usize>,
}

impl SourceText {
    /// Wraps `text` under the display name `name`.
    pub(crate) fn new(name: impl Into<String>, text: String) -> Self {
        let line_starts = std::iter::once(0)
            .chain(text.match_indices('\n').map(|(i, _)| i + 1))
            .collect();
        SourceText {
            name: name.into(),
            text,
            line_starts,
        }
    }

    /// The whole buffer.
    pub(crate) fn text(&self) -> &str {
        &self.text
    }

    /// 1-based line and 1-based byte column of `offset`.
    pub(crate) fn line_col(&self, offset: usize) -> (usize, usize) {
        let line = self.line_starts.partition_point(|&s| s <= offset);
        (line, offset - self.line_starts[line - 1] + 1)
    }

    /// A diagnostic location covering `len` bytes from `offset`.
    pub(crate) fn location(&self, offset: usize, len: usize) -> Location {
        let offset = offset.min(self.text.len());
        let (line, column) = self.line_col(offset);
        let start = self.line_starts[line - 1];
        let end = self.text[start..]
            .find(['\n', '\r'])
            .map_or(self.text.len(), |e| start + e);
        Location {
            file: self.name.clone(),
            line,
            column,
            line_text: self.text[start..end].to_string(),
            len,
        }
    }
}

/// FileCheck's canonicalization of a buffer: every `\r` directly before `\n` is
/// dropped and, unless `strict_whitespace`, every run of spaces and tabs becomes one
/// space. Line numbers are preserved.
pub(crate) fn canonicalize(text: &str, strict_whitespace: bool) -> String {
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\r' if chars.peek() == Some(&'\n') => {}
            ' ' | '\t' if !strict_whitespace => {
                out.push(' ');
                while matches!(chars.peek(), Some(' ' | '\t')) {
                    chars.next();
                }
            }
            _ => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn line_col_maps_offsets() {
        let s = SourceText::new("f", "ab\ncd\n\nx".to_string());
        assert_eq!(s.line_col(0), (1, 1));
        assert_eq!(s.line_col(2), (1, 3));
        assert_eq!(s.line_col(3), (2, 1));
        assert_eq!(s.line_col(6), (3, 1));
        assert_eq!(s.line_col(7), (4, 1));
        assert_eq!(s.line_col(8), (4, 2));
        let loc = s.location(4, 1);
        assert_eq!((loc.line, loc.column, loc.line_text.as_str()), (2, 2, "cd"));
    }

    #[test]
    fn canonicalize_collapses_horizontal_whitespace() {
        assert_eq!(canonicalize("a \t  b\r\nc\t\n", false), "a b\nc \n");
        assert_eq!(canonicalize("a \t  b\r\nc\r", true), "a \t  b\nc\r");
    }
}
