//! `ir-translate`'s translations. `--emit=abi` reports, for every public `func.func` of a
//! module, its IREE reflection JSON, its `sip` signature (when arguments or results carry index
//! paths), the flattened native signature and the `_mlir_ciface_` wrapper signature, using the
//! rules of `mica-abi`. `--sip-decode` / `--sip-encode` convert `sip` signatures.

use mica_abi::{AbiParam, AbiType, FunctionAbiReport, FunctionSignature, MICA_INDEX_PATH_ATTR, PathKey, StridedLayout, TF_INDEX_PATH_ATTR};
use mica_ir::{Attr, AttrKind, Body, Context, DYNAMIC, Op, Type, TypeKind};

/// The ABI model of an IR type.
pub fn abi_type(ctx: &Context, t: Type) -> AbiType {
    let dims = |shape: &[i64]| shape.iter().map(|d| if *d == DYNAMIC { None } else { Some(*d) }).collect::<Vec<_>>();
    match ctx.type_kind(t) {
        TypeKind::Integer { width, .. } => AbiType::Int(*width),
        TypeKind::Index => AbiType::Index,
        TypeKind::Float(k) => AbiType::Float(k.mlir_name().to_string()),
        TypeKind::RankedTensor { shape, elem, .. } => AbiType::Tensor { dims: dims(shape), elem: Box::new(abi_type(ctx, *elem)) },
        TypeKind::UnrankedTensor { elem } => AbiType::UnrankedTensor { elem: Box::new(abi_type(ctx, *elem)) },
        TypeKind::MemRef { shape, elem, layout, .. } => {
            let layout = layout.and_then(|l| match ctx.attr_kind(l) {
                AttrKind::StridedLayout { offset, strides } => Some(StridedLayout {
                    offset: (*offset != DYNAMIC).then_some(*offset),
                    strides: strides.iter().map(|s| (*s != DYNAMIC).then_some(*s)).collect(),
                }),
                _ => None,
            });
            AbiType::MemRef { dims: dims(shape), elem: Box::new(abi_type(ctx, *elem)), layout }
        }
        TypeKind::UnrankedMemRef { elem, .. } => AbiType::UnrankedMemRef { elem: Box::new(abi_type(ctx, *elem)) },
        TypeKind::Tuple(elems) => AbiType::Tuple(elems.iter().map(|e| abi_type(ctx, *e)).collect()),
        // IREE's `!util.list<T>` is a homogeneous list.
        TypeKind::Opaque { dialect, body } if ctx.str(*dialect) == "util" && body.starts_with("list<") && body.ends_with('>') => {
            match mica_parser::parse_type_str(ctx, &body[5..body.len() - 1]) {
                Ok(elem) => AbiType::List(Box::new(abi_type(ctx, elem))),
                Err(_) => AbiType::Opaque(mica_ir::printer::type_string(ctx, t)),
            }
        }
        _ => AbiType::Opaque(mica_ir::printer::type_string(ctx, t)),
    }
}

/// An index path from an `[0, "x"]`-style array attribute.
fn index_path(ctx: &Context, a: Attr) -> Option<Vec<PathKey>> {
    let AttrKind::Array(items) = ctx.attr_kind(a) else { return None };
    items
        .iter()
        .map(|i| match ctx.attr_kind(*i) {
            AttrKind::Integer { .. } => ctx.as_i64(*i).map(PathKey::Index),
            AttrKind::String { .. } => ctx.as_str(*i).map(|s| PathKey::Name(s.to_string())),
            _ => None,
        })
        .collect()
}

fn params(ctx: &Context, types: &[Type], attrs: Option<Attr>) -> Vec<AbiParam> {
    let dicts: Vec<Attr> = match attrs.map(|a| ctx.attr_kind(a)) {
        Some(AttrKind::Array(items)) => items.to_vec(),
        _ => Vec::new(),
    };
    types
        .iter()
        .enumerate()
        .map(|(i, t)| {
            let ty = abi_type(ctx, *t);
            let path = dicts.get(i).and_then(|d| {
                // Mica's own attribute wins over TensorFlow's when both are present.
                ctx.dict_get(*d, MICA_INDEX_PATH_ATTR).or_else(|| ctx.dict_get(*d, TF_INDEX_PATH_ATTR))
            });
            match path.and_then(|p| index_path(ctx, p)) {
                Some(p) => AbiParam::with_path(ty, p),
                None => AbiParam::new(ty),
            }
        })
        .collect()
}

/// The ABI signatures of the public functions directly inside `top`, in order.
pub fn public_signatures(ctx: &Context, body: &Body, top: Op) -> Vec<FunctionSignature> {
    let mut out = Vec::new();
    let (rb, regions) = body.op_regions(top);
    for &r in regions {
        for &b in rb.region_blocks(r) {
            for op in rb.block_ops(b) {
                if ctx.str(rb.op(op).name) != "func.func" {
                    continue;
                }
                let visibility = ctx.op_attr(rb, op, "sym_visibility").and_then(|a| ctx.as_str(a));
                if visibility.is_some_and(|v| v != "public") {
                    continue;
                }
                let name = ctx.op_attr(rb, op, "sym_name").and_then(|a| ctx.as_str(a)).unwrap_or("").to_string();
                let Some((ins, outs)) = ctx.op_attr(rb, op, "function_type").and_then(|a| ctx.as_type(a)).and_then(|t| ctx.function_signature(t))
                else {
                    continue;
                };
                out.push(FunctionSignature {
                    name,
                    args: params(ctx, ins, ctx.op_attr(rb, op, "arg_attrs")),
                    results: params(ctx, outs, ctx.op_attr(rb, op, "res_attrs")),
                });
            }
        }
    }
    out
}

/// The `--emit=abi` report of a module.
pub fn abi_report(ctx: &Context, body: &Body, top: Op) -> String {
    public_signatures(ctx, body, top).iter().map(|s| FunctionAbiReport::new(s).to_string()).collect::<Vec<_>>().join("\n")
}
