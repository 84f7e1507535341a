//! `--split-input-file`: cutting a buffer into chunks at `// -----` markers, exactly as
//! mlir-opt 22 does. The buffer is cut wherever `// ---` occurs (anywhere, not only at the start
//! of a line); a cut followed by `--` and at least one more character (which must not be `0`)
//! ends a chunk, and the next chunk starts right after the `--`; any other cut is a near miss,
//! reported as a warning, and the text runs on. Quirks kept: when the buffer starts with the
//! marker, the first chunk starts right after `// ---` (with its `--`); an empty last chunk is
//! dropped.

/// The marker that separates chunks.
pub const MARKER: &str = "// -----";

/// How many trailing characters of the marker are checked after a cut.
const CHECK_LEN: usize = 2;

/// One chunk of the original buffer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Chunk<'a> {
    /// The chunk's text.
    pub text: &'a str,
    /// Byte offset of the chunk in the original buffer.
    pub start: usize,
}

/// The chunks of a buffer and the near misses found while cutting it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Split<'a> {
    /// The chunks, in order (none for an empty buffer).
    pub chunks: Vec<Chunk<'a>>,
    /// Byte offsets of cuts that were not followed by the rest of the marker.
    pub near_misses: Vec<usize>,
}

/// Splits a buffer at `// -----` markers.
pub fn split(src: &str) -> Split<'_> {
    let prefix = &MARKER[..MARKER.len() - CHECK_LEN];
    let tail = &MARKER[MARKER.len() - CHECK_LEN..];
    let mut raw: Vec<(usize, usize)> = Vec::new();
    let mut pos = 0;
    for (i, _) in src.match_indices(prefix) {
        raw.push((pos, i));
        pos = i + prefix.len();
    }
    raw.push((pos, src.len()));
    let mut chunks = Vec::new();
    let mut near_misses = Vec::new();
    let (mut start, mut end) = (0, 0);
    for (s, e) in raw {
        if start == end {
            (start, end) = (s, e);
            continue;
        }
        let piece = &src.as_bytes()[s..e];
        if piece.starts_with(tail.as_bytes()) && piece.len() > CHECK_LEN && piece[CHECK_LEN] != b'0' {
            chunks.push(Chunk { text: &src[start..end], start });
            (start, end) = (s + CHECK_LEN, e);
        } else {
            near_misses.push(s);
            end = e;
        }
    }
    if start != end {
        chunks.push(Chunk { text: &src[start..end], start });
    }
    Split { chunks, near_misses }
}

/// The text a chunk is parsed from: the buffer up to the chunk's end with everything before the
/// chunk blanked out (newlines kept, other bytes turned into spaces), so that offsets, lines and
/// columns are those of the original buffer.
pub fn padded(src: &str, chunk: &Chunk<'_>) -> String {
    let mut out: Vec<u8> = src.as_bytes()[..chunk.start].iter().map(|&b| if b == b'\n' { b'\n' } else { b' ' }).collect();
    out.extend_from_slice(chunk.text.as_bytes());
    String::from_utf8(out).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn texts<'a>(s: &Split<'a>) -> Vec<(&'a str, usize)> {
        s.chunks.iter().map(|c| (c.text, c.start)).collect()
    }

    #[test]
    fn splits_right_after_markers_anywhere() {
        let s = split("a\n// -----\nb\n  // ----- x\nd");
        assert_eq!(texts(&s), vec![("a\n", 0), ("\nb\n  ", 10), (" x\nd", 23)]);
        assert!(s.near_misses.is_empty());
        assert_eq!(texts(&split("x// -----y")), vec![("x", 0), ("y", 9)]);
    }

    #[test]
    fn near_misses_run_on() {
        let s = split("a\n// ----\nb\n// -----\nc");
        assert_eq!(texts(&s), vec![("a\n// ----\nb\n", 0), ("\nc", 20)]);
        assert_eq!(s.near_misses, vec![8]);
        // A marker at the very end is a near miss too.
        let s = split("a\n// -----");
        assert_eq!(texts(&s), vec![("a\n// -----", 0)]);
        assert_eq!(s.near_misses, vec![8]);
    }

    #[test]
    fn keeps_mlir_quirks() {
        // More dashes still split; the extra dashes begin the next chunk.
        assert_eq!(texts(&split("a// -------\nb")), vec![("a", 0), ("--\nb", 9)]);
        // A leading marker leaves its `--` in the first chunk.
        assert_eq!(texts(&split("// -----\nb")), vec![("--\nb", 6)]);
        assert!(split("").chunks.is_empty());
        assert_eq!(texts(&split("a")), vec![("a", 0)]);
    }

    #[test]
    fn padding_keeps_positions() {
        let src = "ab\n// -----\ncd";
        let s = split(src);
        let p = padded(src, &s.chunks[1]);
        assert_eq!(p, "  \n        \ncd");
        assert_eq!(p.len(), src.len());
    }
}
