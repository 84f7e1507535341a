//! Parsing of attributes: scalars, strings, arrays, dictionaries, symbol references, affine
//! maps and sets, dense and sparse elements, dense arrays, strided layouts, distinct
//! attributes, dialect attributes and locations.

use crate::lexer::Tok;
use crate::parser::recent::Recent;
use crate::parser::{PResult, Parser};
use mica_affine::MapOrSet;
use mica_apfloat::Float;
use mica_ir::{Attr, AttrKind, Context, DYNAMIC, Ident, IntBits, Location, Signedness, Type, TypeKind, intbits};
use num_bigint::BigInt;
use std::borrow::Cow;

/// One scalar of an elements literal, as written.
#[derive(Clone, Debug)]
enum Scalar {
    Int { neg: bool, text: String, at: usize },
    Float { text: String, at: usize },
    Bool(bool, usize),
    Str(Vec<u8>, usize),
    Complex(Box<Scalar>, Box<Scalar>),
}

/// A parsed elements literal: nested lists of scalars.
#[derive(Clone, Debug)]
enum Literal {
    Scalar(Scalar),
    List(Vec<Literal>),
}

/// Whether an attribute text parses to the same attribute wherever it is written, so that
/// its parse may be reused: not when it holds a numbered `distinct` attribute, a location
/// (aliases are resolved at the end) or a resource (defined at the end).
fn reusable(text: &str) -> bool {
    // Each word starts with `d` or `l`: only where those bytes are is there anything to compare.
    let b = text.as_bytes();
    !memchr::memchr2_iter(b'd', b'l', b).any(|i| {
        let rest = &b[i..];
        rest.starts_with(b"distinct") || rest.starts_with(b"loc") || rest.starts_with(b"dense_resource")
    })
}

impl<'a> Parser<'a> {
    /// Parses an attribute.
    pub fn parse_attribute(&mut self) -> PResult<Attr> {
        // A text read before, unless what follows would have extended it (`1 : i32`, `@a::@b`,
        // `#d.x<...>`).
        if let Some(a) = self.reuse(|p| &mut p.recent_attrs, &[Tok::Colon, Tok::ColonColon, Tok::Less]) {
            return Ok(a);
        }
        let (a, text, nesting) = self.parse_measured(|p| {
            p.enter()?;
            let r = p.parse_attribute_inner(None);
            p.leave();
            r
        })?;
        if reusable(text) {
            self.recent_attrs.insert(text, a, nesting);
        }
        Ok(a)
    }

    /// Parses an attribute whose type is known from context (e.g. `1` as an `i32`).
    pub fn parse_attribute_of_type(&mut self, ty: Type) -> PResult<Attr> {
        self.enter()?;
        let r = self.parse_attribute_inner(Some(ty));
        self.leave();
        r
    }

    fn parse_attribute_inner(&mut self, ty: Option<Type>) -> PResult<Attr> {
        let ctx = self.ctx;
        match self.tok.kind {
            Tok::LSquare => {
                self.bump();
                let mut items = Vec::new();
                self.comma_list(Tok::RSquare, |p| {
                    items.push(p.parse_attribute()?);
                    Ok(())
                })?;
                Ok(ctx.array_attr(&items))
            }
            Tok::LBrace => self.parse_attr_dict(),
            Tok::AtIdent => {
                let root = self.parse_symbol_name_token()?;
                let root = ctx.ident(&root);
                let mut nested = Vec::new();
                while self.is(Tok::ColonColon) {
                    self.bump();
                    if !self.is(Tok::AtIdent) {
                        return self.err_here("expected nested symbol reference identifier");
                    }
                    let n = self.parse_symbol_name_token()?;
                    nested.push(ctx.ident(&n));
                }
                Ok(ctx.attr(AttrKind::SymbolRef { root, nested: nested.into() }))
            }
            Tok::String => {
                let bytes = self.parse_string_bytes_token()?;
                let mut t = None;
                if self.eat(Tok::Colon) {
                    t = Some(self.parse_type()?);
                }
                Ok(ctx.attr(AttrKind::String { value: bytes.into(), ty: t }))
            }
            Tok::Integer | Tok::Float | Tok::Minus => self.parse_number_attr(ty),
            Tok::HashIdent => self.parse_hash_attr(),
            Tok::BareIdent => {
                let text = self.text();
                match text {
                    "true" | "false" => {
                        let v = text == "true";
                        self.bump();
                        Ok(ctx.bool_attr(v))
                    }
                    "unit" => {
                        self.bump();
                        Ok(ctx.unit_attr())
                    }
                    "affine_map" | "affine_set" => self.parse_affine_attr(text == "affine_map"),
                    "array" => self.parse_dense_array(),
                    "dense" => self.parse_dense(ty),
                    "dense_resource" => self.parse_dense_resource(),
                    "sparse" => self.parse_sparse(),
                    "strided" => self.parse_strided(),
                    "distinct" => self.parse_distinct(),
                    "loc" => {
                        self.bump();
                        self.expect(Tok::LParen, "'(' in inline location")?;
                        let l = self.parse_location_body()?;
                        self.expect(Tok::RParen, "')' in inline location")?;
                        Ok(l)
                    }
                    // Otherwise a type attribute, if a type starts here.
                    _ if !self.starts_type() => self.err_here("expected attribute value"),
                    _ => {
                        let t = self.parse_type()?;
                        Ok(ctx.type_attr(t))
                    }
                }
            }
            Tok::Error => self.lex_error(),
            Tok::LParen | Tok::BangIdent => {
                let t = self.parse_type()?;
                Ok(ctx.type_attr(t))
            }
            _ => self.err_here("expected attribute value"),
        }
    }

    /// Parses `{name = attr, name, ...}` into a dictionary attribute.
    pub(crate) fn parse_attr_dict(&mut self) -> PResult<Attr> {
        self.parse_dict_via(|p| &mut p.recent_dicts, |ctx, entries| ctx.dict_attr(entries))
    }

    /// Parses `{name = attr, name, ...}` and returns the entries in written order.
    pub(crate) fn parse_attr_dict_entries(&mut self) -> PResult<Vec<(Ident, Attr)>> {
        self.parse_dict_via(|p| &mut p.recent_attr_dicts, |_, entries| entries)
    }

    /// A dictionary made into `make`'s form, taken from `cache` when its text was parsed
    /// recently, else parsed and remembered there.
    fn parse_dict_via<T: Clone, const N: usize>(
        &mut self,
        cache: fn(&mut Self) -> &mut Recent<'a, T, N>,
        make: impl FnOnce(&Context, Vec<(Ident, Attr)>) -> T,
    ) -> PResult<T> {
        // A dictionary ends at its `}`: nothing after it extends it.
        if self.is(Tok::LBrace) {
            if let Some(v) = self.reuse(cache, &[]) {
                return Ok(v);
            }
        }
        let (entries, text, nesting) = self.parse_measured(Self::parse_attr_dict_entries_tokens)?;
        let v = make(self.ctx, entries);
        if reusable(text) {
            cache(self).insert(text, v.clone(), nesting);
        }
        Ok(v)
    }

    fn parse_attr_dict_entries_tokens(&mut self) -> PResult<Vec<(Ident, Attr)>> {
        self.expect_punct(Tok::LBrace)?;
        let mut entries: Vec<(Ident, Attr)> = Vec::new();
        let ctx = self.ctx;
        self.comma_list_msg(Tok::RBrace, "expected '}' in attribute dictionary", |p| {
            let at = p.tok.start;
            let name: Cow<str> = match p.tok.kind {
                Tok::BareIdent => {
                    let s = p.text();
                    p.bump();
                    s.into()
                }
                Tok::String => {
                    let s = p.parse_string_text_token()?;
                    if s.is_empty() {
                        return p.err(at, "expected valid attribute name");
                    }
                    s
                }
                _ => return p.err_here("expected attribute name"),
            };
            let id = ctx.ident(&name);
            if entries.iter().any(|e| e.0 == id) {
                return p.err(at, format!("duplicate key '{name}' in dictionary attribute"));
            }
            let value = if p.eat(Tok::Equal) { p.parse_attribute()? } else { ctx.unit_attr() };
            entries.push((id, value));
            Ok(())
        })?;
        Ok(entries)
    }

    fn parse_number_attr(&mut self, ty: Option<Type>) -> PResult<Attr> {
        let ctx = self.ctx;
        let neg = self.eat(Tok::Minus);
        // MLIR reports problems with a number at the number, after any minus sign.
        let at = self.tok.start;
        let is_float = self.is(Tok::Float);
        if !self.is(Tok::Integer) && !is_float {
            if neg {
                return self.err_here("expected constant integer or floating point value");
            }
            return self.err_here("expected integer or floating point literal");
        }
        let text = self.text().to_string();
        self.bump();
        // A caller-supplied type means no `: type` follows (MLIR's `parseDecOrHexAttr`).
        let t = if let Some(t) = ty {
            t
        } else if self.eat(Tok::Colon) {
            self.parse_type()?
        } else if is_float {
            ctx.float_type(mica_ir::FloatKind::F64)
        } else {
            ctx.int_type(64)
        };
        let is_float_type = matches!(ctx.type_kind(t), TypeKind::Float(_));
        if is_float && !is_float_type {
            return self.err_here("floating point value not valid for specified type");
        }
        if !is_float && !is_float_type && !matches!(ctx.type_kind(t), TypeKind::Integer { .. } | TypeKind::Index) {
            return self.err(at, "integer literal not valid for specified type");
        }
        let scalar = if is_float {
            Scalar::Float { text: if neg { format!("-{text}") } else { text }, at }
        } else {
            Scalar::Int { neg, text, at }
        };
        if let TypeKind::Float(k) = *ctx.type_kind(t) {
            // A float attribute holds the value (an `f8E8M0FNU` one its sign flag too).
            let f = self.float_value(k, &scalar)?;
            return Ok(ctx.attr(AttrKind::Float { ty: t, bits: f.bits }));
        }
        let bits = self.scalar_bits(&scalar, t, false)?;
        Ok(ctx.int_attr_bits(t, bits))
    }

    /// Converts one written number to a value of float kind `k`, with MLIR's messages.
    fn float_value(&mut self, k: mica_ir::FloatKind, s: &Scalar) -> PResult<Float> {
        match s {
            Scalar::Float { text, at } => match Float::from_mlir_literal(k, text) {
                Ok(f) => Ok(f),
                Err(_) => self.err(*at, "floating point value too large for attribute"),
            },
            Scalar::Int { neg, text, at } => {
                let t = if *neg { format!("-{text}") } else { text.clone() };
                match Float::from_mlir_literal(k, &t) {
                    Ok(f) => Ok(f),
                    Err(mica_apfloat::FloatError::NegativeHexLiteral) => {
                        self.err(*at, "hexadecimal float literal should not have a leading minus")
                    }
                    Err(mica_apfloat::FloatError::DecimalIntegerLiteral) => {
                        let r = self.err(*at, "unexpected decimal integer literal for a floating point value");
                        self.note_at(*at, "add a trailing dot to make the literal a float");
                        r
                    }
                    Err(_) => self.err(*at, "hexadecimal float constant out of range for type"),
                }
            }
            _ => self.err_here("unexpected literal"),
        }
    }

    /// Converts one written scalar to the stored bits of `ty` (integer, index or float), with
    /// the messages of an attribute or (`dense`) of an elements literal.
    fn scalar_bits(&mut self, s: &Scalar, ty: Type, dense: bool) -> PResult<IntBits> {
        let ctx = self.ctx;
        let out_of_range = if dense { "integer constant out of range for type" } else { "integer constant out of range for attribute" };
        // Only scalar kinds have arms of their own; copying others would allocate.
        let kind = match ctx.type_kind(ty) {
            k @ (TypeKind::Integer { .. } | TypeKind::Float(_) | TypeKind::Index) => k.clone(),
            _ => TypeKind::None,
        };
        match (kind, s) {
            // Elements are stored as LLVM stores the value (`f8E8M0FNU`'s sign flag ored in).
            (TypeKind::Float(k), Scalar::Float { .. } | Scalar::Int { .. }) => {
                Ok(u128_to_bits(self.float_value(k, s)?.storage_bits(), k.bit_width()))
            }
            (TypeKind::Integer { width, signedness }, Scalar::Int { neg, text, at }) => {
                if *neg && signedness == Signedness::Unsigned {
                    let msg = if dense {
                        "expected unsigned integer elements, but parsed negative value"
                    } else {
                        "negative integer literal not valid for unsigned integer type"
                    };
                    return self.err(*at, msg);
                }
                match build_apint(text, *neg, width, signedness == Signedness::Signed) {
                    Some(b) => Ok(b),
                    None => self.err(*at, out_of_range),
                }
            }
            (TypeKind::Index, Scalar::Int { neg, text, at }) => match build_apint(text, *neg, 64, true) {
                Some(b) => Ok(b),
                None => self.err(*at, out_of_range),
            },
            (TypeKind::Float(k), Scalar::Bool(b, _)) => Ok(u128_to_bits(*b as u128, k.bit_width())),
            (TypeKind::Integer { width, .. }, Scalar::Bool(b, at)) => {
                if width != 1 {
                    return self.err(*at, "expected i1 type for 'true' or 'false' values");
                }
                Ok(intbits::from_i64(*b as i64, 1))
            }
            (TypeKind::Integer { .. } | TypeKind::Index, Scalar::Float { at, .. }) => {
                self.err(*at, "floating point value not valid for specified type")
            }
            (_, Scalar::Int { at, .. } | Scalar::Float { at, .. } | Scalar::Bool(_, at)) => {
                self.err(*at, "invalid type for integer or float literal")
            }
            _ => self.err_here("unexpected literal"),
        }
    }

    fn parse_hash_attr(&mut self) -> PResult<Attr> {
        let text = self.text()[1..].to_string();
        let end = self.tok.end;
        let has_body = self.src.as_bytes().get(end) == Some(&b'<');
        if let Some((d, m)) = text.split_once('.') {
            if self.ctx.registry().attr_def(d, m).is_some() {
                return self.parse_dialect_attr(d.to_string(), m.to_string());
            }
        }
        if has_body && !text.contains('.') {
            // `#dialect<mnemonic...>` of a registered dialect attribute: the same attribute as
            // `#dialect.mnemonic...`, checked by the same hook.
            let hash_at = self.tok.start;
            self.bump();
            self.bump();
            if self.is(Tok::BareIdent) && self.ctx.registry().attr_def(&text, self.text()).is_some() {
                let mnemonic = self.text().to_string();
                let a = self.parse_dialect_attr(text, mnemonic)?;
                self.expect(Tok::Greater, "'>' to close the dialect attribute")?;
                return Ok(a);
            }
            self.reset_to(hash_at);
        }
        let (dialect, mut body) = match text.split_once('.') {
            Some((d, rest)) => (d.to_string(), rest.to_string()),
            None if has_body => (text.clone(), String::new()),
            None => {
                self.bump();
                // MLIR reports an unknown alias at the end of its name.
                return match self.attr_aliases.get(&text) {
                    Some(a) => Ok(*a),
                    None => self.err(end, format!("undefined symbol alias id '{text}'")),
                };
            }
        };
        if has_body {
            let scanned = self.scan_dialect_body(end)?;
            if text.contains('.') {
                body.push_str(&scanned);
            } else {
                // `#dialect<body>`: keep what is inside the brackets.
                body.push_str(&scanned[1..scanned.len() - 1]);
            }
        } else {
            self.bump();
        }
        let mut ty = None;
        if self.is(Tok::Colon) {
            self.bump();
            ty = Some(self.parse_type()?);
        }
        let d = self.ctx.ident(&dialect);
        Ok(self.ctx.attr(AttrKind::Opaque { dialect: d, body: body.into(), ty }))
    }

    /// `#dialect.mnemonic<...>` of a registered dialect attribute: the hook parses the rest.
    fn parse_dialect_attr(&mut self, dialect: String, mnemonic: String) -> PResult<Attr> {
        let ctx = self.ctx;
        let Some(def) = ctx.registry().attr_def(&dialect, &mnemonic) else {
            return self.err_here("unknown dialect attribute");
        };
        self.bump();
        let params = (def.parse)(def, self)?;
        let (d, m) = (ctx.ident(&dialect), ctx.ident(&mnemonic));
        Ok(ctx.attr(AttrKind::Dialect { dialect: d, mnemonic: m, params: params.into() }))
    }


    fn parse_affine_attr(&mut self, is_map: bool) -> PResult<Attr> {
        self.bump();
        // The affine parser reads the text right after `<`.
        let start = self.tok.start + 1;
        self.expect(Tok::Less, if is_map { "'<' in affine map" } else { "'<' in integer set" })?;
        let (parsed, used) = match mica_affine::parse_map_or_set(&self.src[start..]) {
            Ok(x) => x,
            Err(e) => return self.affine_err(start, e),
        };
        self.reset_to(start + used);
        let attr = match (parsed, is_map) {
            (MapOrSet::Map(m), true) => self.ctx.attr(AttrKind::AffineMap(m)),
            (MapOrSet::Set(s), false) => self.ctx.attr(AttrKind::IntegerSet(s)),
            (MapOrSet::Map(_), false) => return self.err(start, "expected IntegerSet, but got AffineMap"),
            (MapOrSet::Set(_), true) => return self.err(start, "expected AffineMap, but got IntegerSet"),
        };
        self.expect(Tok::Greater, if is_map { "'>' in affine map" } else { "'>' in integer set" })?;
        Ok(attr)
    }

    fn parse_dense_array(&mut self) -> PResult<Attr> {
        self.bump();
        self.expect(Tok::Less, "'<' after 'array'")?;
        let tat = self.tok.start;
        let elem = self.parse_type()?;
        let ctx = self.ctx;
        let width = match ctx.type_kind(elem) {
            TypeKind::Integer { width, .. } => Some(*width),
            TypeKind::Float(k) => Some(k.bit_width()),
            _ => None,
        };
        if let Some(w) = width {
            if w != 1 && w % 8 != 0 {
                return self.err(tat, "element type bitwidth must be a multiple of 8");
            }
        }
        if width.is_none() {
            return self.err(tat, format!("expected integer or float type, got: '{}'", crate::type_to_string(ctx, elem)));
        }
        let mut values = Vec::new();
        if !self.is(Tok::Greater) && !self.is(Tok::Colon) {
            return self.err_here("expected ':' after dense array type");
        }
        if self.eat(Tok::Colon) {
            loop {
                let v = self.parse_dense_array_element(elem)?;
                values.push(v);
                if !self.eat(Tok::Comma) {
                    break;
                }
            }
        }
        self.expect(Tok::Greater, "'>' to close an array attribute")?;
        Ok(ctx.attr(AttrKind::DenseArray { elem, values: values.into() }))
    }

    /// One element of `array<type: ...>`, with MLIR's messages for dense arrays (`i1` takes only
    /// `true`/`false`; a negative value is allowed for unsigned types).
    fn parse_dense_array_element(&mut self, elem: Type) -> PResult<u128> {
        let ctx = self.ctx;
        let neg = self.eat(Tok::Minus);
        let at = self.tok.start;
        if let TypeKind::Integer { width, signedness } = ctx.type_kind(elem) {
            if self.is(Tok::BareIdent) && (self.text() == "true" || self.text() == "false") {
                if *width != 1 {
                    return self.err(self.tok.start, "expected i1 type for 'true' or 'false' values");
                }
                let v = self.text() == "true";
                self.bump();
                return Ok(v as u128);
            }
            if !self.is(Tok::Integer) {
                return self.err(self.tok.start, "expected integer literal");
            }
            let text = self.text().to_string();
            self.bump();
            if *width == 1 {
                return self.err(self.tok.start, "expected 'true' or 'false' values for i1 type");
            }
            return match build_apint(&text, neg, *width, *signedness == Signedness::Signed) {
                Some(b) => Ok(bits_to_u128(&b)),
                None => self.err(self.tok.start, "integer constant out of range"),
            };
        }
        let scalar = match self.tok.kind {
            Tok::Float => Scalar::Float { text: if neg { format!("-{}", self.text()) } else { self.text().to_string() }, at },
            Tok::Integer => Scalar::Int { neg, text: self.text().to_string(), at },
            _ => return self.err(self.tok.start, "expected floating point literal"),
        };
        self.bump();
        let bits = self.scalar_bits(&scalar, elem, false)?;
        Ok(bits_to_u128(&bits))
    }

    fn parse_scalar(&mut self) -> PResult<Scalar> {
        let at = self.tok.start;
        match self.tok.kind {
            Tok::Minus => {
                self.bump();
                let at = self.tok.start;
                match self.tok.kind {
                    Tok::Integer => {
                        let text = self.text().to_string();
                        self.bump();
                        Ok(Scalar::Int { neg: true, text, at })
                    }
                    Tok::Float => {
                        let text = format!("-{}", self.text());
                        self.bump();
                        Ok(Scalar::Float { text, at })
                    }
                    _ => self.err_here("expected integer or floating point literal"),
                }
            }
            Tok::Integer => {
                let text = self.text().to_string();
                self.bump();
                Ok(Scalar::Int { neg: false, text, at })
            }
            Tok::Float => {
                let text = self.text().to_string();
                self.bump();
                Ok(Scalar::Float { text, at })
            }
            Tok::BareIdent if self.text() == "true" || self.text() == "false" => {
                let v = self.text() == "true";
                self.bump();
                Ok(Scalar::Bool(v, at))
            }
            Tok::String => {
                let b = self.parse_string_bytes_token()?.into_owned();
                Ok(Scalar::Str(b, at))
            }
            Tok::LParen => {
                self.bump();
                let re = self.parse_scalar()?;
                self.expect_punct(Tok::Comma)?;
                let im = self.parse_scalar()?;
                self.expect_punct(Tok::RParen)?;
                Ok(Scalar::Complex(Box::new(re), Box::new(im)))
            }
            _ => self.err_here("expected element literal of primitive type"),
        }
    }

    fn parse_literal(&mut self) -> PResult<Literal> {
        self.enter()?;
        let r = if self.is(Tok::LSquare) {
            self.bump();
            let mut items: Vec<Literal> = Vec::new();
            let r = self.comma_list_msg(Tok::RSquare, "expected ']'", |p| {
                let item = p.parse_literal()?;
                // Every element has the first one's shape (MLIR checks after each element).
                if items.first().is_some_and(|first| Self::literal_shape(first) != Self::literal_shape(&item)) {
                    return p.err(p.tok.start, "tensor literal is invalid; ranks are not consistent between elements");
                }
                items.push(item);
                Ok(())
            });
            r.map(|_| Literal::List(items))
        } else {
            self.parse_scalar().map(Literal::Scalar)
        };
        self.leave();
        r
    }

    /// The shape of a literal whose elements are consistent (as parsed).
    fn literal_shape(lit: &Literal) -> Vec<i64> {
        match lit {
            Literal::Scalar(_) => Vec::new(),
            Literal::List(items) => {
                let mut shape = vec![items.len() as i64];
                if let Some(first) = items.first() {
                    shape.extend(Self::literal_shape(first));
                }
                shape
            }
        }
    }

    fn flatten<'l>(lit: &'l Literal, out: &mut Vec<&'l Scalar>) {
        match lit {
            Literal::Scalar(s) => out.push(s),
            Literal::List(items) => items.iter().for_each(|i| Self::flatten(i, out)),
        }
    }

    /// `dense<...> : type`, or `dense<...>` alone when the caller supplies the type (MLIR's
    /// `parseElementsLiteralType`).
    fn parse_dense(&mut self, given: Option<Type>) -> PResult<Attr> {
        // MLIR reports a literal that does not fit its type at the `dense` keyword.
        let kw_at = self.tok.start;
        self.bump();
        self.expect(Tok::Less, "'<' after 'dense'")?;
        let lit_at = self.tok.start;
        let body = if self.is(Tok::String) {
            // A string alone is hex data for numeric elements (checked once the type is known)
            // and a string element otherwise.
            let lit = self.parse_literal()?;
            match &lit {
                Literal::Scalar(Scalar::Str(text, _)) => DenseBody::Hex { text: text.clone(), at: lit_at, lit },
                _ => DenseBody::Lit(Some(lit)),
            }
        } else if self.is(Tok::Greater) {
            DenseBody::Lit(None)
        } else {
            DenseBody::Lit(Some(self.parse_literal()?))
        };
        self.expect(Tok::Greater, "'>'")?;
        let tat = self.tok.start;
        let ty = match given {
            Some(t) => t,
            None => {
                self.expect(Tok::Colon, "':'")?;
                self.parse_type()?
            }
        };
        self.build_dense(ty, tat, kw_at, body)
    }

    fn build_dense(&mut self, ty: Type, tat: usize, lit_at: usize, body: DenseBody) -> PResult<Attr> {
        let ctx = self.ctx;
        let kind = ctx.type_kind(ty).clone();
        // MLIR reports a type that does not fit at the literal's keyword (`lit_at`).
        if !kind.is_shaped() {
            return self.err(lit_at, "elements literal must be a shaped type");
        }
        let (Some(shape), Some(elem)) = (kind.shape().map(|s| s.to_vec()), kind.element_type()) else {
            return self.err(lit_at, "elements literal type must have static shape");
        };
        if shape.iter().any(|d| *d < 0) {
            return self.err(lit_at, "elements literal type must have static shape");
        }
        let n = kind.num_elements().unwrap_or(0) as usize;
        let (scalar_ty, complex) = match ctx.type_kind(elem) {
            TypeKind::Complex(e) => (*e, true),
            _ => (elem, false),
        };
        let width = ctx.int_width(scalar_ty);
        let is_numeric = matches!(ctx.type_kind(scalar_ty), TypeKind::Integer { .. } | TypeKind::Index | TypeKind::Float(_));
        let bytes = (width.max(1) as usize).div_ceil(8);
        let elem_bytes = if complex { 2 * bytes } else { bytes };
        match body {
            DenseBody::Hex { lit, .. } if !is_numeric => self.build_dense(ty, tat, lit_at, DenseBody::Lit(Some(lit))),
            DenseBody::Hex { text, at, .. } => {
                let hex = text.strip_prefix(b"0x").and_then(|h| std::str::from_utf8(h).ok());
                let Some(raw) = hex.and_then(decode_hex) else {
                    return self.err(at, "expected string containing hex digits starting with `0x`");
                };
                let invalid = format!("elements hex data size is invalid for provided type: '{}'", crate::type_to_string(ctx, ty));
                if width == 1 && !complex {
                    // Booleans are packed one bit each.
                    let Some(bits) = unpack_bool_hex(&raw, n) else { return self.err(lit_at, invalid) };
                    let splat = bits.len() == 1;
                    return Ok(ctx.attr(AttrKind::DenseElements { ty, splat, data: bits.into() }));
                }
                // One element's worth of bytes is a splat; otherwise one per element.
                if raw.len() != elem_bytes && raw.len() != n * elem_bytes {
                    return self.err(lit_at, invalid);
                }
                Ok(dense_elements(ctx, ty, raw, elem_bytes))
            }
            DenseBody::Lit(None) => {
                if n != 0 {
                    return self.err(lit_at, format!("parsed zero elements, but type ('{}') expected at least 1", crate::type_to_string(ctx, ty)));
                }
                Ok(ctx.attr(AttrKind::DenseElements { ty, splat: false, data: Box::new([]) }))
            }
            DenseBody::Lit(Some(lit)) => {
                let lshape = Self::literal_shape(&lit);
                let mut flat = Vec::new();
                Self::flatten(&lit, &mut flat);
                let splat = lshape.is_empty();
                if !splat && lshape != shape {
                    let fmt = |s: &[i64]| s.iter().map(|d| d.to_string()).collect::<Vec<_>>().join(", ");
                    return self.err(lit_at, format!("inferred shape of elements literal ([{}]) does not match type ([{}])", fmt(&lshape), fmt(&shape)));
                }
                // MLIR keeps the numbers as one flat list, a complex `(re, im)` adding two.
                let storage: Vec<&Scalar> = flat
                    .iter()
                    .flat_map(|s| match s {
                        Scalar::Complex(re, im) => vec![&**re, &**im],
                        s => vec![*s],
                    })
                    .collect();
                if !is_numeric {
                    // Other element types hold strings.
                    let mut values: Vec<Box<[u8]>> = Vec::new();
                    for s in &storage {
                        match s {
                            Scalar::Str(b, _) => values.push(b.clone().into()),
                            other => return self.err(lit_at, format!("expected string token, got {}", spelling(other))),
                        }
                    }
                    let splat = splat || values.len() == 1 || (!values.is_empty() && values.iter().all(|v| *v == values[0]));
                    if splat {
                        values.truncate(1);
                    }
                    return Ok(ctx.attr(AttrKind::DenseStrings { ty, splat, values: values.into() }));
                }
                if complex {
                    let want = if splat { 2 } else { 2 * n };
                    if storage.len() != want {
                        let of = if splat { elem } else { ty };
                        let msg = format!("parsed {} elements, but type ('{}') expected {want} elements", storage.len(), crate::type_to_string(ctx, of));
                        return self.err(lit_at, msg);
                    }
                } else if flat.iter().any(|s| matches!(s, Scalar::Complex(..))) && (!splat || storage.len() != n) {
                    // A pair alone may stand for the two elements of its type.
                    return self.err(lit_at, "unexpected complex element");
                }
                let splat = splat && storage.len() == if complex { 2 } else { 1 };
                let mut data = Vec::with_capacity(storage.len() * bytes);
                for s in &storage {
                    match (ctx.type_kind(scalar_ty), s) {
                        (TypeKind::Integer { .. } | TypeKind::Index, Scalar::Float { at, .. }) => {
                            return self.err(*at, "expected integer elements, but parsed floating-point");
                        }
                        (TypeKind::Integer { .. } | TypeKind::Index, Scalar::Str(_, at)) => {
                            return self.err(*at, "integer constant out of range for type");
                        }
                        (TypeKind::Float(_), Scalar::Str(_, at)) => return self.err(*at, "expected floating point literal"),
                        _ => {}
                    }
                    let b = self.scalar_bits(s, scalar_ty, true)?;
                    data.extend(intbits::to_le_bytes(&b, width.max(1)));
                }
                // A literal whose elements are all equal is stored as a splat, as MLIR does.
                let all_same = !data.is_empty() && data.chunks(elem_bytes).all(|c| c == &data[..elem_bytes]);
                if (splat || all_same) && n != 0 {
                    data.truncate(elem_bytes);
                    return Ok(ctx.attr(AttrKind::DenseElements { ty, splat: true, data: data.into() }));
                }
                Ok(ctx.attr(AttrKind::DenseElements { ty, splat: false, data: data.into() }))
            }
        }
    }

    fn parse_dense_resource(&mut self) -> PResult<Attr> {
        self.bump();
        self.expect(Tok::Less, "'<'")?;
        let handle = match self.tok.kind {
            Tok::BareIdent => self.text().to_string(),
            _ => return self.err_here("expected identifier key for 'resource' entry"),
        };
        self.bump();
        self.expect(Tok::Greater, "'>'")?;
        // MLIR reports a type that is not shaped where its `:` is.
        let tat = self.tok.start;
        self.expect(Tok::Colon, "':'")?;
        let ty = self.parse_type()?;
        if !self.ctx.type_kind(ty).is_shaped() {
            return self.err(tat, "`dense_resource` expected a shaped type");
        }
        Ok(self.ctx.attr(AttrKind::DenseResource { ty, handle: handle.into() }))
    }

    /// `sparse<indices, values> : type` as MLIR builds it: the indices take the literal's shape
    /// (one index of the type's rank when it is a single number), the values theirs (one per
    /// index when a single number); then the shapes and each index are checked against the
    /// type, with MLIR's messages at the `sparse` keyword.
    fn parse_sparse(&mut self) -> PResult<Attr> {
        let kw_at = self.tok.start;
        self.bump();
        self.expect(Tok::Less, "'<' after 'sparse'")?;
        let lit_at = self.tok.start;
        let (idx, vals) = if self.is(Tok::Greater) {
            (None, None)
        } else {
            let i = self.parse_literal()?;
            self.expect(Tok::Comma, "','")?;
            let v = self.parse_literal()?;
            (Some(i), Some(v))
        };
        self.expect(Tok::Greater, "'>'")?;
        self.expect(Tok::Colon, "':'")?;
        let tat = self.tok.start;
        let ty = self.parse_type()?;
        let ctx = self.ctx;
        let (Some(elem), true) = (ctx.type_kind(ty).element_type(), ctx.type_kind(ty).is_shaped()) else {
            return self.err(kw_at, "elements literal must be a shaped type");
        };
        let Some(shape) = ctx.type_kind(ty).shape().map(|s| s.to_vec()).filter(|s| s.iter().all(|d| *d >= 0)) else {
            return self.err(kw_at, "elements literal type must have static shape");
        };
        let rank = shape.len() as i64;
        let tensor = |shape: Vec<i64>, elem: Type| ctx.ty(TypeKind::RankedTensor { shape: shape.into(), elem, encoding: None });
        let (Some(i), Some(v)) = (idx, vals) else {
            let ia = ctx.attr(AttrKind::DenseElements { ty: tensor(vec![0, rank], ctx.int_type(64)), splat: false, data: Box::new([]) });
            let va = ctx.attr(AttrKind::DenseElements { ty: tensor(vec![0], elem), splat: false, data: Box::new([]) });
            return Ok(ctx.attr(AttrKind::Sparse { ty, indices: ia, values: va }));
        };
        let mut ishape = Self::literal_shape(&i);
        if ishape.is_empty() {
            ishape = vec![1, rank];
        }
        let ia = self.build_dense(tensor(ishape.clone(), ctx.int_type(64)), tat, lit_at, DenseBody::Lit(Some(i)))?;
        let mut vshape = Self::literal_shape(&v);
        if vshape.is_empty() {
            vshape = vec![ishape[0]];
        }
        let va = self.build_dense(tensor(vshape.clone(), elem), tat, lit_at, DenseBody::Lit(Some(v)))?;
        if vshape.len() != 1 {
            return self.err(kw_at, "expected 1-d tensor for sparse element values");
        }
        let dims = |s: &[i64]| s.iter().map(|d| d.to_string()).collect::<Vec<_>>().join(", ");
        let indices_ok = match ishape.len() {
            2 => ishape[1] == rank,
            1 => rank == 1,
            _ => false,
        };
        if !indices_ok || ishape[0] != vshape[0] {
            let msg = format!(
                "expected shape ([{}]); inferred shape of indices literal ([{}]); inferred shape of values literal ([{}])",
                dims(&shape),
                dims(&ishape),
                dims(&vshape)
            );
            return self.err(kw_at, msg);
        }
        // Each index (a row of `rank` numbers, read unsigned) must lie within the shape.
        let AttrKind::DenseElements { splat, data, .. } = ctx.attr_kind(ia) else { return self.err(kw_at, "invalid sparse indices") };
        let numbers: Vec<u64> = data.chunks_exact(8).map(|c| u64::from_le_bytes(c.try_into().unwrap_or_default())).collect();
        let rows: Vec<Vec<u64>> = if *splat || rank == 0 {
            vec![vec![numbers.first().copied().unwrap_or(0); rank as usize]]
        } else {
            numbers.chunks(rank.max(1) as usize).take(ishape[0] as usize).map(|r| r.to_vec()).collect()
        };
        for (k, row) in rows.iter().enumerate() {
            if row.len() != shape.len() || row.iter().zip(&shape).any(|(&x, &d)| x >= d as u64) {
                let index = row.iter().map(|x| x.to_string()).collect::<Vec<_>>().join(", ");
                let msg = format!(
                    "sparse index #{k} is not contained within the value shape, with index=[{index}], and type='{}'",
                    crate::type_to_string(ctx, ty)
                );
                return self.err(kw_at, msg);
            }
        }
        Ok(ctx.attr(AttrKind::Sparse { ty, indices: ia, values: va }))
    }

    fn parse_strided(&mut self) -> PResult<Attr> {
        self.bump();
        self.expect(Tok::Less, "'<' after 'strided'")?;
        self.expect(Tok::LSquare, "'['")?;
        let mut strides = Vec::new();
        self.comma_list_msg(Tok::RSquare, "expected ']'", |p| {
            strides.push(p.parse_dim_value("strides must be positive or dynamic")?);
            Ok(())
        })?;
        let mut offset = 0;
        if self.eat(Tok::Comma) {
            if !self.eat_keyword("offset") {
                return self.err_here("expected 'offset' after comma");
            }
            self.expect(Tok::Colon, "':' after 'offset'")?;
            offset = self.parse_dim_value("expected offset")?;
        }
        self.expect(Tok::Greater, "'>'")?;
        Ok(self.ctx.attr(AttrKind::StridedLayout { offset, strides: strides.into() }))
    }

    fn parse_dim_value(&mut self, _msg: &str) -> PResult<i64> {
        if self.eat(Tok::Question) {
            return Ok(DYNAMIC);
        }
        let neg = self.eat(Tok::Minus);
        if !self.is(Tok::Integer) {
            return self.err_here("expected a 64-bit signed integer or '?'");
        }
        let Ok(v) = self.text().parse::<i64>() else {
            return self.err_here("expected a 64-bit signed integer or '?'");
        };
        self.bump();
        Ok(if neg { -v } else { v })
    }

    fn parse_distinct(&mut self) -> PResult<Attr> {
        // Ids are shared across the file: a deferred region cannot check them alone (the file
        // is parsed again on one thread).
        if self.in_job {
            return Err(());
        }
        let at = self.tok.start;
        self.bump();
        self.expect(Tok::LSquare, "'[' after 'distinct'")?;
        if !self.is(Tok::Integer) {
            return self.err_here("expected distinct ID");
        }
        let Ok(id) = self.text().parse::<u64>() else {
            return self.err_here("expected an unsigned 64-bit integer");
        };
        self.bump();
        self.expect(Tok::RSquare, "']' to close distinct ID")?;
        self.expect(Tok::Less, "'<' after distinct ID")?;
        let referenced = if self.is(Tok::Greater) { self.ctx.unit_attr() } else { self.parse_attribute()? };
        self.expect(Tok::Greater, "'>' to close distinct attribute")?;
        match self.distinct_refs.get(&id) {
            Some(&prev) if prev != referenced => {
                let s = mica_ir::printer::attr_string(self.ctx, prev);
                return self.err(at, format!("referenced attribute does not match previous definition: {s}"));
            }
            Some(_) => {}
            None => {
                self.distinct_refs.insert(id, referenced);
            }
        }
        Ok(self.ctx.attr(AttrKind::Distinct { id, referenced }))
    }

    // ------------------------------------------------------------------ locations

    /// Parses what stands inside `loc(...)`.
    pub(crate) fn parse_location_body(&mut self) -> PResult<Attr> {
        self.enter()?;
        let r = self.parse_location_inner();
        self.leave();
        r
    }

    fn loc_attr(&self, l: Location) -> Attr {
        self.ctx.attr(AttrKind::Location(l))
    }

    fn parse_location_inner(&mut self) -> PResult<Attr> {
        let ctx = self.ctx;
        match self.tok.kind {
            Tok::HashIdent => {
                let at = self.tok.start;
                let name = self.text()[1..].to_string();
                if !name.contains('.') && !self.attr_aliases.contains_key(&name) {
                    // A location alias may be defined later in the file: stand in a
                    // placeholder and resolve it at the end.
                    self.bump();
                    return Ok(self.deferred_location(&name, at));
                }
                let a = self.parse_hash_attr()?;
                if !matches!(ctx.attr_kind(a), AttrKind::Location(_)) {
                    let s = mica_ir::printer::attr_string(ctx, a);
                    // An alias says so at the alias; a dialect attribute after it.
                    if name.contains('.') {
                        return self.err(self.tok.start, format!("expected location attribute, but got{s}"));
                    }
                    return self.err(at, format!("expected location, but found '{s}'"));
                }
                Ok(a)
            }
            Tok::BareIdent if self.text() == "unknown" => {
                self.bump();
                Ok(self.loc_attr(Location::Unknown))
            }
            Tok::BareIdent if self.text() == "callsite" => {
                self.bump();
                self.expect(Tok::LParen, "'(' in callsite location")?;
                let callee = self.parse_location_body()?;
                if !self.eat_keyword("at") {
                    return self.err_here("expected 'at' in callsite location");
                }
                let caller = self.parse_location_body()?;
                self.expect(Tok::RParen, "')' in callsite location")?;
                Ok(self.loc_attr(Location::CallSite { callee, caller }))
            }
            Tok::BareIdent if self.text() == "fused" => {
                self.bump();
                let mut metadata = None;
                if self.eat(Tok::Less) {
                    metadata = Some(self.parse_attribute()?);
                    self.expect(Tok::Greater, "'>' after fused location metadata")?;
                }
                self.expect(Tok::LSquare, "'[' in fused location")?;
                let mut locs = Vec::new();
                self.comma_list_msg(Tok::RSquare, "expected ']' in fused location", |p| {
                    locs.push(p.parse_location_body()?);
                    Ok(())
                })?;
                Ok(ctx.fused_loc(&locs, metadata))
            }
            Tok::String => {
                let s = self.parse_string_text_token()?;
                let name = ctx.ident(&s);
                if self.is(Tok::Colon) {
                    self.bump();
                    if !self.is(Tok::Integer) {
                        return self.err_here("expected integer line number in FileLineColRange");
                    }
                    let Ok(line) = self.text().parse::<u32>() else { return self.err_here("expected integer line number in FileLineColRange") };
                    self.bump();
                    if !self.is(Tok::Colon) {
                        return Ok(self.loc_attr(Location::FileLine { file: name, line }));
                    }
                    self.expect(Tok::Colon, "':' in FileLineColRange")?;
                    if !self.is(Tok::Integer) {
                        return self.err_here("expected integer column number in FileLineColRange");
                    }
                    let Ok(col) = self.text().parse::<u32>() else { return self.err_here("expected integer column number in FileLineColRange") };
                    self.bump();
                    let mut end = None;
                    if self.eat_keyword("to") {
                        let mut el = line;
                        if self.is(Tok::Integer) {
                            let Ok(l) = self.text().parse::<u32>() else { return self.err_here("expected integer line number in FileLineColRange") };
                            el = l;
                            self.bump();
                        }
                        self.expect(Tok::Colon, "either integer or `:` post `to` in FileLineColRange")?;
                        if !self.is(Tok::Integer) {
                            return self.err_here("expected integer column number in FileLineColRange");
                        }
                        let Ok(ec) = self.text().parse::<u32>() else { return self.err_here("expected integer column number in FileLineColRange") };
                        self.bump();
                        end = Some((el, ec));
                    }
                    // MLIR names a `line:col` location without a file name `-` (line-only
                    // locations and ranges keep `""`).
                    let file = if end.is_none() && s.is_empty() { ctx.ident("-") } else { name };
                    return Ok(self.loc_attr(Location::FileLineCol { file, line, col, end }));
                }
                let mut child = None;
                if self.eat(Tok::LParen) {
                    let c = self.parse_location_body()?;
                    self.expect(Tok::RParen, "')' after child location of NameLoc")?;
                    // `"name"(unknown)` is `"name"`.
                    child = Some(c).filter(|c| *c != ctx.unknown_loc());
                }
                Ok(self.loc_attr(Location::Name { name, child }))
            }
            _ => self.err_here("expected location instance"),
        }
    }

    // ------------------------------------------------------------------ tokens with values

    /// The bytes of the current string token, escapes resolved: borrowed from the source when it
    /// has none.
    pub(crate) fn parse_string_bytes_token(&mut self) -> PResult<Cow<'a, [u8]>> {
        if self.is(Tok::Error) {
            return self.lex_error();
        }
        let text = self.text();
        self.decode_quoted(&text[1..text.len() - 1], self.tok.start + 1)
    }

    /// The current string token as text (bytes that are not UTF-8 replaced), borrowed from the
    /// source when it has no escapes.
    pub(crate) fn parse_string_text_token(&mut self) -> PResult<Cow<'a, str>> {
        self.parse_string_bytes_token().map(lossy_text)
    }

    /// The text of an `@symbol` token, if one is next (an error on a malformed one).
    pub(crate) fn parse_optional_symbol_text(&mut self) -> PResult<Option<Cow<'a, str>>> {
        if self.is(Tok::Error) && self.src[self.tok.start..].starts_with('@') {
            return self.lex_error();
        }
        if !self.is(Tok::AtIdent) {
            return Ok(None);
        }
        self.parse_symbol_name_token().map(Some)
    }

    /// Decodes the current `@name` / `@"name"` token.
    pub(crate) fn parse_symbol_name_token(&mut self) -> PResult<Cow<'a, str>> {
        let text = &self.text()[1..];
        if let Some(q) = text.strip_prefix('"') {
            return self.decode_quoted(&q[..q.len() - 1], self.tok.start + 2).map(lossy_text);
        }
        self.bump();
        Ok(text.into())
    }

    /// The bytes of `raw`, the inside of the current token's quotes (at byte `at`), escapes
    /// resolved: borrowed from the source when it has none. The parser goes on after the token.
    fn decode_quoted(&mut self, raw: &'a str, at: usize) -> PResult<Cow<'a, [u8]>> {
        let bytes = if memchr::memchr(b'\\', raw.as_bytes()).is_none() {
            Cow::Borrowed(raw.as_bytes())
        } else {
            match unescape(raw) {
                Ok(bytes) => Cow::Owned(bytes),
                Err(off) => return self.err(at + off, "unknown escape in string literal"),
            }
        };
        self.bump();
        Ok(bytes)
    }

}

enum DenseBody {
    /// A string alone: hex data for numeric elements (`at` is where it is written), else the
    /// literal of one string element.
    Hex { text: Vec<u8>, at: usize, lit: Literal },
    Lit(Option<Literal>),
}

/// The token MLIR names in "expected string token, got ..." for an element that is not a string:
/// its spelling, without a minus sign (the first part for a complex pair).
fn spelling(s: &Scalar) -> String {
    match s {
        Scalar::Int { text, .. } => text.clone(),
        Scalar::Float { text, .. } => text.trim_start_matches('-').to_string(),
        Scalar::Bool(b, _) => b.to_string(),
        Scalar::Str(b, _) => String::from_utf8_lossy(b).into_owned(),
        Scalar::Complex(re, _) => spelling(re),
    }
}

/// `bytes` as text, bytes that are not UTF-8 replaced (borrowed when they are all UTF-8 and
/// were borrowed).
fn lossy_text(bytes: Cow<'_, [u8]>) -> Cow<'_, str> {
    match bytes {
        Cow::Borrowed(b) => String::from_utf8_lossy(b),
        Cow::Owned(b) => Cow::Owned(String::from_utf8(b).unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned())),
    }
}

/// Resolves MLIR string escapes: `\\`, `\"`, `\n`, `\t`, `\XX`. On error returns the offset of
/// the bad escape within `raw`.
pub fn unescape(raw: &str) -> Result<Vec<u8>, usize> {
    let b = raw.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        if b[i] != b'\\' {
            out.push(b[i]);
            i += 1;
            continue;
        }
        let c = *b.get(i + 1).ok_or(i)?;
        match c {
            b'\\' | b'"' | b'\'' => {
                out.push(c);
                i += 2;
            }
            b'n' => {
                out.push(b'\n');
                i += 2;
            }
            b't' => {
                out.push(b'\t');
                i += 2;
            }
            _ => {
                let h = b.get(i + 1..i + 3).ok_or(i)?;
                let s = std::str::from_utf8(h).map_err(|_| i)?;
                let v = u8::from_str_radix(s, 16).map_err(|_| i)?;
                out.push(v);
                i += 3;
            }
        }
    }
    Ok(out)
}

fn decode_hex(s: &str) -> Option<Vec<u8>> {
    if s.len() % 2 != 0 {
        return None;
    }
    (0..s.len()).step_by(2).map(|i| u8::from_str_radix(s.get(i..i + 2)?, 16).ok()).collect()
}

/// The bits of an integer literal in `width` bits, as MLIR's `buildAttributeAPInt` checks them:
/// a positive value fits the width (without the sign bit when `signed`), a negative one fits
/// as a signed value, and `-0` is out of range.
fn build_apint(text: &str, neg: bool, width: u32, signed: bool) -> Option<IntBits> {
    // Literals that fit 64 bits (nearly all) skip the big integers.
    let small = match text.strip_prefix("0x") {
        Some(h) => u64::from_str_radix(h, 16).ok(),
        None => text.parse::<u64>().ok(),
    };
    if let Some(m) = small {
        if neg && m == 0 {
            return None;
        }
        return intbits::from_magnitude(neg, m, width, Some(neg || signed)).ok();
    }
    let mut v = parse_int_text(text)?;
    if neg {
        if v == BigInt::from(0) {
            return None;
        }
        v = -v;
    }
    intbits::from_bigint(&v, width, Some(neg || signed)).ok()
}

/// The elements of a hexadecimal `i1` literal (one byte each, 0 or 1), as MLIR reads them: bits
/// packed from the lowest, or one byte `0x00`/`0xFF` for a splat (any byte for one element).
/// A packed splat comes back as one element.
fn unpack_bool_hex(raw: &[u8], n: usize) -> Option<Vec<u8>> {
    if raw.len() == 1 && (raw[0] == 0 || raw[0] == 0xFF || n == 1) {
        return Some(vec![(raw[0] != 0) as u8]);
    }
    if raw.len() != n.div_ceil(8) {
        return None;
    }
    // MLIR's splat test on the packed bytes.
    let value = raw[0] & 1;
    let mut body = raw;
    let odd = n % 8;
    let mut splat = true;
    if value == 1 && odd != 0 {
        let (last, rest) = raw.split_last()?;
        splat = *last == ((1u16 << odd) - 1) as u8;
        body = rest;
    }
    let mask = if value == 1 { 0xFF } else { 0 };
    if splat && body.iter().all(|&b| b == mask) {
        return Some(vec![value]);
    }
    Some((0..n).map(|i| (raw[i / 8] >> (i % 8)) & 1).collect())
}

/// A dense elements attribute from `elem_bytes`-byte elements: stored as a splat when there is
/// one element's worth of data or all elements are equal, as MLIR does.
fn dense_elements(ctx: &mica_ir::Context, ty: Type, mut data: Vec<u8>, elem_bytes: usize) -> Attr {
    let splat = !data.is_empty() && (data.len() == elem_bytes || data.chunks(elem_bytes).all(|c| c == &data[..elem_bytes]));
    if splat {
        data.truncate(elem_bytes);
    }
    ctx.attr(AttrKind::DenseElements { ty, splat, data: data.into() })
}

fn parse_int_text(text: &str) -> Option<BigInt> {
    if let Some(h) = text.strip_prefix("0x") {
        BigInt::parse_bytes(h.as_bytes(), 16)
    } else {
        BigInt::parse_bytes(text.as_bytes(), 10)
    }
}

fn u128_to_bits(v: u128, width: u32) -> IntBits {
    let words: IntBits = [v as u64, (v >> 64) as u64].into_iter().collect();
    intbits::from_le_bytes(&intbits::to_le_bytes(&words, 128), width.max(1))
}

fn bits_to_u128(b: &IntBits) -> u128 {
    b.first().copied().unwrap_or(0) as u128 | (b.get(1).copied().unwrap_or(0) as u128) << 64
}

#[cfg(test)]
mod tests {
    use super::reusable;

    #[test]
    fn texts_with_distinct_ids_locations_or_resources_are_not_reused() {
        assert!(reusable("{value = 0 : index}"));
        assert!(reusable("(i64, index) -> i64"));
        assert!(reusable("{d = dense<1> : tensor<2xi32>, l = \"lo\"}"));
        assert!(!reusable("distinct[0]<unit>"));
        assert!(!reusable("{a = 1 : i32, b = loc(\"x\":1:2)}"));
        assert!(!reusable("[dense_resource<blob> : tensor<4xf32>]"));
        assert!(!reusable("[#loc1]"));
        assert!(!reusable("loc"));
    }
}
