//! The logic behind Mica's command-line tools, kept in a library so tests can drive it; the
//! binaries in `src/bin` only parse arguments and print.

pub mod allocator;
pub mod input;
pub mod opt;
pub mod output;
pub mod translate;
