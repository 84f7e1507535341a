//! Builtin types: the data behind an interned [`Type`] handle.
//!
//! Every type MLIR 22's builtin dialect defines is a variant of [`TypeKind`]; types of dialects
//! Mica does not model are kept verbatim as [`TypeKind::Opaque`] so they round-trip.

use crate::{Attr, Ident};
pub use mica_apfloat::FloatKind;

/// An interned type: compare with `==`, look up its data with [`crate::Context::type_kind`].
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct Type(pub(crate) u32);

impl Type {
    /// The raw index of this type in its context (stable for the context's lifetime).
    pub fn index(self) -> u32 {
        self.0
    }
}

/// The size of a dynamic dimension (`?`) in a shape, as MLIR's `ShapedType::kDynamic`.
pub const DYNAMIC: i64 = i64::MIN;

/// Signedness of an integer type: `i32` (signless), `si32`, `ui32`.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum Signedness {
    /// `iN`
    Signless,
    /// `siN`
    Signed,
    /// `uiN`
    Unsigned,
}

/// The structure of a type.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub enum TypeKind {
    /// `i32`, `si8`, `ui1`…
    Integer { width: u32, signedness: Signedness },
    /// `index`
    Index,
    /// `f32`, `bf16`, `f8E4M3FN`…
    Float(FloatKind),
    /// `none`
    None,
    /// `complex<T>`
    Complex(Type),
    /// `tuple<T...>`
    Tuple(Box<[Type]>),
    /// `(inputs) -> results`
    Function { inputs: Box<[Type]>, results: Box<[Type]> },
    /// `tensor<4x?xf32, #encoding>`
    RankedTensor { shape: Box<[i64]>, elem: Type, encoding: Option<Attr> },
    /// `tensor<*xf32>`
    UnrankedTensor { elem: Type },
    /// `memref<4x?xf32, layout, memory-space>`
    MemRef { shape: Box<[i64]>, elem: Type, layout: Option<Attr>, memory_space: Option<Attr> },
    /// `memref<*xf32, memory-space>`
    UnrankedMemRef { elem: Type, memory_space: Option<Attr> },
    /// `vector<[4]x8xf32>`: `scalable[i]` marks the `[4]` dimensions.
    Vector { shape: Box<[i64]>, scalable: Box<[bool]>, elem: Type },
    /// A type of a dialect Mica does not model: `!dialect.body` or `!dialect<body>`, kept as text.
    Opaque { dialect: Ident, body: Box<str> },
}

impl TypeKind {
    /// The shape of a ranked shaped type (tensor, memref, vector).
    pub fn shape(&self) -> Option<&[i64]> {
        match self {
            TypeKind::RankedTensor { shape, .. } | TypeKind::MemRef { shape, .. } | TypeKind::Vector { shape, .. } => {
                Some(shape)
            }
            _ => None,
        }
    }

    /// The element type of a shaped type (tensor, memref, vector, ranked or not).
    pub fn element_type(&self) -> Option<Type> {
        match self {
            TypeKind::RankedTensor { elem, .. }
            | TypeKind::UnrankedTensor { elem }
            | TypeKind::MemRef { elem, .. }
            | TypeKind::UnrankedMemRef { elem, .. }
            | TypeKind::Vector { elem, .. } => Some(*elem),
            _ => None,
        }
    }

    /// Whether this is a shaped type (tensor, memref or vector).
    pub fn is_shaped(&self) -> bool {
        self.element_type().is_some()
    }

    /// Whether this is `index` or an integer type.
    pub fn is_int_or_index(&self) -> bool {
        matches!(self, TypeKind::Integer { .. } | TypeKind::Index)
    }

    /// The number of elements of a statically shaped type.
    pub fn num_elements(&self) -> Option<i64> {
        let shape = self.shape()?;
        shape.iter().try_fold(1i64, |acc, &d| if d < 0 { None } else { acc.checked_mul(d) })
    }
}
