//! Which SSA values an affine op may bind to a dimension or a symbol (MLIR's `isValidDim` and
//! `isValidSymbol`), relative to the op's affine scope: the nearest region held by an
//! `AffineScope` op. Every op that owns its own body (the IsolatedFromAbove ops: `func.func`,
//! `builtin.module`, ...) is taken as an affine scope; values cannot cross those bodies.

use crate::ods::constraints::is_index;
use crate::fold_util::value_i64;
use crate::memref::layout::memref_parts;
use crate::ods::{spec_of, OpView};
use mica_ir::{Body, Context, Op, Region, Traits, TypeKind, Value, ValueDef, DYNAMIC};

/// Deepest chain of pure ops followed when deciding whether a value is a symbol.
const MAX_DEPTH: u32 = 512;

/// The validity rules seen from one op.
pub(super) struct ValidityScope<'a> {
    ctx: &'a Context,
    body: &'a Body,
    scope: Option<Region>,
}

impl<'a> ValidityScope<'a> {
    /// The rules for the operands of `op` (MLIR's `getAffineScope(op)`).
    pub(super) fn of(ctx: &'a Context, body: &'a Body, op: Op) -> Self {
        Self { ctx, body, scope: body.op_block(op).and_then(|b| body.block_region(b)).map(|r| top_region(body, r)) }
    }

    /// The rules for an op placed in `region` (a region of `body`).
    pub(super) fn in_region(ctx: &'a Context, body: &'a Body, region: Region) -> Self {
        Self { ctx, body, scope: Some(top_region(body, region)) }
    }

    /// MLIR's `isValidDim(value, scope)`.
    pub(super) fn is_valid_dim(&self, v: Value) -> bool {
        self.valid_dim(v, 0)
    }

    /// MLIR's `isValidSymbol(value, scope)`.
    pub(super) fn is_valid_symbol(&self, v: Value) -> bool {
        self.valid_symbol(v, self.scope, 0)
    }

    fn valid_dim(&self, v: Value, depth: u32) -> bool {
        if !is_index(self.ctx, self.body.value_type(v)) || depth > MAX_DEPTH {
            return false;
        }
        if self.valid_symbol(v, self.scope, depth) {
            return true;
        }
        match self.body.value(v).def {
            ValueDef::Arg(..) => is_induction_var(self.ctx, self.body, v),
            ValueDef::Result(op, _) => match self.ctx.str(self.body.op(op).name) {
                "affine.apply" | "affine.delinearize_index" | "affine.linearize_index" => self.body.operands(op).all(|x| self.valid_dim(x, depth + 1)),
                "memref.dim" | "tensor.dim" => self.body.num_operands(op) > 0 && is_in_scope_root(self.body, self.body.operand(op, 0)),
                _ => false,
            },
        }
    }

    fn valid_symbol(&self, v: Value, region: Option<Region>, depth: u32) -> bool {
        if !is_index(self.ctx, self.body.value_type(v)) || depth > MAX_DEPTH {
            return false;
        }
        if region.is_some() && value_region(self.body, v) == region {
            return true;
        }
        if let ValueDef::Result(op, _) = self.body.value(v).def {
            let name = self.body.op(op).name;
            let traits = self.ctx.registry().traits(name);
            if traits.contains(Traits::CONSTANT_LIKE) {
                return true;
            }
            if traits.contains(Traits::PURE) && self.body.operands(op).all(|x| self.valid_symbol(x, region, depth + 1)) {
                return true;
            }
            if matches!(self.ctx.str(name), "memref.dim" | "tensor.dim") {
                return self.dim_op_valid_symbol(op, region, depth);
            }
        }
        // A value dominating the region's parent op, looked up in the enclosing region.
        let outer = region.and_then(|r| self.body.region_parent(r)).and_then(|p| self.body.op_block(p)).and_then(|b| self.body.block_region(b));
        match outer {
            Some(o) => self.valid_symbol(v, Some(o), depth + 1),
            None => false,
        }
    }
}

impl ValidityScope<'_> {
    /// MLIR's `isDimOpValidSymbol`: a `dim` of a value defined at the top of an affine scope,
    /// or of a constant index into an `alloc`, `view` or `subview` (behind any ranked
    /// `memref.cast`s) whose size there is static or a valid symbol.
    fn dim_op_valid_symbol(&self, dim: Op, region: Option<Region>, depth: u32) -> bool {
        let body = self.body;
        if body.num_operands(dim) < 2 {
            return false;
        }
        let source = body.operand(dim, 0);
        if is_in_scope_root(body, source) {
            return true;
        }
        let Some(index) = value_i64(self.ctx, body, body.operand(dim, 1)) else { return false };
        let ValueDef::Result(mut def, _) = body.value(source).def else { return false };
        while self.ctx.str(body.op(def).name) == "memref.cast" {
            let Some(&inner) = body.operand_values(def).first() else { return false };
            if matches!(self.ctx.type_kind(body.value_type(inner)), TypeKind::UnrankedMemRef { .. }) {
                return false;
            }
            let ValueDef::Result(d, _) = body.value(inner).def else { return false };
            def = d;
        }
        let sizes = match self.ctx.str(body.op(def).name) {
            "memref.alloc" | "memref.view" | "memref.subview" => self.dynamic_sizes(def),
            _ => return false,
        };
        let Some(&result) = body.results(def).first() else { return false };
        let Some(m) = memref_parts(self.ctx, body.value_type(result)) else { return false };
        let Some(i) = usize::try_from(index).ok().filter(|&i| i < m.shape.len()) else { return false };
        if m.shape[i] != DYNAMIC {
            return true;
        }
        let position = m.shape[..i].iter().filter(|&&d| d == DYNAMIC).count();
        sizes.get(position).is_some_and(|&s| self.valid_symbol(s, region, depth + 1))
    }

    /// The dynamic sizes of an `alloc`, `view` or `subview` (its `dynamicSizes` or `sizes`).
    fn dynamic_sizes(&self, op: Op) -> Vec<Value> {
        let Some(def) = self.ctx.registry().get(self.body.op(op).name) else { return Vec::new() };
        let Some(view) = spec_of(def).and_then(|s| OpView::new(self.ctx, s, self.body, op).ok()) else { return Vec::new() };
        match view.operands_named("dynamicSizes") {
            [] => view.operands_named("sizes").to_vec(),
            sizes => sizes.to_vec(),
        }
    }
}

/// The root region above `region` in its body.
fn top_region(body: &Body, mut region: Region) -> Region {
    while let Some(r) = body.region_parent(region).and_then(|p| body.op_block(p)).and_then(|b| body.block_region(b)) {
        region = r;
    }
    region
}

/// The region where `v` is defined.
fn value_region(body: &Body, v: Value) -> Option<Region> {
    match body.value(v).def {
        ValueDef::Arg(b, _) => body.block_region(b),
        ValueDef::Result(op, _) => body.op_block(op).and_then(|b| body.block_region(b)),
    }
}

/// Whether `v` is defined at the top of an affine scope (MLIR's `isTopLevelValue(value)`).
fn is_in_scope_root(body: &Body, v: Value) -> bool {
    value_region(body, v).is_some_and(|r| body.region_parent(r).is_none())
}

/// Whether `v` is the induction variable of an `affine.for` or one of an `affine.parallel`.
fn is_induction_var(ctx: &Context, body: &Body, v: Value) -> bool {
    let ValueDef::Arg(block, i) = body.value(v).def else { return false };
    let Some(parent) = body.block_region(block).and_then(|r| body.region_parent(r)) else { return false };
    match ctx.str(body.op(parent).name) {
        "affine.for" => i == 0,
        "affine.parallel" => true,
        _ => false,
    }
}

/// MLIR's `verifyDimAndSymbolIdentifiers`: the first `num_dims` operands must be valid
/// dimensions, the rest valid symbols.
pub(super) fn verify_dim_and_symbol_identifiers(ctx: &Context, v: &OpView<'_>, operands: &[Value], num_dims: u32) -> Result<(), String> {
    let scope = ValidityScope::of(ctx, v.body, v.op);
    for (k, &x) in operands.iter().enumerate() {
        if k < num_dims as usize {
            if !scope.is_valid_dim(x) {
                return Err("operand cannot be used as a dimension id".into());
            }
        } else if !scope.is_valid_symbol(x) {
            return Err("operand cannot be used as a symbol".into());
        }
    }
    Ok(())
}
