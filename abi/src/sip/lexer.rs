//! Splits a `sip` signature (or one span of it) into components.
//!
//! Lexical rules, as in IREE's `SignatureBuilder`/`SignatureParser`
//! (`iree/compiler/Bindings/SIP/Utils/SignatureBuilder.h`):
//! an integer component is a tag `_` or `a`..`z` followed by `-?[0-9]+`; a
//! span component is a tag `A`..`Z`, a decimal length, `!`, then
//! `length - 1` content bytes (the length counts the `!`, so `Z1!` is an
//! empty span and `Z4abc` is an error).

use super::error::{SipError, SipErrorKind, TagByte};

/// What follows a component's tag.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Body {
    /// The integer of an integer component.
    Integer(i64),
    /// Absolute byte range of a span's content (after the `!`).
    Span { start: usize, end: usize },
}

/// One component with the absolute offset of its tag.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Component {
    pub tag: u8,
    pub offset: usize,
    pub body: Body,
}

/// Lexer over `bytes[pos..end]`; offsets stay absolute.
pub(crate) struct Lexer<'a> {
    bytes: &'a [u8],
    pos: usize,
    end: usize,
}

impl<'a> Lexer<'a> {
    /// Lexes `bytes[start..end]` (callers pass ranges within `bytes`).
    pub fn new(bytes: &'a [u8], start: usize, end: usize) -> Lexer<'a> {
        Lexer {
            bytes,
            pos: start,
            end,
        }
    }

    /// Offset of the next unread byte.
    pub fn pos(&self) -> usize {
        self.pos
    }

    /// Whether everything has been read.
    pub fn at_end(&self) -> bool {
        self.pos >= self.end
    }

    fn peek(&self, at: usize) -> Option<u8> {
        if at < self.end {
            self.bytes.get(at).copied()
        } else {
            None
        }
    }

    /// Reads the run of ASCII digits starting at `at`; returns its end.
    fn digits_end(&self, mut at: usize) -> usize {
        while self.peek(at).is_some_and(|b| b.is_ascii_digit()) {
            at += 1;
        }
        at
    }

    /// The next component, `None` at the end.
    pub fn next_component(&mut self) -> Result<Option<Component>, SipError> {
        let Some(tag) = self.peek(self.pos) else {
            return Ok(None);
        };
        let offset = self.pos;
        let component = match tag {
            b'_' | b'a'..=b'z' => self.integer(tag, offset)?,
            b'A'..=b'Z' => self.span(tag, offset)?,
            _ => {
                return Err(SipError::new(
                    offset,
                    SipErrorKind::InvalidTag(TagByte(tag)),
                ));
            }
        };
        Ok(Some(component))
    }

    fn integer(&mut self, tag: u8, offset: usize) -> Result<Component, SipError> {
        let negative = self.peek(offset + 1) == Some(b'-');
        let digits_start = offset + 1 + usize::from(negative);
        let digits_end = self.digits_end(digits_start);
        if digits_end == digits_start {
            return Err(SipError::new(
                offset,
                SipErrorKind::MissingInteger(TagByte(tag)),
            ));
        }
        let mut value: i64 = 0;
        for &b in &self.bytes[digits_start..digits_end] {
            let digit = i64::from(b - b'0');
            let next = value.checked_mul(10).and_then(|v| {
                if negative {
                    v.checked_sub(digit)
                } else {
                    v.checked_add(digit)
                }
            });
            value = next.ok_or(SipError::new(
                offset,
                SipErrorKind::IntegerOutOfRange(TagByte(tag)),
            ))?;
        }
        self.pos = digits_end;
        Ok(Component {
            tag,
            offset,
            body: Body::Integer(value),
        })
    }

    fn span(&mut self, tag: u8, offset: usize) -> Result<Component, SipError> {
        let t = TagByte(tag);
        if self.peek(offset + 1) == Some(b'-') {
            return Err(SipError::new(offset, SipErrorKind::NegativeLength(t)));
        }
        let digits_end = self.digits_end(offset + 1);
        if digits_end == offset + 1 {
            return Err(SipError::new(offset, SipErrorKind::MissingLength(t)));
        }
        let mut length: usize = 0;
        for &b in &self.bytes[offset + 1..digits_end] {
            length = length
                .checked_mul(10)
                .and_then(|v| v.checked_add(usize::from(b - b'0')))
                .ok_or(SipError::new(offset, SipErrorKind::LengthTooLarge(t)))?;
        }
        if length == 0 {
            return Err(SipError::new(offset, SipErrorKind::ZeroLength(t)));
        }
        let available = self.end - digits_end;
        if length > available {
            return Err(SipError::new(
                offset,
                SipErrorKind::Truncated {
                    tag: t,
                    needed: length,
                    available,
                },
            ));
        }
        if self.peek(digits_end) != Some(b'!') {
            return Err(SipError::new(digits_end, SipErrorKind::MissingBang));
        }
        self.pos = digits_end + length;
        Ok(Component {
            tag,
            offset,
            body: Body::Span {
                start: digits_end + 1,
                end: self.pos,
            },
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lex_all(s: &str) -> Result<Vec<(u8, Body)>, SipError> {
        let mut lexer = Lexer::new(s.as_bytes(), 0, s.len());
        let mut out = Vec::new();
        while let Some(c) = lexer.next_component()? {
            out.push((c.tag, c.body));
        }
        Ok(out)
    }

    // The component-level cases of IREE's SignatureTest.cpp.
    #[test]
    fn integers_with_any_lowercase_tag() {
        let got = lex_all("_5a1z10x-5991").expect("lexes");
        let want = vec![
            (b'_', Body::Integer(5)),
            (b'a', Body::Integer(1)),
            (b'z', Body::Integer(10)),
            (b'x', Body::Integer(-5991)),
        ];
        assert_eq!(got, want);
    }

    #[test]
    fn spans_including_escaped_contents() {
        let s = "A7!foobarZ17!FOOBAR_23_FOOBARA6!12345Z4!-23A6!!2345Z1!";
        let got = lex_all(s).expect("lexes");
        let texts: Vec<(char, &str)> = got
            .iter()
            .map(|(tag, body)| match *body {
                Body::Span { start, end } => (*tag as char, &s[start..end]),
                Body::Integer(_) => panic!("unexpected integer"),
            })
            .collect();
        assert_eq!(
            texts,
            vec![
                ('A', "foobar"),
                ('Z', "FOOBAR_23_FOOBAR"),
                ('A', "12345"),
                ('Z', "-23"),
                ('A', "!2345"),
                ('Z', ""),
            ]
        );
    }

    #[test]
    fn errors_name_offsets() {
        let cases: [(&str, usize, SipErrorKind); 8] = [
            ("\u{1}1 ", 0, SipErrorKind::InvalidTag(TagByte(1))),
            (
                "Z4abc",
                0,
                SipErrorKind::Truncated {
                    tag: TagByte(b'Z'),
                    needed: 4,
                    available: 3,
                },
            ),
            ("_+12", 0, SipErrorKind::MissingInteger(TagByte(b'_'))),
            ("Z-3abc", 0, SipErrorKind::NegativeLength(TagByte(b'Z'))),
            ("_1Z3abc", 4, SipErrorKind::MissingBang),
            ("_1Z0!", 2, SipErrorKind::ZeroLength(TagByte(b'Z'))),
            (
                "_99999999999999999999",
                0,
                SipErrorKind::IntegerOutOfRange(TagByte(b'_')),
            ),
            (
                "Z99999999999999999999999!",
                0,
                SipErrorKind::LengthTooLarge(TagByte(b'Z')),
            ),
        ];
        for (input, offset, kind) in cases {
            assert_eq!(
                lex_all(input),
                Err(SipError::new(offset, kind)),
                "input {input:?}"
            );
        }
    }

    #[test]
    fn sub_lexer_stops_at_its_end() {
        // Lexing only "_1" inside "_1_2" must not see "_2", and a span may not
        // extend past the sub-range.
        let bytes = b"_1_2";
        let mut lexer = Lexer::new(bytes, 0, 2);
        assert_eq!(
            lexer.next_component().expect("ok").map(|c| c.body),
            Some(Body::Integer(1))
        );
        assert!(lexer.next_component().expect("ok").is_none());
        let bytes = b"S3!_1";
        let mut lexer = Lexer::new(bytes, 0, 4);
        assert_eq!(
            lexer.next_component().map(|c| c.map(|c| c.body)),
            Err(SipError::new(
                0,
                SipErrorKind::Truncated {
                    tag: TagByte(b'S'),
                    needed: 3,
                    available: 2
                }
            ))
        );
    }
}
