//! The class of types a type constraint stores its types as (MLIR's `cppType` of a type
//! constraint: `::mlir::VectorType` for `AnyVectorOfAnyRank`, `::mlir::Type` for
//! `SignlessIntegerLike`). MLIR's generated parsers read a `type($x)` of a single slot as that
//! class, so that a type of another kind is a parse error at the type (`invalid kind of type
//! specified: expected builtin.vector, but found 'f32'`) rather than a verifier error; a slot
//! whose class is [`TypeClass::Any`] takes any type there.
//!
//! A dialect declares the classes of its constraints in a table ([`ClassTable`]) given to
//! [`super::register_with_classes`]; the shared constraints' classes are in [`SHARED`].

use super::constraints::*;
use super::TypeConstraint;
use mica_ir::asm::AsmParser;
use mica_ir::{Context, Type, TypeKind};

/// The C++ class a constraint stores its types as, when it is narrower than any type.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Default)]
pub enum TypeClass {
    /// Any type (`::mlir::Type`): nothing is checked while parsing.
    #[default]
    Any,
    /// `::mlir::VectorType`.
    Vector,
    /// `::mlir::TensorType` (ranked or not).
    Tensor,
    /// `::mlir::RankedTensorType`.
    RankedTensor,
    /// `::mlir::UnrankedTensorType`.
    UnrankedTensor,
    /// `::mlir::BaseMemRefType` (ranked or not).
    BaseMemRef,
    /// `::mlir::MemRefType`.
    MemRef,
    /// `::mlir::UnrankedMemRefType`.
    UnrankedMemRef,
    /// `::mlir::ShapedType` (vectors, tensors, memrefs).
    Shaped,
    /// `::mlir::IntegerType`.
    Integer,
    /// `::mlir::IndexType`.
    Index,
    /// `::mlir::FloatType`.
    Float,
    /// `::mlir::ComplexType`.
    Complex,
}

/// The classes of some constraints, by constraint (compared by address).
pub type ClassTable = &'static [(&'static TypeConstraint, TypeClass)];

/// The classes of the shared constraints of [`super::constraints`] that have one.
pub static SHARED: ClassTable = &[
    (&INDEX, TypeClass::Index),
    (&I1, TypeClass::Integer),
    (&I32, TypeClass::Integer),
    (&I64, TypeClass::Integer),
    (&ANY_SIGNLESS_INTEGER, TypeClass::Integer),
    (&ANY_INTEGER, TypeClass::Integer),
    (&ANY_FLOAT, TypeClass::Float),
    (&F32, TypeClass::Float),
    (&ANY_TENSOR, TypeClass::Tensor),
    (&ANY_RANKED_TENSOR, TypeClass::RankedTensor),
    // MLIR's `AnyMemRef` is ranked only (`MemRefType`).
    (&ANY_MEMREF, TypeClass::MemRef),
    (&STATIC_MEMREF, TypeClass::MemRef),
    (&ANY_VECTOR, TypeClass::Vector),
    (&ANY_COMPLEX, TypeClass::Complex),
];

impl TypeClass {
    /// The class of `c`: its entry in `own` or in [`SHARED`], else [`TypeClass::Any`].
    pub fn of(c: &TypeConstraint, own: ClassTable) -> TypeClass {
        own.iter().chain(SHARED).find(|(k, _)| std::ptr::eq(*k, c)).map_or(TypeClass::Any, |e| e.1)
    }

    /// The name MLIR gives the class in the error (`builtin.vector`); none for the classes
    /// that are interfaces or bases of several types.
    fn name(self) -> Option<&'static str> {
        Some(match self {
            TypeClass::Vector => "builtin.vector",
            TypeClass::RankedTensor => "builtin.tensor",
            TypeClass::UnrankedTensor => "builtin.unranked_tensor",
            TypeClass::MemRef => "builtin.memref",
            TypeClass::UnrankedMemRef => "builtin.unranked_memref",
            TypeClass::Integer => "builtin.integer",
            TypeClass::Index => "builtin.index",
            TypeClass::Complex => "builtin.complex",
            TypeClass::Any | TypeClass::Tensor | TypeClass::BaseMemRef | TypeClass::Shaped | TypeClass::Float => return None,
        })
    }

    /// Whether `t` is of the class.
    fn holds(self, ctx: &Context, t: Type) -> bool {
        let k = ctx.type_kind(t);
        match self {
            TypeClass::Any => true,
            TypeClass::Vector => matches!(k, TypeKind::Vector { .. }),
            TypeClass::Tensor => matches!(k, TypeKind::RankedTensor { .. } | TypeKind::UnrankedTensor { .. }),
            TypeClass::RankedTensor => matches!(k, TypeKind::RankedTensor { .. }),
            TypeClass::UnrankedTensor => matches!(k, TypeKind::UnrankedTensor { .. }),
            TypeClass::BaseMemRef => matches!(k, TypeKind::MemRef { .. } | TypeKind::UnrankedMemRef { .. }),
            TypeClass::MemRef => matches!(k, TypeKind::MemRef { .. }),
            TypeClass::UnrankedMemRef => matches!(k, TypeKind::UnrankedMemRef { .. }),
            TypeClass::Shaped => k.is_shaped(),
            TypeClass::Integer => matches!(k, TypeKind::Integer { .. }),
            TypeClass::Index => matches!(k, TypeKind::Index),
            TypeClass::Float => matches!(k, TypeKind::Float(_)),
            TypeClass::Complex => matches!(k, TypeKind::Complex(_)),
        }
    }

    /// Parses a type of the class (any type for [`TypeClass::Any`], with no other work).
    #[inline(always)]
    pub(crate) fn parse(self, p: &mut dyn AsmParser<'_>) -> Result<Type, ()> {
        match self {
            TypeClass::Any => p.parse_type(),
            class => class.parse_checked(p),
        }
    }

    /// Parses `: type` as MLIR's `parseColonType` into a type class does (hand-written
    /// parsers): a type of another kind is reported at the colon.
    pub(crate) fn parse_colon_type(self, p: &mut dyn AsmParser<'_>) -> Result<Type, ()> {
        let at = p.offset();
        p.parse_punct(":")?;
        self.parse_reporting_at(p, at)
    }

    /// Parses a type and reports it, at its start, when it is not of the class.
    #[inline(never)]
    fn parse_checked(self, p: &mut dyn AsmParser<'_>) -> Result<Type, ()> {
        let at = p.offset();
        self.parse_reporting_at(p, at)
    }

    /// Parses a type and reports it at byte offset `at` when it is not of the class.
    fn parse_reporting_at(self, p: &mut dyn AsmParser<'_>, at: usize) -> Result<Type, ()> {
        let t = p.parse_type()?;
        let ctx = p.ctx();
        if self.holds(ctx, t) {
            return Ok(t);
        }
        let msg = match self.name() {
            Some(name) => format!("invalid kind of type specified: expected {name}, but found '{}'", mica_ir::printer::type_string(ctx, t)),
            None => "invalid kind of type specified".to_string(),
        };
        p.error_at(at, &msg);
        Err(())
    }
}
