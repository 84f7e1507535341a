//! The memref dialect: allocation, access, views (subview, reinterpret_cast, view, reshape,
//! expand/collapse_shape, transpose), casts, globals, atomics and DMA, as MLIR 22 defines them,
//! with the verifier messages MLIR emits.

pub(crate) mod layout;
mod syntax;
mod verify;

use crate::ods::constraints::*;
use crate::ods::enums::{EnumSpec, EnumStorage};
use crate::ods::{Check, ClassTable, OpSpec, TypeClass};
use layout::{is_strided, memref_parts};
use mica_ir::{Attr, AttrKind, Body, Context, Op, Traits, Type, TypeKind};

/// `memref.atomic_rmw` kinds (`arith::AtomicRMWKind`, an `I64EnumAttr`).
pub static ATOMIC_RMW_KIND: EnumSpec = EnumSpec {
    cases: &[
        ("addf", 0),
        ("addi", 1),
        ("andi", 2),
        ("assign", 3),
        ("maximumf", 4),
        ("maxnumf", 5),
        ("maxs", 6),
        ("maxu", 7),
        ("minimumf", 8),
        ("minnumf", 9),
        ("mins", 10),
        ("minu", 11),
        ("mulf", 12),
        ("muli", 13),
        ("ori", 14),
        ("xori", 15),
    ],
    bit_separator: None,
    storage: EnumStorage::Int(64),
};

// ------------------------------------------------------------------------------ constraints

fn is_non0_ranked_memref(ctx: &Context, t: Type) -> bool {
    memref_parts(ctx, t).is_some_and(|m| !m.shape.is_empty())
}

fn is_1d_memref_of(ctx: &Context, t: Type, elem: fn(&Context, Type) -> bool) -> bool {
    memref_parts(ctx, t).is_some_and(|m| m.shape.len() == 1 && elem(ctx, m.elem))
}

fn is_int_or_float(ctx: &Context, t: Type) -> bool {
    is_signless_int(ctx, t) || is_float(ctx, t)
}

static RANKED_MEMREF: TypeConstraint = TypeConstraint { summary: "memref of any type values", check: is_ranked_memref, buildable: None };
static ANY_RANKED_OR_UNRANKED: TypeConstraint =
    TypeConstraint { summary: "ranked or unranked memref of any type values", check: is_memref, buildable: None };
static NON0_RANKED_OR_UNRANKED: TypeConstraint = TypeConstraint {
    summary: "unranked.memref of any type values or non-0-ranked.memref of any type values",
    check: |c, t| matches!(c.type_kind(t), TypeKind::UnrankedMemRef { .. }) || is_non0_ranked_memref(c, t),
    buildable: None,
};
static MEMREF_1D: TypeConstraint =
    TypeConstraint { summary: "1D memref of any type values", check: |c, t| is_1d_memref_of(c, t, |_, _| true), buildable: None };
static MEMREF_1D_I8: TypeConstraint = TypeConstraint {
    summary: "1D memref of 8-bit signless integer values",
    check: |c, t| is_1d_memref_of(c, t, |c, e| is_signless_int_of(c, e, 8)),
    buildable: None,
};
static SHAPE_MEMREF: TypeConstraint = TypeConstraint {
    summary: "1D memref of signless integer or index values",
    check: |c, t| is_1d_memref_of(c, t, |c, e| is_signless_int(c, e) || is_index(c, e)),
    buildable: None,
};
static STRIDED_MEMREF: TypeConstraint =
    TypeConstraint { summary: "strided memref of any type values", check: |c, t| is_ranked_memref(c, t) && is_strided(c, t), buildable: None };
static STRIDED_MEMREF_RANK0: TypeConstraint = TypeConstraint {
    summary: "strided memref of any type values of rank 0",
    check: |c, t| memref_parts(c, t).is_some_and(|m| m.shape.is_empty()) && is_strided(c, t),
    buildable: None,
};
static INT_OR_FLOAT: TypeConstraint = TypeConstraint { summary: "signless integer or floating-point", check: is_int_or_float, buildable: None };
static MEMREF_OF_INT_OR_FLOAT: TypeConstraint = TypeConstraint {
    summary: "memref of signless integer or floating-point values",
    check: |c, t| memref_parts(c, t).is_some_and(|m| is_int_or_float(c, m.elem)),
    buildable: None,
};

/// The classes MLIR's parsers read the memref constraints' types as (see
/// [`crate::ods::TypeClass`]): `MemRefType` for the ranked ones, `BaseMemRefType` for
/// ranked-or-unranked.
static CLASSES: ClassTable = &[
    (&RANKED_MEMREF, TypeClass::MemRef),
    (&ANY_RANKED_OR_UNRANKED, TypeClass::BaseMemRef),
    (&MEMREF_1D, TypeClass::MemRef),
    (&MEMREF_1D_I8, TypeClass::MemRef),
    (&STRIDED_MEMREF, TypeClass::MemRef),
    (&MEMREF_OF_INT_OR_FLOAT, TypeClass::MemRef),
];

fn int_value(ctx: &Context, a: Attr, width: u32) -> Option<i64> {
    is_int_attr_of(ctx, a, width).then(|| ctx.as_i64(a)).flatten()
}

static ALIGNMENT: AttrConstraint = AttrConstraint {
    summary: "64-bit signless integer attribute whose value is positive and whose value is a power of two > 0",
    syntax: AttrSyntax::Typed(|c| c.int_type(64)),
    check: |c, a| int_value(c, a, 64).is_some_and(|v| v > 0 && (v & (v - 1)) == 0),
};
static POSITIVE_I32: AttrConstraint = AttrConstraint {
    summary: "32-bit signless integer attribute whose value is positive",
    syntax: AttrSyntax::Typed(|c| c.int_type(32)),
    check: |c, a| int_value(c, a, 32).is_some_and(|v| v > 0),
};
static LOCALITY_HINT: AttrConstraint = AttrConstraint {
    summary: "32-bit signless integer attribute whose minimum value is 0 whose maximum value is 3",
    syntax: AttrSyntax::Typed(|c| c.int_type(32)),
    check: |c, a| int_value(c, a, 32).is_some_and(|v| (0..=3).contains(&v)),
};
static KIND: AttrConstraint = AttrConstraint { summary: "", syntax: AttrSyntax::IntEnum(&ATOMIC_RMW_KIND), check: |_, _| true };
static VISIBILITY: AttrConstraint =
    AttrConstraint { summary: "string attribute", syntax: AttrSyntax::Str, check: |c, a| matches!(c.attr_kind(a), AttrKind::String { ty: None, .. }) };
static MEMREF_TYPE_ATTR: AttrConstraint = AttrConstraint {
    summary: "memref type attribute",
    syntax: AttrSyntax::TypeAttr,
    check: |c, a| c.as_type(a).is_some_and(|t| is_ranked_memref(c, t)),
};
static REASSOCIATION: AttrConstraint = AttrConstraint {
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

/// The element type of a memref (for `TypesMatchWith`).
fn element_of(ctx: &Context, t: Type) -> Option<Type> {
    memref_parts(ctx, t).map(|m| m.elem)
}

// ------------------------------------------------------------------------------ result names

macro_rules! result_name {
    ($fn:ident, $name:literal) => {
        fn $fn(_: &Context, _: &Body, _: Op, names: &mut mica_ir::names::ResultNames) {
            names.set(0, $name);
        }
    };
}
result_name!(name_alloc, "alloc");
result_name!(name_alloca, "alloca");
result_name!(name_assume_align, "assume_align");
result_name!(name_cast, "cast");
result_name!(name_collapse_shape, "collapse_shape");
result_name!(name_dim, "dim");
result_name!(name_expand_shape, "expand_shape");
result_name!(name_intptr, "intptr");
result_name!(name_memspacecast, "memspacecast");
result_name!(name_reinterpret_cast, "reinterpret_cast");
result_name!(name_reshape, "reshape");
result_name!(name_subview, "subview");
result_name!(name_transpose, "transpose");
result_name!(name_view, "view");

// ------------------------------------------------------------------------------ ops

fn alloc_like(name: &'static str) -> OpSpec {
    OpSpec::new(name)
        .operand_segments()
        .variadic("dynamicSizes", &INDEX)
        .variadic("symbolOperands", &INDEX)
        .optional_attr("alignment", &ALIGNMENT)
        .result("memref", &RANKED_MEMREF)
        .format("`(`$dynamicSizes`)` (`` `[` $symbolOperands^ `]`)? attr-dict `:` type($memref)")
}

fn same_type_cast(name: &'static str) -> OpSpec {
    OpSpec::new(name)
        .traits(Traits::PURE)
        .operand("source", &ANY_RANKED_OR_UNRANKED)
        .result("dest", &ANY_RANKED_OR_UNRANKED)
        .format("$source attr-dict `:` type($source) `to` type($dest)")
}

fn offsets_sizes_strides(spec: OpSpec) -> OpSpec {
    spec.operand_segments()
        .variadic("offsets", &INDEX)
        .variadic("sizes", &INDEX)
        .variadic("strides", &INDEX)
        .attr("static_offsets", &DENSE_I64_ARRAY_ATTR)
        .attr("static_sizes", &DENSE_I64_ARRAY_ATTR)
        .attr("static_strides", &DENSE_I64_ARRAY_ATTR)
}

fn ops() -> Vec<OpSpec> {
    vec![
        alloc_like("memref.alloc").traits(Traits::MEMORY_ALLOC).verify(verify::alloc).result_name(name_alloc),
        alloc_like("memref.alloca").traits(Traits::MEMORY_ALLOC).verify(verify::alloca).result_name(name_alloca),
        OpSpec::new("memref.alloca_scope")
            .traits(Traits::AUTOMATIC_ALLOCATION_SCOPE | Traits::RECURSIVE_MEMORY_EFFECTS)
            .variadic_result("results", &ANY_TYPE)
            .region("bodyRegion", Some(1))
            .implicit_terminator("memref.alloca_scope.return")
            .region_branch(mica_ir::control_flow::RUN_ONCE)
            .custom(syntax::parse_alloca_scope, syntax::print_alloca_scope),
        OpSpec::new("memref.alloca_scope.return")
            .traits(Traits::PURE | Traits::TERMINATOR | Traits::RETURN_LIKE)
            .variadic("results", &ANY_TYPE)
            .format("attr-dict ($results^ `:` type($results))?")
            .check(Check::HasParent(&["memref.alloca_scope"])),
        OpSpec::new("memref.assume_alignment")
            .traits(Traits::PURE)
            .operand("memref", &RANKED_MEMREF)
            .attr("alignment", &POSITIVE_I32)
            .result("result", &RANKED_MEMREF)
            .check(Check::SameOperandsAndResultType)
            .format("$memref `,` $alignment attr-dict `:` type($memref)")
            .verify(verify::assume_alignment)
            .result_name(name_assume_align),
        OpSpec::new("memref.atomic_rmw")
            .attr("kind", &KIND)
            .operand("value", &INT_OR_FLOAT)
            .operand("memref", &MEMREF_OF_INT_OR_FLOAT)
            .variadic("indices", &INDEX)
            .result("result", &INT_OR_FLOAT)
            .check(Check::AllTypesMatch(&["value", "result"]))
            .check(Check::TypesMatchWith {
                summary: "value type matches element type of memref",
                from: "memref",
                to: "value",
                transform: element_of,
            })
            .format("$kind $value `,` $memref `[` $indices `]` attr-dict `:` `(` type($value) `,` type($memref) `)` `->` type($result)")
            .verify(verify::atomic_rmw),
        OpSpec::new("memref.atomic_yield")
            .traits(Traits::PURE | Traits::TERMINATOR)
            .operand("result", &ANY_TYPE)
            .format("$result attr-dict `:` type($result)")
            .check(Check::HasParent(&["memref.generic_atomic_rmw"]))
            .verify(verify::atomic_yield),
        same_type_cast("memref.cast").verify(verify::cast).result_name(name_cast),
        OpSpec::new("memref.collapse_shape")
            .traits(Traits::PURE)
            .operand("src", &STRIDED_MEMREF)
            .attr("reassociation", &REASSOCIATION)
            .result("result", &STRIDED_MEMREF)
            .format("$src $reassociation attr-dict `:` type($src) `into` type($result)")
            .verify(verify::collapse_shape)
            .result_name(name_collapse_shape),
        OpSpec::new("memref.copy")
            .operand("source", &ANY_RANKED_OR_UNRANKED)
            .operand("target", &ANY_RANKED_OR_UNRANKED)
            .format("$source `,` $target attr-dict `:` type($source) `to` type($target)")
            .verify(verify::copy),
        OpSpec::new("memref.dealloc").operand("memref", &ANY_RANKED_OR_UNRANKED).format("$memref attr-dict `:` type($memref)"),
        OpSpec::new("memref.dim")
            .traits(Traits::PURE)
            .operand("source", &NON0_RANKED_OR_UNRANKED)
            .operand("index", &INDEX)
            .result("result", &INDEX)
            .format("attr-dict $source `,` $index `:` type($source)")
            .result_name(name_dim),
        OpSpec::new("memref.distinct_objects")
            .variadic("operands", &RANKED_MEMREF)
            .variadic_result("results", &RANKED_MEMREF)
            .format("$operands attr-dict `:` type($operands)")
            .infer(|_, operand_types, _| Ok(operand_types.to_vec()))
            .verify(verify::distinct_objects),
        OpSpec::new("memref.dma_start").variadic("operands", &ANY_TYPE).verify(verify::dma_start).custom(syntax::parse_dma_start, syntax::print_dma_start),
        OpSpec::new("memref.dma_wait")
            .operand("tagMemRef", &RANKED_MEMREF)
            .variadic("tagIndices", &INDEX)
            .operand("numElements", &INDEX)
            .format("$tagMemRef `[` $tagIndices `]` `,` $numElements attr-dict `:` type($tagMemRef)")
            .verify(verify::dma_wait),
        OpSpec::new("memref.expand_shape")
            .traits(Traits::PURE)
            .operand("src", &STRIDED_MEMREF)
            .attr("reassociation", &REASSOCIATION)
            .variadic("output_shape", &INDEX)
            .attr("static_output_shape", &DENSE_I64_ARRAY_ATTR)
            .result("result", &STRIDED_MEMREF)
            .format(
                "$src $reassociation `output_shape` custom<DynamicIndexList>($output_shape, $static_output_shape) attr-dict `:` type($src) `into` type($result)",
            )
            .verify(verify::expand_shape)
            .result_name(name_expand_shape),
        OpSpec::new("memref.extract_aligned_pointer_as_index")
            .traits(Traits::PURE)
            .operand("source", &ANY_RANKED_OR_UNRANKED)
            .result("aligned_pointer", &INDEX)
            .format("$source `:` type($source) `->` type(results) attr-dict")
            .result_name(name_intptr),
        OpSpec::new("memref.extract_strided_metadata")
            .traits(Traits::PURE)
            .operand("source", &STRIDED_MEMREF)
            .result("base_buffer", &STRIDED_MEMREF_RANK0)
            .result("offset", &INDEX)
            .variadic_result("sizes", &INDEX)
            .variadic_result("strides", &INDEX)
            .format("$source `:` type($source) `->` type(results) attr-dict")
            .verify(verify::extract_strided_metadata)
            .result_name(crate::ods::name_results_by_slot),
        OpSpec::new("memref.generic_atomic_rmw")
            .operand("memref", &MEMREF_OF_INT_OR_FLOAT)
            .variadic("indices", &INDEX)
            .result("result", &INT_OR_FLOAT)
            .region("atomic_body", None)
            .implicit_terminator("memref.atomic_yield")
            .check(Check::TypesMatchWith {
                summary: "result type matches element type of memref",
                from: "memref",
                to: "result",
                transform: element_of,
            })
            .verify(verify::generic_atomic_rmw)
            .verify_diag(|ctx, v| verify::generic_atomic_rmw_body(ctx, v.body, v.op))
            .custom(syntax::parse_generic_atomic_rmw, syntax::print_generic_atomic_rmw),
        OpSpec::new("memref.get_global")
            .traits(Traits::PURE)
            .attr("name", &FLAT_SYMBOL_REF_ATTR)
            .result("result", &STATIC_MEMREF)
            .format("$name `:` type($result) attr-dict")
            .verify_symbol_uses(verify::get_global_symbol),
        OpSpec::new("memref.global")
            .traits(Traits::SYMBOL)
            .attr("sym_name", &SYMBOL_NAME_ATTR)
            .optional_attr("sym_visibility", &VISIBILITY)
            .attr("type", &MEMREF_TYPE_ATTR)
            .optional_attr("initial_value", &ANY_ATTR)
            .optional_attr("constant", &UNIT_ATTR)
            .optional_attr("alignment", &ALIGNMENT)
            .format(
                "($sym_visibility^)? (`constant` $constant^)? $sym_name `:` custom<GlobalMemrefOpTypeAndInitialValue>($type, $initial_value) attr-dict",
            )
            .verify(verify::global),
        OpSpec::new("memref.load")
            .traits(Traits::MEMORY_READ)
            .operand("memref", &RANKED_MEMREF)
            .variadic("indices", &INDEX)
            .default_optional_attr("nontemporal", &BOOL_ATTR, false_attr)
            .optional_attr("alignment", &ALIGNMENT)
            .result("result", &ANY_TYPE)
            .check(Check::TypesMatchWith {
                summary: "result type matches element type of 'memref'",
                from: "memref",
                to: "result",
                transform: element_of,
            })
            .format("$memref `[` $indices `]` attr-dict `:` type($memref)")
            .verify(verify::load),
        same_type_cast("memref.memory_space_cast").verify(verify::memory_space_cast).result_name(name_memspacecast),
        OpSpec::new("memref.prefetch")
            .operand("memref", &RANKED_MEMREF)
            .variadic("indices", &INDEX)
            .attr("isWrite", &BOOL_ATTR)
            .attr("localityHint", &LOCALITY_HINT)
            .attr("isDataCache", &BOOL_ATTR)
            .verify(verify::prefetch)
            .custom(syntax::parse_prefetch, syntax::print_prefetch),
        OpSpec::new("memref.rank")
            .traits(Traits::PURE)
            .operand("memref", &ANY_RANKED_OR_UNRANKED)
            .result("result", &INDEX)
            .format("$memref attr-dict `:` type($memref)"),
        OpSpec::new("memref.realloc")
            .operand("source", &MEMREF_1D)
            .optional_operand("dynamicResultSize", &INDEX)
            .optional_attr("alignment", &ALIGNMENT)
            .result("result", &MEMREF_1D)
            .format("$source (`(` $dynamicResultSize^ `)`)? attr-dict `:` type($source) `to` type(results)")
            .verify(verify::realloc),
        offsets_sizes_strides(OpSpec::new("memref.reinterpret_cast").traits(Traits::PURE).operand("source", &ANY_RANKED_OR_UNRANKED))
            .result("result", &STRIDED_MEMREF)
            .format(
                "$source `to` `offset` `` `:` custom<DynamicIndexList>($offsets, $static_offsets) `` `,` `sizes` `` `:` custom<DynamicIndexList>($sizes, $static_sizes) `` `,` `strides` `` `:` custom<DynamicIndexList>($strides, $static_strides) attr-dict `:` type($source) `to` type($result)",
            )
            .verify(verify::reinterpret_cast)
            .result_name(name_reinterpret_cast),
        OpSpec::new("memref.reshape")
            .traits(Traits::PURE)
            .operand("source", &ANY_RANKED_OR_UNRANKED)
            .operand("shape", &SHAPE_MEMREF)
            .result("result", &ANY_RANKED_OR_UNRANKED)
            .format("$source `(` $shape `)` attr-dict `:` functional-type(operands, results)")
            .verify(verify::reshape)
            .result_name(name_reshape),
        OpSpec::new("memref.store")
            .operand("value", &ANY_TYPE)
            .operand("memref", &RANKED_MEMREF)
            .variadic("indices", &INDEX)
            .default_optional_attr("nontemporal", &BOOL_ATTR, false_attr)
            .optional_attr("alignment", &ALIGNMENT)
            .check(Check::TypesMatchWith {
                summary: "type of 'value' matches element type of 'memref'",
                from: "memref",
                to: "value",
                transform: element_of,
            })
            .format("$value `,` $memref `[` $indices `]` attr-dict `:` type($memref)")
            .verify(verify::store),
        offsets_sizes_strides(OpSpec::new("memref.subview").traits(Traits::PURE).operand("source", &RANKED_MEMREF))
            .result("result", &RANKED_MEMREF)
            .format(
                "$source `` custom<DynamicIndexList>($offsets, $static_offsets) custom<DynamicIndexList>($sizes, $static_sizes) custom<DynamicIndexList>($strides, $static_strides) attr-dict `:` type($source) `to` type($result)",
            )
            .verify(verify::subview)
            .result_name(name_subview),
        OpSpec::new("memref.transpose")
            .traits(Traits::PURE)
            .operand("in", &STRIDED_MEMREF)
            .attr("permutation", &AFFINE_MAP_ATTR)
            .result("result", &STRIDED_MEMREF)
            .verify(verify::transpose)
            .custom(syntax::parse_transpose, syntax::print_transpose)
            .result_name(name_transpose),
        OpSpec::new("memref.view")
            .traits(Traits::PURE)
            .operand("source", &MEMREF_1D_I8)
            .operand("byte_shift", &INDEX)
            .variadic("sizes", &INDEX)
            .result("result", &RANKED_MEMREF)
            .format("$source `[` $byte_shift `]` `` `[` $sizes `]` attr-dict `:` type($source) `to` type(results)")
            .verify(verify::view)
            .result_name(name_view),
    ]
}

/// Registers the memref dialect.
pub fn register(ctx: &mut Context) {
    let mut specs = ops();
    for s in &mut specs {
        let (fold, patterns) = crate::shaped_fold::rewrites(s.name);
        s.fold = fold;
        s.patterns = patterns;
    }
    crate::ods::register_with_classes(ctx, specs, syntax::DIRECTIVES, CLASSES);
    ctx.registry_mut().set_materializer("memref", crate::shaped_fold::materialize);
}
