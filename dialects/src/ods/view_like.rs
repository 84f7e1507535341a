//! MLIR's `OffsetSizeAndStrideOpInterface` checks, shared by the slice and view ops of memref
//! and tensor: the mixed static/dynamic offset, size and stride lists must agree with their
//! operands and with each other, and a static slice must stay inside the source.

use super::{plain_error, OpView};
use mica_ir::DYNAMIC;

/// The three mixed lists of an `OffsetSizeAndStrideOpInterface` op.
pub struct Mixed {
    /// `static_offsets`.
    pub offsets: Vec<i64>,
    /// `static_sizes`.
    pub sizes: Vec<i64>,
    /// `static_strides`.
    pub strides: Vec<i64>,
}

pub fn mixed(v: &OpView<'_>) -> Mixed {
    let get = |n: &str| v.attr_dense_i64(n).unwrap_or_default();
    Mixed { offsets: get("static_offsets"), sizes: get("static_sizes"), strides: get("static_strides") }
}

/// MLIR's `verifyOffsetSizeAndStrideOp`; `max_ranks` are the expected list lengths.
pub fn offset_size_stride(v: &OpView<'_>, m: &Mixed, max_ranks: [usize; 3]) -> Result<(), String> {
    for (values, statics, name) in [("sizes", &m.sizes, "static_sizes"), ("strides", &m.strides, "static_strides"), ("offsets", &m.offsets, "static_offsets")] {
        let (got, dynamic) = (v.operands_named(values).len(), statics.iter().filter(|d| **d == DYNAMIC).count());
        if got != dynamic {
            return Err(plain_error(format!(
                "expected the number of '{values}' to match the number of dynamic entries in '{name}' ({got} vs {dynamic})"
            )));
        }
    }
    if !(m.offsets.len() == 1 && max_ranks[0] == 1) && m.offsets.len() != m.sizes.len() {
        return Err(plain_error(format!(
            "expected mixed offsets rank to match mixed sizes rank ({} vs {}) so the rank of the result type is well-formed.",
            m.offsets.len(),
            m.sizes.len()
        )));
    }
    if m.sizes.len() != m.strides.len() {
        return Err(plain_error(format!(
            "expected mixed sizes rank to match mixed strides rank ({} vs {}) so the rank of the result type is well-formed.",
            m.sizes.len(),
            m.strides.len()
        )));
    }
    for (list, name, max) in [(&m.offsets, "offset", max_ranks[0]), (&m.sizes, "size", max_ranks[1]), (&m.strides, "stride", max_ranks[2])] {
        if list.len() != max {
            return Err(plain_error(format!("expected {max} {name} values, got {}", list.len())));
        }
    }
    if let Some(o) = m.offsets.iter().find(|&&o| o < 0 && o != DYNAMIC) {
        return Err(plain_error(format!("expected offsets to be non-negative, but got {o}")));
    }
    if let Some(s) = m.sizes.iter().find(|&&s| s < 0 && s != DYNAMIC) {
        return Err(plain_error(format!("expected sizes to be non-negative, but got {s}")));
    }
    Ok(())
}

/// MLIR's `verifyInBoundsSlice` over the static entries.
pub fn in_bounds_slice(shape: &[i64], m: &Mixed) -> Result<(), String> {
    for (i, &dim) in shape.iter().enumerate() {
        let (Some(&off), Some(&size), Some(&stride)) = (m.offsets.get(i), m.sizes.get(i), m.strides.get(i)) else { continue };
        if dim == DYNAMIC || off == DYNAMIC {
            continue;
        }
        if off >= dim {
            return Err(plain_error(format!("offset {i} is out-of-bounds: {off} >= {dim}")));
        }
        if size == DYNAMIC || stride == DYNAMIC {
            continue;
        }
        let last = off.wrapping_add((size - 1).wrapping_mul(stride));
        if last >= dim {
            return Err(plain_error(format!("slice along dimension {i} runs out-of-bounds: {last} >= {dim}")));
        }
    }
    Ok(())
}
