//! The command lines of the engine protocols (GTP, NBoard, Gomocup's pbrain) as they are read
//! from a manager: at most [`MAX_LINE`] bytes of a line are kept (the rest is skipped, never
//! held), and a line that is not UTF-8 is a bad line to answer, not the end of the session.

use std::io::BufRead;

/// The longest line kept; no command of these protocols comes near it.
pub const MAX_LINE: usize = 64 << 10;

/// Why a line cannot be read as a command.
#[derive(Debug, PartialEq, Eq, thiserror::Error)]
pub enum BadLine {
    #[error("line longer than {MAX_LINE} bytes")]
    TooLong,
    #[error("line is not UTF-8 text")]
    NotUtf8,
}

/// The lines of `input`, each without its line ending, or why it is bad.
pub fn lines(
    input: impl BufRead,
) -> impl Iterator<Item = std::io::Result<Result<String, BadLine>>> {
    let mut input = input;
    std::iter::from_fn(move || read_line(&mut input).transpose())
}

/// One line, or `None` at the end of the input.
fn read_line(input: &mut impl BufRead) -> std::io::Result<Option<Result<String, BadLine>>> {
    let mut line = Vec::new();
    let mut too_long = false;
    let mut any = false;
    loop {
        let buf = match input.fill_buf() {
            Ok(buf) => buf,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if buf.is_empty() {
            if !any {
                return Ok(None);
            }
            break;
        }
        any = true;
        let end = buf.iter().position(|&b| b == b'\n');
        let chunk = &buf[..end.unwrap_or(buf.len())];
        let room = MAX_LINE.saturating_sub(line.len());
        too_long |= chunk.len() > room;
        line.extend_from_slice(&chunk[..chunk.len().min(room)]);
        let used = end.map_or(buf.len(), |e| e + 1);
        input.consume(used);
        if end.is_some() {
            break;
        }
    }
    if too_long {
        return Ok(Some(Err(BadLine::TooLong)));
    }
    if line.last() == Some(&b'\r') {
        line.pop();
    }
    Ok(Some(String::from_utf8(line).map_err(|_| BadLine::NotUtf8)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_and_broken_lines_are_bad_lines_and_reading_goes_on() {
        let mut input = b"play b d3\r\n# caf\xe9\n".to_vec();
        input.extend(std::iter::repeat_n(b'x', 3 * MAX_LINE));
        input.extend(b"\nquit");
        let read: Vec<_> = lines(&input[..]).map(Result::unwrap).collect();
        assert_eq!(
            read,
            [
                Ok("play b d3".to_string()),
                Err(BadLine::NotUtf8),
                Err(BadLine::TooLong),
                Ok("quit".to_string()),
            ]
        );
    }
}
