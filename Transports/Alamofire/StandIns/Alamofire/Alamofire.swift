// A stand-in for Alamofire, for type-checking WoteKitAlamofire (and the Swift snippets of its
// README) where Alamofire cannot be fetched: scripts/alamofire-typecheck.sh.
//
// It declares only what those sources use, each declaration copied from Alamofire 5.12.0's source
// (Source/Features/RequestInterceptor.swift, RedirectHandler.swift, Source/Core/Request.swift,
// DataRequest.swift, Session.swift, AFError.swift, Source/Features/Concurrency.swift, Validation.swift); the
// `RequestInterceptor` family has had these `@Sendable` signatures since 5.10.0. Bodies are
// `fatalError()`: nothing here runs. A new use of Alamofire API in the adapter fails the check until
// its signature is copied here from Alamofire's source.
import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

// MARK: - Source/Features/RequestInterceptor.swift

public struct RequestAdapterState: Sendable {
    public let requestID: UUID
    public let session: Session
}

public protocol RequestAdapter: Sendable {
    func adapt(
        _ urlRequest: URLRequest, for session: Session,
        completion: @escaping @Sendable (_ result: Result<URLRequest, any Error>) -> Void)
    func adapt(
        _ urlRequest: URLRequest, using state: RequestAdapterState,
        completion: @escaping @Sendable (_ result: Result<URLRequest, any Error>) -> Void)
}

extension RequestAdapter {
    @preconcurrency
    public func adapt(
        _ urlRequest: URLRequest, using state: RequestAdapterState,
        completion: @escaping @Sendable (_ result: Result<URLRequest, any Error>) -> Void
    ) { fatalError() }
}

public enum RetryResult: Sendable {
    case retry
    case retryWithDelay(TimeInterval)
    case doNotRetry
    case doNotRetryWithError(any Error)
}

public protocol RequestRetrier: Sendable {
    func retry(
        _ request: Request, for session: Session, dueTo error: any Error,
        completion: @escaping @Sendable (RetryResult) -> Void)
}

public protocol RequestInterceptor: RequestAdapter, RequestRetrier {}

extension RequestInterceptor {
    @preconcurrency
    public func adapt(
        _ urlRequest: URLRequest, for session: Session,
        completion: @escaping @Sendable (Result<URLRequest, any Error>) -> Void
    ) { fatalError() }

    @preconcurrency
    public func retry(
        _ request: Request, for session: Session, dueTo error: any Error,
        completion: @escaping @Sendable (RetryResult) -> Void
    ) { fatalError() }
}

open class Interceptor: @unchecked Sendable, RequestInterceptor {
    public let adapters: [any RequestAdapter]
    public let retriers: [any RequestRetrier]

    public init(adapter: any RequestAdapter, retrier: any RequestRetrier) { fatalError() }

    public init(
        adapters: [any RequestAdapter] = [], retriers: [any RequestRetrier] = [],
        interceptors: [any RequestInterceptor] = []
    ) { fatalError() }

    @preconcurrency
    open func adapt(
        _ urlRequest: URLRequest, for session: Session,
        completion: @escaping @Sendable (Result<URLRequest, any Error>) -> Void
    ) { fatalError() }

    @preconcurrency
    open func retry(
        _ request: Request, for session: Session, dueTo error: any Error,
        completion: @escaping @Sendable (RetryResult) -> Void
    ) { fatalError() }
}

// MARK: - Source/Features/RetryPolicy.swift

open class RetryPolicy: @unchecked Sendable, RequestInterceptor {
    public init(
        retryLimit: UInt = 2, exponentialBackoffBase: UInt = 2, exponentialBackoffScale: Double = 0.5,
        retryableHTTPMethods: Set<HTTPMethod> = [], retryableHTTPStatusCodes: Set<Int> = [],
        retryableURLErrorCodes: Set<URLError.Code> = []
    ) { fatalError() }
}

// MARK: - Source/Core/Request.swift, DataRequest.swift

public class Request: @unchecked Sendable {
    public let id: UUID
    public let uploadProgress = Progress(totalUnitCount: 0)
    public let downloadProgress = Progress(totalUnitCount: 0)
    public var request: URLRequest? { fatalError() }
    public var response: HTTPURLResponse? { fatalError() }
    public var retryCount: Int { fatalError() }

    init() { fatalError() }
}

public class DataRequest: Request, @unchecked Sendable {
    public var data: Data? { fatalError() }
}

// MARK: - Source/Features/Validation.swift, Concurrency.swift

extension DataRequest {
    @discardableResult
    public func validate() -> Self { fatalError() }

    public func serializingData(
        automaticallyCancelling shouldAutomaticallyCancel: Bool = true,
        dataPreprocessor: any DataPreprocessor = DataResponseSerializer.defaultDataPreprocessor,
        emptyResponseCodes: Set<Int> = DataResponseSerializer.defaultEmptyResponseCodes,
        emptyRequestMethods: Set<HTTPMethod> = DataResponseSerializer.defaultEmptyRequestMethods
    ) -> DataTask<Data> { fatalError() }

    public func serializingDecodable<Value: Decodable>(
        _ type: Value.Type = Value.self,
        automaticallyCancelling shouldAutomaticallyCancel: Bool = true,
        dataPreprocessor: any DataPreprocessor = DecodableResponseSerializer<Value>.defaultDataPreprocessor,
        decoder: any DataDecoder = JSONDecoder(),
        emptyResponseCodes: Set<Int> = DecodableResponseSerializer<Value>.defaultEmptyResponseCodes,
        emptyRequestMethods: Set<HTTPMethod> = DecodableResponseSerializer<Value>.defaultEmptyRequestMethods
    ) -> DataTask<Value> { fatalError() }
}

public struct DataTask<Value>: Sendable where Value: Sendable {
    public var result: Result<Value, AFError> { get async { fatalError() } }
    public var value: Value { get async throws { fatalError() } }
}

// MARK: - Source/Features/ResponseSerialization.swift (what the defaults above name)

public protocol DataPreprocessor: Sendable {}
public protocol DataDecoder: Sendable {}
extension JSONDecoder: DataDecoder {}

public final class DataResponseSerializer: @unchecked Sendable {
    public static var defaultDataPreprocessor: any DataPreprocessor { fatalError() }
    public static var defaultEmptyRequestMethods: Set<HTTPMethod> { fatalError() }
    public static var defaultEmptyResponseCodes: Set<Int> { fatalError() }
}

public final class DecodableResponseSerializer<T: Decodable>: @unchecked Sendable where T: Sendable {
    public static var defaultDataPreprocessor: any DataPreprocessor { fatalError() }
    public static var defaultEmptyRequestMethods: Set<HTTPMethod> { fatalError() }
    public static var defaultEmptyResponseCodes: Set<Int> { fatalError() }
}

// MARK: - Source/Core/Session.swift

open class Session: @unchecked Sendable {
    public enum RequestSetup { case lazy, eager }
    public typealias RequestModifier = @Sendable (inout URLRequest) throws -> Void

    public convenience init(
        configuration: URLSessionConfiguration = .default,
        delegate: SessionDelegate = SessionDelegate(),
        rootQueue: DispatchQueue = DispatchQueue(label: "org.alamofire.session.rootQueue"),
        startRequestsImmediately: Bool = true,
        requestSetup: RequestSetup = .lazy,
        requestQueue: DispatchQueue? = nil,
        serializationQueue: DispatchQueue? = nil,
        interceptor: (any RequestInterceptor)? = nil,
        serverTrustManager: ServerTrustManager? = nil,
        redirectHandler: (any RedirectHandler)? = nil,
        cachedResponseHandler: (any CachedResponseHandler)? = nil,
        eventMonitors: [any EventMonitor] = []
    ) { fatalError() }

    open func request(
        _ convertible: any URLConvertible,
        method: HTTPMethod = .get,
        parameters: Parameters? = nil,
        encoding: any ParameterEncoding = URLEncoding.default,
        headers: HTTPHeaders? = nil,
        interceptor: (any RequestInterceptor)? = nil,
        shouldAutomaticallyResume: Bool? = nil,
        requestModifier: RequestModifier? = nil
    ) -> DataRequest { fatalError() }
}

open class SessionDelegate: NSObject, @unchecked Sendable {}
open class ServerTrustManager: @unchecked Sendable {}

// MARK: - Source/Features/RedirectHandler.swift

public protocol RedirectHandler: Sendable {
    func task(
        _ task: URLSessionTask, willBeRedirectedTo request: URLRequest, for response: HTTPURLResponse,
        completion: @escaping (URLRequest?) -> Void)
}

public protocol CachedResponseHandler: Sendable {}
public protocol EventMonitor: Sendable {}

// MARK: - Source/Core (the types `request(_:...)` names)

public protocol URLConvertible: Sendable {
    func asURL() throws -> URL
}

extension String: URLConvertible {
    public func asURL() throws -> URL { fatalError() }
}

extension URL: URLConvertible {
    public func asURL() throws -> URL { self }
}

public struct HTTPMethod: RawRepresentable, Equatable, Hashable, Sendable {
    public static let get = HTTPMethod(rawValue: "GET")
    public static let post = HTTPMethod(rawValue: "POST")
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
}

public struct HTTPHeaders: Equatable, Hashable, Sendable {}

public typealias Parameters = [String: any Any & Sendable]

public protocol ParameterEncoding: Sendable {}

public struct URLEncoding: ParameterEncoding {
    public static var `default`: URLEncoding { fatalError() }
}

// MARK: - Source/Core/AFError.swift

public enum AFError: Error, Sendable {
    case requestAdaptationFailed(error: any Error)
    case requestRetryFailed(retryError: any Error, originalError: any Error)
    case sessionTaskFailed(error: any Error)
    case explicitlyCancelled

    public var underlyingError: (any Error)? { fatalError() }
}

extension Error {
    public var asAFError: AFError? { self as? AFError }
}
