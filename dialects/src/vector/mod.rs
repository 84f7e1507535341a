//! The vector dialect: n-D vector values and the ops that build, reshape, reduce, load and
//! store them (`broadcast`, `extract`, `shuffle`, `transfer_read`, `contract`, `mask`…), with
//! `#vector.kind`, `#vector.punctuation` and `#vector.iterator_type`, as MLIR 22 defines them.
//! The declarative ops are here; the ops MLIR writes by hand (`transfer_read`/`transfer_write`,
//! `contract`, `outerproduct`, `mask`) are in [`asm`].

mod fold;
mod asm;
mod verify;

use crate::arith::fastmath_none;
use crate::arith::FASTMATH;
use crate::ods::constraints::*;
use crate::ods::enums::{register_enum_attr, EnumSpec, EnumStorage};
use crate::ods::{Check, ClassTable, OpSpec, ParsedAttrs, TypeClass};
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

/// MLIR's `VectorOfRank<[1]>` (whose summary has no leading words).
static VECTOR_RANK_1: TypeConstraint =
    TypeConstraint { summary: " of ranks 1", check: |c, t| matches!(c.type_kind(t), TypeKind::Vector { shape, .. } if shape.len() == 1), buildable: None };
/// MLIR's `ScalableVectorOfRank<[1]>`.
static SCALABLE_VECTOR_RANK_1: TypeConstraint = TypeConstraint {
    summary: " of ranks 1",
    check: |c, t| matches!(c.type_kind(t), TypeKind::Vector { shape, scalable, .. } if shape.len() == 1 && scalable.iter().any(|s| *s)),
    buildable: None,
};

/// The number of elements of a vector type (scalable dimensions count their minimum).
fn num_elements(ctx: &Context, t: Type) -> Option<i64> {
    vector_parts(ctx, t).map(|(shape, _, _)| shape.iter().product())
}

/// `pos` is a multiple of the number of elements of the named value's vector type.
fn pos_multiple_of(ctx: &Context, v: &crate::ods::OpView<'_>, name: &str) -> bool {
    let Some(x) = v.operand(name).or_else(|| v.result(name)) else { return true };
    let (Some(n), Some(pos)) = (num_elements(ctx, v.ty(x)), v.attr_i64("pos")) else { return true };
    n == 0 || pos.wrapping_rem(n) == 0
}

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

/// The classes of the dialect's own constraints: MLIR's vector constraints store
/// `::mlir::VectorType`s, `AnyShaped` `::mlir::ShapedType`s.
static CLASSES: ClassTable = &[
    (&VECTOR_RANK_1, TypeClass::Vector),
    (&SCALABLE_VECTOR_RANK_1, TypeClass::Vector),
    (&VECTOR_OF_I1, TypeClass::Vector),
    (&VECTOR_OF_FLOAT, TypeClass::Vector),
    (&VECTOR_OF_INT_OR_INDEX, TypeClass::Vector),
    (&FIXED_VECTOR, TypeClass::Vector),
    (&NON_ZERO_RANK_VECTOR, TypeClass::Vector),
    (&STEP_VECTOR, TypeClass::Vector),
    (&asm::SHAPED, TypeClass::Shaped),
    (&asm::VECTOR_OF_I1, TypeClass::Vector),
];

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
            .result_name(|_, _, _, names| names.set(0, "vscale")),
        cast_op("vector.bitcast", "source", &ANY_VECTOR, &ANY_VECTOR)
            .check(Check::Pred { summary: "all of {source, result} have same rank", check: same_rank_as_source })
            .format("$source attr-dict `:` type($source) `to` type($result)")
            .verify(verify_bitcast),
        OpSpec::new("vector.broadcast")
            .traits(Traits::PURE)
            .operand("source", &ANY_TYPE)
            .result("vector", &ANY_VECTOR)
            .check(Check::Pred { summary: "source operand and result have same element type", check: same_element_type_as_source })
            .format("$source attr-dict `:` type($source) `to` type($vector)")
            .verify(verify::verify_broadcast),
        OpSpec::new("vector.shuffle")
            .traits(Traits::PURE)
            .operand("v1", &FIXED_VECTOR)
            .operand("v2", &FIXED_VECTOR)
            .attr("mask", &DENSE_I64_ARRAY_ATTR)
            .result("vector", &NON_ZERO_RANK_VECTOR)
            .check(Check::Pred { summary: "first operand v1 and result have same element type", check: |c, v| same_elements(c, v, "v1", "vector") })
            .check(Check::Pred { summary: "second operand v2 and result have same element type", check: |c, v| same_elements(c, v, "v2", "vector") })
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
            .format("$source `` custom<DynamicIndexList>($dynamic_position, $static_position) attr-dict `:` type($result) `from` type($source)")
            .verify(verify::verify_extract),
        OpSpec::new("vector.insert")
            .traits(Traits::PURE)
            .operand("valueToStore", &ANY_TYPE)
            .operand("dest", &ANY_VECTOR)
            .variadic("dynamic_position", &INDEX)
            .attr("static_position", &DENSE_I64_ARRAY_ATTR)
            .result("result", &ANY_VECTOR)
            .check(Check::AllTypesMatch(&["dest", "result"]))
            .format("$valueToStore `,` $dest custom<DynamicIndexList>($dynamic_position, $static_position) attr-dict `:` type($valueToStore) `into` type($dest)")
            .verify(verify::verify_insert),
        OpSpec::new("vector.extract_strided_slice")
            .traits(Traits::PURE)
            .operand("source", &ANY_VECTOR)
            .attr("offsets", &I64_ARRAY)
            .attr("sizes", &I64_ARRAY)
            .attr("strides", &I64_ARRAY)
            .result("result", &ANY_VECTOR)
            .check(Check::Pred { summary: "operand #0 and result have same element type", check: same_element_type_as_source })
            .format("$source attr-dict `:` type($source) `to` type(results)")
            .verify(verify_extract_strided_slice),
        OpSpec::new("vector.insert_strided_slice")
            .traits(Traits::PURE)
            .operand("valueToStore", &ANY_VECTOR)
            .operand("dest", &ANY_VECTOR)
            .attr("offsets", &I64_ARRAY)
            .attr("strides", &I64_ARRAY)
            .result("result", &ANY_VECTOR)
            .check(Check::AllTypesMatch(&["dest", "result"]))
            .format("$valueToStore `,` $dest attr-dict `:` type($valueToStore) `into` type($dest)")
            .verify(verify_insert_strided_slice),
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
            .format("$base `[` $indices `]` attr-dict `:` type($base) `,` type($result)")
            .verify(verify::verify_load),
        OpSpec::new("vector.store")
            .operand("valueToStore", &ANY_VECTOR)
            .operand("base", &ANY_MEMREF)
            .variadic("indices", &INDEX)
            .default_optional_attr("nontemporal", &BOOL_ATTR, false_attr)
            .optional_attr("alignment", &ALIGNMENT)
            .format("$valueToStore `,` $base `[` $indices `]` attr-dict `:` type($base) `,` type($valueToStore)")
            .verify(verify::verify_store),
        load_op("vector.maskedload")
            .traits(Traits::MEMORY_READ)
            .operand("mask", &VECTOR_OF_I1)
            .operand("pass_thru", &ANY_VECTOR)
            .optional_attr("alignment", &ALIGNMENT)
            .result("result", &ANY_VECTOR)
            .format("$base `[` $indices `]` `,` $mask `,` $pass_thru attr-dict `:` type($base) `,` type($mask) `,` type($pass_thru) `into` type($result)")
            .verify(verify::verify_maskedload),
        load_op("vector.maskedstore")
            .operand("mask", &VECTOR_OF_I1)
            .operand("valueToStore", &ANY_VECTOR)
            .optional_attr("alignment", &ALIGNMENT)
            .format("$base `[` $indices `]` `,` $mask `,` $valueToStore attr-dict `:` type($base) `,` type($mask) `,` type($valueToStore)")
            .verify(verify::verify_maskedstore),
        OpSpec::new("vector.gather")
            .traits(Traits::MEMORY_READ)
            .operand("base", &ANY_TYPE)
            .variadic("offsets", &INDEX)
            .operand("indices", &VECTOR_OF_INT_OR_INDEX)
            .operand("mask", &VECTOR_OF_I1)
            .operand("pass_thru", &ANY_VECTOR)
            .optional_attr("alignment", &ALIGNMENT)
            .result("result", &ANY_VECTOR)
            .format("$base `[` $offsets `]` `[` $indices `]` `,` $mask `,` $pass_thru attr-dict `:` type($base) `,` type($indices) `,` type($mask) `,` type($pass_thru) `into` type($result)")
            .verify(verify::verify_gather),
        OpSpec::new("vector.scatter")
            .operand("base", &ANY_TYPE)
            .variadic("offsets", &INDEX)
            .operand("indices", &VECTOR_OF_INT_OR_INDEX)
            .operand("mask", &VECTOR_OF_I1)
            .operand("valueToStore", &ANY_VECTOR)
            .optional_attr("alignment", &ALIGNMENT)
            .optional_result("result", &ANY_RANKED_TENSOR)
            .format("$base `[` $offsets `]` `[` $indices `]` `,` $mask `,` $valueToStore attr-dict `:` type($base) `,` type($indices) `,` type($mask) `,` type($valueToStore) (`->` type($result)^)?")
            .verify(verify::verify_scatter),
        load_op("vector.expandload")
            .traits(Traits::MEMORY_READ)
            .operand("mask", &VECTOR_OF_I1)
            .operand("pass_thru", &ANY_VECTOR)
            .optional_attr("alignment", &ALIGNMENT)
            .result("result", &ANY_VECTOR)
            .format("$base `[` $indices `]` `,` $mask `,` $pass_thru attr-dict `:` type($base) `,` type($mask) `,` type($pass_thru) `into` type($result)")
            .verify(verify::verify_expandload),
        load_op("vector.compressstore")
            .operand("mask", &VECTOR_OF_I1)
            .operand("valueToStore", &ANY_VECTOR)
            .optional_attr("alignment", &ALIGNMENT)
            .format("$base `[` $indices `]` `,` $mask `,` $valueToStore attr-dict `:` type($base) `,` type($mask) `,` type($valueToStore)")
            .verify(verify::verify_compressstore),
        OpSpec::new("vector.print")
            .optional_operand("source", &ANY_TYPE)
            .default_attr("punctuation", &PUNCT, punctuation_newline)
            .optional_attr("stringLiteral", &STR_ATTR)
            .format("($source^ `:` type($source))? oilist( `str` $stringLiteral | `punctuation` $punctuation) attr-dict"),
        OpSpec::new("vector.create_mask")
            .traits(Traits::PURE)
            .variadic("operands", &INDEX)
            .result("result", &VECTOR_OF_I1)
            .format("$operands attr-dict `:` type(results)")
            .verify(verify::verify_create_mask),
        OpSpec::new("vector.constant_mask")
            .traits(Traits::PURE)
            .attr("mask_dim_sizes", &DENSE_I64_ARRAY_ATTR)
            .result("result", &VECTOR_OF_I1)
            .format("$mask_dim_sizes attr-dict `:` type(results)")
            .verify(verify::verify_constant_mask),
        OpSpec::new("vector.reduction")
            .traits(Traits::PURE)
            .attr("kind", &KIND)
            .operand("vector", &ANY_VECTOR)
            .optional_operand("acc", &ANY_TYPE)
            .default_attr("fastmath", &FASTMATH, fastmath_none)
            .result("dest", &ANY_TYPE)
            .check(Check::Pred { summary: "source operand and result have same element type", check: same_element_type_as_source })
            .check(Check::TypesMatchWith { summary: "dest and acc have the same type", from: "dest", to: "acc", transform: |_, t| Some(t) })
            .format("$kind `,` $vector (`,` $acc^)? (`fastmath` `` $fastmath^)? attr-dict `:` type($vector) `into` type($dest)")
            .verify(verify::verify_reduction),
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
        cast_op("vector.shape_cast", "source", &ANY_VECTOR, &ANY_VECTOR)
            .format("$source attr-dict `:` type($source) `to` type($result)")
            .verify(verify_shape_cast),
        OpSpec::new("vector.transpose")
            .traits(Traits::PURE)
            .operand("vector", &ANY_VECTOR)
            .attr("permutation", &DENSE_I64_ARRAY_ATTR)
            .result("result", &ANY_VECTOR)
            .check(Check::Pred { summary: "operand and result have same element type", check: |c, v| same_elements(c, v, "vector", "result") })
            .format("$vector `,` $permutation attr-dict `:` type($vector) `to` type($result)")
            .verify(verify_transpose),
        OpSpec::new("vector.scalable.insert")
            .traits(Traits::PURE)
            .operand("valueToStore", &VECTOR_RANK_1)
            .operand("dest", &SCALABLE_VECTOR_RANK_1)
            .attr("pos", &I64_ATTR)
            .result("res", &SCALABLE_VECTOR_RANK_1)
            .check(Check::Pred { summary: "all of {valueToStore, dest} have same element type", check: |c, v| same_elements(c, v, "valueToStore", "dest") })
            .check(Check::AllTypesMatch(&["dest", "res"]))
            .check(Check::Pred { summary: "position is a multiple of the source length.", check: |c, v| pos_multiple_of(c, v, "valueToStore") })
            .format("$valueToStore `,` $dest `[` $pos `]` attr-dict `:` type($valueToStore) `into` type($dest)"),
        OpSpec::new("vector.scalable.extract")
            .traits(Traits::PURE)
            .operand("source", &SCALABLE_VECTOR_RANK_1)
            .attr("pos", &I64_ATTR)
            .result("result", &VECTOR_RANK_1)
            .check(Check::Pred { summary: "all of {source, result} have same element type", check: |c, v| same_elements(c, v, "source", "result") })
            .check(Check::Pred { summary: "position is a multiple of the result length.", check: |c, v| pos_multiple_of(c, v, "result") })
            .format("$source `[` $pos `]` attr-dict `:` type($result) `from` type($source)"),
        cast_op("vector.type_cast", "memref", &STATIC_MEMREF, &ANY_MEMREF)
            .format("$memref attr-dict `:` type($memref) `to` type($result)")
            .verify(verify_type_cast),
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
            .check(Check::Pred { summary: "type of 'result' is double the width of the inputs", check: |c, v| trailing_scaled(c, v, "lhs", "result", 2) })
            .format("$lhs `,` $rhs  attr-dict `:` type($lhs) `->` type($result)"),
        OpSpec::new("vector.deinterleave")
            .traits(Traits::PURE)
            .operand("source", &ANY_VECTOR)
            .result("res1", &ANY_VECTOR)
            .result("res2", &ANY_VECTOR)
            .check(Check::AllTypesMatch(&["res1", "res2"]))
            .check(Check::Pred {
                summary: "the trailing dimension of the results is half the width of source trailing dimension",
                check: |c, v| trailing_scaled(c, v, "res1", "source", 2),
            })
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
            .verify(verify_scan)
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
    crate::ods::register_with_classes(ctx, specs, &[], CLASSES);
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

/// The named operands or results have the same element type.
fn same_elements(ctx: &Context, v: &crate::ods::OpView<'_>, a: &str, b: &str) -> bool {
    let elem = |n: &str| v.operand(n).or_else(|| v.result(n)).and_then(|x| vector_parts(ctx, v.ty(x))).map(|p| p.2);
    elem(a) == elem(b)
}

/// `wide`'s type is `narrow`'s with the trailing dimension multiplied by `factor` (a 0-d
/// `narrow` counting as a trailing dimension of 1), scalability kept.
fn trailing_scaled(ctx: &Context, v: &crate::ods::OpView<'_>, narrow: &str, wide: &str, factor: i64) -> bool {
    let ty = |n: &str| v.operand(n).or_else(|| v.result(n)).map(|x| v.ty(x));
    let (Some(n), Some(w)) = (ty(narrow), ty(wide)) else { return true };
    let (Some((ns, nsc, ne)), Some((ws, wsc, we))) = (vector_parts(ctx, n), vector_parts(ctx, w)) else { return true };
    let (mut shape, mut scalable) = (ns.to_vec(), nsc.to_vec());
    match shape.last_mut() {
        Some(d) => *d = d.saturating_mul(factor),
        None => {
            shape.push(factor);
            scalable.push(false);
        }
    }
    ne == we && shape == ws && scalable == wsc
}

/// Whether a combining kind (its value) suits an element type (MLIR's
/// `isSupportedCombiningKind`).
pub(crate) fn supports_kind(ctx: &Context, kind: u64, elem: Type) -> bool {
    let is_int = matches!(ctx.type_kind(elem), TypeKind::Integer { .. } | TypeKind::Index);
    let is_float = matches!(ctx.type_kind(elem), TypeKind::Float(_));
    match kind {
        0 | 1 => is_int || is_float,
        2 | 3 | 5 | 6 | 8 | 9 | 10 => is_int,
        _ => is_float,
    }
}

/// An array of `i64` attributes.
fn i64_array(ctx: &Context, v: &crate::ods::OpView<'_>, name: &str) -> Vec<i64> {
    match v.attr(name).map(|a| ctx.attr_kind(a)) {
        Some(AttrKind::Array(items)) => items.iter().filter_map(|x| ctx.as_i64(*x)).collect(),
        _ => Vec::new(),
    }
}

/// Each value in `[min, bound(i))` (MLIR's `isIntegerArrayAttrConfinedToShape` and
/// `...ToRange`); the message names the attribute (and the dimension when `per_dim`).
fn confined(values: &[i64], name: &str, min: i64, bound: impl Fn(usize) -> i64, per_dim: bool) -> Result<(), String> {
    for (i, &x) in values.iter().enumerate() {
        let max = bound(i);
        if x < min || x >= max {
            return Err(if per_dim {
                format!("expected {name} dimension {i} to be confined to [{min}, {max})")
            } else {
                format!("expected {name} to be confined to [{min}, {max})")
            });
        }
    }
    Ok(())
}

/// `a + b` of each dimension in `[1, shape + 1)` (MLIR's `isSumOfIntegerArrayAttrConfinedToShape`
/// with a closed interval).
fn sum_confined(a: &[i64], b: &[i64], shape: &[i64], names: (&str, &str)) -> Result<(), String> {
    for (i, (x, y)) in a.iter().zip(b).enumerate() {
        let max = shape.get(i).copied().unwrap_or(0) + 1;
        if x + y < 1 || x + y >= max {
            return Err(format!("expected sum({}, {}) dimension {i} to be confined to [1, {max})", names.0, names.1));
        }
    }
    Ok(())
}

/// MLIR's `ExtractStridedSliceOp::verify`: offsets, sizes and strides within the source and
/// the result type they imply.
fn verify_extract_strided_slice(ctx: &Context, v: &crate::ods::OpView<'_>) -> Result<(), String> {
    let parts = |x: Option<mica_ir::Value>| x.and_then(|x| vector_parts(ctx, v.ty(x)));
    let (Some((shape, scalable, elem)), Some(res)) = (parts(v.operand("source")), v.result("result")) else { return Ok(()) };
    let (offsets, sizes, strides) = (i64_array(ctx, v, "offsets"), i64_array(ctx, v, "sizes"), i64_array(ctx, v, "strides"));
    if offsets.len() != sizes.len() || offsets.len() != strides.len() {
        return Err("expected offsets, sizes and strides attributes of same size".into());
    }
    for (name, values) in [("offsets", &offsets), ("sizes", &sizes), ("strides", &strides)] {
        if values.len() > shape.len() {
            return Err(format!("expected {name} attribute of rank no greater than vector rank"));
        }
    }
    confined(&offsets, "offsets", 0, |i| shape[i], true)?;
    confined(&sizes, "sizes", 1, |i| shape[i] + 1, true)?;
    confined(&strides, "strides", 1, |_| 2, false)?;
    sum_confined(&offsets, &sizes, shape, ("offsets", "sizes"))?;
    let mut out_shape = sizes.clone();
    out_shape.extend_from_slice(&shape[sizes.len()..]);
    let expected = ctx.ty(TypeKind::Vector { shape: out_shape.into(), scalable: scalable.into(), elem });
    if v.ty(res) != expected {
        return Err(format!("expected result type to be '{}'", mica_ir::printer::type_string(ctx, expected)));
    }
    for (i, &size) in sizes.iter().enumerate() {
        if scalable[i] && size != shape[i] {
            return Err(format!(
                "expected size at idx={i} to match the corresponding base size from the input vector ({size} vs {})",
                shape[i]
            ));
        }
    }
    Ok(())
}

/// MLIR's `InsertStridedSliceOp::verify`.
fn verify_insert_strided_slice(ctx: &Context, v: &crate::ods::OpView<'_>) -> Result<(), String> {
    let parts = |x: Option<mica_ir::Value>| x.and_then(|x| vector_parts(ctx, v.ty(x)));
    let (Some((src, src_scalable, _)), Some((dst, dst_scalable, _))) = (parts(v.operand("valueToStore")), parts(v.operand("dest"))) else {
        return Ok(());
    };
    let (offsets, strides) = (i64_array(ctx, v, "offsets"), i64_array(ctx, v, "strides"));
    if offsets.len() != dst.len() {
        return Err("expected offsets of same size as destination vector rank".into());
    }
    if strides.len() != src.len() {
        return Err("expected strides of same size as source vector rank".into());
    }
    if src.len() > dst.len() {
        return Err("expected source rank to be no greater than destination rank".into());
    }
    let diff = dst.len() - src.len();
    let mut src_as_dst = vec![0; diff];
    src_as_dst.extend_from_slice(src);
    confined(&offsets, "offsets", 0, |i| dst[i], true)?;
    confined(&strides, "strides", 1, |_| 2, false)?;
    sum_confined(&offsets, &src_as_dst, dst, ("offsets", "source vector shape"))?;
    for i in 0..src.len() {
        if src_scalable[i] != dst_scalable[i + diff] {
            return Err(format!("mismatching scalable flags (at source vector idx={i})"));
        }
        if src_scalable[i] && src[i] != dst[i + diff] {
            return Err(format!(
                "expected size at idx={i} to match the corresponding base size from the input vector ({} vs {})",
                src[i],
                dst[i + diff]
            ));
        }
    }
    Ok(())
}

/// MLIR's `ScanOp::verify`: the reduction dimension, the initial value's shape and the kind.
fn verify_scan(ctx: &Context, v: &crate::ods::OpView<'_>) -> Result<(), String> {
    let (Some(src), Some(init), Some(dest)) = (v.operand("source"), v.operand("initial_value"), v.result("dest")) else { return Ok(()) };
    let (Some((shape, _, _)), Some((_, _, elem))) = (vector_parts(ctx, v.ty(src)), vector_parts(ctx, v.ty(dest))) else { return Ok(()) };
    let init_shape = vector_parts(ctx, v.ty(init)).map_or(&[][..], |p| p.0);
    let rank = shape.len() as i64;
    let dim = v.attr_i64("reduction_dim").unwrap_or(0);
    if dim >= rank {
        return Err(format!("reduction dimension {dim} has to be less than {rank}"));
    }
    if init_shape.len() as i64 != rank - 1 {
        return Err(format!("initial value rank {} has to be equal to {}", init_shape.len(), rank - 1));
    }
    let expected: Vec<i64> = shape.iter().enumerate().filter(|(i, _)| *i as i64 != dim).map(|(_, d)| *d).collect();
    if init_shape != expected.as_slice() {
        return Err("incompatible input/initial value shapes".into());
    }
    if let Some(kind) = v.attr("kind").and_then(|k| COMBINING_KIND.int_value(ctx, k)) {
        if !supports_kind(ctx, kind, elem) {
            return Err(format!(
                "unsupported reduction type '{}' for kind '{}'",
                mica_ir::printer::type_string(ctx, elem),
                COMBINING_KIND.stringify(kind).unwrap_or_default()
            ));
        }
    }
    Ok(())
}

/// MLIR's `TransposeOp::verify`: ranks, a permutation, and the dimensions it moves.
fn verify_transpose(ctx: &Context, v: &crate::ods::OpView<'_>) -> Result<(), String> {
    let parts = |x: Option<mica_ir::Value>| x.and_then(|x| vector_parts(ctx, v.ty(x)));
    let (Some((src, _, _)), Some((res, _, _))) = (parts(v.operand("vector")), parts(v.result("result"))) else { return Ok(()) };
    let rank = res.len();
    if src.len() != rank {
        return Err(format!("vector result rank mismatch: {rank}"));
    }
    let perm = v.attr_dense_i64("permutation").unwrap_or_default();
    if perm.len() != rank {
        return Err(format!("transposition length mismatch: {}", perm.len()));
    }
    let mut seen = vec![false; rank];
    for (i, &p) in perm.iter().enumerate() {
        if p < 0 || p >= rank as i64 {
            return Err(format!("transposition index out of range: {p}"));
        }
        if seen[p as usize] {
            return Err(format!("duplicate position index: {p}"));
        }
        seen[p as usize] = true;
        if res[i] != src[p as usize] {
            return Err(format!("dimension size mismatch at: {p}"));
        }
    }
    Ok(())
}

/// MLIR's `ShapeCastOp::verify`: one element type, as many elements and scalable dimensions.
fn verify_shape_cast(ctx: &Context, v: &crate::ods::OpView<'_>) -> Result<(), String> {
    let parts = |x: Option<mica_ir::Value>| x.and_then(|x| vector_parts(ctx, v.ty(x)));
    let (Some((ss, ssc, se)), Some((rs, rsc, re))) = (parts(v.operand("source")), parts(v.result("result"))) else { return Ok(()) };
    if se != re {
        return Err("has different source and result element types".into());
    }
    let (sn, rn): (i64, i64) = (ss.iter().product(), rs.iter().product());
    if sn != rn {
        return Err(format!("has different number of elements at source ({sn}) and result ({rn})"));
    }
    let scalable = |s: &[bool]| s.iter().filter(|x| **x).count();
    if scalable(ssc) != scalable(rsc) {
        return Err(format!("has different number of scalable dims at source ({}) and result ({})", scalable(ssc), scalable(rsc)));
    }
    Ok(())
}

/// The source and the result have the same rank.
fn same_rank_as_source(ctx: &Context, v: &crate::ods::OpView<'_>) -> bool {
    let rank = |t: Option<mica_ir::Value>| t.and_then(|x| vector_parts(ctx, v.ty(x))).map(|p| p.0.len());
    rank(v.operand("source")) == rank(v.result("result"))
}

/// MLIR's `BitCastOp::verify`: the outer dimensions agree and the minor 1-D vectors (the
/// element types of 0-d vectors) have the same bit width.
fn verify_bitcast(ctx: &Context, v: &crate::ods::OpView<'_>) -> Result<(), String> {
    let parts = |x: Option<mica_ir::Value>| x.and_then(|x| vector_parts(ctx, v.ty(x)));
    let (Some((src, _, se)), Some((res, _, re))) = (parts(v.operand("source")), parts(v.result("result"))) else { return Ok(()) };
    for i in 0..src.len().saturating_sub(1) {
        if res.get(i) != Some(&src[i]) {
            return Err(format!("dimension size mismatch at: {i}"));
        }
    }
    let (sb, rb) = (i64::from(ctx.int_width(se)), i64::from(ctx.int_width(re)));
    match (src.last(), res.last()) {
        (None, _) | (_, None) if sb != rb => Err("source/result bitwidth of the 0-D vector element types must be equal".into()),
        (Some(s), Some(r)) if sb.saturating_mul(*s) != rb.saturating_mul(*r) => {
            Err("source/result bitwidth of the minor 1-D vectors must be equal".into())
        }
        _ => Ok(()),
    }
}

/// MLIR's `TypeCastOp::verify`: identity layouts, one memory space, one scalar type, and the
/// memref shape followed by the vector shape the same on both sides.
fn verify_type_cast(ctx: &Context, v: &crate::ods::OpView<'_>) -> Result<(), String> {
    let (Some(src), Some(res)) = (v.operand("memref"), v.result("result")) else { return Ok(()) };
    let (src, res) = (v.ty(src), v.ty(res));
    let (TypeKind::MemRef { shape: ss, elem: se, layout: sl, memory_space: sm }, TypeKind::MemRef { shape: rs, elem: re, layout: rl, memory_space: rm }) =
        (ctx.type_kind(src), ctx.type_kind(res))
    else {
        return Ok(());
    };
    if !crate::memref::layout::is_identity_layout(ctx, *sl)
        && crate::memref::layout::strides_and_offset(ctx, src) != Some((crate::memref::layout::canonical_strides(ss), 0))
    {
        return Err("expects operand to be a memref with identity layout".into());
    }
    if !crate::memref::layout::is_identity_layout(ctx, *rl) {
        return Err("expects result to be a memref with identity layout".into());
    }
    if sm != rm {
        return Err("expects result in same memory space".into());
    }
    let flat = |shape: &[i64], elem: Type| -> (Vec<i64>, Type) {
        match vector_parts(ctx, elem) {
            Some((vs, _, e)) => (shape.iter().chain(vs).copied().collect(), e),
            None => (shape.to_vec(), elem),
        }
    };
    let ((sshape, sscalar), (rshape, rscalar)) = (flat(ss, *se), flat(rs, *re));
    let res_text = mica_ir::printer::type_string(ctx, res);
    if sscalar != rscalar {
        return Err(format!("expects result and operand with same underlying scalar type: '{res_text}'"));
    }
    if sshape != rshape {
        return Err(format!("expects concatenated result and operand shapes to be equal: '{res_text}'"));
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
