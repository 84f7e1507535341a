//! Rewriting IR in place: the structural edits a pattern driver needs beyond [`Body`]'s
//! creation and use-list primitives (erasing blocks and block arguments, removing operands,
//! moving operations, splitting, merging and inlining blocks and regions), and a [`Rewriter`]
//! that performs edits while telling a [`Listener`] what changed, as MLIR's `RewriterBase`
//! notifies the greedy driver (inserted, modified and erased operations).

use crate::body::{Block, Body, Op, OperationState, Region, Use, UseLink, Value, ValueDef};
use crate::Attr;

impl Body {
    /// The uses of `v`, collected (so the IR can change while they are visited).
    pub fn use_list(&self, v: Value) -> Vec<Use> {
        self.uses(v).collect()
    }

    /// Swaps the blocks of two regions.
    pub fn swap_region_blocks(&mut self, a: Region, b: Region) {
        let (ba, bb) = (std::mem::take(&mut self.regions[a].blocks), std::mem::take(&mut self.regions[b].blocks));
        for &blk in &ba {
            self.blocks[blk].parent = b.into();
        }
        for &blk in &bb {
            self.blocks[blk].parent = a.into();
        }
        self.regions[a].blocks = bb;
        self.regions[b].blocks = ba;
    }

    /// Sets successor `index` of `op`.
    pub fn set_successor(&mut self, op: Op, index: usize, block: Block) {
        self.extra_mut(op).successors[index] = block;
    }

    /// Removes argument `index` of `block` (it must be unused); later arguments shift down.
    pub fn erase_block_arg(&mut self, block: Block, index: usize) {
        self.blocks[block].args.remove(index);
        for (i, &a) in self.blocks[block].args.iter().enumerate().skip(index) {
            self.values[a].set_def(ValueDef::Arg(block, i as u32));
        }
    }

    /// Inserts an argument at position `index` of `block`.
    pub fn insert_block_arg(&mut self, block: Block, index: usize, ty: crate::Type, loc: Option<Attr>) -> Value {
        let v = self.add_block_arg(block, ty, loc);
        let last = self.blocks[block].args.pop().expect("argument just added");
        self.blocks[block].args.insert(index, last);
        for (i, &a) in self.blocks[block].args.iter().enumerate().skip(index) {
            self.values[a].set_def(ValueDef::Arg(block, i as u32));
        }
        v
    }

    /// Erases `block` and everything in it from its region. Values it defines that are still
    /// used (by dead code elsewhere) must have been replaced by the caller.
    pub fn erase_block(&mut self, block: Block) {
        while let Some(op) = self.blocks[block].last.expand() {
            self.erase_op(op);
        }
        if let Some(r) = self.blocks[block].parent.expand() {
            self.regions[r].blocks.retain(|b| *b != block);
        }
        self.blocks[block].parent = None.into();
    }

    /// Inserts a detached block (or moves a block) into `region` before `before` (at the end
    /// when `None`).
    pub fn insert_block(&mut self, region: Region, block: Block, before: Option<Block>) {
        if let Some(old) = self.blocks[block].parent.expand() {
            self.regions[old].blocks.retain(|b| *b != block);
        }
        let blocks = &mut self.regions[region].blocks;
        let pos = before.and_then(|b| blocks.iter().position(|x| *x == b)).unwrap_or(blocks.len());
        blocks.insert(pos, block);
        self.blocks[block].parent = region.into();
    }

    /// Moves `op` (in a block or not) right before `before`.
    pub fn move_op_before(&mut self, op: Op, before: Op) {
        self.unlink_op(op);
        self.insert_op_before(before, op);
    }

    /// Moves `op` to the start of `block`.
    pub fn move_op_to_start(&mut self, op: Op, block: Block) {
        self.unlink_op(op);
        match self.blocks[block].first.expand() {
            Some(first) => self.insert_op_before(first, op),
            None => self.append_op(block, op),
        }
    }

    /// Moves `op` to the end of `block`.
    pub fn move_op_to_end(&mut self, op: Op, block: Block) {
        self.unlink_op(op);
        self.append_op(block, op);
    }

    /// Splits `block` before `at`: `at` and the operations after it move to a new block
    /// right after `block` in the same region, which is returned.
    pub fn split_block(&mut self, block: Block, at: Op) -> Block {
        let region = self.blocks[block].parent.expand().expect("split block is in a region");
        let new = self.append_block_detached();
        let after = self.regions[region].blocks.iter().position(|b| *b == block).map(|p| p + 1);
        let before = after.and_then(|p| self.regions[region].blocks.get(p).copied());
        self.insert_block(region, new, before);
        let mut cur = Some(at);
        while let Some(op) = cur {
            cur = self.next_op(op);
            self.move_op_to_end(op, new);
        }
        new
    }

    /// The operations that branch to `block`, with repetitions for several edges (terminators
    /// of the blocks of its region, in block order).
    pub fn predecessors(&self, block: Block) -> Vec<Op> {
        let Some(region) = self.block_region(block) else { return Vec::new() };
        let mut out = Vec::new();
        for &b in self.region_blocks(region) {
            if let Some(t) = self.block_last_op(b) {
                for &s in self.successors(t) {
                    if s == block {
                        out.push(t);
                    }
                }
            }
        }
        out
    }

    /// Moves the regions of `from` (a non-isolated op) to `to` (which must have none).
    pub fn take_regions(&mut self, from: Op, to: Op) {
        let Some(e) = self.ops[from].extra.expand() else { return };
        let regions = std::mem::take(&mut self.extras[e].regions);
        let nested = self.extras[e].nested.take();
        for &r in &regions {
            self.regions[r].parent = to.into();
        }
        let to_extra = self.extra_mut(to);
        to_extra.regions = regions;
        if nested.is_some() {
            // Under another op, the body's verification (its terminators' checks against their
            // parent, say) is to be done again.
            to_extra.nested = nested;
            to_extra.nested_check = crate::body::NestedCheck::Unknown;
        }
    }
}

/// What a [`Rewriter`] reports, as MLIR's `RewriterBase::Listener`.
pub trait Listener {
    /// `op` was created, or moved to a new place.
    fn inserted(&mut self, body: &Body, op: Op);
    /// `op` changed in place (operands, attributes, successors).
    fn modified(&mut self, body: &Body, op: Op);
    /// `op` is about to be erased (still intact; its nested operations are gone already).
    fn erasing(&mut self, body: &Body, op: Op);
}

/// A listener that ignores everything.
pub struct NoListener;

impl Listener for NoListener {
    fn inserted(&mut self, _: &Body, _: Op) {}
    fn modified(&mut self, _: &Body, _: Op) {}
    fn erasing(&mut self, _: &Body, _: Op) {}
}

/// Edits a [`Body`] and reports each change to a [`Listener`].
pub struct Rewriter<'a> {
    /// The body being rewritten (read freely; edit through the rewriter's methods).
    pub body: &'a mut Body,
    /// The name of the isolated op owning the body, when known (the parent of its top ops).
    pub owner: Option<crate::Ident>,
    listener: &'a mut dyn Listener,
}

impl<'a> Rewriter<'a> {
    /// A rewriter of `body` reporting to `listener`.
    pub fn new(body: &'a mut Body, listener: &'a mut dyn Listener) -> Self {
        Self { body, owner: None, listener }
    }

    /// The same rewriter, knowing the name of the op that owns the body.
    pub fn with_owner(mut self, owner: Option<crate::Ident>) -> Self {
        self.owner = owner;
        self
    }

    /// The name of the op whose region holds `op`: its parent in the body, or the body's owner.
    pub fn parent_name(&self, op: Op) -> Option<crate::Ident> {
        match self.body.parent_op(op) {
            Some(p) => Some(self.body.op(p).name),
            None => self.owner,
        }
    }

    /// Creates an op from `state` right before `before`.
    pub fn create_before(&mut self, state: OperationState, before: Op) -> Op {
        let op = self.body.create_op(state);
        self.body.insert_op_before(before, op);
        self.listener.inserted(self.body, op);
        op
    }

    /// Creates an op from `state` at the end of `block`.
    pub fn create_at_end(&mut self, state: OperationState, block: Block) -> Op {
        let op = self.body.create_op(state);
        self.body.append_op(block, op);
        self.listener.inserted(self.body, op);
        op
    }

    /// Reports that `op` was placed where it is (made by other means, e.g. cloned).
    pub fn inserted(&mut self, op: Op) {
        self.listener.inserted(self.body, op);
    }

    /// Reports that `op` was changed in place.
    pub fn modified(&mut self, op: Op) {
        self.listener.modified(self.body, op);
    }

    /// Makes operand `index` of `op` read `value`.
    pub fn set_operand(&mut self, op: Op, index: usize, value: Value) {
        self.body.set_operand(op, index, value);
        self.listener.modified(self.body, op);
    }

    /// Replaces every use of `old` with `new`, reporting each user as modified.
    pub fn replace_all_uses(&mut self, old: Value, new: Value) {
        if old == new {
            return;
        }
        loop {
            let Some(u) = self.body.uses(old).next() else { break };
            self.body.set_operand(u.op, u.index as usize, new);
            self.listener.modified(self.body, u.op);
        }
    }

    /// Replaces the results of `op` with `values`, then erases it.
    pub fn replace_op(&mut self, op: Op, values: &[Value]) {
        let results: Vec<Value> = self.body.results(op).to_vec();
        for (r, v) in results.iter().zip(values) {
            self.replace_all_uses(*r, *v);
        }
        self.erase_op(op);
    }

    /// Erases `op` and what its regions hold, users before definitions (each block's ops in
    /// reverse, successor blocks first), reporting every erased op.
    pub fn erase_op(&mut self, op: Op) {
        let regions: Vec<Region> = self.body.local_regions(op).iter().rev().copied().collect();
        for r in regions {
            for b in post_order(self.body, r) {
                let ops: Vec<Op> = self.body.block_ops(b).collect();
                for inner in ops.into_iter().rev() {
                    self.drop_all_uses(inner);
                    self.erase_op(inner);
                }
            }
        }
        self.listener.erasing(self.body, op);
        self.body.erase_op(op);
    }

    /// Detaches the remaining uses of `op`'s results (by dead code in unreachable blocks,
    /// cycles or graph regions, which is being erased too) so the op can go.
    pub fn drop_all_uses(&mut self, op: Op) {
        for r in self.body.results(op).to_vec() {
            self.drop_value_uses(r);
        }
    }

    /// Detaches the uses of `v` (by code that is being erased too): the reading slots stay
    /// in place, out of every use list.
    pub fn drop_value_uses(&mut self, v: Value) {
        for u in self.body.use_list(v) {
            self.body.unlink_use(u);
            self.body.clear_use_links(u);
        }
        self.body.values[v].first_use = UseLink::NONE;
    }

    /// Erases `block` (its ops reported as erased, last first). Uses of the values it defines
    /// from outside must be gone already, except from code that is itself dead.
    pub fn erase_block(&mut self, block: Block) {
        let ops: Vec<Op> = self.body.block_ops(block).collect();
        for op in ops.into_iter().rev() {
            self.drop_all_uses(op);
            self.erase_op(op);
        }
        for a in self.body.block_args(block).to_vec() {
            self.drop_value_uses(a);
        }
        self.body.erase_block(block);
    }

    /// Replaces `op` by an op like it without the results `gone` marks (which must be unused),
    /// its regions moved over, as MLIR's `RewriterBase::eraseOpResults`: the new op is
    /// reported inserted, the users of the kept results modified, `op` erased.
    pub fn erase_results(&mut self, op: Op, gone: &[bool]) -> Op {
        let d = self.body.op(op).clone();
        let results = self.body.results(op).to_vec();
        let erased = |i: usize| gone.get(i).copied().unwrap_or(false);
        let mut st = OperationState::new(d.name, d.attrs, d.loc);
        st.operands.extend(self.body.operands(op));
        st.result_types.extend((0..results.len()).filter(|i| !erased(*i)).map(|i| self.body.value_type(results[i])));
        st.successors = self.body.successors(op).into();
        st.properties = d.properties();
        let new = self.create_before(st, op);
        self.body.take_regions(op, new);
        let new_results = self.body.results(new).to_vec();
        let mut next = new_results.into_iter();
        for (i, r) in results.iter().enumerate() {
            if !erased(i) {
                if let Some(n) = next.next() {
                    self.replace_all_uses(*r, n);
                }
            }
        }
        self.erase_op(op);
        new
    }

    /// Moves `op` right before `before`, reporting it as inserted.
    pub fn move_op_before(&mut self, op: Op, before: Op) {
        self.body.move_op_before(op, before);
        self.listener.inserted(self.body, op);
    }

    /// Moves the ops of `src` right before `before` (replacing `src`'s arguments with `args`)
    /// and erases `src`, as MLIR's `inlineBlockBefore`.
    pub fn inline_block_before(&mut self, src: Block, before: Op, args: &[Value]) {
        let src_args = self.body.block_args(src).to_vec();
        for (a, v) in src_args.iter().zip(args) {
            self.replace_all_uses(*a, *v);
        }
        let ops: Vec<Op> = self.body.block_ops(src).collect();
        for op in ops {
            self.body.move_op_before(op, before);
            self.listener.inserted(self.body, op);
        }
        self.body.erase_block(src);
    }

    /// Moves the ops of `src` to the end of `dest` (replacing `src`'s arguments with `args`)
    /// and erases `src`, as MLIR's `mergeBlocks`.
    pub fn merge_blocks(&mut self, src: Block, dest: Block, args: &[Value]) {
        let src_args = self.body.block_args(src).to_vec();
        for (a, v) in src_args.iter().zip(args) {
            self.replace_all_uses(*a, *v);
        }
        let ops: Vec<Op> = self.body.block_ops(src).collect();
        for op in ops {
            self.body.move_op_to_end(op, dest);
            self.listener.inserted(self.body, op);
        }
        self.body.erase_block(src);
    }

    /// Moves every block of `region` into `dest` before `before` (at the end when `None`).
    pub fn inline_region_before(&mut self, region: Region, dest: Region, before: Option<Block>) {
        for b in self.body.region_blocks(region).to_vec() {
            self.body.insert_block(dest, b, before);
        }
    }

    /// Splits `block` before `at` (see [`Body::split_block`]), reporting the moved ops as
    /// inserted, last first (MLIR moves them one by one from the end of the block).
    pub fn split_block(&mut self, block: Block, at: Op) -> Block {
        let new = self.body.split_block(block, at);
        let moved: Vec<Op> = self.body.block_ops(new).collect();
        for op in moved.into_iter().rev() {
            self.listener.inserted(self.body, op);
        }
        new
    }
}

/// The blocks of `region` reachable from its entry, in post order (successors before
/// predecessors), as LLVM's `post_order` visits them.
pub fn post_order(body: &Body, region: Region) -> Vec<Block> {
    let Some(&entry) = body.region_blocks(region).first() else { return Vec::new() };
    let mut visited = rustc_hash::FxHashSet::default();
    let mut out = Vec::new();
    let mut stack: Vec<(Block, usize)> = vec![(entry, 0)];
    visited.insert(entry);
    while let Some((b, i)) = stack.pop() {
        let succ = body.block_last_op(b).map_or(&[][..], |t| body.successors(t));
        if let Some(&s) = succ.get(i) {
            stack.push((b, i + 1));
            if visited.insert(s) {
                stack.push((s, 0));
            }
        } else {
            out.push(b);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Context;

    struct Log(Vec<String>);
    impl Listener for Log {
        fn inserted(&mut self, _: &Body, op: Op) {
            self.0.push(format!("ins {op}"));
        }
        fn modified(&mut self, _: &Body, op: Op) {
            self.0.push(format!("mod {op}"));
        }
        fn erasing(&mut self, _: &Body, op: Op) {
            self.0.push(format!("del {op}"));
        }
    }

    #[test]
    fn operands_and_block_args_are_renumbered() {
        let ctx = Context::new();
        let i32t = ctx.int_type(32);
        let mut body = Body::new();
        let r = body.new_region();
        let b = body.append_block(r);
        let args: Vec<Value> = (0..3).map(|_| body.add_block_arg(b, i32t, None)).collect();
        let mut st = OperationState::new(ctx.ident("t.use"), ctx.empty_dict(), ctx.unknown_loc());
        st.operands.extend(args.iter().copied());
        let op = body.create_op(st);
        body.append_op(b, op);
        body.erase_operand(op, 0);
        assert_eq!(body.operands(op).collect::<Vec<_>>(), vec![args[1], args[2]]);
        assert_eq!(body.use_list(args[2]), vec![Use { op, index: 1 }]);
        assert!(!body.has_uses(args[0]));
        body.erase_block_arg(b, 0);
        assert_eq!(body.value(args[2]).def, ValueDef::Arg(b, 1));
        body.insert_operand(op, 0, args[2]);
        assert_eq!(body.use_list(args[2]).len(), 2);
        assert_eq!(body.operands(op).collect::<Vec<_>>(), vec![args[2], args[1], args[2]]);
    }

    #[test]
    fn inline_and_erase_report_changes() {
        let ctx = Context::new();
        let i32t = ctx.int_type(32);
        let mut body = Body::new();
        let r = body.new_region();
        let entry = body.append_block(r);
        let x = body.add_block_arg(entry, i32t, None);
        let inner_region = body.new_region();
        let inner = body.append_block(inner_region);
        let y = body.add_block_arg(inner, i32t, None);
        let mut st = OperationState::new(ctx.ident("t.neg"), ctx.empty_dict(), ctx.unknown_loc());
        st.operands.push(y);
        st.result_types.push(i32t);
        let neg = body.create_op(st);
        body.append_op(inner, neg);
        let mut st = OperationState::new(ctx.ident("t.region"), ctx.empty_dict(), ctx.unknown_loc());
        st.regions.push(inner_region);
        let holder = body.create_op(st);
        body.append_op(entry, holder);
        let mut log = Log(Vec::new());
        let mut rw = Rewriter::new(&mut body, &mut log);
        rw.inline_block_before(inner, holder, &[x]);
        assert_eq!(rw.body.operand(neg, 0), x);
        rw.erase_op(holder);
        assert_eq!(rw.body.block_ops(entry).collect::<Vec<_>>(), vec![neg]);
        assert_eq!(log.0, vec![format!("mod {neg}"), format!("ins {neg}"), format!("del {holder}")]);
    }

    #[test]
    fn split_and_merge_blocks() {
        let ctx = Context::new();
        let mut body = Body::new();
        let r = body.new_region();
        let b = body.append_block(r);
        let ops: Vec<Op> = (0..3)
            .map(|_| {
                let o = body.create_op(OperationState::new(ctx.ident("t.x"), ctx.empty_dict(), ctx.unknown_loc()));
                body.append_op(b, o);
                o
            })
            .collect();
        let nb = body.split_block(b, ops[1]);
        assert_eq!(body.region_blocks(r), &[b, nb]);
        assert_eq!(body.block_ops(nb).collect::<Vec<_>>(), vec![ops[1], ops[2]]);
        let mut l = NoListener;
        Rewriter::new(&mut body, &mut l).merge_blocks(nb, b, &[]);
        assert_eq!(body.region_blocks(r), &[b]);
        assert_eq!(body.block_ops(b).collect::<Vec<_>>(), ops);
    }
}
