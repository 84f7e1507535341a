//! `Body`: the arenas holding the operations, blocks, regions and values of one
//! IsolatedFromAbove operation's regions.
//!
//! Operations in a block form an intrusive doubly linked list (O(1) insert and unlink); every
//! value threads a use list through the operand slots that read it (O(1) operand update, O(uses)
//! replace-all-uses). An IsolatedFromAbove operation nested inside owns a `Body` of its own, so
//! passes can work on disjoint bodies in parallel.

use crate::{Attr, Ident, Type};
use cranelift_entity::packed_option::PackedOption;
use cranelift_entity::{EntityRef, PrimaryMap, entity_impl};
use smallvec::SmallVec;

mod merge;
pub use merge::{MergeMap, MergedValues};

/// An operation in a [`Body`].
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Op(u32);
entity_impl!(Op, "op");

/// A block in a [`Body`].
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Block(u32);
entity_impl!(Block, "block");

/// A region in a [`Body`].
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Region(u32);
entity_impl!(Region, "region");

/// An SSA value (an operation result or a block argument) in a [`Body`].
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Value(u32);
entity_impl!(Value, "value");

/// One operand slot: `index` of the operands of `op`.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct Use {
    /// The reading operation.
    pub op: Op,
    /// The operand position.
    pub index: u32,
}

/// An optional [`Use`] in eight bytes (`op` is `u32::MAX` for none): use-list links.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) struct UseLink {
    op: u32,
    index: u32,
}

impl UseLink {
    pub(crate) const NONE: UseLink = UseLink { op: u32::MAX, index: 0 };

    fn get(self) -> Option<Use> {
        (self.op != u32::MAX).then(|| Use { op: Op::from_u32(self.op), index: self.index })
    }
}

impl From<Option<Use>> for UseLink {
    fn from(u: Option<Use>) -> Self {
        u.map_or(UseLink::NONE, |u| UseLink { op: u.op.as_u32(), index: u.index })
    }
}

/// The use-list links of an operand slot: the previous and the next use of the value it reads.
#[derive(Copy, Clone, Debug)]
struct Links {
    prev: UseLink,
    next: UseLink,
}

/// Where a value comes from.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum ValueDef {
    /// Result `1` of operation `0`.
    Result(Op, u32),
    /// Argument `1` of block `0`.
    Arg(Block, u32),
}

/// A value's data, as [`Body::value`] gives it (the arena keeps it packed).
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct ValueData {
    /// Its type.
    pub ty: Type,
    /// Its definition.
    pub def: ValueDef,
    /// For block arguments, the argument's location.
    pub loc: Option<Attr>,
}

/// The raw index standing for "no attribute" in packed optional attributes.
const NO_ATTR: u32 = u32::MAX;

/// The top bit of [`ValueSlot::def_index`]: the value is a block argument.
const ARG_BIT: u32 = 1 << 31;

fn pack_attr(a: Option<Attr>) -> u32 {
    a.map_or(NO_ATTR, |a| a.0)
}

fn unpack_attr(raw: u32) -> Option<Attr> {
    (raw != NO_ATTR).then_some(Attr(raw))
}

/// A value as the arena stores it: 24 bytes.
#[derive(Clone, Debug)]
pub(crate) struct ValueSlot {
    ty: Type,
    /// The defining op or block.
    def_owner: u32,
    /// The result or argument index, with [`ARG_BIT`] set for arguments.
    def_index: u32,
    /// The location ([`NO_ATTR`] for none).
    loc: u32,
    pub(crate) first_use: UseLink,
}

impl ValueSlot {
    fn new(ty: Type, def: ValueDef, loc: Option<Attr>) -> Self {
        let mut s = ValueSlot { ty, def_owner: 0, def_index: 0, loc: pack_attr(loc), first_use: UseLink::NONE };
        s.set_def(def);
        s
    }

    fn def(&self) -> ValueDef {
        if self.def_index & ARG_BIT != 0 {
            ValueDef::Arg(Block::from_u32(self.def_owner), self.def_index & !ARG_BIT)
        } else {
            ValueDef::Result(Op::from_u32(self.def_owner), self.def_index)
        }
    }

    pub(crate) fn set_def(&mut self, def: ValueDef) {
        (self.def_owner, self.def_index) = match def {
            ValueDef::Result(op, i) => (op.as_u32(), i),
            ValueDef::Arg(b, i) => (b.as_u32(), i | ARG_BIT),
        };
    }
}

/// The parts of an operation that few operations have, kept out of line.
#[derive(Clone, Debug, Default)]
pub(crate) struct OpExtra {
    /// Successor blocks (their operands are part of the operand list).
    pub(crate) successors: SmallVec<[Block; 2]>,
    /// The regions of a non-isolated operation.
    pub(crate) regions: SmallVec<[Region; 1]>,
    /// For an IsolatedFromAbove operation: the body owning its regions.
    pub(crate) nested: Option<Box<Body>>,
    /// What is known of the verification of `nested` (see [`Body::mark_nested_verified`]).
    pub(crate) nested_check: NestedCheck,
}

/// What is known of the verification of an isolated operation's body.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub(crate) enum NestedCheck {
    /// Nothing.
    #[default]
    Unknown,
    /// Its contents passed verification as they were built, and no one had mutable access to
    /// them since; `symbol_users` says whether ops in it have symbol uses to check.
    Passed { symbol_users: bool },
}

/// An index into [`Body`]'s out-of-line operation parts.
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub(crate) struct ExtraId(u32);
entity_impl!(ExtraId, "extra");

/// The top bit of `OpData::result_bits`: the operation is erased.
const ERASED_BIT: u32 = 1 << 31;

/// An operation's data (48 bytes; successors, regions and a nested body live apart, see
/// [`Body::successors`], [`Body::local_regions`] and [`Body::nested`]).
#[derive(Clone, Debug)]
pub struct OpData {
    /// Full name, `dialect.op`.
    pub name: Ident,
    /// Discardable attributes: always a dictionary attribute.
    pub attrs: Attr,
    /// The location.
    pub loc: Attr,
    /// The properties (`<{...}>`), [`NO_ATTR`] for none.
    properties: u32,
    /// Where the operands are in the body's operand arena (`operand_start..` for
    /// `operand_len` slots).
    operand_start: u32,
    operand_len: u32,
    /// The results: `result_count` consecutive values from value `first_result`; the count
    /// with [`ERASED_BIT`] set once the operation is erased.
    first_result: u32,
    result_bits: u32,
    pub(crate) parent: PackedOption<Block>,
    pub(crate) prev: PackedOption<Op>,
    pub(crate) next: PackedOption<Op>,
    /// Its successors, regions or nested body, if it has any.
    pub(crate) extra: PackedOption<ExtraId>,
}

impl OpData {
    /// The properties (`<{...}>`), if any.
    #[inline]
    pub fn properties(&self) -> Option<Attr> {
        unpack_attr(self.properties)
    }

    /// Sets the properties.
    pub fn set_properties(&mut self, properties: Option<Attr>) {
        self.properties = pack_attr(properties);
    }

    #[inline]
    fn result_count(&self) -> u32 {
        self.result_bits & !ERASED_BIT
    }
}

/// A block's data.
#[derive(Clone, Debug, Default)]
pub struct BlockData {
    pub(crate) args: SmallVec<[Value; 2]>,
    pub(crate) parent: PackedOption<Region>,
    pub(crate) first: PackedOption<Op>,
    pub(crate) last: PackedOption<Op>,
}

/// A region's data.
#[derive(Clone, Debug, Default)]
pub struct RegionData {
    /// Its blocks, in order (most regions have one: held inline).
    pub(crate) blocks: SmallVec<[Block; 1]>,
    pub(crate) parent: PackedOption<Op>,
}

/// What it takes to create an operation.
#[derive(Clone, Debug)]
pub struct OperationState {
    /// Full name.
    pub name: Ident,
    /// Operand values, including the operands passed to successors.
    pub operands: SmallVec<[Value; 3]>,
    /// Result types.
    pub result_types: SmallVec<[Type; 1]>,
    /// Successor blocks.
    pub successors: SmallVec<[Block; 2]>,
    /// Properties.
    pub properties: Option<Attr>,
    /// Discardable attributes (a dictionary).
    pub attrs: Attr,
    /// Location.
    pub loc: Attr,
    /// Regions created beforehand in the same body (not for isolated operations).
    pub regions: SmallVec<[Region; 1]>,
    /// For isolated operations: the body holding the regions (its [`Body::roots`]).
    pub nested: Option<Box<Body>>,
}

impl OperationState {
    /// A state with just a name, attributes and location set.
    pub fn new(name: Ident, attrs: Attr, loc: Attr) -> Self {
        Self {
            name,
            operands: SmallVec::new(),
            result_types: SmallVec::new(),
            successors: SmallVec::new(),
            properties: None,
            attrs,
            loc,
            regions: SmallVec::new(),
            nested: None,
        }
    }
}

/// The arenas of one isolated scope.
#[derive(Clone, Debug, Default)]
pub struct Body {
    pub(crate) ops: PrimaryMap<Op, OpData>,
    pub(crate) blocks: PrimaryMap<Block, BlockData>,
    pub(crate) regions: PrimaryMap<Region, RegionData>,
    pub(crate) values: PrimaryMap<Value, ValueSlot>,
    /// The out-of-line parts of the operations that have successors, regions or a nested body.
    pub(crate) extras: PrimaryMap<ExtraId, OpExtra>,
    /// Every value of the body, in creation order (value `i` at index `i`): an operation's
    /// results are consecutive values, so [`Body::results`] borrows them from here.
    value_ids: Vec<Value>,
    /// The operand slots of all operations: each operation owns a contiguous range (an
    /// operation that grows elsewhere than at the end moves its range to the end).
    operand_values: Vec<Value>,
    /// Per operand slot, its links in the use list of the value it reads.
    operand_links: Vec<Links>,
    /// The regions of the operation owning this body, in order.
    pub roots: SmallVec<[Region; 1]>,
}

impl Body {
    /// An empty body.
    pub fn new() -> Self {
        Self::default()
    }

    /// An empty body with room for `ops` operations and `values` values (and a few blocks and
    /// regions) before its arenas grow.
    pub fn with_capacity(ops: usize, values: usize) -> Self {
        Self {
            ops: PrimaryMap::with_capacity(ops),
            blocks: PrimaryMap::with_capacity(4),
            regions: PrimaryMap::with_capacity(4),
            values: PrimaryMap::with_capacity(values),
            extras: PrimaryMap::new(),
            value_ids: Vec::with_capacity(values),
            operand_values: Vec::with_capacity(2 * ops),
            operand_links: Vec::with_capacity(2 * ops),
            roots: SmallVec::new(),
        }
    }

    /// Makes room for `n` more operations with regions, successors or a nested body (their
    /// out-of-line parts) before that arena grows.
    pub fn reserve_extras(&mut self, n: usize) {
        self.extras.reserve(n);
    }

    /// A body with one root region holding one empty block, and room for nothing more.
    pub fn single_block() -> Self {
        let mut b = Body { blocks: PrimaryMap::with_capacity(1), regions: PrimaryMap::with_capacity(1), ..Body::default() };
        let r = b.regions.push(RegionData::default());
        b.roots.push(r);
        b.append_block(r);
        b
    }

    /// Gives back the room the largest arenas (operations, values, operand links) hold beyond
    /// their contents, once a body is complete.
    pub fn shrink_to_fit(&mut self) {
        self.ops.shrink_to_fit();
        self.values.shrink_to_fit();
        self.operand_links.shrink_to_fit();
    }

    /// Moves the contents into a new body whose arenas are exactly their size, and leaves this
    /// one empty with its room (a parser builds small bodies one after another in the same
    /// scratch body: no arena regrows or is trimmed per body).
    pub fn take_compact(&mut self) -> Body {
        fn exact<K: EntityRef, V: Default>(m: &mut PrimaryMap<K, V>) -> PrimaryMap<K, V> {
            let out = m.values_mut().map(std::mem::take).collect();
            m.clear();
            out
        }
        fn copied<K: EntityRef, V: Clone>(m: &mut PrimaryMap<K, V>) -> PrimaryMap<K, V> {
            let out = m.as_values_slice().to_vec().into();
            m.clear();
            out
        }
        fn copied_vec<T: Copy>(v: &mut Vec<T>) -> Vec<T> {
            let out = v.clone();
            v.clear();
            out
        }
        Body {
            ops: copied(&mut self.ops),
            blocks: exact(&mut self.blocks),
            regions: exact(&mut self.regions),
            values: copied(&mut self.values),
            extras: exact(&mut self.extras),
            value_ids: copied_vec(&mut self.value_ids),
            operand_values: copied_vec(&mut self.operand_values),
            operand_links: copied_vec(&mut self.operand_links),
            roots: std::mem::take(&mut self.roots),
        }
    }

    /// Creates a value (its index is the next one of `value_ids` too).
    fn new_value(&mut self, data: ValueSlot) -> Value {
        let v = self.values.push(data);
        self.value_ids.push(v);
        v
    }

    // ----- creation -----

    /// Creates a region with no parent yet.
    pub fn new_region(&mut self) -> Region {
        self.regions.push(RegionData::default())
    }

    /// Appends a new block to `region`.
    pub fn append_block(&mut self, region: Region) -> Block {
        let b = self.blocks.push(BlockData { parent: region.into(), ..Default::default() });
        self.regions[region].blocks.push(b);
        b
    }

    /// Creates a block at position `index` of `region`'s block list (at the end if `index` is
    /// past it).
    pub fn new_block_at(&mut self, region: Region, index: usize) -> Block {
        let b = self.blocks.push(BlockData { parent: region.into(), ..Default::default() });
        let blocks = &mut self.regions[region].blocks;
        blocks.insert(index.min(blocks.len()), b);
        b
    }

    /// Takes a block out of its region; its operations and arguments stay with it.
    pub fn detach_block(&mut self, block: Block) {
        if let Some(region) = self.blocks[block].parent.take() {
            self.regions[region].blocks.retain(|b| *b != block);
        }
    }

    /// Creates a block that belongs to no region (the parser keeps forward references there).
    pub fn append_block_detached(&mut self) -> Block {
        self.blocks.push(BlockData::default())
    }

    /// Moves a block of `region` to the end of its block list.
    pub fn move_block_to_end(&mut self, region: Region, block: Block) {
        let blocks = &mut self.regions[region].blocks;
        if let Some(pos) = blocks.iter().position(|b| *b == block) {
            blocks.remove(pos);
            blocks.push(block);
        }
    }

    /// Adds an argument to a block.
    pub fn add_block_arg(&mut self, block: Block, ty: Type, loc: Option<Attr>) -> Value {
        let idx = self.blocks[block].args.len() as u32;
        let v = self.new_value(ValueSlot::new(ty, ValueDef::Arg(block, idx), loc));
        self.blocks[block].args.push(v);
        v
    }

    /// Creates an operation (not yet in any block).
    pub fn create_op(&mut self, state: OperationState) -> Op {
        let n_operands = state.operands.len();
        let op = self.ops.push(OpData {
            name: state.name,
            attrs: state.attrs,
            loc: state.loc,
            properties: pack_attr(state.properties),
            operand_start: self.operand_values.len() as u32,
            operand_len: n_operands as u32,
            first_result: self.values.len() as u32,
            result_bits: state.result_types.len() as u32,
            parent: None.into(),
            prev: None.into(),
            next: None.into(),
            extra: None.into(),
        });
        for (i, ty) in state.result_types.iter().enumerate() {
            self.new_value(ValueSlot::new(*ty, ValueDef::Result(op, i as u32), None));
        }
        // The op's operand range is the end of the arenas.
        let start = self.operand_values.len();
        self.operand_values.extend_from_slice(&state.operands);
        self.operand_links.resize(self.operand_values.len(), Links { prev: UseLink::NONE, next: UseLink::NONE });
        for (index, &value) in state.operands.iter().enumerate() {
            self.link_use_at(start + index, value, Use { op, index: index as u32 });
        }
        if let Some(nested) = state.nested {
            self.extra_mut(op).nested = Some(nested);
        } else if !state.regions.is_empty() {
            for r in &state.regions {
                self.regions[*r].parent = op.into();
            }
            self.extra_mut(op).regions = state.regions;
        }
        if !state.successors.is_empty() {
            self.extra_mut(op).successors = state.successors;
        }
        op
    }

    /// The out-of-line parts of `op`, if it has any.
    #[inline]
    pub(crate) fn extra(&self, op: Op) -> Option<&OpExtra> {
        self.ops[op].extra.expand().map(|e| &self.extras[e])
    }

    /// The out-of-line parts of `op`, made on first need.
    pub(crate) fn extra_mut(&mut self, op: Op) -> &mut OpExtra {
        let e = match self.ops[op].extra.expand() {
            Some(e) => e,
            None => {
                let e = self.extras.push(OpExtra::default());
                self.ops[op].extra = e.into();
                e
            }
        };
        &mut self.extras[e]
    }

    /// Appends an operand to `op`.
    pub fn push_operand(&mut self, op: Op, value: Value) {
        let len = self.ops[op].operand_len as usize;
        self.push_operand_unlinked(op, value);
        self.link_use(Use { op, index: len as u32 });
    }

    /// Appends an operand slot reading `value` without linking it into `value`'s use list.
    fn push_operand_unlinked(&mut self, op: Op, value: Value) {
        let (start, len) = (self.ops[op].operand_start as usize, self.ops[op].operand_len as usize);
        if start + len != self.operand_values.len() {
            // Not the last range of the arena: move it to the end (slots are found through
            // their op and index, so nothing else refers to where they were).
            let new_start = self.operand_values.len();
            self.operand_values.extend_from_within(start..start + len);
            self.operand_links.extend_from_within(start..start + len);
            self.ops[op].operand_start = new_start as u32;
        }
        self.operand_values.push(value);
        self.operand_links.push(Links { prev: UseLink::NONE, next: UseLink::NONE });
        self.ops[op].operand_len += 1;
    }

    /// The arena index of operand slot `u`.
    fn slot(&self, u: Use) -> usize {
        self.ops[u.op].operand_start as usize + u.index as usize
    }

    pub(crate) fn link_use(&mut self, u: Use) {
        let at = self.slot(u);
        self.link_use_at(at, self.operand_values[at], u);
    }

    /// [`Self::link_use`] for slot `u`, which is arena index `at` and reads `value`.
    #[inline]
    fn link_use_at(&mut self, at: usize, value: Value, u: Use) {
        let old_first = self.values[value].first_use;
        self.operand_links[at] = Links { prev: UseLink::NONE, next: old_first };
        if let Some(f) = old_first.get() {
            let f = self.slot(f);
            self.operand_links[f].prev = Some(u).into();
        }
        self.values[value].first_use = Some(u).into();
    }

    pub(crate) fn unlink_use(&mut self, u: Use) {
        let at = self.slot(u);
        let value = self.operand_values[at];
        let Links { prev, next } = self.operand_links[at];
        match prev.get() {
            Some(p) => {
                let p = self.slot(p);
                self.operand_links[p].next = next;
            }
            None => self.values[value].first_use = next,
        }
        if let Some(n) = next.get() {
            let n = self.slot(n);
            self.operand_links[n].prev = prev;
        }
    }

    /// Makes operand `index` of `op` read `value`.
    pub fn set_operand(&mut self, op: Op, index: usize, value: Value) {
        assert!(index < self.ops[op].operand_len as usize, "operand index out of range");
        let u = Use { op, index: index as u32 };
        self.unlink_use(u);
        let at = self.slot(u);
        self.operand_values[at] = value;
        self.link_use(u);
    }

    /// Removes operand `index` of `op` (later operands shift down by one; their uses are
    /// relinked in index order, as before).
    pub fn erase_operand(&mut self, op: Op, index: usize) {
        let n = self.ops[op].operand_len as usize;
        for i in index..n {
            self.unlink_use(Use { op, index: i as u32 });
        }
        let start = self.ops[op].operand_start as usize;
        self.operand_values.copy_within(start + index + 1..start + n, start + index);
        self.ops[op].operand_len -= 1;
        for i in index..n - 1 {
            self.link_use(Use { op, index: i as u32 });
        }
    }

    /// Inserts an operand reading `value` at position `index` (later operands shift up by
    /// one; their uses are relinked in index order).
    pub fn insert_operand(&mut self, op: Op, index: usize, value: Value) {
        let n = self.ops[op].operand_len as usize;
        for i in index..n {
            self.unlink_use(Use { op, index: i as u32 });
        }
        // Grow the range by one at its end (push_operand moves it to the arena's end first
        // when it must), then shift the tail up.
        let last = if n > 0 { self.operand_values(op)[n - 1] } else { value };
        self.push_operand_unlinked(op, last);
        let start = self.ops[op].operand_start as usize;
        self.operand_values.copy_within(start + index..start + n, start + index + 1);
        self.operand_values[start + index] = value;
        for i in index..=n {
            self.link_use(Use { op, index: i as u32 });
        }
    }

    /// Makes `op` read exactly `values` (all operands replaced).
    pub fn set_operands(&mut self, op: Op, values: &[Value]) {
        for i in (0..self.ops[op].operand_len as usize).rev() {
            self.unlink_use(Use { op, index: i as u32 });
        }
        self.ops[op].operand_len = 0;
        for &v in values {
            self.push_operand(op, v);
        }
    }

    /// Takes an operand slot out of every use list without unlinking its neighbours (for
    /// slots of code being erased whose value's list is reset as a whole).
    pub(crate) fn clear_use_links(&mut self, u: Use) {
        let at = self.slot(u);
        self.operand_links[at] = Links { prev: UseLink::NONE, next: UseLink::NONE };
    }

    /// Replaces every use of `old` with `new`.
    pub fn replace_all_uses(&mut self, old: Value, new: Value) {
        if old == new {
            return;
        }
        while let Some(u) = self.values[old].first_use.get() {
            self.set_operand(u.op, u.index as usize, new);
        }
    }

    // ----- placement -----

    /// Appends an unlinked operation at the end of `block`.
    pub fn append_op(&mut self, block: Block, op: Op) {
        let last = self.blocks[block].last;
        self.ops[op].parent = block.into();
        self.ops[op].prev = last;
        self.ops[op].next = None.into();
        match last.expand() {
            Some(l) => self.ops[l].next = op.into(),
            None => self.blocks[block].first = op.into(),
        }
        self.blocks[block].last = op.into();
    }

    /// Inserts an unlinked operation right before `before`.
    pub fn insert_op_before(&mut self, before: Op, op: Op) {
        let block = self.ops[before].parent.expect("insertion point is not in a block");
        let prev = self.ops[before].prev;
        self.ops[op].parent = block.into();
        self.ops[op].prev = prev;
        self.ops[op].next = before.into();
        self.ops[before].prev = op.into();
        match prev.expand() {
            Some(p) => self.ops[p].next = op.into(),
            None => self.blocks[block].first = op.into(),
        }
    }

    /// Takes an operation out of its block (it keeps its operands and regions).
    pub fn unlink_op(&mut self, op: Op) {
        let Some(block) = self.ops[op].parent.expand() else { return };
        let (prev, next) = (self.ops[op].prev, self.ops[op].next);
        match prev.expand() {
            Some(p) => self.ops[p].next = next,
            None => self.blocks[block].first = next,
        }
        match next.expand() {
            Some(n) => self.ops[n].prev = prev,
            None => self.blocks[block].last = prev,
        }
        self.ops[op].parent = None.into();
        self.ops[op].prev = None.into();
        self.ops[op].next = None.into();
    }

    /// Unlinks and erases an operation with everything in its regions. Its results must be unused.
    pub fn erase_op(&mut self, op: Op) {
        self.unlink_op(op);
        for i in 0..self.ops[op].operand_len {
            self.unlink_use(Use { op, index: i as u32 });
        }
        self.ops[op].operand_len = 0;
        let regions = match self.ops[op].extra.expand() {
            Some(e) => {
                self.extras[e].nested = None;
                self.extras[e].nested_check = NestedCheck::Unknown;
                std::mem::take(&mut self.extras[e].regions)
            }
            None => SmallVec::new(),
        };
        for r in regions {
            for b in std::mem::take(&mut self.regions[r].blocks) {
                while let Some(inner) = self.blocks[b].last.expand() {
                    self.erase_op(inner);
                }
            }
        }
        self.ops[op].result_bits |= ERASED_BIT;
    }

    // ----- queries -----

    /// An operation's data.
    #[inline]
    pub fn op(&self, op: Op) -> &OpData {
        &self.ops[op]
    }

    /// Sets a value's location.
    pub fn set_value_loc(&mut self, v: Value, loc: Option<Attr>) {
        self.values[v].loc = pack_attr(loc);
    }

    /// Whether an operation has been erased.
    pub fn is_erased(&self, op: Op) -> bool {
        self.ops[op].result_bits & ERASED_BIT != 0
    }

    /// An operation's data, mutably.
    pub fn op_mut(&mut self, op: Op) -> &mut OpData {
        &mut self.ops[op]
    }

    /// A value's data.
    #[inline]
    pub fn value(&self, v: Value) -> ValueData {
        let s = &self.values[v];
        ValueData { ty: s.ty, def: s.def(), loc: unpack_attr(s.loc) }
    }

    /// Where a value comes from.
    #[inline]
    pub fn value_def(&self, v: Value) -> ValueDef {
        self.values[v].def()
    }

    /// A value's type.
    #[inline]
    pub fn value_type(&self, v: Value) -> Type {
        self.values[v].ty
    }

    /// Sets a value's type.
    pub fn set_value_type(&mut self, v: Value, ty: Type) {
        self.values[v].ty = ty;
    }

    /// The operand values of an operation.
    #[inline]
    pub fn operands(&self, op: Op) -> impl ExactSizeIterator<Item = Value> + '_ {
        self.operand_values(op).iter().copied()
    }

    /// The operand values of an operation, as a slice.
    #[inline]
    pub fn operand_values(&self, op: Op) -> &[Value] {
        let d = &self.ops[op];
        &self.operand_values[d.operand_start as usize..(d.operand_start + d.operand_len) as usize]
    }

    /// Operand `i` of an operation.
    #[inline]
    pub fn operand(&self, op: Op, i: usize) -> Value {
        self.operand_values(op)[i]
    }

    /// The number of operands of an operation.
    #[inline]
    pub fn num_operands(&self, op: Op) -> usize {
        self.ops[op].operand_len as usize
    }

    /// The results of an operation: consecutive values, created with it.
    #[inline]
    pub fn results(&self, op: Op) -> &[Value] {
        let d = &self.ops[op];
        &self.value_ids[d.first_result as usize..(d.first_result + d.result_count()) as usize]
    }

    /// The uses of a value, most recent first.
    pub fn uses(&self, v: Value) -> impl Iterator<Item = Use> + '_ {
        std::iter::successors(self.values[v].first_use.get(), move |u| self.operand_links[self.slot(*u)].next.get())
    }

    /// Whether a value has any use.
    pub fn has_uses(&self, v: Value) -> bool {
        self.values[v].first_use.get().is_some()
    }

    /// The successor blocks of an operation.
    #[inline]
    pub fn successors(&self, op: Op) -> &[Block] {
        self.extra(op).map_or(&[], |e| &e.successors)
    }

    /// The regions of a non-isolated operation in this body (empty for isolated ones).
    #[inline]
    pub fn local_regions(&self, op: Op) -> &[Region] {
        self.extra(op).map_or(&[], |e| &e.regions)
    }

    /// The body of an isolated operation's regions.
    #[inline]
    pub fn nested(&self, op: Op) -> Option<&Body> {
        self.extra(op)?.nested.as_deref()
    }

    /// The body of an isolated operation's regions, mutably (what verification knew of it is
    /// forgotten).
    pub fn nested_mut(&mut self, op: Op) -> Option<&mut Body> {
        let e = self.ops[op].extra.expand()?;
        let extra = &mut self.extras[e];
        extra.nested_check = NestedCheck::Unknown;
        extra.nested.as_deref_mut()
    }

    /// Takes the body of an isolated operation out of it (to work on it elsewhere, e.g. on
    /// another thread); [`Body::set_nested`] puts it back.
    pub fn take_nested(&mut self, op: Op) -> Option<Box<Body>> {
        let e = self.ops[op].extra.expand()?;
        let extra = &mut self.extras[e];
        extra.nested_check = NestedCheck::Unknown;
        extra.nested.take()
    }

    /// Makes `nested` the body of `op`'s regions (`op` becomes isolated).
    pub fn set_nested(&mut self, op: Op, nested: Box<Body>) {
        let extra = self.extra_mut(op);
        extra.nested = Some(nested);
        extra.nested_check = NestedCheck::Unknown;
    }

    /// Notes that the contents of the isolated `op`'s body (its regions, not `op` itself)
    /// passed verification as they are, and whether ops in them have symbol uses to check:
    /// [`crate::verify::verify_parsed`] then skips them. Whoever builds a body on one thread and
    /// verifies its parts there while they are fresh in that core's cache says so here; any
    /// mutable access to the body ([`Body::nested_mut`], [`Body::take_nested`]) forgets it.
    pub fn mark_nested_verified(&mut self, op: Op, symbol_users: bool) {
        if let Some(e) = self.ops[op].extra.expand() {
            if self.extras[e].nested.is_some() {
                self.extras[e].nested_check = NestedCheck::Passed { symbol_users };
            }
        }
    }

    /// Whether the contents of the isolated `op`'s body passed verification as they are
    /// ([`Body::mark_nested_verified`]): `Some` with whether ops in them have symbol uses.
    pub fn nested_verified(&self, op: Op) -> Option<bool> {
        match self.extra(op)?.nested_check {
            NestedCheck::Passed { symbol_users } => Some(symbol_users),
            NestedCheck::Unknown => None,
        }
    }

    /// The body holding `op`'s regions and the regions themselves (whether isolated or not).
    #[inline]
    pub fn op_regions(&self, op: Op) -> (&Body, &[Region]) {
        match self.extra(op) {
            Some(OpExtra { nested: Some(b), .. }) => (b, &b.roots),
            Some(e) => (self, &e.regions),
            None => (self, &[]),
        }
    }

    /// The number of regions of an operation.
    pub fn num_regions(&self, op: Op) -> usize {
        self.op_regions(op).1.len()
    }

    /// The block containing an operation.
    #[inline]
    pub fn op_block(&self, op: Op) -> Option<Block> {
        self.ops[op].parent.expand()
    }

    /// The operation after `op` in its block.
    #[inline]
    pub fn next_op(&self, op: Op) -> Option<Op> {
        self.ops[op].next.expand()
    }

    /// The operation before `op` in its block.
    pub fn prev_op(&self, op: Op) -> Option<Op> {
        self.ops[op].prev.expand()
    }

    /// The operations of a block, in order.
    #[inline]
    pub fn block_ops(&self, block: Block) -> impl Iterator<Item = Op> + '_ {
        std::iter::successors(self.blocks[block].first.expand(), move |op| self.ops[*op].next.expand())
    }

    /// The last operation of a block.
    #[inline]
    pub fn block_last_op(&self, block: Block) -> Option<Op> {
        self.blocks[block].last.expand()
    }

    /// The arguments of a block.
    #[inline]
    pub fn block_args(&self, block: Block) -> &[Value] {
        &self.blocks[block].args
    }

    /// The region containing a block.
    pub fn block_region(&self, block: Block) -> Option<Region> {
        self.blocks[block].parent.expand()
    }

    /// The blocks of a region, in order.
    #[inline]
    pub fn region_blocks(&self, region: Region) -> &[Block] {
        &self.regions[region].blocks
    }

    /// The operation owning a region (`None` for the roots of a body).
    pub fn region_parent(&self, region: Region) -> Option<Op> {
        self.regions[region].parent.expand()
    }

    /// The operation whose region contains `op` (`None` at the top of the body).
    pub fn parent_op(&self, op: Op) -> Option<Op> {
        let block = self.op_block(op)?;
        self.region_parent(self.block_region(block)?)
    }

    /// The number of values ever created in this body (the bound of value indices).
    pub fn num_values(&self) -> usize {
        self.values.len()
    }

    /// Calls `f` on every operation location and block-argument location of this body and of
    /// the bodies nested in it (used to patch locations resolved late, like deferred aliases).
    pub fn for_each_location_mut(&mut self, f: &mut dyn FnMut(&mut Attr)) {
        for op in self.ops.values_mut() {
            f(&mut op.loc);
        }
        for e in self.extras.values_mut() {
            if let Some(n) = e.nested.as_deref_mut() {
                n.for_each_location_mut(f);
            }
        }
        for v in self.values.values_mut() {
            if v.loc != NO_ATTR {
                let mut l = Attr(v.loc);
                f(&mut l);
                v.loc = l.0;
            }
        }
    }

    /// The number of operations ever created in this body (the bound of op indices).
    pub fn num_ops(&self) -> usize {
        self.ops.len()
    }

    /// The number of blocks ever created in this body (the bound of block indices).
    pub fn num_blocks(&self) -> usize {
        self.blocks.len()
    }

    /// The number of live operations (recursively including nested bodies).
    pub fn count_ops(&self) -> usize {
        self.ops.keys().filter(|&o| !self.is_erased(o) && self.ops[o].parent.is_some()).map(|o| 1 + self.nested(o).map_or(0, |b| b.count_ops())).sum()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Context;

    #[test]
    fn use_lists_follow_operand_updates() {
        let ctx = Context::new();
        let i32t = ctx.int_type(32);
        let mut body = Body::new();
        let r = body.new_region();
        let b = body.append_block(r);
        let a0 = body.add_block_arg(b, i32t, None);
        let a1 = body.add_block_arg(b, i32t, None);
        let mut st = OperationState::new(ctx.ident("t.add"), ctx.empty_dict(), ctx.unknown_loc());
        st.operands.extend([a0, a0, a1]);
        st.result_types.push(i32t);
        let op = body.create_op(st);
        body.append_op(b, op);
        assert_eq!(body.uses(a0).count(), 2);
        assert_eq!(body.uses(a1).count(), 1);
        body.replace_all_uses(a0, a1);
        assert_eq!(body.uses(a0).count(), 0);
        assert_eq!(body.uses(a1).count(), 3);
        assert!(body.operands(op).all(|v| v == a1));
        body.set_operand(op, 1, a0);
        assert_eq!(body.uses(a0).collect::<Vec<_>>(), vec![Use { op, index: 1 }]);
        body.erase_op(op);
        assert!(!body.has_uses(a0) && !body.has_uses(a1));
        assert_eq!(body.block_ops(b).count(), 0);
    }

    #[test]
    fn arena_entries_stay_small() {
        // Every operation and value of a parsed file lands in these: bytes per entry are
        // pages touched per operation.
        assert_eq!(std::mem::size_of::<OpData>(), 48);
        assert_eq!(std::mem::size_of::<ValueSlot>(), 24);
    }

    #[test]
    fn rare_parts_live_apart() {
        let ctx = Context::new();
        let mut body = Body::new();
        let r = body.new_region();
        let b = body.append_block(r);
        let inner = body.new_region();
        let mut st = OperationState::new(ctx.ident("t.br"), ctx.empty_dict(), ctx.unknown_loc());
        st.successors.push(b);
        st.regions.push(inner);
        st.properties = Some(ctx.empty_dict());
        let op = body.create_op(st);
        let plain = body.create_op(OperationState::new(ctx.ident("t.x"), ctx.empty_dict(), ctx.unknown_loc()));
        assert_eq!(body.successors(op), &[b]);
        assert_eq!(body.local_regions(op), &[inner]);
        assert_eq!(body.region_parent(inner), Some(op));
        assert_eq!(body.op(op).properties(), Some(ctx.empty_dict()));
        assert!(body.successors(plain).is_empty() && body.local_regions(plain).is_empty() && body.op(plain).properties().is_none());
        body.take_regions(op, plain);
        assert_eq!(body.local_regions(plain), &[inner]);
        assert!(body.local_regions(op).is_empty());
        assert_eq!(body.region_parent(inner), Some(plain));
        let arg = body.add_block_arg(b, ctx.int_type(8), Some(ctx.unknown_loc()));
        assert_eq!(body.value(arg).def, ValueDef::Arg(b, 0));
        assert_eq!(body.value(arg).loc, Some(ctx.unknown_loc()));
        body.erase_op(op);
        assert!(body.is_erased(op) && !body.is_erased(plain));
    }

    #[test]
    fn ops_keep_block_order() {
        let ctx = Context::new();
        let mut body = Body::new();
        let r = body.new_region();
        let b = body.append_block(r);
        let mk = |body: &mut Body, n: &str| body.create_op(OperationState::new(ctx.ident(n), ctx.empty_dict(), ctx.unknown_loc()));
        let x = mk(&mut body, "t.x");
        let y = mk(&mut body, "t.y");
        let z = mk(&mut body, "t.z");
        body.append_op(b, x);
        body.append_op(b, z);
        body.insert_op_before(z, y);
        assert_eq!(body.block_ops(b).collect::<Vec<_>>(), vec![x, y, z]);
        body.unlink_op(x);
        assert_eq!(body.block_ops(b).collect::<Vec<_>>(), vec![y, z]);
        assert_eq!(body.block_last_op(b), Some(z));
        assert_eq!(body.prev_op(y), None);
    }
}
