//! Helpers shared by the window tests: temporary roots, an Xvfb display
//! and the real binary run under it, PNG reading.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

pub fn temp_dir(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("evoboard-app-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(d.join("levels")).unwrap();
    d
}

/// An Xvfb display for the duration of a test.
/// Only one window test runs at a time (software rendering on 2 cores), and
/// each gets its own display number.
pub struct Display {
    child: std::process::Child,
    /// The X display name (`:N`).
    pub name: String,
    _turn: std::sync::MutexGuard<'static, ()>,
}

static WINDOW_TESTS: std::sync::Mutex<()> = std::sync::Mutex::new(());
static NEXT_DISPLAY: std::sync::atomic::AtomicU32 = std::sync::atomic::AtomicU32::new(0);

impl Display {
    pub fn start() -> Display {
        let turn = WINDOW_TESTS.lock().unwrap_or_else(|e| e.into_inner());
        // A display number another server (or a stale lock of a killed
        // one) holds makes Xvfb exit: try the next number then. The display
        // is ready when its socket accepts a connection.
        for _ in 0..16 {
            let k = NEXT_DISPLAY.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
            let n = 90 + (std::process::id() % 500) * 8 + k % 64;
            let name = format!(":{n}");
            let mut child = Command::new("Xvfb")
                .args([name.as_str(), "-screen", "0", "1280x800x24", "-nolisten", "tcp"])
                .stdout(Stdio::null())
                .stderr(Stdio::null())
                .spawn()
                .expect("Xvfb is needed for the window tests: apt-get install xvfb mesa-vulkan-drivers (bash .ci/run installs them)");
            let socket = format!("/tmp/.X11-unix/X{n}");
            let start = Instant::now();
            loop {
                if child.try_wait().ok().flatten().is_some() {
                    break; // this number is taken: try the next one
                }
                if std::os::unix::net::UnixStream::connect(&socket).is_ok() {
                    return Display {
                        child,
                        name,
                        _turn: turn,
                    };
                }
                assert!(
                    start.elapsed() < Duration::from_secs(10),
                    "Xvfb did not start"
                );
                std::thread::sleep(Duration::from_millis(50));
            }
        }
        panic!("no free X display number for Xvfb");
    }
}

impl Drop for Display {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

pub fn read_png(path: &Path) -> (u32, u32, Vec<u8>) {
    let decoder = png::Decoder::new(std::io::BufReader::new(std::fs::File::open(path).unwrap()));
    let mut reader = decoder.read_info().unwrap();
    let mut buf = vec![0; reader.output_buffer_size().unwrap()];
    let info = reader.next_frame(&mut buf).unwrap();
    let channels = info.color_type.samples();
    let rgb = buf[..info.buffer_size()]
        .chunks(channels)
        .flat_map(|p| [p[0], p[1], p[2]])
        .collect();
    (info.width, info.height, rgb)
}

/// Run the real binary with `args` on `display`; it must exit 0 and print
/// the scripted-run summary. Returns its stdout.
pub fn run_app(display: &Display, args: &[&str]) -> String {
    use std::os::unix::fs::PermissionsExt;
    let runtime = temp_dir("xdg-runtime");
    std::fs::set_permissions(&runtime, std::fs::Permissions::from_mode(0o700)).unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_evoboard"))
        .args(args)
        .env("XDG_RUNTIME_DIR", &runtime)
        .env("DISPLAY", &display.name)
        .env("WGPU_BACKEND", "vulkan")
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{args:?} exited with {}: {}",
        out.status,
        String::from_utf8_lossy(&out.stderr)
    );
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        stdout.contains("scripted run:"),
        "no frame-rate summary: {stdout}"
    );
    stdout.into_owned()
}

pub fn count_near(rgb: &[u8], target: [u8; 3], tol: i32) -> usize {
    rgb.chunks(3)
        .filter(|p| (0..3).all(|k| (p[k] as i32 - target[k] as i32).abs() <= tol))
        .count()
}
