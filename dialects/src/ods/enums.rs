//! Enumerations in attributes, as MLIR's `EnumAttr`s: plain enums (`slt`) and bit enums
//! (`fastmath<nnan,ninf>`), kept either as an integer attribute (`I64EnumAttr`: `2 : i64`) or
//! as a dialect attribute (`#arith.fastmath<fast>`) whose single parameter is the value.

use mica_ir::asm::AsmParser;
use mica_ir::{Attr, AttrDef, AttrKind, Context, Printer};
use std::sync::Arc;

/// Where an enum's value lives.
#[derive(Copy, Clone, Debug)]
pub enum EnumStorage {
    /// An integer attribute of this many bits (`I64EnumAttr`, `I32EnumAttr`).
    Int(u32),
    /// A dialect attribute `#dialect.mnemonic<...>`.
    Attr { dialect: &'static str, mnemonic: &'static str },
}

/// An enumeration.
#[derive(Debug)]
pub struct EnumSpec {
    /// Its cases: keyword and value. For a bit enum, cases covering several bits are groups.
    pub cases: &'static [(&'static str, u64)],
    /// `Some(separator)` for a bit enum (`","` or `", "`).
    pub bit_separator: Option<&'static str>,
    /// Where the value lives.
    pub storage: EnumStorage,
}

impl EnumSpec {
    /// The keyword of a value (for bit enums, its flags joined with the separator).
    pub fn stringify(&self, value: u64) -> Option<String> {
        let Some(sep) = self.bit_separator else {
            return self.cases.iter().find(|c| c.1 == value).map(|c| c.0.to_string());
        };
        if value == 0 {
            return self.cases.iter().find(|c| c.1 == 0).map(|c| c.0.to_string());
        }
        let mut rest = value;
        let mut words: Vec<&str> = Vec::new();
        // Groups (several bits) first, then single bits, each in declaration order.
        for (name, bits) in self.cases.iter().filter(|c| c.1.count_ones() > 1) {
            if rest & bits == *bits {
                words.push(name);
                rest &= !bits;
            }
        }
        for (name, bits) in self.cases.iter().filter(|c| c.1.count_ones() == 1) {
            if rest & bits == *bits {
                words.push(name);
                rest &= !bits;
            }
        }
        (rest == 0).then(|| words.join(sep))
    }

    /// The value of a keyword (one flag of a bit enum).
    pub fn symbolize(&self, keyword: &str) -> Option<u64> {
        self.cases.iter().find(|c| c.0 == keyword).map(|c| c.1)
    }

    /// Whether `value` is a valid value.
    pub fn is_valid(&self, value: u64) -> bool {
        match self.bit_separator {
            Some(_) => {
                let all = self.cases.iter().fold(0, |acc, c| acc | c.1);
                value & !all == 0
            }
            None => self.cases.iter().any(|c| c.1 == value),
        }
    }

    /// The attribute holding `value`.
    pub fn attr(&self, ctx: &Context, value: u64) -> Attr {
        match self.storage {
            EnumStorage::Int(w) => ctx.int_attr(ctx.int_type(w), value as i64),
            EnumStorage::Attr { dialect, mnemonic } => {
                let v = ctx.int_attr(ctx.int_type(64), value as i64);
                ctx.attr(AttrKind::Dialect { dialect: ctx.ident(dialect), mnemonic: ctx.ident(mnemonic), params: vec![v].into() })
            }
        }
    }

    /// The value held by `a`, if it is this enum's kind of attribute.
    pub fn int_value(&self, ctx: &Context, a: Attr) -> Option<u64> {
        let inner = match (self.storage, ctx.attr_kind(a)) {
            (EnumStorage::Int(w), AttrKind::Integer { ty, .. }) if ctx.int_width(*ty) == w => a,
            (EnumStorage::Attr { dialect, mnemonic }, AttrKind::Dialect { dialect: d, mnemonic: m, params })
                if ctx.str(*d) == dialect && ctx.str(*m) == mnemonic =>
            {
                *params.first()?
            }
            _ => return None,
        };
        ctx.as_i64(inner).map(|v| v as u64)
    }

    /// The summary MLIR gives an integer-stored enum's constraint
    /// (`allowed 64-bit signless integer cases: 0, 1, 2`).
    pub fn int_summary(&self) -> String {
        let width = match self.storage {
            EnumStorage::Int(w) => w,
            EnumStorage::Attr { .. } => 64,
        };
        let cases: Vec<String> = self.cases.iter().map(|c| c.1.to_string()).collect();
        format!("allowed {width}-bit signless integer cases: {}", cases.join(", "))
    }

    /// Parses the keyword(s) of a value: one keyword, or for a bit enum flags separated by
    /// commas. Reports MLIR's error on an unknown keyword.
    pub fn parse_keywords(&self, p: &mut dyn AsmParser<'_>, what: &str) -> Result<u64, ()> {
        let mut value = 0u64;
        loop {
            let at = p.offset();
            let word = match p.parse_optional_any_keyword() {
                Some(w) => w,
                None => match p.parse_optional_string()? {
                    Some(s) => s,
                    None => {
                        let names: Vec<&str> = self.cases.iter().map(|c| c.0).collect();
                        p.error_at(at, &format!("expected one of [{}] for {what}", names.join(", ")));
                        return Err(());
                    }
                },
            };
            let Some(v) = self.symbolize(&word) else {
                p.error_at(at, &format!("invalid {what} specification: \"{word}\""));
                return Err(());
            };
            value |= v;
            if self.bit_separator.is_none() || !p.parse_optional_punct(",") {
                return Ok(value);
            }
        }
    }
}

/// Registers the dialect attribute behind an attribute-stored enum, so that
/// `#dialect.mnemonic<...>` parses and prints everywhere.
pub fn register_enum_attr(ctx: &mut Context, spec: &'static EnumSpec) {
    let EnumStorage::Attr { dialect, mnemonic } = spec.storage else { return };
    ctx.registry_mut().register_attr(AttrDef { dialect, mnemonic, parse: parse_enum_params, print: print_enum_params, ext: Some(Arc::new(spec)) });
}

fn spec_of(def: &AttrDef) -> Option<&'static EnumSpec> {
    def.ext.as_ref()?.downcast_ref::<&'static EnumSpec>().copied()
}

/// `<keywords>`
fn parse_enum_params(def: &AttrDef, p: &mut dyn AsmParser<'_>) -> Result<Vec<Attr>, ()> {
    let Some(spec) = spec_of(def) else {
        let at = p.offset();
        p.error_at(at, "unknown enum attribute");
        return Err(());
    };
    p.parse_punct("<")?;
    let value = spec.parse_keywords(p, &format!("{} value", def.mnemonic))?;
    p.parse_punct(">")?;
    let ctx = p.ctx();
    Ok(vec![ctx.int_attr(ctx.int_type(64), value as i64)])
}

fn print_enum_params(def: &AttrDef, p: &mut Printer<'_>, params: &[Attr]) {
    let value = params.first().and_then(|a| p.ctx.as_i64(*a)).unwrap_or(0) as u64;
    let text = spec_of(def).and_then(|s| s.stringify(value)).unwrap_or_else(|| value.to_string());
    p.write("<");
    p.write(&text);
    p.write(">");
}
