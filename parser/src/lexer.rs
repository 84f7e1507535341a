//! The MLIR lexer: tokens of the textual format, lexed on demand from any byte offset.
//!
//! Lexing from an arbitrary offset lets the parser hand sub-grammars (affine maps, dimension
//! lists like `4x?xf32`) to dedicated scanners and continue right after them.

use logos::Logos;

/// A token kind.
#[derive(Logos, Copy, Clone, Debug, PartialEq, Eq)]
#[logos(skip r"[ \t\r\n\f]+")]
#[logos(skip(r"//[^\n]*", allow_greedy = true))]
pub enum Tok {
    /// `foo`, `func.func`, `x4xf32`
    #[regex(r"[a-zA-Z_][a-zA-Z0-9_$.]*")]
    BareIdent,
    /// `@name` or `@"name"`
    #[regex(r"@[a-zA-Z_][a-zA-Z0-9_$.]*")]
    #[regex(r#"@"([^"\\\n]|\\[^\n])*""#)]
    AtIdent,
    /// `%name`, `%0`
    #[regex(r"%[a-zA-Z0-9_$.\-]+")]
    PercentIdent,
    /// `^bb0`
    #[regex(r"\^[a-zA-Z0-9_$.\-]+")]
    CaretIdent,
    /// `#map`, `#dialect.attr`, `#3`
    #[regex(r"#[a-zA-Z0-9_$.\-]+")]
    HashIdent,
    /// `!type`, `!dialect.type`
    #[regex(r"![a-zA-Z0-9_$.\-]+")]
    BangIdent,
    /// `42`, `0x2A`
    #[regex(r"[0-9]+")]
    #[regex(r"0x[0-9a-fA-F]+")]
    Integer,
    /// `1.5`, `1.`, `2.5e-3`
    #[regex(r"[0-9]+\.[0-9]*([eE][-+]?[0-9]+)?")]
    Float,
    /// `"text"`
    #[regex(r#""([^"\\\n]|\\[^\n])*""#)]
    String,
    /// `{-#`
    #[token("{-#")]
    FileMetadataBegin,
    /// `#-}`
    #[token("#-}")]
    FileMetadataEnd,
    /// `->`
    #[token("->")]
    Arrow,
    /// `::`
    #[token("::")]
    ColonColon,
    /// `...`
    #[token("...")]
    Ellipsis,
    /// `(`
    #[token("(")]
    LParen,
    /// `)`
    #[token(")")]
    RParen,
    /// `[`
    #[token("[")]
    LSquare,
    /// `]`
    #[token("]")]
    RSquare,
    /// `{`
    #[token("{")]
    LBrace,
    /// `}`
    #[token("}")]
    RBrace,
    /// `<`
    #[token("<")]
    Less,
    /// `>`
    #[token(">")]
    Greater,
    /// `,`
    #[token(",")]
    Comma,
    /// `:`
    #[token(":")]
    Colon,
    /// `=`
    #[token("=")]
    Equal,
    /// `-`
    #[token("-")]
    Minus,
    /// `+`
    #[token("+")]
    Plus,
    /// `*`
    #[token("*")]
    Star,
    /// `?`
    #[token("?")]
    Question,
    /// `|`
    #[token("|")]
    Pipe,
    /// `/`
    #[token("/")]
    Slash,
    /// End of input.
    Eof,
    /// A character that starts no token.
    Error,
}

impl Tok {
    /// The punctuation text of a token kind, for "expected '...'" messages and `peek_punct`.
    pub fn punct(self) -> Option<&'static str> {
        Some(match self {
            Tok::Arrow => "->",
            Tok::ColonColon => "::",
            Tok::Ellipsis => "...",
            Tok::LParen => "(",
            Tok::RParen => ")",
            Tok::LSquare => "[",
            Tok::RSquare => "]",
            Tok::LBrace => "{",
            Tok::RBrace => "}",
            Tok::Less => "<",
            Tok::Greater => ">",
            Tok::Comma => ",",
            Tok::Colon => ":",
            Tok::Equal => "=",
            Tok::Minus => "-",
            Tok::Plus => "+",
            Tok::Star => "*",
            Tok::Question => "?",
            Tok::Pipe => "|",
            Tok::Slash => "/",
            Tok::FileMetadataBegin => "{-#",
            Tok::FileMetadataEnd => "#-}",
            _ => return None,
        })
    }

    /// Whether the token is the punctuation `p`. Compared byte by byte: punctuation is at most
    /// three bytes, and a `memcmp` call per test showed in profiles.
    #[inline]
    pub fn is_punct(self, p: &str) -> bool {
        self.punct().is_some_and(|t| t.len() == p.len() && t.bytes().zip(p.bytes()).all(|(a, b)| a == b))
    }
}

/// The blank characters the lexer skips between tokens (its `skip` pattern's class).
pub(crate) const BLANKS: [char; 5] = [' ', '\t', '\r', '\n', '\x0c'];

/// How many blank bytes ([`BLANKS`]) `s` starts with.
#[inline]
pub(crate) fn leading_blanks(s: &str) -> usize {
    s.bytes().take_while(|b| matches!(b, b' ' | b'\t' | b'\r' | b'\n' | 0x0c)).count()
}

/// A token: kind and byte span.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Token {
    /// Kind.
    pub kind: Tok,
    /// Start offset.
    pub start: usize,
    /// End offset (exclusive).
    pub end: usize,
}

/// A lexer moving through a buffer token by token (what the parser advances with), or
/// continuing at any offset.
pub struct Lexer<'a> {
    src: &'a str,
    inner: logos::Lexer<'a, Tok>,
}

impl<'a> Lexer<'a> {
    /// A lexer at the start of `src`.
    pub fn new(src: &'a str) -> Self {
        Lexer { src, inner: Tok::lexer(src) }
    }

    /// A lexer at byte offset `pos` of `src` (its next token is the first at or after `pos`;
    /// none when `pos` is not a character boundary).
    pub fn at(src: &'a str, pos: usize) -> Self {
        let mut inner = Tok::lexer(src);
        inner.bump(if src.is_char_boundary(pos) { pos } else { src.len() });
        Lexer { src, inner }
    }

    /// Continues at byte offset `pos`, as [`Lexer::at`].
    pub fn seek(&mut self, pos: usize) {
        *self = Lexer::at(self.src, pos);
    }

    /// The next token (skipping whitespace and comments).
    #[inline]
    pub fn next_token(&mut self) -> Token {
        match self.inner.next() {
            None => Token { kind: Tok::Eof, start: self.src.len(), end: self.src.len() },
            Some(Ok(kind)) => {
                let sp = self.inner.span();
                Token { kind, start: sp.start, end: sp.end }
            }
            Some(Err(())) => self.error_token(),
        }
    }

    /// The token for text that starts no token (at the lexer's current span), after which
    /// lexing goes on where the returned token ends.
    #[cold]
    fn error_token(&mut self) -> Token {
        let (src, sp) = (self.src, self.inner.span());
        let rest = &src[sp.start..];
        let t = if rest.starts_with('"') || rest.starts_with("@\"") {
            // An unterminated string (or quoted symbol name): MLIR reports it where the
            // line ends.
            let start = sp.start + rest.find('\n').unwrap_or(rest.len());
            Token { kind: Tok::Error, start, end: start }
        } else {
            let end = (sp.start + rest.chars().next().map_or(1, char::len_utf8)).min(src.len());
            Token { kind: Tok::Error, start: sp.start, end }
        };
        self.seek(t.end);
        t
    }
}

/// Lexes one token starting at or after `pos` (skipping whitespace and comments).
pub fn lex_at(src: &str, pos: usize) -> Token {
    Lexer::at(src, pos).next_token()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kinds(src: &str) -> Vec<Tok> {
        let mut out = Vec::new();
        let mut pos = 0;
        loop {
            let t = lex_at(src, pos);
            out.push(t.kind);
            if t.kind == Tok::Eof || t.kind == Tok::Error {
                return out;
            }
            pos = t.end;
        }
    }

    #[test]
    fn lexes_op_line() {
        assert_eq!(
            kinds("%0:2 = \"foo.bar\"(%a#1) : (i32) -> f32 // c\n^bb1 #map !t.x @s @\"q r\" 1.5e3 0x1F {-# #-}"),
            vec![
                Tok::PercentIdent,
                Tok::Colon,
                Tok::Integer,
                Tok::Equal,
                Tok::String,
                Tok::LParen,
                Tok::PercentIdent,
                Tok::HashIdent,
                Tok::RParen,
                Tok::Colon,
                Tok::LParen,
                Tok::BareIdent,
                Tok::RParen,
                Tok::Arrow,
                Tok::BareIdent,
                Tok::CaretIdent,
                Tok::HashIdent,
                Tok::BangIdent,
                Tok::AtIdent,
                Tok::AtIdent,
                Tok::Float,
                Tok::Integer,
                Tok::FileMetadataBegin,
                Tok::FileMetadataEnd,
                Tok::Eof
            ]
        );
    }

    #[test]
    fn a_moving_lexer_gives_the_tokens_of_lex_at() {
        let src = "%0 = \"a.b\"() : () -> i32 // c\n ` x \"open\n y é";
        let mut lx = Lexer::new(src);
        let mut pos = 0;
        loop {
            let (t, u) = (lx.next_token(), lex_at(src, pos));
            assert_eq!(t, u);
            if t.kind == Tok::Eof {
                break;
            }
            pos = t.end;
        }
        lx.seek(2);
        assert_eq!(lx.next_token().kind, Tok::Equal);
        lx.seek(src.len() - 1);
        assert_eq!(lx.next_token().kind, Tok::Eof, "not a character boundary");
    }

    #[test]
    fn leading_blanks_are_what_the_lexer_skips() {
        for src in [" \t\r\n\x0c(", "(", "  // c\n x", "\u{a0}x", ""] {
            let n = leading_blanks(src);
            assert_eq!(n, src.len() - src.trim_start_matches(BLANKS).len());
            let first = lex_at(src, 0);
            if !src[n..].starts_with("//") && first.kind != Tok::Error {
                assert_eq!(first.start, n, "{src:?}");
            }
        }
    }

    #[test]
    fn punctuation_is_matched_whole() {
        assert!(Tok::Arrow.is_punct("->"));
        assert!(!Tok::Arrow.is_punct("-"));
        assert!(!Tok::Minus.is_punct("->"));
        assert!(Tok::FileMetadataBegin.is_punct("{-#"));
        assert!(!Tok::LBrace.is_punct("{-#"));
        assert!(!Tok::BareIdent.is_punct("x"));
    }

    #[test]
    fn bad_character_is_an_error_token() {
        assert_eq!(kinds("foo ` bar"), vec![Tok::BareIdent, Tok::Error]);
        assert_eq!(kinds("\"unterminated"), vec![Tok::Error]);
    }
}
