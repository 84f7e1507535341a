//! The scf dialect: structured control flow — `scf.for`, `scf.if`, `scf.while` with
//! `scf.condition`, `scf.parallel` with `scf.reduce`/`scf.reduce.return`, `scf.forall` with
//! `scf.forall.in_parallel`, `scf.execute_region`, `scf.index_switch` and `scf.yield`, with
//! MLIR 22's custom forms (hand-written where MLIR's are) and verifiers.

use crate::ods::constraints::*;
use crate::ods::custom::{CustomArg, CustomDirective, ParseCtx};
use crate::ods::{Check, OpSpec, OpView};
use mica_ir::asm::{AsmParser, EntryArg, UnresolvedOperand};
use crate::asm_util::{parse_function_result_types, parse_optional_arrow_types};
use crate::fold_util::value_i64;
use mica_ir::printer::type_string;
use crate::ods::{AttrConstraint, AttrSyntax};
use mica_ir::{Attr, AttrKind, Body, Context, Diagnostic, Ident, Op, OpDef, OperationState, Printer, Region, Traits, Type, Value, DYNAMIC};
use smallvec::SmallVec;

/// Operands, types or block arguments of a loop: a few, kept inline.
type Few<T> = SmallVec<[T; 4]>;

const YIELD_PARENTS: &[&str] = &["scf.execute_region", "scf.for", "scf.if", "scf.index_switch", "scf.while"];

fn ops() -> Vec<OpSpec> {
    vec![
        OpSpec::new("scf.condition")
            .traits(Traits::PURE | Traits::TERMINATOR | Traits::RETURN_LIKE)
            .operand("condition", &I1)
            .variadic("args", &ANY_TYPE)
            .check(Check::HasParent(&["scf.while"]))
            .verify_by_signature()
            .region_terminator(crate::scf_control_flow::CONDITION)
            .format("`(` $condition `)` attr-dict ($args^ `:` type($args))?"),
        OpSpec::new("scf.execute_region")
            .traits(Traits::RECURSIVE_MEMORY_EFFECTS)
            .variadic_result("results", &ANY_TYPE)
            .optional_attr("no_inline", &UNIT_ATTR)
            .region("region", None)
            .region_branch(mica_ir::control_flow::RUN_ONCE)
            .verify(verify_execute_region)
            .custom(parse_execute_region, print_execute_region),
        OpSpec::new("scf.for")
            .traits(Traits::RECURSIVE_MEMORY_EFFECTS)
            .operand("lowerBound", &SIGNLESS_INTEGER_OR_INDEX)
            .operand("upperBound", &SIGNLESS_INTEGER_OR_INDEX)
            .operand("step", &SIGNLESS_INTEGER_OR_INDEX)
            .variadic("initArgs", &ANY_TYPE)
            .optional_attr("unsignedCmp", &UNIT_ATTR)
            .variadic_result("results", &ANY_TYPE)
            .region("region", Some(1))
            .implicit_terminator("scf.yield")
            .check(crate::ods::Check::AllTypesMatch(&["lowerBound", "upperBound", "step"]))
            .region_branch(crate::scf_control_flow::FOR)
            .verify(verify_for)
            .verify_regions(verify_for_regions)
            .custom(parse_for, print_for),
        OpSpec::new("scf.forall")
            .traits(Traits::RECURSIVE_MEMORY_EFFECTS)
            .variadic("dynamicLowerBound", &INDEX)
            .variadic("dynamicUpperBound", &INDEX)
            .variadic("dynamicStep", &INDEX)
            .attr("staticLowerBound", &DENSE_I64_ARRAY_ATTR)
            .attr("staticUpperBound", &DENSE_I64_ARRAY_ATTR)
            .attr("staticStep", &DENSE_I64_ARRAY_ATTR)
            .variadic("outputs", &ANY_RANKED_TENSOR)
            .optional_attr("mapping", &DEVICE_MAPPING_ARRAY_ATTR)
            .operand_segments()
            .variadic_result("results", &ANY_TYPE)
            .region("region", Some(1))
            .implicit_terminator("scf.forall.in_parallel")
            .region_branch(crate::scf_control_flow::FORALL)
            .verify(verify_forall)
            .custom(parse_forall, print_forall),
        OpSpec::new("scf.forall.in_parallel")
            .traits(Traits::PURE | Traits::TERMINATOR | Traits::GRAPH_REGION | Traits::NO_TERMINATOR | Traits::SINGLE_BLOCK)
            .region("region", Some(1))
            .check(Check::HasParent(&["scf.forall"]))
            .verify(verify_in_parallel)
            .custom(parse_in_parallel, print_in_parallel),
        OpSpec::new("scf.if")
            .traits(Traits::RECURSIVE_MEMORY_EFFECTS)
            .operand("condition", &I1)
            .variadic_result("results", &ANY_TYPE)
            .region("thenRegion", Some(1))
            .region("elseRegion", None)
            .implicit_terminator("scf.yield")
            .region_branch(crate::scf_control_flow::IF)
            .verify(verify_if)
            .verify_regions(verify_if_regions)
            .custom(parse_if, print_if),
        OpSpec::new("scf.index_switch")
            .traits(Traits::RECURSIVE_MEMORY_EFFECTS)
            .operand("arg", &INDEX)
            .attr("cases", &DENSE_I64_ARRAY_ATTR)
            .variadic_result("results", &ANY_TYPE)
            .region("defaultRegion", Some(1))
            .variadic_region("caseRegions", Some(1))
            .implicit_terminator("scf.yield")
            .region_branch(crate::scf_control_flow::INDEX_SWITCH)
            .verify_diag(verify_index_switch)
            .format("$arg attr-dict (`->` type($results)^)? custom<SwitchCases>($cases, $caseRegions) `\\n` `` `default` $defaultRegion"),
        OpSpec::new("scf.parallel")
            .traits(Traits::RECURSIVE_MEMORY_EFFECTS)
            .variadic("lowerBound", &INDEX)
            .variadic("upperBound", &INDEX)
            .variadic("step", &INDEX)
            .variadic("initVals", &ANY_TYPE)
            .operand_segments()
            .variadic_result("results", &ANY_TYPE)
            .region("region", Some(1))
            .implicit_terminator("scf.reduce")
            .region_branch(crate::scf_control_flow::PARALLEL)
            .verify_diag(verify_parallel)
            .custom(parse_parallel, print_parallel),
        OpSpec::new("scf.reduce")
            .traits(Traits::RECURSIVE_MEMORY_EFFECTS)
            .traits(Traits::TERMINATOR)
            .region_terminator(crate::scf_control_flow::REDUCE)
            .variadic("operands", &ANY_TYPE)
            .variadic_region("reductions", Some(1))
            .check(Check::HasParent(&["scf.parallel"]))
            .verify_regions(verify_reduce_regions)
            .format("(`(` $operands^ `:` type($operands) `)`)? $reductions attr-dict"),
        OpSpec::new("scf.reduce.return")
            .traits(Traits::PURE | Traits::TERMINATOR)
            .operand("result", &ANY_TYPE)
            .check(Check::HasParent(&["scf.reduce"]))
            .verify(verify_reduce_return)
            .format("$result attr-dict `:` type($result)"),
        OpSpec::new("scf.while")
            .traits(Traits::RECURSIVE_MEMORY_EFFECTS)
            .variadic("inits", &ANY_TYPE)
            .variadic_result("results", &ANY_TYPE)
            .region("before", Some(1))
            .region("after", Some(1))
            .traits(Traits::SINGLE_BLOCK)
            .region_branch(crate::scf_control_flow::WHILE)
            .verify_diag(verify_while)
            .custom(parse_while, print_while),
        OpSpec::new("scf.yield")
            .traits(Traits::PURE | Traits::TERMINATOR | Traits::RETURN_LIKE)
            .variadic("results", &ANY_TYPE)
            .check(Check::HasParent(YIELD_PARENTS))
            .verify_by_signature()
            .format("attr-dict ($results^ `:` type($results))?"),
    ]
}

static DIRECTIVES: &[CustomDirective] = &[CustomDirective { name: "SwitchCases", parse: parse_switch_cases, print: print_switch_cases }];

/// Registers the scf dialect.
pub fn register(ctx: &mut Context) {
    let mut specs = ops();
    for s in &mut specs {
        let (fold, patterns) = crate::scf_fold::rewrites(s.name);
        s.fold = fold;
        s.patterns = patterns;
    }
    crate::ods::register(ctx, specs, DIRECTIVES);
}

// ------------------------------------------------------------------------------ helpers

fn ty_str(ctx: &Context, t: Type) -> String {
    type_string(ctx, t)
}

/// The regions of the op and the body holding their blocks.
fn regions<'b>(v: &OpView<'b>) -> (&'b Body, &'b [Region]) {
    v.body.op_regions(v.op)
}

/// The last op of the first block of a region.
fn region_terminator(body: &Body, r: Region) -> Option<Op> {
    body.region_blocks(r).first().and_then(|&b| body.block_last_op(b))
}

fn types_of(body: &Body, values: &[Value]) -> Vec<Type> {
    values.iter().map(|v| body.value_type(*v)).collect()
}

/// `(%arg = %init, ...)`: the region arguments and their initial values.
fn parse_assignment_list(p: &mut dyn AsmParser<'_>) -> Result<(Few<UnresolvedOperand>, Few<UnresolvedOperand>), ()> {
    let mut args = Few::new();
    let mut inits = Few::new();
    p.parse_punct("(")?;
    if p.parse_optional_punct(")") {
        return Ok((args, inits));
    }
    loop {
        args.push(p.parse_operand()?);
        p.parse_punct("=")?;
        inits.push(p.parse_operand()?);
        if p.parse_optional_punct(")") {
            return Ok((args, inits));
        }
        p.parse_punct(",")?;
    }
}

/// `(%a, %b)`.
fn parse_paren_operands(p: &mut dyn AsmParser<'_>) -> Result<Vec<UnresolvedOperand>, ()> {
    p.parse_punct("(")?;
    let ops = crate::asm_util::parse_operand_list(p)?;
    p.parse_punct(")")?;
    Ok(ops.into_vec())
}

fn entry_args(names: &[UnresolvedOperand], types: &[Type]) -> Few<EntryArg> {
    names.iter().zip(types).map(|(n, t)| EntryArg { name: n.clone(), ty: *t, attrs: None, loc: None }).collect()
}

fn resolve_all(p: &mut dyn AsmParser<'_>, ops: &[UnresolvedOperand], types: &[Type], state: &mut OperationState) -> Result<(), ()> {
    for (o, t) in ops.iter().zip(types) {
        let v = p.resolve_operand(o, *t)?;
        state.operands.push(v);
    }
    Ok(())
}

/// Reads the optional attribute dictionary (with the `attributes` keyword when asked) and
/// keeps the entries named in `inherent` as properties, with `props` parsed before.
fn finish_attrs(p: &mut dyn AsmParser<'_>, state: &mut OperationState, with_keyword: bool, inherent: &[&str], mut props: Vec<(Ident, Attr)>) -> Result<(), ()> {
    let ctx = p.ctx();
    let entries = if !with_keyword || p.parse_optional_keyword("attributes") {
        let at = p.offset();
        match p.parse_optional_attr_dict()? {
            Some(e) => e,
            None if with_keyword => {
                p.error_at(at, "expected '{' in attribute dictionary");
                return Err(());
            }
            None => Vec::new(),
        }
    } else {
        Vec::new()
    };
    let mut rest = Vec::new();
    for (k, v) in entries {
        if inherent.contains(&ctx.str(k)) && !props.iter().any(|(pk, _)| *pk == k) {
            props.push((k, v));
        } else {
            rest.push((k, v));
        }
    }
    if !props.is_empty() {
        state.properties = Some(ctx.dict_attr(props));
    }
    state.attrs = ctx.dict_attr(rest);
    Ok(())
}

/// ` -> t` or ` -> (t1, t2)`; nothing for no types.
fn print_optional_arrow_types(p: &mut Printer<'_>, types: &[Type]) {
    if types.is_empty() {
        return;
    }
    p.write(" -> ");
    p.print_result_types(types);
}

fn print_values(p: &mut Printer<'_>, body: &Body, values: &[Value]) {
    for (i, v) in values.iter().enumerate() {
        if i > 0 {
            p.write(", ");
        }
        p.print_value(body, *v);
    }
}

/// ` prefix(%arg = %init, ...)` (nothing without initial values).
fn print_init_list(p: &mut Printer<'_>, rb: &Body, args: &[Value], body: &Body, inits: &[Value], prefix: &str) {
    if inits.is_empty() {
        return;
    }
    p.write(prefix);
    p.write("(");
    for (i, (a, x)) in args.iter().zip(inits).enumerate() {
        if i > 0 {
            p.write(", ");
        }
        p.print_value(rb, *a);
        p.write(" = ");
        p.print_value(body, *x);
    }
    p.write(")");
}

fn entry_block_args(body: &Body, op: Op, region: usize) -> (&Body, &[Value]) {
    let (rb, regions) = body.op_regions(op);
    let args = regions.get(region).and_then(|r| rb.region_blocks(*r).first()).map_or(&[][..], |b| rb.block_args(*b));
    (rb, args)
}

// ------------------------------------------------------------------------------ scf.for

fn parse_for(_: &OpDef, p: &mut dyn AsmParser<'_>, state: &mut OperationState) -> Result<(), ()> {
    let ctx = p.ctx();
    let mut props = Vec::new();
    if p.parse_optional_keyword("unsigned") {
        props.push((ctx.ident("unsignedCmp"), ctx.unit_attr()));
    }
    let iv = p.parse_operand()?;
    p.parse_punct("=")?;
    let lb = p.parse_operand()?;
    p.parse_keyword("to")?;
    let ub = p.parse_operand()?;
    p.parse_keyword("step")?;
    let step = p.parse_operand()?;
    let (mut args, mut inits) = (Few::new(), Few::new());
    let has_iter_args = p.parse_optional_keyword("iter_args");
    if has_iter_args {
        (args, inits) = parse_assignment_list(p)?;
        p.parse_punct("->")?;
        state.result_types = parse_function_result_types(p)?.into();
    }
    if args.len() != state.result_types.len() {
        let at = p.name_offset();
        p.error_at(at, "mismatch in number of loop-carried values and defined values");
        return Err(());
    }
    let iv_ty = if p.parse_optional_punct(":") { p.parse_type()? } else { ctx.index_type() };
    resolve_all(p, &[lb, ub, step], &[iv_ty; 3], state)?;
    let mut names: Few<_> = smallvec::smallvec![iv];
    names.extend(args);
    let mut types: Few<_> = smallvec::smallvec![iv_ty];
    types.extend(state.result_types.iter().copied());
    p.parse_region(state, &entry_args(&names, &types))?;
    p.ensure_terminator(state, 0, "scf.yield");
    let results: Few<Type> = state.result_types.iter().copied().collect();
    resolve_all(p, &inits, &results, state)?;
    finish_attrs(p, state, false, &["unsignedCmp"], props)
}

fn print_for(_: &OpDef, p: &mut Printer<'_>, body: &Body, op: Op) {
    let ctx = p.ctx;
    if ctx.op_attr(body, op, "unsignedCmp").is_some() {
        p.write(" unsigned");
    }
    let operands = body.operand_values(op);
    let (rb, args) = entry_block_args(body, op, 0);
    p.write(" ");
    if let Some(&iv) = args.first() {
        p.print_value(rb, iv);
    }
    p.write(" = ");
    for (k, kw) in [(0, ""), (1, " to "), (2, " step ")] {
        p.write(kw);
        if let Some(&v) = operands.get(k) {
            p.print_value(body, v);
        }
    }
    let inits = operands.get(3..).unwrap_or(&[]);
    print_init_list(p, rb, args.get(1..).unwrap_or(&[]), body, inits, " iter_args");
    if !inits.is_empty() {
        p.write(" -> (");
        p.type_list(&types_of(body, inits));
        p.write(")");
    }
    p.write(" ");
    if let Some(&iv) = args.first() {
        let t = rb.value_type(iv);
        if !matches!(ctx.type_kind(t), mica_ir::TypeKind::Index) {
            p.write(" : ");
            p.print_type(t);
            p.write(" ");
        }
    }
    let (rb, regions) = body.op_regions(op);
    if let Some(&r) = regions.first() {
        p.print_region_with(rb, r, false, false, !inits.is_empty());
    }
    p.print_attr_dict(ctx.op_attr_dict(body, op), &["unsignedCmp"], false);
}

fn verify_for(_: &Context, v: &OpView<'_>) -> Result<(), String> {
    if v.operands_named("initArgs").len() != v.body.results(v.op).len() {
        return Err("mismatch in number of loop-carried values and defined values".into());
    }
    Ok(())
}

fn verify_for_regions(ctx: &Context, v: &OpView<'_>) -> Result<(), String> {
    let (rb, regions) = regions(v);
    let Some(&entry) = regions.first().and_then(|r| rb.region_blocks(*r).first()) else { return Ok(()) };
    let args = rb.block_args(entry);
    let inits = v.operands_named("initArgs");
    let results = v.body.results(v.op);
    // The loop-like interface first, then the op's own region checks.
    verify_loop_like(ctx, v, rb, regions[0], (inits, args.get(1..).unwrap_or(&[])), results)?;
    let lb = v.operand("lowerBound").map(|x| v.ty(x));
    if args.first().map(|a| rb.value_type(*a)) != lb {
        return Err("expected induction variable to be same type as bounds and step".into());
    }
    verify_yield_types(ctx, rb, regions[0], 0, (v.body, results))
}

/// MLIR's `LoopLikeOpInterface` checks: as many inits, region iter_args, yielded values (when
/// the body yields any) and loop results, each iter_arg of the type of its init, of the value
/// yielded for it and of its loop result. `region`'s terminator yields the values.
fn verify_loop_like(ctx: &Context, v: &OpView<'_>, rb: &Body, region: Region, (inits, args): (&[Value], &[Value]), results: &[Value]) -> Result<(), String> {
    let yielded = region_terminator(rb, region).filter(|t| ctx.str(rb.op(*t).name) == "scf.yield").map_or(&[][..], |t| rb.operand_values(t));
    if inits.len() != args.len() {
        return Err(format!("different number of inits and region iter_args: {} != {}", inits.len(), args.len()));
    }
    if !yielded.is_empty() && args.len() != yielded.len() {
        return Err(format!("different number of region iter_args and yielded values: {} != {}", args.len(), yielded.len()));
    }
    if results.len() != args.len() {
        return Err(format!("different number of loop results and region iter_args: {} != {}", results.len(), args.len()));
    }
    let pair = |a: Type, b: Type| format!("'{}' != '{}'", ty_str(ctx, a), ty_str(ctx, b));
    for (i, (&init, &arg)) in inits.iter().zip(args).enumerate() {
        let (ti, ta) = (v.ty(init), rb.value_type(arg));
        if ti != ta {
            return Err(format!("{i}-th init and {i}-th region iter_arg have different type: {}", pair(ti, ta)));
        }
        if let Some(&y) = yielded.get(i) {
            let ty = rb.value_type(y);
            if ta != ty {
                return Err(format!("{i}-th region iter_arg and {i}-th yielded value have different type: {}", pair(ta, ty)));
            }
        }
    }
    for (i, (&arg, &res)) in args.iter().zip(results).enumerate() {
        let (ta, tr) = (rb.value_type(arg), v.ty(res));
        if ta != tr {
            return Err(format!("{i}-th region iter_arg and {i}-th loop result have different type: {}", pair(ta, tr)));
        }
    }
    Ok(())
}

/// The yield ending `r`, region #`index`, passes values of the types of the parent's results
/// `expected` (values of the body given with them; MLIR's region-branch checks).
fn verify_yield_types(ctx: &Context, rb: &Body, r: Region, index: usize, (eb, expected): (&Body, &[Value])) -> Result<(), String> {
    let Some(term) = region_terminator(rb, r) else { return Ok(()) };
    if ctx.registry().get(rb.op(term).name).is_none_or(|d| !d.traits.contains(Traits::RETURN_LIKE)) {
        return Ok(());
    }
    let got = rb.operand_values(term);
    if got.len() != expected.len() {
        return Err(format!(
            "along control flow edge from Region #{index} to parent results: source has {} operands, but target successor <to parent results> needs {}",
            got.len(),
            expected.len()
        ));
    }
    for (i, (g, e)) in got.iter().zip(expected).enumerate() {
        let (g, e) = (rb.value_type(*g), eb.value_type(*e));
        if g != e {
            return Err(format!(
                "along control flow edge from Region #{index} to parent results: source type #{i} '{}' should match input type #{i} '{}'",
                ty_str(ctx, g),
                ty_str(ctx, e)
            ));
        }
    }
    Ok(())
}

// ------------------------------------------------------------------------------ scf.if

fn parse_if(_: &OpDef, p: &mut dyn AsmParser<'_>, state: &mut OperationState) -> Result<(), ()> {
    let ctx = p.ctx();
    let cond = p.parse_operand()?;
    resolve_all(p, &[cond], &[ctx.int_type(1)], state)?;
    state.result_types = parse_optional_arrow_types(p)?.into();
    p.parse_region(state, &[])?;
    p.ensure_terminator(state, 0, "scf.yield");
    if p.parse_optional_keyword("else") {
        p.parse_region(state, &[])?;
        p.ensure_terminator(state, 1, "scf.yield");
    } else {
        p.add_empty_region(state);
    }
    finish_attrs(p, state, false, &[], Vec::new())
}

fn print_if(_: &OpDef, p: &mut Printer<'_>, body: &Body, op: Op) {
    let ctx = p.ctx;
    p.write(" ");
    if let Some(c) = body.operands(op).next() {
        p.print_value(body, c);
    }
    let results = types_of(body, body.results(op));
    let terminators = !results.is_empty();
    if terminators {
        p.write(" -> (");
        p.type_list(&results);
        p.write(")");
    }
    p.write(" ");
    let (rb, regions) = body.op_regions(op);
    if let Some(&r) = regions.first() {
        p.print_region_with(rb, r, false, false, terminators);
    }
    if let Some(&r) = regions.get(1) {
        if !rb.region_blocks(r).is_empty() {
            p.write(" else ");
            p.print_region_with(rb, r, false, false, terminators);
        }
    }
    p.print_attr_dict(ctx.op_attr_dict(body, op), &[], false);
}

fn verify_if(_: &Context, v: &OpView<'_>) -> Result<(), String> {
    let (rb, regions) = regions(v);
    // MLIR's `NoRegionArguments` trait.
    for (i, r) in regions.iter().enumerate() {
        if rb.region_blocks(*r).first().is_some_and(|b| !rb.block_args(*b).is_empty()) {
            return Err(format!("region #{i} should have no arguments"));
        }
    }
    if !v.body.results(v.op).is_empty() && regions.get(1).is_none_or(|r| rb.region_blocks(*r).is_empty()) {
        return Err("must have an else block if defining values".into());
    }
    Ok(())
}

fn verify_if_regions(ctx: &Context, v: &OpView<'_>) -> Result<(), String> {
    let (rb, regions) = regions(v);
    let results = v.body.results(v.op);
    for (i, &r) in regions.iter().enumerate() {
        verify_yield_types(ctx, rb, r, i, (v.body, results))?;
    }
    Ok(())
}

// ------------------------------------------------------------------------------ scf.while

fn parse_while(_: &OpDef, p: &mut dyn AsmParser<'_>, state: &mut OperationState) -> Result<(), ()> {
    let (args, inits) = if p.peek_punct("(") { parse_assignment_list(p)? } else { (Few::new(), Few::new()) };
    p.parse_punct(":")?;
    let at = p.offset();
    let t = p.parse_type()?;
    let Some((ins, outs)) = p.ctx().function_signature(t).map(|(i, o)| (i.to_vec(), o.to_vec())) else {
        p.error_at(at, "invalid kind of type specified");
        return Err(());
    };
    state.result_types = outs.into();
    if ins.len() != inits.len() {
        p.error_at(at, &format!("expected as many input types as operands (expected {} got {})", inits.len(), ins.len()));
        return Err(());
    }
    resolve_all(p, &inits, &ins, state)?;
    p.parse_region(state, &entry_args(&args, &ins))?;
    p.parse_keyword("do")?;
    p.parse_region(state, &[])?;
    finish_attrs(p, state, true, &[], Vec::new())
}

fn print_while(_: &OpDef, p: &mut Printer<'_>, body: &Body, op: Op) {
    let ctx = p.ctx;
    let inits: Vec<Value> = body.operands(op).collect();
    let (rb, args) = entry_block_args(body, op, 0);
    print_init_list(p, rb, &args, body, &inits, " ");
    p.write(" : ");
    p.print_function_type(&types_of(body, &inits), &types_of(body, body.results(op)));
    p.write(" ");
    let (rb, regions) = body.op_regions(op);
    if let Some(&r) = regions.first() {
        p.print_region_with(rb, r, false, false, true);
    }
    p.write(" do ");
    if let Some(&r) = regions.get(1) {
        p.print_region(rb, r, true, false);
    }
    p.print_attr_dict(ctx.op_attr_dict(body, op), &[], true);
}

fn verify_while(ctx: &Context, v: &OpView<'_>) -> Result<(), Diagnostic> {
    let regions = regions(v).1;
    expect_terminator(ctx, v, regions.first(), "scf.condition", "expects the 'before' region to terminate with 'scf.condition'")?;
    expect_terminator(ctx, v, regions.get(1), "scf.yield", "expects the 'after' region to terminate with 'scf.yield'")?;
    Ok(())
}

/// The terminator of `r` (a region of `v`'s op), the last op of its first block, when it is a
/// `name` op; otherwise the error `msg`, with a `terminator here` note at that last op when
/// there is one (as MLIR's `verifyAndGetTerminator`).
fn expect_terminator(ctx: &Context, v: &OpView<'_>, r: Option<&Region>, name: &str, msg: &str) -> Result<Op, Diagnostic> {
    let rb = v.body.op_regions(v.op).0;
    match r.and_then(|r| region_terminator(rb, *r)) {
        Some(t) if ctx.str(rb.op(t).name) == name => Ok(t),
        Some(t) => Err(v.error(msg).with_note(rb.op(t).loc, "terminator here")),
        None => Err(v.error(msg)),
    }
}

// ------------------------------------------------------------------------------ scf.execute_region

fn parse_execute_region(_: &OpDef, p: &mut dyn AsmParser<'_>, state: &mut OperationState) -> Result<(), ()> {
    let ctx = p.ctx();
    state.result_types = parse_optional_arrow_types(p)?.into();
    let mut props = Vec::new();
    if p.parse_optional_keyword("no_inline") {
        props.push((ctx.ident("no_inline"), ctx.unit_attr()));
    }
    p.parse_region(state, &[])?;
    finish_attrs(p, state, false, &["no_inline"], props)
}

fn print_execute_region(_: &OpDef, p: &mut Printer<'_>, body: &Body, op: Op) {
    let ctx = p.ctx;
    print_optional_arrow_types(p, &types_of(body, body.results(op)));
    p.write(" ");
    if ctx.op_attr(body, op, "no_inline").is_some() {
        p.write("no_inline ");
    }
    let (rb, regions) = body.op_regions(op);
    if let Some(&r) = regions.first() {
        p.print_region_with(rb, r, false, false, true);
    }
    p.print_attr_dict(ctx.op_attr_dict(body, op), &["no_inline"], false);
}

fn verify_execute_region(_: &Context, v: &OpView<'_>) -> Result<(), String> {
    let (rb, regions) = regions(v);
    let Some(&entry) = regions.first().and_then(|r| rb.region_blocks(*r).first()) else {
        return Err("region needs to have at least one block".into());
    };
    if !rb.block_args(entry).is_empty() {
        return Err("region cannot have any arguments".into());
    }
    Ok(())
}

// ------------------------------------------------------------------------------ scf.index_switch

/// `case N {...}` per case region.
fn parse_switch_cases(p: &mut dyn AsmParser<'_>, cx: &mut ParseCtx<'_>, state: &mut OperationState, args: &[CustomArg]) -> Result<bool, ()> {
    let [CustomArg::Attr(cases), CustomArg::Region(slot)] = args else {
        let at = p.offset();
        p.error_at(at, "SwitchCases takes the cases and their regions");
        return Err(());
    };
    let ctx = p.ctx();
    let mut values: Vec<i64> = Vec::new();
    while p.parse_optional_keyword("case") {
        let at = p.offset();
        let Some(v) = p.parse_optional_integer()? else {
            p.error_at(at, "expected integer value");
            return Err(());
        };
        values.push(v);
        p.parse_region(state, &[])?;
        cx.region_slots.push(*slot);
    }
    cx.attrs[*cases] = Some(ctx.dense_int_array(64, values));
    Ok(true)
}

fn print_switch_cases(p: &mut Printer<'_>, v: &OpView<'_>, _: &[CustomArg]) {
    let cases = v.attr_dense_i64("cases").unwrap_or_default();
    let (rb, regions) = regions(v);
    for (value, r) in cases.iter().zip(regions.iter().skip(1)) {
        p.newline_at_indent();
        p.write("case ");
        p.write(&value.to_string());
        p.write(" ");
        p.print_region(rb, *r, false, false);
    }
}

fn verify_index_switch(ctx: &Context, v: &OpView<'_>) -> Result<(), Diagnostic> {
    let cases = v.attr_dense_i64("cases").unwrap_or_default();
    let (rb, regions) = regions(v);
    let case_regions = regions.len().saturating_sub(1);
    if cases.len() != case_regions {
        return Err(v.error(&format!("has {case_regions} case regions but {} case values", cases.len())));
    }
    let mut seen = std::collections::BTreeSet::new();
    for c in &cases {
        if !seen.insert(*c) {
            return Err(v.error(&format!("has duplicate case value: {c}")));
        }
    }
    let results = types_of(v.body, v.body.results(v.op));
    for (k, &r) in regions.iter().enumerate() {
        let name = if k == 0 { "default region".to_string() } else { format!("case region #{}", k - 1) };
        let Some(term) = region_terminator(rb, r) else { continue };
        let tname = ctx.str(rb.op(term).name);
        if tname != "scf.yield" {
            return Err(v.error(&format!("expected region to end with scf.yield, but got {tname}")));
        }
        let got: Vec<Type> = rb.operands(term).map(|x| rb.value_type(x)).collect();
        let at = rb.op(term).loc;
        if got.len() != results.len() {
            let msg = format!("expected each region to return {} values, but {name} returns {}", results.len(), got.len());
            return Err(v.error(&msg).with_note(at, "see yield operation here"));
        }
        for (i, (g, e)) in got.iter().zip(&results).enumerate() {
            if g != e {
                let msg = format!("expected result #{i} of each region to be '{}'", ty_str(ctx, *e));
                return Err(v.error(&msg).with_note(at, format!("{name} returns '{}' here", ty_str(ctx, *g))));
            }
        }
    }
    Ok(())
}

// ------------------------------------------------------------------------------ scf.parallel

fn parse_parallel(_: &OpDef, p: &mut dyn AsmParser<'_>, state: &mut OperationState) -> Result<(), ()> {
    let ctx = p.ctx();
    let index = ctx.index_type();
    let ivs = parse_paren_operands(p)?;
    p.parse_punct("=")?;
    let mut sizes: Vec<u128> = Vec::new();
    for kw in ["", "to", "step"] {
        if !kw.is_empty() {
            p.parse_keyword(kw)?;
        }
        let at = p.offset();
        let ops = parse_paren_operands(p)?;
        if ops.len() != ivs.len() {
            p.error_at(at, &format!("expected {} operands", ivs.len()));
            return Err(());
        }
        resolve_all(p, &ops, &vec![index; ops.len()], state)?;
        sizes.push(ops.len() as u128);
    }
    let inits = if p.parse_optional_keyword("init") { parse_paren_operands(p)? } else { Vec::new() };
    sizes.push(inits.len() as u128);
    state.result_types = parse_optional_arrow_types(p)?.into();
    p.parse_region(state, &entry_args(&ivs, &vec![index; ivs.len()]))?;
    let segments = ctx.dense_int_array(32, sizes.iter().map(|n| *n as i64));
    finish_attrs(p, state, false, &[], vec![(ctx.ident("operandSegmentSizes"), segments)])?;
    let results: Vec<Type> = state.result_types.to_vec();
    if inits.len() != results.len() {
        let at = p.name_offset();
        p.error_at(at, &format!("number of operands and types do not match: got {} operands and {} types", inits.len(), results.len()));
        return Err(());
    }
    resolve_all(p, &inits, &results, state)?;
    p.ensure_terminator(state, 0, "scf.reduce");
    Ok(())
}

fn print_parallel(def: &OpDef, p: &mut Printer<'_>, body: &Body, op: Op) {
    let ctx = p.ctx;
    let Some(view) = crate::ods::spec_of(def).and_then(|s| OpView::new(ctx, s, body, op).ok()) else { return };
    let (rb, ivs) = entry_block_args(body, op, 0);
    p.write(" (");
    print_values(p, rb, &ivs);
    p.write(") = (");
    print_values(p, body, view.operand_group(0));
    p.write(") to (");
    print_values(p, body, view.operand_group(1));
    p.write(") step (");
    print_values(p, body, view.operand_group(2));
    p.write(")");
    if !view.operand_group(3).is_empty() {
        p.write(" init (");
        print_values(p, body, view.operand_group(3));
        p.write(")");
    }
    print_optional_arrow_types(p, &types_of(body, body.results(op)));
    p.write(" ");
    let (rb, regions) = body.op_regions(op);
    if let Some(&r) = regions.first() {
        p.print_region_with(rb, r, false, false, true);
    }
    p.print_attr_dict(ctx.op_attr_dict(body, op), &["operandSegmentSizes"], false);
}

fn verify_parallel(ctx: &Context, v: &OpView<'_>) -> Result<(), Diagnostic> {
    let steps = v.operand_group(2);
    if steps.is_empty() {
        return Err(v.error("needs at least one tuple element for lowerBound, upperBound and step"));
    }
    if steps.iter().any(|s| value_i64(ctx, v.body, *s).is_some_and(|c| c <= 0)) {
        return Err(v.error("constant step operand must be positive"));
    }
    let (rb, regions) = regions(v);
    let Some(&entry) = regions.first().and_then(|r| rb.region_blocks(*r).first()) else { return Ok(()) };
    let args = rb.block_args(entry);
    if args.len() != steps.len() {
        let msg = format!("expects the same number of induction variables: {} as bound and step values: {}", args.len(), steps.len());
        return Err(v.error(&msg));
    }
    if args.iter().any(|a| !is_index(ctx, rb.value_type(*a))) {
        return Err(v.error("expects arguments for the induction variable to be of index type"));
    }
    let term = expect_terminator(ctx, v, regions.first(), "scf.reduce", "expects body to terminate with 'scf.reduce'")?;
    let results = v.body.results(v.op);
    let reductions = rb.op_regions(term).1.len();
    let inits = v.operand_group(3).len();
    if results.len() != reductions {
        return Err(v.error(&format!("expects number of results: {} to be the same as number of reductions: {reductions}", results.len())));
    }
    if results.len() != inits {
        return Err(v.error(&format!("expects number of results: {} to be the same as number of initial values: {inits}", results.len())));
    }
    Ok(())
}

fn verify_reduce_regions(ctx: &Context, v: &OpView<'_>) -> Result<(), String> {
    let (rb, regions) = regions(v);
    for (i, &r) in regions.iter().enumerate() {
        let Some(&ty) = v.operands().get(i).map(|x| v.body.value_type(*x)).as_ref() else { break };
        let Some(&block) = rb.region_blocks(r).first() else { continue };
        if rb.block_last_op(block).is_none() {
            return Err(format!("{i}-th reduction has an empty body"));
        }
        let args = rb.block_args(block);
        if args.len() != 2 || args.iter().any(|a| rb.value_type(*a) != ty) {
            return Err(format!("expected two block arguments with type '{}' in the {i}-th reduction region", ty_str(ctx, ty)));
        }
        if rb.block_last_op(block).is_none_or(|t| ctx.str(rb.op(t).name) != "scf.reduce.return") {
            return Err("reduction bodies must be terminated with an 'scf.reduce.return' op".into());
        }
    }
    // The parallel loop's results take the reduced values' types.
    if let Some(parent) = v.body.parent_op(v.op).filter(|p| ctx.str(v.body.op(*p).name) == "scf.parallel") {
        for (i, (&res, &x)) in v.body.results(parent).iter().zip(v.operands()).enumerate() {
            let (rt, xt) = (v.body.value_type(res), v.body.value_type(x));
            if rt != xt {
                return Err(format!(
                    "expects type of {i}-th reduction operand: '{}' to be the same as the {i}-th result type: '{}'",
                    ty_str(ctx, xt),
                    ty_str(ctx, rt)
                ));
            }
        }
    }
    Ok(())
}

fn verify_reduce_return(ctx: &Context, v: &OpView<'_>) -> Result<(), String> {
    let Some(block) = v.body.op_block(v.op) else { return Ok(()) };
    let Some(&arg) = v.body.block_args(block).first() else { return Ok(()) };
    let expected = v.body.value_type(arg);
    let got = v.operand("result").map(|x| v.ty(x));
    if got != Some(expected) {
        return Err(format!("must have type '{}' (the type of the reduction inputs)", ty_str(ctx, expected)));
    }
    Ok(())
}

// ------------------------------------------------------------------------------ scf.forall

/// MLIR's `DeviceMappingArrayAttr`: an array of device mapping attributes. Mica knows no
/// dialect defining them, so any dialect attribute (`#gpu.thread<x>`) is taken for one.
static DEVICE_MAPPING_ARRAY_ATTR: AttrConstraint = AttrConstraint {
    summary: "Device Mapping array attribute",
    syntax: AttrSyntax::Plain,
    check: |c, a| match c.attr_kind(a) {
        AttrKind::Array(items) => items.iter().all(|x| matches!(c.attr_kind(*x), AttrKind::Opaque { .. } | AttrKind::Dialect { .. })),
        _ => false,
    },
};

/// A device masking attribute of a forall mapping: `#gpu.mask<...>`, the one kind MLIR
/// defines (mica keeps gpu attributes opaque).
fn is_device_mask(ctx: &Context, a: Attr) -> bool {
    match ctx.attr_kind(a) {
        AttrKind::Dialect { dialect, mnemonic, .. } => ctx.str(*dialect) == "gpu" && ctx.str(*mnemonic) == "mask",
        AttrKind::Opaque { dialect, body, .. } => ctx.str(*dialect) == "gpu" && body.strip_prefix("mask").is_some_and(|r| r.starts_with('<')),
        _ => false,
    }
}

/// `(` (`%v` | integer) list `)`: the dynamic values and the static entries (`DYNAMIC` for
/// each value), as MLIR's `parseDynamicIndexList` with parentheses.
fn parse_index_list(p: &mut dyn AsmParser<'_>) -> Result<(Vec<UnresolvedOperand>, Vec<i64>), ()> {
    let (mut values, mut statics) = (Vec::new(), Vec::new());
    p.parse_punct("(")?;
    if p.parse_optional_punct(")") {
        return Ok((values, statics));
    }
    loop {
        if p.peek_ssa_name() {
            values.push(p.parse_operand()?);
            statics.push(DYNAMIC);
        } else {
            let at = p.offset();
            let Some(v) = p.parse_optional_integer()? else {
                p.error_at(at, "expected integer value");
                return Err(());
            };
            statics.push(v);
        }
        if p.parse_optional_punct(")") {
            return Ok((values, statics));
        }
        p.parse_punct(",")?;
    }
}

fn i64_array(ctx: &Context, values: &[i64]) -> Attr {
    ctx.dense_int_array(64, values.iter().copied())
}

fn parse_forall(_: &OpDef, p: &mut dyn AsmParser<'_>, state: &mut OperationState) -> Result<(), ()> {
    let ctx = p.ctx();
    let index = ctx.index_type();
    let ivs = parse_paren_operands(p)?;
    let mut groups: [(Vec<UnresolvedOperand>, Vec<i64>); 3] = Default::default();
    if p.parse_optional_keyword("in") {
        groups[1] = parse_index_list(p)?;
        groups[0].1 = vec![0; ivs.len()];
        groups[2].1 = vec![1; ivs.len()];
        resolve_all(p, &groups[1].0, &vec![index; groups[1].0.len()], state)?;
    } else {
        p.parse_punct("=")?;
        for (k, kw) in [(0, ""), (1, "to"), (2, "step")] {
            if !kw.is_empty() {
                p.parse_keyword(kw)?;
            }
            groups[k] = parse_index_list(p)?;
            resolve_all(p, &groups[k].0, &vec![index; groups[k].0.len()], state)?;
        }
    }
    let (mut out_args, mut outs) = (Few::new(), Few::new());
    let outs_at = p.offset();
    if p.parse_optional_keyword("shared_outs") {
        (out_args, outs) = parse_assignment_list(p)?;
        state.result_types = parse_optional_arrow_types(p)?.into();
        if outs.len() != state.result_types.len() {
            let msg = format!("number of operands and types do not match: got {} operands and {} types", outs.len(), state.result_types.len());
            p.error_at(outs_at, &msg);
            return Err(());
        }
        let results: Vec<Type> = state.result_types.to_vec();
        resolve_all(p, &outs, &results, state)?;
    }
    let mut names = ivs.clone();
    names.extend(out_args);
    let mut types = vec![index; ivs.len()];
    types.extend(state.result_types.iter().copied());
    p.parse_region(state, &entry_args(&names, &types))?;
    p.ensure_terminator_with_region(state, 0, "scf.forall.in_parallel");
    let sizes = [groups[0].0.len(), groups[1].0.len(), groups[2].0.len(), outs.len()];
    let segments = ctx.dense_int_array(32, sizes.iter().map(|n| *n as i64));
    let props = vec![
        (ctx.ident("staticLowerBound"), i64_array(ctx, &groups[0].1)),
        (ctx.ident("staticUpperBound"), i64_array(ctx, &groups[1].1)),
        (ctx.ident("staticStep"), i64_array(ctx, &groups[2].1)),
        (ctx.ident("operandSegmentSizes"), segments),
    ];
    finish_attrs(p, state, false, &["mapping"], props)
}

/// Each entry of a mixed static/dynamic list: the constant it is, if known (a static entry,
/// or a value defined by a constant op).
fn mixed_constants(ctx: &Context, body: &Body, statics: &[i64], values: &[Value]) -> Vec<Option<i64>> {
    let mut dynamic = values.iter();
    statics.iter().map(|&s| if s == DYNAMIC { dynamic.next().and_then(|v| value_i64(ctx, body, *v)) } else { Some(s) }).collect()
}

/// `(` mixed list `)`.
fn print_index_list(p: &mut Printer<'_>, body: &Body, statics: &[i64], values: &[Value]) {
    let mut dynamic = values.iter();
    p.write("(");
    for (k, s) in statics.iter().enumerate() {
        if k > 0 {
            p.write(", ");
        }
        match (*s == DYNAMIC).then(|| dynamic.next()).flatten() {
            Some(&v) => p.print_value(body, v),
            None => p.write(&s.to_string()),
        }
    }
    p.write(")");
}

fn print_forall(def: &OpDef, p: &mut Printer<'_>, body: &Body, op: Op) {
    let ctx = p.ctx;
    let Some(view) = crate::ods::spec_of(def).and_then(|s| OpView::new(ctx, s, body, op).ok()) else { return };
    let lbs = view.attr_dense_i64("staticLowerBound").unwrap_or_default();
    let ubs = view.attr_dense_i64("staticUpperBound").unwrap_or_default();
    let steps = view.attr_dense_i64("staticStep").unwrap_or_default();
    let rank = lbs.len();
    let (rb, args) = entry_block_args(body, op, 0);
    p.write(" (");
    print_values(p, rb, args.get(..rank).unwrap_or(&args));
    let normalized = mixed_constants(ctx, body, &lbs, view.operand_group(0)).iter().all(|c| *c == Some(0))
        && mixed_constants(ctx, body, &steps, view.operand_group(2)).iter().all(|c| *c == Some(1));
    if normalized {
        p.write(") in ");
        print_index_list(p, body, &ubs, view.operand_group(1));
    } else {
        p.write(") = ");
        print_index_list(p, body, &lbs, view.operand_group(0));
        p.write(" to ");
        print_index_list(p, body, &ubs, view.operand_group(1));
        p.write(" step ");
        print_index_list(p, body, &steps, view.operand_group(2));
    }
    let out_args = args.get(rank..).unwrap_or(&[]);
    print_init_list(p, rb, out_args, body, view.operand_group(3), " shared_outs");
    p.write(" ");
    if !out_args.is_empty() {
        p.write("-> (");
        p.type_list(&types_of(body, body.results(op)));
        p.write(") ");
    }
    let (rb, regions) = body.op_regions(op);
    if let Some(&r) = regions.first() {
        p.print_region_with(rb, r, false, false, !body.results(op).is_empty());
    }
    p.print_attr_dict(ctx.op_attr_dict(body, op), &["operandSegmentSizes", "staticLowerBound", "staticUpperBound", "staticStep"], false);
}

fn verify_forall(ctx: &Context, v: &OpView<'_>) -> Result<(), String> {
    let lbs = v.attr_dense_i64("staticLowerBound").unwrap_or_default();
    let rank = lbs.len();
    let outs = v.operand_group(3);
    let results = v.body.results(v.op);
    if results.len() != outs.len() {
        return Err(format!("produces {} results, but has only {} outputs", results.len(), outs.len()));
    }
    let (rb, args) = entry_block_args(v.body, v.op, 0);
    if args.len() != rank + outs.len() {
        return Err(format!("region expects {rank} arguments"));
    }
    if let Some(i) = args[..rank].iter().position(|a| !is_index(ctx, rb.value_type(*a))) {
        return Err(format!("expects {i}-th block argument to be an index"));
    }
    if let Some(i) = outs.iter().zip(&args[rank..]).position(|(o, a)| v.ty(*o) != rb.value_type(*a)) {
        return Err(format!("type mismatch between {i}-th output and corresponding block argument"));
    }
    if let Some(AttrKind::Array(items)) = v.attr("mapping").map(|m| ctx.attr_kind(m)) {
        // Masking attributes (`#gpu.mask`) do not map a loop dimension.
        let masks = items.iter().filter(|a| is_device_mask(ctx, **a)).count();
        if !items.is_empty() && items.len() - masks != rank {
            return Err("mapping attribute size must match op rank".into());
        }
        if masks > 1 {
            return Err("\"mapping\" supports at most one device masking attribute".into());
        }
    }
    for (name, attr, group) in [("lower bound", "staticLowerBound", 0), ("upper bound", "staticUpperBound", 1), ("step", "staticStep", 2)] {
        let statics = v.attr_dense_i64(attr).unwrap_or_default();
        if statics.len() != rank {
            return Err(crate::ods::plain_error(format!("expected {rank} {name} values, got {}", statics.len())));
        }
        let dynamic = statics.iter().filter(|s| **s == DYNAMIC).count();
        if v.operand_group(group).len() != dynamic {
            return Err(crate::ods::plain_error(format!("expected {dynamic} dynamic {name} values")));
        }
    }
    Ok(())
}

// ------------------------------------------------------------------------------ scf.forall.in_parallel

fn parse_in_parallel(_: &OpDef, p: &mut dyn AsmParser<'_>, state: &mut OperationState) -> Result<(), ()> {
    p.parse_region(state, &[])?;
    p.ensure_block(state, 0);
    finish_attrs(p, state, false, &[], Vec::new())
}

fn print_in_parallel(_: &OpDef, p: &mut Printer<'_>, body: &Body, op: Op) {
    let ctx = p.ctx;
    p.write(" ");
    let (rb, regions) = body.op_regions(op);
    if let Some(&r) = regions.first() {
        p.print_region_with(rb, r, false, false, false);
    }
    p.print_attr_dict(ctx.op_attr_dict(body, op), &[], false);
}

fn verify_in_parallel(ctx: &Context, v: &OpView<'_>) -> Result<(), String> {
    let (rb, regions) = regions(v);
    let Some(&block) = regions.first().and_then(|r| rb.region_blocks(*r).first()) else { return Ok(()) };
    // Where each op inserts is checked by `tensor.parallel_insert_slice` itself (the only
    // ParallelCombiningOpInterface op).
    if rb.block_ops(block).any(|o| ctx.str(rb.op(o).name) != "tensor.parallel_insert_slice") {
        return Err("expected only ParallelCombiningOpInterface ops".into());
    }
    Ok(())
}
