//! The fold of `affine.if`, as MLIR 22's (`canonicalizeSetAndOperands`), done in place: dims
//! bound to valid symbols become symbols (after the others), symbols bound to values that are
//! only valid dims become dims, unused dims and symbols go, repeated operands share one
//! position, and symbols bound to constants become those constants in the set. (MLIR first
//! composes `affine.apply` operands into the set; an `affine.if` with such an operand is left
//! alone here.)

use super::validity::ValidityScope;
use crate::fold_util::value_sint;
use mica_affine::{AffineExpr, IntegerSet};
use mica_ir::registry::FoldResult;
use mica_ir::{Attr, AttrKind, Body, Context, Op, Value, ValueDef};

/// The set with every constraint's dims and symbols replaced.
fn replace(set: &IntegerSet, dims: &[AffineExpr], syms: &[AffineExpr], num_dims: u32, num_syms: u32) -> IntegerSet {
    let constraints = set.constraints.iter().map(|(e, eq)| (e.replace_dims_and_symbols(dims, syms), *eq)).collect();
    IntegerSet::new(num_dims, num_syms, constraints)
}

/// New positions for the inputs of one kind bound to `operands`: an unused input becomes 0,
/// one bound to a constant (as `constant` tells) that constant, one repeating an earlier
/// operand that operand's position, any other the next position (`make`), its operand pushed
/// on `kept`. Returns the replacements and how many positions there are.
fn compact(
    operands: &[Value],
    used: impl Fn(usize) -> bool,
    make: fn(u32) -> AffineExpr,
    constant: impl Fn(Value) -> Option<i64>,
    kept: &mut Vec<Value>,
) -> (Vec<AffineExpr>, u32) {
    let mut map = vec![AffineExpr::constant(0); operands.len()];
    let mut seen: Vec<(Value, AffineExpr)> = Vec::new();
    for (i, slot) in map.iter_mut().enumerate() {
        if !used(i) {
            continue;
        }
        let v = operands[i];
        if let Some(c) = constant(v) {
            *slot = AffineExpr::constant(c);
            continue;
        }
        match seen.iter().find(|(x, _)| *x == v) {
            Some((_, e)) => *slot = e.clone(),
            None => {
                *slot = make(seen.len() as u32);
                kept.push(v);
                seen.push((v, slot.clone()));
            }
        }
    }
    (map, seen.len() as u32)
}

/// MLIR's `canonicalizeSetAndOperands`.
fn canonicalize(ctx: &Context, body: &Body, op: Op, set: &IntegerSet, operands: &[Value]) -> (IntegerSet, Vec<Value>) {
    let scope = ValidityScope::of(ctx, body, op);
    let mut set = set.clone();
    let mut operands = operands.to_vec();
    // Dims bound to valid symbols become symbols.
    let (nd, ns) = (set.num_dims as usize, set.num_symbols as usize);
    let mut dims = Vec::with_capacity(nd);
    let mut kept = Vec::new();
    let mut promoted = Vec::new();
    let mut next_dim = 0;
    for &v in &operands[..nd] {
        if scope.is_valid_symbol(v) {
            dims.push(AffineExpr::symbol((ns + promoted.len()) as u32));
            promoted.push(v);
        } else {
            dims.push(AffineExpr::dim(next_dim));
            next_dim += 1;
            kept.push(v);
        }
    }
    kept.extend_from_slice(&operands[nd..]);
    kept.extend(promoted.iter().copied());
    let num_syms = (ns + promoted.len()) as u32;
    set = replace(&set, &dims, &[], next_dim, num_syms);
    operands = kept;
    // Symbols bound to values that are valid dims but not valid symbols become dims.
    let (nd, ns) = (set.num_dims as usize, set.num_symbols as usize);
    let mut syms = Vec::with_capacity(ns);
    let mut demoted = Vec::new();
    let mut rest = Vec::new();
    for &v in &operands[nd..] {
        if scope.is_valid_dim(v) && !scope.is_valid_symbol(v) {
            syms.push(AffineExpr::dim((nd + demoted.len()) as u32));
            demoted.push(v);
        } else {
            syms.push(AffineExpr::symbol(rest.len() as u32));
            rest.push(v);
        }
    }
    let mut reordered = operands[..nd].to_vec();
    reordered.extend(demoted.iter().copied());
    reordered.extend(rest.iter().copied());
    set = replace(&set, &[], &syms, (nd + demoted.len()) as u32, rest.len() as u32);
    operands = reordered;
    // Unused inputs go, repeated operands share a position, constant symbols fold in.
    let nd = set.num_dims as usize;
    let used_dim = |i: usize| set.constraints.iter().any(|(e, _)| e.is_function_of_dim(i as u32));
    let used_sym = |i: usize| set.constraints.iter().any(|(e, _)| e.is_function_of_symbol(i as u32));
    let mut result = Vec::new();
    let (dim_map, next) = compact(&operands[..nd], used_dim, AffineExpr::dim, |_| None, &mut result);
    let (sym_map, next_sym) = compact(&operands[nd..], used_sym, AffineExpr::symbol, |v| value_sint(ctx, body, v).and_then(|c| i64::try_from(c).ok()), &mut result);
    (replace(&set, &dim_map, &sym_map, next, next_sym), result)
}

/// The fold.
pub(crate) fn fold_if(ctx: &Context, body: &mut Body, op: Op, _: &[Option<Attr>]) -> Option<FoldResult> {
    let attr = ctx.op_attr(body, op, "condition")?;
    let AttrKind::IntegerSet(set) = ctx.attr_kind(attr) else { return None };
    let operands: Vec<Value> = body.operands(op).collect();
    if operands.is_empty() || operands.len() != set.num_inputs() as usize {
        return None;
    }
    let from_apply = |v: &Value| matches!(body.value(*v).def, ValueDef::Result(d, _) if ctx.str(body.op(d).name) == "affine.apply");
    if operands.iter().any(from_apply) {
        return None;
    }
    let (new_set, new_operands) = canonicalize(ctx, body, op, set, &operands);
    if new_set == *set && new_operands == operands {
        return None;
    }
    let new_attr = ctx.attr(AttrKind::IntegerSet(new_set));
    let id = ctx.ident("condition");
    let mut entries: Vec<_> = body.op(op).properties().map(|p| ctx.dict_entries(p).to_vec()).unwrap_or_default();
    match entries.iter_mut().find(|e| e.0 == id) {
        Some(e) => e.1 = new_attr,
        None => entries.push((id, new_attr)),
    }
    body.op_mut(op).set_properties(Some(ctx.dict_attr(entries)));
    body.set_operands(op, &new_operands);
    Some(FoldResult::InPlace)
}
