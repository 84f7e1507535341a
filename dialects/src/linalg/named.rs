//! linalg's named structured ops: the ops MLIR generates from OpDSL definitions (elementwise
//! functions, `copy`, `fill`, contractions, convolutions, poolings) and the ones it defines in
//! TableGen with user-settable indexing maps (`matmul`, `batch_matmul`, `batch_reduce_matmul`,
//! `contract`, `elementwise`). Each is described by its indexing maps and scalar computation;
//! parsing builds the region from that description as MLIR's region builders do, printing
//! leaves it out.

use super::generic::structured_op;
use super::structured::{
    block_arg_type, dense_i64s, parse_common, parse_optional_arrow_types, print_arrow_types, print_ins_outs, rank, store_attrs,
    BinaryFn, RegionBuilder, UnaryFn,
};
use super::verify::{maps_attr, Structured};
use super::{AFFINE_MAP_ARRAY, ELEMENTWISE_KIND, TYPE_FN};
use crate::ods::constraints::*;
use crate::ods::{spec_of, OpSpec};
use mica_affine::{AffineExpr, AffineMap};
use mica_ir::asm::AsmParser;
use mica_ir::{Attr, AttrKind, Body, Context, Ident, Op, OpDef, OperationState, Printer, Type, TypeKind};

/// One result of an indexing map, over the op's loop dimensions.
#[derive(Copy, Clone, Debug)]
enum Ix {
    /// `d<i>`
    D(u32),
    /// `d<a> + d<b>` (convolutions without strides)
    Sum(u32, u32),
    /// `d<out> * strides[i] + d<k> * dilations[i]`
    Win(u32, u32, usize),
}

/// The scalar computation of a named op (OpDSL's assignment), on the block arguments
/// (inputs then the output) with `U` the output element type.
#[derive(Copy, Clone, Debug, PartialEq)]
enum Compute {
    /// `O = f(I)`
    Unary(UnaryFn),
    /// `O = f(lhs, rhs)`
    Binary(BinaryFn),
    /// `O = select(cond, lhs, rhs)`
    Select,
    /// `O = cast(U, I)` with the op's `cast` attribute
    Copy,
    /// `O = cast_signed(U, value)`
    Fill,
    /// `O += cast(U, A) * cast(U, B)`; unsigned casts when the op's `cast` attribute asks for
    /// them and the op heeds it (MLIR's `batch_reduce_matmul` takes the attribute but always
    /// casts signed)
    Contract { heeds_cast_attr: bool },
    /// `O += (cast(U, A) - cast(U, AZp)) * (cast(U, B) - cast(U, BZp))`
    Quantized,
    /// `O += cast(U, I)`
    PoolSum,
    /// `O = f(O, cast(U, I))`
    PoolReduce(BinaryFn, bool),
    /// `kind`'s function of the inputs
    Elementwise,
    /// OpDSL's `fill_rng_2d`: a linear congruential generator over the two loop indices and
    /// the seed, scaled into `[min, max)`
    FillRng2d,
}

/// How a named op finds its indexing maps.
#[derive(Copy, Clone, Debug)]
enum Maps {
    /// One identity map per shaped operand (scalars map to `()`), of the output's rank.
    RankPolymorphic,
    /// Fixed maps over `loops` loops with these iterators (`p`, `r`), one per operand; MLIR
    /// memoizes them in `linalg.memoized_indexing_maps`.
    Static { maps: &'static [&'static [Ix]], iterators: &'static str },
    /// The `indexing_maps` property, with these defaults (rank given by the output).
    Property(Defaults),
}

/// The default `indexing_maps` of the TableGen-defined ops.
#[derive(Copy, Clone, Debug)]
enum Defaults {
    /// Given maps.
    Fixed(&'static [&'static [Ix]], u32),
    /// Identities of the output's rank (`elementwise`).
    Identity,
    /// None: the maps must be written (`contract`).
    Required,
}

/// A named op.
struct Named {
    name: &'static str,
    /// Block arguments (inputs and outputs) its region builder expects; `None` when any.
    args: Option<usize>,
    maps: Maps,
    /// Number of spatial dimensions of `strides`/`dilations` (0: no such attributes).
    window: usize,
    /// Whether it has a `cast` type-function attribute.
    cast_attr: bool,
    compute: Compute,
}

const fn poly(name: &'static str, args: usize, compute: Compute) -> Named {
    Named { name, args: Some(args), maps: Maps::RankPolymorphic, window: 0, cast_attr: false, compute }
}

const fn fixed(name: &'static str, maps: &'static [&'static [Ix]], iterators: &'static str, window: usize, compute: Compute) -> Named {
    Named { name, args: Some(maps.len()), maps: Maps::Static { maps, iterators }, window, cast_attr: false, compute }
}

use Ix::{Sum, Win, D};

const SIGNED: Compute = Compute::Contract { heeds_cast_attr: true };
const Q: Compute = Compute::Quantized;

static NAMED: &[Named] = &[
    Named { name: "linalg.copy", args: Some(2), maps: Maps::RankPolymorphic, window: 0, cast_attr: true, compute: Compute::Copy },
    poly("linalg.fill", 2, Compute::Fill),
    poly("linalg.exp", 2, Compute::Unary(UnaryFn::Exp)),
    poly("linalg.log", 2, Compute::Unary(UnaryFn::Log)),
    poly("linalg.abs", 2, Compute::Unary(UnaryFn::Abs)),
    poly("linalg.ceil", 2, Compute::Unary(UnaryFn::Ceil)),
    poly("linalg.floor", 2, Compute::Unary(UnaryFn::Floor)),
    poly("linalg.negf", 2, Compute::Unary(UnaryFn::Negf)),
    poly("linalg.reciprocal", 2, Compute::Unary(UnaryFn::Reciprocal)),
    poly("linalg.round", 2, Compute::Unary(UnaryFn::Round)),
    poly("linalg.sqrt", 2, Compute::Unary(UnaryFn::Sqrt)),
    poly("linalg.rsqrt", 2, Compute::Unary(UnaryFn::Rsqrt)),
    poly("linalg.square", 2, Compute::Unary(UnaryFn::Square)),
    poly("linalg.tanh", 2, Compute::Unary(UnaryFn::Tanh)),
    poly("linalg.erf", 2, Compute::Unary(UnaryFn::Erf)),
    poly("linalg.add", 3, Compute::Binary(BinaryFn::Add)),
    poly("linalg.sub", 3, Compute::Binary(BinaryFn::Sub)),
    poly("linalg.mul", 3, Compute::Binary(BinaryFn::Mul)),
    poly("linalg.div", 3, Compute::Binary(BinaryFn::Div)),
    poly("linalg.div_unsigned", 3, Compute::Binary(BinaryFn::DivUnsigned)),
    poly("linalg.max", 3, Compute::Binary(BinaryFn::MaxSigned)),
    poly("linalg.min", 3, Compute::Binary(BinaryFn::MinSigned)),
    poly("linalg.powf", 3, Compute::Binary(BinaryFn::Powf)),
    poly("linalg.select", 4, Compute::Select),
    Named {
        name: "linalg.matmul",
        args: Some(3),
        maps: Maps::Property(Defaults::Fixed(&[&[D(0), D(2)], &[D(2), D(1)], &[D(0), D(1)]], 3)),
        window: 0,
        cast_attr: true,
        compute: SIGNED,
    },
    Named {
        name: "linalg.batch_matmul",
        args: Some(3),
        maps: Maps::Property(Defaults::Fixed(&[&[D(0), D(1), D(3)], &[D(0), D(3), D(2)], &[D(0), D(1), D(2)]], 4)),
        window: 0,
        cast_attr: true,
        compute: SIGNED,
    },
    Named {
        name: "linalg.batch_reduce_matmul",
        args: Some(3),
        maps: Maps::Property(Defaults::Fixed(&[&[D(0), D(1), D(3)], &[D(0), D(3), D(2)], &[D(1), D(2)]], 4)),
        window: 0,
        cast_attr: true,
        compute: Compute::Contract { heeds_cast_attr: false },
    },
    Named { name: "linalg.contract", args: Some(3), maps: Maps::Property(Defaults::Required), window: 0, cast_attr: true, compute: SIGNED },
    Named { name: "linalg.elementwise", args: None, maps: Maps::Property(Defaults::Identity), window: 0, cast_attr: false, compute: Compute::Elementwise },
    fixed("linalg.quantized_matmul", &[&[D(0), D(2)], &[D(2), D(1)], &[], &[], &[D(0), D(1)]], "ppr", 0, Q),
    fixed("linalg.quantized_batch_matmul", &[&[D(0), D(1), D(3)], &[D(0), D(3), D(2)], &[], &[], &[D(0), D(1), D(2)]], "pppr", 0, Q),
    fixed("linalg.mmt4d", &[&[D(0), D(2), D(3), D(5)], &[D(1), D(2), D(4), D(5)], &[D(0), D(1), D(3), D(4)]], "pprppr", 0, SIGNED),
    fixed(
        "linalg.batch_mmt4d",
        &[&[D(0), D(1), D(3), D(4), D(6)], &[D(0), D(2), D(3), D(5), D(6)], &[D(0), D(1), D(2), D(4), D(5)]],
        "ppprppr",
        0,
        SIGNED,
    ),
    fixed("linalg.matvec", &[&[D(0), D(1)], &[D(1)], &[D(0)]], "pr", 0, SIGNED),
    fixed("linalg.vecmat", &[&[D(1)], &[D(1), D(0)], &[D(0)]], "pr", 0, SIGNED),
    fixed("linalg.batch_matvec", &[&[D(0), D(1), D(2)], &[D(0), D(2)], &[D(0), D(1)]], "ppr", 0, SIGNED),
    fixed("linalg.batch_vecmat", &[&[D(0), D(2)], &[D(0), D(2), D(1)], &[D(0), D(1)]], "ppr", 0, SIGNED),
    fixed("linalg.dot", &[&[D(0)], &[D(0)], &[]], "r", 0, SIGNED),
    fixed("linalg.fill_rng_2d", &[&[], &[], &[], &[D(0), D(1)]], "pp", 0, Compute::FillRng2d),
    fixed("linalg.conv_1d", &[&[Sum(0, 1)], &[D(1)], &[D(0)]], "pr", 0, SIGNED),
    fixed("linalg.conv_2d", &[&[Sum(0, 2), Sum(1, 3)], &[D(2), D(3)], &[D(0), D(1)]], "pprr", 0, SIGNED),
    fixed("linalg.conv_3d", &[&[Sum(0, 3), Sum(1, 4), Sum(2, 5)], &[D(3), D(4), D(5)], &[D(0), D(1), D(2)]], "ppprrr", 0, SIGNED),
    fixed("linalg.conv_1d_nwc_wcf", &[&[D(0), Win(1, 3, 0), D(4)], &[D(3), D(4), D(2)], &[D(0), D(1), D(2)]], "ppprr", 1, SIGNED),
    fixed("linalg.conv_1d_ncw_fcw", &[&[D(0), D(3), Win(2, 4, 0)], &[D(1), D(3), D(4)], &[D(0), D(1), D(2)]], "ppprr", 1, SIGNED),
    fixed("linalg.conv_2d_nhwc_hwcf", &[&[D(0), Win(1, 4, 0), Win(2, 5, 1), D(6)], &[D(4), D(5), D(6), D(3)], &[D(0), D(1), D(2), D(3)]], "pppprrr", 2, SIGNED),
    fixed("linalg.conv_2d_nhwc_fhwc", &[&[D(0), Win(1, 4, 0), Win(2, 5, 1), D(6)], &[D(3), D(4), D(5), D(6)], &[D(0), D(1), D(2), D(3)]], "pppprrr", 2, SIGNED),
    fixed(
        "linalg.conv_2d_nhwc_hwcf_q",
        &[&[D(0), Win(1, 4, 0), Win(2, 5, 1), D(6)], &[D(4), D(5), D(6), D(3)], &[], &[], &[D(0), D(1), D(2), D(3)]],
        "pppprrr",
        2,
        Q,
    ),
    fixed(
        "linalg.conv_2d_nhwc_fhwc_q",
        &[&[D(0), Win(1, 4, 0), Win(2, 5, 1), D(6)], &[D(3), D(4), D(5), D(6)], &[], &[], &[D(0), D(1), D(2), D(3)]],
        "pppprrr",
        2,
        Q,
    ),
    fixed("linalg.conv_2d_nchw_fchw", &[&[D(0), D(4), Win(2, 5, 0), Win(3, 6, 1)], &[D(1), D(4), D(5), D(6)], &[D(0), D(1), D(2), D(3)]], "pppprrr", 2, SIGNED),
    fixed(
        "linalg.conv_2d_nchw_fchw_q",
        &[&[D(0), D(4), Win(2, 5, 0), Win(3, 6, 1)], &[D(1), D(4), D(5), D(6)], &[], &[], &[D(0), D(1), D(2), D(3)]],
        "pppprrr",
        2,
        Q,
    ),
    fixed(
        "linalg.conv_2d_ngchw_fgchw",
        &[&[D(0), D(1), D(5), Win(3, 6, 0), Win(4, 7, 1)], &[D(2), D(1), D(5), D(6), D(7)], &[D(0), D(1), D(2), D(3), D(4)]],
        "ppppprrr",
        2,
        SIGNED,
    ),
    fixed(
        "linalg.conv_2d_ngchw_gfchw",
        &[&[D(0), D(1), D(5), Win(3, 6, 0), Win(4, 7, 1)], &[D(1), D(2), D(5), D(6), D(7)], &[D(0), D(1), D(2), D(3), D(4)]],
        "ppppprrr",
        2,
        SIGNED,
    ),
    fixed(
        "linalg.conv_2d_ngchw_gfchw_q",
        &[&[D(0), D(1), D(5), Win(3, 6, 0), Win(4, 7, 1)], &[D(1), D(2), D(5), D(6), D(7)], &[], &[], &[D(0), D(1), D(2), D(3), D(4)]],
        "ppppprrr",
        2,
        Q,
    ),
    fixed(
        "linalg.conv_2d_nhwgc_gfhwc",
        &[&[D(0), Win(1, 5, 0), Win(2, 6, 1), D(3), D(7)], &[D(3), D(4), D(5), D(6), D(7)], &[D(0), D(1), D(2), D(3), D(4)]],
        "ppppprrr",
        2,
        SIGNED,
    ),
    fixed(
        "linalg.conv_2d_nhwgc_gfhwc_q",
        &[&[D(0), Win(1, 5, 0), Win(2, 6, 1), D(3), D(7)], &[D(3), D(4), D(5), D(6), D(7)], &[], &[], &[D(0), D(1), D(2), D(3), D(4)]],
        "ppppprrr",
        2,
        Q,
    ),
    fixed(
        "linalg.conv_3d_ndhwc_dhwcf",
        &[&[D(0), Win(1, 5, 0), Win(2, 6, 1), Win(3, 7, 2), D(8)], &[D(5), D(6), D(7), D(8), D(4)], &[D(0), D(1), D(2), D(3), D(4)]],
        "ppppprrrr",
        3,
        SIGNED,
    ),
    fixed(
        "linalg.conv_3d_ndhwc_dhwcf_q",
        &[&[D(0), Win(1, 5, 0), Win(2, 6, 1), Win(3, 7, 2), D(8)], &[D(5), D(6), D(7), D(8), D(4)], &[], &[], &[D(0), D(1), D(2), D(3), D(4)]],
        "ppppprrrr",
        3,
        Q,
    ),
    fixed(
        "linalg.conv_3d_ncdhw_fcdhw",
        &[&[D(0), D(5), Win(2, 6, 0), Win(3, 7, 1), Win(4, 8, 2)], &[D(1), D(5), D(6), D(7), D(8)], &[D(0), D(1), D(2), D(3), D(4)]],
        "ppppprrrr",
        3,
        SIGNED,
    ),
    fixed("linalg.depthwise_conv_1d_nwc_wc", &[&[D(0), Win(1, 3, 0), D(2)], &[D(3), D(2)], &[D(0), D(1), D(2)]], "pppr", 1, SIGNED),
    fixed("linalg.depthwise_conv_1d_ncw_cw", &[&[D(0), D(2), Win(1, 3, 0)], &[D(2), D(3)], &[D(0), D(2), D(1)]], "pppr", 1, SIGNED),
    fixed("linalg.depthwise_conv_1d_nwc_wcm", &[&[D(0), Win(1, 4, 0), D(2)], &[D(4), D(2), D(3)], &[D(0), D(1), D(2), D(3)]], "ppppr", 1, SIGNED),
    fixed("linalg.depthwise_conv_2d_nhwc_hwc", &[&[D(0), Win(1, 4, 0), Win(2, 5, 1), D(3)], &[D(4), D(5), D(3)], &[D(0), D(1), D(2), D(3)]], "pppprr", 2, SIGNED),
    fixed("linalg.depthwise_conv_2d_nchw_chw", &[&[D(0), D(3), Win(1, 4, 0), Win(2, 5, 1)], &[D(3), D(4), D(5)], &[D(0), D(3), D(1), D(2)]], "pppprr", 2, SIGNED),
    fixed(
        "linalg.depthwise_conv_2d_nhwc_hwc_q",
        &[&[D(0), Win(1, 4, 0), Win(2, 5, 1), D(3)], &[D(4), D(5), D(3)], &[], &[], &[D(0), D(1), D(2), D(3)]],
        "pppprr",
        2,
        Q,
    ),
    fixed(
        "linalg.depthwise_conv_2d_nhwc_hwcm",
        &[&[D(0), Win(1, 5, 0), Win(2, 6, 1), D(3)], &[D(5), D(6), D(3), D(4)], &[D(0), D(1), D(2), D(3), D(4)]],
        "ppppprr",
        2,
        SIGNED,
    ),
    fixed(
        "linalg.depthwise_conv_2d_nhwc_hwcm_q",
        &[&[D(0), Win(1, 5, 0), Win(2, 6, 1), D(3)], &[D(5), D(6), D(3), D(4)], &[], &[], &[D(0), D(1), D(2), D(3), D(4)]],
        "ppppprr",
        2,
        Q,
    ),
    fixed(
        "linalg.depthwise_conv_3d_ndhwc_dhwc",
        &[&[D(0), Win(1, 4, 0), Win(2, 5, 1), Win(3, 6, 2), D(7)], &[D(4), D(5), D(6), D(7)], &[D(0), D(1), D(2), D(3), D(7)]],
        "pppprrrp",
        3,
        SIGNED,
    ),
    fixed(
        "linalg.depthwise_conv_3d_ncdhw_cdhw",
        &[&[D(0), D(7), Win(1, 4, 0), Win(2, 5, 1), Win(3, 6, 2)], &[D(7), D(4), D(5), D(6)], &[D(0), D(7), D(1), D(2), D(3)]],
        "pppprrrp",
        3,
        SIGNED,
    ),
    fixed(
        "linalg.depthwise_conv_3d_ndhwc_dhwcm",
        &[&[D(0), Win(1, 5, 0), Win(2, 6, 1), Win(3, 7, 2), D(8)], &[D(5), D(6), D(7), D(8), D(4)], &[D(0), D(1), D(2), D(3), D(8), D(4)]],
        "ppppprrrp",
        3,
        SIGNED,
    ),
    fixed("linalg.pooling_nhwc_sum", POOL_NHWC, "pppprr", 2, Compute::PoolSum),
    fixed("linalg.pooling_nhwc_max", POOL_NHWC, "pppprr", 2, Compute::PoolReduce(BinaryFn::MaxSigned, false)),
    fixed("linalg.pooling_nhwc_max_unsigned", POOL_NHWC, "pppprr", 2, Compute::PoolReduce(BinaryFn::MaxUnsigned, true)),
    fixed("linalg.pooling_nhwc_min", POOL_NHWC, "pppprr", 2, Compute::PoolReduce(BinaryFn::MinSigned, false)),
    fixed("linalg.pooling_nhwc_min_unsigned", POOL_NHWC, "pppprr", 2, Compute::PoolReduce(BinaryFn::MinUnsigned, true)),
    fixed("linalg.pooling_nchw_sum", POOL_NCHW, "pppprr", 2, Compute::PoolSum),
    fixed("linalg.pooling_nchw_max", POOL_NCHW, "pppprr", 2, Compute::PoolReduce(BinaryFn::MaxSigned, false)),
    fixed("linalg.pooling_nwc_sum", POOL_NWC, "pppr", 1, Compute::PoolSum),
    fixed("linalg.pooling_nwc_max", POOL_NWC, "pppr", 1, Compute::PoolReduce(BinaryFn::MaxSigned, false)),
    fixed("linalg.pooling_nwc_max_unsigned", POOL_NWC, "pppr", 1, Compute::PoolReduce(BinaryFn::MaxUnsigned, true)),
    fixed("linalg.pooling_nwc_min", POOL_NWC, "pppr", 1, Compute::PoolReduce(BinaryFn::MinSigned, false)),
    fixed("linalg.pooling_nwc_min_unsigned", POOL_NWC, "pppr", 1, Compute::PoolReduce(BinaryFn::MinUnsigned, true)),
    fixed("linalg.pooling_ncw_sum", POOL_NCW, "pppr", 1, Compute::PoolSum),
    fixed("linalg.pooling_ncw_max", POOL_NCW, "pppr", 1, Compute::PoolReduce(BinaryFn::MaxSigned, false)),
    fixed("linalg.pooling_ndhwc_sum", POOL_NDHWC, "ppppprrr", 3, Compute::PoolSum),
    fixed("linalg.pooling_ndhwc_max", POOL_NDHWC, "ppppprrr", 3, Compute::PoolReduce(BinaryFn::MaxSigned, false)),
    fixed("linalg.pooling_ndhwc_min", POOL_NDHWC, "ppppprrr", 3, Compute::PoolReduce(BinaryFn::MinSigned, false)),
];

const POOL_NHWC: &[&[Ix]] = &[&[D(0), Win(1, 4, 0), Win(2, 5, 1), D(3)], &[D(4), D(5)], &[D(0), D(1), D(2), D(3)]];
const POOL_NCHW: &[&[Ix]] = &[&[D(0), D(1), Win(2, 4, 0), Win(3, 5, 1)], &[D(4), D(5)], &[D(0), D(1), D(2), D(3)]];
const POOL_NWC: &[&[Ix]] = &[&[D(0), Win(1, 3, 0), D(2)], &[D(3)], &[D(0), D(1), D(2)]];
const POOL_NCW: &[&[Ix]] = &[&[D(0), D(1), Win(2, 3, 0)], &[D(3)], &[D(0), D(1), D(2)]];
const POOL_NDHWC: &[&[Ix]] = &[&[D(0), Win(1, 5, 0), Win(2, 6, 1), Win(3, 7, 2), D(4)], &[D(5), D(6), D(7)], &[D(0), D(1), D(2), D(3), D(4)]];

fn named(name: &str) -> Option<&'static Named> {
    NAMED.iter().find(|n| n.name == name)
}

/// MLIR's `AnyShaped`.
pub(super) static ANY_SHAPED: TypeConstraint = TypeConstraint { summary: "shaped of any type values", check: |c, t| c.type_kind(t).is_shaped(), buildable: None };
/// Whether `a` holds 64-bit signless integers in the shape `[n]`.
fn is_i64_elements_of(c: &Context, a: Attr, n: i64) -> bool {
    match c.attr_kind(a) {
        AttrKind::DenseElements { ty, .. } => match c.type_kind(*ty) {
            TypeKind::RankedTensor { shape, elem, .. } | TypeKind::Vector { shape, elem, .. } => shape[..] == [n] && is_signless_int_of(c, *elem, 64),
            _ => false,
        },
        _ => false,
    }
}

/// `strides` and `dilations` of ops with 1, 2 and 3 spatial dimensions.
static WINDOW_ATTRS: [AttrConstraint; 3] = [
    AttrConstraint {
        summary: "64-bit signless int elements attribute of shape [1]",
        syntax: AttrSyntax::Plain,
        check: |c, a| is_i64_elements_of(c, a, 1),
    },
    AttrConstraint {
        summary: "64-bit signless int elements attribute of shape [2]",
        syntax: AttrSyntax::Plain,
        check: |c, a| is_i64_elements_of(c, a, 2),
    },
    AttrConstraint {
        summary: "64-bit signless int elements attribute of shape [3]",
        syntax: AttrSyntax::Plain,
        check: |c, a| is_i64_elements_of(c, a, 3),
    },
];
static TYPE_FN_ATTR: AttrConstraint = AttrConstraint { summary: "", syntax: AttrSyntax::Dialect { dialect: "linalg", mnemonic: "type_fn" }, check: |_, _| true };
static ELEMENTWISE_KIND_ATTR: AttrConstraint =
    AttrConstraint { summary: "", syntax: AttrSyntax::Dialect { dialect: "linalg", mnemonic: "elementwise_kind" }, check: |_, _| true };

/// The named ops.
pub fn ops() -> impl ExactSizeIterator<Item = OpSpec> {
    NAMED
        .iter()
        .map(|n| {
            let mut s = structured_op(n.name, &ANY_TYPE, &ANY_SHAPED)
                .variadic_result("result_tensors", &ANY_RANKED_TENSOR)
                .region("region", None)
                .operand_segments()
                .verify(super::named_verify::verify)
                .verify_regions(super::verify::structured)
                .custom(parse_named, print_named);
            if n.cast_attr {
                s = s.optional_attr("cast", &TYPE_FN_ATTR);
            }
            if n.window > 0 {
                let window = &WINDOW_ATTRS[n.window.clamp(1, 3) - 1];
                s = s.optional_attr("strides", window).optional_attr("dilations", window);
            }
            if n.compute == Compute::Elementwise {
                s = s.attr("kind", &ELEMENTWISE_KIND_ATTR);
            }
            if let Maps::Property(d) = n.maps {
                s = if matches!(d, Defaults::Required) { s.attr("indexing_maps", &AFFINE_MAP_ARRAY) } else { s.optional_attr("indexing_maps", &AFFINE_MAP_ARRAY) };
            }
            s
        })
}

/// The value of attribute `name` among `attrs`.
fn find(ctx: &Context, attrs: &[(Ident, Attr)], name: &str) -> Option<Attr> {
    attrs.iter().find(|(k, _)| ctx.str(*k) == name).map(|(_, v)| *v)
}

/// The maps of a static named op with the given strides and dilations.
fn static_maps(maps: &[&[Ix]], iterators: &str, strides: &[i64], dilations: &[i64]) -> Vec<AffineMap> {
    let loops = iterators.len() as u32;
    maps.iter()
        .map(|results| {
            let exprs = results
                .iter()
                .map(|ix| match *ix {
                    Ix::D(d) => AffineExpr::dim(d),
                    Ix::Sum(a, b) => AffineExpr::add(AffineExpr::dim(a), AffineExpr::dim(b)),
                    Ix::Win(o, k, i) => AffineExpr::add(
                        AffineExpr::mul(AffineExpr::dim(o), AffineExpr::constant(strides.get(i).copied().unwrap_or(1))),
                        AffineExpr::mul(AffineExpr::dim(k), AffineExpr::constant(dilations.get(i).copied().unwrap_or(1))),
                    ),
                })
                .collect();
            AffineMap::new(loops, 0, exprs)
        })
        .collect()
}

fn window_values(ctx: &Context, attr: Option<Attr>, n: usize) -> Vec<i64> {
    attr.and_then(|a| dense_i64s(ctx, a, n)).unwrap_or_else(|| vec![1; n])
}

/// The default `indexing_maps` of a TableGen-defined op, given the output's rank.
fn default_maps(d: Defaults, n_operands: usize, out_rank: usize) -> Option<Vec<AffineMap>> {
    match d {
        Defaults::Fixed(maps, loops) => Some(
            maps.iter().map(|r| AffineMap::new(loops, 0, r.iter().map(|ix| if let Ix::D(d) = ix { AffineExpr::dim(*d) } else { AffineExpr::dim(0) }).collect())).collect(),
        ),
        Defaults::Identity => Some(vec![AffineMap::identity(out_rank as u32); n_operands]),
        Defaults::Required => None,
    }
}

fn map_attrs(ctx: &Context, maps: &[AffineMap]) -> Attr {
    let items: Vec<Attr> = maps.iter().map(|m| ctx.attr(AttrKind::AffineMap(m.clone()))).collect();
    ctx.array_attr(&items)
}

/// The default indexing maps of the named op `name` with `n_operands` operands and an output
/// of rank `out_rank`, for the ops whose maps may be written (none for `contract`).
pub(super) fn default_maps_of(name: &str, n_operands: usize, out_rank: usize) -> Option<Vec<AffineMap>> {
    match named(name)?.maps {
        Maps::Property(d) => default_maps(d, n_operands, out_rank),
        _ => None,
    }
}

/// The indexing maps of a named op.
pub fn indexing_maps(ctx: &Context, s: &Structured<'_>) -> Option<Vec<AffineMap>> {
    let n = named(s.name)?;
    match n.maps {
        Maps::Property(_) => maps_attr(ctx, s.body, s.op),
        Maps::Static { maps, iterators } => {
            let strides = window_values(ctx, ctx.op_attr(s.body, s.op, "strides"), n.window);
            let dilations = window_values(ctx, ctx.op_attr(s.body, s.op, "dilations"), n.window);
            Some(static_maps(maps, iterators, &strides, &dilations))
        }
        Maps::RankPolymorphic => {
            let out = *s.outputs.first()?;
            let r = rank(ctx, s.ty(out)) as u32;
            Some(
                s.inputs
                    .iter()
                    .chain(&s.outputs)
                    .map(|v| if ctx.type_kind(s.ty(*v)).is_shaped() { AffineMap::identity(r) } else { AffineMap::new(r, 0, vec![]) })
                    .collect(),
            )
        }
    }
}

// ------------------------------------------------------------------------------ parse, print

/// `indexing_maps = [#map, ...]`
fn parse_maps_clause(p: &mut dyn AsmParser<'_>) -> Result<Attr, ()> {
    p.parse_punct("=")?;
    p.parse_punct("[")?;
    let ctx = p.ctx();
    let mut items = Vec::new();
    loop {
        let a = p.parse_attribute()?;
        if !matches!(ctx.attr_kind(a), AttrKind::AffineMap(_)) {
            let at = p.offset();
            p.error_at(at, "expected affine map attribute");
            return Err(());
        }
        items.push(a);
        if !p.parse_optional_punct(",") {
            break;
        }
    }
    p.parse_punct("]")?;
    Ok(ctx.array_attr(&items))
}

fn parse_named(def: &OpDef, p: &mut dyn AsmParser<'_>, state: &mut OperationState) -> Result<(), ()> {
    let ctx = p.ctx();
    let start = p.offset();
    let (Some(spec), Some(n)) = (spec_of(def), named(def.name)) else {
        p.error_at(start, "missing op definition");
        return Err(());
    };
    let mut attrs: Vec<(Ident, Attr)> = Vec::new();
    if n.compute == Compute::Elementwise {
        p.parse_keyword("kind")?;
        p.parse_punct("=")?;
        let at = p.offset();
        let kind = p.parse_attribute()?;
        if ELEMENTWISE_KIND.int_value(ctx, kind).is_none() || !matches!(ctx.attr_kind(kind), AttrKind::Dialect { .. }) {
            p.error_at(at, "expected operation 'kind' attribute");
            return Err(());
        }
        attrs.push((ctx.ident("kind"), kind));
    }
    if let Maps::Property(d) = n.maps {
        if p.parse_optional_keyword("indexing_maps") {
            attrs.push((ctx.ident("indexing_maps"), parse_maps_clause(p)?));
        } else if matches!(d, Defaults::Required) {
            let at = p.offset();
            p.error_at(at, "expected 'indexing_maps' attribute");
            return Err(());
        }
    }
    let common = parse_common(p, state)?;
    // MLIR checks the inherent attributes of the dictionary before `ins` as it parses them.
    let (dict_at, dict_len) = common.dict;
    for (k, v) in &common.attrs[common.attrs.len() - dict_len..] {
        let Some(a) = spec.attrs.iter().find(|a| a.name == ctx.str(*k)) else { continue };
        if !(a.constraint.check)(ctx, *v) {
            p.error_at(dict_at, &format!("'{}' op attribute '{}' failed to satisfy constraint: {}", def.name, a.name, a.constraint.summary));
            return Err(());
        }
    }
    attrs.extend(common.attrs);
    if let Some(extra) = p.parse_optional_attr_dict()? {
        attrs.extend(extra);
    }
    let results = parse_optional_arrow_types(p)?;
    state.result_types.extend(results);
    let (ins, outs) = (common.input_types, common.output_types);
    if let Maps::Property(d) = n.maps {
        if find(ctx, &attrs, "indexing_maps").is_none() {
            let out_rank = outs.first().map_or(0, |t| rank(ctx, *t));
            if let Some(maps) = default_maps(d, ins.len() + outs.len(), out_rank) {
                attrs.push((ctx.ident("indexing_maps"), map_attrs(ctx, &maps)));
            }
        }
    }
    let arity = n.args.unwrap_or(ins.len() + outs.len());
    if arity != ins.len() + outs.len() {
        let at = p.offset();
        let msg = format!("[parseNamedStructuredOpRegion] ods-gen generated region expects {arity} args, got {}", ins.len() + outs.len());
        p.error_at(at, &msg);
        return Err(());
    }
    if let Maps::Static { maps, iterators } = n.maps {
        let strides = window_values(ctx, find(ctx, &attrs, "strides"), n.window);
        let dilations = window_values(ctx, find(ctx, &attrs, "dilations"), n.window);
        if !attrs.iter().any(|(k, _)| ctx.str(*k) == "linalg.memoized_indexing_maps") {
            attrs.push((ctx.ident("linalg.memoized_indexing_maps"), map_attrs(ctx, &static_maps(maps, iterators, &strides, &dilations))));
        }
    }
    let arg_types: Vec<Type> = ins.iter().chain(&outs).map(|t| block_arg_type(ctx, *t)).collect();
    let mut failure: Option<String> = None;
    let compute_attrs = attrs.clone();
    p.add_built_region(state, &mut |body, region| {
        let mut b = RegionBuilder::new(ctx, body, region, &arg_types);
        if let Err(e) = build_body(&mut b, n.compute, &compute_attrs, ins.len()) {
            failure = Some(e);
        }
    });
    if let Some(e) = failure {
        p.error_at(start, &e);
        return Err(());
    }
    store_attrs(ctx, spec, state, attrs, Some((ins.len(), outs.len())));
    Ok(())
}

/// Whether the `cast` attribute asks for unsigned casts.
fn unsigned_cast(ctx: &Context, attrs: &[(Ident, Attr)]) -> bool {
    find(ctx, attrs, "cast").and_then(|a| TYPE_FN.int_value(ctx, a)) == Some(1)
}

const UNARY: [UnaryFn; 13] = [
    UnaryFn::Exp,
    UnaryFn::Log,
    UnaryFn::Abs,
    UnaryFn::Ceil,
    UnaryFn::Floor,
    UnaryFn::Negf,
    UnaryFn::Reciprocal,
    UnaryFn::Round,
    UnaryFn::Sqrt,
    UnaryFn::Rsqrt,
    UnaryFn::Square,
    UnaryFn::Tanh,
    UnaryFn::Erf,
];
const BINARY: [BinaryFn; 10] = [
    BinaryFn::Add,
    BinaryFn::Sub,
    BinaryFn::Mul,
    BinaryFn::Div,
    BinaryFn::DivUnsigned,
    BinaryFn::MaxSigned,
    BinaryFn::MinSigned,
    BinaryFn::MaxUnsigned,
    BinaryFn::MinUnsigned,
    BinaryFn::Powf,
];

/// Builds the scalar computation and its `linalg.yield`.
fn build_body(b: &mut RegionBuilder<'_>, compute: Compute, attrs: &[(Ident, Attr)], num_inputs: usize) -> Result<(), String> {
    let ctx = b.ctx();
    let n = b.num_args();
    if n == 0 {
        return Ok(());
    }
    let out = b.arg(n - 1);
    let u = b.ty(out);
    let unsigned = unsigned_cast(ctx, attrs);
    let value = match compute {
        Compute::Unary(f) => b.unary(f, b.arg(0))?,
        Compute::Binary(f) => b.binary(f, b.arg(0), b.arg(1))?,
        Compute::Select => b.select(b.arg(0), b.arg(1), b.arg(2)),
        Compute::Copy => b.cast(u, b.arg(0), unsigned),
        Compute::Fill => b.cast(u, b.arg(0), false),
        Compute::Contract { heeds_cast_attr } => {
            let x = b.cast(u, b.arg(0), unsigned && heeds_cast_attr);
            let y = b.cast(u, b.arg(1), unsigned && heeds_cast_attr);
            let m = b.binary(BinaryFn::Mul, x, y)?;
            b.binary(BinaryFn::Add, out, m)?
        }
        Compute::Quantized => {
            let a = b.cast(u, b.arg(0), false);
            let az = b.cast(u, b.arg(2), false);
            let s1 = b.binary(BinaryFn::Sub, a, az)?;
            let k = b.cast(u, b.arg(1), false);
            let kz = b.cast(u, b.arg(3), false);
            let s2 = b.binary(BinaryFn::Sub, k, kz)?;
            let m = b.binary(BinaryFn::Mul, s1, s2)?;
            b.binary(BinaryFn::Add, out, m)?
        }
        Compute::PoolSum => {
            let x = b.cast(u, b.arg(0), false);
            b.binary(BinaryFn::Add, out, x)?
        }
        Compute::PoolReduce(f, uns) => {
            let x = b.cast(u, b.arg(0), uns);
            b.binary(f, out, x)?
        }
        Compute::Elementwise => {
            let kind = find(ctx, attrs, "kind").and_then(|a| ELEMENTWISE_KIND.int_value(ctx, a)).unwrap_or(0) as usize;
            match kind {
                k if k < UNARY.len() => b.unary(UNARY[k], b.arg(0))?,
                k if k < UNARY.len() + BINARY.len() => {
                    if num_inputs < 2 {
                        return Err("expected two inputs".into());
                    }
                    b.binary(BINARY[k - UNARY.len()], b.arg(0), b.arg(1))?
                }
                _ => {
                    if num_inputs < 3 {
                        return Err("expected three inputs".into());
                    }
                    b.select(b.arg(0), b.arg(1), b.arg(2))
                }
            }
        }
        Compute::FillRng2d => fill_rng_2d(b, u)?,
    };
    b.yield_values(&[value]);
    Ok(())
}

/// The body of `fill_rng_2d` (arguments min, max, seed, out), in the order OpDSL emits it:
/// `cast(U, (offset + f64(rand2)) * ((max - min) * inv_range) + min)` with
/// `rand1 = (i32(m) + seed) * multiplier + increment` and
/// `rand2 = (i32(n) + rand1) * multiplier + increment`.
fn fill_rng_2d(b: &mut RegionBuilder<'_>, u: Type) -> Result<mica_ir::Value, String> {
    let ctx = b.ctx();
    let (i32t, i64t, f64t) = (ctx.int_type(32), ctx.int_type(64), ctx.float_type(mica_ir::FloatKind::F64));
    let (min, max, seed) = (b.arg(0), b.arg(1), b.arg(2));
    let int_const = |b: &mut RegionBuilder<'_>, v: i64, to: Type| {
        let c = b.constant(i64t, ctx.int_attr(i64t, v));
        b.cast(to, c, false)
    };
    let offset = int_const(b, 2_147_483_647, f64t);
    let mut rand = Vec::new();
    for dim in [1, 0] {
        let i = b.index(dim);
        rand.push(b.cast(i32t, i, false));
    }
    let (n, m) = (rand[0], rand[1]);
    let lcg = |b: &mut RegionBuilder<'_>, x: mica_ir::Value| -> Result<mica_ir::Value, String> {
        let multiplier = int_const(b, 1_103_515_245, i32t);
        let x = b.binary(BinaryFn::Mul, x, multiplier)?;
        let increment = int_const(b, 12345, i32t);
        b.binary(BinaryFn::Add, x, increment)
    };
    let r1 = b.binary(BinaryFn::Add, m, seed)?;
    let r1 = lcg(b, r1)?;
    let r2 = b.binary(BinaryFn::Add, n, r1)?;
    let r2 = lcg(b, r2)?;
    let r2 = b.cast(f64t, r2, false);
    let shifted = b.binary(BinaryFn::Add, offset, r2)?;
    let range = b.binary(BinaryFn::Sub, max, min)?;
    let inv_range = b.constant(f64t, ctx.attr(AttrKind::Float { ty: f64t, bits: u128::from(2.3283064e-10f64.to_bits()) }));
    let scaling = b.binary(BinaryFn::Mul, range, inv_range)?;
    let scaled = b.binary(BinaryFn::Mul, shifted, scaling)?;
    let value = b.binary(BinaryFn::Add, scaled, min)?;
    Ok(b.cast(u, value, false))
}

/// The `indexing_maps` a named op prints (those differing from its defaults).
fn printed_maps(ctx: &Context, n: &Named, body: &Body, op: Op) -> Option<Attr> {
    let Maps::Property(d) = n.maps else { return None };
    let current = maps_attr(ctx, body, op)?;
    let s = Structured::of(ctx, body, op)?;
    let out_rank = s.outputs.first().map_or(0, |o| rank(ctx, s.ty(*o)));
    if Some(&current) == default_maps(d, s.inputs.len() + s.outputs.len(), out_rank).as_ref() {
        return None;
    }
    ctx.op_attr(body, op, "indexing_maps")
}

/// The attributes the attribute dictionary of a named op leaves out.
fn elided_attrs(n: &Named) -> Vec<&'static str> {
    let mut elided = vec!["operandSegmentSizes", "linalg.memoized_indexing_maps"];
    if matches!(n.maps, Maps::Property(_)) {
        elided.push("indexing_maps");
    }
    if n.compute == Compute::Elementwise {
        elided.push("kind");
    }
    elided
}

fn ins_outs(ctx: &Context, body: &Body, op: Op) -> (Vec<mica_ir::Value>, Vec<mica_ir::Value>) {
    match Structured::of(ctx, body, op) {
        Some(s) => (s.inputs, s.outputs),
        None => (body.operands(op).collect(), Vec::new()),
    }
}

fn print_named(def: &OpDef, p: &mut Printer<'_>, body: &Body, op: Op) {
    let ctx = p.ctx;
    let Some(n) = named(def.name) else { return };
    if n.compute == Compute::Elementwise {
        if let Some(kind) = ctx.op_attr(body, op, "kind") {
            p.write(" kind=");
            p.print_attr(kind);
        }
    }
    if let Some(maps) = printed_maps(ctx, n, body, op) {
        if let AttrKind::Array(items) = ctx.attr_kind(maps) {
            p.write(" indexing_maps = [");
            for (i, m) in items.iter().enumerate() {
                if i > 0 {
                    p.write(", ");
                }
                p.print_attr(*m);
            }
            p.write("]");
        }
    }
    p.print_attr_dict(ctx.op_attr_dict(body, op), &elided_attrs(n), false);
    let (ins, outs) = ins_outs(ctx, body, op);
    print_ins_outs(p, body, &ins, &outs);
    let results: Vec<Type> = body.results(op).iter().map(|r| body.value_type(*r)).collect();
    print_arrow_types(p, &results);
}

