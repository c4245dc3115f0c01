//! Tests of the chart drawing.

use super::*;
use crate::boards::bench::LinePoint;

#[test]
fn a_chart_draws_its_curves_and_legend() {
    let chart = Chart {
        title: "demo".into(),
        x_label: "time (s)".into(),
        y_label: "score".into(),
        x_axis: Axis::Log,
        lines: vec![Line {
            label: "brkga".into(),
            colour: 1,
            points: vec![
                LinePoint {
                    x: 0.01,
                    y: 40.0,
                    spread: 5.0,
                },
                LinePoint {
                    x: 1.0,
                    y: 10.0,
                    spread: 2.0,
                },
            ],
        }],
        ..Chart::default()
    };
    let svg = chart.svg().unwrap();
    assert!(svg.contains("<svg "));
    assert!(svg.lines().any(|l| l.trim() == "brkga"));
}

#[test]
fn labels_are_pushed_apart_in_order() {
    assert_eq!(
        spread_labels(&[100, 105, 300, 90], 17),
        vec![107, 124, 300, 90]
    );
}

#[test]
fn ticks_are_short() {
    assert_eq!(tick(0.001), "0.001");
    assert_eq!(tick(0.5), "0.5");
    assert_eq!(tick(300.0), "300");
    assert_eq!(tick(0.0), "0");
}

#[test]
fn formats_come_from_the_extension() {
    assert_eq!(PlotFormat::of(Path::new("a.SVG")), Ok(PlotFormat::Svg));
    assert_eq!(PlotFormat::of(Path::new("a.png")), Ok(PlotFormat::Png));
    let err = PlotFormat::of(Path::new("a.jpg")).unwrap_err();
    assert!(err.0.contains(".svg or .png"), "{err}");
}
