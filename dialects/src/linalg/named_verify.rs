//! The op-level checks of linalg's named ops, which MLIR runs before the destination-style and
//! structured-op interfaces (those two verify after the region): `fill`'s scalar value of the
//! output's element type, the user-written indexing maps of `matmul`, `batch_matmul` and
//! `batch_reduce_matmul` (broadcasts and transposes they may express), and `contract`'s maps.

use super::named::default_maps_of;
use super::structured::rank;
use super::verify::{dps, maps_attr};
use crate::ods::constraints::element_or_self;
use crate::ods::{plain_error, OpView};
use mica_affine::{AffineExpr, AffineMap};
use mica_ir::printer::type_string;
use mica_ir::{Context, Type};

/// The verifier of every named op: its own checks, then the destination-style ones.
pub fn verify(ctx: &Context, v: &OpView<'_>) -> Result<(), String> {
    match v.spec.name {
        "linalg.fill" => fill(ctx, v)?,
        "linalg.matmul" => matmul(ctx, v)?,
        "linalg.batch_matmul" | "linalg.batch_reduce_matmul" => batch_matmul(ctx, v)?,
        "linalg.contract" => contract(ctx, v)?,
        _ => {}
    }
    dps(ctx, v)
}

/// MLIR's `FillOpInterface` check, then `FillOp::verify`.
fn fill(ctx: &Context, v: &OpView<'_>) -> Result<(), String> {
    let (ins, outs) = (v.operand_group(0), v.operand_group(1));
    let ([value], [out]) = (ins, outs) else {
        return Err(plain_error("expected op with 1 input and 1 output"));
    };
    let value_ty = v.ty(*value);
    if ctx.type_kind(value_ty).is_shaped() {
        return Err(plain_error("expected op with scalar input"));
    }
    let elem = element_or_self(ctx, v.ty(*out));
    if value_ty != elem {
        return Err(format!(
            "expected fill value type ('{}') to match output element type ('{}')",
            type_string(ctx, value_ty),
            type_string(ctx, elem)
        ));
    }
    Ok(())
}

/// The written maps and the op's default ones, when they differ (MLIR's `hasUserDefinedMaps`).
fn user_maps(ctx: &Context, v: &OpView<'_>) -> Option<(Vec<AffineMap>, Vec<AffineMap>)> {
    let maps = maps_attr(ctx, v.body, v.op)?;
    let (ins, outs) = (v.operand_group(0), v.operand_group(1));
    let out_rank = outs.first().map_or(0, |o| rank(ctx, v.ty(*o)));
    let defaults = default_maps_of(v.spec.name, ins.len() + outs.len(), out_rank)?;
    (maps != defaults).then_some((maps, defaults))
}

/// Whether every result of `map` is among the results of `default`.
fn results_within(map: &AffineMap, default: &AffineMap) -> bool {
    map.results.iter().all(|r| default.results.contains(r))
}

/// `matmul`'s written maps for A and B: results from the default ones, and a broadcast (fewer
/// results) only of the reduction dimension.
fn matmul(ctx: &Context, v: &OpView<'_>) -> Result<(), String> {
    let Some((maps, defaults)) = user_maps(ctx, v) else { return Ok(()) };
    for (map, default) in maps.iter().zip(&defaults).take(2) {
        if !results_within(map, default) {
            return Err("Unexpected dim expression in map result.".into());
        }
        if map.results.len() < default.results.len() {
            let reduction = map.num_dims.saturating_sub(1);
            if !map.results.first().is_some_and(|e| e.is_function_of_dim(reduction)) {
                return Err("Invalid broadcast requested, should be (d2).".into());
            }
        }
    }
    Ok(())
}

/// The positions of the loops of the batch matmuls.
const BATCH: u32 = 0;
const M: u32 = 1;
const N: u32 = 2;
const K: u32 = 3;

/// Whether a broadcast map (fewer results than the default) of a batch matmul's A
/// (`is_lhs`) or B is one the op supports.
fn valid_batch_broadcast(map: &AffineMap, is_lhs: bool) -> bool {
    match &map.results[..] {
        [e] => e.is_function_of_dim(K),
        [e0, e1] if is_lhs => (e0.is_function_of_dim(BATCH) || e0.is_function_of_dim(M)) && e1.is_function_of_dim(K),
        [e0, e1] => (e0.is_function_of_dim(BATCH) && e1.is_function_of_dim(K)) || (e0.is_function_of_dim(K) && e1.is_function_of_dim(N)),
        _ => false,
    }
}

/// `batch_matmul`'s and `batch_reduce_matmul`'s written maps, operand by operand: three maps;
/// the inputs' results from the defaults, at most three, a supported broadcast or the batch
/// dimension first; the output's results the op's own.
fn batch_matmul(ctx: &Context, v: &OpView<'_>) -> Result<(), String> {
    let Some((maps, defaults)) = user_maps(ctx, v) else { return Ok(()) };
    let reduces = v.spec.name == "linalg.batch_reduce_matmul";
    if maps.len() != 3 || defaults.len() != 3 {
        return Err("Indexing_map attribute must have 3 affine maps.".into());
    }
    for (i, (map, default)) in maps.iter().zip(&defaults).take(2).enumerate() {
        if !results_within(map, default) {
            return Err("Unexpected result dim expression (outside the set of default result dims).".into());
        }
        if map.results.len() > 3 {
            return Err("no. of result dim expressions exceeds 3.".into());
        }
        if map.results.len() < default.results.len() {
            if !valid_batch_broadcast(map, i == 0) {
                return Err("Invalid broadcast requested.".into());
            }
        } else if !map.results.first().is_some_and(|e| e.is_function_of_dim(BATCH)) {
            return Err("Invalid batch dimension expression.".into());
        }
    }
    let out = &maps[2];
    let expected: &[u32] = if reduces { &[M, N] } else { &[BATCH, M, N] };
    if out.results.len() != expected.len() {
        return Err(format!("expects {} dims, but got ({}).", expected.len(), out.results.len()));
    }
    if !out.results.iter().zip(expected).all(|(e, d)| e.is_function_of_dim(*d)) {
        return Err("Invalid output map result dimension.".into());
    }
    Ok(())
}

/// `ContractOp::verify`: each map a projected permutation of the operand's rank over one
/// iteration space, every dimension used, each either contracting (both inputs, not the
/// output) or parallel (the output and any inputs), and at least one contracting.
fn contract(ctx: &Context, v: &OpView<'_>) -> Result<(), String> {
    let maps = maps_attr(ctx, v.body, v.op).unwrap_or_default();
    let operands: Vec<Type> = v.operand_group(0).iter().chain(v.operand_group(1)).map(|o| v.ty(*o)).collect();
    let mut dims: Option<u32> = None;
    let (mut in_uses, mut out_uses) = (Vec::new(), Vec::new());
    for ((map, ty), is_input) in maps.iter().zip(&operands).zip([true, true, false]) {
        if !map.is_projected_permutation() {
            return Err(plain_error("provided affine_map is not a projected permutation"));
        }
        match ctx.type_kind(*ty).shape() {
            Some(shape) if map.results.len() != shape.len() => {
                return Err(plain_error("ranks of shaped operand and results of corresponding affine_map differ"));
            }
            None if !ctx.type_kind(*ty).is_shaped() && !map.results.is_empty() => {
                return Err(plain_error("affine_map specifies shaped access while operand has non-shaped type"));
            }
            _ => {}
        }
        match dims {
            None => {
                dims = Some(map.num_dims);
                in_uses = vec![0usize; map.num_dims as usize];
                out_uses = vec![0usize; map.num_dims as usize];
            }
            Some(n) if n != map.num_dims => return Err(plain_error("iteration spaces of provided affine_maps differ")),
            Some(_) => {}
        }
        for r in &map.results {
            if let AffineExpr::Dim(d) = r {
                let uses = if is_input { &mut in_uses } else { &mut out_uses };
                if let Some(u) = uses.get_mut(*d as usize) {
                    *u += 1;
                }
            }
        }
    }
    let mut contracting = false;
    for (d, (i, o)) in in_uses.iter().zip(&out_uses).enumerate() {
        contracting |= *i == 2 && *o == 0;
        if *i == 0 && *o == 0 {
            return Err(plain_error(format!("iteration space dim at index {d} not used to access any operand")));
        }
        if *i == 1 && *o != 1 {
            return Err(plain_error(format!("iteration space dim at index {d} is neither a contracting dim nor of parallel iteration type")));
        }
    }
    if !contracting {
        return Err(plain_error("'indexing_maps' do not specify a contracting dimension"));
    }
    Ok(())
}
