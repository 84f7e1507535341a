//! The float types MLIR 22 knows (`FloatKind`) and their semantics: precision, exponent range,
//! storage width and how infinities, NaNs and zeros are encoded (the facts of LLVM's
//! `fltSemantics` table, including the non-IEEE 8-, 6- and 4-bit formats).

/// Every floating-point type of MLIR 22's builtin dialect.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub enum FloatKind {
    /// IEEE binary16 (`f16`).
    F16,
    /// bfloat16 (`bf16`): 8 exponent bits, 7 stored significand bits.
    BF16,
    /// IEEE binary32 (`f32`).
    F32,
    /// IEEE binary64 (`f64`).
    F64,
    /// x87 80-bit extended precision (`f80`), with an explicit integer bit.
    F80,
    /// IEEE binary128 (`f128`).
    F128,
    /// NVIDIA TensorFloat-32 (`tf32`): 19 bits, 8 exponent bits, 10 stored significand bits.
    TF32,
    /// `f8E5M2`: IEEE-like 8-bit float with infinities and NaNs.
    F8E5M2,
    /// `f8E4M3`: IEEE-like 8-bit float with infinities and NaNs.
    F8E4M3,
    /// `f8E4M3FN`: no infinity; NaN is exponent and significand all ones.
    F8E4M3FN,
    /// `f8E5M2FNUZ`: no infinity, no negative zero; NaN is the negative-zero pattern.
    F8E5M2FNUZ,
    /// `f8E4M3FNUZ`: no infinity, no negative zero; NaN is the negative-zero pattern.
    F8E4M3FNUZ,
    /// `f8E4M3B11FNUZ`: like `f8E4M3FNUZ` with exponent bias 11.
    F8E4M3B11FNUZ,
    /// `f8E3M4`: IEEE-like 8-bit float with infinities and NaNs.
    F8E3M4,
    /// `f4E2M1FN`: 4-bit float, finite values only.
    F4E2M1FN,
    /// `f6E2M3FN`: 6-bit float, finite values only.
    F6E2M3FN,
    /// `f6E3M2FN`: 6-bit float, finite values only.
    F6E3M2FN,
    /// `f8E8M0FNU`: unsigned powers of two (exponent only); no zero, no infinity, NaN is 0xFF.
    F8E8M0FNU,
}

/// How a kind represents values that are not finite.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum NonFiniteBehavior {
    /// IEEE 754: infinities and NaNs with an all-ones exponent field.
    Ieee754,
    /// No infinity; operations that would give infinity give NaN.
    NanOnly,
    /// Neither infinity nor NaN exist; overflow saturates.
    FiniteOnly,
}

/// Which bit patterns are NaN.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum NanEncoding {
    /// All-ones exponent field with a nonzero significand (quiet bit = top stored significand bit).
    Ieee,
    /// Exponent and significand all ones (either sign).
    AllOnes,
    /// The pattern of negative zero (sign bit alone); there is no negative zero.
    NegativeZero,
}

/// The numeric facts of one kind, mirroring LLVM's `fltSemantics`.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Semantics {
    pub max_exp: i32,
    pub min_exp: i32,
    pub precision: u32,
    pub bits: u32,
    pub non_finite: NonFiniteBehavior,
    pub nan_encoding: NanEncoding,
    pub has_zero: bool,
    pub signed: bool,
}

const fn ieee(max_exp: i32, min_exp: i32, precision: u32, bits: u32) -> Semantics {
    Semantics {
        max_exp,
        min_exp,
        precision,
        bits,
        non_finite: NonFiniteBehavior::Ieee754,
        nan_encoding: NanEncoding::Ieee,
        has_zero: true,
        signed: true,
    }
}

const fn with(mut s: Semantics, non_finite: NonFiniteBehavior, nan: NanEncoding) -> Semantics {
    s.non_finite = non_finite;
    s.nan_encoding = nan;
    s
}

impl FloatKind {
    /// Every kind, in declaration order.
    pub const ALL: [FloatKind; 18] = [
        FloatKind::F16,
        FloatKind::BF16,
        FloatKind::F32,
        FloatKind::F64,
        FloatKind::F80,
        FloatKind::F128,
        FloatKind::TF32,
        FloatKind::F8E5M2,
        FloatKind::F8E4M3,
        FloatKind::F8E4M3FN,
        FloatKind::F8E5M2FNUZ,
        FloatKind::F8E4M3FNUZ,
        FloatKind::F8E4M3B11FNUZ,
        FloatKind::F8E3M4,
        FloatKind::F4E2M1FN,
        FloatKind::F6E2M3FN,
        FloatKind::F6E3M2FN,
        FloatKind::F8E8M0FNU,
    ];

    pub(crate) const fn semantics(self) -> Semantics {
        use NanEncoding as N;
        use NonFiniteBehavior as B;
        match self {
            FloatKind::F16 => ieee(15, -14, 11, 16),
            FloatKind::BF16 => ieee(127, -126, 8, 16),
            FloatKind::F32 => ieee(127, -126, 24, 32),
            FloatKind::F64 => ieee(1023, -1022, 53, 64),
            FloatKind::F80 => ieee(16383, -16382, 64, 80),
            FloatKind::F128 => ieee(16383, -16382, 113, 128),
            FloatKind::TF32 => ieee(127, -126, 11, 19),
            FloatKind::F8E5M2 => ieee(15, -14, 3, 8),
            FloatKind::F8E4M3 => ieee(7, -6, 4, 8),
            FloatKind::F8E4M3FN => with(ieee(8, -6, 4, 8), B::NanOnly, N::AllOnes),
            FloatKind::F8E5M2FNUZ => with(ieee(15, -15, 3, 8), B::NanOnly, N::NegativeZero),
            FloatKind::F8E4M3FNUZ => with(ieee(7, -7, 4, 8), B::NanOnly, N::NegativeZero),
            FloatKind::F8E4M3B11FNUZ => with(ieee(4, -10, 4, 8), B::NanOnly, N::NegativeZero),
            FloatKind::F8E3M4 => ieee(3, -2, 5, 8),
            FloatKind::F4E2M1FN => with(ieee(2, 0, 2, 4), B::FiniteOnly, N::Ieee),
            FloatKind::F6E2M3FN => with(ieee(2, 0, 4, 6), B::FiniteOnly, N::Ieee),
            FloatKind::F6E3M2FN => with(ieee(4, -2, 3, 6), B::FiniteOnly, N::Ieee),
            FloatKind::F8E8M0FNU => Semantics {
                has_zero: false,
                signed: false,
                ..with(ieee(127, -127, 1, 8), B::NanOnly, N::AllOnes)
            },
        }
    }

    /// The type's spelling in MLIR assembly (`f16`, `bf16`, `f8E4M3FN`, ...).
    pub const fn mlir_name(self) -> &'static str {
        match self {
            FloatKind::F16 => "f16",
            FloatKind::BF16 => "bf16",
            FloatKind::F32 => "f32",
            FloatKind::F64 => "f64",
            FloatKind::F80 => "f80",
            FloatKind::F128 => "f128",
            FloatKind::TF32 => "tf32",
            FloatKind::F8E5M2 => "f8E5M2",
            FloatKind::F8E4M3 => "f8E4M3",
            FloatKind::F8E4M3FN => "f8E4M3FN",
            FloatKind::F8E5M2FNUZ => "f8E5M2FNUZ",
            FloatKind::F8E4M3FNUZ => "f8E4M3FNUZ",
            FloatKind::F8E4M3B11FNUZ => "f8E4M3B11FNUZ",
            FloatKind::F8E3M4 => "f8E3M4",
            FloatKind::F4E2M1FN => "f4E2M1FN",
            FloatKind::F6E2M3FN => "f6E2M3FN",
            FloatKind::F6E3M2FN => "f6E3M2FN",
            FloatKind::F8E8M0FNU => "f8E8M0FNU",
        }
    }

    /// The kind spelled `name` in MLIR assembly, if any.
    pub fn from_mlir_name(name: &str) -> Option<FloatKind> {
        FloatKind::ALL.into_iter().find(|k| k.mlir_name() == name)
    }

    /// Storage width in bits (`f80` = 80, `tf32` = 19, `f4E2M1FN` = 4, ...).
    pub const fn bit_width(self) -> u32 {
        self.semantics().bits
    }

    /// Significand bits including the integer bit (`f32` = 24, `f8E8M0FNU` = 1).
    pub const fn precision(self) -> u32 {
        self.semantics().precision
    }

    /// The largest `e` such that `2^e` is finite in this kind.
    pub const fn max_exponent(self) -> i32 {
        self.semantics().max_exp
    }

    /// The smallest `e` such that `2^e` is a normal number of this kind.
    pub const fn min_exponent(self) -> i32 {
        self.semantics().min_exp
    }

    /// How infinities and NaNs are represented.
    pub const fn non_finite_behavior(self) -> NonFiniteBehavior {
        self.semantics().non_finite
    }

    /// Which bit patterns are NaN.
    pub const fn nan_encoding(self) -> NanEncoding {
        self.semantics().nan_encoding
    }

    /// Whether the kind has infinities.
    pub const fn has_infinity(self) -> bool {
        matches!(self.semantics().non_finite, NonFiniteBehavior::Ieee754)
    }

    /// Whether the kind has NaNs.
    pub const fn has_nan(self) -> bool {
        !matches!(self.semantics().non_finite, NonFiniteBehavior::FiniteOnly)
    }

    /// Whether zero is representable (false only for `f8E8M0FNU`).
    pub const fn has_zero(self) -> bool {
        self.semantics().has_zero
    }

    /// Whether negative values are representable (false only for `f8E8M0FNU`).
    pub const fn has_signed_repr(self) -> bool {
        self.semantics().signed
    }

    /// Whether negative zero is a distinct value (false for the FNUZ kinds and `f8E8M0FNU`).
    pub const fn has_negative_zero(self) -> bool {
        let s = self.semantics();
        s.has_zero && s.signed && !matches!(s.nan_encoding, NanEncoding::NegativeZero)
    }
}

impl std::fmt::Display for FloatKind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.mlir_name())
    }
}
