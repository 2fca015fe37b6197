// Self-test target: leaks a reference cycle on every input, as a closure capturing its owner would.

private final class Node {
    var next: Node?
}

nonisolated(unsafe) private var lastNode: Node?

/// Opaque to the optimizer, so the cycle is really allocated.
@inline(never)
private func keep(_ node: Node) { lastNode = node }

@_cdecl("LLVMFuzzerTestOneInput")
public func leakTestOneInput(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let node = Node()
    node.next = node
    keep(node)
    lastNode = nil
    return 0
}
