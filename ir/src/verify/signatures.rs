//! The signatures of the ops whose own verifier has passed, so that the verifier skips the
//! ops that share one.
//!
//! An op's signature is its name, properties, discardable attributes, operand and result
//! types and its parent op's name. Ops repeat signatures all the time (every `arith.addi` on
//! `i64` under a `func.func`), and for ops whose definition says their `verify` hook reads
//! nothing else ([`OpDef::verify_by_signature`]) and which have no regions and no successors,
//! the hook's verdict is the same for all ops of one signature. Only successes are remembered:
//! a failing op is verified in full, so its diagnostic is the one it always was. Each thread
//! keeps its own set for one verification, so nothing is shared or outlives the IR's context.
//!
//! An op most often repeats the signature of the last op with its name, properties,
//! attributes and parent op's name, so that one is kept inline in a slot (when it has few
//! operands and results) and compared with the op first, field by field; only when it differs
//! is the op's signature built and looked up among all those that passed.

use crate::body::{Body, Op};
use crate::registry::OpDef;
use hashbrown::HashTable;
use std::hash::BuildHasher;

/// How many slots of recent signatures there are (a power of two; ops share them by a hash
/// of their name, properties, attributes and parent op's name).
const RECENT_SLOTS: usize = 256;

/// How many operand and result types a recent signature holds inline at most (a signature
/// with more is only found in the table).
const RECENT_TYPES: usize = 6;

/// A signature that passed, kept inline in a slot: its head (name, properties, attributes,
/// parent op's name, number of operands), its number of results and its operand then result
/// types, the unused entries `u32::MAX` (a type id never is: ids are dense and far fewer).
#[derive(Clone, Copy)]
struct Recent {
    head: [u32; 5],
    results: u32,
    types: [u32; RECENT_TYPES],
}

/// A slot no signature matches: no op has `u32::MAX` results.
const EMPTY: Recent = Recent { head: [u32::MAX; 5], results: u32::MAX, types: [u32::MAX; RECENT_TYPES] };

/// Signatures that passed, and a buffer to build the next one in.
pub(super) struct PassedSignatures {
    /// The signatures that passed, each once.
    keys: Vec<Box<[u32]>>,
    /// Indices into `keys`, by the signature's hash.
    index: HashTable<u32>,
    /// Per slot (see [`RECENT_SLOTS`]): the signature an op of the slot passed with last
    /// (when it has at most [`RECENT_TYPES`] types).
    recent: Box<[Recent; RECENT_SLOTS]>,
    /// The signature [`seen`](Self::seen) built last (empty when it built none), its hash
    /// and the op's slot in `recent`.
    key: Vec<u32>,
    hash: u64,
    slot: usize,
}

impl Default for PassedSignatures {
    fn default() -> Self {
        Self { keys: Vec::new(), index: HashTable::new(), recent: Box::new([EMPTY; RECENT_SLOTS]), key: Vec::new(), hash: 0, slot: 0 }
    }
}

/// The hash of a signature.
#[inline]
fn hash(key: &[u32]) -> u64 {
    rustc_hash::FxBuildHasher.hash_one(key)
}

impl PassedSignatures {
    /// Builds `op`'s signature in the buffer when the signature decides `def`'s `verify` hook
    /// for it (unless it is the one the last op of its slot passed with); says whether that
    /// signature passed before.
    #[inline]
    pub(super) fn seen(&mut self, def: &OpDef, body: &Body, op: Op, parent: Option<(&Body, Op)>) -> bool {
        self.key.clear();
        def.verify_by_signature && body.extra(op).is_none() && self.seen_signature(body, op, parent)
    }

    /// [`seen`](Self::seen) of an op whose signature decides its verifier.
    fn seen_signature(&mut self, body: &Body, op: Op, parent: Option<(&Body, Op)>) -> bool {
        let data = body.op(op);
        let operands = body.operand_values(op);
        let results = body.results(op);
        let parent_name = parent.map_or(u32::MAX, |(pb, p)| pb.op(p).name.0);
        let head = [data.name.0, data.properties().map_or(u32::MAX, |a| a.0), data.attrs.0, parent_name, operands.len() as u32];
        let mix = head[..4].iter().fold(0u32, |h, &x| (h.rotate_left(5) ^ x).wrapping_mul(0x9e37_79b9));
        self.slot = (mix >> (32 - RECENT_SLOTS.trailing_zeros())) as usize;
        let recent = &self.recent[self.slot];
        if recent.head == head && recent.results == results.len() as u32 && operands.len() + results.len() <= RECENT_TYPES {
            // The counts match, so the slot's types line up with the op's: compared in place,
            // stopping at the first that differs (no array of the op's types built first).
            let (operand_types, result_types) = recent.types.split_at(operands.len());
            if operand_types.iter().zip(operands).all(|(&t, &v)| body.value_type(v).0 == t)
                && result_types.iter().zip(results).all(|(&t, &v)| body.value_type(v).0 == t)
            {
                return true;
            }
        }
        self.key.extend(head);
        self.key.extend(operands.iter().map(|&v| body.value_type(v).0));
        self.key.extend(results.iter().map(|&v| body.value_type(v).0));
        self.hash = hash(&self.key);
        let (keys, key) = (&self.keys, &self.key[..]);
        match self.index.find(self.hash, |&i| *keys[i as usize] == *key) {
            Some(_) => {
                self.remember_recent();
                true
            }
            None => false,
        }
    }

    /// Keeps the signature in the buffer in its slot, when it fits there.
    fn remember_recent(&mut self) {
        let (head, types) = self.key.split_at(5);
        let operands = head[4] as usize;
        if types.len() > RECENT_TYPES {
            return;
        }
        let mut inline = [u32::MAX; RECENT_TYPES];
        inline[..types.len()].copy_from_slice(types);
        let head = [head[0], head[1], head[2], head[3], head[4]];
        self.recent[self.slot] = Recent { head, results: (types.len() - operands) as u32, types: inline };
    }

    /// Remembers that the signature [`seen`](Self::seen) last built passed (nothing when it
    /// built none).
    pub(super) fn passed(&mut self) {
        if self.key.is_empty() {
            return;
        }
        let i = self.keys.len() as u32;
        self.keys.push(self.key.as_slice().into());
        let keys = &self.keys;
        self.index.insert_unique(self.hash, i, |&j| hash(&keys[j as usize]));
        self.remember_recent();
    }
}
