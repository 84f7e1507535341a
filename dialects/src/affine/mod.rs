//! The affine dialect as MLIR 22 defines it: `apply`, `min`, `max`, `for`, `if`, `parallel`,
//! `load`, `store`, `vector_load`, `vector_store`, `prefetch`, `dma_start`, `dma_wait`,
//! `yield`, `delinearize_index` and `linearize_index`. Most ops have MLIR's hand-written
//! syntax (bounds, dimension and symbol lists, subscripts written as affine expressions of SSA
//! values), kept in [`asm`]; the rules that say which values may be dimensions or symbols are
//! in [`validity`]; folds and patterns in [`fold`] (`apply`), [`for_fold`] and [`if_fold`].

mod asm;
mod control_flow;
mod fold;
mod for_fold;
mod if_fold;
mod validity;
pub(crate) mod inliner;

use crate::ods::constraints::*;
use crate::ods::{Check, OpSpec, OpView};
use mica_affine::{AffineMap, IntegerSet};
use mica_ir::{Attr, AttrKind, Context, Traits, Type, TypeKind, Value, DYNAMIC};
use validity::{verify_dim_and_symbol_identifiers, ValidityScope};

static INTEGER_SET_ATTR: AttrConstraint =
    AttrConstraint { summary: "IntegerSet attribute", syntax: AttrSyntax::Plain, check: |c, a| matches!(c.attr_kind(a), AttrKind::IntegerSet(_)) };
static LOCALITY_HINT: AttrConstraint = AttrConstraint {
    summary: "32-bit signless integer attribute whose minimum value is 0 whose maximum value is 3",
    syntax: AttrSyntax::Typed(|c| c.int_type(32)),
    check: |c, a| matches!(c.attr_kind(a), AttrKind::Integer { ty, .. } if is_signless_int_of(c, *ty, 32)) && c.as_i64(a).is_some_and(|v| (0..=3).contains(&v)),
};
static I32_ELEMENTS: AttrConstraint = AttrConstraint {
    summary: "32-bit signless integer elements attribute",
    syntax: AttrSyntax::Plain,
    check: |c, a| matches!(c.attr_kind(a), AttrKind::DenseElements { ty, .. } if c.type_kind(*ty).element_type().is_some_and(|e| is_signless_int_of(c, e, 32))),
};
static I64_ARRAY: AttrConstraint = AttrConstraint {
    summary: "64-bit integer array attribute",
    syntax: AttrSyntax::Plain,
    check: |c, a| match c.attr_kind(a) {
        AttrKind::Array(items) => items.iter().all(|i| matches!(c.attr_kind(*i), AttrKind::Integer { ty, .. } if is_signless_int_of(c, *ty, 64))),
        _ => false,
    },
};
static REDUCTIONS: AttrConstraint = AttrConstraint {
    summary: "Reduction ops",
    syntax: AttrSyntax::Plain,
    check: |c, a| match c.attr_kind(a) {
        AttrKind::Array(items) => items.iter().all(|i| c.as_i64(*i).is_some_and(|v| atomic_rmw_name(v).is_some())),
        _ => false,
    },
};
static UNIT_PROP: AttrConstraint = AttrConstraint {
    summary: "unit property",
    syntax: AttrSyntax::Unit,
    check: |c, a| matches!(c.attr_kind(a), AttrKind::Unit) || c.as_i64(a).is_some(),
};
static MEMREF: TypeConstraint = TypeConstraint { summary: "memref of any type values", check: is_memref, buildable: None };

/// MLIR's `arith::AtomicRMWKind` cases, by value.
const ATOMIC_RMW_KINDS: &[&str] = &[
    "addf", "addi", "andi", "assign", "maximumf", "maxnumf", "maxs", "maxu", "minimumf", "minnumf", "mins", "minu", "mulf", "muli", "ori", "xori",
];

/// The keyword of an `AtomicRMWKind` value.
fn atomic_rmw_name(v: i64) -> Option<&'static str> {
    usize::try_from(v).ok().and_then(|i| ATOMIC_RMW_KINDS.get(i).copied())
}

/// The map of an affine map attribute.
fn map_of(ctx: &Context, a: Option<Attr>) -> Option<&AffineMap> {
    match ctx.attr_kind(a?) {
        AttrKind::AffineMap(m) => Some(m),
        _ => None,
    }
}

/// The set of an integer set attribute.
fn set_of(ctx: &Context, a: Option<Attr>) -> Option<&IntegerSet> {
    match ctx.attr_kind(a?) {
        AttrKind::IntegerSet(s) => Some(s),
        _ => None,
    }
}

fn memref_parts(ctx: &Context, t: Type) -> Option<(Type, usize)> {
    match ctx.type_kind(t) {
        TypeKind::MemRef { elem, shape, .. } => Some((*elem, shape.len())),
        _ => None,
    }
}

fn yield_terminated(spec: OpSpec) -> OpSpec {
    spec.implicit_terminator("affine.yield")
}

fn ops() -> Vec<OpSpec> {
    vec![
        OpSpec::new("affine.apply")
            .traits(Traits::PURE)
            .attr("map", &AFFINE_MAP_ATTR)
            .variadic("mapOperands", &INDEX)
            .result("result", &INDEX)
            .fold(fold::fold_apply)
            .verify(verify_apply)
            .custom(asm::parse_apply, asm::print_apply),
        min_max("affine.min"),
        min_max("affine.max"),
        yield_terminated(OpSpec::new("affine.for"))
            .traits(Traits::RECURSIVE_MEMORY_EFFECTS)
            .attr("lowerBoundMap", &AFFINE_MAP_ATTR)
            .attr("upperBoundMap", &AFFINE_MAP_ATTR)
            .attr("step", &INDEX_ATTR)
            .variadic("lowerBoundOperands", &INDEX)
            .variadic("upperBoundOperands", &INDEX)
            .variadic("inits", &ANY_TYPE)
            .operand_segments()
            .variadic_result("results", &ANY_TYPE)
            .region("region", Some(1))
            .region_branch(control_flow::FOR)
            .fold(for_fold::fold_for)
            .pattern("AffineForEmptyLoopFolder", for_fold::empty_loop)
            .verify(verify_loop_like)
            .verify_regions(verify_for)
            .custom(asm::parse_for, asm::print_for),
        // Not `implicit_terminator`: an absent else region stays empty.
        OpSpec::new("affine.if")
            .traits(Traits::RECURSIVE_MEMORY_EFFECTS)
            .attr("condition", &INTEGER_SET_ATTR)
            .variadic("operands", &ANY_TYPE)
            .variadic_result("results", &ANY_TYPE)
            .region("thenRegion", Some(1))
            .region("elseRegion", None)
            .region_branch(control_flow::IF)
            .fold(if_fold::fold_if)
            .verify(verify_if)
            .verify_regions(verify_if_regions)
            .custom(asm::parse_if, asm::print_if),
        OpSpec::new("affine.load")
            .traits(Traits::MEMORY_READ)
            .operand("memref", &MEMREF)
            .variadic("indices", &INDEX)
            .attr("map", &AFFINE_MAP_ATTR)
            .result("result", &ANY_TYPE)
            .verify(verify_load)
            .custom(asm::parse_load, asm::print_load),
        OpSpec::new("affine.store")
            .operand("value", &ANY_TYPE)
            .operand("memref", &MEMREF)
            .variadic("indices", &INDEX)
            .attr("map", &AFFINE_MAP_ATTR)
            .verify(verify_store)
            .custom(asm::parse_store, asm::print_store),
        OpSpec::new("affine.vector_load")
            .traits(Traits::MEMORY_READ)
            .operand("memref", &MEMREF)
            .variadic("indices", &INDEX)
            .attr("map", &AFFINE_MAP_ATTR)
            .result("result", &ANY_VECTOR)
            .verify(verify_vector_load)
            .custom(asm::parse_vector_load, asm::print_vector_load),
        OpSpec::new("affine.vector_store")
            .operand("value", &ANY_VECTOR)
            .operand("memref", &MEMREF)
            .variadic("indices", &INDEX)
            .attr("map", &AFFINE_MAP_ATTR)
            .verify(verify_vector_store)
            .custom(asm::parse_vector_store, asm::print_vector_store),
        OpSpec::new("affine.prefetch")
            .operand("memref", &MEMREF)
            .variadic("indices", &INDEX)
            .attr("isWrite", &BOOL_ATTR)
            .attr("localityHint", &LOCALITY_HINT)
            .attr("isDataCache", &BOOL_ATTR)
            .attr("map", &AFFINE_MAP_ATTR)
            .verify(verify_prefetch)
            .custom(asm::parse_prefetch, asm::print_prefetch),
        yield_terminated(OpSpec::new("affine.parallel"))
            .traits(Traits::RECURSIVE_MEMORY_EFFECTS)
            .attr("reductions", &REDUCTIONS)
            .attr("lowerBoundsMap", &AFFINE_MAP_ATTR)
            .attr("lowerBoundsGroups", &I32_ELEMENTS)
            .attr("upperBoundsMap", &AFFINE_MAP_ATTR)
            .attr("upperBoundsGroups", &I32_ELEMENTS)
            .attr("steps", &I64_ARRAY)
            .variadic("mapOperands", &INDEX)
            .variadic_result("results", &ANY_TYPE)
            .region("region", Some(1))
            .verify(verify_parallel)
            .custom(asm::parse_parallel, asm::print_parallel),
        OpSpec::new("affine.dma_start")
            .variadic("operands", &ANY_TYPE)
            .verify(verify_dma_start)
            .custom(asm::parse_dma_start, asm::print_dma_start),
        OpSpec::new("affine.dma_wait")
            .variadic("operands", &ANY_TYPE)
            .verify(verify_dma_wait)
            .custom(asm::parse_dma_wait, asm::print_dma_wait),
        OpSpec::new("affine.yield")
            .traits(Traits::PURE | Traits::TERMINATOR | Traits::RETURN_LIKE)
            .variadic("operands", &ANY_TYPE)
            .verify(verify_yield)
            .format("attr-dict ($operands^ `:` type($operands))?"),
        OpSpec::new("affine.delinearize_index")
            .traits(Traits::PURE)
            .operand("linear_index", &INDEX)
            .variadic("dynamic_basis", &INDEX)
            .attr("static_basis", &DENSE_I64_ARRAY_ATTR)
            .variadic_result("multi_index", &INDEX)
            .verify(verify_delinearize)
            .format(
                "$linear_index `into` custom<DynamicIndexList>($dynamic_basis, $static_basis, \"{}\", \"::mlir::AsmParser::Delimiter::Paren\") attr-dict `:` type($multi_index)",
            ),
        OpSpec::new("affine.linearize_index")
            .traits(Traits::PURE)
            .variadic("multi_index", &INDEX)
            .variadic("dynamic_basis", &INDEX)
            .attr("static_basis", &DENSE_I64_ARRAY_ATTR)
            .default_attr("disjoint", &UNIT_PROP, |c| c.bool_attr(false))
            .operand_segments()
            .result("linear_index", &INDEX)
            .check(Check::TypesMatchWith { summary: "multi_index types must match result type", from: "linear_index", to: "multi_index", transform: |_, t| Some(t) })
            .verify(verify_linearize)
            .format(
                "(`disjoint` $disjoint^)? ` ` `[` $multi_index `]` `by` custom<DynamicIndexList>($dynamic_basis, $static_basis, \"{}\", \"::mlir::AsmParser::Delimiter::Paren\") attr-dict `:` type($linear_index)",
            ),
    ]
}

fn min_max(name: &'static str) -> OpSpec {
    OpSpec::new(name)
        .traits(Traits::PURE)
        .attr("map", &AFFINE_MAP_ATTR)
        .variadic("operands", &INDEX)
        .result("result", &INDEX)
        .verify(verify_min_max)
        .custom(asm::parse_min_max, asm::print_min_max)
}

/// Registers the affine dialect.
pub fn register(ctx: &mut Context) {
    crate::ods::register(ctx, ops(), &[]);
    ctx.registry_mut().set_materializer("affine", crate::arith_fold::materialize);
}

// ------------------------------------------------------------------------------ verifiers

fn verify_apply(ctx: &Context, v: &OpView<'_>) -> Result<(), String> {
    let Some(map) = map_of(ctx, v.attr("map")) else { return Ok(()) };
    if v.operands().len() != map.num_inputs() as usize {
        return Err("operand count and affine map dimension and symbol count must match".into());
    }
    if map.results.len() != 1 {
        return Err("mapping must produce one value".into());
    }
    let scope = ValidityScope::of(ctx, v.body, v.op);
    for &x in &v.operands()[map.num_dims as usize..] {
        if scope.is_valid_dim(x) && !scope.is_valid_symbol(x) {
            return Err("dimensional operand cannot be used as a symbol".into());
        }
    }
    Ok(())
}

fn verify_min_max(ctx: &Context, v: &OpView<'_>) -> Result<(), String> {
    let Some(map) = map_of(ctx, v.attr("map")) else { return Ok(()) };
    if v.operands().len() != map.num_inputs() as usize {
        return Err("operand count and affine map dimension and symbol count must match".into());
    }
    if map.results.is_empty() {
        return Err("affine map expect at least one result".into());
    }
    Ok(())
}

fn verify_for(ctx: &Context, v: &OpView<'_>) -> Result<(), String> {
    let (rb, regions) = v.body.op_regions(v.op);
    let entry = regions.first().and_then(|r| rb.region_blocks(*r).first().copied());
    let args: &[Value] = entry.map_or(&[], |b| rb.block_args(b));
    if args.first().is_none_or(|a| !is_index(ctx, rb.value_type(*a))) {
        return Err("expected body to have a single index argument for the induction variable".into());
    }
    let (Some(lb), Some(ub)) = (map_of(ctx, v.attr("lowerBoundMap")), map_of(ctx, v.attr("upperBoundMap"))) else { return Ok(()) };
    if lb.num_inputs() > 0 {
        verify_dim_and_symbol_identifiers(ctx, v, v.operand_group(0), lb.num_dims)?;
    }
    if ub.num_inputs() > 0 {
        verify_dim_and_symbol_identifiers(ctx, v, v.operand_group(1), ub.num_dims)?;
    }
    if lb.results.is_empty() {
        return Err("expected lower bound map to have at least one result".into());
    }
    if ub.results.is_empty() {
        return Err("expected upper bound map to have at least one result".into());
    }
    let results = v.body.results(v.op).len();
    if results == 0 {
        return Ok(());
    }
    let iter_operands = v.operands().len().saturating_sub((lb.num_inputs() + ub.num_inputs()) as usize);
    if iter_operands != results {
        return Err("mismatch between the number of loop-carried values and results".into());
    }
    if args.len() - 1 != results {
        return Err("mismatch between the number of basic block args and results".into());
    }
    Ok(())
}

/// MLIR's `LoopLikeOpInterface` checks of `affine.for`: inits, region iter_args and yielded
/// values agree in number, inits and iter_args in type.
fn verify_loop_like(ctx: &Context, v: &OpView<'_>) -> Result<(), String> {
    let (rb, regions) = v.body.op_regions(v.op);
    let Some(entry) = regions.first().and_then(|r| rb.region_blocks(*r).first().copied()) else { return Ok(()) };
    let iter_args = rb.block_args(entry).get(1..).unwrap_or(&[]);
    let inits = v.operand_group(2);
    if inits.len() != iter_args.len() {
        return Err(format!("different number of inits and region iter_args: {} != {}", inits.len(), iter_args.len()));
    }
    let yielded: Vec<Value> = rb
        .block_last_op(entry)
        .filter(|t| ctx.str(rb.op(*t).name) == "affine.yield")
        .map(|t| rb.operands(t).collect())
        .unwrap_or_default();
    if !yielded.is_empty() && yielded.len() != iter_args.len() {
        return Err(format!("different number of region iter_args and yielded values: {} != {}", iter_args.len(), yielded.len()));
    }
    let text = |t: Type| mica_ir::printer::type_string(ctx, t);
    for (i, (init, arg)) in inits.iter().zip(iter_args).enumerate() {
        let (it, at) = (v.ty(*init), rb.value_type(*arg));
        if it != at {
            return Err(format!("{i}-th init and {i}-th region iter_arg have different type: '{}' != '{}'", text(it), text(at)));
        }
    }
    Ok(())
}

fn verify_if(ctx: &Context, v: &OpView<'_>) -> Result<(), String> {
    let (rb, regions) = v.body.op_regions(v.op);
    for (i, r) in regions.iter().enumerate() {
        let blocks = rb.region_blocks(*r);
        if blocks.len() > 1 {
            return Err(format!("expects region #{i} to have 0 or 1 blocks"));
        }
        if blocks.first().is_some_and(|b| rb.block_last_op(*b).is_none()) {
            return Err("expects a non-empty block".into());
        }
    }
    // MLIR's `NoRegionArguments` trait, verified after `SingleBlock`.
    for (i, r) in regions.iter().enumerate() {
        if rb.region_blocks(*r).first().is_some_and(|b| !rb.block_args(*b).is_empty()) {
            return Err(format!("region #{i} should have no arguments"));
        }
    }
    let Some(set) = set_of(ctx, v.attr("condition")) else {
        return Err("requires an integer set attribute named 'condition'".into());
    };
    if v.operands().len() != set.num_inputs() as usize {
        return Err("operand count and condition integer set dimension and symbol count must match".into());
    }
    verify_dim_and_symbol_identifiers(ctx, v, v.operands(), set.num_dims)
}

fn verify_if_regions(ctx: &Context, v: &OpView<'_>) -> Result<(), String> {
    let (rb, regions) = v.body.op_regions(v.op);
    for r in regions {
        if let Some(last) = rb.region_blocks(*r).first().and_then(|b| rb.block_last_op(*b)) {
            let name = ctx.str(rb.op(last).name);
            if name != "affine.yield" {
                return Err(format!("expects regions to end with 'affine.yield', found '{name}'"));
            }
        }
    }
    Ok(())
}

/// MLIR's `verifyMemoryOpIndexing`: the map fits the memref and the subscripts.
fn verify_indexing(ctx: &Context, v: &OpView<'_>, rank: usize) -> Result<(), String> {
    let Some(map) = map_of(ctx, v.attr("map")) else { return Ok(()) };
    let indices = v.operands_named("indices");
    if map.results.len() != rank {
        return Err("affine map num results must equal memref rank".into());
    }
    if map.num_inputs() as usize != indices.len() {
        return Err("expects as many subscripts as affine map inputs".into());
    }
    verify_dim_and_symbol_identifiers(ctx, v, indices, map.num_dims)
}

fn memref_of(ctx: &Context, v: &OpView<'_>) -> Option<(Type, usize)> {
    memref_parts(ctx, v.ty(v.operand("memref")?))
}

fn verify_load(ctx: &Context, v: &OpView<'_>) -> Result<(), String> {
    let (Some((elem, rank)), Some(r)) = (memref_of(ctx, v), v.result("result")) else { return Ok(()) };
    if v.ty(r) != elem {
        return Err("result type must match element type of memref".into());
    }
    verify_indexing(ctx, v, rank)
}

fn verify_store(ctx: &Context, v: &OpView<'_>) -> Result<(), String> {
    let (Some((elem, rank)), Some(x)) = (memref_of(ctx, v), v.operand("value")) else { return Ok(()) };
    if v.ty(x) != elem {
        return Err("value to store must have the same type as memref element type".into());
    }
    verify_indexing(ctx, v, rank)
}

fn verify_vector_elem(ctx: &Context, elem: Type, vector: Type) -> Result<(), String> {
    if ctx.type_kind(vector).element_type() != Some(elem) {
        return Err("requires memref and vector types of the same elemental type".into());
    }
    Ok(())
}

fn verify_vector_load(ctx: &Context, v: &OpView<'_>) -> Result<(), String> {
    let (Some((elem, rank)), Some(r)) = (memref_of(ctx, v), v.result("result")) else { return Ok(()) };
    verify_indexing(ctx, v, rank)?;
    verify_vector_elem(ctx, elem, v.ty(r))
}

fn verify_vector_store(ctx: &Context, v: &OpView<'_>) -> Result<(), String> {
    let (Some((elem, rank)), Some(x)) = (memref_of(ctx, v), v.operand("value")) else { return Ok(()) };
    verify_indexing(ctx, v, rank)?;
    verify_vector_elem(ctx, elem, v.ty(x))
}

fn verify_prefetch(ctx: &Context, v: &OpView<'_>) -> Result<(), String> {
    let Some((_, rank)) = memref_of(ctx, v) else { return Ok(()) };
    match map_of(ctx, v.attr("map")) {
        Some(map) => {
            if map.results.len() != rank {
                return Err("affine.prefetch affine map num results must equal memref rank".into());
            }
            if map.num_inputs() as usize + 1 != v.operands().len() {
                return Err("too few operands".into());
            }
        }
        None if v.operands().len() != 1 => return Err("too few operands".into()),
        None => {}
    }
    let scope = ValidityScope::of(ctx, v.body, v.op);
    for &x in v.operands_named("indices") {
        if !scope.is_valid_dim(x) && !scope.is_valid_symbol(x) {
            return Err("index must be a valid dimension or symbol identifier".into());
        }
    }
    Ok(())
}

/// The group sizes of a `dense<...> : tensor<Nxi32>` attribute.
fn groups_of(ctx: &Context, a: Option<Attr>) -> Vec<i64> {
    let Some(AttrKind::DenseElements { ty, splat, data }) = a.map(|a| ctx.attr_kind(a)) else { return Vec::new() };
    let n = ctx.type_kind(*ty).num_elements().unwrap_or(0) as usize;
    let word = |i: usize| data.get(i * 4..i * 4 + 4).map_or(0, |b| i32::from_le_bytes([b[0], b[1], b[2], b[3]]) as i64);
    (0..n).map(|i| if *splat { word(0) } else { word(i) }).collect()
}

fn int_list(ctx: &Context, a: Option<Attr>) -> Vec<i64> {
    match a.map(|a| ctx.attr_kind(a)) {
        Some(AttrKind::Array(items)) => items.iter().filter_map(|i| ctx.as_i64(*i)).collect(),
        _ => Vec::new(),
    }
}

fn reduction_fits(ctx: &Context, kind: &str, t: Type) -> bool {
    let int = |signedness: Option<mica_ir::Signedness>| match ctx.type_kind(t) {
        TypeKind::Integer { signedness: s, .. } => signedness.is_none_or(|want| *s == want),
        _ => false,
    };
    match kind {
        "addf" | "mulf" | "maximumf" | "minimumf" => matches!(ctx.type_kind(t), TypeKind::Float(_)),
        "addi" | "muli" | "ori" | "andi" => int(None),
        "assign" => true,
        "maxs" | "mins" => int(Some(mica_ir::Signedness::Signed)),
        "maxu" | "minu" => int(Some(mica_ir::Signedness::Unsigned)),
        _ => false,
    }
}

fn verify_parallel(ctx: &Context, v: &OpView<'_>) -> Result<(), String> {
    let (rb, regions) = v.body.op_regions(v.op);
    let num_args = regions.first().and_then(|r| rb.region_blocks(*r).first()).map_or(0, |b| rb.block_args(*b).len());
    let steps = int_list(ctx, v.attr("steps"));
    let lb_groups = groups_of(ctx, v.attr("lowerBoundsGroups"));
    let ub_groups = groups_of(ctx, v.attr("upperBoundsGroups"));
    let dims = steps.len();
    if lb_groups.len() != dims || ub_groups.len() != dims || num_args != dims {
        return Err(format!(
            "the number of region arguments ({num_args}) and the number of map groups for lower ({}) and upper bound ({}), and the number of steps ({dims}) must all match",
            lb_groups.len(),
            ub_groups.len()
        ));
    }
    let (Some(lb), Some(ub)) = (map_of(ctx, v.attr("lowerBoundsMap")), map_of(ctx, v.attr("upperBoundsMap"))) else { return Ok(()) };
    for (groups, map, which) in [(&lb_groups, lb, "lower"), (&ub_groups, ub, "upper")] {
        let mut expected = 0;
        for &g in groups.iter() {
            if g == 0 {
                return Err(format!("expected {which} bound map to have at least one result"));
            }
            expected += g as u32;
        }
        if expected as usize != map.results.len() {
            return Err(format!("expected {which} bounds map to have {expected} results"));
        }
    }
    // MLIR 22 does not check this and then prints the missing operands as `<<NULL VALUE>>`;
    // Mica rejects such an op so that what it prints always reads back.
    let inputs = (lb.num_dims + lb.num_symbols + ub.num_dims + ub.num_symbols) as usize;
    if v.operands().len() != inputs {
        return Err(format!("expected {inputs} map operands for the lower and upper bound maps, found {}", v.operands().len()));
    }
    let reductions = int_list(ctx, v.attr("reductions"));
    let results = v.body.results(v.op);
    if reductions.len() != results.len() {
        return Err("a reduction must be specified for each output".into());
    }
    for (k, r) in reductions.iter().zip(results) {
        let Some(kind) = atomic_rmw_name(*k) else { return Err("invalid reduction attribute".into()) };
        if !reduction_fits(ctx, kind, v.ty(*r)) {
            return Err("result type cannot match reduction attribute".into());
        }
    }
    let operands = v.operands();
    let split = (lb.num_inputs() as usize).min(operands.len());
    verify_dim_and_symbol_identifiers(ctx, v, &operands[..split], lb.num_dims)?;
    verify_dim_and_symbol_identifiers(ctx, v, &operands[split..], ub.num_dims)
}

/// The map attribute `name` of a DMA op, as a map (the generic form may leave it out).
fn dma_map<'c>(ctx: &'c Context, v: &OpView<'_>, name: &str) -> Option<&'c AffineMap> {
    map_of(ctx, ctx.op_attr(v.body, v.op, name))
}

fn check_dma_indices(ctx: &Context, v: &OpView<'_>, indices: &[Value], what: &str, prefix: &str) -> Result<(), String> {
    let scope = ValidityScope::of(ctx, v.body, v.op);
    for &x in indices {
        if !is_index(ctx, v.ty(x)) {
            return Err(format!("{what} must have 'index' type"));
        }
        if !scope.is_valid_dim(x) && !scope.is_valid_symbol(x) {
            return Err(format!("{prefix}index must be a valid dimension or symbol identifier"));
        }
    }
    Ok(())
}

fn verify_dma_start(ctx: &Context, v: &OpView<'_>) -> Result<(), String> {
    let ops = v.operands();
    let n = |m: Option<&AffineMap>| m.map_or(0, |m| m.num_inputs() as usize);
    let (src, dst, tag) = (dma_map(ctx, v, "src_map"), dma_map(ctx, v, "dst_map"), dma_map(ctx, v, "tag_map"));
    let dst_at = 1 + n(src);
    let tag_at = dst_at + 1 + n(dst);
    let memref = |i: usize| ops.get(i).is_some_and(|x| is_memref(ctx, v.ty(*x)));
    if !memref(0) {
        return Err("expected DMA source to be of memref type".into());
    }
    if !memref(dst_at) {
        return Err("expected DMA destination to be of memref type".into());
    }
    if !memref(tag_at) {
        return Err("expected DMA tag to be of memref type".into());
    }
    let all = n(src) + n(dst) + n(tag);
    if ops.len() != all + 4 && ops.len() != all + 6 {
        return Err("incorrect number of operands".into());
    }
    check_dma_indices(ctx, v, &ops[1..dst_at], "src index to dma_start", "src ")?;
    check_dma_indices(ctx, v, &ops[dst_at + 1..tag_at], "dst index to dma_start", "dst ")?;
    check_dma_indices(ctx, v, &ops[tag_at + 1..tag_at + 1 + n(tag)], "tag index to dma_start", "tag ")
}

fn verify_dma_wait(ctx: &Context, v: &OpView<'_>) -> Result<(), String> {
    let ops = v.operands();
    if !ops.first().is_some_and(|x| is_memref(ctx, v.ty(*x))) {
        return Err("expected DMA tag to be of memref type".into());
    }
    let n = dma_map(ctx, v, "tag_map").map_or(0, |m| m.num_inputs() as usize).min(ops.len() - 1);
    check_dma_indices(ctx, v, &ops[1..1 + n], "index to dma_wait", "")
}

fn verify_yield(ctx: &Context, v: &OpView<'_>) -> Result<(), String> {
    let parent = v.body.parent_op(v.op).filter(|p| matches!(ctx.str(v.body.op(*p).name), "affine.parallel" | "affine.if" | "affine.for"));
    let Some(parent) = parent else { return Err("only terminates affine.if/for/parallel regions".into()) };
    let results = v.body.results(parent);
    if results.len() != v.operands().len() {
        return Err("parent of yield must have same number of results as the yield operands".into());
    }
    if results.iter().zip(v.operands()).any(|(r, o)| v.ty(*r) != v.ty(*o)) {
        return Err("types mismatch between yield op and its parent".into());
    }
    Ok(())
}

fn basis_checks(v: &OpView<'_>) -> Result<Vec<i64>, String> {
    let basis = v.attr_dense_i64("static_basis").unwrap_or_default();
    let dynamic = basis.iter().filter(|b| **b == DYNAMIC).count();
    if dynamic != v.operands_named("dynamic_basis").len() {
        return Err("mismatch between dynamic and static basis (kDynamic marker but no corresponding dynamic basis entry) -- this can only happen due to an incorrect fold/rewrite".into());
    }
    Ok(basis)
}

fn verify_delinearize(_: &Context, v: &OpView<'_>) -> Result<(), String> {
    let n = v.attr_dense_i64("static_basis").unwrap_or_default().len();
    let results = v.body.results(v.op).len();
    if results != n && results != n + 1 {
        return Err("should return an index for each basis element and up to one extra index".into());
    }
    let basis = basis_checks(v)?;
    if basis.iter().any(|b| *b <= 0 && *b != DYNAMIC) {
        return Err("no basis element may be statically non-positive".into());
    }
    Ok(())
}

fn verify_linearize(_: &Context, v: &OpView<'_>) -> Result<(), String> {
    let n = v.attr_dense_i64("static_basis").unwrap_or_default().len();
    let indices = v.operands_named("multi_index").len();
    if indices != n && indices != n + 1 {
        return Err("should be passed a basis element for each index except possibly the first".into());
    }
    basis_checks(v).map(|_| ())
}
