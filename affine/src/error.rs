//! Parse errors with MLIR's wording and MLIR's error locations, including its rule for
//! "wrong token" errors, which are reported just after the previous token (skipping back over
//! blanks, line ends and `//` comments) rather than at the offending token.

use std::fmt;

/// A parse error: where MLIR reports it (a byte offset into the buffer) and MLIR's message.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct ParseError {
    /// Byte offset of the reported location, from the start of the parsed buffer.
    pub offset: usize,
    /// The message, worded as `mlir-opt` 22 words it.
    pub message: String,
    /// Further errors MLIR emits right after this one for the same failure (in order), with
    /// their offsets: a failed operand of a unary minus adds "missing operand of negation".
    pub also: Vec<(usize, String)>,
}

impl ParseError {
    /// An error at `offset`.
    pub fn new(offset: usize, message: impl Into<String>) -> Self {
        ParseError {
            offset,
            message: message.into(),
            also: Vec::new(),
        }
    }
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "offset {}: {}", self.offset, self.message)
    }
}

impl std::error::Error for ParseError {}

/// Where MLIR reports a "wrong token" error for a token starting at `token_offset` (already
/// moved back one byte if the token is the end of the buffer): just after the last non-blank
/// text before it, where lines holding only blanks are skipped and a `//` comment on a
/// preceding line is treated as blank. If only blanks precede it, the token's own offset.
pub(crate) fn wrong_token_offset(buffer: &[u8], token_offset: usize) -> usize {
    let mut end = token_offset.min(buffer.len());
    loop {
        while end > 0 && matches!(buffer[end - 1], b' ' | b'\t') {
            end -= 1;
        }
        if end == 0 {
            return token_offset;
        }
        if !matches!(buffer[end - 1], b'\n' | b'\r') {
            return end;
        }
        end -= 1;
        // The previous line starts at its preceding line break (inclusive), or the buffer start.
        let line_start = buffer[..end]
            .iter()
            .rposition(|&c| c == b'\n' || c == b'\r')
            .unwrap_or(0);
        if let Some(comment) = buffer[line_start..end]
            .windows(2)
            .position(|pair| pair == b"//")
        {
            end = line_start + comment;
        }
    }
}
