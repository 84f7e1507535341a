//! Compact JSON string quoting shared by every serializer of the crate.
//!
//! Serializers here write their JSON by hand so that the byte output is fixed
//! by this crate alone (key order, no spaces), whatever features other crates
//! of a build enable on `serde_json`.

/// Quotes `s` as a JSON string: `"`, `\` and control characters are escaped
/// (`\n`, `\r`, `\t`, `\b`, `\f`, else `\u00XX`); everything else is copied.
pub fn quote(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            '\u{08}' => out.push_str("\\b"),
            '\u{0c}' => out.push_str("\\f"),
            c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

#[cfg(test)]
mod tests {
    use super::quote;

    #[test]
    fn quotes_and_escapes() {
        let cases = [
            ("", "\"\""),
            ("abc", "\"abc\""),
            ("a\"b", "\"a\\\"b\""),
            ("a\\b", "\"a\\\\b\""),
            ("\n\r\t\u{8}\u{c}", "\"\\n\\r\\t\\b\\f\""),
            ("\u{1}\u{1f}", "\"\\u0001\\u001f\""),
            ("é€", "\"é€\""),
        ];
        for (input, want) in cases {
            assert_eq!(quote(input), want, "quoting {input:?}");
            // serde_json must read back exactly the original string.
            let back: String = serde_json::from_str(&quote(input)).expect("valid JSON");
            assert_eq!(back, input);
        }
    }
}
