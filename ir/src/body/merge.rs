//! Appending one body's contents to another: the parser builds parts of a long block on other
//! threads, each in a body of its own (a fragment), and moves them into the real body in text
//! order.
//!
//! Every operation, block, region and value of the fragment is appended to the target's arenas
//! in the fragment's creation order, so indices come out as if the target had created them in
//! that order itself. Some fragment blocks and regions stand for existing ones of the target
//! (the block the fragment's operations go to, the parser's block of forward-reference
//! placeholders): their operations are appended to the target block, their arguments to the
//! target block's arguments. Some fragment values stand for existing values of the target (the
//! names the fragment used without defining them): they are not copied, and their uses join the
//! target value's use list in front, in their order, as if the uses had been made after the
//! existing ones. Isolated operations keep their boxed bodies as they are.

use super::{Block, BlockData, Body, ExtraId, Links, Op, OpExtra, Region, RegionData, Use, UseLink, Value, ValueDef};
use cranelift_entity::EntityRef;
use cranelift_entity::packed_option::PackedOption;

/// How fragment entities correspond to existing ones of the target (everything not named here
/// is copied).
#[derive(Default, Debug)]
pub struct MergeMap {
    /// Fragment blocks that are existing target blocks: their operations are appended to the
    /// target block, their arguments (those not in `values`) added to its arguments.
    pub blocks: Vec<(Block, Block)>,
    /// Fragment regions that are existing target regions (their blocks must be in `blocks`).
    pub regions: Vec<(Region, Region)>,
    /// Fragment values that are existing target values (not copied; uses move over).
    pub values: Vec<(Value, Value)>,
    /// For each entry of `values`, its fragment value's oldest use ([`Body::last_use`]) when
    /// known (the merge finds it otherwise).
    pub last_uses: Vec<Option<Use>>,
}

/// Index maps from fragment entities to target ones.
struct Remap<'m> {
    op_base: u32,
    operand_base: u32,
    blocks: Vec<u32>,
    regions: Vec<u32>,
    /// Per fragment value, the target value.
    values: &'m [u32],
    /// Per fragment value position (one past the end included), the target index of the next
    /// value copied from there: where an op's results start.
    value_starts: &'m [u32],
}

const NONE: u32 = u32::MAX;

impl Remap<'_> {
    fn op(&self, op: Op) -> Op {
        Op::from_u32(op.as_u32() + self.op_base)
    }

    fn op_opt(&self, op: PackedOption<Op>) -> PackedOption<Op> {
        op.expand().map(|o| self.op(o)).into()
    }

    fn block(&self, b: Block) -> Block {
        Block::from_u32(self.blocks[b.index()])
    }

    fn region(&self, r: Region) -> Region {
        Region::from_u32(self.regions[r.index()])
    }

    fn value(&self, v: Value) -> Value {
        Value::from_u32(self.values[v.index()])
    }

    fn link(&self, l: UseLink) -> UseLink {
        if l.op == u32::MAX { l } else { UseLink { op: l.op + self.op_base, index: l.index } }
    }
}

/// Per fragment entity (`len` of them), its target index: the mapped ones their target's, the
/// others consecutive indices from `next` (the target arena's length), in order.
fn index_map<K: EntityRef>(len: usize, mapped: &[(K, K)], next: usize) -> Vec<u32> {
    let mut out = vec![NONE; len];
    for &(f, t) in mapped {
        out[f.index()] = t.index() as u32;
    }
    for (n, slot) in (next as u32..).zip(out.iter_mut().filter(|s| **s == NONE)) {
        *slot = n;
    }
    out
}

impl Body {
    /// How many more values fit before the value arenas grow (a body sized for `n` ops has
    /// room for `n` values too).
    pub fn spare_values(&self) -> usize {
        self.value_ids.capacity() - self.value_ids.len()
    }

    /// The oldest use of `v` (the last of its use list).
    pub fn last_use(&self, v: Value) -> Option<Use> {
        self.uses(v).last()
    }

    /// Makes room for `ops` more operations, `values` more values and `operands` more operand
    /// slots (before appending many fragments).
    pub fn reserve(&mut self, ops: usize, values: usize, operands: usize) {
        self.ops.reserve(ops);
        self.values.reserve(values);
        self.value_ids.reserve(values);
        self.operand_values.reserve(operands);
        self.operand_links.reserve(operands);
    }

    /// Where each value of `frag` goes when it is appended to this body as `map` says (only
    /// its `values` matter), known before it is: the caller may want the values first, and
    /// change its mind.
    pub fn merged_values(&self, frag: &Body, map: &MergeMap) -> MergedValues {
        let mut values = vec![NONE; frag.values.len()];
        for &(f, t) in &map.values {
            values[f.index()] = t.as_u32();
        }
        let mut starts = Vec::with_capacity(frag.values.len() + 1);
        let mut next = self.values.len() as u32;
        for v in values.iter_mut() {
            starts.push(next);
            if *v == NONE {
                *v = next;
                next += 1;
            }
        }
        starts.push(next);
        MergedValues { values, starts }
    }

    /// Appends the contents of `frag` to this body as [`MergeMap`] says (see the module
    /// documentation), its values where `merged` ([`Body::merged_values`] of this body as it
    /// is, for `frag` and `map`) says. Operations of a mapped block go after the target
    /// block's last operation. `frag` is left empty, with its arenas' room (to build the next
    /// fragment in).
    pub fn append_body(&mut self, frag: &mut Body, map: &MergeMap, merged: &MergedValues) {
        assert!(
            merged.starts.first() == Some(&(self.values.len() as u32)) && merged.values.len() == frag.values.len(),
            "merged values planned for this body and fragment"
        );
        let blocks = index_map(frag.blocks.len(), &map.blocks, self.blocks.len());
        let regions = index_map(frag.regions.len(), &map.regions, self.regions.len());
        let m = Remap {
            op_base: self.ops.len() as u32,
            operand_base: self.operand_values.len() as u32,
            blocks,
            regions,
            values: &merged.values,
            value_starts: &merged.starts,
        };
        let substituted = |v: usize| m.values[v] < m.value_starts[v];

        // Block arguments: where each copied argument lands in its (new or existing) block.
        let mut arg_index = vec![0u32; frag.values.len()];
        for (fb, data) in frag.blocks.iter() {
            let mut n = if m.blocks[fb.index()] < self.blocks.len() as u32 { self.blocks[m.block(fb)].args.len() as u32 } else { 0 };
            for &a in &data.args {
                if !substituted(a.index()) {
                    arg_index[a.index()] = n;
                    n += 1;
                }
            }
        }

        // The first uses of the substituted values (their lists are spliced in at the end).
        let heads: Vec<(UseLink, Option<Use>, Value)> = map
            .values
            .iter()
            .enumerate()
            .map(|(i, &(f, t))| {
                let last = map.last_uses.get(i).copied().flatten().or_else(|| frag.last_use(f));
                (m.link(frag.values[f].first_use), last.map(|u| Use { op: m.op(u.op), index: u.index }), t)
            })
            .collect();

        // Values, in creation order. (Room for those copied only: a body sized for its text
        // may have just that room, and asking for more would copy its arenas.)
        let copied = (m.value_starts[frag.values.len()] - m.value_starts[0]) as usize;
        self.values.reserve(copied);
        self.value_ids.reserve(copied);
        for (fv, data) in frag.values.iter() {
            if substituted(fv.index()) {
                continue;
            }
            let def = match data.def() {
                ValueDef::Result(op, i) => ValueDef::Result(m.op(op), i),
                ValueDef::Arg(b, _) => ValueDef::Arg(m.block(b), arg_index[fv.index()]),
            };
            let mut slot = data.clone();
            slot.set_def(def);
            slot.first_use = m.link(data.first_use);
            self.new_value(slot);
        }

        // Operand slots: values and use-list links.
        self.operand_values.extend(frag.operand_values.iter().map(|&v| m.value(v)));
        self.operand_links.extend(frag.operand_links.iter().map(|l| Links { prev: m.link(l.prev), next: m.link(l.next) }));

        // Regions and blocks.
        for (fr, data) in frag.regions.iter() {
            let blocks = data.blocks.iter().map(|&b| m.block(b));
            if m.regions[fr.index()] < self.regions.len() as u32 {
                let r = m.region(fr);
                for b in blocks {
                    if !self.regions[r].blocks.contains(&b) {
                        self.regions[r].blocks.push(b);
                    }
                }
            } else {
                self.regions.push(RegionData { blocks: blocks.collect(), parent: m.op_opt(data.parent) });
            }
        }
        let mapped_blocks = self.blocks.len() as u32;
        // (first appended op, the block's former last op) per existing block that grows.
        let mut junctions: Vec<(Op, Op)> = Vec::new();
        for (fb, data) in frag.blocks.iter() {
            let args = data.args.iter().filter(|a| !substituted(a.index())).map(|&a| m.value(a));
            let (first, last) = (m.op_opt(data.first), m.op_opt(data.last));
            if m.blocks[fb.index()] < mapped_blocks {
                let b = m.block(fb);
                self.blocks[b].args.extend(args);
                if let (Some(first), Some(last)) = (first.expand(), last.expand()) {
                    match self.blocks[b].last.expand() {
                        Some(prev_last) => {
                            self.ops[prev_last].next = first.into();
                            junctions.push((first, prev_last));
                        }
                        None => self.blocks[b].first = first.into(),
                    }
                    self.blocks[b].last = last.into();
                }
            } else {
                self.blocks.push(BlockData { args: args.collect(), parent: data.parent.expand().map(|r| m.region(r)).into(), first, last });
            }
        }

        // Out-of-line parts: successors and regions remapped, boxed bodies of isolated ops
        // moved as they are.
        let extra_base = self.extras.len() as u32;
        self.extras.reserve(frag.extras.len());
        for x in frag.extras.values_mut() {
            self.extras.push(OpExtra {
                successors: x.successors.iter().map(|&b| m.block(b)).collect(),
                regions: x.regions.iter().map(|&r| m.region(r)).collect(),
                nested: x.nested.take(),
                // The body moves as it is, with its op.
                nested_check: x.nested_check,
            });
        }
        // Operations.
        self.ops.reserve(frag.ops.len());
        for data in frag.ops.values() {
            let mut data = data.clone();
            data.operand_start += m.operand_base;
            data.first_result = m.value_starts[data.first_result as usize];
            data.extra = data.extra.expand().map(|e| ExtraId::from_u32(e.as_u32() + extra_base)).into();
            data.parent = data.parent.expand().map(|b| m.block(b)).into();
            data.prev = m.op_opt(data.prev);
            data.next = m.op_opt(data.next);
            self.ops.push(data);
        }
        // The uses of substituted values join the use lists of the values they stand for.
        for (head, tail, t) in heads {
            let (Some(head), Some(tail)) = (head.get(), tail) else { continue };
            let old = self.values[t].first_use;
            let at = self.slot(tail);
            self.operand_links[at].next = old;
            if let Some(o) = old.get() {
                let o = self.slot(o);
                self.operand_links[o].prev = Some(tail).into();
            }
            self.values[t].first_use = Some(head).into();
        }

        for (first, prev_last) in junctions {
            self.ops[first].prev = prev_last.into();
        }
        frag.ops.clear();
        frag.extras.clear();
        frag.blocks.clear();
        frag.regions.clear();
        frag.values.clear();
        frag.value_ids.clear();
        frag.operand_values.clear();
        frag.operand_links.clear();
        frag.roots.clear();
    }
}

/// Where the values of a fragment go in the body it is appended to.
pub struct MergedValues {
    /// Per fragment value, the target value.
    values: Vec<u32>,
    /// Per fragment value position (one past the end included), the target index of the next
    /// value copied from there.
    starts: Vec<u32>,
}

impl MergedValues {
    /// The target value of fragment value `v`.
    pub fn get(&self, v: Value) -> Value {
        Value::from_u32(self.values[v.index()])
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Context, OperationState};
    use std::fmt::Write;

    /// Everything observable about a body's structure, entity indices included.
    fn dump(b: &Body, block: Block) -> String {
        let mut s = String::new();
        fn walk(b: &Body, block: Block, s: &mut String, ctx_depth: usize) {
            let _ = writeln!(s, "{}{block:?} args {:?}", " ".repeat(ctx_depth), b.block_args(block));
            for op in b.block_ops(block) {
                let d = b.op(op);
                let _ = writeln!(s, "{}{op:?} parent {:?} prev {:?} results {:?} operands {:?} succ {:?}", " ".repeat(ctx_depth), d.parent, d.prev, b.results(op), b.operand_values(op), b.successors(op));
                for &r in b.local_regions(op) {
                    let _ = writeln!(s, "{}{r:?} parent {:?}", " ".repeat(ctx_depth), b.region_parent(r));
                    for &inner in b.region_blocks(r) {
                        walk(b, inner, s, ctx_depth + 1);
                    }
                }
            }
        }
        walk(b, block, &mut s, 0);
        for v in 0..b.num_values() {
            let v = Value::from_u32(v as u32);
            let _ = writeln!(s, "{v:?} {:?} uses {:?}", b.value(v).def, b.uses(v).collect::<Vec<_>>());
        }
        let _ = writeln!(s, "{} ops {} blocks {} values", b.num_ops(), b.num_blocks(), b.num_values());
        s
    }

    /// Builds `y = t.y(a); z = t.z(y, a, b) { w = t.w(a, z') ; t.br ^next }` where `a` and `b`
    /// come from `outer` (read through `get`).
    fn build(ctx: &Context, body: &mut Body, block: Block, a: Value, bv: Value) {
        let t = ctx.int_type(32);
        let mk = |body: &mut Body, name: &str, operands: &[Value], results: usize| {
            let mut st = OperationState::new(ctx.ident(name), ctx.empty_dict(), ctx.unknown_loc());
            st.operands.extend_from_slice(operands);
            st.result_types.extend(std::iter::repeat_n(t, results));
            body.create_op(st)
        };
        let y = mk(body, "t.y", &[a], 1);
        body.append_op(block, y);
        let yv = body.results(y)[0];
        let r = body.new_region();
        let inner = body.append_block(r);
        let arg = body.add_block_arg(inner, t, None);
        let next = body.append_block(r);
        let w = mk(body, "t.w", &[a, arg, yv], 2);
        body.append_op(inner, w);
        let mut br = OperationState::new(ctx.ident("t.br"), ctx.empty_dict(), ctx.unknown_loc());
        br.successors.push(next);
        br.operands.push(body.results(w)[1]);
        let br = body.create_op(br);
        body.append_op(inner, br);
        let mut z = OperationState::new(ctx.ident("t.z"), ctx.empty_dict(), ctx.unknown_loc());
        z.operands.extend([yv, a, bv, a]);
        z.result_types.push(t);
        z.regions.push(r);
        let z = body.create_op(z);
        body.append_op(block, z);
    }

    /// A body with one block holding two args and one op using them; returns it, its block,
    /// the args and a detached block (as the parser's forward-reference block).
    fn start(ctx: &Context) -> (Body, Block, Value, Value, Block) {
        let t = ctx.int_type(32);
        let mut body = Body::new();
        let fwd = body.append_block_detached();
        let r = body.new_region();
        body.roots.push(r);
        let b = body.append_block(r);
        let a = body.add_block_arg(b, t, None);
        let bv = body.add_block_arg(b, t, None);
        let mut st = OperationState::new(ctx.ident("t.x"), ctx.empty_dict(), ctx.unknown_loc());
        st.operands.extend([bv, a]);
        let x = body.create_op(st);
        body.append_op(b, x);
        (body, b, a, bv, fwd)
    }

    #[test]
    fn appended_fragment_equals_building_in_place() {
        for hinted in [false, true] {
            appended_fragment_equals_building_in_place_with(hinted);
        }
    }

    fn appended_fragment_equals_building_in_place_with(hinted: bool) {
        let ctx = Context::new();
        let t = ctx.int_type(32);
        // In place, twice.
        let (mut seq, sb, sa, sbv, _) = start(&ctx);
        build(&ctx, &mut seq, sb, sa, sbv);
        build(&ctx, &mut seq, sb, sa, sbv);

        // The second half in a fragment whose outer names are placeholders.
        let (mut merged, mb, ma, mbv, mfwd) = start(&ctx);
        build(&ctx, &mut merged, mb, ma, mbv);
        let mut frag = Body::new();
        let ffwd = frag.append_block_detached();
        let fr = frag.new_region();
        let fb = frag.append_block(fr);
        let pa = frag.add_block_arg(ffwd, t, None);
        let pb = frag.add_block_arg(ffwd, t, None);
        build(&ctx, &mut frag, fb, pa, pb);
        let region = merged.block_region(mb).unwrap();
        let last_uses = if hinted { vec![frag.last_use(pa), frag.last_use(pb)] } else { vec![] };
        let map = MergeMap { blocks: vec![(fb, mb), (ffwd, mfwd)], regions: vec![(fr, region)], values: vec![(pa, ma), (pb, mbv)], last_uses };
        let plan = merged.merged_values(&frag, &map);
        merged.append_body(&mut frag, &map, &plan);
        assert_eq!(dump(&merged, mb), dump(&seq, sb));
        assert_eq!(merged.block_ops(mb).count(), 5);
        assert_eq!(merged.block_last_op(mb), seq.block_last_op(sb));
    }

    #[test]
    fn appending_to_an_empty_block_keeps_kept_placeholders() {
        let ctx = Context::new();
        let t = ctx.int_type(32);
        let mut body = Body::new();
        let fwd = body.append_block_detached();
        let r = body.new_region();
        let b = body.append_block(r);
        let mut frag = Body::new();
        let ffwd = frag.append_block_detached();
        let fr = frag.new_region();
        let fb = frag.append_block(fr);
        // An unresolved placeholder that stays (as the parser keeps resolved ones), and one
        // that stands for nothing: both are copied.
        let p0 = frag.add_block_arg(ffwd, t, None);
        let p1 = frag.add_block_arg(ffwd, t, None);
        let mut st = OperationState::new(ctx.ident("t.u"), ctx.empty_dict(), ctx.unknown_loc());
        st.operands.extend([p0, p1]);
        let u = frag.create_op(st);
        frag.append_op(fb, u);
        let map = MergeMap { blocks: vec![(fb, b), (ffwd, fwd)], regions: vec![(fr, r)], values: vec![], last_uses: vec![] };
        let plan = body.merged_values(&frag, &map);
        body.append_body(&mut frag, &map, &plan);
        let ops: Vec<_> = body.block_ops(b).collect();
        assert_eq!(ops.len(), 1);
        assert_eq!(body.prev_op(ops[0]), None);
        assert_eq!(body.block_args(fwd).len(), 2);
        let args = body.block_args(fwd).to_vec();
        assert_eq!(body.value(args[1]).def, ValueDef::Arg(fwd, 1));
        assert_eq!(body.operand_values(ops[0]), &args[..]);
        assert_eq!(body.uses(args[0]).collect::<Vec<_>>(), vec![crate::Use { op: ops[0], index: 0 }]);
    }

    #[test]
    fn isolated_bodies_move_with_their_ops() {
        let ctx = Context::new();
        let mut body = Body::new();
        let r = body.new_region();
        let b = body.append_block(r);
        let mut frag = Body::new();
        let fr = frag.new_region();
        let fb = frag.append_block(fr);
        let mut inner = Body::new();
        let ir = inner.new_region();
        inner.roots.push(ir);
        let ib = inner.append_block(ir);
        let leaf = inner.create_op(OperationState::new(ctx.ident("t.leaf"), ctx.empty_dict(), ctx.unknown_loc()));
        inner.append_op(ib, leaf);
        let mut st = OperationState::new(ctx.ident("t.iso"), ctx.empty_dict(), ctx.unknown_loc());
        st.nested = Some(Box::new(inner));
        let iso = frag.create_op(st);
        frag.append_op(fb, iso);
        let map = MergeMap { blocks: vec![(fb, b)], regions: vec![(fr, r)], ..MergeMap::default() };
        let plan = body.merged_values(&frag, &map);
        body.append_body(&mut frag, &map, &plan);
        let op = body.block_ops(b).next().expect("moved op");
        let nested = body.nested(op).expect("its body moved with it");
        assert_eq!(nested.count_ops(), 1);
        assert_eq!(frag.num_ops(), 0, "the fragment is left empty");
    }
}
