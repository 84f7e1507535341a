//! Fuzzes the lexer: any bytes lex to a token stream that ends, never panics, and every
//! token's span lies inside the input and moves forward.

#![no_main]

use libfuzzer_sys::fuzz_target;
use mica_parser::lexer::{Tok, lex_at};

fuzz_target!(|data: &[u8]| {
    let Ok(src) = std::str::from_utf8(data) else { return };
    let mut pos = 0;
    loop {
        let t = lex_at(src, pos);
        assert!(t.start >= pos && t.end <= src.len() && t.start <= t.end);
        if t.kind == Tok::Eof || t.kind == Tok::Error {
            break;
        }
        assert!(t.end > pos, "lexer made no progress at {pos}");
        pos = t.end;
    }
});
