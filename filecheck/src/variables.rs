//! The values of string and numeric pattern variables while a check runs, and the
//! scoping rule of `--enable-var-scope` (names starting with `$` are global).

use std::collections::BTreeMap;

/// Current variable values.
#[derive(Debug, Clone, Default)]
pub(crate) struct Variables {
    strings: BTreeMap<String, String>,
    numbers: BTreeMap<String, i128>,
}

impl Variables {
    /// The value of string variable `name`, if defined.
    pub(crate) fn string(&self, name: &str) -> Option<&str> {
        self.strings.get(name).map(String::as_str)
    }

    /// All numeric variables, for evaluating expressions.
    pub(crate) fn numbers(&self) -> &BTreeMap<String, i128> {
        &self.numbers
    }

    pub(crate) fn set_string(&mut self, name: &str, value: &str) {
        self.strings.insert(name.to_string(), value.to_string());
    }

    pub(crate) fn set_number(&mut self, name: &str, value: i128) {
        self.numbers.insert(name.to_string(), value);
    }

    /// Forgets every variable whose name does not start with `$`.
    pub(crate) fn clear_locals(&mut self) {
        self.strings.retain(|name, _| name.starts_with('$'));
        self.numbers.retain(|name, _| name.starts_with('$'));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clear_locals_keeps_globals() {
        let mut v = Variables::default();
        v.set_string("a", "1");
        v.set_string("$g", "2");
        v.set_number("n", 3);
        v.set_number("$m", 4);
        v.clear_locals();
        assert_eq!(v.string("a"), None);
        assert_eq!(v.string("$g"), Some("2"));
        assert_eq!(v.numbers().get("n"), None);
        assert_eq!(v.numbers().get("$m"), Some(&4));
    }
}
