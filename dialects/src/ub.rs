//! The ub dialect: `ub.poison` (a poisoned constant, `#ub.poison` by default) and
//! `ub.unreachable`, as MLIR 22 defines them.

use crate::ods::constraints::*;
use crate::ods::OpSpec;
use mica_ir::asm::AsmParser;
use mica_ir::{Attr, AttrDef, AttrKind, Context, Printer, Traits};

/// Attributes that may stand for a poison value (MLIR's `PoisonAttrInterface`): `#ub.poison`.
/// Read as that interface: another kind of attribute is an error while parsing.
static POISON_ATTR_INTERFACE: AttrConstraint = AttrConstraint {
    summary: "PoisonAttrInterface instance",
    syntax: AttrSyntax::Kind,
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

/// Registers the ub dialect.
pub fn register(ctx: &mut Context) {
    ctx.registry_mut().register_attr(AttrDef { dialect: "ub", mnemonic: "poison", parse: parse_no_params, print: print_no_params, ext: None });
    crate::ods::register(ctx, ops(), &[]);
    ctx.registry_mut().set_materializer("ub", |ctx, value, ty, loc| {
        crate::fold_util::is_poison(ctx, value).then(|| crate::fold_util::op_state(ctx, "ub.poison", &[], &[ty], &[("value", value)], loc))
    });
}
