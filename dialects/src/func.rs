//! The func dialect: `func.func`, `func.return`, `func.call`, `func.call_indirect` and
//! `func.constant`, with their custom forms and verifiers.

use mica_ir::asm::{AsmParser, EntryArg, UnresolvedOperand};
use smallvec::SmallVec;
use crate::asm_util;
use mica_ir::verify::SymbolTable;
use mica_ir::{Attr, AttrKind, Body, Context, Count, Diagnostic, Ident, Op, OpDef, OperationState, Printer, Shape, Traits, Type, TypeKind};

/// Registers the func ops.
pub fn register(ctx: &mut Context) {
    let mut func = OpDef::new("func.func", Traits::ISOLATED_FROM_ABOVE | Traits::SYMBOL | Traits::AUTOMATIC_ALLOCATION_SCOPE);
    func.parse = Some(parse_func);
    func.print = Some(print_func);
    func.verify = Some(verify_func);
    func.default_dialect = Some("func");
    func.properties = vec!["sym_name", "function_type", "sym_visibility", "arg_attrs", "res_attrs", "no_inline"];
    func.shape = Shape { operands: Count::Exactly(0), results: Count::Exactly(0), regions: Count::Exactly(1), successors: Count::Exactly(0) };
    crate::register(ctx, func);

    let mut ret = OpDef::new("func.return", Traits::TERMINATOR | Traits::PURE | Traits::RETURN_LIKE);
    ret.parse = Some(parse_return);
    ret.print = Some(print_return);
    ret.print_by_signature = true;
    ret.verify = Some(verify_return);
    ret.parents_before_terminator = &["func.func"];
    ret.shape = Shape { results: Count::Exactly(0), regions: Count::Exactly(0), successors: Count::Exactly(0), ..Shape::ANY };
    crate::register(ctx, ret);

    let mut call = OpDef::new("func.call", Traits::NONE);
    call.parse = Some(parse_call);
    call.print = Some(print_call);
    call.properties = vec!["callee", "arg_attrs", "res_attrs", "no_inline"];
    call.verify = Some(|_, ctx, body, op, _| requires(ctx, body, op, "callee"));
    call.verify_symbol_uses = Some(verify_call_symbol);
    call.shape = Shape { regions: Count::Exactly(0), successors: Count::Exactly(0), ..Shape::ANY };
    crate::register(ctx, call);

    let mut icall = OpDef::new("func.call_indirect", Traits::NONE);
    icall.parse = Some(parse_call_indirect);
    icall.print = Some(print_call_indirect);
    icall.verify = Some(verify_call_indirect);
    icall.shape = Shape { operands: Count::AtLeast(1), regions: Count::Exactly(0), successors: Count::Exactly(0), ..Shape::ANY };
    crate::register(ctx, icall);

    let mut constant = OpDef::new("func.constant", Traits::PURE | Traits::CONSTANT_LIKE);
    constant.parse = Some(parse_constant);
    constant.print = Some(print_constant);
    constant.properties = vec!["value"];
    constant.verify = Some(|_, ctx, body, op, _| requires(ctx, body, op, "value"));
    constant.verify_symbol_uses = Some(verify_constant_symbol);
    constant.result_name = Some(|_, _, _, names| names.set(0, "f"));
    constant.shape = Shape { operands: Count::Exactly(0), results: Count::Exactly(1), regions: Count::Exactly(0), successors: Count::Exactly(0) };
    crate::register(ctx, constant);
    ctx.registry_mut().set_materializer("func", materialize);
}

/// The func dialect's constants: a `func.constant` for a flat symbol reference of function
/// type.
fn materialize(ctx: &Context, value: Attr, ty: Type, loc: Attr) -> Option<OperationState> {
    let flat = matches!(ctx.attr_kind(value), AttrKind::SymbolRef { nested, .. } if nested.is_empty());
    let function = matches!(ctx.type_kind(ty), TypeKind::Function { .. });
    (flat && function).then(|| crate::fold_util::op_state(ctx, "func.constant", &[], &[ty], &[("value", value)], loc))
}

fn prop(ctx: &Context, body: &Body, op: Op, name: &str) -> Option<Attr> {
    ctx.op_attr(body, op, name)
}

/// The verifier's presence check of a required attribute (before any symbol is looked up).
fn requires(ctx: &Context, body: &Body, op: Op, name: &str) -> Result<(), Diagnostic> {
    if prop(ctx, body, op, name).is_some() {
        return Ok(());
    }
    Err(Diagnostic::on_op(body, op, format!("'{}' op requires attribute '{name}'", ctx.str(body.op(op).name))))
}

// ---------------------------------------------------------------------------- func.func

fn parse_func(_: &OpDef, p: &mut dyn AsmParser<'_>, state: &mut OperationState) -> Result<(), ()> {
    let ctx = p.ctx();
    // At most the five inherent attributes (and any repeated in `attributes {...}`).
    let mut props: SmallVec<[(mica_ir::Ident, Attr); 6]> = SmallVec::new();
    for v in ["private", "public", "nested"] {
        if p.parse_optional_keyword(v) {
            props.push((Ident::SYM_VISIBILITY, ctx.string_attr(v)));
            break;
        }
    }
    let name_at = p.offset();
    let Some(name) = p.parse_optional_symbol_name_attr()? else {
        p.error_at(name_at, "expected valid '@'-identifier for symbol name");
        return Err(());
    };
    props.push((Ident::SYM_NAME, name));
    // Arguments: `%name: type {attrs} loc(...)` or, for declarations, `type {attrs}`.
    p.parse_punct("(")?;
    // Signatures are short: their lists stay on the stack.
    let mut args: SmallVec<[EntryArg; 4]> = SmallVec::new();
    let mut types: SmallVec<[Type; 4]> = SmallVec::new();
    let mut arg_attrs: SmallVec<[Attr; 4]> = SmallVec::new();
    let mut named: Option<bool> = None;
    if !p.parse_optional_punct(")") {
        loop {
            let at = p.offset();
            let is_named = p.peek_ssa_name();
            if named.is_some_and(|n| n != is_named) {
                p.error_at(at, if is_named { "expected type instead of SSA identifier" } else { "expected SSA identifier" });
                return Err(());
            }
            named = Some(is_named);
            if is_named {
                let name = p.parse_operand()?;
                if p.operand_has_number(&name) {
                    p.error_at(at, "expected SSA identifier");
                    return Err(());
                }
                p.parse_punct(":")?;
                let ty = p.parse_type()?;
                let attrs = p.parse_optional_attr_dict()?.map(|e| ctx.dict_attr(e));
                let loc = p.parse_optional_location()?;
                arg_attrs.push(attrs.unwrap_or_else(|| ctx.empty_dict()));
                types.push(ty);
                args.push(EntryArg { name, ty, attrs, loc });
            } else {
                let ty = p.parse_type()?;
                let attrs = p.parse_optional_attr_dict()?.map(|e| ctx.dict_attr(e));
                let _ = p.parse_optional_location()?;
                arg_attrs.push(attrs.unwrap_or_else(|| ctx.empty_dict()));
                types.push(ty);
            }
            if p.parse_optional_punct(")") {
                break;
            }
            p.parse_punct(",")?;
        }
    }
    // Results.
    let mut results: SmallVec<[Type; 2]> = SmallVec::new();
    let mut res_attrs: SmallVec<[Attr; 2]> = SmallVec::new();
    if p.parse_optional_punct("->") {
        if p.parse_optional_punct("(") {
            if !p.parse_optional_punct(")") {
                loop {
                    results.push(p.parse_type()?);
                    let a = p.parse_optional_attr_dict()?.map(|e| ctx.dict_attr(e));
                    res_attrs.push(a.unwrap_or_else(|| ctx.empty_dict()));
                    if p.parse_optional_punct(")") {
                        break;
                    }
                    p.parse_punct(",")?;
                }
            }
        } else {
            results.push(p.parse_type()?);
            res_attrs.push(ctx.empty_dict());
        }
    }
    props.push((Ident::FUNCTION_TYPE, ctx.type_attr(ctx.function_type(&types, &results))));
    if arg_attrs.iter().any(|a| *a != ctx.empty_dict()) {
        props.push((Ident::ARG_ATTRS, ctx.array_attr(&arg_attrs)));
    }
    if res_attrs.iter().any(|a| *a != ctx.empty_dict()) {
        props.push((Ident::RES_ATTRS, ctx.array_attr(&res_attrs)));
    }
    if p.parse_optional_keyword("attributes") {
        let at = p.offset();
        match p.parse_optional_attr_dict()? {
            Some(entries) => {
                for (k, _) in &entries {
                    let k = ctx.str(*k);
                    if ["sym_name", "function_type", "sym_visibility"].contains(&k) {
                        p.error_at(at, &format!("'{k}' is an inferred attribute and should not be specified in the explicit attribute dictionary"));
                        return Err(());
                    }
                }
                let (inherent, rest): (Vec<_>, Vec<_>) = entries
                    .into_iter()
                    .partition(|(k, _)| matches!(ctx.str(*k), "no_inline" | "arg_attrs" | "res_attrs"));
                props.extend(inherent);
                state.attrs = ctx.dict_attr(rest);
            }
            None => {
                p.error_at(at, "expected '{' in attribute dictionary");
                return Err(());
            }
        }
    }
    state.properties = Some(ctx.dict_attr_in_place(&mut props));
    if p.peek_region() {
        // With types alone in the signature, the body spells its entry block out (or the
        // verifier finds the arguments missing).
        let at = p.offset();
        p.parse_region(state, &args)?;
        let empty = state.nested.as_deref().is_some_and(|b| b.roots.iter().all(|r| b.region_blocks(*r).is_empty()));
        if empty {
            p.error_at(at, "expected non-empty function body");
            return Err(());
        }
    } else {
        // A declaration still owns an (empty) region.
        p.add_empty_region(state);
    }
    Ok(())
}

fn print_func(_: &OpDef, p: &mut Printer<'_>, body: &Body, op: Op) {
    let ctx = p.ctx;
    let attrs = ctx.op_attrs(body, op);
    if let Some(v) = attrs.get(Ident::SYM_VISIBILITY).and_then(|a| ctx.as_str(a)) {
        p.write(" ");
        p.write(v);
    }
    p.write(" ");
    let name = attrs.get(Ident::SYM_NAME).and_then(|a| ctx.as_str(a)).unwrap_or("");
    p.print_symbol(name);
    let fty = attrs.get(Ident::FUNCTION_TYPE).and_then(|a| ctx.as_type(a));
    let (inputs, results) = fty.and_then(|t| ctx.function_signature(t)).unwrap_or((&[], &[]));
    let arg_attrs = array_items(ctx, attrs.get(Ident::ARG_ATTRS));
    let res_attrs = array_items(ctx, attrs.get(Ident::RES_ATTRS));
    let (rb, regions) = body.op_regions(op);
    let entry = regions.first().and_then(|r| rb.region_blocks(*r).first().copied());
    p.write("(");
    for (i, t) in inputs.iter().enumerate() {
        if i > 0 {
            p.write(", ");
        }
        match entry.and_then(|b| rb.block_args(b).get(i).copied()) {
            Some(v) => p.print_region_argument(rb, v, arg_attrs.get(i).copied()),
            None => {
                p.print_type(*t);
                if let Some(a) = arg_attrs.get(i) {
                    if *a != ctx.empty_dict() {
                        p.write(" ");
                        p.print_dict_literal(*a, &[]);
                    }
                }
            }
        }
    }
    p.write(")");
    if !results.is_empty() {
        p.write(" -> ");
        let any_attrs = res_attrs.iter().any(|a| *a != ctx.empty_dict());
        let wrap = any_attrs || results.len() != 1 || matches!(ctx.type_kind(results[0]), TypeKind::Function { .. });
        if wrap {
            p.write("(");
        }
        for (i, t) in results.iter().enumerate() {
            if i > 0 {
                p.write(", ");
            }
            p.print_type(*t);
            if let Some(a) = res_attrs.get(i) {
                if *a != ctx.empty_dict() {
                    p.write(" ");
                    p.print_dict_literal(*a, &[]);
                }
            }
        }
        if wrap {
            p.write(")");
        }
    }
    let merged = ctx.op_attr_dict(body, op);
    let inherent = [Ident::SYM_NAME, Ident::FUNCTION_TYPE, Ident::SYM_VISIBILITY, Ident::ARG_ATTRS, Ident::RES_ATTRS];
    p.print_attr_dict_where(merged, true, &|k, _| !inherent.contains(&k));
    if let Some(&r) = regions.first() {
        if !rb.region_blocks(r).is_empty() {
            p.write(" ");
            p.print_region(rb, r, false, true);
        }
    }
}

fn array_items(ctx: &Context, a: Option<Attr>) -> &[Attr] {
    match a.map(|a| ctx.attr_kind(a)) {
        Some(AttrKind::Array(items)) => items,
        _ => &[],
    }
}

/// A function's `function_type`, `sym_name`, `arg_attrs`, `res_attrs` and `sym_visibility`,
/// found in one pass over its properties, then its discardable attributes (the first of each
/// name wins, as with [`mica_ir::OpAttrs::get`]).
fn func_attrs(ctx: &Context, body: &Body, op: Op) -> [Option<Attr>; 5] {
    let data = body.op(op);
    let mut found = [None; 5];
    for dict in [data.properties(), Some(data.attrs)].into_iter().flatten() {
        for &(name, a) in ctx.dict_entries(dict) {
            let slot = match name {
                Ident::FUNCTION_TYPE => 0,
                Ident::SYM_NAME => 1,
                Ident::ARG_ATTRS => 2,
                Ident::RES_ATTRS => 3,
                Ident::SYM_VISIBILITY => 4,
                _ => continue,
            };
            found[slot].get_or_insert(a);
        }
    }
    found
}

fn verify_func(def: &OpDef, ctx: &Context, body: &Body, op: Op, parent: Option<(&Body, Op)>) -> Result<(), Diagnostic> {
    let [fty, sym_name, arg_attrs, res_attrs, visibility] = func_attrs(ctx, body, op);
    let Some(fty) = fty.and_then(|a| ctx.as_type(a)) else {
        return Err(Diagnostic::on_op(body, op, "'func.func' op requires attribute 'function_type'"));
    };
    let Some((inputs, results)) = ctx.function_signature(fty) else {
        return Err(Diagnostic::on_op(body, op, "'func.func' op attribute 'function_type' failed to satisfy constraint: type attribute of function type"));
    };
    if sym_name.and_then(|a| ctx.as_str(a)).is_none() {
        return Err(Diagnostic::on_op(body, op, "'func.func' op requires attribute 'sym_name'"));
    }
    for (name, a) in [("arg_attrs", arg_attrs), ("res_attrs", res_attrs)] {
        let dicts = |a: Attr| match ctx.attr_kind(a) {
            AttrKind::Array(items) => items.iter().all(|i| matches!(ctx.attr_kind(*i), AttrKind::Dictionary(_))),
            _ => false,
        };
        if a.is_some_and(|a| !dicts(a)) {
            return Err(Diagnostic::on_op(body, op, format!("'func.func' op attribute '{name}' failed to satisfy constraint: Array of dictionary attributes")));
        }
    }
    if let Some(v) = visibility {
        let s = ctx.as_str(v).unwrap_or("");
        if !["public", "private", "nested"].contains(&s) {
            return Err(Diagnostic::on_op(
                body,
                op,
                format!("'func.func' op visibility expected to be one of [\"public\", \"private\", \"nested\"], but got {}", mica_ir::printer::attr_string(ctx, v)),
            ));
        }
    }
    if def.traits.contains(Traits::SYMBOL) {
        // A named symbol: its `sym_name` is checked above.
        mica_ir::verify::verify_named_symbol_parent(ctx, body, op, parent)?;
    }
    if arg_attrs.is_some() && array_items(ctx, arg_attrs).len() != inputs.len() {
        return Err(Diagnostic::on_op(body, op, format!("'func.func' op expects argument attribute array to have the same number of elements as the number of function arguments, got {}, but expected {}", array_items(ctx, arg_attrs).len(), inputs.len())));
    }
    if res_attrs.is_some() && array_items(ctx, res_attrs).len() != results.len() {
        return Err(Diagnostic::on_op(body, op, format!("'func.func' op expects result attribute array to have the same number of elements as the number of function results, got {}, but expected {}", array_items(ctx, res_attrs).len(), results.len())));
    }
    for (what, list) in [("arguments", array_items(ctx, arg_attrs)), ("results", array_items(ctx, res_attrs))] {
        for d in list {
            if ctx.dict_entries(*d).iter().any(|(k, _)| !ctx.str(*k).contains('.')) {
                return Err(Diagnostic::on_op(body, op, format!("'func.func' op {what} may only have dialect attributes")));
            }
        }
    }
    let (rb, regions) = body.op_regions(op);
    let Some(&region) = regions.first() else { return Ok(()) };
    let Some(&entry) = rb.region_blocks(region).first() else {
        if visibility.is_none_or(|a| ctx.as_str(a) == Some("public")) {
            return Err(Diagnostic::on_op(body, op, "'func.func' op symbol declaration cannot have public visibility"));
        }
        return Ok(());
    };
    let args = rb.block_args(entry);
    if args.len() != inputs.len() {
        return Err(Diagnostic::on_op(
            body,
            op,
            format!("'func.func' op entry block must have {} arguments to match function signature", inputs.len()),
        ));
    }
    for (i, (&a, &t)) in args.iter().zip(inputs).enumerate() {
        let at = rb.value_type(a);
        if at != t {
            return Err(Diagnostic::on_op(
                body,
                op,
                format!(
                    "'func.func' op type of entry block argument #{i}('{}') must match the type of the corresponding argument in function signature('{}')",
                    mica_ir::printer::type_string(ctx, at),
                    mica_ir::printer::type_string(ctx, t)
                ),
            ));
        }
    }
    Ok(())
}

// ---------------------------------------------------------------------------- func.return

fn parse_operands_colon_types(p: &mut dyn AsmParser<'_>, state: &mut OperationState) -> Result<(), ()> {
    let ops_at = p.offset();
    let ops = asm_util::parse_operand_list(p)?;
    if let Some(entries) = p.parse_optional_attr_dict()? {
        state.attrs = p.ctx().dict_attr(entries);
    }
    if ops.is_empty() {
        return Ok(());
    }
    asm_util::parse_colon_types_and_resolve(p, &ops, ops_at, state)
}

fn parse_return(_: &OpDef, p: &mut dyn AsmParser<'_>, state: &mut OperationState) -> Result<(), ()> {
    parse_operands_colon_types(p, state)
}

fn print_operands_colon_types(p: &mut Printer<'_>, body: &Body, op: Op) {
    asm_util::print_operand_list(p, body, op);
    p.print_attr_dict(body.op(op).attrs, &[], false);
    asm_util::print_operand_types(p, body, op);
}

/// Prints `func.return` (by signature: operands, attributes and operand types only).
fn print_return(_: &OpDef, p: &mut Printer<'_>, body: &Body, op: Op) {
    print_operands_colon_types(p, body, op);
}

fn verify_return(_: &OpDef, ctx: &Context, body: &Body, op: Op, parent: Option<(&Body, Op)>) -> Result<(), Diagnostic> {
    let func = parent.filter(|(pb, pop)| ctx.str(pb.op(*pop).name) == "func.func");
    let Some((fb, fop)) = func else {
        return Err(Diagnostic::on_op(body, op, "'func.return' op expects parent op 'func.func'"));
    };
    let fty = ctx.op_attr_id(fb, fop, Ident::FUNCTION_TYPE).and_then(|a| ctx.as_type(a));
    let results: &[Type] = fty.and_then(|t| ctx.function_signature(t)).map_or(&[], |s| s.1);
    let name = || ctx.op_attr_id(fb, fop, Ident::SYM_NAME).and_then(|a| ctx.as_str(a)).unwrap_or("");
    let n = body.num_operands(op);
    if n != results.len() {
        return Err(Diagnostic::on_op(
            body,
            op,
            format!("'func.return' op has {n} operands, but enclosing function (@{}) returns {}", name(), results.len()),
        ));
    }
    for (i, (v, t)) in body.operands(op).zip(results.iter()).enumerate() {
        let vt = body.value_type(v);
        if vt != *t {
            return Err(Diagnostic::on_op(
                body,
                op,
                format!(
                    "'func.return' op type of return operand {i} ('{}') doesn't match function result type ('{}') in function @{}",
                    mica_ir::printer::type_string(ctx, vt),
                    mica_ir::printer::type_string(ctx, *t),
                    name()
                ),
            ));
        }
    }
    Ok(())
}

// ---------------------------------------------------------------------------- func.call

/// `(%a, %b)`: the operands and where the list starts (after the parenthesis).
fn parse_call_operands(p: &mut dyn AsmParser<'_>) -> Result<(Vec<UnresolvedOperand>, usize), ()> {
    p.parse_punct("(")?;
    let at = p.offset();
    let mut ops = Vec::new();
    if !p.parse_optional_punct(")") {
        loop {
            ops.push(p.parse_operand()?);
            if p.parse_optional_punct(")") {
                break;
            }
            p.parse_punct(",")?;
        }
    }
    Ok((ops, at))
}

fn resolve_with_function_type(
    p: &mut dyn AsmParser<'_>,
    state: &mut OperationState,
    (ops, ops_at): (&[UnresolvedOperand], usize),
) -> Result<Type, ()> {
    p.parse_punct(":")?;
    let at = p.offset();
    let t = p.parse_type()?;
    let Some((ins, outs)) = p.ctx().function_signature(t).map(|(a, b)| (a.to_vec(), b.to_vec())) else {
        p.error_at(at, "expected function type");
        return Err(());
    };
    asm_util::resolve_operands(p, &ops, &ins, ops_at, state)?;
    state.result_types.extend(outs);
    Ok(t)
}

fn parse_call(_: &OpDef, p: &mut dyn AsmParser<'_>, state: &mut OperationState) -> Result<(), ()> {
    let ctx = p.ctx();
    let at = p.offset();
    if !p.peek_symbol() {
        p.error_at(at, "expected valid '@'-identifier for symbol name");
        return Err(());
    }
    // The callee is a flat symbol reference: `@a::@b` is a symbol reference of another kind.
    let callee = p.parse_attribute()?;
    if !matches!(ctx.attr_kind(callee), AttrKind::SymbolRef { nested, .. } if nested.is_empty()) {
        p.error_at(at, "invalid kind of attribute specified");
        return Err(());
    }
    let (ops, ops_at) = parse_call_operands(p)?;
    let mut props = vec![(ctx.ident("callee"), callee)];
    if let Some(entries) = p.parse_optional_attr_dict()? {
        let (inherent, rest): (Vec<_>, Vec<_>) = entries.into_iter().partition(|(k, _)| ctx.str(*k) == "no_inline");
        props.extend(inherent);
        state.attrs = ctx.dict_attr(rest);
    }
    resolve_with_function_type(p, state, (&ops, ops_at))?;
    state.properties = Some(ctx.dict_attr_in_place(&mut props));
    Ok(())
}

fn print_call(_: &OpDef, p: &mut Printer<'_>, body: &Body, op: Op) {
    let ctx = p.ctx;
    p.write(" ");
    if let Some(c) = prop(ctx, body, op, "callee") {
        p.print_attr(c);
    }
    p.write("(");
    for (i, v) in body.operands(op).enumerate() {
        if i > 0 {
            p.write(", ");
        }
        p.print_value(body, v);
    }
    p.write(")");
    let merged = ctx.op_attr_dict(body, op);
    p.print_attr_dict(merged, &["callee", "arg_attrs", "res_attrs"], false);
    p.write(" : ");
    let ins: Vec<Type> = body.operands(op).map(|v| body.value_type(v)).collect();
    let outs: Vec<Type> = body.results(op).iter().map(|v| body.value_type(*v)).collect();
    p.print_function_type(&ins, &outs);
}

fn parse_call_indirect(_: &OpDef, p: &mut dyn AsmParser<'_>, state: &mut OperationState) -> Result<(), ()> {
    let callee = p.parse_operand()?;
    let (ops, ops_at) = parse_call_operands(p)?;
    if let Some(entries) = p.parse_optional_attr_dict()? {
        state.attrs = p.ctx().dict_attr(entries);
    }
    p.parse_punct(":")?;
    let at = p.offset();
    let t = p.parse_type()?;
    let Some((ins, outs)) = p.ctx().function_signature(t).map(|(a, b)| (a.to_vec(), b.to_vec())) else {
        p.error_at(at, "expected function type");
        return Err(());
    };
    let c = p.resolve_operand(&callee, t)?;
    state.operands.push(c);
    asm_util::resolve_operands(p, &ops, &ins, ops_at, state)?;
    state.result_types.extend(outs);
    Ok(())
}

fn print_call_indirect(_: &OpDef, p: &mut Printer<'_>, body: &Body, op: Op) {
    let vals: Vec<_> = body.operands(op).collect();
    p.write(" ");
    if let Some(&c) = vals.first() {
        p.print_value(body, c);
    }
    p.write("(");
    for (i, v) in vals.iter().skip(1).enumerate() {
        if i > 0 {
            p.write(", ");
        }
        p.print_value(body, *v);
    }
    p.write(")");
    p.print_attr_dict(body.op(op).attrs, &[], false);
    p.write(" : ");
    if let Some(&c) = vals.first() {
        p.print_type(body.value_type(c));
    }
}

fn verify_call_indirect(_: &OpDef, ctx: &Context, body: &Body, op: Op, _parent: Option<(&Body, Op)>) -> Result<(), Diagnostic> {
    let Some(c) = body.operands(op).next() else {
        return Err(Diagnostic::on_op(body, op, "'func.call_indirect' op requires a callee operand"));
    };
    let Some((ins, outs)) = ctx.function_signature(body.value_type(c)) else {
        return Err(Diagnostic::on_op(body, op, "'func.call_indirect' op callee must be a function"));
    };
    let args: Vec<Type> = body.operands(op).skip(1).map(|v| body.value_type(v)).collect();
    let res: Vec<Type> = body.results(op).iter().map(|v| body.value_type(*v)).collect();
    if args != ins || res != outs {
        return Err(Diagnostic::on_op(body, op, "'func.call_indirect' op callee types do not match the call"));
    }
    Ok(())
}

fn quoted_types(ctx: &Context, types: &[Type]) -> String {
    types.iter().map(|t| format!("'{}'", mica_ir::printer::type_string(ctx, *t))).collect::<Vec<_>>().join(", ")
}

/// The callee's name and signature, or the diagnostic for a missing callee.
fn referenced_function<'a>(
    ctx: &'a Context,
    body: &Body,
    op: Op,
    attr: &str,
    table: &SymbolTable<'a>,
) -> Result<(String, Option<Type>), Diagnostic> {
    let name = match prop(ctx, body, op, attr).map(|a| ctx.attr_kind(a)) {
        Some(AttrKind::SymbolRef { root, .. }) => ctx.str(*root).to_string(),
        _ => return Err(Diagnostic::on_op(body, op, format!("'{}' op requires a symbol reference", ctx.str(body.op(op).name)))),
    };
    let ty = table.lookup(&name).filter(|(b, o)| ctx.str(b.op(*o).name) == "func.func").and_then(|(b, o)| {
        prop(ctx, b, o, "function_type").and_then(|a| ctx.as_type(a))
    });
    Ok((name, ty))
}

fn verify_call_symbol(ctx: &Context, body: &Body, op: Op, table: &SymbolTable<'_>) -> Result<(), Diagnostic> {
    let loc = body.op(op).loc;
    let (name, ty) = referenced_function(ctx, body, op, "callee", table)?;
    let Some(fty) = ty else {
        return Err(Diagnostic::on_op(body, op, format!("'func.call' op '{name}' does not reference a valid function")));
    };
    let (ins, outs) = ctx.function_signature(fty).unwrap_or((&[], &[]));
    let args: Vec<Type> = body.operands(op).map(|v| body.value_type(v)).collect();
    if args.len() != ins.len() {
        return Err(Diagnostic::on_op(body, op, "'func.call' op incorrect number of operands for callee"));
    }
    for (i, (a, t)) in args.iter().zip(ins).enumerate() {
        if a != t {
            return Err(Diagnostic::on_op(
                body,
                op,
                format!(
                    "'func.call' op operand type mismatch: expected operand type '{}', but provided '{}' for operand number {i}",
                    mica_ir::printer::type_string(ctx, *t),
                    mica_ir::printer::type_string(ctx, *a)
                ),
            ));
        }
    }
    let res: Vec<Type> = body.results(op).iter().map(|v| body.value_type(*v)).collect();
    if res.len() != outs.len() {
        return Err(Diagnostic::on_op(body, op, "'func.call' op incorrect number of results for callee"));
    }
    for (i, (a, t)) in res.iter().zip(outs).enumerate() {
        if a != t {
            return Err(Diagnostic::on_op(body, op, format!("'func.call' op result type mismatch at index {i}"))
                .with_note(loc, format!("      op result types: {}", quoted_types(ctx, &res)))
                .with_note(loc, format!("function result types: {}", quoted_types(ctx, outs))));
        }
    }
    Ok(())
}

fn verify_constant_symbol(ctx: &Context, body: &Body, op: Op, table: &SymbolTable<'_>) -> Result<(), Diagnostic> {
    let (name, ty) = referenced_function(ctx, body, op, "value", table)?;
    let Some(fty) = ty else {
        return Err(Diagnostic::on_op(body, op, format!("'func.constant' op reference to undefined function '{name}'")));
    };
    let rt = body.results(op).first().map(|v| body.value_type(*v));
    if rt != Some(fty) {
        return Err(Diagnostic::on_op(body, op, "'func.constant' op reference to function with mismatched type"));
    }
    Ok(())
}

// ---------------------------------------------------------------------------- func.constant

fn parse_constant(_: &OpDef, p: &mut dyn AsmParser<'_>, state: &mut OperationState) -> Result<(), ()> {
    let ctx = p.ctx();
    let at = p.offset();
    let Some(sym) = p.parse_optional_symbol_name()? else {
        p.parse_attribute()?;
        p.error_at(at, "invalid kind of attribute specified");
        return Err(());
    };
    if let Some(entries) = p.parse_optional_attr_dict()? {
        state.attrs = ctx.dict_attr(entries);
    }
    p.parse_punct(":")?;
    let t = p.parse_type()?;
    state.result_types.push(t);
    state.properties = Some(ctx.dict_attr(vec![(ctx.ident("value"), ctx.symbol_ref(sym))]));
    Ok(())
}

fn print_constant(_: &OpDef, p: &mut Printer<'_>, body: &Body, op: Op) {
    let ctx = p.ctx;
    p.write(" ");
    if let Some(v) = prop(ctx, body, op, "value") {
        p.print_attr(v);
    }
    p.print_attr_dict(body.op(op).attrs, &[], false);
    p.write(" : ");
    if let Some(&r) = body.results(op).first() {
        p.print_type(body.value_type(r));
    }
}
