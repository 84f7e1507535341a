//! Writing output files whole or not at all: write to a temporary file beside the target,
//! then rename it over the target.

use std::io::Write;
use std::path::{Path, PathBuf};

/// Writes `data` to `path` atomically (or to stdout when `path` is `-`).
pub fn write_atomically(path: &str, data: &[u8]) -> std::io::Result<()> {
    if path == "-" {
        let mut out = std::io::stdout().lock();
        out.write_all(data)?;
        return out.flush();
    }
    let mut f = AtomicFile::create(path)?;
    f.write_all(data)?;
    f.commit()
}

/// A file written whole or not at all: what is written goes to a temporary file beside the
/// target, which [`AtomicFile::commit`] syncs and renames over the target. Dropped without a
/// commit, the temporary file is removed.
pub struct AtomicFile {
    file: Option<std::fs::File>,
    tmp: PathBuf,
    target: PathBuf,
}

impl AtomicFile {
    /// Creates the temporary file for `path`.
    pub fn create(path: &str) -> std::io::Result<Self> {
        let target = Path::new(path);
        let dir = target.parent().filter(|d| !d.as_os_str().is_empty()).unwrap_or(Path::new("."));
        let name = target.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_else(|| "out".into());
        let tmp = dir.join(format!(".{name}.tmp-{}", std::process::id()));
        let file = std::fs::File::create(&tmp)?;
        Ok(Self { file: Some(file), tmp, target: target.to_path_buf() })
    }

    /// Syncs the temporary file and renames it over the target.
    pub fn commit(mut self) -> std::io::Result<()> {
        let Some(f) = self.file.take() else { return Ok(()) };
        let result = f.sync_all().and_then(|_| std::fs::rename(&self.tmp, &self.target));
        if result.is_err() {
            let _ = std::fs::remove_file(&self.tmp);
        }
        result
    }
}

impl Write for AtomicFile {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        match self.file.as_mut() {
            Some(f) => f.write(buf),
            None => Err(std::io::Error::other("file already committed")),
        }
    }

    fn flush(&mut self) -> std::io::Result<()> {
        self.file.as_mut().map_or(Ok(()), |f| f.flush())
    }
}

impl Drop for AtomicFile {
    fn drop(&mut self) {
        if self.file.take().is_some() {
            let _ = std::fs::remove_file(&self.tmp);
        }
    }
}
