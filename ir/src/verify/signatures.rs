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
//! The set is a table of signatures whose hash [`seen`](PassedSignatures::seen) computes once
//! and [`passed`](PassedSignatures::passed) reuses.

use crate::body::{Body, Op};
use crate::registry::OpDef;
use hashbrown::HashTable;
use std::hash::BuildHasher;

/// Signatures that passed, and a buffer to build the next one in.
#[derive(Default)]
pub(super) struct PassedSignatures {
    passed: HashTable<Box<[u32]>>,
    /// The signature [`seen`](Self::seen) built last (empty when it built none)...
    key: Vec<u32>,
    /// ... and its hash.
    hash: u64,
}

/// The hash of a signature.
#[inline]
fn hash(key: &[u32]) -> u64 {
    rustc_hash::FxBuildHasher.hash_one(key)
}

impl PassedSignatures {
    /// Builds `op`'s signature in the buffer when the signature decides `def`'s `verify` hook
    /// for it; says whether that signature passed before.
    pub(super) fn seen(&mut self, def: &OpDef, body: &Body, op: Op, parent: Option<(&Body, Op)>) -> bool {
        self.key.clear();
        if !def.verify_by_signature || body.extra(op).is_some() {
            return false;
        }
        let data = body.op(op);
        let operands = body.operand_values(op);
        let parent_name = parent.map_or(u32::MAX, |(pb, p)| pb.op(p).name.0);
        self.key.extend([data.name.0, data.properties().map_or(u32::MAX, |a| a.0), data.attrs.0, parent_name, operands.len() as u32]);
        self.key.extend(operands.iter().map(|&v| body.value_type(v).0));
        self.key.extend(body.results(op).iter().map(|&v| body.value_type(v).0));
        self.hash = hash(&self.key);
        let key = &self.key[..];
        self.passed.find(self.hash, |k| **k == *key).is_some()
    }

    /// Remembers that the signature [`seen`](Self::seen) last built passed (nothing when it
    /// built none).
    pub(super) fn passed(&mut self) {
        if !self.key.is_empty() {
            self.passed.insert_unique(self.hash, self.key.as_slice().into(), |k| hash(k));
        }
    }
}
