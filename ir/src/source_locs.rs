//! Source locations kept as byte offsets: the `file:line:col` location of every operation a
//! parser creates, without interning one attribute per operation.
//!
//! A parser registers its buffer once ([`crate::Context::register_source`]); the context then
//! hands out location handles that are the buffer's byte offsets in a reserved range of
//! [`Attr`] indices (the top bit set). [`crate::Context::attr_kind`] turns such a handle into
//! its `FileLineCol` location when someone looks at it, and [`crate::Context::attr`] maps a
//! `FileLineCol` location of a registered file back to the offset handle, so that every
//! location still has exactly one handle and `==` keeps meaning "same location".

use crate::Ident;
use crate::attrs::Attr;
use rustc_hash::FxHashSet;
use std::sync::Mutex;

/// The top bit of an [`Attr`] index marks an offset location.
pub(crate) const OFFSET_BIT: u32 = 1 << 31;

/// A source buffer registered for offset locations.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct SourceId(u32);

/// One registered buffer: its file name, where its offsets start in the handle space, and
/// where its lines start.
struct Registered {
    file: Ident,
    base: u32,
    /// Byte offset of each line's first byte; the first is 0.
    line_starts: Vec<u32>,
    /// The buffer's length: offsets run from 0 to `len` inclusive (end of input).
    len: u32,
}

impl Registered {
    /// 1-based line and column of an offset.
    fn line_col(&self, offset: u32) -> (u32, u32) {
        let line = self.line_starts.partition_point(|&s| s <= offset).max(1);
        (line as u32, offset - self.line_starts[line - 1] + 1)
    }

    /// The offset of a 1-based line and column, when that position exists in the buffer
    /// (a column may point just past the line's last character, at its newline or the end).
    fn offset_of(&self, line: u32, col: u32) -> Option<u32> {
        let start = *self.line_starts.get((line as usize).checked_sub(1)?)?;
        let last = self.line_starts.get(line as usize).map_or(self.len, |next| next - 1);
        let offset = start.checked_add(col.checked_sub(1)?)?;
        (offset <= last).then_some(offset)
    }
}

/// The registered buffers of a context.
#[derive(Default)]
pub(crate) struct SourceLocs {
    /// Registered buffers in order of `base`; only appended to.
    sources: boxcar::Vec<Registered>,
    /// Serializes registration (base allocation and the one-buffer-per-file rule) and holds
    /// the files that have interned `FileLineCol` locations: those cannot be registered any
    /// more, or one location could get two handles.
    interned_files: Mutex<FxHashSet<Ident>>,
}

impl SourceLocs {
    /// Registers `text` as the contents of `file`. `None` when offsets of this buffer cannot
    /// be represented (the handle space is used up) or `file` already has a buffer; the caller
    /// then interns its locations as usual.
    pub(crate) fn register(&self, file: Ident, text: &str) -> Option<SourceId> {
        let interned = self.interned_files.lock().unwrap_or_else(|e| e.into_inner());
        let count = self.sources.count();
        if interned.contains(&file) || (0..count).any(|i| self.sources[i].file == file) {
            return None;
        }
        let base = if count == 0 { 0 } else { self.sources[count - 1].base + self.sources[count - 1].len + 1 };
        let len = u32::try_from(text.len()).ok()?;
        // Offsets 0..=len take len + 1 handles below OFFSET_BIT.
        if u64::from(base) + u64::from(len) >= u64::from(OFFSET_BIT) {
            return None;
        }
        let line_starts = line_starts(text.as_bytes());
        let id = self.sources.push(Registered { file, base, line_starts, len });
        Some(SourceId(id as u32))
    }

    /// The handle of byte offset `offset` of a registered buffer (clamped to its end).
    pub(crate) fn loc(&self, source: SourceId, offset: usize) -> Attr {
        let s = &self.sources[source.0 as usize];
        let offset = u32::try_from(offset).unwrap_or(u32::MAX).min(s.len);
        Attr(OFFSET_BIT | (s.base + offset))
    }

    /// 1-based line and column of byte offset `offset` of a registered buffer.
    pub(crate) fn line_col(&self, source: SourceId, offset: usize) -> (u32, u32) {
        let s = &self.sources[source.0 as usize];
        s.line_col(u32::try_from(offset).unwrap_or(u32::MAX).min(s.len))
    }

    /// File, line and column of an offset handle.
    pub(crate) fn resolve(&self, handle: u32) -> (Ident, u32, u32) {
        let pos = handle & !OFFSET_BIT;
        let count = self.sources.count();
        // The last buffer starting at or before `pos` holds it.
        let (mut lo, mut hi) = (0, count);
        while hi - lo > 1 {
            let mid = (lo + hi) / 2;
            if self.sources[mid].base <= pos {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        let s = &self.sources[lo];
        let (line, col) = s.line_col(pos - s.base);
        (s.file, line, col)
    }

    /// The offset handle of `file:line:col`, when `file` is registered and holds that position.
    /// Otherwise the location is about to be interned: `file` is remembered as unregistrable.
    pub(crate) fn find_or_note(&self, file: Ident, line: u32, col: u32) -> Option<Attr> {
        let count = self.sources.count();
        if let Some(s) = (0..count).map(|i| &self.sources[i]).find(|s| s.file == file) {
            if let Some(offset) = s.offset_of(line, col) {
                return Some(Attr(OFFSET_BIT | (s.base + offset)));
            }
        }
        self.interned_files.lock().unwrap_or_else(|e| e.into_inner()).insert(file);
        None
    }
}

/// The offset of each line's first byte in `bytes` (at most `u32::MAX` long): 0, then the
/// offset just after each `\n`.
///
/// Room for a line per 16 bytes is reserved up front; pages of it no line reaches are never
/// touched.
fn line_starts(bytes: &[u8]) -> Vec<u32> {
    let mut starts = Vec::with_capacity(bytes.len() / 16 + 2);
    starts.push(0u32);
    #[cfg(target_arch = "x86_64")]
    // SAFETY: SSE2 is part of the x86-64 baseline.
    let at = unsafe { line_starts_sse2(bytes, &mut starts) };
    #[cfg(not(target_arch = "x86_64"))]
    let at = 0;
    starts.extend(memchr::memchr_iter(b'\n', &bytes[at..]).map(|i| (at + i + 1) as u32));
    starts
}

/// Pushes the line starts of `bytes` 64 bytes at a time; returns how many bytes it covered
/// (the rest, less than 64, is left to the caller). Source lines are short, and a search that
/// restarts after each match (`memchr_iter`) spends most of its time restarting: on a 10 MB
/// file of 200,000 lines, 16 M instructions against 6.6 M here.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "sse2")]
fn line_starts_sse2(bytes: &[u8], starts: &mut Vec<u32>) -> usize {
    use std::arch::x86_64::{__m128i, _mm_cmpeq_epi8, _mm_loadu_si128, _mm_movemask_epi8, _mm_set1_epi8};
    let newline = _mm_set1_epi8(b'\n' as i8);
    let mut at = 0;
    for block in bytes.chunks_exact(64) {
        let mut hits = 0u64;
        for (i, chunk) in block.chunks_exact(16).enumerate() {
            // SAFETY: `chunk` is 16 readable bytes; the load has no alignment requirement.
            let v = unsafe { _mm_loadu_si128(chunk.as_ptr().cast::<__m128i>()) };
            hits |= u64::from(_mm_movemask_epi8(_mm_cmpeq_epi8(v, newline)) as u16) << (16 * i);
        }
        while hits != 0 {
            starts.push((at + hits.trailing_zeros() as usize + 1) as u32);
            hits &= hits - 1;
        }
        at += 64;
    }
    at
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{AttrKind, Context, Location};

    #[test]
    fn line_starts_follow_every_newline() {
        for text in ["", "\n", "a", "ab\n\ncd", "0123456\n", "01234567\n\n", "\u{b}\n\n\u{b}x\n", "é\n\u{10a}\n"] {
            let mut want = vec![0u32];
            want.extend(text.bytes().enumerate().filter(|(_, b)| *b == b'\n').map(|(i, _)| i as u32 + 1));
            assert_eq!(line_starts(text.as_bytes()), want, "{text:?}");
        }
        let long: String = (0..700).map(|i| if i % 7 == 3 || i % 11 == 0 { '\n' } else { (b'a' + (i % 26) as u8) as char }).collect();
        let want: Vec<u32> = std::iter::once(0).chain(long.bytes().enumerate().filter(|(_, b)| *b == b'\n').map(|(i, _)| i as u32 + 1)).collect();
        assert_eq!(line_starts(long.as_bytes()), want);
    }

    #[test]
    fn offsets_and_line_columns_map_one_to_one() {
        let ctx = Context::new();
        let file = ctx.ident("f.mlir");
        let text = "ab\n\ncd";
        let src = ctx.register_source(file, text).expect("registered");
        let mut seen = Vec::new();
        for off in 0..=text.len() {
            let a = ctx.source_loc(src, off);
            let AttrKind::Location(Location::FileLineCol { file: f, line, col, end: None }) = ctx.attr_kind(a).clone() else {
                panic!("not a file location")
            };
            assert_eq!(f, file);
            seen.push((line, col));
            // Interning the same location gives back the offset handle.
            assert_eq!(ctx.attr(AttrKind::Location(Location::FileLineCol { file, line, col, end: None })), a);
        }
        assert_eq!(seen, vec![(1, 1), (1, 2), (1, 3), (2, 1), (3, 1), (3, 2), (3, 3)]);
        // Positions the buffer does not have are interned as usual.
        let far = ctx.attr(AttrKind::Location(Location::FileLineCol { file, line: 1, col: 9, end: None }));
        assert_eq!(far.index() & OFFSET_BIT, 0);
        // One buffer per file name.
        assert!(ctx.register_source(file, "x").is_none());
        // A file with interned locations is not registered.
        let other = ctx.ident("g.mlir");
        ctx.attr(AttrKind::Location(Location::FileLineCol { file: other, line: 1, col: 1, end: None }));
        assert!(ctx.register_source(other, text).is_none());
    }
}
