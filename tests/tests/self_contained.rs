//! The repository runs on a fresh clone with nothing beside it: no file in
//! it names a path outside it. The project was handed its data in a folder
//! beside the repository; what the tests and docs need of it is copied into
//! `fixtures/` and `docs/rules/` (origins in their `SOURCES.md`), so a path
//! into that folder, or an absolute path of one machine, is a defect.

use std::path::{Path, PathBuf};

/// Folders that are built or installed, never written by hand.
const SKIPPED: &[&str] = &["target", ".git", ".arbiter", ".aws-sam", "node_modules"];

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("..")
        .canonicalize()
        .expect("the repository root")
}

fn text_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("a readable folder").flatten() {
        let path = entry.path();
        let name = entry.file_name().to_string_lossy().into_owned();
        if path.is_dir() {
            if !SKIPPED.contains(&name.as_str()) && !name.starts_with(".venv") {
                text_files(&path, out);
            }
        } else if std::fs::read_to_string(&path).is_ok() {
            out.push(path);
        }
    }
}

/// Substrings no file may hold. Built from parts so this file does not
/// find itself.
fn forbidden() -> Vec<String> {
    let outside = ["data", "seeds", "spec", "hooks"].map(|d| format!("shared/{d}"));
    let machine = ["work", "root", "home"].map(|d| format!("/{d}/"));
    outside.into_iter().chain(machine).collect()
}

#[test]
fn no_file_names_a_path_outside_the_repository() {
    let mut files = Vec::new();
    text_files(&repo(), &mut files);
    assert!(files.len() > 100, "the walk found the repository's files");
    let forbidden = forbidden();
    let mut found = Vec::new();
    for file in files {
        let text = std::fs::read_to_string(&file).expect("text");
        for (n, line) in text.lines().enumerate() {
            if let Some(f) = forbidden.iter().find(|f| line.contains(f.as_str())) {
                found.push(format!("{}:{}: {f}", file.display(), n + 1));
            }
        }
    }
    assert!(
        found.is_empty(),
        "paths outside the repository:\n{}",
        found.join("\n")
    );
}

#[test]
fn every_fixture_and_rulebook_has_its_origin_written_down() {
    let root = repo();
    for (folder, sources) in [
        ("fixtures", "fixtures/SOURCES.md"),
        ("docs/rules", "docs/rules/SOURCES.md"),
    ] {
        let listed = std::fs::read_to_string(root.join(sources)).expect("SOURCES.md");
        for entry in std::fs::read_dir(root.join(folder)).unwrap().flatten() {
            let name = entry.file_name().to_string_lossy().into_owned();
            if name == "SOURCES.md" {
                continue;
            }
            // A file or folder is listed by its name or its folder's path.
            let named = if entry.path().is_dir() {
                listed.contains(&format!("`{name}/"))
            } else {
                listed.contains(&format!("`{name}`")) || listed.contains(&format!("`{name}"))
            };
            assert!(named, "{folder}/{name} is not in {sources}");
        }
    }
}
