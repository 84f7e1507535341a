//! Builtin attributes (locations included): the data behind an interned [`Attr`] handle.
//!
//! Integers keep their exact bits at any width, floats their exact bit pattern, and dense
//! element data its raw little-endian bytes, so every value MLIR can write reads back unchanged.

use crate::{Ident, Type};
use mica_affine::{AffineMap, IntegerSet};
use smallvec::SmallVec;

/// An interned attribute: compare with `==`, look up its data with [`crate::Context::attr_kind`].
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct Attr(pub(crate) u32);

impl Attr {
    /// The raw index of this attribute in its context.
    pub fn index(self) -> u32 {
        self.0
    }
}

/// The two's-complement bits of an integer, in 64-bit words, least significant first.
/// Bits above the type's width are zero.
pub type IntBits = SmallVec<[u64; 2]>;

/// The structure of an attribute.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub enum AttrKind {
    /// `unit`
    Unit,
    /// `42 : i32`, `true` (an `i1` integer), `7 : index`.
    Integer { ty: Type, bits: IntBits },
    /// `1.0 : f32`: the value's bit pattern in `ty`'s format.
    Float { ty: Type, bits: u128 },
    /// `"text"` with an optional type (`"x" : i32`); bytes, since escapes may form any byte.
    String { value: Box<[u8]>, ty: Option<Type> },
    /// A type used as an attribute: `i32`, `tensor<4xf32>`.
    Type(Type),
    /// `[a, b, c]`
    Array(Box<[Attr]>),
    /// `{a = 1, b}`: entries sorted by name, names unique.
    Dictionary(Box<[(Ident, Attr)]>),
    /// `@root::@nested::@leaf`
    SymbolRef { root: Ident, nested: Box<[Ident]> },
    /// `affine_map<(d0) -> (d0)>`
    AffineMap(AffineMap),
    /// `affine_set<(d0) : (d0 >= 0)>`
    IntegerSet(IntegerSet),
    /// `array<i32: 1, 2>`: element bits per value (float bit patterns for float elements).
    DenseArray { elem: Type, values: Box<[u128]> },
    /// `dense<...> : T` over integers, floats, index or complex numbers.
    /// `data` holds each element's bits little-endian in `ceil(width / 8)` bytes (two such
    /// parts for a complex element); a splat stores one element.
    DenseElements { ty: Type, splat: bool, data: Box<[u8]> },
    /// `dense<"a", "b"> : tensor<2x!t>`: string elements; a splat stores one.
    DenseStrings { ty: Type, splat: bool, values: Box<[Box<[u8]>]> },
    /// `dense_resource<name> : T`
    DenseResource { ty: Type, handle: Box<str> },
    /// `sparse<indices, values> : T`: both parts dense elements attributes.
    Sparse { ty: Type, indices: Attr, values: Attr },
    /// `strided<[1, ?], offset: 4>`; dynamic values are [`crate::DYNAMIC`].
    StridedLayout { offset: i64, strides: Box<[i64]> },
    /// `distinct[3]<#attr>`
    Distinct { id: u64, referenced: Attr },
    /// An attribute of a dialect Mica does not model: `#dialect.body` or `#dialect<body>`,
    /// with an optional trailing `: type`.
    Opaque { dialect: Ident, body: Box<str>, ty: Option<Type> },
    /// An attribute of a registered dialect, `#dialect.mnemonic<...>`: its parameters, whose
    /// meaning and syntax belong to the dialect's parse/print hooks.
    Dialect { dialect: Ident, mnemonic: Ident, params: Box<[Attr]> },
    /// A location (`loc(...)` contents).
    Location(Location),
}

/// A source location; locations are attributes, as in MLIR.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub enum Location {
    /// `unknown`
    Unknown,
    /// `"file":line:col`, or a range `"file":l1:c1 to l2:c2` (end line defaults to start; a
    /// range may end where it starts and stays a different location from the plain position).
    FileLineCol { file: Ident, line: u32, col: u32, end: Option<(u32, u32)> },
    /// `"file":line`: a location with a line only (printed with column 0, yet a different
    /// location from `"file":line:0`).
    FileLine { file: Ident, line: u32 },
    /// `"name"` or `"name"(child)`
    Name { name: Ident, child: Option<Attr> },
    /// `callsite(callee at caller)`
    CallSite { callee: Attr, caller: Attr },
    /// `fused<metadata>[a, b]`
    Fused { locations: Box<[Attr]>, metadata: Option<Attr> },
}
