//! Shared helpers of the integration tests: a small seeded PRNG and random
//! generators of `sip` structures and reflection type records.

use std::collections::BTreeMap;

use mica_abi::TypeRecord;
use mica_abi::sip::SipValue;

/// SplitMix64: tiny, seedable, good enough for test case generation.
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// Uniform in `0..n` (n > 0).
    pub fn below(&mut self, n: u64) -> u64 {
        self.next_u64() % n
    }

    /// True with probability `percent` / 100.
    pub fn chance(&mut self, percent: u64) -> bool {
        self.below(100) < percent
    }

    pub fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len() as u64) as usize]
    }
}

/// A random string key, drawing on characters that are special to the
/// `sip` grammar or to JSON.
pub fn random_key(rng: &mut Rng) -> String {
    const PIECES: &[&str] = &[
        "a", "b", "x", "y", "K", "S", "_", "!", "0", "12", "-", "\"", "\\", "é", " ", "\n", "k0",
        "D3!",
    ];
    let len = rng.below(5);
    (0..len).map(|_| *rng.pick(PIECES)).collect()
}

/// A random integer: mostly small, sometimes at the edges of `u32`.
pub fn random_u32(rng: &mut Rng) -> u32 {
    match rng.below(10) {
        0 => u32::MAX,
        1 => rng.next_u64() as u32,
        _ => rng.below(12) as u32,
    }
}

/// A random structure of at most `depth` nested levels.
pub fn random_sip_value(rng: &mut Rng, depth: usize) -> SipValue {
    if depth == 0 || rng.chance(35) {
        return SipValue::Raw(random_u32(rng));
    }
    let n = rng.below(5);
    if rng.chance(50) {
        let dense = rng.chance(60);
        let mut children = BTreeMap::new();
        for i in 0..n {
            let key = if dense { i as u32 } else { random_u32(rng) };
            children.insert(key, random_sip_value(rng, depth - 1));
        }
        SipValue::Sequence(children)
    } else {
        let mut children = BTreeMap::new();
        for _ in 0..n {
            children.insert(random_key(rng), random_sip_value(rng, depth - 1));
        }
        SipValue::Dict(children)
    }
}

/// A random type record of at most `depth` nested compound levels.
pub fn random_record(rng: &mut Rng, depth: usize) -> TypeRecord {
    let leaf = |rng: &mut Rng| match rng.below(6) {
        0 => TypeRecord::Int(*rng.pick(&[1, 8, 16, 32, 64, 0, u32::MAX])),
        1 => TypeRecord::Float(*rng.pick(&[16, 32, 64, 8, 0])),
        2 => TypeRecord::BF16,
        3 => TypeRecord::Null,
        _ => TypeRecord::Unknown,
    };
    if depth == 0 || rng.chance(30) {
        return leaf(rng);
    }
    let n = rng.below(4) as usize;
    let many = |rng: &mut Rng| {
        (0..n)
            .map(|_| random_record(rng, depth - 1))
            .collect::<Vec<_>>()
    };
    match rng.below(7) {
        0 => TypeRecord::Named {
            name: random_key(rng),
            ty: Box::new(random_record(rng, depth - 1)),
        },
        1 => {
            let dims = if rng.chance(20) {
                None
            } else {
                Some(
                    (0..rng.below(5))
                        .map(|_| {
                            if rng.chance(30) {
                                None
                            } else {
                                Some(*rng.pick(&[0, 1, 16, 1 << 40, u64::MAX]))
                            }
                        })
                        .collect(),
                )
            };
            TypeRecord::NdArray {
                elem: Box::new(leaf(rng)),
                dims,
            }
        }
        2 => TypeRecord::SList(many(rng)),
        3 => TypeRecord::STuple(many(rng)),
        4 => TypeRecord::SDict(
            (0..n)
                .map(|_| (random_key(rng), random_record(rng, depth - 1)))
                .collect(),
        ),
        5 => TypeRecord::SDictKwargs(
            (0..n)
                .map(|_| (random_key(rng), random_record(rng, depth - 1)))
                .collect(),
        ),
        _ => TypeRecord::PyHomogeneousList(Box::new(random_record(rng, depth - 1))),
    }
}
