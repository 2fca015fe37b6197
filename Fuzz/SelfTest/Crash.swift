// Self-test target: traps on every input, as a failed precondition in the SDK would.

@_cdecl("LLVMFuzzerTestOneInput")
public func crashTestOneInput(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let values = [Int](repeating: 0, count: count)
    return CInt(values[count])  // one past the end: a Swift runtime trap
}
