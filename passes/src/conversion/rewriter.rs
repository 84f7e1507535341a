//! The rewriter conversion patterns edit IR with (MLIR's `ConversionPatternRewriter` in its
//! default, rollback mode).
//!
//! Creating ops and blocks, moving ops and blocks, splitting blocks and changing ops in place
//! happen at once. Replacements do not: replacing an op (or erasing it) maps its results to
//! the new values and marks it, and what it holds, replaced; it stays where it is, and its
//! users keep reading it, until the conversion commits. So does a replaced block argument, and
//! an erased block (taken out of its region). Patterns therefore see the IR as MLIR's patterns
//! do: an op's operands are the original values. A pattern with a type converter sees each
//! operand as the deepest value the mapping leads to that has the converted type, else a
//! target materialization (`builtin.unrealized_conversion_cast`) of the latest one; without a
//! converter, the latest value that is not such a materialization. At commit
//! ([`commit`]), each replaced value's uses move to its replacement, through a source
//! materialization when the types differ; replaced ops and erased blocks are then erased.
//! Materializations are resolved by the driver (see [`super::driver`]).
//!
//! What a pattern creates, modifies in place and the blocks it creates or moves are tracked
//! for the driver to legalize them afterwards.

use super::type_converter::{build_cast, InputMapping, SignatureConversion, TypeConverter};
use mica_ir::{Attr, Block, Body, Context, EntityRef, Ident, Listener, Op, OperationState, Region, Rewriter, Type, Value, ValueDef};
use rustc_hash::{FxHashMap, FxHashSet};
use smallvec::{smallvec, SmallVec};

/// Where an op goes: before an op, or at the end of a block.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum InsertPoint {
    /// Right before this op.
    Before(Op),
    /// At the end of this block.
    End(Block),
}

impl InsertPoint {
    /// The start of `block`.
    pub fn start(body: &Body, block: Block) -> Self {
        body.block_ops(block).next().map_or(InsertPoint::End(block), InsertPoint::Before)
    }

    /// Right after `op` (which must be in a block).
    pub fn after(body: &Body, op: Op) -> Self {
        match body.next_op(op) {
            Some(n) => InsertPoint::Before(n),
            None => InsertPoint::End(body.op_block(op).expect("op in a block")),
        }
    }

    /// Right after the definition of `v`: after its op, or at the start of its block.
    pub fn after_def(body: &Body, v: Value) -> Self {
        match body.value(v).def {
            ValueDef::Result(op, _) => Self::after(body, op),
            ValueDef::Arg(block, _) => Self::start(body, block),
        }
    }

    /// Inserts the unplaced `op` here.
    pub fn insert(self, body: &mut Body, op: Op) {
        match self {
            InsertPoint::Before(b) => body.insert_op_before(b, op),
            InsertPoint::End(block) => body.append_op(block, op),
        }
    }
}

/// The location of a value: its block argument location, or its defining op's.
pub fn value_loc(ctx: &Context, body: &Body, v: Value) -> Attr {
    match body.value(v).def {
        ValueDef::Result(op, _) => body.op(op).loc,
        ValueDef::Arg(..) => body.value(v).loc.unwrap_or_else(|| ctx.unknown_loc()),
    }
}

/// A few values (usually one).
pub(crate) type Values = SmallVec<[Value; 1]>;

/// What a driver-built materialization converts.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum MatKind {
    /// Converted values back to an original type.
    Source,
    /// Values to the type a pattern asked for.
    Target,
}

/// A materialization the driver built, resolved when the conversion ends.
pub(crate) struct Materialization<'p> {
    pub(crate) kind: MatKind,
    pub(crate) converter: Option<&'p TypeConverter>,
    /// Whether it only resolves a type mismatch (rather than standing for a dropped value).
    pure: bool,
    /// The values mapped to its results.
    mapped: Values,
}

/// A change applied when the conversion commits.
enum Rewrite<'p> {
    /// The op's results are replaced by their mapped values, and it is erased.
    ReplaceOp { op: Op, converter: Option<&'p TypeConverter> },
    /// The value's uses move to its mapped value.
    ReplaceValue { value: Value, converter: Option<&'p TypeConverter> },
    /// The block (taken out of its region) is erased.
    EraseBlock(Block),
}

/// The driver's record of one body (the regions of one isolated op).
#[derive(Default)]
pub(crate) struct BodyState<'p> {
    /// Replaced values (and vectors of them) to their replacements.
    mapping: FxHashMap<Values, Values>,
    /// Every value some value maps to.
    mapped_to: FxHashSet<Value>,
    /// Ops replaced or erased, and everything in them.
    pub(crate) replaced: FxHashSet<Op>,
    /// The changes to apply at commit, in order.
    rewrites: Vec<Rewrite<'p>>,
    /// The materializations, by cast op.
    pub(crate) mats: FxHashMap<Op, Materialization<'p>>,
    /// The materializations in the order they were built.
    pub(crate) mat_order: Vec<Op>,
    /// Ops not to legalize (nested in recursively legal ops).
    pub(crate) ignored: FxHashSet<Op>,
    /// Isolated ops whose bodies are not to be converted.
    pub(crate) skip_nested: FxHashSet<Op>,
    /// Regions whose blocks' arguments are converted with a converter (blocks moved into them
    /// get their signature converted too).
    pub(crate) region_converters: FxHashMap<Region, &'p TypeConverter>,
}

impl<'p> BodyState<'p> {
    fn map(&mut self, from: Values, to: Values) {
        self.mapped_to.extend(to.iter().copied());
        self.mapping.insert(from, to);
    }

    /// Whether `op` was replaced or is to be left alone.
    pub(crate) fn is_ignored(&self, op: Op) -> bool {
        self.replaced.contains(&op) || self.ignored.contains(&op)
    }

    fn is_pure(&self, body: &Body, values: &[Value]) -> bool {
        let Some(&first) = values.first() else { return false };
        let ValueDef::Result(op, _) = body.value(first).def else { return false };
        values.iter().all(|v| matches!(body.value(*v).def, ValueDef::Result(o, _) if o == op)) && self.mats.get(&op).is_some_and(|m| m.pure)
    }

    /// MLIR's `lookupOrDefault`: follows the mapping from `from` to the deepest values with
    /// the `desired` types (empty when there are none), or, without desired types, the
    /// deepest values (the deepest that are not pure materializations, when `skip_pure`).
    fn lookup(&self, body: &Body, from: Value, desired: Option<&[Type]>, skip_pure: bool) -> Values {
        let types = |vs: &Values| -> SmallVec<[Type; 1]> { vs.iter().map(|v| body.value_type(*v)).collect() };
        let mut found: Values = Values::new();
        let mut current: Values = smallvec![from];
        let mut last_real: Values = smallvec![from];
        loop {
            let mut matched = desired.is_some_and(|d| types(&current).as_slice() == d);
            if skip_pure {
                let pure = self.is_pure(body, &current);
                matched &= !pure;
                if !pure {
                    last_real = current.clone();
                }
            }
            if matched {
                found = current.clone();
            }
            // Each value replaced on its own, else the whole vector (materializations).
            let mut next = Values::new();
            for v in &current {
                match self.mapping.get(&smallvec![*v] as &Values) {
                    Some(r) => next.extend(r.iter().copied()),
                    None => next.push(*v),
                }
            }
            if next == current {
                match self.mapping.get(&current) {
                    Some(r) => next = r.clone(),
                    None => break,
                }
            }
            current = next;
        }
        if desired.is_some() {
            found
        } else if skip_pure {
            last_real
        } else {
            current
        }
    }

    /// MLIR's `lookupOrNull`: as `lookup`, but empty when nothing replaces `from` or the
    /// result lacks the desired types.
    fn lookup_or_null(&self, body: &Body, from: Value, desired: Option<&[Type]>) -> Values {
        let r = self.lookup(body, from, desired, false);
        let types_ok = desired.is_none_or(|d| r.iter().map(|v| body.value_type(*v)).eq(d.iter().copied()));
        if r.as_slice() == [from] || !types_ok { Values::new() } else { r }
    }
}

/// The state of every body, by the path of isolated ops leading to it from the converted IR.
pub(crate) type States<'p> = FxHashMap<Vec<Op>, BodyState<'p>>;

/// What one pattern application did.
#[derive(Default)]
pub(crate) struct Track {
    /// Ops with this index or above were created during the application.
    first_new: usize,
    /// Ops created, in order.
    pub(crate) new_ops: Vec<Op>,
    /// Ops modified in place, in order.
    pub(crate) modified: Vec<Op>,
    /// Blocks created or moved.
    pub(crate) blocks: Vec<Block>,
    /// Whether the IR changed at all (materializations aside).
    pub(crate) changed: bool,
}

impl Track {
    pub(crate) fn new(body: &Body) -> Self {
        Self { first_new: body.num_ops(), ..Self::default() }
    }
}

impl Listener for Track {
    fn inserted(&mut self, _: &Body, op: Op) {
        self.changed = true;
        if op.index() >= self.first_new && !self.new_ops.contains(&op) {
            self.new_ops.push(op);
        }
    }

    fn modified(&mut self, _: &Body, op: Op) {
        self.changed = true;
        if !self.modified.contains(&op) {
            self.modified.push(op);
        }
    }

    fn erasing(&mut self, _: &Body, _: Op) {
        self.changed = true;
    }
}

/// Where a materialization of `values` goes: after the latest definition among them.
fn insert_point(body: &Body, values: &[Value]) -> InsertPoint {
    let mut best = InsertPoint::after_def(body, values[0]);
    for &v in &values[1..] {
        let ip = InsertPoint::after_def(body, v);
        let later = match (body.value(values[0]).def, body.value(v).def) {
            (ValueDef::Result(a, _), ValueDef::Result(b, _)) if body.op_block(a) == body.op_block(b) => {
                body.block_ops(body.op_block(a).expect("in a block")).position(|o| o == b) > body.block_ops(body.op_block(a).expect("in a block")).position(|o| o == a)
            }
            (ValueDef::Arg(..), ValueDef::Result(..)) => true,
            _ => false,
        };
        if later {
            best = ip;
        }
    }
    best
}

/// Builds a materialization from `inputs` to `types` at `ip`, maps `mapped` to it and records
/// it in `state`.
#[allow(clippy::too_many_arguments)]
fn build_mat<'p>(ctx: &Context, body: &mut Body, state: &mut BodyState<'p>, kind: MatKind, ip: InsertPoint, loc: Attr, mapped: Values, inputs: &[Value], types: &[Type], converter: Option<&'p TypeConverter>, pure: bool) -> Values {
    let values: Values = build_cast(ctx, body, ip, types, inputs, loc).into_iter().collect();
    let ValueDef::Result(op, _) = body.value(values[0]).def else { unreachable!("a cast result") };
    if !mapped.is_empty() {
        state.map(mapped.clone(), values.clone());
    }
    state.mats.insert(op, Materialization { kind, converter, pure, mapped });
    state.mat_order.push(op);
    values
}

/// MLIR's `findOrBuildReplacementValue`: what the uses of `value` move to at commit.
fn replacement<'p>(ctx: &Context, body: &mut Body, state: &mut BodyState<'p>, value: Value, converter: Option<&'p TypeConverter>) -> Option<Value> {
    let ty = body.value_type(value);
    if let Some(&r) = state.lookup_or_null(body, value, Some(&[ty])).first() {
        return Some(r);
    }
    if body.uses(value).all(|u| state.replaced.contains(&u.op)) && !state.mapped_to.contains(&value) {
        return None;
    }
    let repl = state.lookup_or_null(body, value, None);
    if repl.is_empty() {
        return None;
    }
    let ip = insert_point(body, &repl);
    let loc = value_loc(ctx, body, value);
    let values = build_mat(ctx, body, state, MatKind::Source, ip, loc, repl.clone(), &repl, &[ty], converter, true);
    Some(values[0])
}

/// Applies the deferred changes of `state` to `body` (MLIR's commit and cleanup): replaced
/// values' uses move to their replacements, then replaced ops and erased blocks are erased.
pub(crate) fn commit<'p>(ctx: &Context, body: &mut Body, state: &mut BodyState<'p>) {
    let rewrites = std::mem::take(&mut state.rewrites);
    let mut unlinked: Vec<Op> = Vec::new();
    for rw in &rewrites {
        match *rw {
            Rewrite::ReplaceOp { op, converter } => {
                for r in body.results(op).to_vec() {
                    if let Some(v) = replacement(ctx, body, state, r, converter) {
                        body.replace_all_uses(r, v);
                    }
                }
                body.unlink_op(op);
                unlinked.push(op);
            }
            Rewrite::ReplaceValue { value, converter } => {
                let Some(repl) = replacement(ctx, body, state, value, converter) else { continue };
                match body.value(repl).def {
                    ValueDef::Arg(..) => body.replace_all_uses(value, repl),
                    ValueDef::Result(def, _) => {
                        // Not the uses before the replacement in its own block.
                        let block = body.op_block(def);
                        for u in body.use_list(value) {
                            let before_def = body.op_block(u.op) == block && block.is_some() && !is_before(body, def, u.op);
                            if !before_def {
                                body.set_operand(u.op, u.index as usize, repl);
                            }
                        }
                    }
                }
            }
            Rewrite::EraseBlock(_) => {}
        }
    }
    let mut none = mica_ir::rewrite::NoListener;
    for rw in rewrites.iter().rev() {
        if let Rewrite::EraseBlock(block) = *rw {
            let mut r = Rewriter::new(body, &mut none);
            r.erase_block(block);
        }
    }
    for op in unlinked {
        if !body.is_erased(op) {
            let mut r = Rewriter::new(body, &mut none);
            r.drop_all_uses(op);
            r.erase_op(op);
        }
    }
}

/// Whether `a` comes before `b` in their block.
fn is_before(body: &Body, a: Op, b: Op) -> bool {
    let mut cur = body.next_op(a);
    while let Some(o) = cur {
        if o == b {
            return true;
        }
        cur = body.next_op(o);
    }
    false
}

/// Edits the body a conversion pattern works in.
pub struct ConversionRewriter<'a, 'p> {
    pub(crate) ctx: &'a Context,
    pub(crate) body: &'a mut Body,
    pub(crate) states: &'a mut States<'p>,
    pub(crate) path: Vec<Op>,
    pub(crate) track: &'a mut Track,
    pub(crate) converter: Option<&'p TypeConverter>,
    pub(crate) owner: Option<Ident>,
}

impl<'a, 'p> ConversionRewriter<'a, 'p> {
    /// The body being rewritten (edit it through the rewriter). Replaced ops are still in it,
    /// until the conversion commits.
    pub fn body(&self) -> &Body {
        self.body
    }

    /// The name of the isolated op owning the body, when known.
    pub fn owner(&self) -> Option<Ident> {
        self.owner
    }

    /// The name of the op whose region holds `op`.
    pub fn parent_name(&self, op: Op) -> Option<Ident> {
        match self.body.parent_op(op) {
            Some(p) => Some(self.body.op(p).name),
            None => self.owner,
        }
    }

    pub(crate) fn state(&mut self) -> &mut BodyState<'p> {
        self.states.entry(self.path.clone()).or_default()
    }

    /// Whether `op` was replaced or erased (it stays in the IR until the conversion commits).
    pub fn is_replaced(&self, op: Op) -> bool {
        self.states.get(&self.path).is_some_and(|s| s.replaced.contains(&op))
    }

    /// Creates an op from `state` at `ip`.
    pub fn create(&mut self, state: OperationState, ip: InsertPoint) -> Op {
        let op = self.body.create_op(state);
        ip.insert(self.body, op);
        self.track.inserted(self.body, op);
        op
    }

    /// Creates an op from `state` right before `before`.
    pub fn create_before(&mut self, state: OperationState, before: Op) -> Op {
        self.create(state, InsertPoint::Before(before))
    }

    /// Creates an op from `state` at the end of `block`.
    pub fn create_at_end(&mut self, state: OperationState, block: Block) -> Op {
        self.create(state, InsertPoint::End(block))
    }

    /// Changes `op` in place through `f` (the driver legalizes it again).
    pub fn modify_op(&mut self, op: Op, f: impl FnOnce(&mut Body)) {
        f(self.body);
        self.track.modified(self.body, op);
    }

    /// Makes operand `index` of `op` read `value`.
    pub fn set_operand(&mut self, op: Op, index: usize, value: Value) {
        self.modify_op(op, |b| b.set_operand(op, index, value));
    }

    /// Marks `op` and what it holds replaced.
    fn mark_replaced(&mut self, op: Op) {
        let mut all = vec![op];
        let mut i = 0;
        while i < all.len() {
            let o = all[i];
            for &r in self.body.local_regions(o) {
                for &b in self.body.region_blocks(r) {
                    all.extend(self.body.block_ops(b));
                }
            }
            i += 1;
        }
        let nested: Vec<Op> = all.iter().copied().filter(|o| self.body.nested(*o).is_some()).collect();
        let state = self.state();
        state.replaced.extend(all);
        state.skip_nested.extend(nested);
    }

    /// Replaces the results of `op` with `values` and erases `op`, once the conversion
    /// commits (until then both stay). A value of another type than the result it replaces
    /// reaches the users left through a source materialization.
    pub fn replace_op(&mut self, op: Op, values: &[Value]) {
        let values: Vec<Option<Value>> = values.iter().map(|v| Some(*v)).collect();
        self.replace_op_with(op, &values);
    }

    /// Replaces the results of `op` with `values` (`None`: the result is dropped, a user left
    /// reads a value materialized from nothing) and erases `op`, once the conversion commits.
    pub fn replace_op_with(&mut self, op: Op, values: &[Option<Value>]) {
        let results: Vec<Value> = self.body.results(op).to_vec();
        for (r, v) in results.iter().zip(values) {
            match v {
                Some(v) => self.state().map(smallvec![*r], smallvec![*v]),
                None => {
                    let ip = InsertPoint::after(self.body, op);
                    let (ctx, ty, loc, converter) = (self.ctx, self.body.value_type(*r), value_loc(self.ctx, self.body, *r), self.converter);
                    let body = &mut *self.body;
                    let state = self.states.entry(self.path.clone()).or_default();
                    build_mat(ctx, body, state, MatKind::Source, ip, loc, smallvec![*r], &[], &[ty], converter, false);
                }
            }
        }
        let converter = self.converter;
        self.state().rewrites.push(Rewrite::ReplaceOp { op, converter });
        self.mark_replaced(op);
        self.track.changed = true;
    }

    /// Erases `op` and everything in it, once the conversion commits; users left read values
    /// materialized from nothing.
    pub fn erase_op(&mut self, op: Op) {
        let none = vec![None; self.body.results(op).len()];
        self.replace_op_with(op, &none);
    }

    /// Makes the uses of `from` read `to`, once the conversion commits (patterns see `to`
    /// for it from now on).
    pub fn replace_all_uses(&mut self, from: Value, to: Value) {
        let converter = self.converter;
        let state = self.state();
        state.map(smallvec![from], smallvec![to]);
        state.rewrites.push(Rewrite::ReplaceValue { value: from, converter });
        self.track.changed = true;
    }

    fn replace_block_arg(&mut self, from: Value, to: Values) {
        let converter = self.converter;
        let state = self.state();
        state.rewrites.push(Rewrite::ReplaceValue { value: from, converter });
        state.map(smallvec![from], to);
        self.track.changed = true;
    }

    /// Splits `block` before `at`: `at` and what follows move to a new block right after it.
    pub fn split_block(&mut self, block: Block, at: Op) -> Block {
        let new = self.body.split_block(block, at);
        self.track.changed = true;
        self.track.blocks.push(new);
        new
    }

    /// Creates a block with arguments of `types` (located at `locs`) in `region`, before
    /// `before` (at the end when `None`).
    pub fn create_block(&mut self, region: Region, before: Option<Block>, types: &[Type], locs: &[Attr]) -> Block {
        let block = self.body.append_block_detached();
        self.body.insert_block(region, block, before);
        for (t, l) in types.iter().zip(locs) {
            self.body.add_block_arg(block, *t, Some(*l));
        }
        self.track.changed = true;
        self.track.blocks.push(block);
        block
    }

    /// Creates a region that belongs to no op yet (for an op about to be created).
    pub fn new_region(&mut self) -> Region {
        self.body.new_region()
    }

    /// Adds an argument to `block`.
    pub fn add_block_arg(&mut self, block: Block, ty: Type, loc: Attr) -> Value {
        self.track.changed = true;
        self.body.add_block_arg(block, ty, Some(loc))
    }

    /// Moves every block of `region` into `dest` before `before` (at the end when `None`).
    pub fn inline_region_before(&mut self, region: Region, dest: Region, before: Option<Block>) {
        for b in self.body.region_blocks(region).to_vec() {
            self.body.insert_block(dest, b, before);
            self.track.changed = true;
            self.track.blocks.push(b);
        }
    }

    /// Moves the ops of `src` right before `before` (its arguments replaced by `args`) and
    /// erases `src`.
    pub fn inline_block_before(&mut self, src: Block, before: Op, args: &[Value]) {
        for (a, v) in self.body.block_args(src).to_vec().into_iter().zip(args) {
            self.replace_block_arg(a, smallvec![*v]);
        }
        let ops: Vec<Op> = self.body.block_ops(src).collect();
        for op in ops {
            self.body.move_op_before(op, before);
        }
        self.erase_block(src);
    }

    /// Moves the ops of `src` to the end of `dest` (its arguments replaced by `args`) and
    /// erases `src`.
    pub fn merge_blocks(&mut self, src: Block, dest: Block, args: &[Value]) {
        for (a, v) in self.body.block_args(src).to_vec().into_iter().zip(args) {
            self.replace_block_arg(a, smallvec![*v]);
        }
        let ops: Vec<Op> = self.body.block_ops(src).collect();
        for op in ops {
            self.body.move_op_to_end(op, dest);
        }
        self.erase_block(src);
    }

    /// Takes `block` out of its region and erases it (with what it holds) once the
    /// conversion commits.
    pub fn erase_block(&mut self, block: Block) {
        let ops: Vec<Op> = self.body.block_ops(block).collect();
        self.body.detach_block(block);
        for op in ops {
            self.mark_replaced(op);
        }
        self.state().rewrites.push(Rewrite::EraseBlock(block));
        self.track.changed = true;
    }

    /// Moves `op` right before `before`.
    pub fn move_op_before(&mut self, op: Op, before: Op) {
        self.body.move_op_before(op, before);
        self.track.inserted(self.body, op);
    }

    /// Moves the regions of `from` to `to` (which has none).
    pub fn take_regions(&mut self, from: Op, to: Op) {
        self.body.take_regions(from, to);
        self.track.changed = true;
    }

    /// Runs `f` with a rewriter of the body of the isolated op `op` (its regions); `None`
    /// when `op` owns no body.
    pub fn nested<R>(&mut self, op: Op, f: impl FnOnce(&mut ConversionRewriter<'_, 'p>) -> R) -> Option<R> {
        let owner = Some(self.body.op(op).name);
        let mut path = self.path.clone();
        path.push(op);
        let body = self.body.nested_mut(op)?;
        let mut track = Track::new(body);
        let mut rw = ConversionRewriter { ctx: self.ctx, body, states: self.states, path, track: &mut track, converter: self.converter, owner };
        let r = f(&mut rw);
        self.track.changed |= track.changed;
        Some(r)
    }

    /// `v` as the current pattern sees it (MLIR's `remapValues`): without a type converter,
    /// the latest value replacing it that is not a materialization; with one, a value of the
    /// converted type (materialized when needed). `None` when its type does not convert to
    /// exactly one type.
    pub fn remapped(&mut self, v: Value, loc: Attr) -> Option<Value> {
        let (ctx, converter) = (self.ctx, self.converter);
        let body = &mut *self.body;
        let state = self.states.entry(self.path.clone()).or_default();
        let Some(conv) = converter else {
            let r = state.lookup(body, v, None, true);
            return (r.len() == 1).then(|| r[0]);
        };
        let legal = conv.convert_type(ctx, body.value_type(v))?;
        if legal.len() != 1 {
            return None;
        }
        let found = state.lookup(body, v, Some(&legal), false);
        if found.len() == 1 {
            return Some(found[0]);
        }
        let repl = state.lookup(body, v, None, true);
        let ip = insert_point(body, &repl);
        let values = build_mat(ctx, body, state, MatKind::Target, ip, loc, repl.clone(), &repl, &legal, Some(conv), true);
        Some(values[0])
    }

    /// The operands of `op` as the current pattern sees them (see [`Self::remapped`]).
    pub(crate) fn remap_operands(&mut self, op: Op) -> Option<Vec<Value>> {
        let loc = self.body.op(op).loc;
        let operands: Vec<Value> = self.body.operands(op).collect();
        operands.into_iter().map(|v| self.remapped(v, loc)).collect()
    }

    /// Converts the argument types of every block of `region` with `converter` (the entry
    /// block's as `entry` says, when given), and keeps converting blocks moved into it later.
    /// Returns the new entry block (`None` for an empty region), or the block whose argument
    /// types do not convert.
    pub fn convert_region_types(&mut self, region: Region, converter: &'p TypeConverter, entry: Option<&SignatureConversion>) -> Result<Option<Block>, Block> {
        self.state().region_converters.insert(region, converter);
        let blocks = self.body.region_blocks(region).to_vec();
        let Some((&first, rest)) = blocks.split_first() else { return Ok(None) };
        for &b in rest {
            let conv = converter.convert_block_signature(self.ctx, self.body, b).ok_or(b)?;
            self.apply_signature_conversion(b, &conv, Some(converter));
        }
        let conv = match entry {
            Some(c) => c.clone(),
            None => converter.convert_block_signature(self.ctx, self.body, first).ok_or(first)?,
        };
        Ok(Some(self.apply_signature_conversion(first, &conv, Some(converter))))
    }

    /// Gives `block` the signature `conv` describes: a new block with the converted argument
    /// types takes its place, its ops and predecessors; the old arguments are replaced by the
    /// new ones (through source materializations at commit when the types differ). Returns
    /// the new block (`block` itself when nothing changes or it is in no region).
    pub fn apply_signature_conversion(&mut self, block: Block, conv: &SignatureConversion, converter: Option<&'p TypeConverter>) -> Block {
        let old_types: Vec<Type> = self.body.block_args(block).iter().map(|a| self.body.value_type(*a)).collect();
        if old_types.as_slice() == conv.converted_types() {
            return block;
        }
        let Some(region) = self.body.block_region(block) else { return block };
        let saved = std::mem::replace(&mut self.converter, converter);
        let next = self.body.region_blocks(region).iter().position(|b| *b == block).and_then(|p| self.body.region_blocks(region).get(p + 1).copied());
        let old_args = self.body.block_args(block).to_vec();
        let mut locs = vec![self.ctx.unknown_loc(); conv.converted_types().len()];
        for (i, a) in old_args.iter().enumerate() {
            if let Some(InputMapping::Args { start, size }) = conv.input_mapping(i) {
                let loc = value_loc(self.ctx, self.body, *a);
                locs[*start..start + size].fill(loc);
            }
        }
        let new = self.create_block(region, next, conv.converted_types(), &locs);
        let ops: Vec<Op> = self.body.block_ops(block).collect();
        for op in ops {
            self.body.move_op_to_end(op, new);
        }
        for pred in self.body.predecessors(block) {
            for i in 0..self.body.successors(pred).len() {
                if self.body.successors(pred)[i] == block {
                    self.body.set_successor(pred, i, new);
                }
            }
        }
        let new_args = self.body.block_args(new).to_vec();
        for (i, a) in old_args.iter().enumerate() {
            let repl: Values = match conv.input_mapping(i) {
                None => {
                    let (ctx, ty, loc, conv_) = (self.ctx, self.body.value_type(*a), value_loc(self.ctx, self.body, *a), self.converter);
                    let ip = InsertPoint::start(self.body, new);
                    let body = &mut *self.body;
                    let state = self.states.entry(self.path.clone()).or_default();
                    build_mat(ctx, body, state, MatKind::Source, ip, loc, Values::new(), &[], &[ty], conv_, false)
                }
                Some(InputMapping::Args { start, size }) => new_args[*start..start + size].iter().copied().collect(),
                Some(InputMapping::Values(v)) => v.iter().copied().collect(),
            };
            self.replace_block_arg(*a, repl);
        }
        self.erase_block(block);
        self.converter = saved;
        new
    }

    /// The number of materializations built so far (to undo those of a pattern that fails).
    pub(crate) fn mat_count(&mut self) -> usize {
        self.state().mat_order.len()
    }

    /// Erases the materializations built after the first `n` (a failed pattern's).
    pub(crate) fn undo_mats(&mut self, n: usize) {
        let body = &mut *self.body;
        let state = self.states.entry(self.path.clone()).or_default();
        while state.mat_order.len() > n {
            let op = state.mat_order.pop().expect("longer than n");
            if let Some(m) = state.mats.remove(&op)
                && !m.mapped.is_empty()
            {
                state.mapping.remove(&m.mapped);
            }
            body.erase_op(op);
        }
    }
}
