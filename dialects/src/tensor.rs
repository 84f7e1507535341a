//! The tensor dialect: creating (`empty`, `from_elements`, `generate`, `splat`), reading and
//! writing (`extract`, `insert`, slices, `gather`, `scatter`), reshaping (`reshape`,
//! `expand_shape`, `collapse_shape`, `concat`, `pad`) and casting tensors, with `yield` for the
//! regions of `generate` and `pad`, as MLIR 22 defines them (its verifier messages included).

use crate::ods::view_like::{in_bounds_slice, mixed, offset_size_stride};
use crate::ods::constraints::*;
use crate::ods::{plain_error, Check, ClassTable, OpSpec, OpView, TypeClass};
use mica_ir::printer::type_string;
use mica_ir::{Attr, AttrKind, Context, Traits, Type, TypeKind, DYNAMIC};

// ------------------------------------------------------------------------------ constraints

static NON_0_RANKED_OR_UNRANKED_TENSOR: TypeConstraint = TypeConstraint {
    summary: "non-0-ranked or unranked tensor",
    check: |c, t| match c.type_kind(t) {
        TypeKind::RankedTensor { shape, .. } => !shape.is_empty(),
        TypeKind::UnrankedTensor { .. } => true,
        _ => false,
    },
    buildable: None,
};
static STATIC_SHAPE_TENSOR: TypeConstraint = TypeConstraint {
    summary: "statically shaped tensor of any type values",
    check: |c, t| matches!(c.type_kind(t), TypeKind::RankedTensor { shape, .. } if !shape.contains(&DYNAMIC)),
    buildable: None,
};
static INT_OR_INDEX_RANKED_TENSOR: TypeConstraint = TypeConstraint {
    summary: "ranked tensor of signless integer or index values",
    check: |c, t| matches!(c.type_kind(t), TypeKind::RankedTensor { elem, .. } if is_signless_int(c, *elem) || is_index(c, *elem)),
    buildable: None,
};
static SHAPE_TENSOR: TypeConstraint = TypeConstraint {
    summary: "1D tensor of signless integer or index values",
    check: |c, t| matches!(c.type_kind(t), TypeKind::RankedTensor { shape, elem, .. } if shape.len() == 1 && (is_signless_int(c, *elem) || is_index(c, *elem))),
    buildable: None,
};
static SPLAT_ELEMENT: TypeConstraint = TypeConstraint {
    summary: "integer/index/float type",
    check: |c, t| is_signless_int(c, t) || is_index(c, t) || is_float(c, t),
    buildable: None,
};
/// `tensor.bitcast`'s operand and result: a tensor of integers (of any signedness) or floats.
static INT_OR_FLOAT_TENSOR: TypeConstraint = TypeConstraint {
    summary: "tensor of signless integer or unsigned integer or signed integer or floating-point values",
    check: |c, t| match c.type_kind(t) {
        TypeKind::RankedTensor { elem, .. } | TypeKind::UnrankedTensor { elem } => {
            matches!(c.type_kind(*elem), TypeKind::Integer { .. }) || is_float(c, *elem)
        }
        _ => false,
    },
    buildable: None,
};
/// The classes MLIR's parsers read the tensor constraints' types as (see
/// [`crate::ods::TypeClass`]): `TensorType` (no type name in the error) or `RankedTensorType`.
static CLASSES: ClassTable = &[
    (&NON_0_RANKED_OR_UNRANKED_TENSOR, TypeClass::Tensor),
    (&STATIC_SHAPE_TENSOR, TypeClass::RankedTensor),
    (&INT_OR_FLOAT_TENSOR, TypeClass::Tensor),
];
/// MLIR's `IndexListArrayAttr`: `[[0, 1], [2]]`.
pub static INDEX_LIST_ARRAY_ATTR: AttrConstraint = AttrConstraint {
    summary: "Array of 64-bit integer array attributes",
    syntax: AttrSyntax::Plain,
    check: |c, a| match c.attr_kind(a) {
        AttrKind::Array(groups) => groups.iter().all(|g| match c.attr_kind(*g) {
            AttrKind::Array(items) => items.iter().all(|i| is_int_attr_of(c, *i, 64)),
            _ => false,
        }),
        _ => false,
    },
};

// ------------------------------------------------------------------------------ type helpers

/// A ranked tensor's shape, element type and encoding.
fn ranked(ctx: &Context, t: Type) -> Option<(&[i64], Type, Option<Attr>)> {
    match ctx.type_kind(t) {
        TypeKind::RankedTensor { shape, elem, encoding } => Some((shape, *elem, *encoding)),
        _ => None,
    }
}

fn tensor_type(ctx: &Context, shape: &[i64], elem: Type, encoding: Option<Attr>) -> Type {
    ctx.ty(TypeKind::RankedTensor { shape: shape.into(), elem, encoding })
}

/// `'type'` as MLIR quotes a type in a diagnostic.
fn quoted(ctx: &Context, t: Type) -> String {
    format!("'{}'", type_string(ctx, t))
}

fn element_of(ctx: &Context, t: Type) -> Option<Type> {
    match ctx.type_kind(t) {
        TypeKind::RankedTensor { elem, .. } | TypeKind::UnrankedTensor { elem } => Some(*elem),
        _ => None,
    }
}

fn dynamic_count(shape: &[i64]) -> usize {
    shape.iter().filter(|d| **d == DYNAMIC).count()
}

fn operand_type(v: &OpView<'_>, name: &str) -> Option<Type> {
    v.operand(name).map(|x| v.ty(x))
}

fn result_type(v: &OpView<'_>, name: &str) -> Option<Type> {
    v.result(name).map(|x| v.ty(x))
}

/// MLIR's `verifyDynamicDimensionCount`: one size operand per dynamic dimension of `ty`.
fn verify_dynamic_sizes(ctx: &Context, ty: Option<Type>, sizes: usize) -> Result<(), String> {
    let Some((shape, _, _)) = ty.and_then(|t| ranked(ctx, t)) else { return Ok(()) };
    let expected = dynamic_count(shape);
    if sizes != expected {
        return Err(format!("incorrect number of dynamic sizes, has {sizes}, expected {expected}"));
    }
    Ok(())
}

// ------------------------------------------------------------------------------ ops

/// The three `custom<DynamicIndexList>` operand groups and their static arrays.
fn with_offsets_sizes_strides(s: OpSpec) -> OpSpec {
    s.variadic("offsets", &INDEX)
        .variadic("sizes", &INDEX)
        .variadic("strides", &INDEX)
        .attr("static_offsets", &DENSE_I64_ARRAY_ATTR)
        .attr("static_sizes", &DENSE_I64_ARRAY_ATTR)
        .attr("static_strides", &DENSE_I64_ARRAY_ATTR)
        .operand_segments()
}

fn same_type(_: &Context, t: Type) -> Option<Type> {
    Some(t)
}

fn ops() -> Vec<OpSpec> {
    vec![
        OpSpec::new("tensor.bitcast")
            .traits(Traits::PURE)
            .operand("source", &INT_OR_FLOAT_TENSOR)
            .result("dest", &INT_OR_FLOAT_TENSOR)
            .format("$source attr-dict `:` type($source) `to` type($dest)")
            .verify(verify_bitcast),
        OpSpec::new("tensor.cast")
            .traits(Traits::PURE)
            .operand("source", &ANY_TENSOR)
            .result("dest", &ANY_TENSOR)
            .format("$source attr-dict `:` type($source) `to` type($dest)")
            .verify(verify_cast)
            .result_name(|_, _, _, names| names.set(0, "cast")),
        OpSpec::new("tensor.concat")
            .traits(Traits::PURE)
            .attr("dim", &I64_ATTR)
            .variadic("inputs", &ANY_RANKED_TENSOR)
            .result("result", &ANY_RANKED_TENSOR)
            .format("`dim` `(` $dim `)` $inputs attr-dict `:` functional-type(operands, results)")
            .verify(verify_concat)
            .result_name(|_, _, _, names| names.set(0, "concat")),
        // MLIR's `ConditionallySpeculatable, NoMemoryEffect`: side-effect free, like Pure.
        OpSpec::new("tensor.dim")
            .traits(Traits::PURE)
            .operand("source", &NON_0_RANKED_OR_UNRANKED_TENSOR)
            .operand("index", &INDEX)
            .result("result", &INDEX)
            .format("attr-dict $source `,` $index `:` type($source)")
            .result_name(|_, _, _, names| names.set(0, "dim")),
        OpSpec::new("tensor.empty")
            .traits(Traits::PURE)
            .variadic("dynamicSizes", &INDEX)
            .result("result", &ANY_RANKED_TENSOR)
            .format("`(`$dynamicSizes`)` attr-dict `:` type($result)")
            .verify(|ctx, v| verify_dynamic_sizes(ctx, result_type(v, "result"), v.operands_named("dynamicSizes").len())),
        OpSpec::new("tensor.extract")
            .traits(Traits::PURE)
            .operand("tensor", &ANY_RANKED_TENSOR)
            .variadic("indices", &INDEX)
            .result("result", &ANY_TYPE)
            .check(Check::TypesMatchWith {
                summary: "result type matches element type of tensor",
                from: "tensor",
                to: "result",
                transform: element_of,
            })
            .format("$tensor `[` $indices `]` attr-dict `:` type($tensor)")
            .verify(|ctx, v| verify_index_count(ctx, v, "tensor", "incorrect number of indices for extract_element"))
            .result_name(|_, _, _, names| names.set(0, "extracted")),
        with_offsets_sizes_strides(OpSpec::new("tensor.extract_slice").traits(Traits::PURE).operand("source", &ANY_RANKED_TENSOR))
            .result("result", &ANY_RANKED_TENSOR)
            .format(
                "$source `` custom<DynamicIndexList>($offsets, $static_offsets) custom<DynamicIndexList>($sizes, $static_sizes) \
                 custom<DynamicIndexList>($strides, $static_strides) attr-dict `:` type($source) `to` type($result)",
            )
            .verify(verify_extract_slice)
            .result_name(|_, _, _, names| names.set(0, "extracted_slice")),
        OpSpec::new("tensor.from_elements")
            .traits(Traits::PURE)
            .variadic("elements", &ANY_TYPE)
            .result("result", &STATIC_SHAPE_TENSOR)
            .check(Check::TypesMatchWithRange {
                summary: "operand types match result element type",
                from: "result",
                to: "elements",
                transform: |ctx, t| {
                    let (shape, elem, _) = ranked(ctx, t)?;
                    // Beyond this many elements no operand list can match; do not build the list.
                    let count = shape.iter().try_fold(1i64, |acc, d| acc.checked_mul(*d)).filter(|n| (0..1 << 26).contains(n))?;
                    Some(vec![elem; count as usize])
                },
            })
            .format("$elements attr-dict `:` type($result)")
            .result_name(|_, _, _, names| names.set(0, "from_elements")),
        OpSpec::new("tensor.gather")
            .traits(Traits::PURE)
            .operand("source", &ANY_RANKED_TENSOR)
            .operand("indices", &INT_OR_INDEX_RANKED_TENSOR)
            .attr("gather_dims", &DENSE_I64_ARRAY_ATTR)
            .optional_attr("unique", &UNIT_ATTR)
            .result("result", &ANY_RANKED_TENSOR)
            .format("$source `[` $indices `]` `gather_dims` `(` $gather_dims `)` (`unique` $unique^)? attr-dict `:` functional-type(operands, results)")
            .verify(verify_gather)
            .result_name(|_, _, _, names| names.set(0, "gather")),
        OpSpec::new("tensor.generate")
            .traits(Traits::RECURSIVE_MEMORY_EFFECTS)
            .variadic("dynamicExtents", &INDEX)
            .result("result", &ANY_RANKED_TENSOR)
            .region("body", Some(1))
            .implicit_terminator("tensor.yield")
            .format("$dynamicExtents $body attr-dict `:` type($result)")
            .verify(|ctx, v| verify_dynamic_sizes(ctx, result_type(v, "result"), v.operands_named("dynamicExtents").len()))
            .verify_regions(verify_generate_regions)
            .result_name(|_, _, _, names| names.set(0, "generated")),
        OpSpec::new("tensor.insert")
            .traits(Traits::PURE)
            .operand("scalar", &ANY_TYPE)
            .operand("dest", &ANY_RANKED_TENSOR)
            .variadic("indices", &INDEX)
            .result("result", &ANY_RANKED_TENSOR)
            .check(Check::TypesMatchWith { summary: "result type matches type of dest", from: "dest", to: "result", transform: same_type })
            .check(Check::TypesMatchWith {
                summary: "scalar type matches element type of dest",
                from: "dest",
                to: "scalar",
                transform: element_of,
            })
            .format("$scalar `into` $dest `[` $indices `]` attr-dict `:` type($dest)")
            .verify(|ctx, v| verify_index_count(ctx, v, "dest", "incorrect number of indices"))
            .result_name(|_, _, _, names| names.set(0, "inserted")),
        with_offsets_sizes_strides(
            OpSpec::new("tensor.insert_slice").traits(Traits::PURE).operand("source", &ANY_RANKED_TENSOR).operand("dest", &ANY_RANKED_TENSOR),
        )
        .result("result", &ANY_RANKED_TENSOR)
        .check(Check::TypesMatchWith { summary: "expected result type to match dest type", from: "dest", to: "result", transform: same_type })
        .format(
            "$source `into` $dest `` custom<DynamicIndexList>($offsets, $static_offsets) custom<DynamicIndexList>($sizes, $static_sizes) \
             custom<DynamicIndexList>($strides, $static_strides) attr-dict `:` type($source) `into` type($dest)",
        )
        .verify(verify_insert_slice)
        .result_name(|_, _, _, names| names.set(0, "inserted_slice")),
        OpSpec::new("tensor.rank")
            .traits(Traits::PURE)
            .operand("tensor", &ANY_TENSOR)
            .result("result", &INDEX)
            .format("$tensor attr-dict `:` type($tensor)")
            .result_name(|_, _, _, names| names.set(0, "rank")),
        OpSpec::new("tensor.reshape")
            .traits(Traits::PURE)
            .operand("source", &ANY_TENSOR)
            .operand("shape", &SHAPE_TENSOR)
            .result("result", &ANY_TENSOR)
            .format("$source `(` $shape `)` attr-dict `:` functional-type(operands, results)")
            .verify(verify_reshape)
            .result_name(|_, _, _, names| names.set(0, "reshape")),
        OpSpec::new("tensor.expand_shape")
            .traits(Traits::PURE)
            .operand("src", &ANY_TENSOR)
            .attr("reassociation", &INDEX_LIST_ARRAY_ATTR)
            .variadic("output_shape", &INDEX)
            .attr("static_output_shape", &DENSE_I64_ARRAY_ATTR)
            .result("result", &ANY_TENSOR)
            .format(
                "$src $reassociation `output_shape` custom<DynamicIndexList>($output_shape, $static_output_shape) attr-dict `:` \
                 type($src) `into` type($result)",
            )
            .verify(verify_expand_shape)
            .result_name(|_, _, _, names| names.set(0, "expanded")),
        OpSpec::new("tensor.collapse_shape")
            .traits(Traits::PURE)
            .operand("src", &ANY_TENSOR)
            .attr("reassociation", &INDEX_LIST_ARRAY_ATTR)
            .result("result", &ANY_TENSOR)
            .format("$src $reassociation attr-dict `:` type($src) `into` type($result)")
            .verify(|ctx, v| {
                let (Some(src), Some(res)) = (operand_type(v, "src"), result_type(v, "result")) else { return Ok(()) };
                verify_reshape_like(ctx, v, src, res)
            })
            .result_name(|_, _, _, names| names.set(0, "collapsed")),
        OpSpec::new("tensor.pad")
            .traits(Traits::PURE)
            .operand("source", &ANY_RANKED_TENSOR)
            .variadic("low", &INDEX)
            .variadic("high", &INDEX)
            .attr("static_low", &DENSE_I64_ARRAY_ATTR)
            .attr("static_high", &DENSE_I64_ARRAY_ATTR)
            .optional_attr("nofold", &UNIT_ATTR)
            .region("region", Some(1))
            .result("result", &ANY_RANKED_TENSOR)
            .operand_segments()
            .implicit_terminator("tensor.yield")
            .format(
                "$source (`nofold` $nofold^)? `low` `` custom<DynamicIndexList>($low, $static_low) \
                 `high` `` custom<DynamicIndexList>($high, $static_high) $region attr-dict `:` type($source) `to` type($result)",
            )
            .verify(verify_pad)
            .verify_regions(verify_pad_regions)
            .result_name(|_, _, _, names| names.set(0, "padded")),
        with_offsets_sizes_strides(
            OpSpec::new("tensor.parallel_insert_slice").operand("source", &ANY_RANKED_TENSOR).operand("dest", &ANY_RANKED_TENSOR),
        )
        .format(
            "$source `into` $dest `` custom<DynamicIndexList>($offsets, $static_offsets) custom<DynamicIndexList>($sizes, $static_sizes) \
             custom<DynamicIndexList>($strides, $static_strides) attr-dict `:` type($source) `into` type($dest)",
        )
        .verify(verify_parallel_insert_slice),
        OpSpec::new("tensor.scatter")
            .traits(Traits::PURE)
            .operand("source", &ANY_RANKED_TENSOR)
            .operand("dest", &ANY_RANKED_TENSOR)
            .operand("indices", &INT_OR_INDEX_RANKED_TENSOR)
            .attr("scatter_dims", &DENSE_I64_ARRAY_ATTR)
            .optional_attr("unique", &UNIT_ATTR)
            .result("result", &ANY_RANKED_TENSOR)
            .format(
                "$source `into` $dest `[` $indices `]` `scatter_dims` `(` $scatter_dims `)` (`unique` $unique^)? attr-dict \
                 `:` functional-type(operands, results)",
            )
            .verify(verify_scatter)
            .result_name(|_, _, _, names| names.set(0, "scatter")),
        OpSpec::new("tensor.splat")
            .traits(Traits::PURE)
            .operand("input", &SPLAT_ELEMENT)
            .variadic("dynamicSizes", &INDEX)
            .result("aggregate", &ANY_RANKED_TENSOR)
            .check(Check::TypesMatchWith {
                summary: "operand type matches element type of result",
                from: "aggregate",
                to: "input",
                transform: element_of,
            })
            .format("$input (`[` $dynamicSizes^ `]`)? attr-dict `:` type($aggregate)")
            .verify(|ctx, v| verify_dynamic_sizes(ctx, result_type(v, "aggregate"), v.operands_named("dynamicSizes").len()))
            .result_name(|_, _, _, names| names.set(0, "splat")),
        OpSpec::new("tensor.yield")
            .traits(Traits::PURE | Traits::RETURN_LIKE | Traits::TERMINATOR)
            .operand("value", &ANY_TYPE)
            .check(Check::HasParent(&["tensor.generate", "tensor.pad"]))
            .format("$value attr-dict `:` type($value)"),
    ]
}

/// Registers the tensor dialect.
pub fn register(ctx: &mut Context) {
    let mut specs = ops();
    for s in &mut specs {
        let (fold, patterns) = crate::shaped_fold::rewrites(s.name);
        s.fold = fold;
        s.patterns = patterns;
    }
    crate::ods::register_with_classes(ctx, specs, &[], CLASSES);
    ctx.registry_mut().set_materializer("tensor", crate::shaped_fold::materialize);
}

// ------------------------------------------------------------------------------ casts

/// MLIR's `CastOpInterface` message.
fn cast_incompatible(ctx: &Context, from: Type, to: Type) -> String {
    format!("operand type {} and result type {} are cast incompatible", quoted(ctx, from), quoted(ctx, to))
}

fn verify_cast(ctx: &Context, v: &OpView<'_>) -> Result<(), String> {
    let (Some(a), Some(b)) = (operand_type(v, "source"), result_type(v, "dest")) else { return Ok(()) };
    if element_of(ctx, a) != element_of(ctx, b) || !crate::ods::verify_compatible_shape(ctx, a, b) {
        return Err(cast_incompatible(ctx, a, b));
    }
    Ok(())
}

fn bit_width(ctx: &Context, t: Type) -> Option<u32> {
    match ctx.type_kind(t) {
        TypeKind::Integer { width, .. } => Some(*width),
        TypeKind::Float(k) => Some(k.bit_width()),
        TypeKind::Index => Some(64),
        _ => None,
    }
}

fn verify_bitcast(ctx: &Context, v: &OpView<'_>) -> Result<(), String> {
    let (Some(a), Some(b)) = (operand_type(v, "source"), result_type(v, "dest")) else { return Ok(()) };
    let width = |t: Type| element_of(ctx, t).and_then(|e| bit_width(ctx, e));
    if width(a) != width(b) || !crate::ods::verify_compatible_shape(ctx, a, b) {
        return Err(cast_incompatible(ctx, a, b));
    }
    Ok(())
}

// ------------------------------------------------------------------------------ element access

fn verify_index_count(ctx: &Context, v: &OpView<'_>, tensor: &str, msg: &str) -> Result<(), String> {
    let Some((shape, _, _)) = operand_type(v, tensor).and_then(|t| ranked(ctx, t)) else { return Ok(()) };
    if v.operands_named("indices").len() != shape.len() {
        return Err(msg.to_string());
    }
    Ok(())
}

// ------------------------------------------------------------------------------ concat

fn verify_concat(ctx: &Context, v: &OpView<'_>) -> Result<(), String> {
    let inputs: Vec<Type> = v.operands_named("inputs").iter().map(|x| v.ty(*x)).collect();
    if inputs.is_empty() {
        return Err("requires at least one input".into());
    }
    let Some(result) = result_type(v, "result") else { return Ok(()) };
    let Some((res_shape, res_elem, _)) = ranked(ctx, result) else { return Ok(()) };
    let shapes: Vec<&[i64]> = inputs.iter().filter_map(|t| ranked(ctx, *t).map(|r| r.0)).collect();
    if shapes.iter().any(|s| s.len() != res_shape.len()) {
        return Err("rank of concatenated inputs must match result rank".into());
    }
    if inputs.iter().any(|t| element_of(ctx, *t) != Some(res_elem)) {
        return Err("inputs and result element type must match".into());
    }
    let dim = v.attr_i64("dim").unwrap_or(0);
    let rank = res_shape.len() as i64;
    if dim >= rank {
        return Err("concatenation dim must be less than the tensor rank".into());
    }
    let mut sizes = vec![0i64; res_shape.len()];
    for (i, size) in sizes.iter_mut().enumerate() {
        if i as i64 == dim {
            continue;
        }
        // The one static size all inputs agree on, or dynamic.
        let mut known = DYNAMIC;
        for s in &shapes {
            if s[i] == DYNAMIC {
                continue;
            }
            if known != DYNAMIC && known != s[i] {
                return Err(format!("static concatenation size mismatch along non-concatenated dimension {i}"));
            }
            known = s[i];
        }
        *size = known;
    }
    if dim >= 0 {
        let along: Vec<i64> = shapes.iter().map(|s| s[dim as usize]).collect();
        sizes[dim as usize] = if along.contains(&DYNAMIC) { DYNAMIC } else { along.iter().fold(0i64, |a, b| a.wrapping_add(*b)) };
    }
    let inferred = tensor_type(ctx, &sizes, res_elem, None);
    for (a, b) in sizes.iter().zip(res_shape) {
        if *a != DYNAMIC && *b != DYNAMIC && a != b {
            return Err(format!("result type {}does not match inferred shape {} static sizes", quoted(ctx, result), quoted(ctx, inferred)));
        }
    }
    Ok(())
}

// ------------------------------------------------------------------------------ slices

/// MLIR's `computeRankReductionMask`: whether `reduced` is `original` with some unit
/// dimensions dropped.
fn rank_reduces_to(original: &[i64], reduced: &[i64]) -> bool {
    let mut k = 0;
    for &d in original {
        if k < reduced.len() && d == reduced[k] {
            k += 1;
        } else if d != 1 {
            return false;
        }
    }
    k == reduced.len()
}

/// MLIR's `isRankReducedType` check of `candidate` against the type the static sizes give
/// (`source`'s element type and encoding), with its messages.
fn verify_rank_reduced(ctx: &Context, source: Type, candidate: Type, v: &OpView<'_>) -> Result<(), String> {
    let (Some((_, elem, encoding)), Some((shape, cand_elem, _))) = (ranked(ctx, source), ranked(ctx, candidate)) else { return Ok(()) };
    let sizes = v.attr_dense_i64("static_sizes").unwrap_or_default();
    let expected = tensor_type(ctx, &sizes, elem, encoding);
    if expected == candidate {
        return Ok(());
    }
    if shape.len() > sizes.len() {
        return Err(plain_error("expected rank to be smaller or equal to the other rank. "));
    }
    if !rank_reduces_to(&sizes, shape) {
        return Err(plain_error(format!("expected type to be {} or a rank-reduced version. (size mismatch) ", quoted(ctx, expected))));
    }
    if cand_elem != elem {
        return Err(plain_error(format!("expected element type to be {}", quoted(ctx, elem))));
    }
    Ok(())
}

fn ranked_rank(ctx: &Context, t: Option<Type>) -> usize {
    t.and_then(|t| ranked(ctx, t)).map_or(0, |r| r.0.len())
}

fn verify_extract_slice(ctx: &Context, v: &OpView<'_>) -> Result<(), String> {
    let (Some(src), Some(res)) = (operand_type(v, "source"), result_type(v, "result")) else { return Ok(()) };
    offset_size_stride(v, &mixed(v), [ranked_rank(ctx, Some(src)); 3])?;
    verify_rank_reduced(ctx, src, res, v)?;
    in_bounds_slice(ranked(ctx, src).map_or(&[], |r| r.0), &mixed(v))
}

fn verify_insert_slice(ctx: &Context, v: &OpView<'_>) -> Result<(), String> {
    let (Some(src), Some(dest)) = (operand_type(v, "source"), operand_type(v, "dest")) else { return Ok(()) };
    offset_size_stride(v, &mixed(v), [ranked_rank(ctx, result_type(v, "result")); 3])?;
    verify_rank_reduced(ctx, dest, src, v)?;
    in_bounds_slice(ranked(ctx, dest).map_or(&[], |r| r.0), &mixed(v))
}

fn verify_parallel_insert_slice(ctx: &Context, v: &OpView<'_>) -> Result<(), String> {
    let (Some(src), Some(dest)) = (operand_type(v, "source"), operand_type(v, "dest")) else { return Ok(()) };
    // `scf.forall.in_parallel` checks this of the ops in its region before they are verified.
    if !inserts_into_shared_out(ctx, v) {
        return Err("may only insert into an output block argument".into());
    }
    offset_size_stride(v, &mixed(v), [ranked_rank(ctx, Some(dest)); 3])?;
    let in_parallel = v.body.parent_op(v.op).is_some_and(|p| ctx.str(v.body.op(p).name) == "scf.forall.in_parallel");
    if !in_parallel {
        // MLIR appends the printed parent op to this message.
        return Err(plain_error("expected InParallelOpInterface parent, got:"));
    }
    verify_rank_reduced(ctx, dest, src, v)?;
    in_bounds_slice(ranked(ctx, dest).map_or(&[], |r| r.0), &mixed(v))
}

/// Whether the destination is a `shared_outs` block argument of the `scf.forall` whose
/// `scf.forall.in_parallel` holds the op (true outside such a terminator).
fn inserts_into_shared_out(ctx: &Context, v: &OpView<'_>) -> bool {
    let body = v.body;
    let Some(term) = body.parent_op(v.op).filter(|p| ctx.str(body.op(*p).name) == "scf.forall.in_parallel") else { return true };
    let Some(forall) = body.parent_op(term).filter(|p| ctx.str(body.op(*p).name) == "scf.forall") else { return true };
    let Some(dest) = v.operand("dest") else { return true };
    let (rb, regions) = body.op_regions(forall);
    let Some(&entry) = regions.first().and_then(|r| rb.region_blocks(*r).first()) else { return true };
    let args = rb.block_args(entry);
    let outs = body.results(forall).len();
    args[args.len().saturating_sub(outs)..].contains(&dest)
}

// ------------------------------------------------------------------------------ gather/scatter

fn verify_gather_scatter_dims(dims: &[i64], indices: &[i64], rank: usize, what: &str, of: &str) -> Result<(), String> {
    if dims.is_empty() {
        return Err(format!("{what}_dims must be non-empty"));
    }
    if dims.len() > rank {
        return Err(format!("{what}_dims overflow {of} rank"));
    }
    if indices.last() != Some(&(dims.len() as i64)) {
        return Err(format!("{what}_dims length must match the size of last dimension of indices"));
    }
    for &d in dims {
        if d < 0 {
            return Err(format!("{what}_dims value must be non-negative"));
        }
        if d >= rank as i64 {
            return Err(format!("{what}_dims value must be smaller than {of} rank"));
        }
    }
    if dims.windows(2).any(|w| w[0] >= w[1]) {
        return Err(format!("{what}_dims values must be strictly increasing"));
    }
    Ok(())
}

/// MLIR's `GatherOp::inferResultType`: the index dimensions, then the source dimensions with
/// the gathered ones set to 1 (or dropped when `rank_reduced`).
fn gather_result_type(ctx: &Context, source: &[i64], elem: Type, indices: &[i64], dims: &[i64], rank_reduced: bool) -> Type {
    let mut shape: Vec<i64> = indices[..indices.len().saturating_sub(1)].to_vec();
    for (i, &d) in source.iter().enumerate() {
        if dims.contains(&(i as i64)) {
            if !rank_reduced {
                shape.push(1);
            }
        } else {
            shape.push(d);
        }
    }
    tensor_type(ctx, &shape, elem, None)
}

fn verify_gather(ctx: &Context, v: &OpView<'_>) -> Result<(), String> {
    let (Some(src), Some(idx), Some(res)) = (operand_type(v, "source"), operand_type(v, "indices"), result_type(v, "result")) else { return Ok(()) };
    let (Some((src_shape, elem, _)), Some((idx_shape, _, _))) = (ranked(ctx, src), ranked(ctx, idx)) else { return Ok(()) };
    let dims = v.attr_dense_i64("gather_dims").unwrap_or_default();
    verify_gather_scatter_dims(&dims, idx_shape, src_shape.len(), "gather", "source")?;
    let full = gather_result_type(ctx, src_shape, elem, idx_shape, &dims, false);
    let reduced = gather_result_type(ctx, src_shape, elem, idx_shape, &dims, true);
    if res != full && res != reduced {
        return Err(format!(
            "result type mismatch: expected {} or its rank-reduced variant {} (got: {})",
            quoted(ctx, full),
            quoted(ctx, reduced),
            quoted(ctx, res)
        ));
    }
    Ok(())
}

fn verify_scatter(ctx: &Context, v: &OpView<'_>) -> Result<(), String> {
    let (Some(src), Some(dest), Some(idx)) = (operand_type(v, "source"), operand_type(v, "dest"), operand_type(v, "indices")) else { return Ok(()) };
    let (Some((dest_shape, elem, _)), Some((idx_shape, _, _))) = (ranked(ctx, dest), ranked(ctx, idx)) else { return Ok(()) };
    let dims = v.attr_dense_i64("scatter_dims").unwrap_or_default();
    verify_gather_scatter_dims(&dims, idx_shape, dest_shape.len(), "scatter", "dest")?;
    if v.attr("unique").is_none() {
        return Err("requires 'unique' attribute to be set".into());
    }
    let full = gather_result_type(ctx, dest_shape, elem, idx_shape, &dims, false);
    let reduced = gather_result_type(ctx, dest_shape, elem, idx_shape, &dims, true);
    if src != full && src != reduced {
        return Err(format!(
            "source type mismatch: expected {} or its rank-reduced variant {} (got: {})",
            quoted(ctx, full),
            quoted(ctx, reduced),
            quoted(ctx, src)
        ));
    }
    Ok(())
}

// ------------------------------------------------------------------------------ generate / pad

fn verify_generate_regions(ctx: &Context, v: &OpView<'_>) -> Result<(), String> {
    let Some((shape, elem, _)) = result_type(v, "result").and_then(|t| ranked(ctx, t)) else { return Ok(()) };
    let (rb, regions) = v.body.op_regions(v.op);
    let Some(&block) = regions.first().and_then(|r| rb.region_blocks(*r).first()) else { return Ok(()) };
    let args = rb.block_args(block);
    if !args.iter().all(|a| is_index(ctx, rb.value_type(*a))) {
        return Err(plain_error("all body arguments must be index"));
    }
    if args.len() != shape.len() {
        return Err(plain_error("must have one body argument per input dimension"));
    }
    if yielded_type(rb, block) != Some(elem) {
        return Err("body must be terminated with a `yield` operation of the tensor element type".into());
    }
    Ok(())
}

/// The type of the value the block's terminator yields.
fn yielded_type(rb: &mica_ir::Body, block: mica_ir::Block) -> Option<Type> {
    let term = rb.block_last_op(block)?;
    (rb.num_operands(term) > 0).then(|| rb.value_type(rb.operand(term, 0)))
}

fn verify_pad(ctx: &Context, v: &OpView<'_>) -> Result<(), String> {
    let (Some(src), Some(res)) = (operand_type(v, "source"), result_type(v, "result")) else { return Ok(()) };
    let (Some((src_shape, elem, _)), Some((res_shape, _, _))) = (ranked(ctx, src), ranked(ctx, res)) else { return Ok(()) };
    let low = v.attr_dense_i64("static_low").unwrap_or_default();
    let high = v.attr_dense_i64("static_high").unwrap_or_default();
    let rank = src_shape.len();
    if low.len() != rank || high.len() != rank {
        return Err(plain_error(format!(
            "failed to infer expectedType from sourceType {}, specified resultType is {}",
            quoted(ctx, src),
            quoted(ctx, res)
        )));
    }
    let inferred: Vec<i64> = (0..rank)
        .map(|i| if src_shape[i] == DYNAMIC || low[i] == DYNAMIC || high[i] == DYNAMIC { DYNAMIC } else { src_shape[i].wrapping_add(low[i]).wrapping_add(high[i]) })
        .collect();
    let expected = tensor_type(ctx, &inferred, elem, None);
    let mismatch = || plain_error(format!("specified type {} does not match the inferred type {}", quoted(ctx, res), quoted(ctx, expected)));
    if res_shape.len() != rank {
        return Err(mismatch());
    }
    if (0..rank).any(|i| res_shape[i] != inferred[i] && inferred[i] != DYNAMIC) {
        return Err(mismatch());
    }
    Ok(())
}

fn verify_pad_regions(ctx: &Context, v: &OpView<'_>) -> Result<(), String> {
    let Some((shape, elem, _)) = result_type(v, "result").and_then(|t| ranked(ctx, t)) else { return Ok(()) };
    let (rb, regions) = v.body.op_regions(v.op);
    let Some(&block) = regions.first().and_then(|r| rb.region_blocks(*r).first()) else { return Ok(()) };
    let args = rb.block_args(block);
    if args.len() != shape.len() {
        return Err(plain_error(format!("expected the block to have {} arguments", shape.len())));
    }
    if let Some(i) = args.iter().position(|a| !is_index(ctx, rb.value_type(*a))) {
        return Err(format!("expected block argument {} to be an index", i + 1));
    }
    if yielded_type(rb, block) != Some(elem) {
        return Err("expected yield type to match shape element type".into());
    }
    Ok(())
}

// ------------------------------------------------------------------------------ reshapes

/// The element count of a static shape, in wrapping 64-bit arithmetic as MLIR computes it.
fn product(shape: &[i64]) -> i64 {
    shape.iter().fold(1i64, |a, b| a.wrapping_mul(*b))
}

fn verify_reshape(ctx: &Context, v: &OpView<'_>) -> Result<(), String> {
    let (Some(src), Some(shape), Some(res)) = (operand_type(v, "source"), operand_type(v, "shape"), result_type(v, "result")) else { return Ok(()) };
    if element_of(ctx, src) != element_of(ctx, res) {
        return Err("element types of source and destination tensor types should be the same".into());
    }
    let shape_len = ranked(ctx, shape).and_then(|r| r.0.first().copied()).unwrap_or(DYNAMIC);
    if let Some((res_shape, _, _)) = ranked(ctx, res) {
        if let Some((src_shape, _, _)) = ranked(ctx, src) {
            let is_static = |s: &[i64]| !s.contains(&DYNAMIC);
            if is_static(res_shape) && is_static(src_shape) && product(src_shape) != product(res_shape) {
                return Err("source and destination tensor should have the same number of elements".into());
            }
        }
        if shape_len == DYNAMIC {
            return Err("cannot use shape operand with dynamic length to reshape to statically-ranked tensor type".into());
        }
        if shape_len != res_shape.len() as i64 {
            return Err("length of shape operand differs from the result's tensor rank".into());
        }
    }
    Ok(())
}

fn verify_expand_shape(ctx: &Context, v: &OpView<'_>) -> Result<(), String> {
    let (Some(src), Some(res)) = (operand_type(v, "src"), result_type(v, "result")) else { return Ok(()) };
    let statics = v.attr_dense_i64("static_output_shape").unwrap_or_default();
    if let Some((res_shape, _, _)) = ranked(ctx, res) {
        if statics.len() != res_shape.len() {
            return Err(format!(
                "expected number of static shape dims to be equal to the output rank ({}) but found {} inputs instead",
                res_shape.len(),
                statics.len()
            ));
        }
    }
    let dynamic = dynamic_count(&statics);
    let values = v.operands_named("output_shape").len();
    if values != dynamic {
        return Err(format!(
            "mismatch in dynamic dims in output_shape and static_output_shape: static_output_shape has {dynamic} dynamic dims while output_shape has {values} values"
        ));
    }
    verify_reshape_like(ctx, v, res, src)
}

/// The groups of a reassociation attribute (`[[0, 1], [2]]`).
fn reassociation(ctx: &Context, v: &OpView<'_>) -> Vec<Vec<i64>> {
    let Some(AttrKind::Array(groups)) = v.attr("reassociation").map(|a| ctx.attr_kind(a)) else { return Vec::new() };
    groups
        .iter()
        .map(|g| match ctx.attr_kind(*g) {
            AttrKind::Array(items) => items.iter().filter_map(|i| ctx.as_i64(*i)).collect(),
            _ => Vec::new(),
        })
        .collect()
}

/// MLIR's `verifyReshapeLikeTypes` between the expanded and the collapsed type.
fn verify_reshape_like(ctx: &Context, v: &OpView<'_>, expanded: Type, collapsed: Type) -> Result<(), String> {
    // An unranked type has no rank to compare; MLIR's check rejects it on the collapsed side.
    let rank = |t: Type| ranked(ctx, t).map(|r| r.0);
    let (Some(exp_shape), col_shape) = (rank(expanded), rank(collapsed)) else { return Ok(()) };
    let Some(col_shape) = col_shape.filter(|c| c.len() <= exp_shape.len()) else {
        return Err(format!(
            "expected the expanded type, {} to have a higher (or same) rank than the collapsed type, {}.",
            quoted(ctx, expanded),
            quoted(ctx, collapsed)
        ));
    };
    let groups = reassociation(ctx, v);
    if col_shape.len() != groups.len() {
        return Err(format!("expected collapsed rank ({}) to equal the number of reassociation maps ({}).", col_shape.len(), groups.len()));
    }
    let num_dims = groups.iter().flatten().copied().max().map_or(0, |m| m.max(-1) + 1);
    if !groups.is_empty() && num_dims != exp_shape.len() as i64 {
        return Err(format!(
            "expected reassociation map #0 to have size equal to the expanded rank ({}), but it is  {num_dims}.",
            exp_shape.len()
        ));
    }
    let mut next = 0i64;
    for (k, g) in groups.iter().enumerate() {
        for &d in g {
            if d != next {
                return Err(format!("expected reassociation map #{k} to be valid and contiguous."));
            }
            next += 1;
        }
    }
    if !groups.is_empty() && next != num_dims {
        return Err(format!("expected reassociation map #{} to be valid and contiguous.", groups.len() - 1));
    }
    let mut start = 0;
    for (k, g) in groups.iter().enumerate() {
        let band = &exp_shape[start..start + g.len()];
        if band.contains(&DYNAMIC) {
            if col_shape[k] != DYNAMIC {
                return Err(format!(
                    "expected dimension {k} of collapsed type to be dynamic since one or more of the corresponding dimensions in the expanded type is dynamic"
                ));
            }
        } else {
            let product = product(band);
            if col_shape[k] != product {
                return Err(format!("expected dimension {k} of collapsed type to be static value of {product}"));
            }
        }
        start += g.len();
    }
    Ok(())
}
