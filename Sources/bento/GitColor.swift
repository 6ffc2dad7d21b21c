/// git's own colour settings, for the diff driver.
///
/// git passes an external diff driver neither a terminal nor its `--color`
/// and `--no-color`; it does pass its configuration (`-c color.ui=never`
/// reaches the driver in `GIT_CONFIG_PARAMETERS`), and git can be asked what
/// that configuration says. So under `git-diff`, without `--color` or
/// `--no-color`, git's `color.diff` (or `color.ui`) decides when it is
/// `always` or `never`, and bento's `auto` when it is `auto`.
enum GitColor {
    /// `always` when git's configuration says always, `never` when it says
    /// no colour even on a terminal; nil otherwise (`auto`, or git cannot be
    /// asked), and bento's own `auto` rule decides: git's pager counts as a
    /// terminal, `NO_COLOR` and `TERM=dumb` turn colour off.
    static func choice(_ terminal: Terminal) -> String? {
        // Colour even where no terminal is: `always`.
        if ask(terminalOutput: false) == true { return "always" }
        // No colour even on a terminal: `never` (or `false`).
        if ask(terminalOutput: true) == false { return "never" }
        return nil
    }

    /// `git config --get-colorbool color.diff`: whether git colours its diff
    /// output, on a terminal or not; nil when git gives no answer.
    private static func ask(terminalOutput: Bool) -> Bool? {
        // git takes its pager for a terminal: ask it without one, so that
        // `false` means no terminal.
        let command = ["git", "config", "--get-colorbool", "color.diff", terminalOutput ? "true" : "false"]
        switch System.output(of: command, unset: ["GIT_PAGER_IN_USE"])?.trimmingTrailingNewlines {
        case "true": return true
        case "false": return false
        default: return nil
        }
    }
}
