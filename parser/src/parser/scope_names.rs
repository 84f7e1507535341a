//! The SSA names defined in one region scope. Printed MLIR numbers values `%0`, `%1`, ... in
//! order, so names that are plain decimal numbers go in a vector indexed from the first number
//! the scope defined (no hashing, no rehashing as a long block grows); other names, and numbers
//! far from the run, go in a hash map. The vector's entries are packed in 12 bytes (a long
//! block has one per operation).

use super::Defined;
use mica_ir::Value;
use rustc_hash::FxHashMap;

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

/// The names of one scope.
#[derive(Default)]
pub(super) struct ScopeNames<'a> {
    /// The number of `numbered[0]`.
    base: u32,
    numbered: Vec<Packed>,
    named: FxHashMap<&'a str, Defined>,
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
    /// Makes room for `names` numbered names.
    pub(super) fn reserve(&mut self, names: usize) {
        self.numbered.reserve(names);
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

    fn get_numbered(&self, name: &str, n: Option<u32>) -> Option<Defined> {
        if let Some(i) = n.and_then(|n| n.checked_sub(self.base)) {
            if let Some(d) = self.numbered.get(i as usize).and_then(|p| p.get()) {
                return Some(d);
            }
        }
        if self.named.is_empty() { None } else { self.named.get(name).copied() }
    }

    /// What `name` stands for in this scope.
    #[inline]
    pub(super) fn get(&self, name: &str) -> Option<Defined> {
        if self.numbered.is_empty() && self.named.is_empty() {
            return None;
        }
        self.get_numbered(name, number_of(name))
    }

    /// Defines `name` unless this scope has it; says whether it did.
    pub(super) fn insert_new(&mut self, name: &'a str, d: Defined) -> bool {
        let n = number_of(name);
        if self.get_numbered(name, n).is_some() {
            return false;
        }
        self.set_numbered(name, n, d);
        true
    }

    /// Defines `name` (which this scope does not have).
    pub(super) fn set(&mut self, name: &'a str, d: Defined) {
        self.set_numbered(name, number_of(name), d);
    }

    fn set_numbered(&mut self, name: &'a str, n: Option<u32>, d: Defined) {
        // A definition past 4 GiB into the buffer goes in the map (its offset does not pack).
        if let (Some(p), Some(n)) = (Packed::new(d), n) {
            if let Some(slot) = self.slot(n) {
                *slot = p;
                return;
            }
        }
        self.named.insert(name, d);
    }

    /// Forgets every name, keeping the memory.
    pub(super) fn clear(&mut self) {
        self.numbered.clear();
        self.named.clear();
        self.base = 0;
    }

    /// How many names the scope has room for.
    pub(super) fn capacity(&self) -> usize {
        self.numbered.capacity() + self.named.capacity()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use mica_ir::Value;

    fn d(n: u32) -> Defined {
        Defined { first: Value::from_u32(n), count: 1, offset: n as usize }
    }

    #[test]
    fn numbers_and_names_are_found_where_they_went() {
        let mut s = ScopeNames::default();
        assert!(s.insert_new("5", d(5)));
        assert!(s.insert_new("6", d(6)));
        assert!(!s.insert_new("5", d(7)));
        assert!(s.insert_new("2", d(2)), "below the base: in the map");
        assert!(s.insert_new("1000000", d(9)), "far past the end: in the map");
        assert!(s.insert_new("06", d(8)), "not canonical: a name");
        assert!(s.insert_new("x", d(1)));
        let far = Defined { first: Value::from_u32(10), count: 1, offset: 1 << 33 };
        assert!(s.insert_new("7", far), "past 4 GiB: in the map");
        assert_eq!(s.get("7").map(|d| d.offset), Some(1 << 33));
        for (name, v) in [("5", 5), ("6", 6), ("2", 2), ("1000000", 9), ("06", 8), ("x", 1), ("7", 10)] {
            assert_eq!(s.get(name).map(|d| d.first.as_u32()), Some(v), "{name}");
        }
        assert!(s.get("8").is_none() && s.get("y").is_none() && s.get("0").is_none());
        s.clear();
        assert!(s.get("5").is_none() && s.get("x").is_none() && s.capacity() > 0);
    }
}
