//! A concurrent hash-consing table: values go in once, come out as dense `u32` ids.
//!
//! Storage is an append-only `boxcar::Vec`, so reading a value by id never takes a lock and the
//! returned reference lives as long as the table. Deduplication goes through sixteen
//! independently locked shards, so threads that intern different values rarely contend.

use rustc_hash::FxHasher;
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hash, Hasher};
use std::sync::Mutex;

const SHARDS: usize = 16;

type FxMap<K, V> = HashMap<K, V, BuildHasherDefault<FxHasher>>;

/// A hash-consing table for values of type `T`.
pub struct Interner<T> {
    storage: boxcar::Vec<T>,
    shards: [Mutex<FxMap<T, u32>>; SHARDS],
}

impl<T: Hash + Eq + Clone> Default for Interner<T> {
    fn default() -> Self {
        Self { storage: boxcar::Vec::new(), shards: std::array::from_fn(|_| Mutex::new(FxMap::default())) }
    }
}

impl<T: Hash + Eq + Clone> Interner<T> {
    /// Returns the id of `value`, inserting it if it was not there yet.
    pub fn intern(&self, value: T) -> u32 {
        let mut hasher = FxHasher::default();
        value.hash(&mut hasher);
        let shard = (hasher.finish() >> 60) as usize % SHARDS;
        // A poisoned shard only means another thread panicked mid-insert of an unrelated value;
        // the map itself is still consistent, so keep going.
        let mut map = self.shards[shard].lock().unwrap_or_else(|e| e.into_inner());
        if let Some(&id) = map.get(&value) {
            return id;
        }
        let id = u32::try_from(self.storage.push(value.clone())).expect("more than 2^32 interned values");
        map.insert(value, id);
        id
    }

    /// Returns the id of `value` if it was interned before.
    pub fn lookup(&self, value: &T) -> Option<u32> {
        let mut hasher = FxHasher::default();
        value.hash(&mut hasher);
        let shard = (hasher.finish() >> 60) as usize % SHARDS;
        let map = self.shards[shard].lock().unwrap_or_else(|e| e.into_inner());
        map.get(value).copied()
    }

    /// The value behind an id this table handed out.
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
