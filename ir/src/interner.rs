//! A concurrent hash-consing table: values go in once, come out as dense `u32` ids.
//!
//! Storage is an append-only `boxcar::Vec`, so reading a value by id never takes a lock and the
//! returned reference lives as long as the table. Deduplication goes through sixteen
//! independently locked shards, so threads that intern different values rarely contend.

use hashbrown::HashTable;
use rustc_hash::FxHasher;
use std::borrow::Borrow;
use std::hash::{Hash, Hasher};
use std::sync::Mutex;

const SHARDS: usize = 16;

/// A hash-consing table for values of type `T`.
pub struct Interner<T> {
    storage: boxcar::Vec<T>,
    /// Per shard, the ids of the values whose hash selects it (values live only in `storage`),
    /// each with its [`Short`] hash, so that growing a table rehashes no value.
    shards: [Mutex<HashTable<(u32, Short)>>; SHARDS],
}

/// The part of a value's hash the tables keep: its top 32 bits, which they use as the whole
/// hash (see [`Short::table_hash`]).
#[derive(Copy, Clone, PartialEq, Eq)]
struct Short(u32);

impl Short {
    fn of(hash: u64) -> Self {
        Short((hash >> 32) as u32)
    }

    /// The hash a table sees: the 32 bits twice, so that both the top bits (which pick the
    /// control byte) and the low ones (which pick the bucket) come from them.
    fn table_hash(self) -> u64 {
        (u64::from(self.0) << 32) | u64::from(self.0)
    }
}

impl<T: Hash + Eq> Default for Interner<T> {
    fn default() -> Self {
        Self { storage: boxcar::Vec::new(), shards: std::array::from_fn(|_| Mutex::new(HashTable::new())) }
    }
}

fn hash_of<Q: Hash + ?Sized>(value: &Q) -> u64 {
    let mut hasher = FxHasher::default();
    value.hash(&mut hasher);
    hasher.finish()
}

impl<T: Hash + Eq> Interner<T> {
    /// Returns the id of `value`, inserting it if it was not there yet.
    pub fn intern(&self, value: T) -> u32 {
        let hash = Short::of(hash_of(&value));
        let mut table = self.shard(hash);
        if let Some(&(id, _)) = table.find(hash.table_hash(), |&(id, h)| h == hash && self.storage[id as usize] == value) {
            return id;
        }
        self.insert(&mut table, hash, value)
    }

    /// Returns the id of the value equal to `key`, inserting `make()` (which must equal `key`
    /// and hash like it) if there was none: looking up a `&str` in a table of `Box<str>`
    /// allocates only for new strings.
    pub fn intern_with<Q: Hash + Eq + ?Sized>(&self, key: &Q, make: impl FnOnce() -> T) -> u32
    where
        T: Borrow<Q>,
    {
        let hash = Short::of(hash_of(key));
        let mut table = self.shard(hash);
        if let Some(&(id, _)) = table.find(hash.table_hash(), |&(id, h)| h == hash && self.storage[id as usize].borrow() == key) {
            return id;
        }
        self.insert(&mut table, hash, make())
    }

    /// Returns the id of the value `eq` accepts, inserting `make()` if there was none. `hash`
    /// must be the hash of `make()` as [`Interner::hash_of`] computes it: this looks a value up
    /// by a borrowed form of it without building it first.
    pub fn intern_hashed(&self, hash: u64, eq: impl Fn(&T) -> bool, make: impl FnOnce() -> T) -> u32 {
        let short = Short::of(hash);
        let mut table = self.shard(short);
        if let Some(&(id, _)) = table.find(short.table_hash(), |&(id, h)| h == short && eq(&self.storage[id as usize])) {
            return id;
        }
        let value = make();
        debug_assert_eq!(hash_of(&value), hash, "intern_hashed: hash of a different form");
        self.insert(&mut table, short, value)
    }

    /// Makes room for about `additional` more values, so that interning them rehashes no
    /// shard (each shard gets its share with a margin for uneven hashes).
    pub fn reserve(&self, additional: usize) {
        let per_shard = additional.div_ceil(SHARDS) * 3 / 2;
        for shard in &self.shards {
            shard.lock().unwrap_or_else(|e| e.into_inner()).reserve(per_shard, |&(_, h)| h.table_hash());
        }
    }

    /// The hasher the table hashes values with.
    pub fn hasher() -> FxHasher {
        FxHasher::default()
    }

    /// The locked shard of values with this hash.
    fn shard(&self, hash: Short) -> std::sync::MutexGuard<'_, HashTable<(u32, Short)>> {
        // A poisoned shard only means another thread panicked mid-insert of an unrelated value;
        // the table itself is still consistent, so keep going.
        // Bits the table itself hardly uses (it takes the top seven and the low ones).
        self.shards[(hash.0 >> 18) as usize % SHARDS].lock().unwrap_or_else(|e| e.into_inner())
    }

    fn insert(&self, table: &mut HashTable<(u32, Short)>, hash: Short, value: T) -> u32 {
        let id = u32::try_from(self.storage.push(value)).expect("more than 2^32 interned values");
        table.insert_unique(hash.table_hash(), (id, hash), |&(_, h)| h.table_hash());
        id
    }

    /// Returns the id of `value` if it was interned before.
    pub fn lookup(&self, value: &T) -> Option<u32> {
        let hash = Short::of(hash_of(value));
        self.shard(hash).find(hash.table_hash(), |&(id, h)| h == hash && self.storage[id as usize] == *value).map(|&(id, _)| id)
    }

    /// The value behind an id this table handed out.
    #[inline]
    pub fn get(&self, id: u32) -> &T {
        &self.storage[id as usize]
    }

    /// How many distinct values the table holds.
    pub fn len(&self) -> usize {
        self.storage.count()
    }

    /// Whether the table is empty.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn equal_values_share_an_id() {
        let t: Interner<String> = Interner::default();
        let a = t.intern("x".into());
        let b = t.intern("y".into());
        assert_ne!(a, b);
        assert_eq!(t.intern("x".into()), a);
        assert_eq!(t.get(b), "y");
        assert_eq!(t.lookup(&"z".to_string()), None);
        assert_eq!(t.len(), 2);
    }

    #[test]
    fn concurrent_interning_is_consistent() {
        let t: Interner<u64> = Interner::default();
        let ids: Vec<Vec<u32>> = std::thread::scope(|s| {
            let hs: Vec<_> = (0..4).map(|_| s.spawn(|| (0..1000u64).map(|v| t.intern(v)).collect())).collect();
            hs.into_iter().map(|h| h.join().unwrap()).collect()
        });
        for w in ids.windows(2) {
            assert_eq!(w[0], w[1]);
        }
        assert_eq!(t.len(), 1000);
    }
}
