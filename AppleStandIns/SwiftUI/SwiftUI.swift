// Stand-in for Apple's SwiftUI module, for type-checking documentation snippets on Linux only:
// never linked, never run (every body traps). It declares exactly what the DocC snippets use
// (Sources/WoteKit/WoteKit.docc/ObservingTheSession.md), with the names, labels, generic
// constraints and isolation Apple documents:
//   @MainActor @preconcurrency protocol View { associatedtype Body: View; @ViewBuilder @MainActor @preconcurrency var body: Self.Body { get } }
//   @resultBuilder struct ViewBuilder { buildExpression, buildBlock, buildEither(first:), buildEither(second:) }
//   struct Group<Content>; extension Group: View where Content: View { init(@ViewBuilder content: () -> Content) }
//   struct ProgressView<Label, CurrentValueLabel>: View; init() where Label == EmptyView, CurrentValueLabel == EmptyView
//   struct Text: View; init<S>(_ content: S) where S: StringProtocol
//   @MainActor @preconcurrency protocol PreviewProvider { associatedtype Previews: View; @ViewBuilder @MainActor @preconcurrency static var previews: Self.Previews { get } }
//     (the DocC previews page; Apple's also refines _PreviewProvider and has defaulted members)
//   nonisolated func task(name: String? = nil, priority: TaskPriority = .userInitiated, file: String = #fileID,
//       line: Int = #line, _ action: sending @escaping @isolated(any) () async -> Void) -> some View
//
// Compromises: the primitive views' `Body` is `Never` (as in SwiftUI), the modifier returns a
// stand-in `ModifiedContent`, and `_ConditionalContent` has no members beyond being a View.

@MainActor @preconcurrency
public protocol View {
    associatedtype Body: View
    @ViewBuilder @MainActor @preconcurrency var body: Self.Body { get }
}

extension Never: View {
    public typealias Body = Never
    public var body: Never { fatalError("stand-in") }
}

@resultBuilder
public struct ViewBuilder {
    public static func buildExpression<Content>(_ content: Content) -> Content where Content: View { content }
    public static func buildBlock() -> EmptyView { EmptyView() }
    public static func buildBlock<Content>(_ content: Content) -> Content where Content: View { content }
    public static func buildEither<TrueContent, FalseContent>(first: TrueContent)
        -> _ConditionalContent<TrueContent, FalseContent> where TrueContent: View, FalseContent: View
    { fatalError("stand-in") }
    public static func buildEither<TrueContent, FalseContent>(second: FalseContent)
        -> _ConditionalContent<TrueContent, FalseContent> where TrueContent: View, FalseContent: View
    { fatalError("stand-in") }
}

public struct _ConditionalContent<TrueContent, FalseContent>: View where TrueContent: View, FalseContent: View {
    public var body: Never { fatalError("stand-in") }
}

@MainActor @preconcurrency
public protocol PreviewProvider {
    associatedtype Previews: View
    @ViewBuilder @MainActor @preconcurrency static var previews: Self.Previews { get }
}

public struct EmptyView: View {
    public nonisolated init() {}
    public var body: Never { fatalError("stand-in") }
}

public struct Group<Content> {
}

extension Group: View where Content: View {
    public init(@ViewBuilder content: () -> Content) { fatalError("stand-in") }
    public var body: Never { fatalError("stand-in") }
}

public struct ProgressView<Label, CurrentValueLabel>: View where Label: View, CurrentValueLabel: View {
    public var body: Never { fatalError("stand-in") }
}

extension ProgressView where CurrentValueLabel == EmptyView {
    public init() where Label == EmptyView { fatalError("stand-in") }
}

public struct Text: View, Equatable, Sendable {
    public init<S>(_ content: S) where S: StringProtocol { fatalError("stand-in") }
    public var body: Never { fatalError("stand-in") }
}

public struct ModifiedContent<Content, Modifier>: View where Content: View {
    public var body: Never { fatalError("stand-in") }
}

public struct _TaskModifier {}

extension View {
    public nonisolated func task(
        name: String? = nil, priority: TaskPriority = .userInitiated, file: String = #fileID, line: Int = #line,
        _ action: sending @escaping @isolated(any) () async -> Void
    ) -> some View {
        ModifiedContent<Self, _TaskModifier>()
    }
}
