//! The search thread as the protocol uses it: it owns the [`Searcher`] (and so the hash
//! table), runs one task at a time, and reports progress and answers as [`Event`]s on the
//! session's channel. A panic inside a search is caught: the thread logs it, starts a fresh
//! searcher and still answers with a legal move, so the manager never waits in vain.

use super::Event;
use crate::board::{Board, Pos};
use crate::search::{fallback, SearchEvent, SearchLimits, SearchResult, Searcher, Swap2Answer};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{channel, Receiver, Sender, TryRecvError};
use std::sync::Arc;

/// What the search thread is asked to work out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Task {
    /// The best move (with as many best lines as the limits ask for).
    Move,
    /// The move that leaves the position closest to this score (YXBALANCEONE).
    BalanceOne(i32),
    /// Our move and the opponent's reply that leave it closest to this score (YXBALANCETWO).
    BalanceTwo(i32),
    /// The Swap2 choice for a position of 0, 3 or 5 stones.
    Swap2,
}

/// What the search thread answers.
#[derive(Clone, Debug)]
pub enum Answer {
    /// A searched move; `None` when the board is full.
    Move(Option<SearchResult>),
    /// Two moves (YXBALANCETWO); `None` when there are not two empty cells.
    Pair(Option<(Pos, Pos)>),
    Swap2(Option<Swap2Answer>),
}

enum Job {
    Run {
        board: Box<Board>,
        limits: SearchLimits,
        task: Task,
    },
    ResizeHash(usize),
    ClearHash,
}

/// Handle to the search thread.
pub struct Engine {
    jobs: Sender<Job>,
    stop: Arc<AtomicBool>,
}

impl Engine {
    pub fn spawn(events: Sender<Event>, hash_bytes: usize) -> Engine {
        let (jobs, inbox) = channel::<Job>();
        let stop = Arc::new(AtomicBool::new(false));
        let flag = Arc::clone(&stop);
        std::thread::Builder::new()
            .name("search".into())
            .spawn(move || serve(&inbox, &events, &flag, hash_bytes))
            .expect("cannot start the search thread");
        Engine { jobs, stop }
    }

    /// Starts a task; its answer arrives as `Event::Answered`.
    pub fn run(&self, board: Board, limits: SearchLimits, task: Task) {
        self.stop.store(false, Ordering::Relaxed);
        let _ = self.jobs.send(Job::Run {
            board: Box::new(board),
            limits,
            task,
        });
    }

    /// Asks the running task to answer with what it has now.
    pub fn stop(&self) {
        self.stop.store(true, Ordering::Relaxed);
    }

    pub fn resize_hash(&self, bytes: usize) {
        let _ = self.jobs.send(Job::ResizeHash(bytes));
    }

    pub fn clear_hash(&self) {
        let _ = self.jobs.send(Job::ClearHash);
    }
}

/// The search thread: runs the jobs in order and, while the hash table has memory to commit,
/// commits it a step at a time between jobs, never while one waits.
fn serve(inbox: &Receiver<Job>, events: &Sender<Event>, stop: &AtomicBool, hash_bytes: usize) {
    let mut searcher = Searcher::new(hash_bytes);
    loop {
        let job = if searcher.hash_uncommitted() {
            match inbox.try_recv() {
                Ok(job) => job,
                Err(TryRecvError::Empty) => {
                    searcher.commit_hash_step();
                    continue;
                }
                Err(TryRecvError::Disconnected) => return,
            }
        } else {
            match inbox.recv() {
                Ok(job) => job,
                Err(_) => return,
            }
        };
        match job {
            Job::Run {
                board,
                limits,
                task,
            } => {
                let mut progress = |event: SearchEvent| {
                    let _ = events.send(Event::Progress(event));
                };
                let outcome = catch_unwind(AssertUnwindSafe(|| {
                    run(&mut searcher, &board, &limits, task, stop, &mut progress)
                }));
                let answer = outcome.unwrap_or_else(|_| {
                    log::error!("the search panicked; answering with a fallback move");
                    searcher = Searcher::new(searcher.hash_bytes());
                    rescue(&board, &limits, task)
                });
                if events.send(Event::Answered(answer)).is_err() {
                    return;
                }
            }
            Job::ResizeHash(bytes) => searcher.resize_hash(bytes),
            Job::ClearHash => searcher.clear(),
        }
    }
}

fn run(
    searcher: &mut Searcher,
    board: &Board,
    limits: &SearchLimits,
    task: Task,
    stop: &AtomicBool,
    progress: &mut dyn FnMut(SearchEvent),
) -> Answer {
    match task {
        Task::Move => Answer::Move(searcher.search(board, limits, stop, progress)),
        Task::BalanceOne(bias) => {
            Answer::Move(searcher.balance_one(board, limits, bias, stop, progress))
        }
        Task::BalanceTwo(bias) => Answer::Pair(
            searcher
                .balance_two(board, limits, bias, stop)
                .map(|(a, b, _)| (a, b)),
        ),
        Task::Swap2 => Answer::Swap2(searcher.swap2(board, limits, stop)),
    }
}

/// A legal answer without searching, after a panic.
fn rescue(board: &Board, limits: &SearchLimits, task: Task) -> Answer {
    let mut board = board.clone();
    if board.empties() == 0 {
        return Answer::Move(None);
    }
    let first = fallback(&mut board, limits);
    match task {
        Task::Move | Task::BalanceOne(_) => Answer::Move(Some(first)),
        Task::BalanceTwo(_) => {
            board.make(first.best);
            let second = (board.empties() > 0).then(|| fallback(&mut board, limits).best);
            Answer::Pair(second.map(|second| (first.best, second)))
        }
        Task::Swap2 => Answer::Swap2(Some(Swap2Answer::Swap)),
    }
}
