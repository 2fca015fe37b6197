package import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Standard output, standard error and standard input, as the front uses them.
///
/// Writes go straight to the file descriptors (no buffering), so prompts, answers and warnings
/// appear in the order they were written. A closed pipe ends nothing: the write is dropped.
///
/// Text for people goes out inert (``TerminalText/inert(_:keepingLineBreaks:)``): a control
/// character or escape sequence in it, from another member's post or a server's message, is
/// shown as `\u{1B}`, never obeyed by the terminal. Only ``printExact(_:)`` (the `--json` output,
/// which ``JSONValue`` escapes) and ``writeOutput(_:)`` (`wote api`'s body, made inert by
/// ``APICommand/printableBody(_:)``) write what they are given unchanged.
package struct Terminal: Sendable {
    /// Creates the process's terminal.
    package init() {}

    /// Writes `text`, made inert, and a newline to standard output.
    package func print(_ text: String) {
        write(TerminalText.inert(text), to: FileHandle.standardOutput, newline: true)
    }

    /// Writes `text` and a newline to standard output exactly as it is: for `--json` output, which
    /// ``JSONValue``'s escaping already makes inert (C0, DEL, C1, U+2028/U+2029 and the
    /// bidirectional controls are all `\uXXXX`).
    package func printExact(_ text: String) {
        write(text, to: FileHandle.standardOutput, newline: true)
    }

    /// Writes `data` to standard output exactly as it is (`wote api`'s body, once
    /// ``APICommand/printableBody(_:)`` made it inert).
    package func writeOutput(_ data: Data) {
        OutputRecord.markWritten()
        try? FileHandle.standardOutput.write(contentsOf: data)
    }

    /// Writes `text`, made inert, to standard output without a newline (a prompt).
    package func prompt(_ text: String) {
        write(TerminalText.inert(text), to: FileHandle.standardOutput)
    }

    /// Writes `text`, made inert, and a newline to standard error.
    package func printError(_ text: String) {
        write(TerminalText.inert(text), to: FileHandle.standardError, newline: true)
    }

    /// Reads the next line of standard input, without its line break.
    ///
    /// The read happens on a thread of its own, so the caller's actor stays free meanwhile.
    ///
    /// - Parameter secret: `true` turns echo off while reading when standard input is a terminal
    ///   (for passwords); piped input is never echoed anyway.
    /// - Returns: the line, or `nil` at the end of input.
    package func readLine(secret: Bool = false) async -> String? {
        await withCheckedContinuation { continuation in
            let thread = Thread {
                let echo = secret ? EchoGuard.disable() : nil
                let line = CommandDeadline.whileReadingInput { Swift.readLine(strippingNewline: true) }
                if let echo {
                    echo.restore()
                    // The person's Return was not echoed either.
                    write("\n", to: FileHandle.standardError)
                }
                continuation.resume(returning: line)
            }
            thread.name = "wote.stdin"
            thread.start()
        }
    }

    /// Whether standard input is a terminal.
    package var isInteractive: Bool { isatty(STDIN_FILENO) == 1 }

    /// Makes writes to a closed pipe fail instead of ending the process.
    package static func ignoreBrokenPipes() {
        signal(SIGPIPE, SIG_IGN)
    }
}

/// Writes `text` (and a line feed) to `handle`'s descriptor straight from the string's bytes: a
/// page of millions of lines is not copied on its way out.
private func write(_ text: String, to handle: FileHandle, newline: Bool = false) {
    let descriptor = handle.fileDescriptor
    if descriptor == STDOUT_FILENO { OutputRecord.markWritten() }
    // A short text goes out with its line feed in one write, so lines of two processes never mix.
    let joined = newline && text.utf8.count < 65_536
    var text = joined ? text + "\n" : text
    text.withUTF8 { writeAll($0, to: descriptor) }
    if newline && !joined {
        var lineFeed = "\n"
        lineFeed.withUTF8 { writeAll($0, to: descriptor) }
    }
}

/// Writes every byte, resuming after a partial write; a closed pipe or any other failure drops the rest.
private func writeAll(_ bytes: UnsafeBufferPointer<UInt8>, to descriptor: Int32) {
    guard let base = bytes.baseAddress else { return }
    var offset = 0
    while offset < bytes.count {
        #if canImport(Glibc)
        let written = Glibc.write(descriptor, base + offset, bytes.count - offset)
        #elseif canImport(Musl)
        let written = Musl.write(descriptor, base + offset, bytes.count - offset)
        #else
        let written = Darwin.write(descriptor, base + offset, bytes.count - offset)
        #endif
        if written < 0 && errno == EINTR { continue }
        guard written > 0 else { return }
        offset += written
    }
}

/// Whether anything was written to standard output yet, so that a time-out reported from the
/// watchdog (``CommandDeadline``) never puts a second JSON object after a first one.
enum OutputRecord {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var written = false

    /// Notes that standard output got something.
    static func markWritten() {
        lock.withLock { written = true }
    }

    /// Whether standard output got anything.
    static var hasWritten: Bool {
        lock.withLock { written }
    }
}

/// The terminal settings to put back if the process is interrupted while echo is off. Only the
/// thread reading a secret writes it, before installing the handler and after removing it.
nonisolated(unsafe) private var settingsToRestoreOnInterrupt = termios()

/// Echo turned off on the terminal behind standard input, until ``restore()``.
///
/// Ctrl-C or a termination while echo is off puts the settings back before the process ends, so
/// the person's shell is never left without echo.
private struct EchoGuard {
    private let saved: termios

    /// Turns echo off; `nil` when standard input is not a terminal.
    static func disable() -> EchoGuard? {
        guard isatty(STDIN_FILENO) == 1 else { return nil }
        var settings = termios()
        guard tcgetattr(STDIN_FILENO, &settings) == 0 else { return nil }
        let saved = settings
        settingsToRestoreOnInterrupt = saved
        for interruption in [SIGINT, SIGTERM, SIGHUP] {
            signal(interruption) { number in
                // Only async-signal-safe calls here.
                _ = tcsetattr(STDIN_FILENO, TCSANOW, &settingsToRestoreOnInterrupt)
                _exit(128 + number)
            }
        }
        settings.c_lflag &= ~tcflag_t(ECHO)
        guard tcsetattr(STDIN_FILENO, TCSANOW, &settings) == 0 else {
            restoreDefaultHandlers()
            return nil
        }
        return EchoGuard(saved: saved)
    }

    func restore() {
        var settings = saved
        _ = tcsetattr(STDIN_FILENO, TCSANOW, &settings)
        Self.restoreDefaultHandlers()
    }

    private static func restoreDefaultHandlers() {
        for interruption in [SIGINT, SIGTERM, SIGHUP] { signal(interruption, SIG_DFL) }
    }
}

extension Terminal {
    /// Writes `text`, made inert, to standard error without a newline (a prompt that must stay off
    /// standard output).
    package func printErrorPrompt(_ text: String) {
        write(TerminalText.inert(text), to: FileHandle.standardError)
    }
}
