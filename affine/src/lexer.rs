//! The part of MLIR 22's lexer that affine text needs: it splits a buffer into the tokens the
//! affine parser distinguishes, lumps every other valid MLIR token into [`TokenKind::Other`],
//! skips whitespace and `//` comments, and reports MLIR's lexer errors (with MLIR's wording
//! and offsets) for text no MLIR token can start with.

/// The token classes the affine parser tells apart.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum TokenKind {
    Eof,
    LParen,
    RParen,
    LSquare,
    RSquare,
    Comma,
    Colon,
    Arrow,
    Plus,
    Minus,
    Star,
    Greater,
    Less,
    Equal,
    Integer,
    /// A bare identifier, an integer type (`i32`), or a keyword other than the four below.
    Identifier,
    KwSymbol,
    KwFloorDiv,
    KwCeilDiv,
    KwMod,
    /// `%name`
    PercentIdentifier,
    /// `#name` or `#123`
    HashIdentifier,
    /// Any other valid token: float literals, strings, `@sym`, `^bb`, `!type`, `...`, `?`, ...
    Other,
}

impl TokenKind {
    /// True for the tokens MLIR's affine parser accepts as identifiers: bare identifiers,
    /// integer types and every keyword.
    pub(crate) fn is_identifier(self) -> bool {
        matches!(
            self,
            TokenKind::Identifier
                | TokenKind::KwSymbol
                | TokenKind::KwFloorDiv
                | TokenKind::KwCeilDiv
                | TokenKind::KwMod
        )
    }
}

/// A token: its class and byte range in the buffer.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct Token {
    pub(crate) kind: TokenKind,
    pub(crate) start: usize,
    pub(crate) end: usize,
}

/// A lexer error: MLIR's message and the byte offset it reports.
#[derive(Clone, PartialEq, Eq, Debug)]
pub(crate) struct LexError {
    pub(crate) offset: usize,
    pub(crate) message: &'static str,
}

/// Lexes `buffer` on demand from a starting offset.
pub(crate) struct Lexer<'a> {
    buffer: &'a [u8],
    pos: usize,
}

/// Characters that may continue a bare identifier: `[a-zA-Z0-9_$.]`.
fn is_identifier_continue(c: u8) -> bool {
    c.is_ascii_alphanumeric() || matches!(c, b'_' | b'$' | b'.')
}

/// Characters that may appear in a prefixed identifier's name: `[a-zA-Z0-9$._-]`.
fn is_suffix_continue(c: u8) -> bool {
    c.is_ascii_alphanumeric() || matches!(c, b'$' | b'.' | b'_' | b'-')
}

impl<'a> Lexer<'a> {
    /// A lexer over `buffer` starting at byte `start`.
    pub(crate) fn new(buffer: &'a str, start: usize) -> Self {
        Lexer {
            buffer: buffer.as_bytes(),
            pos: start.min(buffer.len()),
        }
    }

    /// The byte at `index`, or NUL past the end (MLIR's buffers are NUL-terminated).
    fn byte(&self, index: usize) -> u8 {
        self.buffer.get(index).copied().unwrap_or(0)
    }

    fn token(&self, kind: TokenKind, start: usize) -> Result<Token, LexError> {
        Ok(Token {
            kind,
            start,
            end: self.pos,
        })
    }

    fn error(offset: usize, message: &'static str) -> Result<Token, LexError> {
        Err(LexError { offset, message })
    }

    /// Lexes the next token.
    pub(crate) fn next_token(&mut self) -> Result<Token, LexError> {
        loop {
            let start = self.pos;
            if start >= self.buffer.len() {
                return self.token(TokenKind::Eof, start);
            }
            let c = self.buffer[start];
            self.pos += 1;
            let kind = match c {
                b' ' | b'\t' | b'\n' | b'\r' | 0 => continue,
                b'/' if self.byte(self.pos) == b'/' => {
                    self.skip_comment();
                    continue;
                }
                b'/' | b'?' | b'|' | b'}' => TokenKind::Other,
                b'_' => return self.lex_identifier(start),
                c if c.is_ascii_alphabetic() => return self.lex_identifier(start),
                b':' => TokenKind::Colon,
                b',' => TokenKind::Comma,
                b'.' => return self.lex_ellipsis(start),
                b'(' => TokenKind::LParen,
                b')' => TokenKind::RParen,
                b'{' => {
                    if self.byte(self.pos) == b'-' && self.byte(self.pos + 1) == b'#' {
                        self.pos += 2;
                    }
                    TokenKind::Other
                }
                b'[' => TokenKind::LSquare,
                b']' => TokenKind::RSquare,
                b'<' => TokenKind::Less,
                b'>' => TokenKind::Greater,
                b'=' => TokenKind::Equal,
                b'+' => TokenKind::Plus,
                b'*' => TokenKind::Star,
                b'-' if self.byte(self.pos) == b'>' => {
                    self.pos += 1;
                    TokenKind::Arrow
                }
                b'-' => TokenKind::Minus,
                b'@' => return self.lex_at_identifier(start),
                b'#' if self.byte(self.pos) == b'-' && self.byte(self.pos + 1) == b'}' => {
                    self.pos += 2;
                    TokenKind::Other
                }
                b'#' | b'!' | b'^' | b'%' => return self.lex_prefixed_identifier(start),
                b'"' => return self.lex_string(start),
                b'0'..=b'9' => return self.lex_number(start),
                _ => return Self::error(start, "unexpected character"),
            };
            return self.token(kind, start);
        }
    }

    /// Skips a `//` comment up to and including the end of its line.
    fn skip_comment(&mut self) {
        self.pos += 1;
        while self.pos < self.buffer.len() {
            let c = self.buffer[self.pos];
            self.pos += 1;
            if c == b'\n' || c == b'\r' {
                return;
            }
        }
    }

    fn lex_identifier(&mut self, start: usize) -> Result<Token, LexError> {
        while is_identifier_continue(self.byte(self.pos)) {
            self.pos += 1;
        }
        let kind = match &self.buffer[start..self.pos] {
            b"symbol" => TokenKind::KwSymbol,
            b"floordiv" => TokenKind::KwFloorDiv,
            b"ceildiv" => TokenKind::KwCeilDiv,
            b"mod" => TokenKind::KwMod,
            _ => TokenKind::Identifier,
        };
        self.token(kind, start)
    }

    fn lex_ellipsis(&mut self, start: usize) -> Result<Token, LexError> {
        if self.byte(self.pos) != b'.' || self.byte(self.pos + 1) != b'.' {
            return Self::error(self.pos, "expected three consecutive dots for an ellipsis");
        }
        self.pos += 2;
        self.token(TokenKind::Other, start)
    }

    fn lex_at_identifier(&mut self, start: usize) -> Result<Token, LexError> {
        let c = self.byte(self.pos);
        self.pos += 1;
        if c == b'"' {
            self.lex_string(self.pos - 1)?;
            return self.token(TokenKind::Other, start);
        }
        if !c.is_ascii_alphabetic() && c != b'_' {
            return Self::error(
                self.pos - 1,
                "@ identifier expected to start with letter or '_'",
            );
        }
        while is_identifier_continue(self.byte(self.pos)) {
            self.pos += 1;
        }
        self.token(TokenKind::Other, start)
    }

    fn lex_prefixed_identifier(&mut self, start: usize) -> Result<Token, LexError> {
        let (kind, message) = match self.buffer[start] {
            b'#' => (TokenKind::HashIdentifier, "invalid attribute name"),
            b'%' => (TokenKind::PercentIdentifier, "invalid SSA name"),
            b'^' => (TokenKind::Other, "invalid block name"),
            _ => (TokenKind::Other, "invalid type identifier"),
        };
        let c = self.byte(self.pos);
        if c.is_ascii_digit() {
            while self.byte(self.pos).is_ascii_digit() {
                self.pos += 1;
            }
        } else if c.is_ascii_alphabetic() || matches!(c, b'$' | b'.' | b'_' | b'-') {
            while is_suffix_continue(self.byte(self.pos)) {
                self.pos += 1;
            }
        } else {
            return Self::error(self.pos - 1, message);
        }
        self.token(kind, start)
    }

    /// Lexes a string literal whose opening quote is at `start`.
    fn lex_string(&mut self, start: usize) -> Result<Token, LexError> {
        loop {
            if self.pos >= self.buffer.len() {
                return Self::error(self.pos, "expected '\"' in string literal");
            }
            let c = self.buffer[self.pos];
            self.pos += 1;
            match c {
                b'"' => return self.token(TokenKind::Other, start),
                b'\n' | 0x0b | 0x0c => {
                    return Self::error(self.pos - 1, "expected '\"' in string literal");
                }
                b'\\' => {
                    let next = self.byte(self.pos);
                    if matches!(next, b'"' | b'\\' | b'n' | b't') {
                        self.pos += 1;
                    } else if next.is_ascii_hexdigit()
                        && self.byte(self.pos + 1).is_ascii_hexdigit()
                    {
                        self.pos += 2;
                    } else {
                        return Self::error(self.pos - 1, "unknown escape in string literal");
                    }
                }
                _ => {}
            }
        }
    }

    fn lex_number(&mut self, start: usize) -> Result<Token, LexError> {
        if self.buffer[start] == b'0' && self.byte(self.pos) == b'x' {
            // `0xi32` is the integer `0` followed by the identifier `xi32`.
            if self.byte(self.pos + 1).is_ascii_hexdigit() {
                self.pos += 2;
                while self.byte(self.pos).is_ascii_hexdigit() {
                    self.pos += 1;
                }
            }
            return self.token(TokenKind::Integer, start);
        }
        while self.byte(self.pos).is_ascii_digit() {
            self.pos += 1;
        }
        if self.byte(self.pos) != b'.' {
            return self.token(TokenKind::Integer, start);
        }
        self.pos += 1;
        while self.byte(self.pos).is_ascii_digit() {
            self.pos += 1;
        }
        if matches!(self.byte(self.pos), b'e' | b'E') {
            let next = self.byte(self.pos + 1);
            if next.is_ascii_digit()
                || (matches!(next, b'-' | b'+') && self.byte(self.pos + 2).is_ascii_digit())
            {
                self.pos += 2;
                while self.byte(self.pos).is_ascii_digit() {
                    self.pos += 1;
                }
            }
        }
        self.token(TokenKind::Other, start)
    }
}

/// The value of an integer token (`123` or `0x1F`) if it fits in 64 unsigned bits.
pub(crate) fn integer_value(spelling: &str) -> Option<u64> {
    match spelling.strip_prefix("0x") {
        Some(hex) => u64::from_str_radix(hex, 16).ok(),
        None => spelling.parse().ok(),
    }
}
