//! The structured-op view and verifier shared by every linalg op with a payload region
//! (MLIR's `LinalgStructuredInterface`): inputs and outputs, the indexing maps of each op kind,
//! and the checks of `verifyStructuredOpInterface` — map count, symbols, domains, operand
//! ranks, static shapes against the loop ranges, and the region's block arguments.

use super::structured::block_arg_type;
use crate::ods::{spec_of, OpView};
use mica_affine::{AffineExpr, AffineMap};
use mica_ir::printer::type_string;
use mica_ir::{AttrKind, Body, Context, Op, Type, TypeKind, Value, DYNAMIC};

/// A structured op seen through its inputs and outputs.
pub struct Structured<'a> {
    /// The body holding the op.
    pub body: &'a Body,
    /// The op.
    pub op: Op,
    /// Its full name.
    pub name: &'a str,
    /// Its inputs (`ins`).
    pub inputs: Vec<Value>,
    /// Its outputs (`outs`, the inits).
    pub outputs: Vec<Value>,
}

impl<'a> Structured<'a> {
    /// The view of `op` if it is a linalg structured op (a linalg op whose region ends in
    /// `linalg.yield`, with an input and an output operand group).
    pub fn of(ctx: &'a Context, body: &'a Body, op: Op) -> Option<Self> {
        let name = ctx.str(body.op(op).name);
        let spec = ctx.registry().get(body.op(op).name).and_then(spec_of)?;
        if !name.starts_with("linalg.") || spec.implicit_terminator != Some("linalg.yield") || spec.operands.len() < 2 {
            return None;
        }
        let view = OpView::new(ctx, spec, body, op).ok()?;
        Some(Self { body, op, name, inputs: view.operand_group(0).to_vec(), outputs: view.operand_group(1).to_vec() })
    }

    /// The type of a value.
    pub fn ty(&self, v: Value) -> Type {
        self.body.value_type(v)
    }

    /// The indexing maps, one per input then output, if they can be computed.
    pub fn indexing_maps(&self, ctx: &Context) -> Option<Vec<AffineMap>> {
        let rank_of = |v: Value| super::structured::rank(ctx, self.ty(v));
        match self.name {
            "linalg.generic" => maps_attr(ctx, self.body, self.op),
            "linalg.map" => {
                let rank = rank_of(*self.outputs.first()?);
                Some(vec![AffineMap::identity(rank as u32); self.inputs.len() + self.outputs.len()])
            }
            "linalg.reduce" => {
                let rank = rank_of(*self.inputs.first()?) as u32;
                let dims = dense_i64_attr(ctx, self.body, self.op, "dimensions")?;
                let mut maps = vec![AffineMap::identity(rank); self.inputs.len()];
                let kept: Vec<AffineExpr> = (0..rank).filter(|d| !dims.contains(&(*d as i64))).map(AffineExpr::Dim).collect();
                maps.extend(std::iter::repeat_n(AffineMap::new(rank, 0, kept), self.outputs.len()));
                Some(maps)
            }
            "linalg.transpose" => {
                let rank = rank_of(*self.outputs.first()?) as u32;
                let perm = dense_i64_attr(ctx, self.body, self.op, "permutation")?;
                if !is_permutation(&perm, rank as usize) {
                    return None;
                }
                let mut inverse = vec![AffineExpr::Dim(0); perm.len()];
                for (i, p) in perm.iter().enumerate() {
                    inverse[*p as usize] = AffineExpr::Dim(i as u32);
                }
                Some(vec![AffineMap::new(rank, 0, inverse), AffineMap::identity(rank)])
            }
            "linalg.broadcast" => {
                let rank = rank_of(*self.outputs.first()?) as u32;
                let dims = dense_i64_attr(ctx, self.body, self.op, "dimensions")?;
                let kept: Vec<AffineExpr> = (0..rank).filter(|d| !dims.contains(&(*d as i64))).map(AffineExpr::Dim).collect();
                Some(vec![AffineMap::new(rank, 0, kept), AffineMap::identity(rank)])
            }
            _ => super::named::indexing_maps(ctx, self),
        }
    }

    /// The number of loops: the generic op's iterator count, else the maps' domain.
    pub fn num_loops(&self, ctx: &Context) -> usize {
        if self.name == "linalg.generic" {
            if let Some(AttrKind::Array(items)) = ctx.op_attr(self.body, self.op, "iterator_types").map(|a| ctx.attr_kind(a)) {
                return items.len();
            }
        }
        self.indexing_maps(ctx).and_then(|m| m.first().map(|m| m.num_dims as usize)).unwrap_or(0)
    }
}

/// Whether `perm` is a permutation of `0..rank`.
pub fn is_permutation(perm: &[i64], rank: usize) -> bool {
    let mut seen = vec![false; rank];
    perm.len() == rank && perm.iter().all(|&p| p >= 0 && (p as usize) < rank && !std::mem::replace(&mut seen[p as usize], true))
}

/// The affine maps of the `indexing_maps` attribute of an op.
pub fn maps_attr(ctx: &Context, body: &Body, op: Op) -> Option<Vec<AffineMap>> {
    let AttrKind::Array(items) = ctx.attr_kind(ctx.op_attr(body, op, "indexing_maps")?) else { return None };
    items
        .iter()
        .map(|a| match ctx.attr_kind(*a) {
            AttrKind::AffineMap(m) => Some(m.clone()),
            _ => None,
        })
        .collect()
}

/// The values of a dense i64 array attribute of an op.
pub fn dense_i64_attr(ctx: &Context, body: &Body, op: Op, name: &str) -> Option<Vec<i64>> {
    match ctx.attr_kind(ctx.op_attr(body, op, name)?) {
        AttrKind::DenseArray { values, .. } => Some(values.iter().map(|v| *v as i64).collect()),
        _ => None,
    }
}

/// MLIR's `verifyDestinationStyleOpInterface`: outputs are tensors or memrefs, one result per
/// tensor output, of its type.
pub fn dps(ctx: &Context, v: &OpView<'_>) -> Result<(), String> {
    let Some(s) = Structured::of(ctx, v.body, v.op) else { return Ok(()) };
    dps_outputs(ctx, v, s.inputs.len(), &s.outputs)
}

/// [`dps`] for an op whose outputs (inits) are `outputs`, after `num_inputs` other operands.
pub fn dps_outputs(ctx: &Context, v: &OpView<'_>, num_inputs: usize, outputs: &[Value]) -> Result<(), String> {
    let ty = |x: Value| v.body.value_type(x);
    let mut tensor_outputs = Vec::new();
    for (k, o) in outputs.iter().enumerate() {
        match ctx.type_kind(ty(*o)) {
            TypeKind::RankedTensor { .. } | TypeKind::UnrankedTensor { .. } => tensor_outputs.push((num_inputs + k, *o)),
            TypeKind::MemRef { .. } | TypeKind::UnrankedMemRef { .. } => {}
            _ => return Err(format!("expected that operand #{} is a tensor or a ranked memref", num_inputs + k)),
        }
    }
    let results = v.body.results(v.op);
    if results.len() != tensor_outputs.len() {
        return Err(format!(
            "expected the number of tensor results ({}) to be equal to the number of output tensors ({})",
            results.len(),
            tensor_outputs.len()
        ));
    }
    for ((n, o), r) in tensor_outputs.iter().zip(results) {
        let (ot, rt) = (ty(*o), v.ty(*r));
        if ot != rt {
            return Err(format!(
                "expected type of operand #{n} ('{}') to match type of corresponding result ('{}')",
                type_string(ctx, ot),
                type_string(ctx, rt)
            ));
        }
    }
    Ok(())
}

/// MLIR's `verifyStructuredOpInterface` for the op `v` views (run after the ops in its
/// region, as MLIR does).
pub fn structured(ctx: &Context, v: &OpView<'_>) -> Result<(), String> {
    let Some(s) = Structured::of(ctx, v.body, v.op) else { return Ok(()) };
    let operands: Vec<Value> = s.inputs.iter().chain(&s.outputs).copied().collect();
    let is_tensor = |t: Type| matches!(ctx.type_kind(t), TypeKind::RankedTensor { .. } | TypeKind::UnrankedTensor { .. });
    let is_memref = |t: Type| matches!(ctx.type_kind(t), TypeKind::MemRef { .. } | TypeKind::UnrankedMemRef { .. });
    let shaped: Vec<Type> = operands.iter().map(|o| s.ty(*o)).filter(|t| ctx.type_kind(*t).is_shaped()).collect();
    let pure_tensor = shaped.iter().all(|t| is_tensor(*t));
    let pure_buffer = shaped.iter().all(|t| is_memref(*t));
    if !pure_tensor && !pure_buffer {
        return Err("expected to have pure tensor or buffer semantics".into());
    }
    let Some(maps) = s.indexing_maps(ctx) else { return Ok(()) };
    if maps.len() != operands.len() {
        return Err(format!(
            "expected the number of indexing_map ({}) to be equal to the number of input/output operands ({})",
            maps.len(),
            operands.len()
        ));
    }
    let loops = s.num_loops(ctx);
    for (i, m) in maps.iter().enumerate() {
        if m.num_symbols != 0 {
            return Err(format!("unexpected symbols in indexing_map #{i}"));
        }
        let t = s.ty(operands[i]);
        let rank = super::structured::rank(ctx, t);
        if m.results.len() != rank {
            return Err(format!("expected operand #{i} rank ({rank}) to match the result rank of indexing_map ({})", m.results.len()));
        }
    }
    // Loop ranges from the first operand dimension each loop indexes directly (over the
    // concatenation of the maps, whose domain is the largest of theirs).
    let dims = maps.iter().map(|m| m.num_dims as usize).max().unwrap_or(0);
    let mut ranges: Vec<Option<i64>> = vec![None; dims];
    let mut covered = vec![false; dims];
    for (i, m) in maps.iter().enumerate() {
        let shape = ctx.type_kind(s.ty(operands[i])).shape().map(|x| x.to_vec()).unwrap_or_default();
        for (k, e) in m.results.iter().enumerate() {
            if let AffineExpr::Dim(d) = e {
                let d = *d as usize;
                if d < dims && !covered[d] {
                    covered[d] = true;
                    ranges[d] = shape.get(k).copied().filter(|x| *x != DYNAMIC);
                }
            }
        }
    }
    if covered.iter().any(|c| !c) {
        let all = AffineMap::new(dims as u32, 0, maps.iter().flat_map(|m| m.results.iter().cloned()).collect());
        return Err(format!("invalid indexing maps are non-invertible: ({all})"));
    }
    // With every loop range static, each operand dimension must hold the indices its
    // expression takes from the first to the last iteration.
    if let Some(ranges) = ranges.iter().copied().collect::<Option<Vec<i64>>>() {
        let first: Vec<AffineExpr> = vec![AffineExpr::constant(0); dims];
        let last: Vec<AffineExpr> = ranges.iter().map(|r| AffineExpr::constant(r - 1)).collect();
        for (i, m) in maps.iter().enumerate() {
            let shape = ctx.type_kind(s.ty(operands[i])).shape().map(|x| x.to_vec()).unwrap_or_default();
            for (k, e) in m.results.iter().enumerate() {
                let Some(&actual) = shape.get(k) else { continue };
                if actual == DYNAMIC || actual == 0 {
                    continue;
                }
                let at = |point: &[AffineExpr]| e.replace_dims_and_symbols(point, &[]).as_constant();
                let (Some(a), Some(b)) = (at(&first), at(&last)) else { continue };
                if a.min(b) < 0 {
                    return Err(format!("unexpected result less than 0 at expression #{k} in {m}"));
                }
                let inferred = a.max(b) + 1;
                if matches!(e, AffineExpr::Dim(_)) {
                    if inferred != actual {
                        return Err(format!("inferred input/output operand #{i} has shape's dimension #{k} to be {inferred}, but found {actual}"));
                    }
                } else if inferred > actual {
                    return Err(format!(
                        "inferred input/output operand #{i} has shape's dimension #{k} to be greater than or equal to {inferred}, but found {actual}"
                    ));
                }
            }
        }
    }
    for (i, m) in maps.iter().enumerate() {
        if m.num_dims as usize != loops {
            return Err(format!("expected indexing_map #{i} to have {loops} dim(s) to match the number of loops"));
        }
    }
    let (rb, regions) = v.body.op_regions(v.op);
    if regions.len() != 1 || rb.region_blocks(regions[0]).len() != 1 {
        return Err("expects to have 1 region with 1 block".into());
    }
    let block = rb.region_blocks(regions[0])[0];
    let args = rb.block_args(block);
    // A map's and a generic op's block sees every operand; the others too in MLIR 22.
    if args.len() != operands.len() {
        return Err("expected as many non-induction variable region arguments as the number of input/output operands".into());
    }
    for (i, (o, a)) in operands.iter().zip(args).enumerate() {
        let elem = block_arg_type(ctx, s.ty(*o));
        let at = rb.value_type(*a);
        if elem != at {
            return Err(format!(
                "expected type of bb argument #{i} ('{}') to match element or self type of the corresponding operand ('{}')",
                type_string(ctx, at),
                type_string(ctx, elem)
            ));
        }
    }
    // The contraction interface of the ops whose maps may be written, checked last.
    let contraction = matches!(s.name, "linalg.matmul" | "linalg.batch_matmul" | "linalg.batch_reduce_matmul");
    if contraction && !maps.iter().all(mica_affine::AffineMap::is_projected_permutation) {
        return Err(crate::ods::plain_error("expected indexing maps to be projected permutations"));
    }
    Ok(())
}
