//! A hash map from SSA names (borrowed from the source, each with a hash its caller computed
//! once) to what they define in one scope. The names and their values are kept densely, in
//! the order they went in; an index of slots, open addressing with linear probing, at most
//! half full, finds them: each slot is eight bytes, the name's hash and where its entry is, so
//! a lookup is mostly one slot, a hash compared, and the entry's few bytes compared in place.
//! (A table of whole entries, half of it empty, took 80 bytes a name rather than 48, which a
//! long block's 200,000 names paid in page faults. The same map on hashbrown's `HashTable`
//! measured 3–4% more parse instructions on 1,000-function files: its lookups and entries
//! were not inlined, and group probing costs more than one slot.)

use super::Defined;

/// The slots a map starts with.
const MIN_SLOTS: usize = 8;

/// How many names a map holds before it takes the room it expects ([`NameMap::expect`]).
const MANY: usize = 1024;

/// How many names ahead [`NameMap::extend_new`] fetches.
const PREFETCH_AHEAD: usize = 16;

/// Starts fetching `x` into the cache.
#[inline]
fn prefetch<T>(x: &T) {
    #[cfg(target_arch = "x86_64")]
    // SAFETY: a prefetch only hints the cache (it never faults), here of a valid reference.
    unsafe {
        std::arch::x86_64::_mm_prefetch::<{ std::arch::x86_64::_MM_HINT_T0 }>(std::ptr::from_ref(x).cast::<i8>());
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = x;
}

/// One name and its values.
#[derive(Copy, Clone)]
struct Entry<'a> {
    text: &'a str,
    defined: Defined,
}

/// A slot of the index: 0 when free, else the name's hash in the high half and its entry's
/// index plus one in the low half.
type Slot = u64;

/// The slot for the entry at `index` of a name hashed `hash`.
#[inline]
fn slot(hash: u32, index: usize) -> Slot {
    let at = u32::try_from(index + 1).expect("fewer than 2^32 names in a scope");
    (u64::from(hash) << 32) | u64::from(at)
}

/// The hash in a slot.
#[inline]
fn slot_hash(s: Slot) -> u32 {
    (s >> 32) as u32
}

/// The entry index in a full slot.
#[inline]
fn slot_index(s: Slot) -> usize {
    (s as u32 - 1) as usize
}

/// The map.
#[derive(Default)]
pub(super) struct NameMap<'a> {
    /// A power of two of slots (or none), at most half of them full.
    slots: Vec<Slot>,
    /// The names, in the order they went in.
    entries: Vec<Entry<'a>>,
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
        self.entries.is_empty()
    }

    /// The slot holding `text`, or the free slot where it would go. The map has slots.
    #[inline]
    fn find(&self, text: &str, hash: u32) -> usize {
        let mask = self.slots.len() - 1;
        let mut i = hash as usize & mask;
        loop {
            let s = self.slots[i];
            if s == 0 || (slot_hash(s) == hash && same_text(self.entries[slot_index(s)].text, text)) {
                return i;
            }
            i = (i + 1) & mask;
        }
    }

    /// The free slot for a name that is not in the map. The map has slots.
    #[inline]
    fn find_free(&self, hash: u32) -> usize {
        let mask = self.slots.len() - 1;
        let mut i = hash as usize & mask;
        while self.slots[i] != 0 {
            i = (i + 1) & mask;
        }
        i
    }

    /// What `text` (whose hash is `hash`) defines.
    #[inline]
    pub(super) fn get(&self, text: &str, hash: u32) -> Option<Defined> {
        if self.entries.is_empty() {
            return None;
        }
        match self.slots[self.find(text, hash)] {
            0 => None,
            s => Some(self.entries[slot_index(s)].defined),
        }
    }

    /// Defines `text` unless the map has it; says whether it did.
    #[inline]
    pub(super) fn insert_new(&mut self, text: &'a str, hash: u32, defined: Defined) -> bool {
        self.reserve_one();
        let i = self.find(text, hash);
        if self.slots[i] != 0 {
            return false;
        }
        self.slots[i] = slot(hash, self.entries.len());
        self.entries.push(Entry { text, defined });
        true
    }

    /// Defines `text`, replacing what it defined.
    pub(super) fn insert(&mut self, text: &'a str, hash: u32, defined: Defined) {
        self.reserve_one();
        let i = self.find(text, hash);
        match self.slots[i] {
            0 => {
                self.slots[i] = slot(hash, self.entries.len());
                self.entries.push(Entry { text, defined });
            }
            s => self.entries[slot_index(s)].defined = defined,
        }
    }

    /// Makes sure one more name keeps the map at most half full.
    #[inline]
    fn reserve_one(&mut self) {
        if (self.entries.len() + 1) * 2 > self.slots.len() {
            self.grow(1);
        }
    }

    /// Makes room for `more` names past the ones held (at least doubling the slots).
    #[cold]
    fn grow(&mut self, more: usize) {
        let len = self.entries.len();
        let expected = if len >= MANY { std::mem::take(&mut self.expected).saturating_mul(2).checked_next_power_of_two().unwrap_or(0) } else { 0 };
        let needed = (len + more).saturating_mul(2).checked_next_power_of_two().unwrap_or(0);
        let n = (self.slots.len() * 2).max(MIN_SLOTS).max(expected).max(needed);
        if expected > 0 {
            self.entries.reserve((expected / 2).saturating_sub(len));
        }
        // Zeros written, not a zeroed allocation: the fresh pages of one are mapped to the
        // kernel's zero page until written, and as probing reads a slot before writing it,
        // each page then faults twice, the second time flushing the other threads' TLBs.
        #[allow(clippy::slow_vector_initialization)]
        let mut slots = Vec::with_capacity(n);
        slots.resize(n, 0);
        let old = std::mem::replace(&mut self.slots, slots);
        for s in old.into_iter().filter(|s| *s != 0) {
            let i = self.find_free(slot_hash(s));
            self.slots[i] = s;
        }
    }

    /// Adds every name of `other`, with its values passed through `f`, unless this map holds
    /// one of them or `taken` says that one is defined elsewhere: then `false`, with no name
    /// added. (Each name is looked for and put in the slot found in one go: a long block's
    /// map is too big for the caches, and each name costs it a miss.)
    pub(super) fn extend_new(&mut self, other: &NameMap<'a>, taken: impl Fn(&str) -> bool, f: impl Fn(Defined) -> Defined) -> bool {
        if other.entries.is_empty() {
            return true;
        }
        let len = self.entries.len();
        if (len + other.entries.len()) * 2 > self.slots.len() {
            self.grow(other.entries.len());
        }
        self.entries.reserve(other.entries.len());
        // The slots (and entries) of the names a few places ahead are fetched meanwhile: each
        // is a cache miss, and they do not depend on one another.
        let mut ahead = other.slots.iter().copied().filter(|s| *s != 0);
        for s in ahead.by_ref().take(PREFETCH_AHEAD) {
            self.prefetch(other, s);
        }
        for &s in other.slots.iter().filter(|s| **s != 0) {
            if let Some(a) = ahead.next() {
                self.prefetch(other, a);
            }
            let e = other.entries[slot_index(s)];
            let i = self.find(e.text, slot_hash(s));
            if self.slots[i] != 0 || taken(e.text) {
                self.truncate(len);
                return false;
            }
            self.slots[i] = slot(slot_hash(s), self.entries.len());
            self.entries.push(Entry { text: e.text, defined: f(e.defined) });
        }
        true
    }

    /// Starts fetching the home slot here of the name in `other`'s slot `s`, and its entry.
    #[inline]
    fn prefetch(&self, other: &NameMap<'_>, s: Slot) {
        prefetch(&self.slots[slot_hash(s) as usize & (self.slots.len() - 1)]);
        prefetch(&other.entries[slot_index(s)]);
    }

    /// Forgets the names past the first `len` (as if they had never gone in: with linear
    /// probing, no name moves once in its slot, so freeing theirs leaves the others' paths).
    fn truncate(&mut self, len: usize) {
        if self.entries.len() > len {
            for s in self.slots.iter_mut().filter(|s| **s != 0 && slot_index(**s) >= len) {
                *s = 0;
            }
            self.entries.truncate(len);
        }
    }

    /// Every name with its hash and values (in no particular order).
    pub(super) fn iter(&self) -> impl Iterator<Item = (&'a str, u32, Defined)> + '_ {
        self.slots.iter().filter(|s| **s != 0).map(|&s| {
            let e = &self.entries[slot_index(s)];
            (e.text, slot_hash(s), e.defined)
        })
    }

    /// Says that the map may come to hold up to `names` names (room made once it holds
    /// [`MANY`]: a map few names go in costs no more than before).
    pub(super) fn expect(&mut self, names: usize) {
        self.expected = names;
    }

    /// Forgets every name, keeping the memory.
    pub(super) fn clear(&mut self) {
        self.expected = 0;
        if !self.entries.is_empty() {
            self.slots.fill(0);
            self.entries.clear();
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
            assert!(m.insert_new(n, i as u32 % 3, Defined::single(i as u32)));
        }
        assert!(!m.insert_new(&names[5], 2, Defined::single(0)), "already there");
        for (i, n) in names.iter().enumerate() {
            assert_eq!(m.get(n, i as u32 % 3).map(|d| d.first.as_u32()), Some(i as u32));
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
            assert!(big.insert_new(n, i as u32, Defined::single(i as u32)));
        }
        assert_eq!(big.capacity(), 131_072, "room for the names expected, at once");
        assert_eq!(big.get("a", 7).map(|d| d.first.as_u32()), Some(0));
        assert_eq!(big.get("m1000", 1000).map(|d| d.first.as_u32()), Some(1000));
    }
}
