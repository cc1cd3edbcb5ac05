//! Transposition table: a fixed-size hash of search results keyed by 64-bit Zobrist keys,
//! shared without locks by all search threads.
//!
//! Each entry is two atomic words, the packed data and the key XOR the data, so a torn write by
//! two threads at once reads back as a miss rather than as a wrong entry. Entries come in
//! buckets of four filling one cache line; a store replaces the same position (unless it has a
//! bound from a search more than two plies shallower), else the entry that is shallowest and
//! oldest. Mate scores are stored relative to the node, not the root.

use super::score::{from_tt, to_tt};
use crate::board::Pos;
use std::alloc::{alloc_zeroed, Layout};
use std::sync::atomic::{AtomicU64, AtomicU8, Ordering::Relaxed};

/// What a stored score says about the true score.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Bound {
    /// The true score is at most the stored one (no move reached alpha).
    Upper = 1,
    /// The true score is at least the stored one (a move reached beta).
    Lower = 2,
    Exact = 3,
}

impl Bound {
    /// The bound a search result `best` carries, given the window it was searched with.
    pub fn of_result(best: i32, alpha: i32, beta: i32) -> Bound {
        if best >= beta {
            Bound::Lower
        } else if best > alpha {
            Bound::Exact
        } else {
            Bound::Upper
        }
    }
}

/// A probed entry, with its score already made relative to the probing node.
#[derive(Clone, Copy, Debug)]
pub struct TtEntry {
    pub mv: Pos,
    pub score: i32,
    pub depth: i32,
    pub bound: Bound,
}

impl TtEntry {
    /// Whether the stored score settles a search with this window (depth aside).
    pub fn cuts(&self, alpha: i32, beta: i32) -> bool {
        match self.bound {
            Bound::Exact => true,
            Bound::Lower => self.score >= beta,
            Bound::Upper => self.score <= alpha,
        }
    }
}

#[derive(Default)]
struct Slot {
    check: AtomicU64,
    data: AtomicU64,
}

#[repr(align(64))]
#[derive(Default)]
struct Bucket {
    slots: [Slot; 4],
}

pub struct TranspositionTable {
    buckets: BucketMemory,
    /// Counts searches; stored in six bits, so it wraps every 64 searches and an entry that
    /// old looks current again. Such an entry is still true of its position, and a sixteen-bit
    /// count played no better (strength log, seventeenth session).
    generation: AtomicU8,
}

const DEPTH_OFFSET: i32 = 32;

/// How many plies deeper than a new bound a stored result of the same position must be to
/// survive its store.
const KEEP_DEEPER: i32 = 2;

/// Entry layout: move (bits 0..16), score (16..32), depth (48..56), bound (56..58),
/// generation (58..64); bits 32..48 are unused.
fn pack(mv: Pos, score: i32, depth: i32, bound: Bound, generation: u8) -> u64 {
    (mv.index() as u64)
        | (score as i16 as u16 as u64) << 16
        | ((depth + DEPTH_OFFSET).clamp(0, 255) as u64) << 48
        | (bound as u64) << 56
        | ((generation & 0x3f) as u64) << 58
}

fn move_of(data: u64) -> Pos {
    Pos::from_index((data & 0xffff) as usize)
}

fn depth_of(data: u64) -> i32 {
    (data >> 48 & 0xff) as i32 - DEPTH_OFFSET
}

fn generation_of(data: u64) -> u8 {
    (data >> 58) as u8
}

impl TranspositionTable {
    /// A table using about `bytes` of memory (at least one bucket). The memory is requested
    /// zeroed from the operating system, so pages are only committed as the search fills them.
    pub fn new(bytes: usize) -> TranspositionTable {
        let count = (bytes / std::mem::size_of::<Bucket>()).max(1);
        TranspositionTable {
            buckets: BucketMemory::new(count),
            generation: AtomicU8::new(0),
        }
    }

    pub fn bytes(&self) -> usize {
        std::mem::size_of_val(&*self.buckets)
    }

    pub fn buckets(&self) -> usize {
        self.buckets.len()
    }

    /// Commits the memory of the buckets in `range` without changing what they hold. The
    /// operating system maps a page of fresh memory on its first write; one compare-exchange
    /// of zero for zero per 4 KiB writes a page where nothing is stored yet and leaves a stored
    /// entry as it is, so searches may use the table meanwhile.
    pub fn commit(&self, range: std::ops::Range<usize>) {
        const BUCKETS_PER_PAGE: usize = 4096 / std::mem::size_of::<Bucket>();
        let Some(buckets) = self.buckets.get(range) else {
            return;
        };
        // Buckets a page apart fall on every page once; the last bucket covers the end.
        let last = buckets.len().checked_sub(1);
        let touched = buckets
            .iter()
            .step_by(BUCKETS_PER_PAGE)
            .chain(last.map(|i| &buckets[i]));
        for bucket in touched {
            let _ = bucket.slots[0]
                .check
                .compare_exchange(0, 0, Relaxed, Relaxed);
        }
    }

    pub fn clear(&self) {
        for slot in self.buckets.iter().flat_map(|b| b.slots.iter()) {
            slot.check.store(0, Relaxed);
            slot.data.store(0, Relaxed);
        }
    }

    /// Marks the start of a new search, so older entries are replaced first.
    pub fn new_search(&self) {
        self.generation.fetch_add(1, Relaxed);
    }

    fn bucket(&self, key: u64) -> &Bucket {
        // Multiply-shift maps the key onto any number of buckets, not just powers of two.
        let index = ((key as u128 * self.buckets.len() as u128) >> 64) as usize;
        &self.buckets[index]
    }

    /// Asks the processor to start loading the bucket of `key`, so that a probe of it a little
    /// later (once the move that leads there is made) finds it in the cache: a probe is
    /// otherwise one cache miss into a table far larger than the cache, an eighth of a search's
    /// time. Only a hint: it changes no result.
    #[inline(always)]
    pub fn prefetch(&self, key: u64) {
        #[cfg(target_arch = "x86_64")]
        {
            use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
            let bucket: *const Bucket = self.bucket(key);
            // SAFETY: prefetching is a hint that never faults, and the address is a bucket of
            // this table.
            unsafe { _mm_prefetch::<_MM_HINT_T0>(bucket.cast()) };
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = key;
    }

    pub fn probe(&self, key: u64, ply: usize) -> Option<TtEntry> {
        self.bucket(key).slots.iter().find_map(|slot| {
            let data = slot.data.load(Relaxed);
            (data != 0 && slot.check.load(Relaxed) ^ data == key).then(|| {
                let bound = match data >> 56 & 3 {
                    1 => Bound::Upper,
                    2 => Bound::Lower,
                    _ => Bound::Exact,
                };
                TtEntry {
                    mv: move_of(data),
                    score: from_tt((data >> 16) as u16 as i16 as i32, ply),
                    depth: depth_of(data),
                    bound,
                }
            })
        })
    }

    pub fn store(&self, key: u64, ply: usize, mv: Pos, score: i32, depth: i32, bound: Bound) {
        let generation = self.generation.load(Relaxed);
        let bucket = self.bucket(key);
        let mut victim = &bucket.slots[0];
        let mut victim_worth = i32::MAX;
        for slot in &bucket.slots {
            let data = slot.data.load(Relaxed);
            if data == 0 {
                victim = slot;
                break;
            }
            if slot.check.load(Relaxed) ^ data == key {
                // A result from a much shallower search does not replace the same position's
                // deeper one unless it is exact.
                if bound != Bound::Exact && depth + KEEP_DEEPER < depth_of(data) {
                    return;
                }
                // Keep the old best move when the new result has none.
                let mv = if mv.is_none() { move_of(data) } else { mv };
                return self.write(slot, key, mv, score, depth, bound, generation, ply);
            }
            let age = (generation.wrapping_sub(generation_of(data)) & 0x3f) as i32;
            let worth = depth_of(data) - 8 * age;
            if worth < victim_worth {
                victim = slot;
                victim_worth = worth;
            }
        }
        self.write(victim, key, mv, score, depth, bound, generation, ply);
    }

    #[allow(clippy::too_many_arguments)]
    fn write(
        &self,
        slot: &Slot,
        key: u64,
        mv: Pos,
        score: i32,
        depth: i32,
        bound: Bound,
        generation: u8,
        ply: usize,
    ) {
        let data = pack(mv, to_tt(score, ply), depth, bound, generation);
        slot.data.store(data, Relaxed);
        slot.check.store(key ^ data, Relaxed);
    }
}

/// Zeroed, cache-line-aligned bucket storage obtained lazily from the operating system.
///
/// The standard allocator only hands out lazily zeroed memory (`calloc`, fresh pages mapped on
/// first touch) for alignments up to 16 bytes; for 64 it zeroes every byte up front, which for
/// a 300 MB table costs a quarter of a second and commits all of it at once. So the memory is
/// requested with 16-byte alignment and one spare cache line, and the buckets start at the
/// first 64-byte boundary inside it. On Linux the region is then advised to use 2 MiB pages.
struct BucketMemory {
    base: *mut u8,
    layout: Layout,
    buckets: *mut Bucket,
    count: usize,
}

// SAFETY: the memory is exclusively owned by this value and only accessed through `Bucket`'s
// atomics, which are themselves `Sync`.
unsafe impl Send for BucketMemory {}
unsafe impl Sync for BucketMemory {}

impl BucketMemory {
    fn new(count: usize) -> BucketMemory {
        let align = std::mem::align_of::<Bucket>();
        let bytes = count
            .checked_mul(std::mem::size_of::<Bucket>())
            .and_then(|b| b.checked_add(align))
            .expect("hash table size overflows");
        let layout = Layout::from_size_align(bytes, 16).expect("hash table layout");
        // SAFETY: the layout has a non-zero size. All-zero bytes are a valid `Bucket` (atomics
        // only). The aligned start plus `count` buckets stays inside the allocation because one
        // spare alignment unit was added.
        unsafe {
            let base = alloc_zeroed(layout);
            if base.is_null() {
                std::alloc::handle_alloc_error(layout);
            }
            let offset = base.align_offset(align);
            advise_huge_pages(base, bytes);
            BucketMemory {
                base,
                layout,
                buckets: base.add(offset) as *mut Bucket,
                count,
            }
        }
    }
}

/// Asks Linux to back the table with 2 MiB pages where it can (transparent huge pages, in
/// their usual `madvise` mode): a probe is a random access into tens of megabytes, which with
/// 4 KiB pages also misses the address-translation cache. Only the 2 MiB-aligned part of the
/// region can be so backed. A hint: if it fails, nothing changes but speed. Only where the
/// advice's number is known to be 14 (it differs on some other architectures).
#[cfg(all(
    target_os = "linux",
    any(target_arch = "x86_64", target_arch = "aarch64")
))]
fn advise_huge_pages(start: *mut u8, len: usize) {
    const MADV_HUGEPAGE: i32 = 14;
    const HUGE_PAGE: usize = 2 << 20;
    extern "C" {
        fn madvise(addr: *mut std::ffi::c_void, len: usize, advice: i32) -> i32;
    }
    let begin = (start as usize).next_multiple_of(HUGE_PAGE);
    let end = (start as usize + len) / HUGE_PAGE * HUGE_PAGE;
    if end > begin {
        // SAFETY: the range lies inside the allocation just made, and madvise with this
        // advice changes how pages are backed, never their contents.
        unsafe { madvise(begin as *mut std::ffi::c_void, end - begin, MADV_HUGEPAGE) };
    }
}

#[cfg(not(all(
    target_os = "linux",
    any(target_arch = "x86_64", target_arch = "aarch64")
)))]
fn advise_huge_pages(_start: *mut u8, _len: usize) {}

impl std::ops::Deref for BucketMemory {
    type Target = [Bucket];
    fn deref(&self) -> &[Bucket] {
        // SAFETY: `buckets` points at `count` initialised (zeroed) buckets owned by self.
        unsafe { std::slice::from_raw_parts(self.buckets, self.count) }
    }
}

impl Drop for BucketMemory {
    fn drop(&mut self) {
        // SAFETY: `base` was allocated with exactly this layout and is freed once.
        unsafe { std::alloc::dealloc(self.base, self.layout) }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::score::{mate_in, WIN};

    #[test]
    fn stores_and_probes() {
        let tt = TranspositionTable::new(1 << 16);
        let mv = Pos::new(7, 7);
        tt.store(12345, 0, mv, -250, 9, Bound::Lower);
        let e = tt.probe(12345, 0).expect("stored entry");
        assert_eq!(
            (e.mv, e.score, e.depth, e.bound),
            (mv, -250, 9, Bound::Lower)
        );
        assert!(tt.probe(54321, 0).is_none());
        tt.clear();
        assert!(tt.probe(12345, 0).is_none());
    }

    #[test]
    fn committing_the_memory_keeps_what_is_stored() {
        let tt = TranspositionTable::new(1 << 20);
        let keys: Vec<u64> = (1..=2000u64)
            .map(|k| k.wrapping_mul(0x9e37_79b9_7f4a_7c15))
            .collect();
        for (i, &key) in keys.iter().enumerate() {
            tt.store(key, 0, Pos::new(i % 15, 3), i as i32, 5, Bound::Exact);
        }
        let stored = |tt: &TranspositionTable| {
            keys.iter()
                .enumerate()
                .filter(|&(i, &k)| tt.probe(k, 0).is_some_and(|e| e.score == i as i32))
                .count()
        };
        let before = stored(&tt);
        assert!(
            before > 1900,
            "{before} of 2000 kept in a table of 16,384 buckets"
        );
        tt.commit(0..tt.buckets() / 2);
        tt.commit(tt.buckets() / 2..tt.buckets());
        tt.commit(tt.buckets()..tt.buckets() + 1);
        assert_eq!(stored(&tt), before);
    }

    #[test]
    fn mate_scores_are_relative_to_the_node() {
        let tt = TranspositionTable::new(1 << 16);
        // A win in 3 plies seen from a node at ply 4 is a win in 7 plies from the root; read
        // back at ply 2 it is a win in 5.
        tt.store(99, 4, Pos::new(1, 1), mate_in(7), 3, Bound::Exact);
        assert_eq!(tt.probe(99, 2).unwrap().score, mate_in(5));
        assert!(mate_in(5) < WIN);
    }

    #[test]
    fn a_full_bucket_keeps_the_deepest_entries() {
        let tt = TranspositionTable::new(64);
        for (key, depth) in [(1u64, 10), (2, 2), (3, 8), (4, 9), (5, 7)] {
            tt.store(key, 0, Pos::new(0, 0), 0, depth, Bound::Exact);
        }
        assert!(tt.probe(1, 0).is_some());
        assert!(tt.probe(2, 0).is_none(), "the shallowest entry made room");
        assert!(tt.probe(5, 0).is_some());
    }

    #[test]
    fn a_shallow_bound_does_not_replace_a_deeper_result() {
        let tt = TranspositionTable::new(1 << 16);
        let (deep, shallow) = (Pos::new(7, 7), Pos::new(3, 3));
        tt.store(7, 0, deep, 120, 12, Bound::Lower);
        tt.store(7, 0, shallow, -40, 9, Bound::Upper);
        let e = tt.probe(7, 0).unwrap();
        assert_eq!((e.mv, e.score, e.depth), (deep, 120, 12));
        // Nearly as deep, or exact: replaced.
        tt.store(7, 0, shallow, -40, 10, Bound::Upper);
        assert_eq!(tt.probe(7, 0).unwrap().depth, 10);
        tt.store(7, 0, deep, 60, 1, Bound::Exact);
        assert_eq!(tt.probe(7, 0).unwrap().score, 60);
    }
}
