//! Errors of `sip` parsing, each naming the byte offset where the signature
//! stops being valid.

use std::fmt;

/// A tag byte as shown in messages: `'S'` when printable ASCII, else `0xNN`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TagByte(pub u8);

impl fmt::Display for TagByte {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.0.is_ascii_graphic() {
            write!(f, "'{}'", self.0 as char)
        } else {
            write!(f, "byte {:#04x}", self.0)
        }
    }
}

/// What is wrong at [`SipError::offset`].
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SipErrorKind {
    /// A component starts with a byte that is neither `_`, `a`..`z` nor `A`..`Z`.
    #[error("invalid component tag {0}")]
    InvalidTag(TagByte),
    /// An integer component (`_`, `k`) has no digits.
    #[error("expected an integer after tag {0}")]
    MissingInteger(TagByte),
    /// An integer does not fit the range of raw indices and keys (0..2^32).
    #[error("integer after tag {0} is out of range")]
    IntegerOutOfRange(TagByte),
    /// A raw index or sequence key is negative.
    #[error("integer after tag {0} must not be negative")]
    NegativeInteger(TagByte),
    /// A span tag is not followed by a decimal length.
    #[error("expected a length after span tag {0}")]
    MissingLength(TagByte),
    /// A span length is written with a sign.
    #[error("span length after tag {0} must not be negative")]
    NegativeLength(TagByte),
    /// A span length of 0 (the length counts the `!`, so it is at least 1).
    #[error("span length after tag {0} is 0 but must count the '!'")]
    ZeroLength(TagByte),
    /// A span length too large to represent.
    #[error("span length after tag {0} is too large")]
    LengthTooLarge(TagByte),
    /// The span claims more bytes than its enclosing span has left.
    #[error("span after tag {tag} needs {needed} bytes but only {available} remain")]
    Truncated {
        /// The span's tag.
        tag: TagByte,
        /// Its length (including the `!`).
        needed: usize,
        /// Bytes left in the enclosing span after the length digits.
        available: usize,
    },
    /// The byte after a span length is not `!`.
    #[error("expected '!' after the span length")]
    MissingBang,
    /// A component with the wrong tag for its position.
    #[error("expected {expected}, found tag {found}")]
    UnexpectedTag {
        /// What the grammar allows here.
        expected: &'static str,
        /// The tag found.
        found: TagByte,
    },
    /// The enclosing span ends where the grammar needs more.
    #[error("expected {0}, found the end")]
    UnexpectedEnd(&'static str),
    /// More components follow a complete production.
    #[error("unexpected data after {0}")]
    TrailingData(&'static str),
    /// The same integer key twice in one sequence.
    #[error("duplicate sequence key {0}")]
    DuplicateIntegerKey(u32),
    /// The same string key twice in one dict.
    #[error("duplicate dict key {0:?}")]
    DuplicateStringKey(String),
    /// A dict key that is not UTF-8.
    #[error("dict key is not valid UTF-8")]
    InvalidUtf8Key,
    /// Sequences and dicts nested deeper than [`crate::sip::MAX_DEPTH`].
    #[error("structures nested deeper than {} levels", crate::sip::MAX_DEPTH)]
    TooDeep,
}

/// A malformed `sip` signature: what is wrong and at which byte.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("invalid sip signature at byte {offset}: {kind}")]
pub struct SipError {
    /// Byte offset into the whole signature.
    pub offset: usize,
    /// The problem.
    pub kind: SipErrorKind,
}

impl SipError {
    pub(crate) fn new(offset: usize, kind: SipErrorKind) -> SipError {
        SipError { offset, kind }
    }
}
