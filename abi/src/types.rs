//! The function-signature model every ABI rule in this crate works on.
//!
//! `mica-abi` depends on none of Mica's IR crates, so callers describe a
//! function with these small plain types: [`AbiType`] mirrors the MLIR types
//! that can cross a function boundary, and [`FunctionSignature`] carries the
//! argument and result types together with their per-value attributes (the
//! index paths that the `sip` mangling reads).

use std::fmt;

/// Name of the argument/result attribute TensorFlow's SavedModel importer used
/// to give each flattened value its place in the nested Python structure
/// (e.g. `tf_saved_model.index_path = [0, "x"]`).
pub const TF_INDEX_PATH_ATTR: &str = "tf_saved_model.index_path";

/// Name of Mica's own index-path attribute; same meaning and syntax as
/// [`TF_INDEX_PATH_ATTR`]. When a value carries both, Mica's wins.
pub const MICA_INDEX_PATH_ATTR: &str = "mica.index_path";

/// An MLIR type as far as the calling convention cares about it.
///
/// Dimensions use `None` for a dynamic size (`?`).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum AbiType {
    /// An integer type of the given bit width (`i1`, `i32`, `si8`, ...; signedness
    /// does not change the ABI).
    Int(u32),
    /// A floating-point type by its MLIR spelling: `f16`, `bf16`, `f32`, `f64`,
    /// `f80`, `f128`, `tf32`, `f8E4M3FN`, ...
    Float(String),
    /// MLIR's `index` type (64 bits on every host Mica targets).
    Index,
    /// A ranked tensor `tensor<2x?xf32>`.
    Tensor {
        /// Sizes, outermost first; `None` is a dynamic size.
        dims: Vec<Option<i64>>,
        /// Element type.
        elem: Box<AbiType>,
    },
    /// An unranked tensor `tensor<*xf32>`.
    UnrankedTensor {
        /// Element type.
        elem: Box<AbiType>,
    },
    /// A ranked memref `memref<2x?xf32>`, optionally with a strided layout.
    MemRef {
        /// Sizes, outermost first; `None` is a dynamic size.
        dims: Vec<Option<i64>>,
        /// Element type.
        elem: Box<AbiType>,
        /// `strided<[...], offset: ...>` layout; `None` is the identity layout.
        layout: Option<StridedLayout>,
    },
    /// An unranked memref `memref<*xf32>`.
    UnrankedMemRef {
        /// Element type.
        elem: Box<AbiType>,
    },
    /// A builtin `tuple<...>`.
    Tuple(Vec<AbiType>),
    /// A homogeneous list in the style of IREE's `!util.list<T>`.
    List(Box<AbiType>),
    /// Any other type, kept by its textual spelling (e.g. `!llvm.ptr`).
    Opaque(String),
}

/// The `strided<[s0, s1, ...], offset: o>` memref layout.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct StridedLayout {
    /// Offset in elements; `None` is dynamic.
    pub offset: Option<i64>,
    /// One stride per dimension, in elements; `None` is dynamic.
    pub strides: Vec<Option<i64>>,
}

impl AbiType {
    /// Shorthand for `Float(name)`.
    pub fn float(name: &str) -> AbiType {
        AbiType::Float(name.to_string())
    }

    /// Shorthand for a ranked tensor.
    pub fn tensor(dims: &[Option<i64>], elem: AbiType) -> AbiType {
        AbiType::Tensor {
            dims: dims.to_vec(),
            elem: Box::new(elem),
        }
    }

    /// Shorthand for a ranked memref with the identity layout.
    pub fn memref(dims: &[Option<i64>], elem: AbiType) -> AbiType {
        AbiType::MemRef {
            dims: dims.to_vec(),
            elem: Box::new(elem),
            layout: None,
        }
    }
}

fn write_dims(f: &mut fmt::Formatter<'_>, dims: &[Option<i64>]) -> fmt::Result {
    for d in dims {
        match d {
            Some(n) => write!(f, "{n}x")?,
            None => f.write_str("?x")?,
        }
    }
    Ok(())
}

fn write_opt(f: &mut fmt::Formatter<'_>, v: Option<i64>) -> fmt::Result {
    match v {
        Some(n) => write!(f, "{n}"),
        None => f.write_str("?"),
    }
}

/// Prints the type in MLIR syntax (lists print as `!util.list<T>`).
impl fmt::Display for AbiType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AbiType::Int(w) => write!(f, "i{w}"),
            AbiType::Float(name) => f.write_str(name),
            AbiType::Index => f.write_str("index"),
            AbiType::Tensor { dims, elem } => {
                f.write_str("tensor<")?;
                write_dims(f, dims)?;
                write!(f, "{elem}>")
            }
            AbiType::UnrankedTensor { elem } => write!(f, "tensor<*x{elem}>"),
            AbiType::MemRef { dims, elem, layout } => {
                f.write_str("memref<")?;
                write_dims(f, dims)?;
                write!(f, "{elem}")?;
                if let Some(layout) = layout {
                    f.write_str(", strided<[")?;
                    for (i, s) in layout.strides.iter().enumerate() {
                        if i > 0 {
                            f.write_str(", ")?;
                        }
                        write_opt(f, *s)?;
                    }
                    f.write_str("], offset: ")?;
                    write_opt(f, layout.offset)?;
                    f.write_str(">")?;
                }
                f.write_str(">")
            }
            AbiType::UnrankedMemRef { elem } => write!(f, "memref<*x{elem}>"),
            AbiType::Tuple(elems) => {
                f.write_str("tuple<")?;
                for (i, e) in elems.iter().enumerate() {
                    if i > 0 {
                        f.write_str(", ")?;
                    }
                    write!(f, "{e}")?;
                }
                f.write_str(">")
            }
            AbiType::List(elem) => write!(f, "!util.list<{elem}>"),
            AbiType::Opaque(text) => f.write_str(text),
        }
    }
}

/// One key of an index path: an integer selects a position of a sequence, a
/// string selects a slot of a dict.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum PathKey {
    /// Sequence position (the attribute holds an integer; negative values are
    /// rejected by the mangler).
    Index(i64),
    /// Dict key.
    Name(String),
}

impl fmt::Display for PathKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PathKey::Index(i) => write!(f, "{i}"),
            PathKey::Name(s) => f.write_str(&crate::json_text::quote(s)),
        }
    }
}

/// Renders an index path as in its MLIR attribute, e.g. `[0, "x"]`.
pub fn path_to_string(path: &[PathKey]) -> String {
    let items: Vec<String> = path.iter().map(PathKey::to_string).collect();
    format!("[{}]", items.join(", "))
}

/// One function argument or result.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AbiParam {
    /// Its type.
    pub ty: AbiType,
    /// Its index path (from [`MICA_INDEX_PATH_ATTR`] or [`TF_INDEX_PATH_ATTR`]),
    /// if it has one.
    pub index_path: Option<Vec<PathKey>>,
}

impl AbiParam {
    /// A parameter without an index path.
    pub fn new(ty: AbiType) -> AbiParam {
        AbiParam {
            ty,
            index_path: None,
        }
    }

    /// A parameter with an index path.
    pub fn with_path(ty: AbiType, path: Vec<PathKey>) -> AbiParam {
        AbiParam {
            ty,
            index_path: Some(path),
        }
    }
}

/// A function's name, arguments and results.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FunctionSignature {
    /// Symbol name without the `@`.
    pub name: String,
    /// Arguments in order.
    pub args: Vec<AbiParam>,
    /// Results in order.
    pub results: Vec<AbiParam>,
}

impl FunctionSignature {
    /// A signature whose parameters carry no index paths.
    pub fn new(name: &str, args: Vec<AbiType>, results: Vec<AbiType>) -> FunctionSignature {
        FunctionSignature {
            name: name.to_string(),
            args: args.into_iter().map(AbiParam::new).collect(),
            results: results.into_iter().map(AbiParam::new).collect(),
        }
    }
}
