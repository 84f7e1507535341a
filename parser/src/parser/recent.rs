//! Recently parsed texts and what they parsed to: a function type or an attribute dictionary
//! written again with the same text (`(i64, i64) -> i64` after every generic op, `{value = 0 :
//! index}` on every constant) is taken from here instead of being lexed and parsed again.
//! Parsing the same text gives the same result when the text is a whole grammar element that
//! depends on nothing but itself: callers keep out texts that depend on where they are
//! (`distinct` ids, location aliases, resources), and check that the token after a reused text
//! would not have extended it (`@a` before `::@b`, `"s"` before `: i32`, `!d.t` before `<1>`).

use super::{MAX_NESTING, PResult, Parser};
use crate::lexer::Tok;

/// The least text worth remembering: shorter texts cost less to parse than to compare.
const MIN_TEXT: usize = 4;

/// Up to `N` texts, each with its value and how deep its parse nested (so that a reuse still
/// respects the nesting limit). A text found moves one place to the front, so the texts used
/// most are compared first; a new text takes the last place (the last text makes room), so
/// that texts written once (a function's `sym_name`) replace one another there and do not push
/// out the ones written again and again.
pub(crate) struct Recent<'a, T, const N: usize> {
    items: Vec<Item<'a, T>>,
}

struct Item<'a, T> {
    text: &'a str,
    /// The first (up to) eight bytes of `text` as a little-endian number, to rule texts out
    /// without comparing them, and the mask of those bytes.
    head: u64,
    mask: u64,
    value: T,
    nesting: u32,
}

impl<T, const N: usize> Default for Recent<'_, T, N> {
    fn default() -> Self {
        Self { items: Vec::new() }
    }
}

/// Whether a byte may continue a token (so that a text ending there is not a whole element
/// of what follows).
fn continues_token(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b"_$.-".contains(&b)
}

/// The first (up to) eight bytes of `s`, zero-padded, as a little-endian number.
#[inline]
pub(crate) fn head(s: &[u8]) -> u64 {
    match s.first_chunk::<8>() {
        Some(h) => u64::from_le_bytes(*h),
        None => {
            let mut h = [0u8; 8];
            h[..s.len()].copy_from_slice(s);
            u64::from_le_bytes(h)
        }
    }
}

/// Whether `rest` starts with `text`, given that the first (up to) eight bytes of `text` are
/// those of `rest`: the bytes after them compared eight at a time (the last eight overlapping
/// the ones before), in place.
#[inline]
pub(crate) fn starts_with_after_head(rest: &[u8], text: &[u8]) -> bool {
    let n = text.len();
    if rest.len() < n {
        return false;
    }
    let word = |s: &[u8], i: usize| s[i..].first_chunk::<8>().map(|w| u64::from_le_bytes(*w));
    let mut i = 8;
    while i < n {
        let j = i.min(n - 8);
        if word(rest, j) != word(text, j) {
            return false;
        }
        i += 8;
    }
    true
}

/// The mask keeping the bytes of `head` that a text of `len` bytes has.
fn head_mask(len: usize) -> u64 {
    if len >= 8 { u64::MAX } else { (1u64 << (8 * len)) - 1 }
}

impl<'a, T: Clone, const N: usize> Recent<'a, T, N> {
    /// The value of a remembered text that `rest` starts with, followed by a token boundary,
    /// whose parse would nest at most `room` levels; with the text's length.
    pub(crate) fn find(&mut self, rest: &str, room: u32) -> Option<(usize, T)> {
        let rest_head = head(rest.as_bytes());
        let i = self.items.iter().position(|it| {
            rest_head & it.mask == it.head
                && starts_with_after_head(rest.as_bytes(), it.text.as_bytes())
                && !rest.as_bytes().get(it.text.len()).is_some_and(|&b| continues_token(b))
                && it.nesting <= room
        })?;
        let i = if i > 0 {
            self.items.swap(i - 1, i);
            i - 1
        } else {
            i
        };
        let it = &self.items[i];
        Some((it.text.len(), it.value.clone()))
    }

    /// Remembers `text` (trailing blanks dropped) as parsing to `value`, nesting `nesting`
    /// levels deep.
    pub(crate) fn insert(&mut self, text: &'a str, value: T, nesting: u32) {
        let text = text.trim_end_matches(crate::lexer::BLANKS);
        if text.len() < MIN_TEXT {
            return;
        }
        if self.items.len() == N {
            self.items.pop();
        }
        let mask = head_mask(text.len());
        let head = head(text.as_bytes()) & mask;
        self.items.push(Item { text, head, mask, value, nesting });
    }
}

impl<'a> Parser<'a> {
    /// The value `cache` remembers for a text at the current token, unless the token after it
    /// is one of `extends` (it would have made the text part of a longer element); the parser
    /// then goes on after the text.
    pub(crate) fn reuse<T: Clone, const N: usize>(&mut self, cache: fn(&mut Self) -> &mut Recent<'a, T, N>, extends: &[Tok]) -> Option<T> {
        self.reuse_at(self.tok.start, cache, extends)
    }

    /// [`Self::reuse`] for a text at byte `start`, the current token's start or the start of
    /// what follows it after blanks (so that a text after a punctuation mark is found without
    /// lexing its first token); when nothing is reused, the parser stays at the current token.
    pub(crate) fn reuse_at<T: Clone, const N: usize>(&mut self, start: usize, cache: fn(&mut Self) -> &mut Recent<'a, T, N>, extends: &[Tok]) -> Option<T> {
        let (here, src) = (self.tok, self.src);
        let room = MAX_NESTING.saturating_sub(self.depth);
        let (len, value) = cache(self).find(&src[start..], room)?;
        self.reset_to(start + len);
        if extends.contains(&self.tok.kind) {
            self.lexer.seek(here.end);
            self.tok = here;
            return None;
        }
        Some(value)
    }

    /// `parse` from the current token, with the text it read and how many levels deeper than
    /// here it nested (what [`Recent::insert`] wants).
    pub(crate) fn parse_measured<T>(&mut self, parse: impl FnOnce(&mut Self) -> PResult<T>) -> PResult<(T, &'a str, u32)> {
        let start = self.tok.start;
        let (depth, outer_peak) = (self.depth, self.depth_peak);
        self.depth_peak = self.depth;
        let r = parse(self);
        let nesting = self.depth_peak - depth;
        self.depth_peak = self.depth_peak.max(outer_peak);
        Ok((r?, &self.src[start..self.tok.start], nesting))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_whole_texts_only() {
        let mut r: Recent<'_, u32, 2> = Recent::default();
        r.insert("(i64) -> i64 ", 1, 2);
        assert_eq!(r.find("(i64) -> i64 loc(x)", 8), Some((12, 1)));
        assert_eq!(r.find("(i64) -> i64x", 8), None, "not at a token boundary");
        assert_eq!(r.find("(i64) -> i64", 1), None, "would nest too deep");
        assert_eq!(r.find("(i64) -> i32", 8), None, "same head, other bytes after it");
        assert_eq!(r.find("(i64) -> i6", 8), None, "shorter than the text");
        r.insert("(i64, i64, i64) -> i64", 5, 1);
        assert_eq!(r.find("(i64, i64, i64) -> i64 ", 8), Some((22, 5)), "the last eight overlapping");
        assert_eq!(r.find("(i64, i64, i64) -> i32", 8), None);
        assert_eq!(r.find("(i64, i64, i32) -> i64", 8), None);
        r.insert("{a = 1 : i32}", 2, 1);
        assert_eq!(r.find("(i64) -> i64 ", 8), None, "the last text (the other was used since) made room");
        assert_eq!(r.find("(i64, i64, i64) -> i64 ", 8), Some((22, 5)));
        assert_eq!(r.find("{a = 1 : i32}", 8), Some((13, 2)));
        r.insert("x", 4, 0);
        assert_eq!(r.find("x", 8), None, "short texts are not kept");
    }

    #[test]
    fn used_texts_move_forward_and_stay() {
        let mut r: Recent<'_, u32, 3> = Recent::default();
        r.insert("(i1)", 1, 1);
        r.insert("(i8) -> i8", 2, 1);
        r.insert("(i16)", 3, 1);
        assert_eq!(r.find("(i1) ", 8), Some((4, 1)), "a text shorter than eight bytes");
        assert_eq!(r.find("(i1)", 8), Some((4, 1)));
        r.insert("(i32)", 4, 1);
        assert_eq!(r.find("(i1)", 8), Some((4, 1)), "used: kept");
        assert_eq!(r.find("(i8) -> i8", 8), Some((10, 2)), "kept");
        assert_eq!(r.find("(i16)", 8), None, "the last text made room");
        r.insert("(i64)", 5, 1);
        assert_eq!(r.find("(i32)", 8), None, "texts used once replace one another");
        assert_eq!(r.find("(i1)", 8), Some((4, 1)));
        assert_eq!(r.find("(i1", 8), None);
    }
}
