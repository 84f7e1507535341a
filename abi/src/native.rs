//! Native (machine-level) signatures: how MLIR's calling convention lowers a
//! function for the CPU, both the flattened form and the `_mlir_ciface_`
//! wrapper. This is the single source of these rules for Mica's code
//! generators.
//!
//! Facts followed (MLIR's `docs/TargetLLVMIR.md`, "Calling Conventions", and
//! the output of `mlir-opt --convert-func-to-llvm` of LLVM 22, which
//! `tests/all/native.rs` compares against):
//!
//! * integers and floats pass as themselves; `index` as `i64`;
//! * a ranked memref argument expands to `allocated, aligned, offset,
//!   sizes..., strides...` (see [`crate::memref`]); an unranked one to
//!   `rank: i64, descriptor: ptr`;
//! * a memref result is its descriptor struct; several results are packed
//!   into one struct; no result is `void`;
//! * `_mlir_ciface_<name>` takes each memref argument as a pointer to its
//!   descriptor struct, and when the result is a struct it returns `void` and
//!   takes a pointer to the result struct as a new first argument.
//!
//! Mica's additions: a tensor lowers as the memref it bufferizes to (same
//! descriptor; the layout never changes the descriptor's shape), and a list
//! or opaque type is an opaque reference passed as `ptr`. Tuples have no
//! native lowering.

use crate::memref::{DescriptorField, DescriptorLayout};
use crate::types::{AbiType, FunctionSignature};

/// Prefix of the C-interface wrapper's symbol.
pub const CIFACE_PREFIX: &str = "_mlir_ciface_";

/// A machine-level type.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum NativeType {
    /// An integer of the given width.
    Int(u32),
    /// A float by its MLIR spelling (`f32`, `bf16`, ...).
    Float(String),
    /// A pointer; the pointee is recorded when known (element or descriptor),
    /// `None` for an opaque pointer. LLVM itself only sees an opaque `ptr`.
    Ptr(Option<Box<NativeType>>),
    /// A fixed-length array.
    Array(Box<NativeType>, u64),
    /// A struct with natural C layout.
    Struct(Vec<NativeType>),
}

/// Where a native parameter's value comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ParamSource {
    /// Argument `arg` itself (a scalar or an opaque reference).
    Value {
        /// Source argument.
        arg: usize,
    },
    /// One field of ranked memref argument `arg`.
    Descriptor {
        /// Source argument.
        arg: usize,
        /// Which field.
        field: DescriptorField,
    },
    /// The rank of unranked memref argument `arg`.
    UnrankedRank {
        /// Source argument.
        arg: usize,
    },
    /// The descriptor pointer of unranked memref argument `arg`.
    UnrankedDescriptor {
        /// Source argument.
        arg: usize,
    },
    /// `_mlir_ciface_` only: pointer to the descriptor struct of memref
    /// argument `arg` (ranked or unranked).
    DescriptorPointer {
        /// Source argument.
        arg: usize,
    },
    /// `_mlir_ciface_` only: pointer to the struct receiving the results.
    ResultPointer,
}

/// One parameter of a native signature.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NativeParam {
    /// Descriptive name: `argI`, `argI_allocated`, `argI_size0`, `res`, ...
    pub name: String,
    /// Type.
    pub ty: NativeType,
    /// Origin.
    pub source: ParamSource,
}

/// A lowered function signature.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NativeSignature {
    /// Symbol name.
    pub name: String,
    /// Parameters in order.
    pub params: Vec<NativeParam>,
    /// Return type; `None` is `void`.
    pub result: Option<NativeType>,
}

/// A type with no native lowering.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{what} {index} of type {ty} has no native lowering: {reason}")]
pub struct NativeError {
    /// `"argument"` or `"result"`.
    pub what: &'static str,
    /// Its position.
    pub index: usize,
    /// The type, in MLIR syntax.
    pub ty: String,
    /// Why.
    pub reason: &'static str,
}

/// The descriptor struct of a ranked memref of `elem` and `rank`.
pub fn descriptor_type(elem: &NativeType, rank: u32) -> NativeType {
    let ptr = NativeType::Ptr(Some(Box::new(elem.clone())));
    let i64 = NativeType::Int(64);
    let mut fields = vec![ptr.clone(), ptr, i64.clone()];
    if rank > 0 {
        let array = NativeType::Array(Box::new(i64), u64::from(rank));
        fields.push(array.clone());
        fields.push(array);
    }
    NativeType::Struct(fields)
}

/// The struct of an unranked memref: `{i64 rank, ptr descriptor}`.
pub fn unranked_descriptor_type() -> NativeType {
    NativeType::Struct(vec![NativeType::Int(64), NativeType::Ptr(None)])
}

/// How one MLIR type crosses the boundary.
enum Lowered {
    /// A single value of this type.
    Single(NativeType),
    /// A ranked memref: element type and rank.
    Ranked(NativeType, u32),
    /// An unranked memref.
    Unranked,
}

fn lower_scalar(ty: &AbiType) -> Option<NativeType> {
    match ty {
        AbiType::Int(w) => Some(NativeType::Int(*w)),
        AbiType::Index => Some(NativeType::Int(64)),
        AbiType::Float(name) => Some(NativeType::Float(name.clone())),
        _ => None,
    }
}

fn lower(ty: &AbiType) -> Result<Lowered, &'static str> {
    const ELEMENT: &str = "memref elements must be integers, floats or index";
    match ty {
        AbiType::Int(_) | AbiType::Index | AbiType::Float(_) => {
            lower_scalar(ty).map(Lowered::Single).ok_or(ELEMENT)
        }
        AbiType::Tensor { dims, elem } | AbiType::MemRef { dims, elem, .. } => {
            let elem = lower_scalar(elem).ok_or(ELEMENT)?;
            let rank = u32::try_from(dims.len()).map_err(|_| "rank too large")?;
            Ok(Lowered::Ranked(elem, rank))
        }
        AbiType::UnrankedTensor { elem } | AbiType::UnrankedMemRef { elem } => {
            lower_scalar(elem).ok_or(ELEMENT).map(|_| Lowered::Unranked)
        }
        AbiType::List(_) | AbiType::Opaque(_) => Ok(Lowered::Single(NativeType::Ptr(None))),
        AbiType::Tuple(_) => Err("tuples are not lowered to native values"),
    }
}

fn lower_param(ty: &AbiType, what: &'static str, index: usize) -> Result<Lowered, NativeError> {
    lower(ty).map_err(|reason| NativeError {
        what,
        index,
        ty: ty.to_string(),
        reason,
    })
}

impl Lowered {
    /// The type of this value when returned (or pointed to by the wrapper).
    fn as_struct_or_value(&self) -> NativeType {
        match self {
            Lowered::Single(t) => t.clone(),
            Lowered::Ranked(elem, rank) => descriptor_type(elem, *rank),
            Lowered::Unranked => unranked_descriptor_type(),
        }
    }
}

/// The packed return type: `None`, the single result, or a struct of all.
fn lowered_result(function: &FunctionSignature) -> Result<Option<NativeType>, NativeError> {
    let mut types = function
        .results
        .iter()
        .enumerate()
        .map(|(i, p)| lower_param(&p.ty, "result", i).map(|l| l.as_struct_or_value()))
        .collect::<Result<Vec<_>, _>>()?;
    Ok(match types.len() {
        0 => None,
        1 => types.pop(),
        _ => Some(NativeType::Struct(types)),
    })
}

fn field_name(field: DescriptorField) -> String {
    match field {
        DescriptorField::Allocated => "allocated".to_string(),
        DescriptorField::Aligned => "aligned".to_string(),
        DescriptorField::Offset => "offset".to_string(),
        DescriptorField::Size(k) => format!("size{k}"),
        DescriptorField::Stride(k) => format!("stride{k}"),
    }
}

/// The flattened signature `mlir-opt --convert-func-to-llvm` gives the
/// function: memref arguments expanded field by field.
pub fn flattened_signature(function: &FunctionSignature) -> Result<NativeSignature, NativeError> {
    let mut params = Vec::new();
    for (arg, p) in function.args.iter().enumerate() {
        match lower_param(&p.ty, "argument", arg)? {
            Lowered::Single(ty) => params.push(NativeParam {
                name: format!("arg{arg}"),
                ty,
                source: ParamSource::Value { arg },
            }),
            Lowered::Ranked(elem, rank) => {
                for field in DescriptorLayout::new(rank).fields() {
                    let ty = match field {
                        DescriptorField::Allocated | DescriptorField::Aligned => {
                            NativeType::Ptr(Some(Box::new(elem.clone())))
                        }
                        _ => NativeType::Int(64),
                    };
                    let name = format!("arg{arg}_{}", field_name(field));
                    params.push(NativeParam {
                        name,
                        ty,
                        source: ParamSource::Descriptor { arg, field },
                    });
                }
            }
            Lowered::Unranked => {
                params.push(NativeParam {
                    name: format!("arg{arg}_rank"),
                    ty: NativeType::Int(64),
                    source: ParamSource::UnrankedRank { arg },
                });
                params.push(NativeParam {
                    name: format!("arg{arg}_descriptor"),
                    ty: NativeType::Ptr(None),
                    source: ParamSource::UnrankedDescriptor { arg },
                });
            }
        }
    }
    Ok(NativeSignature {
        name: function.name.clone(),
        params,
        result: lowered_result(function)?,
    })
}

/// The `_mlir_ciface_<name>` wrapper signature (what the
/// `llvm.emit_c_interface` attribute produces).
pub fn ciface_signature(function: &FunctionSignature) -> Result<NativeSignature, NativeError> {
    let mut params = Vec::new();
    let mut result = lowered_result(function)?;
    if let Some(s @ NativeType::Struct(_)) = &result {
        params.push(NativeParam {
            name: "res".to_string(),
            ty: NativeType::Ptr(Some(Box::new(s.clone()))),
            source: ParamSource::ResultPointer,
        });
        result = None;
    }
    for (arg, p) in function.args.iter().enumerate() {
        let name = format!("arg{arg}");
        params.push(match lower_param(&p.ty, "argument", arg)? {
            Lowered::Single(ty) => NativeParam {
                name,
                ty,
                source: ParamSource::Value { arg },
            },
            descriptor => NativeParam {
                name,
                ty: NativeType::Ptr(Some(Box::new(descriptor.as_struct_or_value()))),
                source: ParamSource::DescriptorPointer { arg },
            },
        });
    }
    Ok(NativeSignature {
        name: format!("{CIFACE_PREFIX}{}", function.name),
        params,
        result,
    })
}
