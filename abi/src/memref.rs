//! MLIR's memref descriptor: its memory layout, its values, and how an index
//! tuple becomes an element position.
//!
//! Facts followed (MLIR's `docs/TargetLLVMIR.md`, "Ranked MemRef Types" and
//! "Unranked MemRef Types", checked against `mlir-opt --convert-func-to-llvm`
//! of LLVM 22): a ranked memref of rank N is the struct
//! `{T* allocated, T* aligned, i64 offset, i64 sizes[N], i64 strides[N]}`
//! (rank 0 stops after `offset`); an unranked memref is `{i64 rank, ptr
//! descriptor}`; element `(i_0, ..., i_{N-1})` lives at
//! `aligned + offset + Σ i_k × strides[k]` elements; the identity layout has
//! `strides[N-1] = 1` and `strides[k] = strides[k+1] × sizes[k+1]`.
//! Layout sizes assume a 64-bit host (8-byte pointers), as every Mica target.

/// Bytes of a pointer or `i64` field.
pub const WORD_BYTES: u64 = 8;

/// One field of a ranked descriptor.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DescriptorField {
    /// Pointer returned by the allocator (what `free` takes).
    Allocated,
    /// Pointer aligned for the element type; indexing starts here.
    Aligned,
    /// Offset of element 0 from `aligned`, in elements.
    Offset,
    /// Size of dimension `k`.
    Size(u32),
    /// Stride of dimension `k`, in elements.
    Stride(u32),
}

/// Layout of the ranked descriptor of one rank.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DescriptorLayout {
    /// Number of dimensions.
    pub rank: u32,
}

impl DescriptorLayout {
    /// The layout for `rank` dimensions.
    pub fn new(rank: u32) -> DescriptorLayout {
        DescriptorLayout { rank }
    }

    /// The fields in memory (and argument-expansion) order.
    pub fn fields(&self) -> Vec<DescriptorField> {
        let mut fields = vec![
            DescriptorField::Allocated,
            DescriptorField::Aligned,
            DescriptorField::Offset,
        ];
        fields.extend((0..self.rank).map(DescriptorField::Size));
        fields.extend((0..self.rank).map(DescriptorField::Stride));
        fields
    }

    /// Position of `field` among the 8-byte words, `None` for a dimension
    /// outside the rank.
    pub fn word_index(&self, field: DescriptorField) -> Option<u64> {
        let rank = u64::from(self.rank);
        match field {
            DescriptorField::Allocated => Some(0),
            DescriptorField::Aligned => Some(1),
            DescriptorField::Offset => Some(2),
            DescriptorField::Size(k) if k < self.rank => Some(3 + u64::from(k)),
            DescriptorField::Stride(k) if k < self.rank => Some(3 + rank + u64::from(k)),
            _ => None,
        }
    }

    /// Byte offset of `field` in the descriptor.
    pub fn byte_offset(&self, field: DescriptorField) -> Option<u64> {
        self.word_index(field).map(|w| w * WORD_BYTES)
    }

    /// Total size in bytes: `8 × (3 + 2 × rank)`.
    pub fn size_bytes(&self) -> u64 {
        WORD_BYTES * (3 + 2 * u64::from(self.rank))
    }

    /// Alignment in bytes.
    pub fn align_bytes(&self) -> u64 {
        WORD_BYTES
    }
}

/// Problems with descriptor values.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MemRefError {
    /// Index tuple, sizes or strides of different lengths.
    #[error("expected {expected} values, found {found}")]
    RankMismatch {
        /// The rank.
        expected: usize,
        /// Values given.
        found: usize,
    },
    /// A negative size.
    #[error("size {size} of dimension {dim} is negative")]
    NegativeSize {
        /// Dimension.
        dim: usize,
        /// Its size.
        size: i64,
    },
    /// An index outside `0..size`.
    #[error("index {index} is out of bounds for dimension {dim} of size {size}")]
    OutOfBounds {
        /// Dimension.
        dim: usize,
        /// The index.
        index: i64,
        /// Its size.
        size: i64,
    },
    /// Arithmetic beyond `i64`.
    #[error("element position overflows 64 bits")]
    Overflow,
}

/// Strides of the identity (row-major, packed) layout of `sizes`.
pub fn identity_strides(sizes: &[i64]) -> Result<Vec<i64>, MemRefError> {
    let mut strides = vec![0; sizes.len()];
    let mut running: i64 = 1;
    for (dim, &size) in sizes.iter().enumerate().rev() {
        if size < 0 {
            return Err(MemRefError::NegativeSize { dim, size });
        }
        strides[dim] = running;
        running = running.checked_mul(size).ok_or(MemRefError::Overflow)?;
    }
    Ok(strides)
}

/// Identity strides of a type's sizes as far as they are static: a stride
/// is `None` once a dynamic size (or an overflow) lies to its right, as in
/// MLIR's canonical strided layout of `memref<4x?x2xf32>` (`[?, 2, 1]`).
pub fn static_identity_strides(dims: &[Option<i64>]) -> Vec<Option<i64>> {
    let mut strides = vec![None; dims.len()];
    let mut running = Some(1i64);
    for (dim, size) in dims.iter().enumerate().rev() {
        strides[dim] = running;
        running = match (running, size) {
            (Some(r), Some(s)) if *s >= 0 => r.checked_mul(*s),
            _ => None,
        };
    }
    strides
}

/// `offset + Σ indices[k] × strides[k]`, with no bounds check.
pub fn linearize(offset: i64, indices: &[i64], strides: &[i64]) -> Result<i64, MemRefError> {
    if indices.len() != strides.len() {
        return Err(MemRefError::RankMismatch {
            expected: strides.len(),
            found: indices.len(),
        });
    }
    indices
        .iter()
        .zip(strides)
        .try_fold(offset, |acc, (&i, &s)| {
            i.checked_mul(s)
                .and_then(|p| acc.checked_add(p))
                .ok_or(MemRefError::Overflow)
        })
}

/// The values of a ranked descriptor (pointers as addresses).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MemRefDescriptor {
    /// Allocated pointer.
    pub allocated: u64,
    /// Aligned pointer.
    pub aligned: u64,
    /// Offset in elements.
    pub offset: i64,
    /// Sizes.
    pub sizes: Vec<i64>,
    /// Strides in elements.
    pub strides: Vec<i64>,
}

impl MemRefDescriptor {
    /// A packed buffer at `base` with identity strides and offset 0.
    pub fn contiguous(base: u64, sizes: Vec<i64>) -> Result<MemRefDescriptor, MemRefError> {
        let strides = identity_strides(&sizes)?;
        Ok(MemRefDescriptor {
            allocated: base,
            aligned: base,
            offset: 0,
            sizes,
            strides,
        })
    }

    /// Number of dimensions.
    pub fn rank(&self) -> usize {
        self.sizes.len()
    }

    /// Element position of `indices` relative to `aligned`, checking each
    /// index against its size.
    pub fn element_position(&self, indices: &[i64]) -> Result<i64, MemRefError> {
        if indices.len() != self.sizes.len() {
            return Err(MemRefError::RankMismatch {
                expected: self.sizes.len(),
                found: indices.len(),
            });
        }
        for (dim, (&index, &size)) in indices.iter().zip(&self.sizes).enumerate() {
            if index < 0 || index >= size {
                return Err(MemRefError::OutOfBounds { dim, index, size });
            }
        }
        linearize(self.offset, indices, &self.strides)
    }

    /// The descriptor as its 8-byte words in memory order (signed fields in
    /// two's complement).
    pub fn to_words(&self) -> Vec<u64> {
        let mut words = vec![self.allocated, self.aligned, self.offset as u64];
        words.extend(self.sizes.iter().map(|&s| s as u64));
        words.extend(self.strides.iter().map(|&s| s as u64));
        words
    }

    /// Reads a descriptor of `rank` from its words.
    pub fn from_words(rank: usize, words: &[u64]) -> Result<MemRefDescriptor, MemRefError> {
        let expected = 3 + 2 * rank;
        if words.len() != expected {
            return Err(MemRefError::RankMismatch {
                expected,
                found: words.len(),
            });
        }
        let signed = |w: &[u64]| w.iter().map(|&x| x as i64).collect::<Vec<_>>();
        Ok(MemRefDescriptor {
            allocated: words[0],
            aligned: words[1],
            offset: words[2] as i64,
            sizes: signed(&words[3..3 + rank]),
            strides: signed(&words[3 + rank..]),
        })
    }
}

/// The values of an unranked descriptor.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct UnrankedDescriptor {
    /// Rank of the ranked descriptor pointed to.
    pub rank: i64,
    /// Address of the ranked descriptor.
    pub descriptor: u64,
}

impl UnrankedDescriptor {
    /// The two words in memory order.
    pub fn to_words(&self) -> [u64; 2] {
        [self.rank as u64, self.descriptor]
    }
}
