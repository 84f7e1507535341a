//! The ub dialect: `ub.poison` (a poisoned constant, `#ub.poison` by default) and
//! `ub.unreachable`, as MLIR 22 defines them; `ub.poison` reads its custom form by hand, to
//! check the kind of its value where MLIR does, while it is read.

use crate::ods::constraints::*;
use crate::ods::OpSpec;
use mica_ir::asm::AsmParser;
use mica_ir::{Attr, AttrDef, AttrKind, Context, OpDef, OperationState, Printer, Traits};

/// Attributes that may stand for a poison value (MLIR's `PoisonAttrInterface`): `#ub.poison`.
static POISON_ATTR_INTERFACE: AttrConstraint = AttrConstraint {
    summary: "PoisonAttrInterface instance",
    syntax: AttrSyntax::Plain,
    check: |c, a| matches!(c.attr_kind(a), AttrKind::Dialect { dialect, mnemonic, .. } if c.str(*dialect) == "ub" && c.str(*mnemonic) == "poison"),
};

/// `#ub.poison`
pub(crate) fn poison(ctx: &Context) -> Attr {
    ctx.attr(AttrKind::Dialect { dialect: ctx.ident("ub"), mnemonic: ctx.ident("poison"), params: Box::new([]) })
}

fn ops() -> Vec<OpSpec> {
    vec![
        OpSpec::new("ub.poison")
            .traits(Traits::PURE | Traits::CONSTANT_LIKE)
            .default_attr("value", &POISON_ATTR_INTERFACE, poison)
            .result("result", &ANY_TYPE)
            .format("attr-dict (`<` $value^ `>`)? `:` type($result)"),
        OpSpec::new("ub.unreachable").traits(Traits::TERMINATOR).format("attr-dict"),
    ]
}

fn parse_no_params(_: &AttrDef, _: &mut dyn AsmParser<'_>) -> Result<Vec<Attr>, ()> {
    Ok(Vec::new())
}

fn print_no_params(_: &AttrDef, _: &mut Printer<'_>, _: &[Attr]) {}

/// `ub.poison {attrs} <value> : type`, as the declarative form reads it, except that the value
/// must be a poison attribute as soon as it is read (MLIR parses it as a
/// `PoisonAttrInterface`): anything else is `invalid kind of attribute specified` at it.
fn parse_poison(_: &OpDef, p: &mut dyn AsmParser<'_>, state: &mut OperationState) -> Result<(), ()> {
    let ctx = p.ctx();
    let mut dict = p.parse_optional_attr_dict()?.unwrap_or_default();
    let mut value = None;
    if p.parse_optional_punct("<") {
        let at = p.offset();
        let v = p.parse_attribute()?;
        if !(POISON_ATTR_INTERFACE.check)(ctx, v) {
            p.error_at(at, "invalid kind of attribute specified");
            return Err(());
        }
        p.parse_punct(">")?;
        value = Some(v);
    }
    p.parse_punct(":")?;
    let ty = p.parse_type()?;
    let key = ctx.ident("value");
    // A `value` in the dictionary is the property (MLIR drops it from the discardable
    // attributes), unless `<...>` gave the property already.
    if let Some(pos) = dict.iter().position(|(k, _)| *k == key) {
        let v = dict.remove(pos).1;
        value = value.or(Some(v));
    }
    state.properties = Some(ctx.dict_attr(vec![(key, value.unwrap_or_else(|| poison(ctx)))]));
    state.attrs = if dict.is_empty() { ctx.empty_dict() } else { ctx.dict_attr(dict) };
    state.result_types.push(ty);
    Ok(())
}

/// Registers the ub dialect.
pub fn register(ctx: &mut Context) {
    ctx.registry_mut().register_attr(AttrDef { dialect: "ub", mnemonic: "poison", parse: parse_no_params, print: print_no_params, ext: None });
    crate::ods::register(ctx, ops(), &[]);
    if let Some((id, def)) = ctx.registry().lookup_str("ub.poison").map(|(id, d)| (id, d.clone())) {
        ctx.registry_mut().register(id, OpDef { parse: Some(parse_poison), ..def });
    }
    ctx.registry_mut().set_materializer("ub", |ctx, value, ty, loc| {
        crate::fold_util::is_poison(ctx, value).then(|| crate::fold_util::op_state(ctx, "ub.poison", &[], &[ty], &[("value", value)], loc))
    });
}
