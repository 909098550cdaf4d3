//! What a command-line front end of a pure engine answers: the text to print
//! and the exit status. The `arbiter` binary does the I/O; the engines stay
//! pure and testable.

/// Exit status for input that could not be read (both `arbiter pair` and
/// `arbiter adjudicate`, as the established pairing engines do).
pub const EXIT_INVALID_INPUT: i32 = 3;

/// What the process should print and return.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CliOutput {
    /// Standard output.
    pub stdout: String,
    /// Standard error.
    pub stderr: String,
    /// Process exit code.
    pub exit_code: i32,
}

impl CliOutput {
    /// Invalid input: nothing on standard output, the reason on standard error.
    pub fn invalid(reason: impl std::fmt::Display) -> Self {
        Self {
            stdout: String::new(),
            stderr: format!("{reason}\n"),
            exit_code: EXIT_INVALID_INPUT,
        }
    }

    /// A command's text on standard output (exit 0), or the reason it has
    /// none on standard error (exit 1: no valid result exists).
    pub fn from_result<E: std::fmt::Display>(result: Result<String, E>) -> Self {
        match result {
            Ok(stdout) => Self {
                stdout,
                stderr: String::new(),
                exit_code: 0,
            },
            Err(e) => Self {
                stdout: String::new(),
                stderr: format!("{e}\n"),
                exit_code: 1,
            },
        }
    }
}
