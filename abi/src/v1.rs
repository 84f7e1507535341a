//! The V1 ABI type model: what values an exported function may take and
//! return, and how higher-level types map onto them.
//!
//! Facts followed (IREE's `docs/developers/design_docs/function_abi.md`,
//! "V1 ABI"): value types are byte-aligned integers (i8, i16, i32, i64) and
//! floats (f16, f32, f64); reference types are ND-array buffers of value
//! types (packed C layout; a strided layout is reserved for the future),
//! strings (byte lists) and opaque references; sequence types are tuples
//! (a type per position) and homogeneous lists. Conventions: a structure is a
//! tuple in declaration order, or in lexically sorted key order for
//! name-based structures; a string is a list of i8; a typed list is a
//! homogeneous list; an ND-array of reference types is the tuple
//! `(list<T> values in C layout, list<index> dims)`. Booleans (`i1`) travel
//! as i8, as IREE's SIP bindings mapped them.

use std::fmt;

use crate::types::{AbiType, StridedLayout};

/// A V1 value type.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ValueType {
    /// 8-bit integer.
    I8,
    /// 16-bit integer.
    I16,
    /// 32-bit integer.
    I32,
    /// 64-bit integer.
    I64,
    /// IEEE half.
    F16,
    /// IEEE single.
    F32,
    /// IEEE double.
    F64,
}

impl ValueType {
    /// Size of one value in bytes.
    pub fn size_bytes(self) -> u32 {
        match self {
            ValueType::I8 => 1,
            ValueType::I16 | ValueType::F16 => 2,
            ValueType::I32 | ValueType::F32 => 4,
            ValueType::I64 | ValueType::F64 => 8,
        }
    }

    /// The value type of a scalar MLIR type, if it has one.
    pub fn of(ty: &AbiType) -> Option<ValueType> {
        match ty {
            AbiType::Int(1 | 8) => Some(ValueType::I8),
            AbiType::Int(16) => Some(ValueType::I16),
            AbiType::Int(32) => Some(ValueType::I32),
            AbiType::Int(64) => Some(ValueType::I64),
            AbiType::Float(name) => match name.as_str() {
                "f16" => Some(ValueType::F16),
                "f32" => Some(ValueType::F32),
                "f64" => Some(ValueType::F64),
                _ => None,
            },
            _ => None,
        }
    }
}

impl fmt::Display for ValueType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            ValueType::I8 => "i8",
            ValueType::I16 => "i16",
            ValueType::I32 => "i32",
            ValueType::I64 => "i64",
            ValueType::F16 => "f16",
            ValueType::F32 => "f32",
            ValueType::F64 => "f64",
        })
    }
}

/// Memory layout of an ND-array buffer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BufferLayout {
    /// Packed, C (row-major) layout.
    Packed,
    /// Arbitrary strides (reserved by the V1 ABI for the future).
    Strided,
}

/// A V1 ABI type.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum V1Type {
    /// A value type.
    Value(ValueType),
    /// The host's index integer; appears in the dims list of an ND-array of
    /// references.
    Index,
    /// An ND-array buffer of a value type (its shape travels with it).
    Buffer {
        /// Element type.
        elem: ValueType,
        /// Layout.
        layout: BufferLayout,
    },
    /// An opaque reference object.
    Opaque,
    /// A tuple: one type per position.
    Tuple(Vec<V1Type>),
    /// A homogeneous list of any length.
    List(Box<V1Type>),
}

/// Field order of a structure.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FieldOrder {
    /// C-like: declaration order.
    Declaration,
    /// Name-based (e.g. a Python dict): lexically sorted keys.
    SortedByName,
}

/// A type with no V1 representation.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("type {ty} has no V1 ABI representation: {reason}")]
pub struct V1Error {
    /// The type, in MLIR syntax.
    pub ty: String,
    /// Why.
    pub reason: &'static str,
}

impl V1Type {
    /// A string: a list of i8 (bytes in some encoding).
    pub fn string() -> V1Type {
        V1Type::List(Box::new(V1Type::Value(ValueType::I8)))
    }

    /// A typed list: a homogeneous list.
    pub fn typed_list(elem: V1Type) -> V1Type {
        V1Type::List(Box::new(elem))
    }

    /// A structure: a tuple of its fields in the given order.
    pub fn structure(fields: &[(&str, V1Type)], order: FieldOrder) -> V1Type {
        let mut fields = fields.to_vec();
        if order == FieldOrder::SortedByName {
            fields.sort_by(|a, b| a.0.cmp(b.0));
        }
        V1Type::Tuple(fields.into_iter().map(|(_, ty)| ty).collect())
    }

    /// An ND-array of reference type `elem`: `(list<elem>, list<index>)`.
    pub fn ndarray_of_references(elem: V1Type) -> V1Type {
        V1Type::Tuple(vec![
            V1Type::typed_list(elem),
            V1Type::typed_list(V1Type::Index),
        ])
    }

    /// Maps an MLIR type onto the V1 model.
    pub fn from_abi_type(ty: &AbiType) -> Result<V1Type, V1Error> {
        let fail = |reason| V1Error {
            ty: ty.to_string(),
            reason,
        };
        match ty {
            AbiType::Int(_) | AbiType::Float(_) => ValueType::of(ty)
                .map(V1Type::Value)
                .ok_or_else(|| fail("only i1/i8/i16/i32/i64 and f16/f32/f64 are value types")),
            AbiType::Index => Ok(V1Type::Index),
            AbiType::Tensor { elem, .. }
            | AbiType::UnrankedTensor { elem }
            | AbiType::UnrankedMemRef { elem } => array(elem, BufferLayout::Packed),
            AbiType::MemRef { dims, elem, layout } => {
                let layout = match layout {
                    Some(layout) if !is_packed(dims, layout) => BufferLayout::Strided,
                    _ => BufferLayout::Packed,
                };
                array(elem, layout)
            }
            AbiType::Tuple(elems) => elems
                .iter()
                .map(V1Type::from_abi_type)
                .collect::<Result<_, _>>()
                .map(V1Type::Tuple),
            AbiType::List(elem) => V1Type::from_abi_type(elem).map(V1Type::typed_list),
            AbiType::Opaque(_) => Ok(V1Type::Opaque),
        }
    }
}

/// An ND-array of `elem`: a buffer for value types, the reference convention
/// for reference types.
fn array(elem: &AbiType, layout: BufferLayout) -> Result<V1Type, V1Error> {
    if let Some(v) = ValueType::of(elem) {
        return Ok(V1Type::Buffer { elem: v, layout });
    }
    match V1Type::from_abi_type(elem)? {
        r @ (V1Type::Opaque | V1Type::List(_) | V1Type::Tuple(_)) => {
            Ok(V1Type::ndarray_of_references(r))
        }
        _ => Err(V1Error {
            ty: elem.to_string(),
            reason: "not a value or reference type",
        }),
    }
}

/// Whether a strided layout is the packed C layout of `dims`.
fn is_packed(dims: &[Option<i64>], layout: &StridedLayout) -> bool {
    layout.offset == Some(0) && crate::memref::static_identity_strides(dims) == layout.strides
}

impl fmt::Display for V1Type {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            V1Type::Value(v) => write!(f, "{v}"),
            V1Type::Index => f.write_str("index"),
            V1Type::Buffer {
                elem,
                layout: BufferLayout::Packed,
            } => write!(f, "buffer<{elem}>"),
            V1Type::Buffer {
                elem,
                layout: BufferLayout::Strided,
            } => write!(f, "buffer<{elem}, strided>"),
            V1Type::Opaque => f.write_str("opaque"),
            V1Type::Tuple(elems) => {
                f.write_str("tuple<")?;
                for (i, e) in elems.iter().enumerate() {
                    if i > 0 {
                        f.write_str(", ")?;
                    }
                    write!(f, "{e}")?;
                }
                f.write_str(">")
            }
            V1Type::List(elem) => write!(f, "list<{elem}>"),
        }
    }
}
