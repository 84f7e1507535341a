//! Text forms of native signatures: a C-like declaration for people and the
//! LLVM-dialect function header for comparison with `mlir-opt`.
//!
//! C-like form (designed for Mica): `RET NAME(TYPE PARAM, ...)` where `RET`
//! is `void` or a type, and types are written as
//!
//! * `iN` for integers and the MLIR spelling for floats (`f32`, `bf16`);
//! * `T*` for a pointer whose pointee is known (`f32*` for a memref's data,
//!   `struct {...}*` for a descriptor), `ptr` for an opaque pointer;
//! * `T[N]` for arrays and `struct {T, T, ...}` for structs.
//!
//! For example `func.func @f(memref<2x3xf32>) -> memref<2x3xf32>` with a C
//! interface gives
//! `void _mlir_ciface_f(struct {f32*, f32*, i64, i64[2], i64[2]}* res, struct {f32*, f32*, i64, i64[2], i64[2]}* arg0)`.
//!
//! LLVM form: `llvm.func @NAME(%arg0: T, ...) -> T`, with types as the LLVM
//! dialect prints them (`!llvm.ptr`, `!llvm.struct<(ptr, i64)>`, nested
//! types without the `!llvm.` prefix).

use std::fmt;

use crate::native::{NativeSignature, NativeType};

impl fmt::Display for NativeType {
    /// The C-like spelling.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NativeType::Int(w) => write!(f, "i{w}"),
            NativeType::Float(name) => f.write_str(name),
            NativeType::Ptr(None) => f.write_str("ptr"),
            NativeType::Ptr(Some(pointee)) => write!(f, "{pointee}*"),
            NativeType::Array(elem, n) => write!(f, "{elem}[{n}]"),
            NativeType::Struct(fields) => {
                f.write_str("struct {")?;
                for (i, field) in fields.iter().enumerate() {
                    if i > 0 {
                        f.write_str(", ")?;
                    }
                    write!(f, "{field}")?;
                }
                f.write_str("}")
            }
        }
    }
}

impl NativeType {
    /// The LLVM-dialect spelling; `nested` drops the `!llvm.` prefix as the
    /// LLVM dialect does inside its own types.
    pub fn to_llvm(&self, nested: bool) -> String {
        let prefix = if nested { "" } else { "!llvm." };
        match self {
            NativeType::Int(w) => format!("i{w}"),
            NativeType::Float(name) => name.clone(),
            NativeType::Ptr(_) => format!("{prefix}ptr"),
            NativeType::Array(elem, n) => format!("{prefix}array<{n} x {}>", elem.to_llvm(true)),
            NativeType::Struct(fields) => {
                let fields: Vec<String> = fields.iter().map(|t| t.to_llvm(true)).collect();
                format!("{prefix}struct<({})>", fields.join(", "))
            }
        }
    }
}

impl fmt::Display for NativeSignature {
    /// The C-like declaration.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.result {
            Some(t) => write!(f, "{t} ")?,
            None => f.write_str("void ")?,
        }
        write!(f, "{}(", self.name)?;
        for (i, p) in self.params.iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            write!(f, "{} {}", p.ty, p.name)?;
        }
        f.write_str(")")
    }
}

impl NativeSignature {
    /// The header `mlir-opt --convert-func-to-llvm` prints for this function,
    /// up to (not including) its attributes: `llvm.func @f(%arg0: i64) -> i32`.
    pub fn to_llvm_header(&self) -> String {
        let params: Vec<String> = self
            .params
            .iter()
            .enumerate()
            .map(|(i, p)| format!("%arg{i}: {}", p.ty.to_llvm(false)))
            .collect();
        let mut out = format!("llvm.func @{}({})", self.name, params.join(", "));
        if let Some(t) = &self.result {
            out.push_str(" -> ");
            out.push_str(&t.to_llvm(false));
        }
        out
    }
}
