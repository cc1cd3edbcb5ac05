//! Time management: turns the manager's time settings into a budget for one move.
//!
//! The budget has a hard limit, which the search never passes (it checks the clock inside the
//! tree), and a soft target, where iterative deepening stops unless the best move is unstable.
//! Both are measured from the moment the command that asked for the move was read, because the
//! manager's clock already runs then.

use std::time::{Duration, Instant};

/// `time_left` value that managers send for "no game clock".
pub const UNLIMITED_MS: i64 = 2_147_483_647;

/// The manager's time settings, in milliseconds, as sent with `INFO`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TimeControl {
    /// Per move; 0 means "as fast as possible".
    pub turn_ms: i64,
    /// For the whole game; 0 means no game clock.
    pub match_ms: i64,
    /// Left on the game clock; `UNLIMITED_MS` means no game clock.
    pub left_ms: i64,
    /// Added to the game clock after each move (Yixin-Board's `time_increment`).
    pub increment_ms: i64,
}

impl Default for TimeControl {
    /// Piskvork's defaults: 30 s per move, 180 s per game.
    fn default() -> Self {
        TimeControl {
            turn_ms: 30_000,
            match_ms: 180_000,
            left_ms: 180_000,
            increment_ms: 0,
        }
    }
}

/// Never spend more than this on a move when `timeout_turn` is 0.
const FASTEST_MS: u64 = 15;
/// Latency kept in hand for reading the position, writing the move and the OS scheduler.
const FIXED_MARGIN_MS: u64 = 25;

impl TimeControl {
    fn has_game_clock(&self) -> bool {
        self.match_ms > 0 && self.left_ms != UNLIMITED_MS
    }

    /// The budget for a move at game ply `ply` (stones already on the board), asked at `start`.
    pub fn budget(&self, ply: usize, start: Instant) -> TimeBudget {
        let mut maximum = if self.turn_ms <= 0 {
            FASTEST_MS
        } else {
            let turn = self.turn_ms as u64;
            // Keep a safety margin that grows with the turn time but stays small in absolute
            // terms: 200 ms → 169 ms, 1 s → 945 ms, 5 s → 4.8 s, 30 s → 29.1 s.
            turn.saturating_sub(FIXED_MARGIN_MS + turn / 33)
                .max(turn / 2)
        };
        let mut optimum = maximum;
        if self.has_game_clock() {
            let left = (self.left_ms.max(0) as u64).saturating_sub(FIXED_MARGIN_MS);
            // Expect the game to last about this many more of our moves; fewer as it goes on,
            // but always keep something for the end.
            let moves_to_go = (28u64).saturating_sub(ply as u64 / 6).max(12);
            let increment = self.increment_ms.max(0) as u64;
            let share = left / moves_to_go + increment;
            optimum = optimum.min(share);
            maximum = maximum.min((left / 4).max(share)).min(left);
        }
        // Without a game clock every move has its own allowance and time not spent is lost, so
        // the soft target is the hard limit (see `TimeBudget::may_continue`).
        TimeBudget {
            start,
            optimum: Duration::from_millis(optimum.max(1)),
            maximum: Duration::from_millis(maximum.max(1)),
        }
    }
}

/// Time allowed for one move.
#[derive(Clone, Copy, Debug)]
pub struct TimeBudget {
    pub start: Instant,
    /// Soft target: finish the current iteration and stop once past it (scaled by stability).
    pub optimum: Duration,
    /// Hard limit: the search returns as soon as it notices it is past this.
    pub maximum: Duration,
}

impl TimeBudget {
    /// A budget with no time limit (analysis to a depth or node count).
    pub fn unlimited(start: Instant) -> TimeBudget {
        let far = Duration::from_secs(365 * 24 * 3600);
        TimeBudget {
            start,
            optimum: far,
            maximum: far,
        }
    }

    /// A fixed time per move.
    pub fn fixed(start: Instant, time: Duration) -> TimeBudget {
        TimeBudget {
            start,
            optimum: time,
            maximum: time,
        }
    }

    /// Whether time not used on this move is lost (a fixed time per move, or no clock at all),
    /// rather than saved for later moves.
    pub fn is_per_move(&self) -> bool {
        self.optimum >= self.maximum
    }

    pub fn elapsed(&self) -> Duration {
        self.start.elapsed()
    }

    /// When a root threat search given one part in `share` of the move must give way to
    /// deepening. The part is of the time the move is expected to take: the soft target, not
    /// the hard limit. Under a game clock the hard limit can be several times the target, and
    /// a tenth of it would hand the threat searches half of a move that stops at the target.
    pub fn threat_deadline(&self, share: u32) -> Instant {
        self.start + self.optimum.min(self.maximum) / share.max(1)
    }

    pub fn past_maximum(&self) -> bool {
        self.elapsed() >= self.maximum
    }

    /// Whether another iteration is worth starting, given how unstable the best move has been
    /// (`instability` around 1.0; higher when the best move or score keeps changing).
    pub fn may_continue(&self, instability: f64) -> bool {
        let elapsed = self.elapsed();
        // A fixed time per move: time saved here cannot be spent on a later move, and an
        // unfinished iteration still improves the choice (its first moves are the best ones),
        // so deepening goes on until the hard limit.
        if self.is_per_move() {
            return elapsed < self.maximum;
        }
        let target = self.optimum.mul_f64(instability.clamp(0.4, 2.5));
        // An iteration usually costs more than all the previous ones together: do not start
        // one that is unlikely to finish before the hard limit.
        elapsed < target.min(self.maximum) && elapsed * 2 < self.maximum
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn budget(turn: i64, matchtime: i64, left: i64, ply: usize) -> TimeBudget {
        TimeControl {
            turn_ms: turn,
            match_ms: matchtime,
            left_ms: left,
            increment_ms: 0,
        }
        .budget(ply, Instant::now())
    }

    #[test]
    fn turn_limit_keeps_a_margin() {
        let b = budget(200, 0, UNLIMITED_MS, 10);
        assert!(b.maximum <= Duration::from_millis(175));
        assert!(b.maximum >= Duration::from_millis(150));
        let b = budget(5000, 0, UNLIMITED_MS, 10);
        assert!(b.maximum < Duration::from_millis(5000));
        assert!(b.maximum > Duration::from_millis(4700));
    }

    #[test]
    fn zero_turn_time_means_as_fast_as_possible() {
        assert!(budget(0, 0, UNLIMITED_MS, 0).maximum <= Duration::from_millis(FASTEST_MS));
    }

    #[test]
    fn game_clock_is_shared_over_the_remaining_moves() {
        // Gomocup fastgame: 5 s per move, 120 s per game.
        let b = budget(5000, 120_000, 120_000, 0);
        assert!(b.optimum < Duration::from_millis(5000));
        assert!(b.optimum >= Duration::from_millis(3000));
        // Nearly out of time: never more than what is left.
        let b = budget(5000, 120_000, 300, 80);
        assert!(b.maximum < Duration::from_millis(300));
        let b = budget(5000, 120_000, -50, 80);
        assert!(b.maximum <= Duration::from_millis(1));
    }

    #[test]
    fn a_turn_limit_alone_is_used_in_full() {
        let b = budget(1000, 0, UNLIMITED_MS, 10);
        assert_eq!(b.optimum, b.maximum);
        assert!(b.may_continue(0.6));
        let late = TimeBudget {
            start: Instant::now() - Duration::from_millis(900),
            ..b
        };
        assert!(late.may_continue(0.6), "900 ms into a 945 ms budget");
        let past = TimeBudget {
            start: Instant::now() - Duration::from_millis(950),
            ..b
        };
        assert!(!past.may_continue(2.0));
        // With a game clock the soft target stops it earlier.
        let clocked = budget(1000, 180_000, 10_000, 10);
        let late = TimeBudget {
            start: Instant::now() - Duration::from_millis(900),
            ..clocked
        };
        assert!(!late.may_continue(1.0));
    }

    #[test]
    fn threat_searches_get_their_share_of_the_expected_time() {
        // A turn limit alone: a tenth of it, or a thirtieth.
        let b = budget(1000, 0, UNLIMITED_MS, 10);
        assert_eq!(b.threat_deadline(10) - b.start, b.maximum / 10);
        assert_eq!(b.threat_deadline(30) - b.start, b.maximum / 30);
        // Under a game clock the move is expected to stop near the soft target (here about
        // 15 s / 25 = 600 ms, against a 2.9 s hard limit): a tenth of that.
        let b = budget(3000, 18_000, 15_000, 20);
        assert!(b.maximum >= Duration::from_millis(2500));
        assert_eq!(b.threat_deadline(10) - b.start, b.optimum / 10);
        assert!(b.threat_deadline(10) - b.start <= Duration::from_millis(70));
    }

    #[test]
    fn unlimited_game_clock_is_ignored() {
        let with = budget(1000, 180_000, UNLIMITED_MS, 0);
        let without = budget(1000, 0, 180_000, 0);
        assert_eq!(with.maximum, without.maximum);
    }
}
