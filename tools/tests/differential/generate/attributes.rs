//! Random attributes for the program generator: dictionaries, integers of any width, floats
//! (decimal and hex bit patterns), strings with escapes, arrays, symbol references, type,
//! location, distinct and opaque attributes, and the dispatch over every attribute kind.

use super::*;

impl Gen<'_> {
    /// An attribute dictionary `{...}`; `allow_unit` permits bare keys.
    pub(super) fn attr_dict(&mut self, allow_unit: bool) -> Doc {
        let n = self.rng.range(1, 3);
        let mut entries = Vec::new();
        for i in 0..n {
            let key = self.key(i);
            if allow_unit && self.rng.chance(10) {
                entries.push(key.tag("attr.unit"));
            } else {
                entries.push(Doc::cat(vec![key, Doc::text(" = "), self.attr()]));
            }
        }
        Doc::list("{", ", ", "}", entries, 0)
    }

    /// A dictionary of dialect attributes (names with a dot), for function arguments/results.
    pub(super) fn dialect_attr_dict(&mut self) -> Doc {
        let n = self.rng.range(1, 2);
        let entries = (0..n)
            .map(|i| {
                Doc::cat(vec![
                    Doc::text(format!("{}.k{i} = ", self.rng.pick(DIALECTS))),
                    self.attr(),
                ])
            })
            .collect();
        Doc::cat(vec![Doc::text(" "), Doc::list("{", ", ", "}", entries, 1)])
    }

    /// A dictionary key, unique within its dictionary through the suffix `i`.
    fn key(&mut self, i: usize) -> Doc {
        let base = self.rng.pick(KEYS);
        match self.rng.below(8) {
            0 => Doc::text(format!("\"{base} q{i}\"")).tag("attr.dict.quoted_key"),
            1 => Doc::text(format!("\"{base}{i}\"")).tag("attr.dict.quoted_key"),
            _ => Doc::text(format!("{base}{i}")),
        }
    }

    /// Any attribute, occasionally through an alias.
    pub(super) fn attr(&mut self) -> Doc {
        self.depth += 1;
        let a = if self.depth > 3 {
            self.int_attr()
        } else {
            self.attr_kind()
        };
        self.depth -= 1;
        if self.rng.chance(6) {
            let name = format!("#aa{}", self.id());
            self.aliases
                .push(Doc::cat(vec![Doc::text(format!("{name} = ")), freeze(a)]).tag("alias.attr"));
            return Doc::text(name).tag("alias.attr.use");
        }
        a
    }

    fn attr_kind(&mut self) -> Doc {
        let simple = Doc::text("0");
        match self.rng.below(30) {
            0..=2 => self.int_attr(),
            3..=4 => self.float_attr(),
            5 => Doc::text(*self.rng.pick(&["true", "false"])).tag("attr.bool"),
            6..=7 => self.string_attr(),
            8 => Doc::text("unit").tag("attr.unit"),
            9..=10 => {
                let items = (0..self.rng.range(0, 3)).map(|_| self.attr()).collect();
                Doc::list("[", ", ", "]", items, 0)
                    .tag("attr.array")
                    .or(simple)
            }
            11 => self.attr_dict(true).tag("attr.dict").or(simple),
            12 => self.symbol_ref(),
            13..=14 => Doc::cat(vec![self.ty(0).doc]).tag("attr.type").or(simple),
            15..=17 => self.dense_attr().or(simple),
            18 => self.dense_resource().or(simple),
            19 => self.sparse_attr().or(simple),
            20 => self.dense_array().or(simple),
            21 => {
                let dims = self.rng.range(0, 3);
                self.affine_map_text(dims).tag("attr.affine_map").or(simple)
            }
            22 => self.affine_set_text().tag("attr.affine_set").or(simple),
            23 => {
                let rank = self.rng.range(0, 3);
                self.strided_text(rank).tag("attr.strided").or(simple)
            }
            24 => self.distinct_attr().or(simple),
            25 => self.opaque_attr(),
            26 => self.typed_string(),
            27 => Doc::cat(vec![Doc::text("loc("), self.loc_body(0), Doc::text(")")])
                .tag("attr.location")
                .or(simple),
            _ => self.int_attr(),
        }
    }

    /// An integer literal in range for `width` and signedness.
    pub(super) fn int_literal(&mut self, width: u32, signed: Option<bool>) -> String {
        if width > 128 {
            let max_digits = ((width - 1) as usize * 30103 / 100_000).max(1);
            let n = self.rng.range(1, max_digits.min(60));
            let mut s: String = (0..n)
                .map(|i| {
                    char::from(
                        b'0' + if i == 0 {
                            self.rng.range(1, 9)
                        } else {
                            self.rng.below(10)
                        } as u8,
                    )
                })
                .collect();
            if signed != Some(false) && self.rng.chance(40) {
                s.insert(0, '-');
            }
            return s;
        }
        let umax: u128 = if width == 128 {
            u128::MAX
        } else {
            (1u128 << width) - 1
        };
        let smax: u128 = umax >> 1;
        let pos_max = if signed == Some(true) { smax } else { umax };
        let neg_ok = signed != Some(false);
        match self.rng.below(8) {
            0 => "0".into(),
            1 if pos_max >= 1 => "1".into(),
            2 => pos_max.to_string(),
            3 if neg_ok => format!("-{}", smax + 1),
            4 if neg_ok => format!("-{}", 1 + self.rng.bits(width) % (smax + 1)),
            5 if signed != Some(true) && pos_max >= 1 => {
                format!("0x{:X}", self.rng.bits(width) % pos_max)
            }
            _ => (self.rng.bits(width) % pos_max.saturating_add(1).max(1)).to_string(),
        }
    }

    pub(super) fn int_attr(&mut self) -> Doc {
        match self.rng.below(6) {
            0 => Doc::text(self.int_literal(64, None)).tag("attr.int.default_i64"),
            1 => Doc::text(format!("{} : index", self.int_literal(64, Some(true))))
                .tag("attr.int.index"),
            _ => {
                let w = self.int_width();
                let (t, signed) = self.int_type_of(w);
                let lit = self.int_literal(w, signed);
                let mut d = Doc::cat(vec![Doc::text(format!("{lit} : ")), t.doc]).tag("attr.int");
                if lit.starts_with("0x") {
                    d = d.tag("attr.int.hex");
                }
                if w > 64 {
                    d = d.tag("attr.int.huge");
                }
                d
            }
        }
    }

    /// A float literal for a float type of `bits` bits: decimal or a hex bit pattern.
    fn float_literal(&mut self, bits: u32, allow_hex: bool) -> (String, bool) {
        if allow_hex && self.rng.chance(30) {
            let v = self.rng.bits(bits);
            let digits = bits.div_ceil(4) as usize;
            let s = if self.rng.chance(50) {
                format!("0x{v:0digits$X}")
            } else {
                format!("0x{v:x}")
            };
            return (s, true);
        }
        (self.rng.pick(FLOAT_LITERALS).to_string(), false)
    }

    fn float_attr(&mut self) -> Doc {
        if self.rng.chance(15) {
            return Doc::text(*self.rng.pick(FLOAT_LITERALS)).tag("attr.float.default_f64");
        }
        let (name, tag, bits) = *self.rng.pick(FLOATS);
        let (lit, hex) = self.float_literal(bits, true);
        let d = Doc::cat(vec![
            Doc::text(format!("{lit} : ")),
            Doc::text(name).tag(tag),
        ])
        .tag("attr.float");
        if hex { d.tag("attr.float.hex") } else { d }
    }

    pub(super) fn string_body(&mut self) -> (String, bool) {
        let mut s = String::new();
        let mut escaped = false;
        for _ in 0..self.rng.range(0, 4) {
            let p = *self.rng.pick(STRING_PIECES);
            escaped |= p.starts_with('\\') || !p.is_ascii();
            s.push_str(p);
        }
        (s, escaped)
    }

    pub(super) fn string_attr(&mut self) -> Doc {
        let (s, escaped) = self.string_body();
        let d = Doc::text(format!("\"{s}\"")).tag("attr.string");
        if escaped {
            d.tag("attr.string.escape")
        } else {
            d
        }
    }

    fn typed_string(&mut self) -> Doc {
        let (s, _) = self.string_body();
        let t = self.ty(1);
        Doc::cat(vec![Doc::text(format!("\"{s}\" : ")), t.doc]).tag("attr.string.typed")
    }

    fn sym_name(&mut self) -> String {
        match self.rng.below(5) {
            0 => "\"quoted name\"".into(),
            1 => format!("s{}", self.rng.below(10)),
            2 => "\"0digit\"".into(),
            3 => "a.b$c".into(),
            _ => "sym".into(),
        }
    }

    /// A symbol name for a module, unique in the program.
    pub(super) fn module_name(&mut self) -> String {
        let id = self.id();
        match self.rng.below(4) {
            0 => format!("\"quoted {id}\""),
            1 => format!("\"{id}digit\""),
            2 => format!("a.b$c{id}"),
            _ => format!("m{id}"),
        }
    }

    fn symbol_ref(&mut self) -> Doc {
        let n = self.rng.range(1, 3);
        let parts: Vec<String> = (0..n).map(|_| format!("@{}", self.sym_name())).collect();
        let d = Doc::text(parts.join("::")).tag("attr.symref");
        if n > 1 {
            d.tag("attr.symref.nested")
        } else {
            d
        }
    }
}
