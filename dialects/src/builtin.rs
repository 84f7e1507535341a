//! The builtin dialect's operations: `builtin.module` (with its custom form `module @name
//! attributes {...} { ... }`) and `builtin.unrealized_conversion_cast`.

use crate::asm_util;
use mica_ir::asm::AsmParser;
use mica_ir::registry::{FoldResult, Folded};
use mica_ir::{Body, Context, Count, Diagnostic, Op, OpDef, OperationState, Printer, Shape, Traits, Value, ValueDef};

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
    module.verify = Some(verify_module);
    module.default_dialect = Some("builtin");
    module.print = Some(print_module);
    module.properties = vec!["sym_name", "sym_visibility"];
    module.shape = Shape { operands: Count::Exactly(0), results: Count::Exactly(0), regions: Count::Exactly(1), successors: Count::Exactly(0) };
    crate::register(ctx, module);
    let mut cast = OpDef::new("builtin.unrealized_conversion_cast", Traits::PURE);
    cast.shape = Shape { regions: Count::Exactly(0), successors: Count::Exactly(0), ..Shape::ANY };
    cast.parse = Some(parse_cast);
    cast.print = Some(print_cast);
    cast.verify = Some(verify_cast);
    cast.fold = Some(fold_cast);
    crate::register(ctx, cast);
}

/// A cast to its own operand types folds to its operands; so does a cast undoing another
/// cast all of whose results it takes, in order.
fn fold_cast(_: &Context, body: &mut Body, op: Op, _: &[Option<mica_ir::Attr>]) -> Option<FoldResult> {
    let operands: Vec<Value> = body.operands(op).collect();
    let results = body.results(op);
    let types = |vs: &[Value]| vs.iter().map(|v| body.value_type(*v)).collect::<Vec<_>>();
    if types(&operands) == types(results) {
        return Some(FoldResult::Results(operands.into_iter().map(Folded::Value).collect()));
    }
    let ValueDef::Result(input, _) = body.value(*operands.first()?).def else { return None };
    if body.op(input).name != body.op(op).name || body.results(input) != operands.as_slice() {
        return None;
    }
    let inner: Vec<Value> = body.operands(input).collect();
    if types(&inner) != types(results) {
        return None;
    }
    Some(FoldResult::Results(inner.into_iter().map(Folded::Value).collect()))
}

/// `($inputs^ : type($inputs))? to type($outputs) attr-dict`
fn parse_cast(_: &OpDef, p: &mut dyn AsmParser<'_>, state: &mut OperationState) -> Result<(), ()> {
    let ops_at = p.offset();
    let ops = asm_util::parse_operand_list(p)?;
    if !ops.is_empty() {
        asm_util::parse_colon_types_and_resolve(p, &ops, ops_at, state)?;
    }
    if !p.parse_optional_keyword("to") {
        let at = p.offset();
        p.error_at(at, "expected 'to'");
        return Err(());
    }
    loop {
        let t = p.parse_type()?;
        state.result_types.push(t);
        if !p.parse_optional_punct(",") {
            break;
        }
    }
    if let Some(entries) = p.parse_optional_attr_dict()? {
        state.attrs = p.ctx().dict_attr(entries);
    }
    Ok(())
}

fn print_cast(_: &OpDef, p: &mut Printer<'_>, body: &Body, op: Op) {
    asm_util::print_operand_list(p, body, op);
    asm_util::print_operand_types(p, body, op);
    p.write(" to ");
    let types: Vec<_> = body.results(op).iter().map(|v| body.value_type(*v)).collect();
    p.type_list(&types);
    p.print_attr_dict(body.op(op).attrs, &[], false);
}

fn verify_cast(_: &OpDef, _ctx: &Context, body: &Body, op: Op, _parent: Option<(&Body, Op)>) -> Result<(), Diagnostic> {
    if body.results(op).is_empty() {
        return Err(Diagnostic::on_op(body, op, "'builtin.unrealized_conversion_cast' op expected at least one result for cast operation"));
    }
    Ok(())
}

fn parse_module(_: &OpDef, p: &mut dyn AsmParser<'_>, state: &mut OperationState) -> Result<(), ()> {
    let ctx = p.ctx();
    let mut props = Vec::new();
    if let Some(name) = p.parse_optional_symbol_name_attr()? {
        props.push((ctx.ident("sym_name"), name));
    }
    if p.parse_optional_keyword("attributes") {
        let at = p.offset();
        match p.parse_optional_attr_dict()? {
            Some(entries) => {
                // `sym_visibility` is a property even when written among the attributes.
                let (inherent, rest): (Vec<_>, Vec<_>) = entries.into_iter().partition(|(k, _)| ctx.str(*k) == "sym_visibility");
                props.extend(inherent);
                state.attrs = ctx.dict_attr(rest);
            }
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

fn verify_module(_: &OpDef, ctx: &Context, body: &Body, op: Op, parent: Option<(&Body, Op)>) -> Result<(), Diagnostic> {
    let (rb, regions) = body.op_regions(op);
    if regions.iter().any(|r| rb.region_blocks(*r).len() != 1) {
        return Err(Diagnostic::on_op(body, op, "'builtin.module' op region #0 ('bodyRegion') failed to verify constraint: region with 1 blocks"));
    }
    mica_ir::verify::verify_symbol_parent(ctx, body, op, parent)?;
    for &r in regions {
        if rb.region_blocks(r).first().is_some_and(|b| !rb.block_args(*b).is_empty()) {
            return Err(Diagnostic::on_op(body, op, "'builtin.module' op region should have no arguments"));
        }
    }
    Ok(())
}

fn print_module(_: &OpDef, p: &mut Printer<'_>, body: &Body, op: Op) {
    let ctx = p.ctx;
    if let Some(name) = ctx.op_attr(body, op, "sym_name").and_then(|a| ctx.as_str(a)) {
        p.write(" ");
        p.print_symbol(name);
    }
    p.print_attr_dict(ctx.op_attr_dict(body, op), &["sym_name"], true);
    let (rb, regions) = body.op_regions(op);
    if let Some(&r) = regions.first() {
        p.write(" ");
        p.print_region(rb, r, false, false);
    }
}
