//! Parsing of protocol lines into commands. Pure functions: no state, no output.
//!
//! Commands are case-insensitive; arguments are separated from the command by spaces and
//! coordinates are `x,y` (spaces around the numbers are tolerated).

/// A command from the manager or GUI.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    Start(i64),
    RectStart(i64, i64),
    Restart,
    Begin,
    Turn(i64, i64),
    /// `BOARD`: a block of `x,y,field` lines up to `DONE` follows; we answer with a move.
    Board,
    /// `YXBOARD`: like BOARD, but only sets the position.
    YxBoard,
    Info(String, String),
    End,
    About,
    Takeback(i64, i64),
    Play(i64, i64),
    /// `YXSTOP` / `STOP`.
    Stop,
    YxShowForbid,
    YxHashClear,
    /// `YXSHOWINFO`: engine limits for Yixin-Board.
    YxShowInfo,
    /// `YXNBEST n`: the n best moves of the current position, then a move.
    YxNBest(usize),
    /// `YXBLOCK` … `DONE`: `x,y` lines of root moves to exclude from now on.
    YxBlock,
    /// `YXBLOCKUNDO` … `DONE`: `x,y` lines to include again.
    YxBlockUndo,
    /// `YXBLOCKRESET`: exclude nothing.
    YxBlockReset,
    /// `YXBALANCEONE s`: the move leaving the position closest to score s.
    YxBalanceOne(i64),
    /// `YXBALANCETWO s`: two moves (ours, theirs) leaving it closest to score s.
    YxBalanceTwo(i64),
    /// `YXSEARCHDEFEND`: score every move, reporting the losing ones.
    YxSearchDefend,
    /// `SWAP2BOARD` … `DONE`: the Swap2 choice for the stones given (in move order).
    Swap2Board,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParseError {
    /// Not a command we know: answered with `UNKNOWN`.
    Unknown(String),
    /// A known command with bad arguments: answered with `ERROR`.
    Malformed(String),
}

/// Parses one non-empty, trimmed line.
pub fn parse(line: &str) -> Result<Command, ParseError> {
    let (word, rest) = match line.split_once(char::is_whitespace) {
        Some((word, rest)) => (word, rest.trim()),
        None => (line, ""),
    };
    let word = word.to_ascii_uppercase();
    let no_args = |command: Command| {
        if rest.is_empty() {
            Ok(command)
        } else {
            Err(ParseError::Malformed(format!("{word} takes no arguments")))
        }
    };
    let xy = |what: &str| parse_xy(rest).map_err(|e| ParseError::Malformed(format!("{what}: {e}")));
    match word.as_str() {
        "START" => rest
            .parse::<i64>()
            .map(Command::Start)
            .map_err(|_| ParseError::Malformed(format!("START needs a board size, got '{rest}'"))),
        "RECTSTART" => xy("RECTSTART needs width,height").map(|(w, h)| Command::RectStart(w, h)),
        "RESTART" => no_args(Command::Restart),
        "BEGIN" => no_args(Command::Begin),
        "TURN" => xy("TURN needs x,y").map(|(x, y)| Command::Turn(x, y)),
        "BOARD" => no_args(Command::Board),
        "YXBOARD" => no_args(Command::YxBoard),
        "INFO" => {
            let (key, value) = rest.split_once(char::is_whitespace).unwrap_or((rest, ""));
            if key.is_empty() {
                return Err(ParseError::Malformed("INFO needs a key and a value".into()));
            }
            Ok(Command::Info(
                key.to_ascii_lowercase(),
                value.trim().to_string(),
            ))
        }
        "END" => Ok(Command::End),
        "ABOUT" => Ok(Command::About),
        "TAKEBACK" => xy("TAKEBACK needs x,y").map(|(x, y)| Command::Takeback(x, y)),
        "PLAY" => xy("PLAY needs x,y").map(|(x, y)| Command::Play(x, y)),
        "YXSTOP" | "STOP" => Ok(Command::Stop),
        "YXSHOWFORBID" => Ok(Command::YxShowForbid),
        "YXHASHCLEAR" => Ok(Command::YxHashClear),
        "YXSHOWINFO" => Ok(Command::YxShowInfo),
        "YXNBEST" => match rest.parse::<usize>() {
            Ok(n) if n >= 1 => Ok(Command::YxNBest(n)),
            _ => Err(ParseError::Malformed(format!(
                "YXNBEST needs a count of at least 1, got '{rest}'"
            ))),
        },
        "YXBLOCK" => no_args(Command::YxBlock),
        "YXBLOCKUNDO" => no_args(Command::YxBlockUndo),
        "YXBLOCKRESET" => no_args(Command::YxBlockReset),
        "YXBALANCEONE" | "YXBALANCETWO" => {
            let bias = parse_number(rest)
                .map_err(|e| ParseError::Malformed(format!("{word} needs a score: {e}")))?;
            Ok(if word == "YXBALANCEONE" {
                Command::YxBalanceOne(bias)
            } else {
                Command::YxBalanceTwo(bias)
            })
        }
        "YXSEARCHDEFEND" => no_args(Command::YxSearchDefend),
        "SWAP2BOARD" => no_args(Command::Swap2Board),
        _ => Err(ParseError::Unknown(word)),
    }
}

fn parse_number(text: &str) -> Result<i64, String> {
    let text = text.trim();
    text.parse::<i64>()
        .map_err(|_| format!("'{text}' is not a whole number"))
}

/// Parses `x,y`.
pub fn parse_xy(text: &str) -> Result<(i64, i64), String> {
    let parts: Vec<&str> = text.split(',').collect();
    match parts.as_slice() {
        [x, y] => Ok((parse_number(x)?, parse_number(y)?)),
        _ => Err(format!("expected x,y, got '{text}'")),
    }
}

/// Parses a BOARD / YXBOARD line `x,y,field`.
pub fn parse_board_line(text: &str) -> Result<(i64, i64, i64), String> {
    let parts: Vec<&str> = text.split(',').collect();
    match parts.as_slice() {
        [x, y, field] => Ok((parse_number(x)?, parse_number(y)?, parse_number(field)?)),
        _ => Err(format!("expected x,y,field, got '{text}'")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn commands_are_case_insensitive_and_tolerate_spaces() {
        assert_eq!(parse("start 15"), Ok(Command::Start(15)));
        assert_eq!(parse("TURN 7, 8"), Ok(Command::Turn(7, 8)));
        assert_eq!(parse("yxstop"), Ok(Command::Stop));
        assert_eq!(
            parse("Info Timeout_Turn 500"),
            Ok(Command::Info("timeout_turn".into(), "500".into()))
        );
        assert_eq!(
            parse("INFO folder C:\\my dir"),
            Ok(Command::Info("folder".into(), "C:\\my dir".into()))
        );
        assert_eq!(parse("RECTSTART 20,15"), Ok(Command::RectStart(20, 15)));
        assert_eq!(parse("yxnbest 5"), Ok(Command::YxNBest(5)));
        assert_eq!(parse("YXBALANCETWO -40"), Ok(Command::YxBalanceTwo(-40)));
        assert!(matches!(parse("YXNBEST 0"), Err(ParseError::Malformed(_))));
        assert!(matches!(
            parse("YXBALANCEONE x"),
            Err(ParseError::Malformed(_))
        ));
    }

    #[test]
    fn bad_arguments_and_unknown_commands() {
        assert_eq!(parse("FOO 1"), Err(ParseError::Unknown("FOO".into())));
        assert!(matches!(parse("TURN 7"), Err(ParseError::Malformed(_))));
        assert!(matches!(parse("TURN a,b"), Err(ParseError::Malformed(_))));
        assert!(matches!(parse("START"), Err(ParseError::Malformed(_))));
        assert!(matches!(parse("BEGIN now"), Err(ParseError::Malformed(_))));
        assert!(matches!(parse("INFO"), Err(ParseError::Malformed(_))));
        assert_eq!(parse_board_line("3,4,1"), Ok((3, 4, 1)));
        assert!(parse_board_line("3,4").is_err());
        assert!(parse_board_line("3,x,1").is_err());
    }
}
