//! Driving a round with agents: a turn at a time ([`Round::step`]) or to
//! the end ([`Round::play_out`]), with the fast path for evaluation agents.

use super::*;

impl Round {
    /// One turn: the seat to move opens, plays or passes, as its agent
    /// decides.
    ///
    /// # Panics
    /// If the round is over, or an agent breaks the [`Agent`] contract
    /// (an index outside the moves, a tile that is not one of the doubles).
    pub fn step(&mut self, agents: &[&dyn Agent; 4], rng: &mut Rng, sink: &mut impl FnMut(Event)) {
        let seat = self.turn;
        let agent = agents[seat as usize];
        if self.table.spinner.is_none() {
            self.open_turn(agents, rng, sink);
            return;
        }
        // Fast path: nothing in hand matches an open end.
        if self.hands[seat as usize].0 & self.table.playable_tiles().0 == 0 {
            self.pass(sink);
            return;
        }
        let mut buf = [Move {
            tile: Tile(0),
            arm: 0,
        }; 28];
        let n = self.legal_moves(&mut buf);
        match n {
            0 => self.pass(sink),
            1 => self.place(buf[0], sink),
            _ => {
                let i = agent.choose(&self.view(seat), &buf[..n], rng);
                assert!(i < n, "agent {} chose move {i} of {n}", agent.name());
                self.place(buf[i], sink);
            }
        }
    }

    /// The opening turn: the seat to move lays the spinner (its agent picks
    /// the double when it may choose among several).
    #[inline(never)]
    fn open_turn(&mut self, agents: &[&dyn Agent; 4], rng: &mut Rng, sink: &mut impl FnMut(Event)) {
        let seat = self.turn;
        let agent = agents[seat as usize];
        let tile = match self.opening {
            Opening::Forced(t) => t,
            Opening::AnyDouble => {
                let d = self.hands[seat as usize].doubles();
                if d.len() == 1 {
                    d.iter().next().expect("one double")
                } else {
                    let t = agent.choose_opening(&self.view(seat), d, rng);
                    assert!(d.contains(t), "agent {} chose a non-double", agent.name());
                    t
                }
            }
        };
        self.open_with(tile, sink);
    }

    /// [`Round::step`] when every seat is an evaluation agent (`fast[s]`
    /// plays like `agents[s]`): the agent scores the moves as it enumerates
    /// them, with no list, no virtual call and no second legality check.
    /// Same moves, same random draws, same events as [`Round::step`].
    #[inline(always)]
    pub(in crate::domino) fn step_fast(
        &mut self,
        fast: &[FastEval; 4],
        agents: &[&dyn Agent; 4],
        rng: &mut Rng,
        sink: &mut impl FnMut(Event),
    ) {
        let seat = self.turn;
        if self.table.spinner.is_none() {
            self.open_turn(agents, rng, sink);
        } else if self.hands[seat as usize].0 & self.table.playable_tiles().0 == 0 {
            self.pass(sink);
        } else {
            let m = fast[seat as usize].best_move(&self.view(seat), rng);
            self.place(m, sink);
        }
    }

    /// Play turns until the round is over.
    pub fn play_out(
        &mut self,
        agents: &[&dyn Agent; 4],
        rng: &mut Rng,
        sink: &mut impl FnMut(Event),
    ) {
        match FastEval::seats(agents) {
            Some(fast) => self.play_out_fast(&fast, agents, rng, sink),
            None => {
                while self.end.is_none() {
                    self.step(agents, rng, sink);
                }
            }
        }
    }

    /// [`Round::play_out`] with evaluation agents at every seat (see
    /// [`Round::step_fast`]).
    pub(in crate::domino) fn play_out_fast(
        &mut self,
        fast: &[FastEval; 4],
        agents: &[&dyn Agent; 4],
        rng: &mut Rng,
        sink: &mut impl FnMut(Event),
    ) {
        while self.end.is_none() {
            self.step_fast(fast, agents, rng, sink);
        }
    }
}
