use evoboard::dungeon::*;
use evoboard::search::Search;
fn main() {
    for size in Size::ALL {
        let p = DungeonParams::for_size(size);
        let n = 20;
        let t = std::time::Instant::now();
        for s in 0..n {
            generate_proposal(&p, s, 0).unwrap();
        }
        let full = t.elapsed().as_secs_f64() * 1000.0 / n as f64;
        let t = std::time::Instant::now();
        for s in 0..n {
            layout_search(&p, s, 0).unwrap();
        }
        let init = t.elapsed().as_secs_f64() * 1000.0 / n as f64;
        let t = std::time::Instant::now();
        for s in 0..n {
            let mut l = layout_search(&p, s, 0).unwrap();
            for _ in 0..10 {
                l.step();
            }
        }
        let ga = t.elapsed().as_secs_f64() * 1000.0 / n as f64;
        println!(
            "{}: full {full:.2} ms, init {init:.2} ms, layout GA {ga:.2} ms",
            size.name()
        );
    }
}
