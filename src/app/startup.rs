//! Before a window opens: is there a display to open it on, and a graphics
//! driver to draw with? Without them winit and wgpu panic with a
//! backtrace; [`check_display`] says instead what is missing, what to
//! install and that the command line works headless.

use std::fmt;
use std::path::Path;

/// The Debian/Ubuntu packages the app needs to open a window.
pub const PACKAGES: &str =
    "libx11-6 libxcursor1 libxrandr2 libxi6 libxkbcommon-x11-0 libvulkan1 mesa-vulkan-drivers";

/// Why no window can open here.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum StartupError {
    /// None of `DISPLAY`, `WAYLAND_DISPLAY` or `WAYLAND_SOCKET` is set.
    NoDisplay,
    /// Only Wayland is offered; this build draws through X11 (XWayland).
    WaylandOnly,
    /// `DISPLAY` names an X server that does not answer.
    DisplayUnreachable(String),
    /// No Vulkan or OpenGL driver offers a graphics adapter.
    NoGraphicsDriver,
}

impl fmt::Display for StartupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StartupError::NoDisplay => f.write_str(
                "cannot open the app's window: no display (none of DISPLAY, WAYLAND_DISPLAY or WAYLAND_SOCKET is set)",
            )?,
            StartupError::WaylandOnly => f.write_str(
                "cannot open the app's window: this evoboard draws through X11 and DISPLAY is not set (start XWayland, or set DISPLAY)",
            )?,
            StartupError::DisplayUnreachable(d) => write!(
                f,
                "cannot open the app's window: the X display {d} (DISPLAY) does not answer"
            )?,
            StartupError::NoGraphicsDriver => f.write_str(
                "cannot open the app's window: no Vulkan or OpenGL driver offers a graphics adapter",
            )?,
        }
        write!(
            f,
            ".\nOn Debian/Ubuntu the app needs: apt-get install {PACKAGES}\n\
             (without a screen: apt-get install xvfb, start `Xvfb :99 &` and run with DISPLAY=:99).\n\
             Everything but the app works headless: see `evoboard --help`."
        )
    }
}

impl std::error::Error for StartupError {}

/// Check that a window can open: a display that answers and a graphics
/// adapter. Costs a few milliseconds (one adapter query).
pub fn check_display() -> Result<(), StartupError> {
    check_display_env(|k| std::env::var(k).ok().filter(|v| !v.is_empty()))?;
    check_adapter()
}

/// The display part of [`check_display`], reading variables through `var`.
fn check_display_env(var: impl Fn(&str) -> Option<String>) -> Result<(), StartupError> {
    if cfg!(not(target_os = "linux")) {
        return Ok(());
    }
    let Some(display) = var("DISPLAY") else {
        if var("WAYLAND_DISPLAY").is_some() || var("WAYLAND_SOCKET").is_some() {
            return Err(StartupError::WaylandOnly);
        }
        return Err(StartupError::NoDisplay);
    };
    if x_server_answers(&display) {
        Ok(())
    } else {
        Err(StartupError::DisplayUnreachable(display))
    }
}

/// Whether the X server of `display` (`:N`, `:N.S`, `host:N`) accepts a
/// connection. Remote displays are trusted (no network probe).
fn x_server_answers(display: &str) -> bool {
    let Some((host, rest)) = display.rsplit_once(':') else {
        return false;
    };
    if !(host.is_empty() || host == "unix") {
        return true;
    }
    let number = rest.split('.').next().unwrap_or("");
    if number.is_empty() || !number.bytes().all(|b| b.is_ascii_digit()) {
        return false;
    }
    #[cfg(unix)]
    {
        let socket = Path::new("/tmp/.X11-unix").join(format!("X{number}"));
        std::os::unix::net::UnixStream::connect(socket).is_ok()
    }
    #[cfg(not(unix))]
    {
        true
    }
}

/// Whether wgpu finds a graphics adapter on the backends Bevy will try.
fn check_adapter() -> Result<(), StartupError> {
    let descriptor = wgpu::InstanceDescriptor::new_without_display_handle_from_env();
    let backends = descriptor.backends;
    let instance = wgpu::Instance::new(descriptor);
    let adapters = bevy::tasks::block_on(instance.enumerate_adapters(backends));
    if adapters.is_empty() {
        Err(StartupError::NoGraphicsDriver)
    } else {
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn env(pairs: &[(&str, &str)]) -> impl Fn(&str) -> Option<String> {
        let pairs: Vec<(String, String)> = pairs
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect();
        move |k| pairs.iter().find(|(n, _)| n == k).map(|(_, v)| v.clone())
    }

    #[test]
    fn a_missing_display_is_named() {
        assert_eq!(check_display_env(env(&[])), Err(StartupError::NoDisplay));
        assert_eq!(
            check_display_env(env(&[("WAYLAND_DISPLAY", "wayland-0")])),
            Err(StartupError::WaylandOnly)
        );
        assert_eq!(
            check_display_env(env(&[("DISPLAY", ":4321")])),
            Err(StartupError::DisplayUnreachable(":4321".into()))
        );
        assert_eq!(
            check_display_env(env(&[("DISPLAY", "garbage")])),
            Err(StartupError::DisplayUnreachable("garbage".into()))
        );
        let text = StartupError::NoDisplay.to_string();
        assert!(text.contains("apt-get install") && text.contains("evoboard --help"));
    }
}
