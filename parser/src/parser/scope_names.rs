//! The SSA names defined in one region scope. Printed MLIR numbers values `%0`, `%1`, ... in
//! order, so names that are plain decimal numbers go in a vector indexed from the first number
//! the scope defined (no hashing, no rehashing as a long block grows); other names, and numbers
//! far from the run, go in a hash map. The vector's entries are packed in 12 bytes (a long
//! block has one per operation). A name is looked up as a [`Name`], which carries its number or
//! its hash: a lookup through several scopes, or a lookup followed by an insertion, reads and
//! hashes the text once.

use super::Defined;
use super::name_map::NameMap;
use mica_ir::Value;
use rustc_hash::FxHasher;
use std::hash::Hasher;

/// How far past the end of the vector a number may land and still go in it.
const SLACK: usize = 64;

/// A [`Defined`] in 12 bytes, or none (`first` is `u32::MAX`, which no value has).
#[derive(Copy, Clone)]
struct Packed {
    first: u32,
    count: u32,
    offset: u32,
}

impl Packed {
    const NONE: Packed = Packed { first: u32::MAX, count: 0, offset: 0 };

    /// `d` packed, when its offset fits.
    fn new(d: Defined) -> Option<Packed> {
        Some(Packed { first: d.first.as_u32(), count: d.count, offset: u32::try_from(d.offset).ok()? })
    }

    fn get(self) -> Option<Defined> {
        (self.first != u32::MAX).then(|| Defined { first: Value::from_u32(self.first), count: self.count, offset: self.offset as usize })
    }
}

/// The hash of a name's text (FxHash's halves folded: its high bits are its best mixed).
fn hash_text(text: &str) -> u32 {
    let mut h = FxHasher::default();
    h.write(text.as_bytes());
    let h = h.finish();
    (h ^ (h >> 32)) as u32
}

/// An SSA name (without `%`) ready for lookups: its number when it is a canonical decimal
/// number (which needs no hash), else the hash of its text.
#[derive(Copy, Clone)]
pub(in crate::parser) struct Name<'a> {
    text: &'a str,
    number: Option<u32>,
    /// The hash of `text` (0 for numbers, which hash on demand).
    hash: u32,
}

impl<'a> Name<'a> {
    /// `text` (a name without its `%`) ready for lookups.
    #[inline]
    pub(in crate::parser) fn new(text: &'a str) -> Name<'a> {
        let number = number_of(text);
        Name { text, number, hash: if number.is_some() { 0 } else { hash_text(text) } }
    }

    /// The hash of the text.
    fn hash(&self) -> u32 {
        match self.number {
            Some(_) => hash_text(self.text),
            None => self.hash,
        }
    }
}

/// The names of one scope.
#[derive(Default)]
pub(in crate::parser) struct ScopeNames<'a> {
    /// The number of `numbered[0]`.
    base: u32,
    numbered: Vec<Packed>,
    named: NameMap<'a>,
    /// Whether `named` holds decimal numbers (far from the vector's run).
    numeric_named: bool,
}

/// The value of a name written as a canonical decimal number (`0`, `17`, not `07`).
#[inline]
fn number_of(name: &str) -> Option<u32> {
    let b = name.as_bytes();
    if b.is_empty() || b.len() > 9 || (b[0] == b'0' && b.len() > 1) {
        return None;
    }
    let mut n = 0u32;
    for &c in b {
        let d = c.wrapping_sub(b'0');
        if d > 9 {
            return None;
        }
        n = n * 10 + u32::from(d);
    }
    Some(n)
}

impl<'a> ScopeNames<'a> {
    /// Makes room for `names` names: numbered ones now (room that is never written costs no
    /// memory), others when the first of them goes in.
    pub(in crate::parser) fn reserve(&mut self, names: usize) {
        self.numbered.reserve(names);
        self.named.expect(names);
    }

    /// The vector slot for number `n`, made when it is near enough.
    fn slot(&mut self, n: u32) -> Option<&mut Packed> {
        if self.numbered.is_empty() {
            self.base = n;
        }
        let i = n.checked_sub(self.base)? as usize;
        if i >= self.numbered.len() {
            if i > self.numbered.len() + SLACK {
                return None;
            }
            self.numbered.resize(i + 1, Packed::NONE);
        }
        self.numbered.get_mut(i)
    }

    /// What number `n` stands for in the vector.
    fn get_in_vector(&self, n: u32) -> Option<Defined> {
        let i = n.checked_sub(self.base)?;
        self.numbered.get(i as usize).and_then(|p| p.get())
    }

    /// What `name` stands for in this scope.
    #[inline]
    pub(in crate::parser) fn get(&self, name: &Name<'_>) -> Option<Defined> {
        match name.number {
            Some(n) => match self.get_in_vector(n) {
                Some(d) => Some(d),
                None if self.numeric_named => self.named.get(name.text, name.hash()),
                None => None,
            },
            None if self.named.is_empty() => None,
            None => self.named.get(name.text, name.hash),
        }
    }

    /// Defines `name` unless this scope has it; says whether it did.
    pub(in crate::parser) fn insert_new(&mut self, name: &Name<'a>, d: Defined) -> bool {
        if let Some(n) = name.number {
            // The number right after the vector's run (printed IR numbers values in order):
            // new, as no decimal names went to the map, and its slot is the next one.
            if !self.numeric_named && !self.numbered.is_empty() && n.wrapping_sub(self.base) as usize == self.numbered.len() {
                if let Some(p) = Packed::new(d) {
                    self.numbered.push(p);
                    return true;
                }
            }
            if self.get(name).is_some() {
                return false;
            }
            self.set(name, d);
            return true;
        }
        self.named.insert_new(name.text, name.hash, d)
    }

    /// Defines `name` (which this scope does not have).
    pub(in crate::parser) fn set(&mut self, name: &Name<'a>, d: Defined) {
        // A definition past 4 GiB into the buffer goes in the map (its offset does not pack).
        if let (Some(p), Some(n)) = (Packed::new(d), name.number) {
            if let Some(slot) = self.slot(n) {
                *slot = p;
                return;
            }
        }
        self.numeric_named |= name.number.is_some();
        self.named.insert(name.text, name.hash(), d);
    }

    /// Forgets every name, keeping the memory.
    pub(in crate::parser) fn clear(&mut self) {
        self.numbered.clear();
        self.named.clear();
        self.base = 0;
        self.numeric_named = false;
    }

    /// Whether number `n` is defined here.
    fn has_number(&self, n: u32) -> bool {
        self.get_in_vector(n).is_some() || (self.numeric_named && self.get(&Name::new(&n.to_string())).is_some())
    }

    /// Whether a name of `other` is defined here.
    pub(in crate::parser) fn shares_a_name(&self, other: &ScopeNames<'_>) -> bool {
        if self.numbered.is_empty() && self.named.is_empty() {
            return false;
        }
        self.shares_a_number(other) || other.named.iter().any(|(text, hash, _)| self.get(&Name { text, number: number_of(text), hash }).is_some())
    }

    /// Whether a number in the vector of `other` is defined here.
    fn shares_a_number(&self, other: &ScopeNames<'_>) -> bool {
        // Numbers past this scope's run are not in it (unless some went to the map).
        let past_run = other.base as usize >= self.base as usize + self.numbered.len();
        if past_run && !self.numeric_named {
            return false;
        }
        let numbers = other.numbered.iter().enumerate().filter(|(_, d)| d.get().is_some());
        numbers.map(|(i, _)| other.base + i as u32).any(|n| self.has_number(n))
    }

    /// Adds every name of `other`, with its values passed through `f`, unless one of them is
    /// defined here already: then `false`, with nothing added. `defs` are the names `other`
    /// defines with their values (those of its numbers are set one by one when they do not
    /// continue this scope's run).
    pub(in crate::parser) fn absorb_new(&mut self, other: &ScopeNames<'a>, defs: impl IntoIterator<Item = (&'a str, Defined)>, f: impl Fn(Defined) -> Defined) -> bool {
        if self.shares_a_number(other) {
            return false;
        }
        // Names that are numbers may stand for values of this scope's vector (when it has
        // some: the text of a name is a cache miss away).
        let (numbered, base) = (&self.numbered, self.base);
        let in_vector = |text: &str| !numbered.is_empty() && number_of(text).and_then(|n| n.checked_sub(base)).is_some_and(|i| numbered.get(i as usize).is_some_and(|p| p.get().is_some()));
        if !self.named.extend_new(&other.named, in_vector, &f) {
            return false;
        }
        self.numeric_named |= other.numeric_named;
        if !other.numbered.is_empty() {
            if self.numbered.is_empty() {
                self.base = other.base;
            } else if other.base < self.base || (other.base - self.base) as usize > self.numbered.len() + SLACK {
                // Far from the run: one by one, where each goes.
                for (text, d) in defs {
                    if number_of(text).is_some_and(|n| other.get_in_vector(n).is_some()) {
                        self.set(&Name::new(text), f(d));
                    }
                }
                return true;
            }
            let at = (other.base - self.base) as usize;
            if self.numbered.len() < at + other.numbered.len() {
                self.numbered.resize(at + other.numbered.len(), Packed::NONE);
            }
            for (slot, d) in self.numbered[at..].iter_mut().zip(&other.numbered) {
                // The offset packed in `other` already, so it packs here too.
                if let Some(p) = d.get().and_then(|d| Packed::new(f(d))) {
                    *slot = p;
                }
            }
        }
        true
    }

    /// How many names the scope has room for.
    pub(in crate::parser) fn capacity(&self) -> usize {
        self.numbered.capacity() + self.named.capacity()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use mica_ir::Value;

    #[test]
    fn numbers_and_names_are_found_where_they_went() {
        let mut s = ScopeNames::default();
        assert!(s.insert_new(&Name::new("5"), Defined::single(5)));
        assert!(s.insert_new(&Name::new("6"), Defined::single(6)));
        assert!(!s.insert_new(&Name::new("5"), Defined::single(7)));
        assert!(s.insert_new(&Name::new("2"), Defined::single(2)), "below the base: in the map");
        assert!(s.insert_new(&Name::new("1000000"), Defined::single(9)), "far past the end: in the map");
        assert!(s.insert_new(&Name::new("06"), Defined::single(8)), "not canonical: a name");
        assert!(s.insert_new(&Name::new("x"), Defined::single(1)));
        let far = Defined { first: Value::from_u32(10), count: 1, offset: 1 << 33 };
        assert!(s.insert_new(&Name::new("7"), far), "past 4 GiB: in the map");
        assert_eq!(s.get(&Name::new("7")).map(|d| d.offset), Some(1 << 33));
        for (name, v) in [("5", 5), ("6", 6), ("2", 2), ("1000000", 9), ("06", 8), ("x", 1), ("7", 10)] {
            assert_eq!(s.get(&Name::new(name)).map(|d| d.first.as_u32()), Some(v), "{name}");
        }
        assert!(s.get(&Name::new("8")).is_none() && s.get(&Name::new("y")).is_none() && s.get(&Name::new("0")).is_none());
        s.clear();
        assert!(s.get(&Name::new("5")).is_none() && s.get(&Name::new("x")).is_none() && s.capacity() > 0);
    }

    #[test]
    fn the_next_number_of_the_run_goes_in_only_when_new() {
        let texts: Vec<String> = (0..100).map(|n| n.to_string()).collect();
        let mut s = ScopeNames::default();
        for (n, t) in texts.iter().enumerate() {
            assert!(s.insert_new(&Name::new(t), Defined::single(n as u32)));
        }
        assert!(!s.insert_new(&Name::new("99"), Defined::single(7)));
        let far = Defined { first: Value::from_u32(100), count: 1, offset: 1 << 33 };
        assert!(s.insert_new(&Name::new("100"), far), "past 4 GiB: in the map");
        assert!(!s.insert_new(&Name::new("100"), Defined::single(1)), "found in the map");
        assert!(s.insert_new(&Name::new("101"), Defined::single(101)));
        assert_eq!(s.get(&Name::new("100")).map(|d| d.offset), Some(1 << 33));
        assert_eq!(s.get(&Name::new("101")).map(|d| d.first.as_u32()), Some(101));
        assert_eq!(s.get(&Name::new("42")).map(|d| d.first.as_u32()), Some(42));
    }

    #[test]
    fn absorbed_names_are_found_and_shared_ones_seen() {
        let mut a = ScopeNames::default();
        let mut b = ScopeNames::default();
        for n in 0..10u32 {
            a.set(&Name::new(["0", "1", "2", "3", "4", "5", "6", "7", "8", "9"][n as usize]), Defined::single(n));
        }
        a.set(&Name::new("x"), Defined::single(100));
        for (name, n) in [("10", 10), ("11", 11), ("y", 12)] {
            b.set(&Name::new(name), Defined::single(n));
        }
        assert!(!a.shares_a_name(&b));
        assert!(a.absorb_new(&b, [], |x| Defined { first: Value::from_u32(x.first.as_u32() + 1000), ..x }));
        assert_eq!(a.get(&Name::new("11")).map(|d| d.first.as_u32()), Some(1011));
        assert_eq!(a.get(&Name::new("y")).map(|d| d.first.as_u32()), Some(1012));
        assert_eq!(a.get(&Name::new("3")).map(|d| d.first.as_u32()), Some(3));
        let mut c = ScopeNames::default();
        c.set(&Name::new("4"), Defined::single(4));
        assert!(a.shares_a_name(&c));
        let mut e = ScopeNames::default();
        e.set(&Name::new("x"), Defined::single(1));
        assert!(a.shares_a_name(&e));
        // A number far from the run went to the map: still seen.
        let mut f = ScopeNames::default();
        f.set(&Name::new("5"), Defined::single(5));
        f.set(&Name::new("900"), Defined::single(900));
        let mut g = ScopeNames::default();
        g.set(&Name::new("900"), Defined::single(1));
        assert!(f.shares_a_name(&g));
        // Numbers that do not continue the run go in one by one.
        let mut h = ScopeNames::default();
        h.set(&Name::new("100000"), Defined::single(1));
        assert!(a.absorb_new(&h, [("100000", Defined::single(1)), ("elsewhere", Defined::single(2))], |x| x));
        assert_eq!(a.get(&Name::new("100000")).map(|d| d.first.as_u32()), Some(1));
        assert!(a.get(&Name::new("elsewhere")).is_none(), "only the numbers of the vector");
    }

    #[test]
    fn names_shared_with_the_scope_are_not_absorbed() {
        let mut a = ScopeNames::default();
        for (name, n) in [("0", 0), ("1", 1), ("2", 2), ("x", 10), ("y", 11)] {
            a.set(&Name::new(name), Defined::single(n));
        }
        let names = |list: &[(&'static str, u32)]| {
            let mut s = ScopeNames::default();
            for &(name, n) in list {
                s.set(&Name::new(name), Defined::single(n));
            }
            s
        };
        // A name of the map, a number of the vector, a number that went to the other's map.
        let shared = [names(&[("z", 1), ("w", 2), ("x", 3), ("v", 4)]), names(&[("z", 1), ("1", 2)]), names(&[("z", 1), ("50", 5), ("2", 6)])];
        for other in &shared {
            assert!(a.shares_a_name(other));
            assert!(!a.absorb_new(other, [], |x| x));
            assert!(a.get(&Name::new("z")).is_none() && a.get(&Name::new("w")).is_none(), "nothing added");
            assert!(a.get(&Name::new("50")).is_none());
            assert_eq!(a.get(&Name::new("x")).map(|d| d.first.as_u32()), Some(10));
            assert_eq!(a.get(&Name::new("2")).map(|d| d.first.as_u32()), Some(2));
        }
        // Many names, the last one shared: the map grows, then forgets them all.
        let texts: Vec<String> = (0..5000).map(|i| format!("n{i}")).collect();
        let mut many = ScopeNames::default();
        for (i, t) in texts.iter().enumerate() {
            many.set(&Name::new(t), Defined::single(i as u32));
        }
        many.set(&Name::new("y"), Defined::single(0));
        assert!(!a.absorb_new(&many, [], |x| x));
        assert!(texts.iter().all(|t| a.get(&Name::new(t)).is_none()));
        assert_eq!(a.get(&Name::new("y")).map(|d| d.first.as_u32()), Some(11));
        let fresh = names(&[("z", 7), ("3", 3)]);
        assert!(a.absorb_new(&fresh, [], |x| x));
        assert_eq!(a.get(&Name::new("z")).map(|d| d.first.as_u32()), Some(7));
        assert_eq!(a.get(&Name::new("3")).map(|d| d.first.as_u32()), Some(3));
    }
}
