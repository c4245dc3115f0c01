//! The same seed gives the same output, for every generator: each case
//! writes its result with `--out`, and the file's FNV-1a hash must be the
//! one recorded here. The hashes were recorded with the binary of
//! `02e9c6b` (before the workspace split) and checked again after it, so a
//! change that alters what a seed makes fails here and must say why.
//! To re-record after an intended change, run the commands by hand (or
//! `python3 benches/same_seed.py target/release/evoboard`).

use std::process::Command;

/// Name, command (`{o}` is the output path without extension), FNV-1a 64
/// of the written file.
const CASES: [(&str, &str, u64); 14] = [
    (
        "tm-best",
        "generate terra-mystica --seed 11 --out {o}.level.ron",
        0x50e750708a97be8c,
    ),
    (
        "tm-sahc",
        "generate terra-mystica --algorithm sahc --target 60 --seed 5 --out {o}.level.ron",
        0xbde48874c240f2d9,
    ),
    (
        "catan-best",
        "generate catan --seed 3 --out {o}.level.ron",
        0x294f3f88f2fc5dc7,
    ),
    (
        "catan-56",
        "generate catan --players 5-6 --seed 4 --out {o}.level.ron",
        0x6bbd6d9c26812c9f,
    ),
    (
        "catan-brkga",
        "generate catan --algorithm brkga --target 8 --seed 6 --out {o}.level.ron",
        0xf5cf47557de7d63a,
    ),
    (
        "catan-pso",
        "generate catan --algorithm pso --target 8 --seed 6 --out {o}.level.ron",
        0x2e5d091e5d680114,
    ),
    (
        "catan-aco",
        "generate catan --algorithm aco --target 8 --seed 6 --out {o}.level.ron",
        0x60e8b3e2da5ca5d4,
    ),
    (
        "dungeon-small",
        "dungeon --size small --seed 7 --out {o}.level.ron",
        0x326cfe69bbda2b6d,
    ),
    (
        "dungeon-medium",
        "dungeon --size medium --seed 8 --out {o}.level.ron",
        0x2b90723894c94028,
    ),
    (
        "puzzle-grade2",
        "puzzle generate --seed 5 --out {o}.level.ron",
        0x602d595bf61ebb49,
    ),
    (
        "puzzle-takuzu3",
        "puzzle generate --rules takuzu --size 8 --grade 3 --seed 6 --out {o}.level.ron",
        0xca87ccb4a2234070,
    ),
    (
        "puzzle-sym4",
        "puzzle generate --symmetric --grade 4 --seed 2 --out {o}.level.ron",
        0x58710898c4fdca3d,
    ),
    (
        "puzzle-hard",
        "puzzle generate --difficulty hard --seed 9 --out {o}.level.ron",
        0xc02f19da8e88bc09,
    ),
    (
        "domino-tune",
        "domino tune --strategy 1 --stage 1 --population 4 --generations 2 --matches 10 --seed 3 --threads 1 --out {o}.ron",
        0xfedb6369fc5b5be,
    ),
];

fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}

#[test]
fn every_generator_makes_the_recorded_output_for_its_seed() {
    let dir = std::env::temp_dir().join(format!("evoboard-same-seed-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let mut wrong = Vec::new();
    for (name, command, want) in CASES {
        let o = dir.join(name);
        let args = command.replace("{o}", o.to_str().unwrap());
        let out = Command::new(env!("CARGO_BIN_EXE_evoboard"))
            .args(args.split_whitespace())
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{name}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        let file = std::fs::read_dir(&dir)
            .unwrap()
            .filter_map(|e| e.ok().map(|e| e.path()))
            .find(|p| {
                p.file_name()
                    .is_some_and(|n| n.to_string_lossy().starts_with(&format!("{name}.")))
            })
            .unwrap_or_else(|| panic!("{name} wrote no file"));
        let got = fnv1a(&std::fs::read(&file).unwrap());
        if got != want {
            wrong.push(format!("{name}: {got:#x}, recorded {want:#x} ({command})"));
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
    assert!(
        wrong.is_empty(),
        "seeds that now make something else:\n{}",
        wrong.join("\n")
    );
}
