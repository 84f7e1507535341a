//! Parsing of types: builtin types, dimension lists, type aliases and opaque dialect types.

use crate::lexer::{Tok, leading_blanks};
use crate::parser::{PResult, Parser};
use mica_ir::{AttrKind, DYNAMIC, FloatKind, Signedness, Type, TypeKind};
use smallvec::SmallVec;

/// How many function types [`Parser::parse_type`] remembers by their text.
pub(crate) const RECENT_FN_TYPES: usize = 8;

/// The widest integer type MLIR accepts.
pub const MAX_INT_WIDTH: u64 = 16_777_215;

impl Parser<'_> {
    /// Parses a type.
    pub fn parse_type(&mut self) -> PResult<Type> {
        // A type spelled by one short word met before (`i64`, `index`) is found by the word,
        // without the frame of the whole grammar; its level counts as `enter` counts it (which
        // could not fail here).
        if self.tok.kind == Tok::BareIdent && self.depth < crate::parser::MAX_NESTING {
            if let Some(&t) = self.token_word().and_then(|w| self.simple_types.get(&w)) {
                self.depth_peak = self.depth_peak.max(self.depth + 1);
                self.bump();
                return Ok(t);
            }
        }
        self.enter()?;
        let r = self.parse_type_inner();
        self.leave();
        r
    }

    fn parse_type_inner(&mut self) -> PResult<Type> {
        let ctx = self.ctx;
        match self.tok.kind {
            Tok::LParen => self.parse_function_type(),
            Tok::BangIdent => self.parse_bang_type(),
            Tok::BareIdent => {
                // A short word not met before (`parse_type` finds those met): remembered
                // below when it is a type.
                let word = self.token_word();
                let text = self.text();
                let at = self.tok.start;
                let simple = if let Some(t) = self.parse_int_type_name(text, at)? {
                    Some(t)
                } else if let Some(k) = FloatKind::from_mlir_name(text) {
                    Some(ctx.float_type(k))
                } else {
                    match text {
                        "index" => Some(ctx.index_type()),
                        "none" => Some(ctx.none_type()),
                        _ => None,
                    }
                };
                if let Some(t) = simple {
                    if let Some(w) = word {
                        self.simple_types.insert(w, t);
                    }
                    self.bump();
                    return Ok(t);
                }
                match text {
                    "complex" => {
                        self.bump();
                        self.expect(Tok::Less, "'<' in complex type")?;
                        let eat = self.tok.start;
                        let e = self.parse_type()?;
                        if !matches!(ctx.type_kind(e), TypeKind::Integer { .. } | TypeKind::Float(_)) {
                            return self.err(eat, "invalid element type for complex");
                        }
                        self.expect(Tok::Greater, "'>' in complex type")?;
                        Ok(ctx.ty(TypeKind::Complex(e)))
                    }
                    "tuple" => {
                        self.bump();
                        self.expect(Tok::Less, "'<' in tuple type")?;
                        let mut elems = Vec::new();
                        self.comma_list_msg(Tok::Greater, "expected '>' in tuple type", |p| {
                            elems.push(p.parse_type()?);
                            Ok(())
                        })?;
                        Ok(ctx.ty(TypeKind::Tuple(elems.into())))
                    }
                    "tensor" => self.parse_tensor_type(),
                    "memref" => self.parse_memref_type(),
                    "vector" => self.parse_vector_type(),
                    _ => self.err_here("expected non-function type"),
                }
            }
            Tok::Error => self.lex_error(),
            _ => self.err_here("expected non-function type"),
        }
    }

    /// Recognizes `iN`, `siN`, `uiN`.
    fn parse_int_type_name(&mut self, text: &str, at: usize) -> PResult<Option<Type>> {
        let (sign, digits) = if let Some(d) = text.strip_prefix("si") {
            (Signedness::Signed, d)
        } else if let Some(d) = text.strip_prefix("ui") {
            (Signedness::Unsigned, d)
        } else if let Some(d) = text.strip_prefix('i') {
            (Signedness::Signless, d)
        } else {
            return Ok(None);
        };
        if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return Ok(None);
        }
        let Ok(width) = digits.parse::<u32>() else {
            return self.err(at, "invalid integer width");
        };
        let width = width as u64;
        if width > MAX_INT_WIDTH {
            return self.err(at, format!("integer bitwidth is limited to {MAX_INT_WIDTH} bits"));
        }
        Ok(Some(self.ctx.ty(TypeKind::Integer { width: width as u32, signedness: sign })))
    }

    /// At a `:` followed (after blanks) by the text of a function type read recently: that
    /// type and where its text starts, the parser going on after it (the type's first token
    /// is not lexed). Otherwise the parser stays at the `:`.
    pub(crate) fn reuse_fn_type_after_colon(&mut self) -> Option<(usize, Type)> {
        if self.tok.kind != Tok::Colon {
            return None;
        }
        let at = self.tok.end + leading_blanks(&self.src[self.tok.end..]);
        let t = self.reuse_at(at, |p| &mut p.recent_fn_types, &[Tok::Less])?;
        Some((at, t))
    }

    fn parse_function_type(&mut self) -> PResult<Type> {
        // A text read before, unless what follows would have extended its last type (`!d.t`
        // and `!d.t<1>`).
        if let Some(t) = self.reuse(|p| &mut p.recent_fn_types, &[Tok::Less]) {
            return Ok(t);
        }
        let (t, text, nesting) = self.parse_measured(Self::parse_function_type_tokens)?;
        self.recent_fn_types.insert(text, t, nesting);
        Ok(t)
    }

    fn parse_function_type_tokens(&mut self) -> PResult<Type> {
        self.expect_punct(Tok::LParen)?;
        let mut inputs: SmallVec<[Type; 4]> = SmallVec::new();
        self.comma_list_msg(Tok::RParen, "expected ')'", |p| {
            inputs.push(p.parse_type()?);
            Ok(())
        })?;
        self.expect(Tok::Arrow, "'->' in function type")?;
        let results: SmallVec<[Type; 2]> = if self.eat(Tok::LParen) {
            let mut r = SmallVec::new();
            self.comma_list_msg(Tok::RParen, "expected ')'", |p| {
                r.push(p.parse_type()?);
                Ok(())
            })?;
            r
        } else {
            smallvec::smallvec![self.parse_type()?]
        };
        let key = (inputs, results);
        if let Some(&t) = self.function_types.get(&key) {
            return Ok(t);
        }
        let t = self.ctx.function_type(&key.0, &key.1);
        self.function_types.insert(key, t);
        Ok(t)
    }

    fn parse_bang_type(&mut self) -> PResult<Type> {
        let at = self.tok.start;
        let text = &self.text()[1..];
        let Some((dialect, _)) = text.split_once('.') else {
            // `!alias` or `!dialect<...>`.
            let name = text.to_string();
            let end = self.tok.end;
            if self.src.as_bytes().get(end) == Some(&b'<') {
                let body = self.scan_dialect_body(end)?;
                let d = self.ctx.ident(&name);
                let inner = &body[1..body.len() - 1];
                return Ok(self.ctx.ty(TypeKind::Opaque { dialect: d, body: inner.into() }));
            }
            self.bump();
            // MLIR reports an unknown alias at the end of its name.
            return match self.type_aliases.get(&name) {
                Some(t) => Ok(*t),
                None => self.err(end, format!("undefined symbol alias id '{name}'")),
            };
        };
        let dialect = dialect.to_string();
        let mut body = text[dialect.len() + 1..].to_string();
        let end = self.tok.end;
        if self.src.as_bytes().get(end) == Some(&b'<') {
            let rest = self.scan_dialect_body(end)?;
            body.push_str(&rest);
        } else {
            self.bump();
        }
        if dialect == "builtin" {
            return self.err(at, format!("builtin type '{body}' cannot be written in dialect form"));
        }
        let d = self.ctx.ident(&dialect);
        Ok(self.ctx.ty(TypeKind::Opaque { dialect: d, body: body.into() }))
    }

    /// Scans a balanced `<...>` starting at byte `start` (which holds `<`), returns its text and
    /// continues lexing after it (`->` does not close anything).
    pub(crate) fn scan_dialect_body(&mut self, start: usize) -> PResult<String> {
        let bytes = self.src.as_bytes();
        let mut stack: Vec<u8> = Vec::new();
        let mut i = start;
        while i < bytes.len() {
            let c = bytes[i];
            match c {
                b'"' => {
                    i += 1;
                    while i < bytes.len() && bytes[i] != b'"' {
                        if bytes[i] == b'\\' {
                            i += 1;
                        }
                        if i < bytes.len() && bytes[i] == b'\n' {
                            return self.err(i, "expected '\"' in string literal");
                        }
                        i += 1;
                    }
                }
                b'<' | b'(' | b'[' | b'{' => {
                    if stack.len() >= crate::parser::MAX_NESTING as usize {
                        return self.err(i, "nesting too deep in dialect body");
                    }
                    stack.push(c);
                }
                b'>' if i > start && bytes[i - 1] == b'-' => {}
                b'>' | b')' | b']' | b'}' => {
                    let open = match c {
                        b'>' => b'<',
                        b')' => b'(',
                        b']' => b'[',
                        _ => b'{',
                    };
                    if let Some(&top) = stack.last().filter(|&&t| t != open) {
                        return self.unbalanced(start, top);
                    }
                    stack.pop();
                    if stack.is_empty() {
                        let body = self.src[start..=i].to_string();
                        self.reset_to(i + 1);
                        return Ok(body);
                    }
                }
                _ => {}
            }
            i += 1;
        }
        self.unbalanced(start, stack.last().copied().unwrap_or(b'<'))
    }

    /// MLIR's complaint about a dialect body: at its `<`, naming the innermost bracket still
    /// open when a wrong closing one (or the end) came.
    fn unbalanced<T>(&mut self, start: usize, open: u8) -> PResult<T> {
        self.err(start, format!("unbalanced '{}' character in pretty dialect name", open as char))
    }

    /// Parses `d0xd1x...x` (static, `?` when `allow_dynamic`, `[n]` when `allow_scalable`),
    /// stopping at the element type. Returns the dims and their scalable flags.
    fn parse_dimension_list(&mut self, allow_dynamic: bool, allow_scalable: bool) -> PResult<(Vec<i64>, Vec<bool>)> {
        let mut dims = Vec::new();
        let mut scalable = Vec::new();
        loop {
            let mut is_scalable = false;
            if allow_scalable && self.is(Tok::LSquare) {
                self.bump();
                is_scalable = true;
            }
            match self.tok.kind {
                Tok::Question if allow_dynamic && !is_scalable => {
                    dims.push(DYNAMIC);
                    self.bump();
                }
                // In a vector type, `?` is where the element type should be, or (scalable) an
                // invalid dimension.
                Tok::Question if !is_scalable => return Ok((dims, scalable)),
                Tok::Integer => {
                    let text = self.text();
                    if text.len() > 1 && text.as_bytes()[1] == b'x' {
                        // `0x...` here is `0` followed by `x`.
                        dims.push(0);
                        let p = self.tok.start + 1;
                        self.reset_to(p);
                    } else {
                        match text.parse::<i64>() {
                            Ok(v) => dims.push(v),
                            Err(_) => return self.err_here("invalid dimension"),
                        }
                        self.bump();
                    }
                }
                _ if is_scalable => return self.err(self.tok.start, "invalid dimension"),
                _ => return Ok((dims, scalable)),
            }
            if is_scalable && !self.eat(Tok::RSquare) {
                return self.err_here("missing ']' closing scalable dimension");
            }
            scalable.push(is_scalable);
            // The `x` separator.
            if !(self.is(Tok::BareIdent) && self.text().starts_with('x')) {
                return self.err_here("expected 'x' in dimension list");
            }
            let p = self.tok.start + 1;
            self.reset_to(p);
        }
    }

    fn parse_tensor_type(&mut self) -> PResult<Type> {
        self.bump();
        self.expect(Tok::Less, "'<' in tensor type")?;
        let ctx = self.ctx;
        if self.is(Tok::Star) {
            self.bump();
            if !(self.is(Tok::BareIdent) && self.text().starts_with('x')) {
                return self.err_here("expected 'x' in dimension list");
            }
            let p = self.tok.start + 1;
            self.reset_to(p);
            let elem = self.parse_element_type("tensor")?;
            if self.is(Tok::Comma) {
                return self.err_here("cannot apply encoding to unranked tensor");
            }
            self.expect(Tok::Greater, "'>' in tensor type")?;
            return Ok(ctx.ty(TypeKind::UnrankedTensor { elem }));
        }
        let (dims, _) = self.parse_dimension_list(true, false)?;
        let elem = self.parse_element_type("tensor")?;
        let mut encoding = None;
        if self.eat(Tok::Comma) {
            // The encoding is optional even after the comma (MLIR's `parseOptionalAttribute`).
            if !self.is(Tok::Greater) {
                encoding = Some(self.parse_attribute()?);
            }
        }
        self.expect(Tok::Greater, "'>' in tensor type")?;
        for d in &dims {
            if *d < 0 && *d != DYNAMIC {
                return self.err_here("invalid tensor dimension size");
            }
        }
        Ok(ctx.ty(TypeKind::RankedTensor { shape: dims.into(), elem, encoding }))
    }

    fn parse_element_type(&mut self, what: &str) -> PResult<Type> {
        let at = self.tok.start;
        let elem = self.parse_type()?;
        let ok = match self.ctx.type_kind(elem) {
            TypeKind::Integer { .. } | TypeKind::Index | TypeKind::Float(_) => true,
            TypeKind::Complex(_) | TypeKind::Vector { .. } => what != "vector",
            TypeKind::MemRef { .. } | TypeKind::UnrankedMemRef { .. } => what == "memref",
            TypeKind::Opaque { .. } => what != "vector",
            _ => false,
        };
        if !ok {
            let msg = match what {
                "tensor" => "invalid tensor element type".to_string(),
                "memref" => "invalid memref element type".to_string(),
                _ => "failed to verify 'elementType': VectorElementTypeInterface instance".to_string(),
            };
            return self.err(at, msg);
        }
        Ok(elem)
    }

    fn parse_memref_type(&mut self) -> PResult<Type> {
        let type_at = self.tok.start;
        self.bump();
        self.expect(Tok::Less, "'<' in memref type")?;
        let ctx = self.ctx;
        let unranked = self.is(Tok::Star);
        let dims = if unranked {
            self.bump();
            if !(self.is(Tok::BareIdent) && self.text().starts_with('x')) {
                return self.err_here("expected 'x' in dimension list");
            }
            let p = self.tok.start + 1;
            self.reset_to(p);
            Vec::new()
        } else {
            self.parse_dimension_list(true, false)?.0
        };
        let elem = self.parse_element_type("memref")?;
        // Layouts and a memory space, in any number: the last layout wins.
        let mut layout = None;
        let mut memory_space = None;
        if !self.eat(Tok::Greater) {
            self.expect(Tok::Comma, "',' or '>' in memref type")?;
            if self.is(Tok::Greater) {
                return self.err_here("expected list element");
            }
            loop {
                let a = self.parse_attribute()?;
                if matches!(ctx.attr_kind(a), AttrKind::AffineMap(_) | AttrKind::StridedLayout { .. }) {
                    layout = Some(a);
                    if unranked {
                        return self.err_here("cannot have affine map for unranked memref type");
                    }
                    if memory_space.is_some() {
                        return self.err_here("expected memory space to be last in memref type");
                    }
                } else if memory_space.is_some() {
                    return self.err_here("multiple memory spaces specified in memref type");
                } else {
                    memory_space = Some(a);
                }
                if self.eat(Tok::Greater) {
                    break;
                }
                self.expect(Tok::Comma, "',' or '>'")?;
            }
        }
        // The type's verifier: the layout against the rank, then the memory space (integers,
        // strings, dictionaries and attributes of registered dialects).
        match layout.map(|l| ctx.attr_kind(l)) {
            Some(AttrKind::AffineMap(m)) if m.num_dims as usize != dims.len() => {
                return self.err(type_at, format!("memref layout mismatch between rank and affine map: {} != {}", dims.len(), m.num_dims));
            }
            Some(AttrKind::StridedLayout { strides, .. }) if strides.len() != dims.len() => {
                return self.err(type_at, "expected the number of strides to match the rank");
            }
            _ => {}
        }
        if let Some(m) = memory_space {
            if !matches!(ctx.attr_kind(m), AttrKind::Integer { .. } | AttrKind::String { .. } | AttrKind::Dictionary(_) | AttrKind::Dialect { .. }) {
                return self.err(type_at, "unsupported memory space Attribute");
            }
        }
        // Canonical forms: identity layouts and the integer memory space 0 are dropped.
        if let Some(l) = layout {
            if let AttrKind::AffineMap(m) = ctx.attr_kind(l) {
                if m.is_identity() {
                    layout = None;
                }
            }
        }
        if let Some(m) = memory_space {
            if matches!(ctx.attr_kind(m), AttrKind::Integer { .. }) && ctx.as_i64(m) == Some(0) {
                memory_space = None;
            }
        }
        if unranked {
            return Ok(ctx.ty(TypeKind::UnrankedMemRef { elem, memory_space }));
        }
        Ok(ctx.ty(TypeKind::MemRef { shape: dims.into(), elem, layout, memory_space }))
    }

    fn parse_vector_type(&mut self) -> PResult<Type> {
        // The type's verifier reports at the `vector` keyword.
        let start = self.tok.start;
        self.bump();
        self.expect(Tok::Less, "'<' in vector type")?;
        let (dims, scalable) = self.parse_dimension_list(false, true)?;
        for d in &dims {
            if *d <= 0 {
                return self.err(start, "vector types must have positive constant sizes but got ".to_string() + &dims.iter().map(|d| d.to_string()).collect::<Vec<_>>().join(", "));
            }
        }
        let elem = self.parse_element_type("vector")?;
        self.expect(Tok::Greater, "'>' in vector type")?;
        Ok(self.ctx.ty(TypeKind::Vector { shape: dims.into(), scalable: scalable.into(), elem }))
    }
}
