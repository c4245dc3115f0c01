//! Golden results: exact duel outcomes and event-stream fingerprints
//! computed by the simulator before it was optimized. Any change to the
//! rules, the agents or the order in which randomness is drawn breaks
//! them; speed work must keep them bit-identical.

use super::*;

/// FNV-1a over a stream of small integers.
struct Fnv(u64);

impl Fnv {
    fn new() -> Fnv {
        Fnv(0xcbf2_9ce4_8422_2325)
    }
    fn add(&mut self, x: u64) {
        for b in x.to_le_bytes() {
            self.0 ^= b as u64;
            self.0 = self.0.wrapping_mul(0x0000_0100_0000_01b3);
        }
    }
}

fn rule_code(r: Rule) -> u64 {
    match r {
        Rule::TableCount => 0,
        Rule::Pass => 1,
        Rule::Galo => 2,
        Rule::Garagem => 3,
        Rule::DoubleOut => 4,
        Rule::Blocked => 5,
    }
}

fn add_event(h: &mut Fnv, e: Event) {
    match e {
        Event::Placed { seat, tile, arm } => {
            h.add(1);
            h.add(seat as u64);
            h.add(tile.0 as u64);
            h.add(arm.map_or(9, |a| a as u64));
        }
        Event::Passed { seat } => {
            h.add(2);
            h.add(seat as u64);
        }
        Event::Scored { team, points, rule } => {
            h.add(3);
            h.add(team as u64);
            h.add(points as u64);
            h.add(rule_code(rule));
        }
        Event::RoundOver(RoundEnd::Out { seat }) => {
            h.add(4);
            h.add(seat as u64);
        }
        Event::RoundOver(RoundEnd::Blocked) => h.add(5),
    }
}

/// (winner, score, rounds) of one match.
type Outcome = (usize, [u32; 2], u32);

/// A duel case: team A, team B, matches, seed, (wins of A, rounds).
type DuelCase<'a> = (&'a str, &'a str, u64, u64, (u64, u64));

/// A logged case: the four seats, seed, matches, (events, fingerprint).
type LogCase<'a> = ([&'a str; 4], u64, u64, (u64, u64));

/// (events, fingerprint, outcomes) of several logged matches.
fn logged(names: [&str; 4], seed: u64, matches: u64) -> (u64, u64, Vec<Outcome>) {
    let built: Vec<Box<dyn Agent>> = names.iter().map(|n| parse_agent(n).unwrap()).collect();
    let agents: [&dyn Agent; 4] = std::array::from_fn(|i| built[i].as_ref());
    let mut h = Fnv::new();
    let mut count = 0u64;
    let mut results = Vec::new();
    for i in 0..matches {
        let mut rng = seeded(derive_seed(seed, i));
        let r = play_match_logged(&agents, &mut rng, &mut |e| {
            count += 1;
            add_event(&mut h, e);
        });
        h.add(r.winner as u64);
        h.add(r.score[0] as u64);
        h.add(r.score[1] as u64);
        h.add(r.rounds as u64);
        results.push((r.winner, r.score, r.rounds));
    }
    (count, h.0, results)
}

fn duel_of(a: &str, b: &str, matches: u64, seed: u64) -> (u64, u64) {
    let a = parse_agent(a).unwrap();
    let b = parse_agent(b).unwrap();
    let r = duel(a.as_ref(), b.as_ref(), matches, 2, seed, &|_| {}).unwrap();
    assert_eq!(r.wins_a + r.wins_b, matches);
    (r.wins_a, r.rounds)
}

#[test]
fn duels_are_bit_identical_to_the_pinned_results() {
    let cases: &[DuelCase] = &[
        ("hand", "basic", 3000, 5, (1896, 7209)),
        ("basic", "hand", 3000, 6, (1104, 7248)),
        ("basic", "basic", 3000, 1, (1493, 7090)),
        ("t1", "basic", 3000, 5, (2077, 7182)),
        ("s2", "t3@2", 3000, 7, (971, 7176)),
        ("t3@2", "s1", 2000, 8, (1440, 4688)),
        ("t1@2", "t4", 2000, 9, (1192, 4918)),
        ("coef:0,0,0,0,1.5,0,-2", "hand", 2000, 10, (821, 4864)),
        ("mc:8", "t1", 12, 3, (5, 33)),
        ("basic", "mc:8:hand", 8, 4, (2, 20)),
    ];
    let mut got = Vec::new();
    for &(a, b, n, seed, _) in cases {
        got.push(duel_of(a, b, n, seed));
    }
    let want: Vec<(u64, u64)> = cases.iter().map(|c| c.4).collect();
    assert_eq!(got, want, "duel (wins of A, rounds) per case");
}

#[test]
fn event_streams_are_bit_identical_to_the_pinned_fingerprints() {
    let cases: &[LogCase] = &[
        (
            ["hand", "basic", "hand", "basic"],
            11,
            40,
            (3552, 9371748840150299739),
        ),
        (
            ["t1", "s2", "t3@2", "basic"],
            12,
            40,
            (3362, 18145077141850150280),
        ),
        (
            ["basic", "basic", "basic", "basic"],
            13,
            40,
            (3667, 13276967841628549211),
        ),
        (
            ["s1@2", "t1", "t4@2", "hand"],
            14,
            40,
            (3567, 3551102355985560),
        ),
        (
            ["mc:8", "t1", "basic", "mc:8:hand"],
            15,
            3,
            (302, 4654945256154199370),
        ),
    ];
    let mut got = Vec::new();
    for &(names, seed, n, _) in cases {
        let (count, fp, _) = logged(names, seed, n);
        got.push((count, fp));
    }
    let want: Vec<(u64, u64)> = cases.iter().map(|c| c.3).collect();
    assert_eq!(got, want, "(events, fingerprint) per case");
}

#[test]
fn first_matches_are_pinned_in_full() {
    let (_, _, results) = logged(["hand", "basic", "hand", "basic"], 5, 6);
    let want: Vec<Outcome> = vec![
        (1, [75, 205], 2),
        (0, [215, 145], 2),
        (1, [160, 345], 2),
        (1, [215, 235], 3),
        (0, [225, 90], 2),
        (1, [250, 280], 3),
    ];
    assert_eq!(
        results, want,
        "(winner, score, rounds) of matches 0..6, seed 5"
    );
}
