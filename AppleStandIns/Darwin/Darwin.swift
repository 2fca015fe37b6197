// A stand-in for Apple's `Darwin` module, for scripts/apple-typecheck.sh's Darwin pass: the POSIX
// branches of the file store (`#if canImport(Darwin)`, `#else` of `os(Linux)`) compiled on Linux.
//
// It re-exports Glibc for the POSIX calls both systems have, with the same names and, for what the
// store uses, the same shapes, and then:
// - declares what Darwin has and Glibc lacks, with Darwin's values;
// - shadows what Glibc has and Darwin lacks as unavailable, so a Darwin branch naming it fails
//   here as it would in Xcode (a declaration in this module shadows the one it re-exports).
// It cannot catch a Glibc-only name it does not list, nor a type that differs (Darwin's `mode_t` is
// `UInt16`, Glibc's `UInt32`): see Docs/Apple.md.
@_exported import Glibc

// MARK: - Darwin only

/// xnu bsd/sys/fcntl.h (apple-oss-distributions/xnu, index id 10344130822), under
/// `__DARWIN_C_LEVEL >= 200809L`: `#define O_EXEC 0x40000000 /* open file for execute only */`.
public var O_EXEC: Int32 { 0x4000_0000 }

/// xnu bsd/sys/fcntl.h: `#define O_SEARCH (O_EXEC | O_DIRECTORY) /* open directory for search only */`;
/// `FFLAGS`: "O_EXEC turns off FREAD/FWRITE". Swift imports the two-operand macro as `Int32`.
public var O_SEARCH: Int32 { O_EXEC | O_DIRECTORY }

/// xnu bsd/sys/fcntl.h: `#define O_SYMLINK 0x00200000 /* allow open of a symlink */`.
public var O_SYMLINK: Int32 { 0x0020_0000 }

/// xnu bsd/sys/fcntl.h: `#define O_NOFOLLOW_ANY 0x20000000 /* no symlinks allowed in path */`.
public var O_NOFOLLOW_ANY: Int32 { 0x2000_0000 }

// MARK: - Linux only: absent from Darwin's headers

/// Linux `<fcntl.h>` (`__USE_GNU`); xnu's bsd/sys/fcntl.h has no `O_PATH` (its counterpart is `O_SEARCH`).
@available(*, unavailable, message: "Linux only: Darwin has no O_PATH (use O_SEARCH)")
public var O_PATH: Int32 { fatalError("unavailable") }

/// Linux `<fcntl.h>`; xnu has no `O_TMPFILE`.
@available(*, unavailable, message: "Linux only: Darwin has no O_TMPFILE")
public var O_TMPFILE: Int32 { fatalError("unavailable") }

/// Linux `<fcntl.h>`; xnu has no `O_NOATIME`.
@available(*, unavailable, message: "Linux only: Darwin has no O_NOATIME")
public var O_NOATIME: Int32 { fatalError("unavailable") }

/// Linux `<fcntl.h>`; xnu has no `O_DIRECT` (its counterpart is `fcntl(F_NOCACHE)`).
@available(*, unavailable, message: "Linux only: Darwin has no O_DIRECT")
public var O_DIRECT: Int32 { fatalError("unavailable") }

/// Linux `<fcntl.h>`; xnu has no `AT_EMPTY_PATH`.
@available(*, unavailable, message: "Linux only: Darwin has no AT_EMPTY_PATH")
public var AT_EMPTY_PATH: Int32 { fatalError("unavailable") }

/// Linux `<sys/inotify.h>`; Darwin watches files with kqueue or FSEvents, and WoteKit with Darwin
/// notifications.
@available(*, unavailable, message: "Linux only: Darwin has no inotify")
public func inotify_init1(_ flags: Int32) -> Int32 { fatalError("unavailable") }

/// Linux `<sys/inotify.h>`.
@available(*, unavailable, message: "Linux only: Darwin has no inotify")
public func inotify_add_watch(_ fd: Int32, _ name: UnsafePointer<CChar>!, _ mask: UInt32) -> Int32 {
    fatalError("unavailable")
}
