//! The vector dialect: n-D vector values and the ops that build, reshape, reduce, load and
//! store them (`broadcast`, `extract`, `shuffle`, `transfer_read`, `contract`, `mask`…), with
//! `#vector.kind`, `#vector.punctuation` and `#vector.iterator_type`, as MLIR 22 defines them.
//! The declarative ops are here; the ops MLIR writes by hand (`transfer_read`/`transfer_write`,
//! `contract`, `outerproduct`, `mask`) are in [`asm`].

mod fold;
mod asm;

use crate::arith::fastmath_none;
use crate::arith::FASTMATH;
use crate::ods::constraints::*;
use crate::ods::enums::{register_enum_attr, EnumSpec, EnumStorage};
use crate::ods::{Check, OpSpec, ParsedAttrs};
use mica_ir::{Attr, AttrKind, Context, Traits, Type, TypeKind};

/// `#vector.kind<...>`: how a reduction or contraction combines values.
pub static COMBINING_KIND: EnumSpec = EnumSpec {
    cases: &[
        ("add", 0),
        ("mul", 1),
        ("minui", 2),
        ("minsi", 3),
        ("minnumf", 4),
        ("maxui", 5),
        ("maxsi", 6),
        ("maxnumf", 7),
        ("and", 8),
        ("or", 9),
        ("xor", 10),
        ("maximumf", 11),
        ("minimumf", 12),
    ],
    bit_separator: None,
    storage: EnumStorage::Attr { dialect: "vector", mnemonic: "kind" },
};

/// `#vector.punctuation<...>` of `vector.print`.
pub static PUNCTUATION: EnumSpec = EnumSpec {
    cases: &[("no_punctuation", 0), ("newline", 1), ("comma", 2), ("open", 3), ("close", 4)],
    bit_separator: None,
    storage: EnumStorage::Attr { dialect: "vector", mnemonic: "punctuation" },
};

/// `#vector.iterator_type<...>` of `vector.contract`.
pub static ITERATOR_TYPE: EnumSpec = EnumSpec {
    cases: &[("parallel", 0), ("reduction", 1)],
    bit_separator: None,
    storage: EnumStorage::Attr { dialect: "vector", mnemonic: "iterator_type" },
};

static KIND: AttrConstraint =
    AttrConstraint { summary: "Kind of combining function for contractions and reductions", syntax: AttrSyntax::Dialect { dialect: "vector", mnemonic: "kind" }, check: |_, _| true };
static PUNCT: AttrConstraint =
    AttrConstraint { summary: "Punctuation for separating vectors or vector elements", syntax: AttrSyntax::Dialect { dialect: "vector", mnemonic: "punctuation" }, check: |_, _| true };
static ALIGNMENT: AttrConstraint = AttrConstraint {
    summary: "64-bit signless integer attribute whose value is positive and whose value is a power of two > 0",
    syntax: AttrSyntax::Typed(|c| c.int_type(64)),
    check: |c, a| is_int_attr_of(c, a, 64) && c.as_i64(a).is_some_and(|v| v > 0 && (v & (v - 1)) == 0),
};
static I64_ARRAY: AttrConstraint = AttrConstraint {
    summary: "64-bit integer array attribute",
    syntax: AttrSyntax::Plain,
    check: |c, a| matches!(c.attr_kind(a), AttrKind::Array(items) if items.iter().all(|x| is_int_attr_of(c, *x, 64))),
};

fn elem_is(ctx: &Context, t: Type, f: fn(&Context, Type) -> bool) -> bool {
    matches!(ctx.type_kind(t), TypeKind::Vector { elem, .. } if f(ctx, *elem))
}

static VECTOR_OF_I1: TypeConstraint =
    TypeConstraint { summary: "vector of 1-bit signless integer values", check: |c, t| elem_is(c, t, |c, e| is_signless_int_of(c, e, 1)), buildable: None };
static VECTOR_OF_FLOAT: TypeConstraint = TypeConstraint { summary: "vector of floating-point values", check: |c, t| elem_is(c, t, is_float), buildable: None };
static VECTOR_OF_INT_OR_INDEX: TypeConstraint = TypeConstraint {
    summary: "vector of integer or index values",
    check: |c, t| elem_is(c, t, |c, e| matches!(c.type_kind(e), TypeKind::Integer { .. } | TypeKind::Index)),
    buildable: None,
};
static FIXED_VECTOR: TypeConstraint = TypeConstraint {
    summary: "fixed-length vector of any type values",
    check: |c, t| matches!(c.type_kind(t), TypeKind::Vector { scalable, .. } if !scalable.iter().any(|s| *s)),
    buildable: None,
};
static NON_ZERO_RANK_VECTOR: TypeConstraint = TypeConstraint {
    summary: "vector of any type values",
    check: |c, t| matches!(c.type_kind(t), TypeKind::Vector { shape, .. } if !shape.is_empty()),
    buildable: None,
};
static STEP_VECTOR: TypeConstraint = TypeConstraint {
    summary: "vector of index values of ranks 1",
    check: |c, t| matches!(c.type_kind(t), TypeKind::Vector { shape, elem, .. } if shape.len() == 1 && is_index(c, *elem)),
    buildable: None,
};

fn kind_add(ctx: &Context) -> Attr {
    COMBINING_KIND.attr(ctx, 0)
}

fn punctuation_newline(ctx: &Context) -> Attr {
    PUNCTUATION.attr(ctx, 1)
}


fn same_element_type_as_source(ctx: &Context, v: &crate::ods::OpView<'_>) -> bool {
    let (Some(s), Some(r)) = (v.operands().first(), v.body.results(v.op).first()) else { return true };
    element_or_self(ctx, v.ty(*s)) == element_or_self(ctx, v.ty(*r))
}

fn cast_op(name: &'static str, operand: &'static str, from: &'static TypeConstraint, to: &'static TypeConstraint) -> OpSpec {
    OpSpec::new(name).traits(Traits::PURE).operand(operand, from).result("result", to)
}

fn load_op(name: &'static str) -> OpSpec {
    OpSpec::new(name).operand("base", &ANY_MEMREF).variadic("indices", &INDEX)
}

fn ops() -> Vec<OpSpec> {
    vec![
        OpSpec::new("vector.vscale")
            .traits(Traits::PURE)
            .result("res", &INDEX)
            .format("attr-dict")
            .result_name(|_, _, _, set| set(0, "vscale".to_string())),
        cast_op("vector.bitcast", "source", &ANY_VECTOR, &ANY_VECTOR).format("$source attr-dict `:` type($source) `to` type($result)"),
        OpSpec::new("vector.broadcast")
            .traits(Traits::PURE)
            .operand("source", &ANY_TYPE)
            .result("vector", &ANY_VECTOR)
            .check(Check::Pred { summary: "source operand and result have same element type", check: same_element_type_as_source })
            .format("$source attr-dict `:` type($source) `to` type($vector)"),
        OpSpec::new("vector.shuffle")
            .traits(Traits::PURE)
            .operand("v1", &FIXED_VECTOR)
            .operand("v2", &FIXED_VECTOR)
            .attr("mask", &DENSE_I64_ARRAY_ATTR)
            .result("vector", &NON_ZERO_RANK_VECTOR)
            .infer(infer_shuffle)
            .verify(verify_shuffle)
            .format("operands $mask attr-dict `:` type(operands)"),
        OpSpec::new("vector.extract")
            .traits(Traits::PURE)
            .operand("source", &ANY_VECTOR)
            .variadic("dynamic_position", &INDEX)
            .attr("static_position", &DENSE_I64_ARRAY_ATTR)
            .result("result", &ANY_TYPE)
            .check(Check::Pred { summary: "source operand and result have same element type", check: same_element_type_as_source })
            .format("$source `` custom<DynamicIndexList>($dynamic_position, $static_position) attr-dict `:` type($result) `from` type($source)"),
        OpSpec::new("vector.insert")
            .traits(Traits::PURE)
            .operand("valueToStore", &ANY_TYPE)
            .operand("dest", &ANY_VECTOR)
            .variadic("dynamic_position", &INDEX)
            .attr("static_position", &DENSE_I64_ARRAY_ATTR)
            .result("result", &ANY_VECTOR)
            .check(Check::AllTypesMatch(&["dest", "result"]))
            .format("$valueToStore `,` $dest custom<DynamicIndexList>($dynamic_position, $static_position) attr-dict `:` type($valueToStore) `into` type($dest)"),
        OpSpec::new("vector.extract_strided_slice")
            .traits(Traits::PURE)
            .operand("source", &ANY_VECTOR)
            .attr("offsets", &I64_ARRAY)
            .attr("sizes", &I64_ARRAY)
            .attr("strides", &I64_ARRAY)
            .result("result", &ANY_VECTOR)
            .check(Check::Pred { summary: "operand #0 and result have same element type", check: same_element_type_as_source })
            .format("$source attr-dict `:` type($source) `to` type(results)"),
        OpSpec::new("vector.insert_strided_slice")
            .traits(Traits::PURE)
            .operand("valueToStore", &ANY_VECTOR)
            .operand("dest", &ANY_VECTOR)
            .attr("offsets", &I64_ARRAY)
            .attr("strides", &I64_ARRAY)
            .result("result", &ANY_VECTOR)
            .check(Check::AllTypesMatch(&["dest", "result"]))
            .format("$valueToStore `,` $dest attr-dict `:` type($valueToStore) `into` type($dest)"),
        OpSpec::new("vector.fma")
            .traits(Traits::PURE)
            .operand("lhs", &VECTOR_OF_FLOAT)
            .operand("rhs", &VECTOR_OF_FLOAT)
            .operand("acc", &VECTOR_OF_FLOAT)
            .result("result", &VECTOR_OF_FLOAT)
            .check(Check::AllTypesMatch(&["lhs", "rhs", "acc", "result"]))
            .check(Check::Elementwise)
            .format("$lhs `,` $rhs `,` $acc attr-dict `:` type($lhs)"),
        load_op("vector.load")
            .traits(Traits::MEMORY_READ)
            .default_optional_attr("nontemporal", &BOOL_ATTR, false_attr)
            .optional_attr("alignment", &ALIGNMENT)
            .result("result", &ANY_VECTOR)
            .format("$base `[` $indices `]` attr-dict `:` type($base) `,` type($result)"),
        OpSpec::new("vector.store")
            .operand("valueToStore", &ANY_VECTOR)
            .operand("base", &ANY_MEMREF)
            .variadic("indices", &INDEX)
            .default_optional_attr("nontemporal", &BOOL_ATTR, false_attr)
            .optional_attr("alignment", &ALIGNMENT)
            .format("$valueToStore `,` $base `[` $indices `]` attr-dict `:` type($base) `,` type($valueToStore)"),
        load_op("vector.maskedload")
            .traits(Traits::MEMORY_READ)
            .operand("mask", &VECTOR_OF_I1)
            .operand("pass_thru", &ANY_VECTOR)
            .optional_attr("alignment", &ALIGNMENT)
            .result("result", &ANY_VECTOR)
            .format("$base `[` $indices `]` `,` $mask `,` $pass_thru attr-dict `:` type($base) `,` type($mask) `,` type($pass_thru) `into` type($result)"),
        load_op("vector.maskedstore")
            .operand("mask", &VECTOR_OF_I1)
            .operand("valueToStore", &ANY_VECTOR)
            .optional_attr("alignment", &ALIGNMENT)
            .format("$base `[` $indices `]` `,` $mask `,` $valueToStore attr-dict `:` type($base) `,` type($mask) `,` type($valueToStore)"),
        OpSpec::new("vector.gather")
            .traits(Traits::MEMORY_READ)
            .operand("base", &ANY_TYPE)
            .variadic("offsets", &INDEX)
            .operand("indices", &VECTOR_OF_INT_OR_INDEX)
            .operand("mask", &VECTOR_OF_I1)
            .operand("pass_thru", &ANY_VECTOR)
            .optional_attr("alignment", &ALIGNMENT)
            .result("result", &ANY_VECTOR)
            .format("$base `[` $offsets `]` `[` $indices `]` `,` $mask `,` $pass_thru attr-dict `:` type($base) `,` type($indices) `,` type($mask) `,` type($pass_thru) `into` type($result)"),
        OpSpec::new("vector.scatter")
            .operand("base", &ANY_TYPE)
            .variadic("offsets", &INDEX)
            .operand("indices", &VECTOR_OF_INT_OR_INDEX)
            .operand("mask", &VECTOR_OF_I1)
            .operand("valueToStore", &ANY_VECTOR)
            .optional_attr("alignment", &ALIGNMENT)
            .optional_result("result", &ANY_RANKED_TENSOR)
            .format("$base `[` $offsets `]` `[` $indices `]` `,` $mask `,` $valueToStore attr-dict `:` type($base) `,` type($indices) `,` type($mask) `,` type($valueToStore) (`->` type($result)^)?"),
        load_op("vector.expandload")
            .traits(Traits::MEMORY_READ)
            .operand("mask", &VECTOR_OF_I1)
            .operand("pass_thru", &ANY_VECTOR)
            .optional_attr("alignment", &ALIGNMENT)
            .result("result", &ANY_VECTOR)
            .format("$base `[` $indices `]` `,` $mask `,` $pass_thru attr-dict `:` type($base) `,` type($mask) `,` type($pass_thru) `into` type($result)"),
        load_op("vector.compressstore")
            .operand("mask", &VECTOR_OF_I1)
            .operand("valueToStore", &ANY_VECTOR)
            .optional_attr("alignment", &ALIGNMENT)
            .format("$base `[` $indices `]` `,` $mask `,` $valueToStore attr-dict `:` type($base) `,` type($mask) `,` type($valueToStore)"),
        OpSpec::new("vector.print")
            .optional_operand("source", &ANY_TYPE)
            .default_attr("punctuation", &PUNCT, punctuation_newline)
            .optional_attr("stringLiteral", &STR_ATTR)
            .format("($source^ `:` type($source))? oilist( `str` $stringLiteral | `punctuation` $punctuation) attr-dict"),
        OpSpec::new("vector.create_mask")
            .traits(Traits::PURE)
            .variadic("operands", &INDEX)
            .result("result", &VECTOR_OF_I1)
            .format("$operands attr-dict `:` type(results)"),
        OpSpec::new("vector.constant_mask")
            .traits(Traits::PURE)
            .attr("mask_dim_sizes", &DENSE_I64_ARRAY_ATTR)
            .result("result", &VECTOR_OF_I1)
            .format("$mask_dim_sizes attr-dict `:` type(results)"),
        OpSpec::new("vector.reduction")
            .traits(Traits::PURE)
            .attr("kind", &KIND)
            .operand("vector", &ANY_VECTOR)
            .optional_operand("acc", &ANY_TYPE)
            .default_attr("fastmath", &FASTMATH, fastmath_none)
            .result("dest", &ANY_TYPE)
            .check(Check::Pred { summary: "source operand and result have same element type", check: same_element_type_as_source })
            .check(Check::TypesMatchWith { summary: "dest and acc have the same type", from: "dest", to: "acc", transform: |_, t| Some(t) })
            .format("$kind `,` $vector (`,` $acc^)? (`fastmath` `` $fastmath^)? attr-dict `:` type($vector) `into` type($dest)"),
        OpSpec::new("vector.multi_reduction")
            .traits(Traits::PURE)
            .attr("kind", &KIND)
            .operand("source", &ANY_VECTOR)
            .operand("acc", &ANY_TYPE)
            .attr("reduction_dims", &DENSE_I64_ARRAY_ATTR)
            .result("dest", &ANY_TYPE)
            .check(Check::AllTypesMatch(&["dest", "acc"]))
            .check(Check::Pred { summary: "source operand and result have same element type", check: same_element_type_as_source })
            .format("$kind `,` $source `,` $acc attr-dict $reduction_dims `:` type($source) `to` type($dest)"),
        cast_op("vector.shape_cast", "source", &ANY_VECTOR, &ANY_VECTOR).format("$source attr-dict `:` type($source) `to` type($result)"),
        OpSpec::new("vector.transpose")
            .traits(Traits::PURE)
            .operand("vector", &ANY_VECTOR)
            .attr("permutation", &DENSE_I64_ARRAY_ATTR)
            .result("result", &ANY_VECTOR)
            .format("$vector `,` $permutation attr-dict `:` type($vector) `to` type($result)"),
        cast_op("vector.type_cast", "memref", &STATIC_MEMREF, &ANY_MEMREF).format("$memref attr-dict `:` type($memref) `to` type($result)"),
        OpSpec::new("vector.from_elements")
            .traits(Traits::PURE)
            .variadic("elements", &ANY_TYPE)
            .result("dest", &FIXED_VECTOR)
            .check(Check::TypesMatchWith {
                summary: "operand types match result element type",
                from: "dest",
                to: "elements",
                transform: |c, t| Some(element_or_self(c, t)),
            })
            .format("$elements attr-dict `:` type($dest)"),
        OpSpec::new("vector.to_elements")
            .traits(Traits::PURE)
            .operand("source", &ANY_VECTOR)
            .variadic_result("elements", &ANY_TYPE)
            .infer(infer_to_elements)
            .format("$source attr-dict `:` type($source)"),
        OpSpec::new("vector.step").traits(Traits::PURE).result("result", &STEP_VECTOR).format("attr-dict `:` type($result)"),
        OpSpec::new("vector.interleave")
            .traits(Traits::PURE)
            .operand("lhs", &ANY_VECTOR)
            .operand("rhs", &ANY_VECTOR)
            .result("result", &ANY_VECTOR)
            .check(Check::AllTypesMatch(&["lhs", "rhs"]))
            .format("$lhs `,` $rhs  attr-dict `:` type($lhs) `->` type($result)"),
        OpSpec::new("vector.deinterleave")
            .traits(Traits::PURE)
            .operand("source", &ANY_VECTOR)
            .result("res1", &ANY_VECTOR)
            .result("res2", &ANY_VECTOR)
            .check(Check::AllTypesMatch(&["res1", "res2"]))
            .format("$source attr-dict `:` type($source) `->` type($res1)")
            .result_name(crate::ods::name_results_by_slot),
        OpSpec::new("vector.scan")
            .traits(Traits::PURE)
            .attr("kind", &KIND)
            .operand("source", &ANY_VECTOR)
            .operand("initial_value", &ANY_TYPE)
            .attr("reduction_dim", &I64_ATTR)
            .attr("inclusive", &BOOL_ATTR)
            .result("dest", &ANY_VECTOR)
            .result("accumulated_value", &ANY_TYPE)
            .check(Check::AllTypesMatch(&["source", "dest"]))
            .check(Check::AllTypesMatch(&["initial_value", "accumulated_value"]))
            .format("$kind `,` $source `,` $initial_value attr-dict `:` type($source) `,` type($initial_value)")
            .result_name(crate::ods::name_results_by_slot),
        OpSpec::new("vector.yield")
            .traits(Traits::PURE | Traits::TERMINATOR | Traits::RETURN_LIKE)
            .variadic("operands", &ANY_TYPE)
            .format("attr-dict ($operands^ `:` type($operands))?"),
        asm::transfer_read(),
        asm::transfer_write(),
        asm::contract(),
        asm::outerproduct(),
        asm::mask(),
    ]
}

/// Registers the vector dialect.
pub fn register(ctx: &mut Context) {
    register_enum_attr(ctx, &COMBINING_KIND);
    register_enum_attr(ctx, &PUNCTUATION);
    register_enum_attr(ctx, &ITERATOR_TYPE);
    let mut specs = ops();
    for s in &mut specs {
        s.fold = fold::fold(s.name);
    }
    crate::ods::register(ctx, specs, &[]);
    ctx.registry_mut().set_materializer("vector", crate::arith_fold::materialize);
}

// ------------------------------------------------------------------------------ inference

fn vector_parts(ctx: &Context, t: Type) -> Option<(&[i64], &[bool], Type)> {
    match ctx.type_kind(t) {
        TypeKind::Vector { shape, scalable, elem } => Some((shape, scalable, *elem)),
        _ => None,
    }
}

/// `vector<len(mask) x trailing dims of v1>`.
fn infer_shuffle(ctx: &Context, operands: &[Type], attrs: &ParsedAttrs<'_>) -> Result<Vec<Type>, String> {
    let (shape, scalable, elem) = operands.first().and_then(|t| vector_parts(ctx, *t)).ok_or("expected vector operands")?;
    let n = match attrs.get("mask").map(|a| ctx.attr_kind(a)) {
        Some(AttrKind::DenseArray { values, .. }) => values.len() as i64,
        _ => return Err("expected a mask".into()),
    };
    // An empty mask still gives a one-element leading dimension (the verifier rejects it).
    let mut out_shape = vec![n.max(1)];
    let mut out_scalable = vec![false];
    if !shape.is_empty() {
        out_shape.extend_from_slice(&shape[1..]);
        out_scalable.extend_from_slice(&scalable[1..]);
    }
    Ok(vec![ctx.ty(TypeKind::Vector { shape: out_shape.into(), scalable: out_scalable.into(), elem })])
}

/// MLIR's `ShuffleOp::verify`: ranks, trailing dimensions, mask length and indices.
fn verify_shuffle(ctx: &Context, v: &crate::ods::OpView<'_>) -> Result<(), String> {
    let shape = |name: &str| v.operand(name).or_else(|| v.result(name)).and_then(|x| vector_parts(ctx, v.ty(x))).map(|p| p.0);
    let (Some(r), Some(a), Some(b)) = (shape("vector"), shape("v1"), shape("v2")) else { return Ok(()) };
    let well_formed_0d = a.is_empty() && b.is_empty() && r.len() == 1;
    if !well_formed_0d && !(a.len() == r.len() && b.len() == r.len()) {
        return Err("rank mismatch".into());
    }
    for k in 1..a.len() {
        if r[k] != a[k] || a[k] != b[k] {
            return Err("dimension mismatch".into());
        }
    }
    let mask = v.attr_dense_i64("mask").unwrap_or_default();
    if mask.is_empty() {
        return Err("invalid mask length".into());
    }
    if r.first() != Some(&(mask.len() as i64)) {
        return Err("mask length mismatch".into());
    }
    let size = a.first().copied().unwrap_or(1).saturating_add(b.first().copied().unwrap_or(1));
    for (i, m) in mask.iter().enumerate() {
        if *m != -1 && !(0..size).contains(m) {
            return Err(format!("mask index #{} out of range", i + 1));
        }
    }
    Ok(())
}

/// One scalar per element of the source.
fn infer_to_elements(ctx: &Context, operands: &[Type], _: &ParsedAttrs<'_>) -> Result<Vec<Type>, String> {
    let (shape, _, elem) = operands.first().and_then(|t| vector_parts(ctx, *t)).ok_or("expected a vector operand")?;
    // One result per element: refuse counts no program can hold rather than exhaust memory.
    let n = shape.iter().try_fold(1i64, |acc, d| acc.checked_mul(*d)).filter(|n| (0..1 << 26).contains(n));
    let n = n.ok_or("vector has too many elements to unpack")?;
    Ok(vec![elem; n as usize])
}
