//! Tests of the public API: the simplifying constructors and queries, maps and sets, the
//! printer with custom names, the parsers' consumed lengths and SSA operand reporting, the
//! nesting bounds, and robustness on random input (no panics, offsets within the input).

use mica_affine::{
    AffineExpr, AffineMap, AffineParser, BinaryOp, Delimiter, ExprView, IntegerSet, MAX_EXPR_DEPTH,
    MAX_NESTING, MapOrSet, ParseError, SsaOperand, parse_expr_with_operands, parse_map_or_set,
};

fn d(position: u32) -> AffineExpr {
    AffineExpr::dim(position)
}

fn s(position: u32) -> AffineExpr {
    AffineExpr::symbol(position)
}

fn c(value: i64) -> AffineExpr {
    AffineExpr::constant(value)
}

#[test]
fn constructors_fold_and_canonicalize() {
    let cases: Vec<(AffineExpr, &str)> = vec![
        (AffineExpr::add(c(2), c(3)), "5"),
        (
            AffineExpr::add(c(i64::MAX), c(1)),
            "9223372036854775807 + 1",
        ),
        (AffineExpr::add(c(1), d(0)), "d0 + 1"),
        (AffineExpr::add(s(0), d(0)), "d0 + s0"),
        (AffineExpr::add(d(1), d(0)), "d0 + d1"),
        (AffineExpr::add(AffineExpr::add(d(0), c(2)), c(3)), "d0 + 5"),
        (
            AffineExpr::add(AffineExpr::add(d(0), c(2)), d(1)),
            "d0 + d1 + 2",
        ),
        (
            AffineExpr::add(AffineExpr::mul(d(0), c(3)), AffineExpr::mul(d(0), c(4))),
            "d0 * 7",
        ),
        (AffineExpr::sub(d(0), d(0)), "0"),
        (
            AffineExpr::sub(
                d(0),
                AffineExpr::mul(AffineExpr::floor_div(d(0), c(4)), c(4)),
            ),
            "d0 mod 4",
        ),
        (AffineExpr::mul(c(2), d(0)), "d0 * 2"),
        (AffineExpr::mul(AffineExpr::mul(d(0), c(2)), c(3)), "d0 * 6"),
        (
            AffineExpr::mul(AffineExpr::mul(d(0), c(2)), s(0)),
            "(d0 * s0) * 2",
        ),
        (AffineExpr::mul(s(1), s(0)), "s0 * s1"),
        (AffineExpr::mul(d(0), c(0)), "0"),
        (AffineExpr::mul(d(0), c(1)), "d0"),
        (AffineExpr::neg(d(0)), "-d0"),
        (AffineExpr::neg(c(i64::MIN)), "--9223372036854775808"),
        (AffineExpr::floor_div(c(-7), c(2)), "-4"),
        (AffineExpr::ceil_div(c(-7), c(2)), "-3"),
        (AffineExpr::modulo(c(-7), c(2)), "1"),
        (AffineExpr::modulo(c(7), c(-2)), "7 mod -2"),
        (
            AffineExpr::floor_div(c(i64::MIN), c(-1)),
            "-9223372036854775808 floordiv -1",
        ),
        (
            AffineExpr::floor_div(AffineExpr::mul(d(0), c(6)), c(3)),
            "d0 * 2",
        ),
        (
            AffineExpr::floor_div(AffineExpr::add(AffineExpr::mul(d(0), c(4)), d(1)), c(2)),
            "d0 * 2 + d1 floordiv 2",
        ),
        (
            AffineExpr::ceil_div(AffineExpr::add(AffineExpr::mul(d(0), c(4)), d(1)), c(2)),
            "(d0 * 4 + d1) ceildiv 2",
        ),
        (
            AffineExpr::modulo(AffineExpr::modulo(d(0), c(6)), c(3)),
            "d0 mod 3",
        ),
        (AffineExpr::modulo(AffineExpr::mul(d(0), c(8)), c(4)), "0"),
        (AffineExpr::binary(BinaryOp::CeilDiv, d(0), c(1)), "d0"),
    ];
    for (expr, expected) in cases {
        assert_eq!(expr.to_string(), expected, "{expr:?}");
    }
}

#[test]
fn unsimplified_nodes_and_views() {
    let raw = AffineExpr::binary_unsimplified(BinaryOp::Add, c(1), c(2));
    assert_eq!(raw.to_string(), "1 + 2");
    assert_ne!(raw, AffineExpr::add(c(1), c(2)));
    match raw.view() {
        ExprView::Binary(BinaryOp::Add, lhs, rhs) => {
            assert_eq!(lhs, &c(1));
            assert_eq!(rhs, &c(2));
        }
        other => panic!("unexpected view {other:?}"),
    }
    assert!(matches!(d(3).view(), ExprView::Dim(3)));
    assert!(matches!(s(2).view(), ExprView::Symbol(2)));
    assert!(matches!(c(-4).view(), ExprView::Constant(-4)));
    let product = AffineExpr::mul(d(0), s(1));
    assert_eq!(product.as_binary(), Some((BinaryOp::Mul, &d(0), &s(1))));
    assert_eq!(product.operands_of(BinaryOp::Mul), Some((&d(0), &s(1))));
    assert_eq!(product.operands_of(BinaryOp::Add), None);
    assert_eq!(format!("{product:?}"), "Mul(Dim(0), Symbol(1))");
}

#[test]
fn queries() {
    let sum = AffineExpr::add(AffineExpr::mul(d(0), c(4)), AffineExpr::mul(s(0), c(6)));
    assert_eq!(sum.largest_known_divisor(), 2);
    assert!(!sum.is_symbolic_or_constant());
    assert!(AffineExpr::mul(s(0), s(1)).is_symbolic_or_constant());
    assert!(sum.is_pure_affine());
    assert!(!AffineExpr::mul(d(0), s(0)).is_pure_affine());
    assert!(!AffineExpr::floor_div(d(0), s(0)).is_pure_affine());
    assert_eq!(
        AffineExpr::ceil_div(AffineExpr::mul(d(0), c(8)), c(3)).largest_known_divisor(),
        1
    );
    assert_eq!(
        AffineExpr::floor_div(AffineExpr::mul(d(0), s(0)), c(4)).largest_known_divisor(),
        1
    );
    assert_eq!(c(-12).largest_known_divisor(), 12);
    assert!(sum.is_function_of_dim(0));
    assert!(!sum.is_function_of_dim(1));
    assert!(sum.is_function_of_symbol(0));
    assert_eq!(d(0).depth(), 1);
    assert_eq!(sum.depth(), 3);
}

#[test]
fn replacing_dims_and_symbols_resimplifies() {
    let expr = AffineExpr::add(AffineExpr::mul(d(0), c(2)), s(0));
    assert_eq!(expr.replace_dims_and_symbols(&[c(3)], &[c(4)]), c(10));
    assert_eq!(
        expr.replace_dims_and_symbols(&[d(1)], &[]).to_string(),
        "d1 * 2 + s0"
    );
    assert_eq!(expr.replace_dims_and_symbols(&[], &[]), expr);
}

#[test]
fn maps_and_sets() {
    let identity = AffineMap::identity(2);
    assert!(identity.is_identity());
    assert_eq!(identity.to_string(), "(d0, d1) -> (d0, d1)");
    assert!(AffineMap::new(2, 1, vec![d(0), d(1)]).is_identity());
    assert!(!AffineMap::new(2, 0, vec![d(1), d(0)]).is_identity());
    assert!(!AffineMap::new(2, 0, vec![d(0)]).is_identity());
    assert_eq!(AffineMap::new(1, 2, vec![]).num_inputs(), 3);
    assert_eq!(
        AffineMap::new(0, 0, vec![c(1), c(2)]).constant_results(),
        Some(vec![1, 2])
    );
    assert_eq!(
        AffineMap::new(1, 0, vec![c(1), d(0)]).constant_results(),
        None
    );
    assert_eq!(AffineMap::new(0, 0, vec![]).to_string(), "() -> ()");
    assert_eq!(
        AffineMap::new(0, 2, vec![s(1)]).to_string(),
        "()[s0, s1] -> (s1)"
    );

    let set = IntegerSet::new(
        1,
        1,
        vec![(AffineExpr::sub(d(0), s(0)), false), (d(0), true)],
    );
    assert_eq!(set.to_string(), "(d0)[s0] : (d0 - s0 >= 0, d0 == 0)");
    assert_eq!(
        IntegerSet::universe(2, 0).to_string(),
        "(d0, d1) : (0 == 0)"
    );
    assert_eq!(set.num_inputs(), 2);
    assert_eq!(MapOrSet::Set(set.clone()).to_string(), set.to_string());
    assert_eq!(
        MapOrSet::Map(identity.clone()).to_string(),
        identity.to_string()
    );
}

#[test]
fn printing_with_names() {
    let expr = AffineExpr::add(AffineExpr::mul(d(0), c(2)), s(0));
    let mut text = String::new();
    expr.write_with_names(&mut text, &mut |out, position, is_symbol| {
        if is_symbol {
            write!(out, "symbol(%n{position})")
        } else {
            write!(out, "%i{position}")
        }
    })
    .unwrap();
    assert_eq!(text, "%i0 * 2 + symbol(%n0)");
}

#[test]
fn parse_map_or_set_reports_the_consumed_length() {
    let text = "  // leading comment\n  (d0)[s0] -> (d0 + s0)> : more";
    let (parsed, consumed) = parse_map_or_set(text).unwrap();
    assert_eq!(
        &text[..consumed],
        "  // leading comment\n  (d0)[s0] -> (d0 + s0)"
    );
    assert_eq!(
        parsed,
        MapOrSet::Map(AffineMap::new(1, 1, vec![AffineExpr::add(d(0), s(0))]))
    );

    let (parsed, consumed) = parse_map_or_set("(d0) : ()$").unwrap();
    assert_eq!(
        consumed, 9,
        "nothing after the closing parenthesis is lexed"
    );
    assert_eq!(parsed, MapOrSet::Set(IntegerSet::universe(1, 0)));
}

#[test]
fn parsers_inside_a_buffer_use_absolute_offsets() {
    let buffer = "#map = affine_map<(d0) -> (d0 + x)>";
    let start = buffer.find('<').unwrap() + 1;
    let error = AffineParser::new(buffer, start)
        .parse_affine_map()
        .unwrap_err();
    // A wrong-token error points just after the previous token.
    assert_eq!(error.offset, buffer.find("+").unwrap() + 1);
    assert_eq!(error.message, "use of undeclared identifier");
    assert!(error.also.is_empty());
    assert_eq!(
        error.to_string(),
        format!("offset {}: use of undeclared identifier", error.offset)
    );

    let (set, end) = AffineParser::new("x<(d0) : (d0 >= 0)>", 2)
        .parse_integer_set()
        .unwrap();
    assert_eq!(end, 18);
    assert_eq!(set.to_string(), "(d0) : (d0 >= 0)");
    let error = AffineParser::new("x< (d0) -> ()>", 2)
        .parse_integer_set()
        .unwrap_err();
    assert_eq!(
        (error.offset, error.message.as_str()),
        (3, "expected IntegerSet, but got AffineMap")
    );
}

#[test]
fn negation_failures_report_a_second_error() {
    let error = parse_map_or_set("(d0) -> (-())").unwrap_err();
    assert_eq!(
        error,
        ParseError {
            offset: 11,
            message: "no expression inside parentheses".into(),
            also: vec![(11, "missing operand of negation".into())],
        }
    );
    // After a lexer error MLIR's parser stays silent.
    let error = parse_map_or_set("(d0) -> (-&)").unwrap_err();
    assert_eq!(error, ParseError::new(10, "unexpected character"));
}

/// Parses an expression of SSA ids, returning it printed with the SSA names, the consumed
/// text, and the reported operands.
fn parse_ssa(text: &str) -> Result<(String, &str, Vec<SsaOperand<'_>>), ParseError> {
    let mut operands: Vec<SsaOperand<'_>> = Vec::new();
    let (expr, consumed) = parse_expr_with_operands(text, &mut |operand| operands.push(*operand))?;
    let mut printed = String::new();
    expr.write_with_names(&mut printed, &mut |out, position, is_symbol| {
        let operand = operands
            .iter()
            .find(|o| o.position == position && o.is_symbol == is_symbol)
            .unwrap();
        if is_symbol {
            write!(out, "symbol({})", operand.name)
        } else {
            write!(out, "{}", operand.name)
        }
    })
    .unwrap();
    Ok((printed, &text[..consumed], operands))
}

#[test]
fn expressions_of_ssa_ids() {
    let (printed, consumed, operands) = parse_ssa("%i * 2 + %j + symbol(%n) : index").unwrap();
    assert_eq!(printed, "%i * 2 + %j + symbol(%n)");
    assert_eq!(consumed, "%i * 2 + %j + symbol(%n)");
    let summary: Vec<_> = operands
        .iter()
        .map(|o| (o.name, o.number, o.offset, o.is_symbol, o.position))
        .collect();
    assert_eq!(
        summary,
        [
            ("%i", 0, 0, false, 0),
            ("%j", 0, 9, false, 1),
            ("%n", 0, 21, true, 0)
        ]
    );

    // A name is one operand, however it is used later (as mlir-opt prints it too).
    let (printed, _, operands) = parse_ssa("symbol(%n) + %n * 3 + %i + %i").unwrap();
    assert_eq!(printed, "%i + symbol(%n) * 4 + %i");
    assert_eq!(operands.len(), 2);

    // Result numbers are reported; a repeated name does not take one again.
    let (printed, consumed, operands) = parse_ssa("%x#2 + 1 ]").unwrap();
    assert_eq!((printed.as_str(), consumed), ("%x + 1", "%x#2 + 1"));
    assert_eq!((operands[0].name, operands[0].number), ("%x", 2));
    let (_, consumed, _) = parse_ssa("%x + %x#2").unwrap();
    assert_eq!(consumed, "%x + %x");

    for (text, offset, message) in [
        (
            "%i * %j",
            3,
            "non-affine expression: at least one of the multiply operands has to be either a constant or symbolic",
        ),
        ("symbol(5)", 7, "expected ssa identifier"),
        ("symbol %n", 6, "expected '(' at start of SSA symbol"),
        // At the end of the buffer the location moves back one byte.
        ("symbol(%n", 8, "expected ')' at end of SSA symbol"),
        ("%i#x", 2, "invalid SSA value result number"),
        ("%i + d0", 4, "use of undeclared identifier"),
        ("", 0, "expected affine expression"),
    ] {
        let error = parse_ssa(text).unwrap_err();
        assert_eq!(
            (error.offset, error.message.as_str()),
            (offset, message),
            "{text}"
        );
    }
}

#[test]
fn maps_of_ssa_ids() {
    let text = "[%i + 1, symbol(%n), %j floordiv 2] : memref";
    let mut names = Vec::new();
    let (map, end) = AffineParser::new(text, 0)
        .parse_map_of_ssa_ids(Delimiter::Square, &mut |operand| names.push(operand.name))
        .unwrap();
    assert_eq!(&text[..end], "[%i + 1, symbol(%n), %j floordiv 2]");
    assert_eq!(
        map.to_string(),
        "(d0, d1)[s0] -> (d0 + 1, s0, d1 floordiv 2)"
    );
    assert_eq!(names, ["%i", "%n", "%j"]);

    let (map, end) = AffineParser::new("x()", 1)
        .parse_map_of_ssa_ids(Delimiter::Paren, &mut |_| {})
        .unwrap();
    assert_eq!((map.to_string().as_str(), end), ("() -> ()", 3));

    let error = AffineParser::new("(%i]", 0)
        .parse_map_of_ssa_ids(Delimiter::Square, &mut |_| {})
        .unwrap_err();
    assert_eq!(
        (error.offset, error.message.as_str()),
        (0, "expected '[' in affine map")
    );
    let error = AffineParser::new("[%i)", 0)
        .parse_map_of_ssa_ids(Delimiter::Square, &mut |_| {})
        .unwrap_err();
    assert_eq!(
        (error.offset, error.message.as_str()),
        (3, "expected ']' in affine map")
    );
}

#[test]
fn nesting_is_bounded() {
    let nested = |depth: usize| format!("(d0) -> ({}d0{})", "(".repeat(depth), ")".repeat(depth));
    assert!(parse_map_or_set(&nested(MAX_NESTING as usize)).is_ok());
    let error = parse_map_or_set(&nested(MAX_NESTING as usize + 1)).unwrap_err();
    assert!(error.message.contains("nests more than"), "{error:?}");

    let negations = |count: usize| format!("(d0) -> ({}d0)", "-".repeat(count));
    assert!(parse_map_or_set(&negations(MAX_NESTING as usize)).is_ok());
    assert!(parse_map_or_set(&negations(MAX_NESTING as usize + 1)).is_err());

    // A sum of n distinct terms is n deep.
    let sum = |terms: usize| {
        let body: Vec<String> = (0..terms)
            .map(|k| format!("d0 floordiv {}", k + 2))
            .collect();
        format!("(d0) -> ({})", body.join(" + "))
    };
    let (parsed, _) = parse_map_or_set(&sum(MAX_EXPR_DEPTH as usize - 1)).unwrap();
    let MapOrSet::Map(map) = parsed else {
        panic!("a map")
    };
    assert_eq!(map.results[0].depth(), MAX_EXPR_DEPTH);
    // Deep trees compare, hash, print and simplify further without trouble.
    let doubled = AffineExpr::add(map.results[0].clone(), map.results[0].clone());
    assert_eq!(
        doubled.to_string().matches("floordiv").count(),
        MAX_EXPR_DEPTH as usize - 1
    );
    let error = parse_map_or_set(&sum(MAX_EXPR_DEPTH as usize + 1)).unwrap_err();
    assert!(error.message.contains("levels deep"), "{error:?}");
}

/// A small deterministic PRNG (xorshift64*).
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        (self.0.wrapping_mul(0x2545_F491_4F6C_DD1D) % n as u64) as usize
    }
}

#[test]
fn random_input_never_panics() {
    const PIECES: &[&str] = &[
        "(",
        ")",
        "[",
        "]",
        ",",
        ":",
        "->",
        "-",
        "+",
        "*",
        "=",
        ">",
        "<",
        "d0",
        "s0",
        "x",
        "%x",
        "%x#1",
        "#1",
        "symbol",
        "floordiv",
        "ceildiv",
        "mod",
        "0",
        "7",
        "9223372036854775808",
        "0x",
        "1.5",
        "\"",
        "\"s\"",
        "//",
        "\n",
        " ",
        "@",
        "!",
        "^",
        ".",
        "...",
        "é",
        "\0",
        "&",
        "{-#",
    ];
    let mut rng = Rng(0x1234_5678_9ABC_DEF1);
    for _ in 0..20_000 {
        let mut text = String::new();
        for _ in 0..rng.below(30) {
            text.push_str(PIECES[rng.below(PIECES.len())]);
        }
        // Any start, even inside a character or past the end.
        let start = rng.below(text.len() + 2);
        for result in [
            AffineParser::new(&text, start)
                .parse_map_or_set()
                .map(|(_, end)| end),
            AffineParser::new(&text, start)
                .parse_expr_of_ssa_ids(&mut |_| {})
                .map(|(_, end)| end),
            AffineParser::new(&text, start)
                .parse_map_of_ssa_ids(Delimiter::Paren, &mut |_| {})
                .map(|(_, end)| end),
        ] {
            match result {
                Ok(end) => assert!(start <= end && end <= text.len(), "{text:?} from {start}"),
                Err(error) => {
                    assert!(error.offset <= text.len(), "{text:?}: {error:?}");
                    assert!(error.also.iter().all(|(offset, _)| *offset <= text.len()));
                }
            }
        }
    }
}
