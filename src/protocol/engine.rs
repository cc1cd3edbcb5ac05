//! The search thread as the protocol uses it: it owns the [`Searcher`] (and so the hash
//! table), runs one job at a time, and reports progress and results as [`Event`]s on the
//! session's channel. A panic inside a search is caught: the thread logs it, starts a fresh
//! searcher and still answers with a legal move, so the manager never waits in vain.

use super::Event;
use crate::board::Board;
use crate::search::{fallback, SearchEvent, SearchLimits, Searcher};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{channel, Sender};
use std::sync::Arc;

enum Job {
    Search {
        board: Box<Board>,
        limits: SearchLimits,
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
            .spawn(move || {
                let mut searcher = Searcher::new(hash_bytes);
                for job in inbox {
                    match job {
                        Job::Search { board, limits } => {
                            let outcome = catch_unwind(AssertUnwindSafe(|| {
                                let mut progress = |event: SearchEvent| {
                                    let _ = events.send(Event::Progress(event));
                                };
                                searcher.search(&board, &limits, &flag, &mut progress)
                            }));
                            let result = match outcome {
                                Ok(result) => result,
                                Err(_) => {
                                    log::error!(
                                        "the search panicked; answering with a fallback move"
                                    );
                                    let bytes = searcher.hash_bytes();
                                    searcher = Searcher::new(bytes);
                                    let mut board = (*board).clone();
                                    (board.empties() > 0).then(|| fallback(&mut board, &limits))
                                }
                            };
                            if events.send(Event::Searched(result)).is_err() {
                                return;
                            }
                        }
                        Job::ResizeHash(bytes) => searcher.resize_hash(bytes),
                        Job::ClearHash => searcher.clear(),
                    }
                }
            })
            .expect("cannot start the search thread");
        Engine { jobs, stop }
    }

    /// Starts a search; its result arrives as `Event::Searched`.
    pub fn search(&self, board: Board, limits: SearchLimits) {
        self.stop.store(false, Ordering::Relaxed);
        let _ = self.jobs.send(Job::Search {
            board: Box::new(board),
            limits,
        });
    }

    /// Asks the running search to return its best move now.
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
