//! A hash map from SSA names (borrowed from the source, each with a hash its caller computed
//! once) to what they define in one scope. Open addressing with linear probing, at most half
//! full: names are short and a scope holds few of them, so a lookup is mostly one slot, a
//! hash compared and a few bytes compared in place. (The same map on hashbrown's `HashTable`,
//! with the stored hashes, measured 3–4% more parse instructions on 1,000-function files:
//! its lookups and entries were not inlined, and group probing costs more than one slot.)

use super::Defined;

/// The slots a map starts with.
const MIN_SLOTS: usize = 8;

/// How many names a map holds before it takes the room it expects ([`NameMap::expect`]).
const MANY: usize = 1024;

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
    /// How many names the map may come to hold: once it holds [`MANY`], its next growth makes
    /// room for them all at once (a long block's map would otherwise be rebuilt, and its
    /// memory written, a dozen times over). Until then it grows as usual, so that a block of
    /// numbered values with a few named ones does not make room for names that never come.
    expected: usize,
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
        let expected = if self.len >= MANY { std::mem::take(&mut self.expected).saturating_mul(2).checked_next_power_of_two().unwrap_or(0) } else { 0 };
        let n = (self.slots.len() * 2).max(MIN_SLOTS).max(expected);
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

    /// Says that the map may come to hold up to `names` names (room made once it holds
    /// [`MANY`]: a map few names go in costs no more than before).
    pub(super) fn expect(&mut self, names: usize) {
        self.expected = names;
    }

    /// Forgets every name, keeping the memory.
    pub(super) fn clear(&mut self) {
        self.expected = 0;
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

        let mut big = NameMap::default();
        big.expect(100_000);
        assert!(big.insert_new("a", 7, Defined::single(0)));
        assert_eq!(big.capacity(), MIN_SLOTS / 2, "a few names: the usual room");
        let many: Vec<String> = (0..MANY).map(|i| format!("m{i}")).collect();
        for (i, n) in many.iter().enumerate() {
            assert!(big.insert_new(n, i as u64, Defined::single(i as u32)));
        }
        assert_eq!(big.capacity(), 131_072, "room for the names expected, at once");
        assert_eq!(big.get("a", 7).map(|d| d.first.as_u32()), Some(0));
        assert_eq!(big.get("m1000", 1000).map(|d| d.first.as_u32()), Some(1000));
    }
}
