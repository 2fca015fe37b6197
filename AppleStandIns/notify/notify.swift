// A stand-in for Apple's `notify` module (Libnotify's notify.h, module map `module notify [system]`),
// declaring what WoteKit's Darwin notices and leader presence call, as the header declares it.
// Source: apple-oss-distributions/Libnotify at 971c4c573b99e2d898c12ff6cf32a8f17ccb8619, notify.h
// (line numbers below) and notify.modulemap. The C types as Swift imports them: `const char *` is
// `UnsafePointer<CChar>!` (a String converts), `int *` is `UnsafeMutablePointer<Int32>!`,
// `dispatch_queue_t` is `DispatchQueue`, `uint32_t` is `UInt32`. Imported C functions are
// discardable, hence `@discardableResult`. Availability: `__OSX_AVAILABLE_STARTING` as in the header;
// a function without one is older than every OS WoteKit supports.
import Dispatch

/// notify.h:81, `#define NOTIFY_STATUS_OK 0` (an integer macro imports as `Int32`).
public var NOTIFY_STATUS_OK: Int32 { 0 }

/// notify.h:123, `typedef void (^notify_handler_t)(int token);`
public typealias notify_handler_t = @convention(block) (Int32) -> Void

/// notify.h:119, `uint32_t notify_post(const char *name);`
@discardableResult
public func notify_post(_ name: UnsafePointer<CChar>!) -> UInt32 { 0 }

/// notify.h:143-144, `uint32_t notify_register_dispatch(const char *name, int *out_token,
/// dispatch_queue_t queue, notify_handler_t handler) __OSX_AVAILABLE_STARTING(__MAC_10_6,__IPHONE_3_2);`
@available(macOS 10.6, iOS 3.2, *)
@discardableResult
public func notify_register_dispatch(
    _ name: UnsafePointer<CChar>!, _ out_token: UnsafeMutablePointer<Int32>!, _ queue: DispatchQueue!,
    _ handler: notify_handler_t!
) -> UInt32 { 0 }

/// notify.h:157, `uint32_t notify_register_check(const char *name, int *out_token);`
@discardableResult
public func notify_register_check(_ name: UnsafePointer<CChar>!, _ out_token: UnsafeMutablePointer<Int32>!) -> UInt32 {
    0
}

/// notify.h:264, `uint32_t notify_cancel(int token);`
@discardableResult
public func notify_cancel(_ token: Int32) -> UInt32 { 0 }

/// notify.h:311-312, `uint32_t notify_set_state(int token, uint64_t state64)
/// __OSX_AVAILABLE_STARTING(__MAC_10_5,__IPHONE_2_0);`
@available(macOS 10.5, iOS 2.0, *)
@discardableResult
public func notify_set_state(_ token: Int32, _ state64: UInt64) -> UInt32 { 0 }

/// notify.h:323-324, `uint32_t notify_get_state(int token, uint64_t *state64)
/// __OSX_AVAILABLE_STARTING(__MAC_10_5,__IPHONE_2_0);`
@available(macOS 10.5, iOS 2.0, *)
@discardableResult
public func notify_get_state(_ token: Int32, _ state64: UnsafeMutablePointer<UInt64>!) -> UInt32 { 0 }
