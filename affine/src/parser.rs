//! The parser for affine text, reproducing MLIR 22's `AffineParser`: maps
//! `(d0, d1)[s0] -> (exprs)`, integer sets `(d0)[s0] : (constraints)`, and expressions over SSA
//! values (`%i * 2 + symbol(%n)`) as affine ops write them. It builds expressions with the
//! simplifying constructors in the same order MLIR does, so results print as `mlir-opt`
//! prints them, and it fails with MLIR's messages at MLIR's locations (first error; lexer
//! errors included). Nesting of parentheses and negations, and the depth of the resulting
//! expression trees, are bounded so that no input can exhaust the stack.

use crate::error::{ParseError, wrong_token_offset};
use crate::expr::{AffineExpr, BinaryOp};
use crate::lexer::{Lexer, Token, TokenKind, integer_value};
use crate::map::{AffineMap, IntegerSet, MapOrSet};

/// Deepest nesting of parentheses and unary minuses the parser accepts.
pub const MAX_NESTING: u32 = 256;

/// Deepest expression tree the parser builds (a sum of `n` terms is `n` deep).
pub const MAX_EXPR_DEPTH: u32 = 1024;

/// An SSA value used in an affine expression of SSA ids, reported the first time its name
/// appears.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct SsaOperand<'a> {
    /// The name with its `%`, e.g. `%i`.
    pub name: &'a str,
    /// The result number after `#` (`%x#2`), 0 when absent.
    pub number: u32,
    /// Byte offset of the name in the buffer.
    pub offset: usize,
    /// True if it appeared as `symbol(%x)`, so it became a symbol rather than a dimension.
    pub is_symbol: bool,
    /// Its dimension or symbol position: operands of each kind are numbered in order of
    /// first appearance.
    pub position: u32,
}

/// The brackets around a list of affine expressions of SSA ids.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Delimiter {
    /// `( ... )`
    Paren,
    /// `[ ... ]`
    Square,
}

/// Parses affine text inside a larger buffer, so that error locations are computed with the
/// surrounding text as MLIR does (a "wrong token" error may point back before `start`).
/// Every method returns, with its result, the offset just past the last token it consumed.
#[derive(Clone, Copy, Debug)]
pub struct AffineParser<'a> {
    buffer: &'a str,
    start: usize,
}

impl<'a> AffineParser<'a> {
    /// A parser for the text of `buffer` from byte `start` on (optional whitespace first).
    pub fn new(buffer: &'a str, start: usize) -> Self {
        AffineParser { buffer, start }
    }

    /// Parses `(dims)[symbols] -> (results)` or `(dims)[symbols] : (constraints)`, stopping
    /// right after the closing `)` of the results or constraints.
    pub fn parse_map_or_set(&self) -> Result<(MapOrSet, usize), ParseError> {
        State::new(self.buffer, self.start, None)?.parse_map_or_set()
    }

    /// Parses an affine map; an integer set is an error, as for MLIR's `affine_map<...>`.
    pub fn parse_affine_map(&self) -> Result<(AffineMap, usize), ParseError> {
        match self.parse_map_or_set()? {
            (MapOrSet::Map(map), end) => Ok((map, end)),
            (MapOrSet::Set(_), end) => {
                Err(self.wrong_kind_error(end, "expected AffineMap, but got IntegerSet"))
            }
        }
    }

    /// Parses an integer set; an affine map is an error, as for MLIR's `affine_set<...>`.
    pub fn parse_integer_set(&self) -> Result<(IntegerSet, usize), ParseError> {
        match self.parse_map_or_set()? {
            (MapOrSet::Set(set), end) => Ok((set, end)),
            (MapOrSet::Map(_), end) => {
                Err(self.wrong_kind_error(end, "expected IntegerSet, but got AffineMap"))
            }
        }
    }

    /// The error for a map where a set was expected or the reverse. MLIR reports it at the
    /// first token, unless lexing the token after the text already failed.
    fn wrong_kind_error(&self, end: usize, message: &str) -> ParseError {
        if let Err(error) = Lexer::new(self.buffer, end).next_token() {
            return ParseError::new(error.offset, error.message);
        }
        let first = Lexer::new(self.buffer, self.start)
            .next_token()
            .map_or(self.start, |token| token.start);
        ParseError::new(first, message)
    }

    /// Parses a delimited, comma-separated list of affine expressions of SSA ids, as affine ops
    /// write their subscripts (`[%i + 1, symbol(%n)]`). Each distinct SSA name becomes a
    /// dimension, or a symbol when written `symbol(%x)` at its first use, and is reported to
    /// `on_operand` when first seen. The map has one dimension per reported dimension operand
    /// and one symbol per reported symbol operand.
    pub fn parse_map_of_ssa_ids(
        &self,
        delimiter: Delimiter,
        on_operand: &mut dyn FnMut(&SsaOperand<'a>),
    ) -> Result<(AffineMap, usize), ParseError> {
        State::new(self.buffer, self.start, Some(on_operand))?.parse_map_of_ssa_ids(delimiter)
    }

    /// Parses one affine expression of SSA ids (see [`AffineParser::parse_map_of_ssa_ids`]),
    /// stopping before the first token that cannot continue it.
    pub fn parse_expr_of_ssa_ids(
        &self,
        on_operand: &mut dyn FnMut(&SsaOperand<'a>),
    ) -> Result<(AffineExpr, usize), ParseError> {
        let mut state = State::new(self.buffer, self.start, Some(on_operand))?;
        let expr = state.parse_expr()?;
        Ok((expr, state.prev_end))
    }
}

/// A name an expression can refer to: a declared identifier, or an SSA value name (`%x`).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Name<'a> {
    Bare(&'a str),
    Ssa(&'a str),
}

/// The parser's state: the current token, the names in scope and the SSA operand counts.
struct State<'a, 'c> {
    buffer: &'a str,
    lexer: Lexer<'a>,
    cur: Token,
    prev_end: usize,
    lexer_failed: bool,
    names: Vec<(Name<'a>, AffineExpr)>,
    on_operand: Option<&'c mut dyn FnMut(&SsaOperand<'a>)>,
    num_dim_operands: u32,
    num_symbol_operands: u32,
    nesting: u32,
}

type PResult<T> = Result<T, ParseError>;

impl<'a, 'c> State<'a, 'c> {
    fn new(
        buffer: &'a str,
        start: usize,
        on_operand: Option<&'c mut dyn FnMut(&SsaOperand<'a>)>,
    ) -> PResult<Self> {
        let mut lexer = Lexer::new(buffer, start);
        let cur = lexer
            .next_token()
            .map_err(|error| ParseError::new(error.offset, error.message))?;
        Ok(State {
            buffer,
            lexer,
            cur,
            prev_end: start,
            lexer_failed: false,
            names: Vec::new(),
            on_operand,
            num_dim_operands: 0,
            num_symbol_operands: 0,
            nesting: 0,
        })
    }

    // ---- tokens and errors ----

    fn spelling(&self) -> &'a str {
        self.buffer.get(self.cur.start..self.cur.end).unwrap_or("")
    }

    /// Consumes the current token and lexes the next one.
    fn bump(&mut self) -> PResult<()> {
        self.prev_end = self.cur.end;
        match self.lexer.next_token() {
            Ok(token) => {
                self.cur = token;
                Ok(())
            }
            Err(error) => {
                self.lexer_failed = true;
                Err(ParseError::new(error.offset, error.message))
            }
        }
    }

    fn consume_if(&mut self, kind: TokenKind) -> PResult<bool> {
        if self.cur.kind != kind {
            return Ok(false);
        }
        self.bump()?;
        Ok(true)
    }

    /// Where MLIR reports an error "at the current token" (one byte back at the end).
    fn here(&self) -> usize {
        if self.cur.kind == TokenKind::Eof {
            self.cur.start.saturating_sub(1)
        } else {
            self.cur.start
        }
    }

    fn error_here(&self, message: impl Into<String>) -> ParseError {
        ParseError::new(self.here(), message)
    }

    /// An error about an unexpected current token, reported after the previous token.
    fn error_wrong_token(&self, message: impl Into<String>) -> ParseError {
        ParseError::new(
            wrong_token_offset(self.buffer.as_bytes(), self.here()),
            message,
        )
    }

    fn expect(&mut self, kind: TokenKind, message: &str) -> PResult<()> {
        if self.consume_if(kind)? {
            Ok(())
        } else {
            Err(self.error_wrong_token(message))
        }
    }

    /// Parses `open element (, element)* close` or `open close`; with `is_final` the closing
    /// token ends the parse and is consumed without lexing what follows it. Returns the offset
    /// past the closing token.
    fn parse_list(
        &mut self,
        (open, close): (TokenKind, TokenKind),
        context: &str,
        is_final: bool,
        mut element: impl FnMut(&mut Self) -> PResult<()>,
    ) -> PResult<usize> {
        let (open_text, close_text) = if open == TokenKind::LSquare {
            ("[", "]")
        } else {
            ("(", ")")
        };
        self.expect(open, &format!("expected '{open_text}'{context}"))?;
        if self.cur.kind != close {
            element(self)?;
            while self.consume_if(TokenKind::Comma)? {
                element(self)?;
            }
            if self.cur.kind != close {
                return Err(self.error_wrong_token(format!("expected '{close_text}'{context}")));
            }
        }
        if is_final {
            self.prev_end = self.cur.end;
        } else {
            self.bump()?;
        }
        Ok(self.prev_end)
    }

    /// Rejects trees deeper than [`MAX_EXPR_DEPTH`].
    fn bounded(&self, expr: AffineExpr) -> PResult<AffineExpr> {
        if expr.depth() > MAX_EXPR_DEPTH {
            return Err(self.error_here(format!(
                "affine expression is nested more than {MAX_EXPR_DEPTH} levels deep"
            )));
        }
        Ok(expr)
    }

    /// Enters one level of parentheses or negation.
    fn enter(&mut self) -> PResult<()> {
        if self.nesting >= MAX_NESTING {
            return Err(self.error_here(format!(
                "affine expression nests more than {MAX_NESTING} levels"
            )));
        }
        self.nesting += 1;
        Ok(())
    }

    // ---- maps and sets ----

    fn parse_map_or_set(mut self) -> PResult<(MapOrSet, usize)> {
        let mut num_dims = 0u32;
        self.parse_list(
            (TokenKind::LParen, TokenKind::RParen),
            " in dimensional identifier list",
            false,
            |p| {
                let dim = AffineExpr::Dim(num_dims);
                num_dims = num_dims.saturating_add(1);
                p.parse_identifier_definition(dim)
            },
        )?;
        let mut num_symbols = 0u32;
        if self.cur.kind == TokenKind::LSquare {
            self.parse_list(
                (TokenKind::LSquare, TokenKind::RSquare),
                " in symbol list",
                false,
                |p| {
                    let symbol = AffineExpr::Symbol(num_symbols);
                    num_symbols = num_symbols.saturating_add(1);
                    p.parse_identifier_definition(symbol)
                },
            )?;
        }
        if self.consume_if(TokenKind::Arrow)? {
            let mut results = Vec::new();
            let end = self.parse_list(
                (TokenKind::LParen, TokenKind::RParen),
                " in affine map range",
                true,
                |p| {
                    results.push(p.parse_expr()?);
                    Ok(())
                },
            )?;
            return Ok((
                MapOrSet::Map(AffineMap::new(num_dims, num_symbols, results)),
                end,
            ));
        }
        self.expect(TokenKind::Colon, "expected '->' or ':'")?;
        let mut constraints = Vec::new();
        let end = self.parse_list(
            (TokenKind::LParen, TokenKind::RParen),
            " in integer set constraint list",
            true,
            |p| {
                constraints.push(p.parse_constraint()?);
                Ok(())
            },
        )?;
        let set = if constraints.is_empty() {
            IntegerSet::universe(num_dims, num_symbols)
        } else {
            IntegerSet::new(num_dims, num_symbols, constraints)
        };
        Ok((MapOrSet::Set(set), end))
    }

    fn parse_map_of_ssa_ids(mut self, delimiter: Delimiter) -> PResult<(AffineMap, usize)> {
        let brackets = match delimiter {
            Delimiter::Paren => (TokenKind::LParen, TokenKind::RParen),
            Delimiter::Square => (TokenKind::LSquare, TokenKind::RSquare),
        };
        let mut results = Vec::new();
        let end = self.parse_list(brackets, " in affine map", true, |p| {
            results.push(p.parse_expr()?);
            Ok(())
        })?;
        Ok((
            AffineMap::new(self.num_dim_operands, self.num_symbol_operands, results),
            end,
        ))
    }

    /// Declares the identifier at the current token as `expr` (a dimension or a symbol).
    fn parse_identifier_definition(&mut self, expr: AffineExpr) -> PResult<()> {
        if !self.cur.kind.is_identifier() {
            return Err(self.error_wrong_token("expected bare identifier"));
        }
        let name = self.spelling();
        if self
            .names
            .iter()
            .any(|(declared, _)| *declared == Name::Bare(name))
        {
            return Err(self.error_here(format!("redefinition of identifier '{name}'")));
        }
        self.bump()?;
        self.names.push((Name::Bare(name), expr));
        Ok(())
    }

    /// Parses `lhs >= rhs`, `lhs <= rhs` or `lhs == rhs` into `(expr, is_equality)` meaning
    /// `expr >= 0` or `expr == 0`.
    fn parse_constraint(&mut self) -> PResult<(AffineExpr, bool)> {
        let lhs = self.parse_expr()?;
        // The token pairs are tried in this order, each consuming its first token if present.
        if self.consume_if(TokenKind::Greater)? && self.consume_if(TokenKind::Equal)? {
            let rhs = self.parse_expr()?;
            return Ok((self.bounded(AffineExpr::sub(lhs, rhs))?, false));
        }
        if self.consume_if(TokenKind::Less)? && self.consume_if(TokenKind::Equal)? {
            let rhs = self.parse_expr()?;
            return Ok((self.bounded(AffineExpr::sub(rhs, lhs))?, false));
        }
        if self.consume_if(TokenKind::Equal)? && self.consume_if(TokenKind::Equal)? {
            let rhs = self.parse_expr()?;
            return Ok((self.bounded(AffineExpr::sub(lhs, rhs))?, true));
        }
        Err(self.error_here(
            "expected '== affine-expr' or '>= affine-expr' at end of affine constraint",
        ))
    }

    // ---- expressions ----

    fn consume_if_low_op(&mut self) -> PResult<Option<bool>> {
        let is_sub = match self.cur.kind {
            TokenKind::Plus => false,
            TokenKind::Minus => true,
            _ => return Ok(None),
        };
        self.bump()?;
        Ok(Some(is_sub))
    }

    fn consume_if_high_op(&mut self) -> PResult<Option<BinaryOp>> {
        let op = match self.cur.kind {
            TokenKind::Star => BinaryOp::Mul,
            TokenKind::KwFloorDiv => BinaryOp::FloorDiv,
            TokenKind::KwCeilDiv => BinaryOp::CeilDiv,
            TokenKind::KwMod => BinaryOp::Mod,
            _ => return Ok(None),
        };
        self.bump()?;
        Ok(Some(op))
    }

    /// `acc + term` or `acc - term` (or `term` alone), depth-checked.
    fn combine_low(
        &self,
        acc: Option<(AffineExpr, bool)>,
        term: AffineExpr,
    ) -> PResult<AffineExpr> {
        match acc {
            None => Ok(term),
            Some((lhs, false)) => self.bounded(AffineExpr::add(lhs, term)),
            Some((lhs, true)) => self.bounded(AffineExpr::sub(lhs, term)),
        }
    }

    /// `lhs op rhs` for a tightly binding operator, rejecting non-affine forms with the error
    /// reported at `op_offset`.
    fn combine_high(
        &self,
        op: BinaryOp,
        lhs: AffineExpr,
        rhs: AffineExpr,
        op_offset: usize,
    ) -> PResult<AffineExpr> {
        let message = match op {
            BinaryOp::Mul if !lhs.is_symbolic_or_constant() && !rhs.is_symbolic_or_constant() => {
                "non-affine expression: at least one of the multiply operands has to be either a constant or symbolic"
            }
            BinaryOp::FloorDiv if !rhs.is_symbolic_or_constant() => {
                "non-affine expression: right operand of floordiv has to be either a constant or symbolic"
            }
            BinaryOp::CeilDiv if !rhs.is_symbolic_or_constant() => {
                "non-affine expression: right operand of ceildiv has to be either a constant or symbolic"
            }
            BinaryOp::Mod if !rhs.is_symbolic_or_constant() => {
                "non-affine expression: right operand of mod has to be either a constant or symbolic"
            }
            _ => return self.bounded(AffineExpr::binary(op, lhs, rhs)),
        };
        Err(ParseError::new(op_offset, message))
    }

    /// Parses a full expression: terms joined by `+`/`-`, each a chain of `*`, `floordiv`,
    /// `ceildiv`, `mod` (all left-associative).
    fn parse_expr(&mut self) -> PResult<AffineExpr> {
        let mut acc: Option<(AffineExpr, bool)> = None;
        loop {
            let operand = self.parse_operand(acc.is_some())?;
            if let Some(is_sub) = self.consume_if_low_op()? {
                acc = Some((self.combine_low(acc, operand)?, is_sub));
                continue;
            }
            let op_offset = self.cur.start;
            let Some(op) = self.consume_if_high_op()? else {
                return self.combine_low(acc, operand);
            };
            let product = self.parse_high_chain(operand, op, op_offset)?;
            let expr = self.combine_low(acc, product)?;
            match self.consume_if_low_op()? {
                Some(is_sub) => acc = Some((expr, is_sub)),
                None => return Ok(expr),
            }
        }
    }

    /// Parses the rest of `lhs op operand (op operand)*` after `op`. As in MLIR, a non-affine
    /// combination is reported at the operator that follows it, or at its own operator when
    /// it is the last of the chain.
    fn parse_high_chain(
        &mut self,
        mut lhs: AffineExpr,
        mut op: BinaryOp,
        mut op_offset: usize,
    ) -> PResult<AffineExpr> {
        loop {
            let rhs = self.parse_operand(true)?;
            let next_offset = self.cur.start;
            match self.consume_if_high_op()? {
                Some(next) => {
                    lhs = self.combine_high(op, lhs, rhs, next_offset)?;
                    op = next;
                    op_offset = next_offset;
                }
                None => return self.combine_high(op, lhs, rhs, op_offset),
            }
        }
    }

    /// Parses an operand: a name, an integer, `(expr)`, `-operand`, or an SSA id.
    /// `has_lhs` tells whether it is the right operand of an operator (for error wording).
    fn parse_operand(&mut self, has_lhs: bool) -> PResult<AffineExpr> {
        const MISSING_RIGHT: &str = "missing right operand of binary operator";
        match self.cur.kind {
            TokenKind::KwSymbol => self.parse_symbol_ssa_id(),
            TokenKind::PercentIdentifier => self.parse_ssa_id(false),
            TokenKind::Integer => self.parse_integer(),
            TokenKind::LParen => self.parse_parenthetical(),
            TokenKind::Minus => self.parse_negation(has_lhs),
            TokenKind::Plus | TokenKind::Star => Err(self.error_here(if has_lhs {
                MISSING_RIGHT
            } else {
                "missing left operand of binary operator"
            })),
            kind if kind.is_identifier() => self.parse_bare_id(),
            _ => Err(self.error_here(if has_lhs {
                MISSING_RIGHT
            } else {
                "expected affine expression"
            })),
        }
    }

    fn parse_integer(&mut self) -> PResult<AffineExpr> {
        let value = integer_value(self.spelling()).and_then(|value| i64::try_from(value).ok());
        let Some(value) = value else {
            return Err(self.error_here("constant too large for index"));
        };
        self.bump()?;
        Ok(AffineExpr::Constant(value))
    }

    fn parse_parenthetical(&mut self) -> PResult<AffineExpr> {
        self.bump()?;
        if self.cur.kind == TokenKind::RParen {
            return Err(self.error_here("no expression inside parentheses"));
        }
        self.enter()?;
        let expr = self.parse_expr()?;
        self.expect(TokenKind::RParen, "expected ')'")?;
        self.nesting -= 1;
        Ok(expr)
    }

    /// `-operand`, built as MLIR does: `operand * -1`. A failing operand also reports
    /// "missing operand of negation" (unless the lexer failed, which silences MLIR's parser).
    fn parse_negation(&mut self, has_lhs: bool) -> PResult<AffineExpr> {
        self.bump()?;
        self.enter()?;
        match self.parse_operand(has_lhs) {
            Ok(operand) => {
                self.nesting -= 1;
                self.bounded(AffineExpr::neg(operand))
            }
            Err(mut error) => {
                if !self.lexer_failed {
                    error
                        .also
                        .push((self.here(), "missing operand of negation".to_string()));
                }
                Err(error)
            }
        }
    }

    fn parse_bare_id(&mut self) -> PResult<AffineExpr> {
        let name = Name::Bare(self.spelling());
        let Some(expr) = self
            .names
            .iter()
            .find(|(declared, _)| *declared == name)
            .map(|(_, expr)| expr.clone())
        else {
            return Err(self.error_wrong_token("use of undeclared identifier"));
        };
        self.bump()?;
        Ok(expr)
    }

    /// `symbol(%x)`
    fn parse_symbol_ssa_id(&mut self) -> PResult<AffineExpr> {
        self.bump()?;
        self.expect(TokenKind::LParen, "expected '(' at start of SSA symbol")?;
        let expr = self.parse_ssa_id(true)?;
        self.expect(TokenKind::RParen, "expected ')' at end of SSA symbol")?;
        Ok(expr)
    }

    /// `%x` or `%x#N`: the dimension or symbol already bound to the name `%x`, or a new one.
    /// As in MLIR 22, a name seen before is matched by its name alone and a `#N` after it is
    /// not consumed.
    fn parse_ssa_id(&mut self, is_symbol: bool) -> PResult<AffineExpr> {
        if self.on_operand.is_none() {
            return Err(self.error_wrong_token("unexpected ssa identifier"));
        }
        if self.cur.kind != TokenKind::PercentIdentifier {
            return Err(self.error_wrong_token("expected ssa identifier"));
        }
        let name = self.spelling();
        let key = Name::Ssa(name);
        if let Some(expr) = self
            .names
            .iter()
            .find(|(declared, _)| *declared == key)
            .map(|(_, expr)| expr.clone())
        {
            self.bump()?;
            return Ok(expr);
        }
        let offset = self.cur.start;
        self.bump()?;
        let mut number = 0;
        if self.cur.kind == TokenKind::HashIdentifier {
            let Some(value) = self
                .spelling()
                .get(1..)
                .and_then(|digits| digits.parse::<u32>().ok())
            else {
                return Err(self.error_here("invalid SSA value result number"));
            };
            number = value;
            self.bump()?;
        }
        let counter = if is_symbol {
            &mut self.num_symbol_operands
        } else {
            &mut self.num_dim_operands
        };
        let position = *counter;
        *counter = counter.saturating_add(1);
        let expr = if is_symbol {
            AffineExpr::Symbol(position)
        } else {
            AffineExpr::Dim(position)
        };
        if let Some(on_operand) = self.on_operand.as_mut() {
            on_operand(&SsaOperand {
                name,
                number,
                offset,
                is_symbol,
                position,
            });
        }
        self.names.push((key, expr.clone()));
        Ok(expr)
    }
}
