//! `--svg FILE`, `--dot FILE` and `--html FILE`, shared by the subcommands that draw.

use super::output::{check_writable, write_file};
use super::Failure;
use crate::render::{dot::to_dot, html::to_html, svg::to_svg, Figure};
use clap::Args;
use std::path::PathBuf;

#[derive(Args, Debug)]
pub struct PictureArgs {
    /// Write the picture as SVG to this file.
    #[arg(long, value_name = "FILE")]
    pub svg: Option<PathBuf>,
    /// Write the picture as a Graphviz DOT file.
    #[arg(long, value_name = "FILE")]
    pub dot: Option<PathBuf>,
    /// Write a self-contained HTML page that steps through the line move by
    /// move (buttons, arrow keys, `#step=k` in the URL).
    #[arg(long, value_name = "FILE")]
    pub html: Option<PathBuf>,
    /// Number of the first move in pictures (0 numbers edges as Bowler and
    /// Gut's figures do).
    #[arg(long, default_value_t = 1, value_parser = parse_first_number)]
    pub number_from: usize,
}

impl PictureArgs {
    /// Whether any picture was asked for.
    pub fn wanted(&self) -> bool {
        self.svg.is_some() || self.dot.is_some() || self.html.is_some()
    }

    /// Fails now if a requested picture file could not be written later.
    pub fn check_writable(&self) -> Result<(), Failure> {
        self.svg
            .iter()
            .chain(&self.dot)
            .chain(&self.html)
            .try_for_each(|path| check_writable(path))
    }

    /// Writes the requested pictures of `figure`.
    pub fn write(&self, figure: &Figure) -> Result<(), Failure> {
        for (path, text) in [
            (&self.svg, to_svg as fn(&Figure) -> String),
            (&self.dot, to_dot),
            (&self.html, to_html),
        ]
        .into_iter()
        .filter_map(|(path, render)| path.as_ref().map(|p| (p, render(figure))))
        {
            write_file(path, text)?;
        }
        Ok(())
    }
}

fn parse_first_number(s: &str) -> Result<usize, String> {
    match s {
        "0" => Ok(0),
        "1" => Ok(1),
        _ => Err(format!("moves are numbered from 0 or 1, not `{s}`")),
    }
}
