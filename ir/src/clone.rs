//! Cloning operations with their regions, within one [`Body`] or from one body into another
//! (inlining copies a callee's body, which is the callee's own `Body`, into the caller's).
//!
//! A clone is made in two steps, as MLIR's `Region::cloneInto` does: first a copy of the
//! source (names, attributes, types, the structure of regions and blocks) is taken, which lets
//! source and destination be the same body; then the copy is rebuilt in the destination, blocks
//! and results before operands, so that an operand may read a value defined later in region
//! order (a block that dominates without coming first). An [`IrMap`] maps source values and
//! blocks to their copies; values it does not map are read as they are, which is right for
//! values from above the cloned op in the same body. Bodies of IsolatedFromAbove ops nested in
//! a clone are self-contained and copied whole.

use crate::body::{Block, Body, Op, OperationState, Region, Value};
use crate::{Attr, Ident, Type};
use rustc_hash::FxHashMap;
use smallvec::SmallVec;

/// Where cloned values and blocks went: source value (block) → its copy.
#[derive(Clone, Debug, Default)]
pub struct IrMap {
    values: FxHashMap<Value, Value>,
    blocks: FxHashMap<Block, Block>,
}

impl IrMap {
    /// An empty map.
    pub fn new() -> Self {
        Self::default()
    }

    /// Maps `from` to `to`.
    pub fn map_value(&mut self, from: Value, to: Value) {
        self.values.insert(from, to);
    }

    /// What `v` maps to, if anything.
    pub fn value(&self, v: Value) -> Option<Value> {
        self.values.get(&v).copied()
    }

    /// What `v` maps to, or `v` itself.
    pub fn value_or_same(&self, v: Value) -> Value {
        self.value(v).unwrap_or(v)
    }

    /// What block `b` maps to, if anything.
    pub fn block(&self, b: Block) -> Option<Block> {
        self.blocks.get(&b).copied()
    }
}

/// An op as taken from its body.
struct OpCopy {
    name: Ident,
    operands: SmallVec<[Value; 3]>,
    successors: SmallVec<[Block; 2]>,
    results: SmallVec<[(Value, Type); 1]>,
    properties: Option<Attr>,
    attrs: Attr,
    loc: Attr,
    regions: Vec<RegionCopy>,
    nested: Option<Box<Body>>,
}

struct RegionCopy {
    blocks: Vec<BlockCopy>,
}

struct BlockCopy {
    block: Block,
    args: Vec<(Value, Type, Option<Attr>)>,
    ops: Vec<OpCopy>,
}

fn copy_op(body: &Body, op: Op) -> OpCopy {
    let d = body.op(op);
    OpCopy {
        name: d.name,
        operands: body.operands(op).collect(),
        successors: body.successors(op).into(),
        results: body.results(op).iter().map(|v| (*v, body.value_type(*v))).collect(),
        properties: d.properties(),
        attrs: d.attrs,
        loc: d.loc,
        regions: body.local_regions(op).iter().map(|r| copy_region(body, *r)).collect(),
        nested: body.nested(op).map(|n| Box::new(n.clone())),
    }
}

fn copy_region(body: &Body, region: Region) -> RegionCopy {
    RegionCopy {
        blocks: body
            .region_blocks(region)
            .iter()
            .map(|&b| BlockCopy {
                block: b,
                args: body.block_args(b).iter().map(|&a| (a, body.value_type(a), body.value(a).loc)).collect(),
                ops: body.block_ops(b).map(|o| copy_op(body, o)).collect(),
            })
            .collect(),
    }
}

/// The rebuilding of a copy: ops still waiting for their operands.
struct Builder<'a> {
    dst: &'a mut Body,
    map: &'a mut IrMap,
    pending: Vec<(Op, SmallVec<[Value; 3]>)>,
}

impl Builder<'_> {
    /// Creates the blocks of `copy` in `region` from position `at`, maps them and their
    /// arguments, then builds their ops.
    fn region(&mut self, copy: RegionCopy, region: Region, at: usize) -> Vec<Block> {
        let mut made = Vec::with_capacity(copy.blocks.len());
        for (i, b) in copy.blocks.iter().enumerate() {
            let nb = self.dst.new_block_at(region, at + i);
            // Arguments already mapped (an inlined entry block's) get no copy.
            for &(v, ty, loc) in &b.args {
                if self.map.value(v).is_none() {
                    let na = self.dst.add_block_arg(nb, ty, loc);
                    self.map.map_value(v, na);
                }
            }
            self.map.blocks.insert(b.block, nb);
            made.push(nb);
        }
        for (b, &nb) in copy.blocks.into_iter().zip(&made) {
            for op in b.ops {
                let new = self.op(op);
                self.dst.append_op(nb, new);
            }
        }
        made
    }

    fn op(&mut self, copy: OpCopy) -> Op {
        let mut state = OperationState::new(copy.name, copy.attrs, copy.loc);
        state.properties = copy.properties;
        state.result_types = copy.results.iter().map(|r| r.1).collect();
        state.successors = copy.successors.iter().map(|b| self.map.block(*b).unwrap_or(*b)).collect();
        let mut regions = Vec::with_capacity(copy.regions.len());
        for rc in copy.regions {
            let r = self.dst.new_region();
            self.region(rc, r, 0);
            regions.push(r);
        }
        state.regions = regions.into_iter().collect();
        state.nested = copy.nested;
        let op = self.dst.create_op(state);
        for (&(old, _), &new) in copy.results.iter().zip(self.dst.results(op)) {
            self.map.map_value(old, new);
        }
        self.pending.push((op, copy.operands));
        op
    }

    fn finish(self) {
        for (op, operands) in self.pending {
            for v in operands {
                let mapped = self.map.value_or_same(v);
                self.dst.push_operand(op, mapped);
            }
        }
    }
}

/// Clones `op` of `src` with its regions into `dst` (the same body or another), not placed
/// in any block. Its results and everything inside it are added to `map`.
pub fn clone_op(src: &Body, op: Op, dst: &mut Body, map: &mut IrMap) -> Op {
    let copy = copy_op(src, op);
    let mut b = Builder { dst, map, pending: Vec::new() };
    let new = b.op(copy);
    b.finish();
    new
}

/// Clones `op` (with its regions) within its own body, not placed in any block.
pub fn clone_op_within(body: &mut Body, op: Op, map: &mut IrMap) -> Op {
    let copy = copy_op(body, op);
    let mut b = Builder { dst: body, map, pending: Vec::new() };
    let new = b.op(copy);
    b.finish();
    new
}

/// Clones every block of `src_region` (a region of `src`) into `dst_region` of `dst`, from
/// position `at` of its block list; returns the new blocks in order. Block arguments, results
/// and blocks are added to `map`; block arguments `map` already maps get no copy (as for an
/// inlined entry block, whose arguments become the call operands).
pub fn clone_region_into(src: &Body, src_region: Region, dst: &mut Body, dst_region: Region, at: usize, map: &mut IrMap) -> Vec<Block> {
    let copy = copy_region(src, src_region);
    let mut b = Builder { dst, map, pending: Vec::new() };
    let blocks = b.region(copy, dst_region, at);
    b.finish();
    blocks
}

/// Clones every block of `src_region` into `dst_region`, both regions of `body`, from position
/// `at` of its block list (see [`clone_region_into`]).
pub fn clone_region_within(body: &mut Body, src_region: Region, dst_region: Region, at: usize, map: &mut IrMap) -> Vec<Block> {
    let copy = copy_region(body, src_region);
    let mut b = Builder { dst: body, map, pending: Vec::new() };
    let blocks = b.region(copy, dst_region, at);
    b.finish();
    blocks
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Context;

    /// `t.wrap` holding one block with an argument, a `t.use` of an outer value and of a value
    /// defined after it (in a graph-like order), and `t.def`.
    fn sample(ctx: &Context) -> (Body, Op, Value) {
        let i32t = ctx.int_type(32);
        let mut body = Body::new();
        let top = body.new_region();
        let tb = body.append_block(top);
        let outer = body.add_block_arg(tb, i32t, None);
        let r = body.new_region();
        let b = body.append_block(r);
        let arg = body.add_block_arg(b, i32t, Some(ctx.unknown_loc()));
        let mut def = OperationState::new(ctx.ident("t.def"), ctx.empty_dict(), ctx.unknown_loc());
        def.result_types.push(i32t);
        let def = body.create_op(def);
        let mut use_ = OperationState::new(ctx.ident("t.use"), ctx.empty_dict(), ctx.unknown_loc());
        use_.operands.extend([outer, arg, body.results(def)[0]]);
        let use_ = body.create_op(use_);
        body.append_op(b, use_);
        body.append_op(b, def);
        let mut wrap = OperationState::new(ctx.ident("t.wrap"), ctx.empty_dict(), ctx.unknown_loc());
        wrap.regions.push(r);
        let wrap = body.create_op(wrap);
        body.append_op(tb, wrap);
        (body, wrap, outer)
    }

    #[test]
    fn clone_within_maps_inner_values_and_keeps_outer_ones() {
        let ctx = Context::new();
        let (mut body, wrap, outer) = sample(&ctx);
        let mut map = IrMap::new();
        let copy = clone_op_within(&mut body, wrap, &mut map);
        let r = body.local_regions(copy)[0];
        let b = body.region_blocks(r)[0];
        let ops: Vec<Op> = body.block_ops(b).collect();
        assert_eq!(ops.len(), 2);
        let operands: Vec<Value> = body.operands(ops[0]).collect();
        assert_eq!(operands[0], outer);
        assert_eq!(operands[1], body.block_args(b)[0]);
        assert_eq!(operands[2], body.results(ops[1])[0], "a later definition is mapped too");
        assert_eq!(body.value(body.block_args(b)[0]).loc, Some(ctx.unknown_loc()));
        // The original is untouched.
        let orig_b = body.region_blocks(body.local_regions(wrap)[0])[0];
        assert_ne!(orig_b, b);
        assert_eq!(body.uses(outer).count(), 2);
    }

    #[test]
    fn clone_region_into_another_body() {
        let ctx = Context::new();
        let (src, wrap, outer) = sample(&ctx);
        let mut dst = Body::new();
        let dr = dst.new_region();
        let first = dst.append_block(dr);
        let last = dst.append_block(dr);
        let replacement = dst.add_block_arg(first, ctx.int_type(32), None);
        let mut map = IrMap::new();
        map.map_value(outer, replacement);
        let made = clone_region_into(&src, src.local_regions(wrap)[0], &mut dst, dr, 1, &mut map);
        assert_eq!(dst.region_blocks(dr), &[first, made[0], last]);
        let op = dst.block_ops(made[0]).next().expect("cloned op");
        assert_eq!(dst.operand(op, 0), replacement);
        assert_eq!(dst.uses(replacement).count(), 1);
    }
}
