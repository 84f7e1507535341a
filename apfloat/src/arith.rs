//! Arithmetic on `Float`s with round-to-nearest-even: add, subtract, multiply, divide, C
//! `fmod`, negate, absolute value and IEEE comparison. Each finite result is computed exactly
//! with big integers and rounded once; special operands follow APFloat's case tables (NaN
//! propagation favours the left operand, invalid operations give the kind's default NaN).

use std::cmp::Ordering;

use crate::bigint::BigUint;
use crate::error::FloatError;
use crate::float::Float;
use crate::kind::FloatKind;
use crate::round::{Lost, normalize};
use crate::status::{RoundingMode, Status};
use crate::unpacked::{Category, Unpacked};

const RNE: RoundingMode = RoundingMode::NearestTiesToEven;

/// The binary operations sharing the operand checks.
#[derive(Clone, Copy)]
enum Op {
    Add,
    Sub,
    Mul,
    Div,
    Rem,
}

/// Propagate a NaN operand (left first), quieting it; invalid if either NaN signals.
fn propagate_nan(kind: FloatKind, a: &Unpacked, b: &Unpacked) -> Option<(Unpacked, Status)> {
    let nan = if a.category == Category::NaN {
        a
    } else if b.category == Category::NaN {
        b
    } else {
        return None;
    };
    let signaling = a.is_signaling(kind) || b.is_signaling(kind);
    Some((
        nan.quieted(kind),
        if signaling {
            Status::INVALID_OP
        } else {
            Status::OK
        },
    ))
}

/// Round an exact big magnitude `mag * 2^lsb_exp` (plus `sticky` below it) into `kind`.
fn round_big(
    kind: FloatKind,
    sign: bool,
    mag: &BigUint,
    lsb_exp: i64,
    sticky: bool,
) -> (Unpacked, Status) {
    let (top, shift, lost) = mag.top_bits(126);
    let lost = lost.then(if sticky {
        Lost::LessThanHalf
    } else {
        Lost::Zero
    });
    normalize(kind, sign, top, lsb_exp + shift as i64, lost, RNE)
}

fn add_sub(kind: FloatKind, a: Unpacked, b: Unpacked, subtract: bool) -> (Unpacked, Status) {
    let b_sign = b.sign ^ subtract;
    let (mut r, status) = match (a.category, b.category) {
        (Category::NaN, _) | (_, Category::NaN) => unreachable_nan(kind, &a, &b),
        (Category::Normal, Category::Zero)
        | (Category::Infinity, Category::Normal)
        | (Category::Infinity, Category::Zero) => (a, Status::OK),
        (Category::Normal | Category::Zero, Category::Infinity) => {
            (Unpacked::infinity(kind, b_sign), Status::OK)
        }
        (Category::Zero, Category::Normal) => (Unpacked { sign: b_sign, ..b }, Status::OK),
        (Category::Zero, Category::Zero) => (a, Status::OK),
        (Category::Infinity, Category::Infinity) => {
            if a.sign != b_sign {
                (Unpacked::nan(kind, false), Status::INVALID_OP)
            } else {
                (a, Status::OK)
            }
        }
        (Category::Normal, Category::Normal) => {
            add_normals(kind, a, Unpacked { sign: b_sign, ..b })
        }
    };
    if r.category == Category::Zero {
        if b.category != Category::Zero || a.sign != b_sign {
            r.sign = false;
        }
        r = Unpacked::zero(kind, r.sign);
    }
    (r, status)
}

/// NaN operands are dispatched before the case tables; this keeps the tables total.
fn unreachable_nan(kind: FloatKind, a: &Unpacked, b: &Unpacked) -> (Unpacked, Status) {
    propagate_nan(kind, a, b).unwrap_or((Unpacked::nan(kind, false), Status::INVALID_OP))
}

fn add_normals(kind: FloatKind, a: Unpacked, b: Unpacked) -> (Unpacked, Status) {
    let p = i64::from(kind.precision());
    let (mut ea, mut eb) = (a.lsb_exp(kind), b.lsb_exp(kind));
    let (mut sa, mut sb) = (a.sig, b.sig);
    // An operand far below the other only matters as a nonzero sticky amount.
    if ea - eb > p + 3 {
        (sb, eb) = (1, ea - p - 3);
    } else if eb - ea > p + 3 {
        (sa, ea) = (1, eb - p - 3);
    }
    let lsb = ea.min(eb);
    let ma = BigUint::from_u128(sa).shl((ea - lsb) as u64);
    let mb = BigUint::from_u128(sb).shl((eb - lsb) as u64);
    if a.sign == b.sign {
        return round_big(kind, a.sign, &ma.add(&mb), lsb, false);
    }
    match ma.cmp(&mb) {
        Ordering::Greater => round_big(kind, a.sign, &ma.sub(&mb), lsb, false),
        Ordering::Less => round_big(kind, b.sign, &mb.sub(&ma), lsb, false),
        Ordering::Equal => (Unpacked::zero(kind, false), Status::OK),
    }
}

fn mul(kind: FloatKind, a: Unpacked, b: Unpacked) -> (Unpacked, Status) {
    let sign = a.sign ^ b.sign;
    match (a.category, b.category) {
        (Category::NaN, _) | (_, Category::NaN) => unreachable_nan(kind, &a, &b),
        (Category::Zero, Category::Infinity) | (Category::Infinity, Category::Zero) => {
            (Unpacked::nan(kind, false), Status::INVALID_OP)
        }
        (Category::Infinity, _) | (_, Category::Infinity) => {
            (Unpacked::infinity(kind, sign), Status::OK)
        }
        (Category::Zero, _) | (_, Category::Zero) => (Unpacked::zero(kind, sign), Status::OK),
        (Category::Normal, Category::Normal) => {
            let product = BigUint::from_u128(a.sig).mul(&BigUint::from_u128(b.sig));
            round_big(
                kind,
                sign,
                &product,
                a.lsb_exp(kind) + b.lsb_exp(kind),
                false,
            )
        }
    }
}

fn div(kind: FloatKind, a: Unpacked, b: Unpacked) -> (Unpacked, Status) {
    let sign = a.sign ^ b.sign;
    match (a.category, b.category) {
        (Category::NaN, _) | (_, Category::NaN) => unreachable_nan(kind, &a, &b),
        (Category::Infinity, Category::Infinity) | (Category::Zero, Category::Zero) => {
            (Unpacked::nan(kind, false), Status::INVALID_OP)
        }
        (Category::Infinity, _) => (Unpacked::infinity(kind, sign), Status::OK),
        (Category::Zero, _) | (Category::Normal, Category::Infinity) => {
            (Unpacked::zero(kind, sign), Status::OK)
        }
        (Category::Normal, Category::Zero) => (Unpacked::infinity(kind, sign), Status::DIV_BY_ZERO),
        (Category::Normal, Category::Normal) => {
            let p = u64::from(kind.precision());
            let (na, nb) = (BigUint::from_u128(a.sig), BigUint::from_u128(b.sig));
            let extra = (p + 2 + nb.bit_len()).saturating_sub(na.bit_len());
            let (q, r) = na.shl(extra).divrem(&nb);
            let lsb = a.lsb_exp(kind) - b.lsb_exp(kind) - extra as i64;
            round_big(kind, sign, &q, lsb, !r.is_zero())
        }
    }
}

fn fmod(kind: FloatKind, a: Unpacked, b: Unpacked) -> (Unpacked, Status) {
    match (a.category, b.category) {
        (Category::NaN, _) | (_, Category::NaN) => unreachable_nan(kind, &a, &b),
        (Category::Zero | Category::Normal, Category::Infinity)
        | (Category::Zero, Category::Normal) => (a, Status::OK),
        (_, Category::Zero) | (Category::Infinity, _) => {
            (Unpacked::nan(kind, false), Status::INVALID_OP)
        }
        (Category::Normal, Category::Normal) => {
            let (ea, eb) = (a.lsb_exp(kind), b.lsb_exp(kind));
            let lsb = ea.min(eb);
            let ma = BigUint::from_u128(a.sig).shl((ea - lsb) as u64);
            let mb = BigUint::from_u128(b.sig).shl((eb - lsb) as u64);
            let rem = ma.divrem(&mb).1;
            let (r, _) = round_big(kind, a.sign, &rem, lsb, false);
            (r, Status::OK)
        }
    }
}

// The arithmetic methods return the IEEE status and reject operands of different kinds, so
// they cannot be the operator traits.
#[allow(clippy::should_implement_trait)]
impl Float {
    fn binary(self, rhs: Float, op: Op) -> Result<(Float, Status), FloatError> {
        if self.kind != rhs.kind {
            return Err(FloatError::KindMismatch {
                lhs: self.kind,
                rhs: rhs.kind,
            });
        }
        let kind = self.kind;
        let (a, b) = (self.unpack(), rhs.unpack());
        let (r, status) = if let Some(nan) = propagate_nan(kind, &a, &b) {
            nan
        } else {
            match op {
                Op::Add => add_sub(kind, a, b, false),
                Op::Sub => add_sub(kind, a, b, true),
                Op::Mul => mul(kind, a, b),
                Op::Div => div(kind, a, b),
                Op::Rem => fmod(kind, a, b),
            }
        };
        Ok((Float::pack(kind, &r), status))
    }

    /// `self + rhs`, rounded to nearest-even.
    pub fn add(self, rhs: Float) -> Result<(Float, Status), FloatError> {
        self.binary(rhs, Op::Add)
    }

    /// `self - rhs`, rounded to nearest-even.
    pub fn sub(self, rhs: Float) -> Result<(Float, Status), FloatError> {
        self.binary(rhs, Op::Sub)
    }

    /// `self * rhs`, rounded to nearest-even.
    pub fn mul(self, rhs: Float) -> Result<(Float, Status), FloatError> {
        self.binary(rhs, Op::Mul)
    }

    /// `self / rhs`, rounded to nearest-even.
    pub fn div(self, rhs: Float) -> Result<(Float, Status), FloatError> {
        self.binary(rhs, Op::Div)
    }

    /// The C `fmod` remainder (LLVM `frem`, APFloat `mod`): `self - n * rhs` with `n` the
    /// quotient truncated toward zero; exact, with the sign of `self`.
    pub fn rem(self, rhs: Float) -> Result<(Float, Status), FloatError> {
        self.binary(rhs, Op::Rem)
    }

    /// The value with its sign cleared (the FNUZ NaN keeps its pattern, as APFloat's
    /// `clearSign`).
    pub fn abs(self) -> Float {
        let u = self.unpack();
        if u.sign {
            Float::pack(self.kind, &u.negated(self.kind))
        } else {
            self
        }
    }

    /// IEEE comparison: `None` when either side is NaN; `-0 == +0`.
    pub fn compare(self, rhs: Float) -> Result<Option<Ordering>, FloatError> {
        if self.kind != rhs.kind {
            return Err(FloatError::KindMismatch {
                lhs: self.kind,
                rhs: rhs.kind,
            });
        }
        let (a, b) = (self.unpack(), rhs.unpack());
        let key = |u: &Unpacked| -> (i8, i64, u128) {
            match u.category {
                Category::Zero => (0, 0, 0),
                Category::Normal => (1, i64::from(u.exp), u.sig),
                _ => (2, 0, 0),
            }
        };
        if a.category == Category::NaN || b.category == Category::NaN {
            return Ok(None);
        }
        let signed = |u: &Unpacked| u.sign && u.category != Category::Zero;
        let ordering = match (signed(&a), signed(&b)) {
            (false, true) => Ordering::Greater,
            (true, false) => Ordering::Less,
            (false, false) => key(&a).cmp(&key(&b)),
            (true, true) => key(&b).cmp(&key(&a)),
        };
        Ok(Some(ordering))
    }
}

impl std::ops::Neg for Float {
    type Output = Float;

    /// The value with its sign flipped (APFloat's `changeSign`; zero and NaN of the FNUZ kinds
    /// are unchanged; a value of the unsigned `f8E8M0FNU` flips its sign flag).
    fn neg(self) -> Float {
        let kind = self.kind;
        Float::pack(kind, &self.unpack().negated(kind))
    }
}
