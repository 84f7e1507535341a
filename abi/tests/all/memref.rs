//! Memref descriptor layout, strides and index linearization.

use mica_abi::memref::{
    DescriptorField, DescriptorLayout, MemRefDescriptor, MemRefError, UnrankedDescriptor,
    identity_strides, linearize, static_identity_strides,
};

use crate::common::Rng;

#[test]
fn descriptor_fields_sit_at_fixed_offsets() {
    use DescriptorField::*;
    let layout = DescriptorLayout::new(2);
    assert_eq!(
        layout.fields(),
        vec![
            Allocated,
            Aligned,
            Offset,
            Size(0),
            Size(1),
            Stride(0),
            Stride(1)
        ]
    );
    let offsets: Vec<Option<u64>> = layout
        .fields()
        .into_iter()
        .map(|f| layout.byte_offset(f))
        .collect();
    assert_eq!(offsets, [0, 8, 16, 24, 32, 40, 48].map(Some));
    assert_eq!(layout.size_bytes(), 56);
    assert_eq!(layout.align_bytes(), 8);
    assert_eq!(layout.byte_offset(Size(2)), None);
    assert_eq!(layout.byte_offset(Stride(2)), None);

    let scalar = DescriptorLayout::new(0);
    assert_eq!(scalar.fields(), vec![Allocated, Aligned, Offset]);
    assert_eq!(scalar.size_bytes(), 24);
    assert_eq!(scalar.byte_offset(Size(0)), None);
    assert_eq!(
        DescriptorLayout::new(5).byte_offset(Stride(4)),
        Some(8 * (3 + 5 + 4))
    );
}

#[test]
fn identity_strides_are_row_major() {
    assert_eq!(identity_strides(&[2, 3, 4]), Ok(vec![12, 4, 1]));
    assert_eq!(identity_strides(&[7]), Ok(vec![1]));
    assert_eq!(identity_strides(&[]), Ok(vec![]));
    assert_eq!(identity_strides(&[0, 5]), Ok(vec![5, 1]));
    assert_eq!(
        identity_strides(&[3, -1]),
        Err(MemRefError::NegativeSize { dim: 1, size: -1 })
    );
    assert_eq!(
        identity_strides(&[2, i64::MAX, 2]),
        Err(MemRefError::Overflow)
    );
}

#[test]
fn static_strides_stop_at_dynamic_sizes() {
    type Dims = Vec<Option<i64>>;
    let cases: Vec<(Dims, Dims)> = vec![
        (vec![Some(4), None, Some(2)], vec![None, Some(2), Some(1)]),
        (vec![None, Some(4)], vec![Some(4), Some(1)]),
        (vec![Some(2), Some(3)], vec![Some(3), Some(1)]),
        (vec![None], vec![Some(1)]),
        (vec![], vec![]),
        (
            vec![Some(i64::MAX), Some(4), Some(2)],
            vec![Some(8), Some(2), Some(1)],
        ),
        (
            vec![Some(2), Some(i64::MAX), Some(4)],
            vec![None, Some(4), Some(1)],
        ),
    ];
    for (dims, want) in cases {
        assert_eq!(static_identity_strides(&dims), want, "dims {dims:?}");
    }
}

#[test]
fn linearization_adds_offset_and_strided_indices() {
    assert_eq!(linearize(0, &[1, 2], &[3, 1]), Ok(5));
    assert_eq!(linearize(10, &[1, 2], &[1, 4]), Ok(19));
    assert_eq!(linearize(7, &[], &[]), Ok(7));
    assert_eq!(
        linearize(0, &[1], &[1, 1]),
        Err(MemRefError::RankMismatch {
            expected: 2,
            found: 1
        })
    );
    assert_eq!(linearize(i64::MAX, &[1], &[1]), Err(MemRefError::Overflow));
    assert_eq!(linearize(0, &[i64::MAX], &[2]), Err(MemRefError::Overflow));
}

#[test]
fn row_major_walks_visit_consecutive_positions() {
    let mut rng = Rng::new(31);
    for _ in 0..300 {
        let sizes: Vec<i64> = (0..rng.below(5)).map(|_| 1 + rng.below(5) as i64).collect();
        let d = MemRefDescriptor::contiguous(0x1000, sizes.clone()).expect("valid sizes");
        let count: i64 = sizes.iter().product();
        let mut index = vec![0i64; sizes.len()];
        for expected in 0..count {
            assert_eq!(
                d.element_position(&index),
                Ok(expected),
                "sizes {sizes:?} index {index:?}"
            );
            // Odometer increment, last dimension fastest.
            for k in (0..index.len()).rev() {
                index[k] += 1;
                if index[k] < sizes[k] {
                    break;
                }
                index[k] = 0;
            }
        }
    }
}

#[test]
fn element_positions_check_bounds() {
    let d = MemRefDescriptor {
        allocated: 0,
        aligned: 64,
        offset: 3,
        sizes: vec![2, 3],
        strides: vec![1, 2],
    };
    assert_eq!(d.element_position(&[1, 2]), Ok(3 + 1 + 4));
    assert_eq!(
        d.element_position(&[2, 0]),
        Err(MemRefError::OutOfBounds {
            dim: 0,
            index: 2,
            size: 2
        })
    );
    assert_eq!(
        d.element_position(&[0, -1]),
        Err(MemRefError::OutOfBounds {
            dim: 1,
            index: -1,
            size: 3
        })
    );
    assert_eq!(
        d.element_position(&[0]),
        Err(MemRefError::RankMismatch {
            expected: 2,
            found: 1
        })
    );
}

#[test]
fn descriptors_convert_to_and_from_words() {
    let d = MemRefDescriptor {
        allocated: 0x1000,
        aligned: 0x1040,
        offset: -2,
        sizes: vec![4, 5],
        strides: vec![5, 1],
    };
    let words = d.to_words();
    assert_eq!(words, vec![0x1000, 0x1040, (-2i64) as u64, 4, 5, 5, 1]);
    assert_eq!(
        words.len() as u64 * 8,
        DescriptorLayout::new(2).size_bytes()
    );
    assert_eq!(MemRefDescriptor::from_words(2, &words), Ok(d));
    assert_eq!(
        MemRefDescriptor::from_words(1, &words),
        Err(MemRefError::RankMismatch {
            expected: 5,
            found: 7
        })
    );
    assert_eq!(
        UnrankedDescriptor {
            rank: 2,
            descriptor: 0x2000
        }
        .to_words(),
        [2, 0x2000]
    );
    let c = MemRefDescriptor::contiguous(0x10, vec![2, 3]).expect("valid");
    assert_eq!(
        (
            c.allocated,
            c.aligned,
            c.offset,
            c.strides.clone(),
            c.rank()
        ),
        (0x10, 0x10, 0, vec![3, 1], 2)
    );
}
