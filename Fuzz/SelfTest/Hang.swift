// Self-test target: never returns, as a parser looping on its input would.
import Foundation

@_cdecl("LLVMFuzzerTestOneInput")
public func hangTestOneInput(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    while true { sleep(1) }
}
