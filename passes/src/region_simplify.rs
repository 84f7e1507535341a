//! Region simplification after each greedy iteration, as MLIR's `simplifyRegions`: erase the
//! blocks no path from the entry reaches, then dead-code elimination over the region tree
//! (ops that would be trivially dead and whose results only feed dead code, block arguments
//! of non-entry blocks whose values only flow into dead code, with the branch operands that
//! feed them); with `aggressive`, identical blocks merge too (see [`crate::block_merge`]).

use crate::effects::would_be_trivially_dead_of;
use fixedbitset::FixedBitSet;
use mica_ir::rewrite::{post_order, Rewriter};
use mica_ir::{Block, Body, Context, EntityRef, Op, Region, Traits, Use, Value};
use rustc_hash::FxHashSet;
use smallvec::SmallVec;

/// How much control-flow simplification runs (the `region-simplify` option).
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum RegionSimplify {
    /// None.
    Disabled,
    /// Unreachable blocks and dead code.
    Normal,
    /// Also merges identical blocks and drops block arguments that always get one value.
    Aggressive,
}

/// Simplifies the root regions of the rewriter's body (not entering nested isolated bodies);
/// says whether anything changed. `all_reachable` says that no block is unreachable (none
/// was when last looked, and nothing changed since), so none is looked for. `live` is
/// scratch space (kept by the caller from body to body).
pub fn simplify_regions(ctx: &Context, rw: &mut Rewriter<'_>, level: RegionSimplify, all_reachable: bool, live: &mut LiveMap) -> bool {
    let roots = rw.body.roots.clone();
    if level == RegionSimplify::Disabled {
        return false;
    }
    let erased_blocks = !all_reachable && erase_unreachable_blocks(rw, &roots);
    let dce = run_region_dce(ctx, rw, &roots, live);
    let mut merged = false;
    if level == RegionSimplify::Aggressive {
        merged = crate::block_merge::merge_identical_blocks(ctx, rw, &roots);
        merged |= crate::block_merge::drop_redundant_arguments(ctx, rw, &roots);
    }
    erased_blocks || dce || merged
}

/// Erases the blocks of multi-block regions that the entry does not reach (also nested).
pub fn erase_unreachable_blocks(rw: &mut Rewriter<'_>, regions: &[Region]) -> bool {
    let mut erased = false;
    let mut worklist: SmallVec<[Region; 4]> = regions.iter().copied().collect();
    while let Some(region) = worklist.pop() {
        if let &[block] = rw.body.region_blocks(region) {
            push_nested_regions(rw.body, block, &mut worklist);
            continue;
        }
        let blocks = rw.body.region_blocks(region).to_vec();
        if blocks.is_empty() {
            continue;
        }
        let reachable: FxHashSet<Block> = post_order(rw.body, region).into_iter().collect();
        for b in blocks {
            if !reachable.contains(&b) {
                rw.erase_block(b);
                erased = true;
                continue;
            }
            push_nested_regions(rw.body, b, &mut worklist);
        }
    }
    erased
}

fn push_nested_regions(body: &Body, block: Block, out: &mut SmallVec<[Region; 4]>) {
    for op in body.block_ops(block) {
        // Pushed one by one: extending by the (mostly empty) slice costs several times more.
        for &r in body.local_regions(op) {
            out.push(r);
        }
    }
}

/// What is proven live: ops and block arguments, by index. A pass over the regions also notes
/// which ops and arguments other decisions found not live: when one of those becomes live
/// later in the pass (a use visited after its definition: loops, graph regions), the pass
/// must run again; otherwise its decisions saw the final liveness and it reached the fixed
/// point.
#[derive(Default)]
pub struct LiveMap {
    ops: FixedBitSet,
    args: FixedBitSet,
    read_ops: FixedBitSet,
    read_args: FixedBitSet,
    /// Something noted not live became live in this pass.
    stale: bool,
}

impl LiveMap {
    /// Empties the map for `body`.
    fn reset(&mut self, body: &Body) {
        let (ops, values) = (body.num_ops(), body.num_values());
        for (bits, n) in [(&mut self.ops, ops), (&mut self.args, values), (&mut self.read_ops, ops), (&mut self.read_args, values)] {
            // Emptying costs the buffer's length: a much larger one (left by a large body)
            // is dropped instead.
            if bits.len() > 4 * n + 4096 {
                *bits = FixedBitSet::with_capacity(n);
            } else {
                bits.clear();
                bits.grow(n);
            }
        }
        self.stale = false;
    }

    /// Starts a pass.
    fn start_pass(&mut self) {
        self.stale = false;
        self.read_ops.clear();
        self.read_args.clear();
    }

    fn op_live(&self, op: Op) -> bool {
        self.ops.contains(op.index())
    }

    fn value_live(&self, body: &Body, v: Value) -> bool {
        match body.value(v).def {
            mica_ir::ValueDef::Result(op, _) => self.op_live(op),
            mica_ir::ValueDef::Arg(..) => self.args.contains(v.index()),
        }
    }

    /// Whether `op` is live, for a decision about another op.
    fn op_live_for(&mut self, op: Op) -> bool {
        let live = self.op_live(op);
        if !live {
            self.read_ops.insert(op.index());
        }
        live
    }

    /// Whether `v` is live, for a decision about another value.
    fn value_live_for(&mut self, body: &Body, v: Value) -> bool {
        match body.value(v).def {
            mica_ir::ValueDef::Result(op, _) => self.op_live_for(op),
            mica_ir::ValueDef::Arg(..) => {
                let live = self.args.contains(v.index());
                if !live {
                    self.read_args.insert(v.index());
                }
                live
            }
        }
    }

    fn set_op(&mut self, op: Op) {
        if !self.ops.put(op.index()) {
            self.stale |= self.read_ops.contains(op.index());
        }
    }

    fn set_value(&mut self, body: &Body, v: Value) {
        match body.value(v).def {
            mica_ir::ValueDef::Result(op, _) => self.set_op(op),
            mica_ir::ValueDef::Arg(..) => {
                if !self.args.put(v.index()) {
                    self.stale |= self.read_args.contains(v.index());
                }
            }
        }
    }
}

/// The blocks of `region` reachable from its entry, in post order.
fn blocks_post_order(body: &Body, region: Region) -> SmallVec<[Block; 1]> {
    match body.region_blocks(region) {
        &[b] => smallvec::smallvec![b],
        _ => SmallVec::from_vec(post_order(body, region)),
    }
}

/// MLIR's `runRegionDCE`: liveness to a fixed point, then deletion.
fn run_region_dce(ctx: &Context, rw: &mut Rewriter<'_>, regions: &[Region], live: &mut LiveMap) -> bool {
    live.reset(rw.body);
    loop {
        live.start_pass();
        for &r in regions {
            propagate_region(ctx, rw.body, r, live);
        }
        if !live.stale {
            break;
        }
    }
    delete_dead(ctx, rw, regions, live)
}

/// The successor block argument that operand `index` of the branch `op` feeds, if any.
fn successor_arg(ctx: &Context, body: &Body, op: Op, index: usize) -> Option<Value> {
    let f = ctx.registry().get(body.op(op).name)?.successor_operands?;
    for (i, &s) in body.successors(op).iter().enumerate() {
        let range = f(ctx, body, op, i)?;
        if range.contains(&index) {
            return body.block_args(s).get(index - range.start).copied();
        }
    }
    None
}

fn use_known_dead(ctx: &Context, body: &Body, u: Use, live: &mut LiveMap) -> bool {
    // Only branches (terminators with successor operands) can feed dead code.
    if !ctx.registry().get(body.op(u.op).name).is_some_and(|d| d.traits.contains(Traits::TERMINATOR) && d.successor_operands.is_some()) {
        return false;
    }
    match successor_arg(ctx, body, u.op, u.index as usize) {
        Some(arg) => !live.value_live_for(body, arg),
        None => false,
    }
}

fn process_value(ctx: &Context, body: &Body, v: Value, live: &mut LiveMap) {
    let proved = body.uses(v).any(|u| !use_known_dead(ctx, body, u, live) && live.op_live_for(u.op));
    if proved {
        live.set_value(body, v);
    }
}

fn propagate_region(ctx: &Context, body: &Body, region: Region, live: &mut LiveMap) {
    let entry = body.region_blocks(region).first().copied();
    for b in blocks_post_order(body, region) {
        let mut cur = body.block_last_op(b);
        while let Some(op) = cur {
            propagate_op(ctx, body, op, live);
            cur = body.prev_op(op);
        }
        if Some(b) == entry {
            continue;
        }
        for &a in body.block_args(b) {
            if !live.value_live(body, a) {
                process_value(ctx, body, a, live);
            }
        }
    }
}

fn propagate_op(ctx: &Context, body: &Body, op: Op, live: &mut LiveMap) {
    for &r in body.local_regions(op) {
        propagate_region(ctx, body, r, live);
    }
    let def = ctx.registry().get(body.op(op).name);
    if def.is_some_and(|d| d.traits.contains(Traits::TERMINATOR)) {
        live.set_op(op);
        let branch = def.and_then(|d| d.successor_operands).is_some();
        if !branch {
            for &s in body.successors(op) {
                for &a in body.block_args(s) {
                    live.set_value(body, a);
                }
            }
        }
        return;
    }
    if live.op_live(op) {
        return;
    }
    if !def.is_some_and(|d| would_be_trivially_dead_of(ctx, body, op, d)) {
        live.set_op(op);
        return;
    }
    for &r in body.results(op) {
        process_value(ctx, body, r, live);
    }
}

/// Removes the operands of a branch that feed dead successor arguments.
fn erase_dead_successor_operands(ctx: &Context, body: &mut Body, term: Op, live: &LiveMap) {
    let Some(def) = ctx.registry().get(body.op(term).name) else { return };
    let Some(f) = def.successor_operands else { return };
    let erase = def.erase_operand;
    let n = body.successors(term).len();
    for succ in (0..n).rev() {
        let Some(range) = f(ctx, body, term, succ) else { continue };
        let block = body.successors(term)[succ];
        for arg in (0..range.len()).rev() {
            let Some(&a) = body.block_args(block).get(arg) else { continue };
            if !live.value_live(body, a) {
                match erase {
                    Some(e) => e(ctx, body, term, range.start + arg),
                    None => body.erase_operand(term, range.start + arg),
                }
            }
        }
    }
}

fn delete_dead(ctx: &Context, rw: &mut Rewriter<'_>, regions: &[Region], live: &LiveMap) -> bool {
    let mut erased = false;
    for &region in regions {
        let blocks = rw.body.region_blocks(region).len();
        if blocks == 0 {
            continue;
        }
        let single = blocks == 1;
        for b in blocks_post_order(rw.body, region) {
            if !single {
                if let Some(t) = rw.body.block_last_op(b) {
                    erase_dead_successor_operands(ctx, rw.body, t, live);
                }
            }
            let mut cur = rw.body.block_last_op(b);
            while let Some(op) = cur {
                cur = rw.body.prev_op(op);
                if !live.op_live(op) {
                    erased = true;
                    rw.drop_all_uses(op);
                    rw.erase_op(op);
                } else if !rw.body.local_regions(op).is_empty() {
                    let inner: SmallVec<[Region; 2]> = rw.body.local_regions(op).iter().copied().collect();
                    erased |= delete_dead(ctx, rw, &inner, live);
                }
            }
        }
        if single {
            continue;
        }
        for &b in rw.body.region_blocks(region).to_vec().iter().skip(1) {
            let args = rw.body.block_args(b).to_vec();
            for (i, a) in args.iter().enumerate().rev() {
                if !live.value_live(rw.body, *a) {
                    rw.drop_value_uses(*a);
                    rw.body.erase_block_arg(b, i);
                }
            }
        }
    }
    erased
}
