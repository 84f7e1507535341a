//! Type and attribute constraints: what an operand, result or attribute must satisfy, with the
//! summary MLIR prints when it does not (`operand #0 must be signless-integer-like, but got
//! 'f32'`), and, for attributes, how an assembly format writes them.
//!
//! The constraints shared by several dialects live here; a dialect declares its own next to its
//! ops the same way.

use super::enums::EnumSpec;
use mica_ir::{Attr, AttrKind, Context, FloatKind, Signedness, Type, TypeKind};

const DYNAMIC_DIM: i64 = mica_ir::DYNAMIC;

/// A constraint on a type.
#[derive(Debug)]
pub struct TypeConstraint {
    /// MLIR's summary (`signless-integer-like`).
    pub summary: &'static str,
    /// Whether a type satisfies it.
    pub check: fn(&Context, Type) -> bool,
    /// The one type it allows, when it allows one (a format may then leave the type out).
    pub buildable: Option<fn(&Context) -> Type>,
}

/// How a format writes an attribute (`$name`) and how the generic form stores it.
#[derive(Debug)]
pub enum AttrSyntax {
    /// The attribute as written anywhere (`3 : i32`, `dense<...>`, `"s"`).
    Plain,
    /// As [`AttrSyntax::Plain`], read as the constraint's attribute class (MLIR's storage type,
    /// an attribute interface such as `PoisonAttrInterface`): an attribute of another kind is
    /// `invalid kind of attribute specified` at it, while parsing.
    Kind,
    /// A string attribute written as a string literal; an optional group anchored on it starts
    /// only at a string (MLIR's `StrAttr` in a format).
    Str,
    /// A literal whose type is fixed, written without it (`3` for an `I64Attr`).
    Typed(fn(&Context) -> Type),
    /// A unit attribute: present or not.
    Unit,
    /// An enum kept as an integer (`predicate = 2 : i64`), written as its keyword (`slt`).
    IntEnum(&'static EnumSpec),
    /// A dialect attribute (`#arith.fastmath<fast>`), written without `#dialect.mnemonic`.
    Dialect { dialect: &'static str, mnemonic: &'static str },
    /// A symbol name kept as a string, written `@name`.
    SymbolName,
    /// `array<i64: 1, 2>` written `[1, 2]`; the element type.
    DenseArray(fn(&Context) -> Type),
    /// A type attribute, written as the type.
    TypeAttr,
    /// An enum kept as `#dialect<mnemonic case>` (an `EnumAttr` of a dialect Mica keeps as an
    /// opaque attribute), written as the case keyword.
    OpaqueEnum { dialect: &'static str, mnemonic: &'static str, cases: &'static EnumSpec },
}

/// A constraint on an attribute.
#[derive(Debug)]
pub struct AttrConstraint {
    /// MLIR's summary (`64-bit signless integer attribute`).
    pub summary: &'static str,
    /// How it is written.
    pub syntax: AttrSyntax,
    /// Whether an attribute satisfies it.
    pub check: fn(&Context, Attr) -> bool,
}

impl AttrConstraint {
    /// Whether `a` satisfies the constraint.
    pub fn satisfied(&self, ctx: &Context, a: Attr) -> bool {
        match &self.syntax {
            AttrSyntax::IntEnum(e) => e.int_value(ctx, a).is_some_and(|v| e.is_valid(v)),
            AttrSyntax::Dialect { dialect, mnemonic } => match ctx.attr_kind(a) {
                AttrKind::Dialect { dialect: d, mnemonic: m, .. } => {
                    ctx.str(*d) == *dialect && ctx.str(*m) == *mnemonic && (self.check)(ctx, a)
                }
                _ => false,
            },
            AttrSyntax::OpaqueEnum { dialect, mnemonic, cases } => match ctx.attr_kind(a) {
                AttrKind::Opaque { dialect: d, body, ty: None } => {
                    ctx.str(*d) == *dialect
                        && body.split_once(' ').is_some_and(|(m, case)| m == *mnemonic && cases.symbolize(case).is_some())
                }
                _ => false,
            },
            _ => (self.check)(ctx, a),
        }
    }
}

/// The attribute `#dialect<mnemonic case>`.
pub fn opaque_enum_attr(ctx: &Context, dialect: &str, mnemonic: &str, case: &str) -> Attr {
    ctx.attr(AttrKind::Opaque { dialect: ctx.ident(dialect), body: format!("{mnemonic} {case}").into(), ty: None })
}

// ------------------------------------------------------------------------- type predicates

/// Whether `t` is a signless integer.
pub fn is_signless_int(ctx: &Context, t: Type) -> bool {
    matches!(ctx.type_kind(t), TypeKind::Integer { signedness: Signedness::Signless, .. })
}

/// Whether `t` is a signless integer of `width` bits.
pub fn is_signless_int_of(ctx: &Context, t: Type, width: u32) -> bool {
    matches!(ctx.type_kind(t), TypeKind::Integer { signedness: Signedness::Signless, width: w } if *w == width)
}

/// Whether `t` is `index`.
pub fn is_index(ctx: &Context, t: Type) -> bool {
    matches!(ctx.type_kind(t), TypeKind::Index)
}

/// Whether `t` is a float type.
pub fn is_float(ctx: &Context, t: Type) -> bool {
    matches!(ctx.type_kind(t), TypeKind::Float(_))
}

/// `t` itself, or its element type when it is a vector or tensor.
pub fn scalar_of(ctx: &Context, t: Type) -> Option<Type> {
    match ctx.type_kind(t) {
        TypeKind::Vector { elem, .. } | TypeKind::RankedTensor { elem, .. } | TypeKind::UnrankedTensor { elem } => Some(*elem),
        TypeKind::MemRef { .. } | TypeKind::UnrankedMemRef { .. } => None,
        _ => Some(t),
    }
}

/// Whether `t` is a scalar, vector or tensor whose element satisfies `elem`.
pub fn is_like(ctx: &Context, t: Type, elem: fn(&Context, Type) -> bool) -> bool {
    scalar_of(ctx, t).is_some_and(|e| elem(ctx, e))
}

/// Whether `t` is a tensor (ranked or not).
pub fn is_tensor(ctx: &Context, t: Type) -> bool {
    matches!(ctx.type_kind(t), TypeKind::RankedTensor { .. } | TypeKind::UnrankedTensor { .. })
}

/// Whether `t` is a ranked tensor.
pub fn is_ranked_tensor(ctx: &Context, t: Type) -> bool {
    matches!(ctx.type_kind(t), TypeKind::RankedTensor { .. })
}

/// Whether `t` is a memref (ranked or not).
pub fn is_memref(ctx: &Context, t: Type) -> bool {
    matches!(ctx.type_kind(t), TypeKind::MemRef { .. } | TypeKind::UnrankedMemRef { .. })
}

/// Whether `t` is a ranked memref.
pub fn is_ranked_memref(ctx: &Context, t: Type) -> bool {
    matches!(ctx.type_kind(t), TypeKind::MemRef { .. })
}

/// Whether `t` is a vector.
pub fn is_vector(ctx: &Context, t: Type) -> bool {
    matches!(ctx.type_kind(t), TypeKind::Vector { .. })
}

/// The shape of a ranked shaped type.
pub fn shape_of(ctx: &Context, t: Type) -> Option<&[i64]> {
    ctx.type_kind(t).shape()
}

/// `t` with its element type replaced by `elem` (for vectors and tensors), or `elem` for a
/// scalar.
pub fn with_element_type(ctx: &Context, t: Type, elem: Type) -> Option<Type> {
    Some(match ctx.type_kind(t) {
        TypeKind::Vector { shape, scalable, .. } => ctx.ty(TypeKind::Vector { shape: shape.clone(), scalable: scalable.clone(), elem }),
        TypeKind::RankedTensor { shape, encoding, .. } => {
            ctx.ty(TypeKind::RankedTensor { shape: shape.clone(), elem, encoding: *encoding })
        }
        TypeKind::UnrankedTensor { .. } => ctx.ty(TypeKind::UnrankedTensor { elem }),
        TypeKind::MemRef { .. } | TypeKind::UnrankedMemRef { .. } => return None,
        _ => elem,
    })
}

/// The element type of a shaped type, or the type itself (MLIR's `getElementTypeOrSelf`).
pub fn element_or_self(ctx: &Context, t: Type) -> Type {
    ctx.type_kind(t).element_type().unwrap_or(t)
}

/// `false` as a bool attribute (the default of several optional flags).
pub fn false_attr(ctx: &Context) -> Attr {
    ctx.bool_attr(false)
}

/// `i1` with the shape of `t` (MLIR's `getI1SameShape`).
pub fn i1_same_shape(ctx: &Context, t: Type) -> Option<Type> {
    with_element_type(ctx, t, ctx.int_type(1))
}

// ------------------------------------------------------------------------- type constraints

macro_rules! type_constraint {
    ($(#[$m:meta])* $name:ident, $summary:expr, $check:expr) => {
        $(#[$m])*
        pub static $name: TypeConstraint = TypeConstraint { summary: $summary, check: $check, buildable: None };
    };
    ($(#[$m:meta])* $name:ident, $summary:expr, $check:expr, $build:expr) => {
        $(#[$m])*
        pub static $name: TypeConstraint = TypeConstraint { summary: $summary, check: $check, buildable: Some($build) };
    };
}

type_constraint!(
    /// Any type.
    ANY_TYPE, "any type", |_, _| true
);
type_constraint!(
    /// `index`.
    INDEX, "index", is_index, |c| c.index_type()
);
type_constraint!(
    /// `i1`.
    I1, "1-bit signless integer", |c, t| is_signless_int_of(c, t, 1), |c| c.int_type(1)
);
type_constraint!(
    /// `i32`.
    I32, "32-bit signless integer", |c, t| is_signless_int_of(c, t, 32), |c| c.int_type(32)
);
type_constraint!(
    /// `i64`.
    I64, "64-bit signless integer", |c, t| is_signless_int_of(c, t, 64), |c| c.int_type(64)
);
type_constraint!(
    /// Any signless integer.
    ANY_SIGNLESS_INTEGER, "signless integer", is_signless_int
);
type_constraint!(
    /// Any integer.
    ANY_INTEGER, "integer", |c, t| matches!(c.type_kind(t), TypeKind::Integer { .. })
);
type_constraint!(
    /// A signless integer or index.
    SIGNLESS_INTEGER_OR_INDEX, "signless integer or index", |c, t| is_signless_int(c, t) || is_index(c, t)
);
type_constraint!(
    /// Any float.
    ANY_FLOAT, "floating-point", is_float
);
type_constraint!(
    /// `f32`.
    F32, "32-bit float", |c, t| matches!(c.type_kind(t), TypeKind::Float(FloatKind::F32)), |c| c.float_type(FloatKind::F32)
);
type_constraint!(
    /// A signless integer or index, or a vector or tensor of them (MLIR's `SignlessIntegerLike`,
    /// which takes `index` too).
    SIGNLESS_INTEGER_OR_INDEX_LIKE, "signless-integer-like", |c, t| is_like(c, t, |c, e| is_signless_int(c, e) || is_index(c, e))
);
type_constraint!(
    /// A float, or a vector or tensor of floats.
    FLOAT_LIKE, "floating-point-like", |c, t| is_like(c, t, is_float)
);
type_constraint!(
    /// `i1`, or a vector or tensor of `i1`.
    BOOL_LIKE, "bool-like", |c, t| is_like(c, t, |c, e| is_signless_int_of(c, e, 1))
);
type_constraint!(
    /// Any tensor.
    ANY_TENSOR, "tensor of any type values", is_tensor
);
type_constraint!(
    /// Any ranked tensor.
    ANY_RANKED_TENSOR, "ranked tensor of any type values", is_ranked_tensor
);
type_constraint!(
    /// Any ranked memref, as MLIR's `AnyMemRef` (whose summary does not say "ranked").
    ANY_MEMREF, "memref of any type values", is_ranked_memref
);
type_constraint!(
    /// Any ranked memref.
    ANY_RANKED_MEMREF, "ranked memref of any type values", is_ranked_memref
);
type_constraint!(
    /// A ranked memref whose dimensions are all static.
    STATIC_MEMREF,
    "statically shaped memref of any type values",
    |c, t| matches!(c.type_kind(t), TypeKind::MemRef { shape, .. } if shape.iter().all(|&d| d != crate::ods::constraints::DYNAMIC_DIM))
);
type_constraint!(
    /// Any vector.
    ANY_VECTOR, "vector of any type values", is_vector
);
type_constraint!(
    /// A complex number type.
    ANY_COMPLEX, "complex-type", |c, t| matches!(c.type_kind(t), TypeKind::Complex(_))
);

// -------------------------------------------------------------------- attribute constraints

/// Whether `a` is an integer attribute of a signless `width`-bit type.
pub fn is_int_attr_of(ctx: &Context, a: Attr, width: u32) -> bool {
    matches!(ctx.attr_kind(a), AttrKind::Integer { ty, .. } if is_signless_int_of(ctx, *ty, width))
}

/// Whether `a` is an attribute with a type (integer, float, elements…).
pub fn is_typed_attr(ctx: &Context, a: Attr) -> bool {
    attr_type(ctx, a).is_some()
}

/// The type of a typed attribute (a string written without a type has type `none`, as
/// MLIR's `StringAttr`).
pub fn attr_type(ctx: &Context, a: Attr) -> Option<Type> {
    match ctx.attr_kind(a) {
        AttrKind::Integer { ty, .. } | AttrKind::Float { ty, .. } => Some(*ty),
        AttrKind::String { ty, .. } => Some(ty.unwrap_or_else(|| ctx.none_type())),
        AttrKind::DenseElements { ty, .. }
        | AttrKind::DenseStrings { ty, .. }
        | AttrKind::DenseResource { ty, .. }
        | AttrKind::Sparse { ty, .. } => Some(*ty),
        AttrKind::Opaque { ty, .. } => *ty,
        _ => None,
    }
}

macro_rules! attr_constraint {
    ($(#[$m:meta])* $name:ident, $summary:expr, $syntax:expr, $check:expr) => {
        $(#[$m])*
        pub static $name: AttrConstraint = AttrConstraint { summary: $summary, syntax: $syntax, check: $check };
    };
}

attr_constraint!(
    /// Any attribute.
    ANY_ATTR, "any attribute", AttrSyntax::Plain, |_, _| true
);
attr_constraint!(
    /// An attribute with a type.
    TYPED_ATTR, "TypedAttr instance", AttrSyntax::Plain, is_typed_attr
);
attr_constraint!(
    /// A unit attribute.
    UNIT_ATTR, "unit attribute", AttrSyntax::Unit, |c, a| matches!(c.attr_kind(a), AttrKind::Unit)
);
attr_constraint!(
    /// A bool attribute.
    BOOL_ATTR, "bool attribute", AttrSyntax::Typed(|c| c.int_type(1)), |c, a| is_int_attr_of(c, a, 1)
);
attr_constraint!(
    /// An `i32` attribute.
    I32_ATTR, "32-bit signless integer attribute", AttrSyntax::Typed(|c| c.int_type(32)), |c, a| is_int_attr_of(c, a, 32)
);
attr_constraint!(
    /// An `i64` attribute.
    I64_ATTR, "64-bit signless integer attribute", AttrSyntax::Typed(|c| c.int_type(64)), |c, a| is_int_attr_of(c, a, 64)
);
attr_constraint!(
    /// An `index` attribute.
    INDEX_ATTR,
    "index attribute",
    AttrSyntax::Typed(|c| c.index_type()),
    |c, a| matches!(c.attr_kind(a), AttrKind::Integer { ty, .. } if is_index(c, *ty))
);
attr_constraint!(
    /// A string attribute.
    STR_ATTR, "string attribute", AttrSyntax::Plain, |c, a| matches!(c.attr_kind(a), AttrKind::String { ty: None, .. })
);
attr_constraint!(
    /// A symbol name (a string written `@name`).
    SYMBOL_NAME_ATTR, "string attribute", AttrSyntax::SymbolName, |c, a| matches!(c.attr_kind(a), AttrKind::String { ty: None, .. })
);
attr_constraint!(
    /// `@name` with no nested references.
    FLAT_SYMBOL_REF_ATTR,
    "flat symbol reference attribute",
    AttrSyntax::Plain,
    |c, a| matches!(c.attr_kind(a), AttrKind::SymbolRef { nested, .. } if nested.is_empty())
);
attr_constraint!(
    /// Any symbol reference.
    SYMBOL_REF_ATTR, "symbol reference attribute", AttrSyntax::Plain, |c, a| matches!(c.attr_kind(a), AttrKind::SymbolRef { .. })
);
attr_constraint!(
    /// A type attribute.
    TYPE_ATTR, "any type attribute", AttrSyntax::TypeAttr, |c, a| matches!(c.attr_kind(a), AttrKind::Type(_))
);
attr_constraint!(
    /// An array attribute.
    ARRAY_ATTR, "array attribute", AttrSyntax::Plain, |c, a| matches!(c.attr_kind(a), AttrKind::Array(_))
);
attr_constraint!(
    /// An affine map attribute.
    AFFINE_MAP_ATTR, "AffineMap attribute", AttrSyntax::Plain, |c, a| matches!(c.attr_kind(a), AttrKind::AffineMap(_))
);
attr_constraint!(
    /// `array<i64: ...>`.
    DENSE_I64_ARRAY_ATTR,
    "i64 dense array attribute",
    AttrSyntax::DenseArray(|c| c.int_type(64)),
    |c, a| matches!(c.attr_kind(a), AttrKind::DenseArray { elem, .. } if is_signless_int_of(c, *elem, 64))
);
attr_constraint!(
    /// `array<i32: ...>`.
    DENSE_I32_ARRAY_ATTR,
    "i32 dense array attribute",
    AttrSyntax::DenseArray(|c| c.int_type(32)),
    |c, a| matches!(c.attr_kind(a), AttrKind::DenseArray { elem, .. } if is_signless_int_of(c, *elem, 32))
);
attr_constraint!(
    /// `array<i1: ...>`.
    DENSE_BOOL_ARRAY_ATTR,
    "i1 dense array attribute",
    AttrSyntax::DenseArray(|c| c.int_type(1)),
    |c, a| matches!(c.attr_kind(a), AttrKind::DenseArray { elem, .. } if is_signless_int_of(c, *elem, 1))
);
attr_constraint!(
    /// Dense or sparse elements.
    ELEMENTS_ATTR,
    "constant vector/tensor attribute",
    AttrSyntax::Plain,
    |c, a| matches!(
        c.attr_kind(a),
        AttrKind::DenseElements { .. } | AttrKind::DenseStrings { .. } | AttrKind::DenseResource { .. } | AttrKind::Sparse { .. }
    )
);
