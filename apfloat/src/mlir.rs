//! MLIR's conventions for float attribute text: how mlir-opt 22 parses a literal for a float
//! type (decimal through `f64`, or a hexadecimal bit pattern) and how its `printFloatValue`
//! chooses between `1.000000e+00`, the default `APFloat::toString` form and a hex literal.

use crate::decimal::parse_decimal;
use crate::error::FloatError;
use crate::float::Float;
use crate::format::{FormatOptions, to_string};
use crate::kind::FloatKind;
use crate::unpacked::Category;

impl Float {
    /// Parse the text of an MLIR literal for a value of type `kind` exactly as mlir-opt 22
    /// does (an optional leading `-` included):
    ///
    /// * a float literal (`[0-9]+[.][0-9]*([eE][-+]?[0-9]+)?`) is first rounded to `f64`, then
    ///   converted to `kind` with round-to-nearest-even (mlir-opt's double rounding);
    /// * a hexadecimal integer `0x...` is the bit pattern; it may not be negative nor have more
    ///   significant bits than the type is wide;
    /// * a decimal integer literal is rejected, as MLIR asks for a trailing dot.
    ///
    /// A negative value for the unsigned `f8E8M0FNU` keeps APFloat's sign flag (see [`Float`]).
    pub fn from_mlir_literal(kind: FloatKind, text: &str) -> Result<Float, FloatError> {
        let (negative, body) = match text.strip_prefix('-') {
            Some(rest) => (true, rest),
            None => (false, text),
        };
        if let Some(hex) = body.strip_prefix("0x") {
            if negative {
                return Err(FloatError::NegativeHexLiteral);
            }
            return parse_hex_bits(kind, hex, text);
        }
        if !body.is_empty() && body.bytes().all(|c| c.is_ascii_digit()) {
            return Err(FloatError::DecimalIntegerLiteral);
        }
        if !body.as_bytes().first().is_some_and(u8::is_ascii_digit) || !body.contains('.') {
            return Err(FloatError::InvalidLiteral {
                text: text.to_string(),
            });
        }
        let (double, _) = parse_decimal(FloatKind::F64, text)?;
        let double = Float::pack(FloatKind::F64, &double);
        Ok(double.convert(kind).0)
    }

    /// Exactly what mlir-opt 22 prints for a float attribute or dense element holding this
    /// value (MLIR's `printFloatValue`): `APFloat::toString(6, 0, false)` such as
    /// `1.000000e-01` when it parses back to the same value, else the default
    /// `APFloat::toString()` form when it contains a `.`, else (and for infinities and NaNs)
    /// the bit pattern as an uppercase hex literal such as `0x7FC00000`.
    pub fn to_mlir_string(self) -> String {
        let kind = self.kind;
        let u = self.unpack();
        if matches!(u.category, Category::Zero | Category::Normal) {
            let text = to_string(kind, &u, FormatOptions::MLIR_SCIENTIFIC);
            if parse_decimal(kind, &text).is_ok_and(|(back, _)| back == u) {
                return text;
            }
            let text = to_string(kind, &u, FormatOptions::DEFAULT);
            if text.contains('.') {
                return text;
            }
        }
        format!("0x{:X}", Float::pack(kind, &u).bits)
    }
}

fn parse_hex_bits(kind: FloatKind, hex: &str, text: &str) -> Result<Float, FloatError> {
    if hex.is_empty() {
        return Err(FloatError::InvalidLiteral {
            text: text.to_string(),
        });
    }
    let mut bits = 0u128;
    for c in hex.chars() {
        let digit = c.to_digit(16).ok_or_else(|| FloatError::InvalidLiteral {
            text: text.to_string(),
        })?;
        if bits >> 124 != 0 {
            return Err(FloatError::HexLiteralOutOfRange { kind });
        }
        bits = (bits << 4) | u128::from(digit);
    }
    let width = kind.bit_width();
    if width < 128 && bits >> width != 0 {
        return Err(FloatError::HexLiteralOutOfRange { kind });
    }
    Ok(Float::from_bits(kind, bits))
}

impl std::fmt::Display for Float {
    /// Formats as mlir-opt prints the value ([`Float::to_mlir_string`]).
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.to_mlir_string())
    }
}
