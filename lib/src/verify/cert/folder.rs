//! A folder of certificates with an index, for the commands that state
//! many results at once (`ramsey-table --cert DIR`, `erdos --table a..b
//! --cert DIR`): one certificate file per result and `DIR/INDEX.md`, a
//! Markdown table that gives each file's claim, entries, size, SHA-256 and
//! the command that writes the same certificate on its own.
//!
//! The index is rewritten after every certificate, so a long run that is
//! stopped leaves an index of what it finished; the SHA-256 is of the bytes
//! written (gzipped or not), so `sha256sum FILE` gives the same.

use super::{sha256_hex, CertWriteError, Certificate};
use std::path::{Path, PathBuf};

/// Certificates with more text than this are gzipped in a folder.
const GZIP_ABOVE: usize = 64 << 10;

/// A certificate folder being written: its directory and the index so far.
#[derive(Debug)]
pub struct CertFolder {
    dir: PathBuf,
    heading: String,
    rows: String,
    written: usize,
}

impl CertFolder {
    /// Creates `dir` (if missing) for certificates whose rows start with the
    /// cells named in `columns`; `title` and `intro` head the index.
    pub fn create(dir: &Path, title: &str, intro: &str, columns: &[&str]) -> Result<CertFolder, CertWriteError> {
        std::fs::create_dir_all(dir).map_err(fail(dir))?;
        let columns: Vec<&str> = columns
            .iter()
            .copied()
            .chain(["claim", "file", "entries", "bytes", "SHA-256", "command"])
            .collect();
        let heading = format!(
            "# {title}\n\n{intro} `ramsey-verify check FILE` checks a file with the independent \
             checker, and the command beside it writes the same certificate on its own \
             (`--cert FILE`). Formats: proofs/FORMAT.md.\n\n| {} |\n|{}\n",
            columns.join(" | "),
            "---|".repeat(columns.len())
        );
        Ok(CertFolder {
            dir: dir.to_path_buf(),
            heading,
            rows: String::new(),
            written: 0,
        })
    }

    /// The file name for a certificate named `stem`: `stem.cert`, or
    /// `stem.cert.gz` above 64 KiB of text.
    pub fn file_name(stem: &str, cert: &Certificate) -> String {
        let gz = if cert.text.len() > GZIP_ABOVE { ".gz" } else { "" };
        format!("{stem}.cert{gz}")
    }

    /// Writes `cert` as `file` in the folder and indexes it beside `cells`
    /// (one per column given to [`CertFolder::create`]), its `claim` in
    /// words and the `command` that writes it alone.
    pub fn add(
        &mut self,
        cells: &[String],
        claim: &str,
        file: &str,
        cert: &Certificate,
        command: &str,
    ) -> Result<(), CertWriteError> {
        let path = self.dir.join(file);
        let bytes = cert.encode(&path).map_err(fail(&path))?;
        std::fs::write(&path, &bytes).map_err(fail(&path))?;
        self.rows += &format!(
            "| {} | {claim} | `{file}` | {} | {} | `{}` | `{command}` |\n",
            cells.join(" | "),
            cert.entries,
            bytes.len(),
            sha256_hex(&bytes)
        );
        self.written += 1;
        self.write_index()
    }

    /// Indexes a result without a certificate, saying why.
    pub fn skip(&mut self, cells: &[String], why: &str, command: &str) -> Result<(), CertWriteError> {
        self.rows += &format!("| {} | none: {why} | | | | | `{command}` |\n", cells.join(" | "));
        self.write_index()
    }

    /// The number of certificates written so far.
    pub fn written(&self) -> usize {
        self.written
    }

    fn write_index(&self) -> Result<(), CertWriteError> {
        let path = self.dir.join("INDEX.md");
        std::fs::write(&path, format!("{}{}", self.heading, self.rows)).map_err(fail(&path))
    }
}

fn fail(path: &Path) -> impl FnOnce(std::io::Error) -> CertWriteError {
    let path = path.to_path_buf();
    move |source| CertWriteError { path, source }
}
