//! The builtin dialect's operations: `builtin.module` (with its custom form `module @name
//! attributes {...} { ... }`) and `builtin.unrealized_conversion_cast`.

use mica_ir::asm::AsmParser;
use mica_ir::{Body, Context, Op, OpDef, OperationState, Printer, Traits};

/// Registers the builtin ops.
pub fn register(ctx: &mut Context) {
    let mut module = OpDef::new(
        "builtin.module",
        Traits::ISOLATED_FROM_ABOVE
            | Traits::SYMBOL_TABLE
            | Traits::SYMBOL
            | Traits::GRAPH_REGION
            | Traits::SINGLE_BLOCK
            | Traits::NO_TERMINATOR,
    );
    module.parse = Some(parse_module);
    module.print = Some(print_module);
    module.properties = &["sym_name", "sym_visibility"];
    crate::register(ctx, module);
    crate::register(ctx, OpDef::new("builtin.unrealized_conversion_cast", Traits::PURE));
}

fn parse_module(p: &mut dyn AsmParser<'_>, state: &mut OperationState) -> Result<(), ()> {
    let ctx = p.ctx();
    let mut props = Vec::new();
    if let Some(name) = p.parse_optional_symbol_name()? {
        props.push((ctx.ident("sym_name"), ctx.string_attr(ctx.str(name))));
    }
    if p.parse_optional_keyword("attributes") {
        let at = p.offset();
        match p.parse_optional_attr_dict()? {
            Some(entries) => state.attrs = ctx.dict_attr(entries),
            None => {
                p.error_at(at, "expected '{' in attribute dictionary");
                return Err(());
            }
        }
    }
    if !props.is_empty() {
        state.properties = Some(ctx.dict_attr(props));
    }
    p.parse_region(state, &[])?;
    Ok(())
}

fn print_module(p: &mut Printer<'_>, body: &Body, op: Op) {
    let ctx = p.ctx;
    let data = body.op(op);
    if let Some(props) = data.properties {
        if let Some(name) = ctx.dict_get(props, "sym_name").and_then(|a| ctx.as_str(a)) {
            p.write(" ");
            p.print_symbol(name);
        }
    }
    p.print_attr_dict(data.attrs, &[], true);
    let (rb, regions) = body.op_regions(op);
    if let Some(&r) = regions.first() {
        p.write(" ");
        p.print_region(rb, r, false, false);
    }
}
