//! The DLTI dialect's attributes (`#dlti.map`, `#dlti.target_system_spec`,
//! `#dlti.target_device_spec`, `#dlti.dl_spec`): lists of `key = value` entries, where a key is a
//! string or a type. MLIR re-prints them on one line, entries in written order.

use mica_ir::asm::AsmParser;
use mica_ir::{Attr, AttrDef, Context, Printer};

/// Registers the DLTI attributes.
pub fn register(ctx: &mut Context) {
    for mnemonic in ["map", "target_system_spec", "target_device_spec", "dl_spec"] {
        ctx.registry_mut().register_attr(AttrDef { dialect: "dlti", mnemonic, parse: parse_entries, print: print_entries, ext: None });
    }
}

/// `<key = value, ...>`; the result alternates keys (string or type attributes) and values.
fn parse_entries(_: &AttrDef, p: &mut dyn AsmParser<'_>) -> Result<Vec<Attr>, ()> {
    let ctx = p.ctx();
    p.parse_punct("<")?;
    let mut out = Vec::new();
    if p.parse_optional_punct(">") {
        return Ok(out);
    }
    loop {
        let key = match p.parse_optional_string()? {
            Some(s) => ctx.string_attr(&s),
            None => ctx.type_attr(p.parse_type()?),
        };
        p.parse_punct("=")?;
        let value = p.parse_attribute()?;
        out.push(key);
        out.push(value);
        if p.parse_optional_punct(">") {
            return Ok(out);
        }
        p.parse_punct(",")?;
    }
}

fn print_entries(_: &AttrDef, p: &mut Printer<'_>, params: &[Attr]) {
    p.write("<");
    for (i, pair) in params.chunks(2).enumerate() {
        if i > 0 {
            p.write(", ");
        }
        p.print_attr(pair[0]);
        if let Some(v) = pair.get(1) {
            p.write(" = ");
            p.print_attr(*v);
        }
    }
    p.write(">");
}
