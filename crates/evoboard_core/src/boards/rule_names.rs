//! The rules of a board as a person names them: each `violations` key
//! (`r3`, `equal_neighbours`, `over_river_triangles`…) as the words a
//! player would use, for every text a person reads (the command line's
//! plain output; the JSON keeps the keys).

/// What the violation count of rule `key` counts, in a player's words
/// (an unknown key is given back with its underscores as spaces).
///
/// ```
/// use evoboard_core::boards::rule_phrase;
/// assert_eq!(rule_phrase("r3"), "6 and 8 side by side");
/// assert_eq!(rule_phrase("over_river_triangles"), "river triangles beyond 4");
/// assert_eq!(rule_phrase("something_new"), "something new");
/// ```
pub fn rule_phrase(key: &str) -> std::borrow::Cow<'static, str> {
    let words = match key {
        // Catan, the papers' three rules and the table's.
        "r1" => "same terrain side by side",
        "r2" => "pips unbalanced between resources",
        "r3" => "6 and 8 side by side",
        "equal_neighbours" => "equal numbers side by side",
        "two_twelve" => "2 and 12 side by side",
        "desert" => "desert out of its place",
        "corners" => "corners over the pip bound",
        "harbour" => "2:1 harbours by their resource's 5, 6, 8 or 9",
        "repeated_numbers" => "a number twice on one resource",
        "red_per_resource" => "6 and 8 more than once on a resource",
        "tile_pips" => "uneven pips per tile (quarter pips)",
        "poor_corners" => "inland corners under 4 pips",
        "deserts_touching" => "deserts side by side",
        // Terra Mystica, the papers' four requirements and the table's
        // six bounds.
        "req1" => "same terrain side by side",
        "req2" => "river hexes with too few or too many river neighbours",
        "req3" => "river in more than one piece",
        "req4" => "land with no neighbour one spade away",
        "over_river_on_border" => "river hexes on the border beyond 6",
        "over_land_far_from_river" => "land far from the river beyond 5",
        "over_river_blob_hexes" => "river hexes in blobs beyond 7",
        "over_river_triangles" => "river triangles beyond 4",
        "over_frontage_spread" => "river frontage spread between homes beyond 4",
        "over_border_spread" => "border spread between homes beyond 3",
        other => return other.replace('_', " ").into(),
    };
    words.into()
}

/// The violations as aligned lines, one rule a line with its count or
/// `none`, for a person to read.
///
/// ```
/// let lines = evoboard_core::boards::violation_lines(&[("r1", 0), ("r3", 2)]);
/// assert_eq!(lines, "  same terrain side by side  none\n  6 and 8 side by side       2\n");
/// ```
pub fn violation_lines(violations: &[(&str, u32)]) -> String {
    let phrases: Vec<_> = violations.iter().map(|(k, _)| rule_phrase(k)).collect();
    let width = phrases.iter().map(|p| p.chars().count()).max().unwrap_or(0);
    let mut out = String::new();
    for (p, (_, n)) in phrases.iter().zip(violations) {
        let count = if *n == 0 {
            "none".to_string()
        } else {
            n.to_string()
        };
        out.push_str(&format!("  {p:<width$}  {count}\n"));
    }
    out
}
