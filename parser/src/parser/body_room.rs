//! Arena room for the body of an isolated region, estimated from its text before it is
//! parsed, so that a large body's arenas do not grow by doubling (every regrowth copies the
//! arena into memory the kernel must first zero, which costs more than the parsing itself).
//!
//! Printed IR puts one operation per line, and most operations define one value, so the line
//! count bounds both closely. Small bodies keep the parser's default start and are trimmed
//! when complete; a body sized from its text is not trimmed: its room beyond its contents was
//! never written, so it costs no memory.

/// Bodies whose text is shorter than this start small (the default room) and are trimmed.
pub(super) const MIN_SIZED_BYTES: usize = 1 << 12;

/// Room for a body: operations and values.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(super) struct Room {
    pub(super) ops: usize,
    pub(super) values: usize,
}

impl Room {
    /// The room for a body spanning `text` when `text` is at most the body's text (an upper
    /// bound of it), `None` for a small one (it may be far smaller).
    pub(super) fn for_text(text: &[u8]) -> Option<Room> {
        if text.len() < MIN_SIZED_BYTES {
            return None;
        }
        let lines = memchr::memchr_iter(b'\n', text).count() + 1;
        Some(Room { ops: lines, values: lines })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn room_follows_lines_of_large_texts_only() {
        assert_eq!(Room::for_text(b"{\n %0 = \"t.a\"() : () -> i32\n}"), None);
        let big = "  %0 = \"t.a\"() : () -> i32\n".repeat(1000);
        assert_eq!(Room::for_text(big.as_bytes()), Some(Room { ops: 1001, values: 1001 }));
    }
}
