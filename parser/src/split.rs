//! `--split-input-file`: cutting a buffer into chunks at `// -----` lines, as mlir-opt does.

/// The marker line that separates chunks.
pub const MARKER: &str = "// -----";

/// One chunk: its text and the 0-based line of the original buffer where it starts.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Chunk<'a> {
    /// The chunk's text (without the marker line).
    pub text: &'a str,
    /// Number of lines of the original buffer before this chunk.
    pub first_line: usize,
}

/// Splits a buffer at lines that consist of `// -----` (trailing text after the dashes allowed).
pub fn split(src: &str) -> Vec<Chunk<'_>> {
    let mut chunks = Vec::new();
    let mut start = 0;
    let mut start_line = 0;
    let mut pos = 0;
    let mut line = 0;
    while pos < src.len() {
        let end = src[pos..].find('\n').map_or(src.len(), |e| pos + e);
        let l = &src[pos..end];
        if l.trim_start().starts_with(MARKER) {
            chunks.push(Chunk { text: &src[start..pos], first_line: start_line });
            start = (end + 1).min(src.len());
            start_line = line + 1;
        }
        pos = end + 1;
        line += 1;
    }
    chunks.push(Chunk { text: &src[start.min(src.len())..], first_line: start_line });
    chunks
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splits_at_markers() {
        let c = split("a\n// -----\nb\nc\n  // -----  x\nd");
        assert_eq!(c.len(), 3);
        assert_eq!(c[0], Chunk { text: "a\n", first_line: 0 });
        assert_eq!(c[1], Chunk { text: "b\nc\n", first_line: 2 });
        assert_eq!(c[2], Chunk { text: "d", first_line: 5 });
        assert_eq!(split("x").len(), 1);
    }
}
