//! A hash map from SSA names (borrowed from the source, each with a hash its caller computed
//! once) to what they define in one scope. Open addressing with linear probing, at most half
//! full: names are short and a scope holds few of them, so a lookup is mostly one slot, a
//! hash compared and a few bytes compared in place. (The same map on hashbrown's `HashTable`,
//! with the stored hashes, measured 3–4% more parse instructions on 1,000-function files:
//! its lookups and entries were not inlined, and group probing costs more than one slot.)

use super::Defined;

/// The slots a map starts with.
const MIN_SLOTS: usize = 8;

/// One name and its values.
#[derive(Copy, Clone)]
struct Entry<'a> {
    hash: u64,
    text: &'a str,
    defined: Defined,
}

/// The map.
#[derive(Default)]
pub(super) struct NameMap<'a> {
    /// A power of two of slots (or none), at most half of them full.
    slots: Vec<Option<Entry<'a>>>,
    len: usize,
}

/// Whether two names are the same text (compared in place: names are a few bytes long).
#[inline]
fn same_text(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    a.len() == b.len() && a.iter().zip(b).all(|(x, y)| x == y)
}

impl<'a> NameMap<'a> {
    /// Whether the map is empty.
    #[inline]
    pub(super) fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The slot holding `text`, or the free slot where it would go. The map has slots.
    #[inline]
    fn find(&self, text: &str, hash: u64) -> usize {
        let mask = self.slots.len() - 1;
        let mut i = hash as usize & mask;
        while let Some(e) = &self.slots[i] {
            if e.hash == hash && same_text(e.text, text) {
                break;
            }
            i = (i + 1) & mask;
        }
        i
    }

    /// What `text` (whose hash is `hash`) defines.
    #[inline]
    pub(super) fn get(&self, text: &str, hash: u64) -> Option<Defined> {
        if self.len == 0 {
            return None;
        }
        self.slots[self.find(text, hash)].map(|e| e.defined)
    }

    /// Defines `text` unless the map has it; says whether it did.
    #[inline]
    pub(super) fn insert_new(&mut self, text: &'a str, hash: u64, defined: Defined) -> bool {
        self.reserve_one();
        let i = self.find(text, hash);
        if self.slots[i].is_some() {
            return false;
        }
        self.slots[i] = Some(Entry { hash, text, defined });
        self.len += 1;
        true
    }

    /// Defines `text`, replacing what it defined.
    pub(super) fn insert(&mut self, text: &'a str, hash: u64, defined: Defined) {
        self.reserve_one();
        let i = self.find(text, hash);
        if self.slots[i].is_none() {
            self.len += 1;
        }
        self.slots[i] = Some(Entry { hash, text, defined });
    }

    /// Makes sure one more name keeps the map at most half full.
    #[inline]
    fn reserve_one(&mut self) {
        if (self.len + 1) * 2 > self.slots.len() {
            self.grow();
        }
    }

    #[cold]
    fn grow(&mut self) {
        let n = (self.slots.len() * 2).max(MIN_SLOTS);
        let old = std::mem::replace(&mut self.slots, vec![None; n]);
        for e in old.into_iter().flatten() {
            let i = self.find(e.text, e.hash);
            self.slots[i] = Some(e);
        }
    }

    /// Every name with its hash and values.
    pub(super) fn iter(&self) -> impl Iterator<Item = (&'a str, u64, Defined)> + '_ {
        self.slots.iter().flatten().map(|e| (e.text, e.hash, e.defined))
    }

    /// Forgets every name, keeping the memory.
    pub(super) fn clear(&mut self) {
        if self.len > 0 {
            self.slots.fill(None);
            self.len = 0;
        }
    }

    /// How many names the map has room for.
    pub(super) fn capacity(&self) -> usize {
        self.slots.len() / 2
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_found_through_collisions_and_growth() {
        let mut m = NameMap::default();
        assert!(m.get("a", 1).is_none() && m.is_empty());
        let names: Vec<String> = (0..100).map(|i| format!("n{i}")).collect();
        // Every name in one of three hash classes: long probe chains.
        for (i, n) in names.iter().enumerate() {
            assert!(m.insert_new(n, i as u64 % 3, Defined::single(i as u32)));
        }
        assert!(!m.insert_new(&names[5], 2, Defined::single(0)), "already there");
        for (i, n) in names.iter().enumerate() {
            assert_eq!(m.get(n, i as u64 % 3).map(|d| d.first.as_u32()), Some(i as u32));
        }
        assert!(m.get("n5", 0).is_none(), "same text, other hash");
        assert!(m.get("n1000", 1).is_none());
        m.insert(&names[7], 1, Defined::single(500));
        assert_eq!(m.get(&names[7], 1).map(|d| d.first.as_u32()), Some(500));
        assert_eq!(m.iter().count(), 100);
        m.clear();
        assert!(m.is_empty() && m.get(&names[7], 1).is_none() && m.capacity() >= 100);
    }
}
