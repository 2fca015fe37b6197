import AsyncHTTPClient
import Foundation
import NIOCore
import Testing
import WoteKit

@testable import WoteKitAsyncHTTPClient

/// How AsyncHTTPClient's and SwiftNIO's failures become ``TransportError``, one table.
@Suite struct TransportErrorMappingTests {
    private func mapped(_ error: any Error, cancelled: Bool = false) -> any Error {
        AsyncHTTPClientTransport.transportError(for: error, cancelled: cancelled, maximumBodySize: 16)
    }

    @Test(arguments: [
        HTTPClientError.deadlineExceeded, .readTimeout, .writeTimeout, .connectTimeout,
        .getConnectionFromPoolTimeout, .tlsHandshakeTimeout,
    ])
    func everyTimeout_isTimeout(_ error: HTTPClientError) {
        #expect(mapped(error) as? TransportError == .timeout)
    }

    @Test func nioConnectTimeout_isTimeout() {
        #expect(mapped(ChannelError.connectTimeout(.seconds(1))) as? TransportError == .timeout)
    }

    @Test func cancellation_isCancellationError_whateverWasThrown() {
        #expect(mapped(HTTPClientError.cancelled) is CancellationError)
        #expect(mapped(CancellationError()) is CancellationError)
        #expect(mapped(HTTPClientError.remoteConnectionClosed, cancelled: true) is CancellationError)
    }

    @Test func payloadFreeFailure_isNamed() {
        #expect(
            mapped(HTTPClientError.remoteConnectionClosed) as? TransportError
                == .network("HTTPClientError.remoteConnectionClosed"))
        #expect(mapped(ChannelError.ioOnClosedChannel) as? TransportError == .network("ChannelError"))
        #expect(mapped(IOError(errnoCode: 111, reason: "connect")) as? TransportError == .network("IOError errno 111"))
    }

    @Test func failureWithPayload_namesOnlyItsType() {
        let leaky = HTTPClientError.invalidHeaderFieldValues(["Bearer secret-token"])
        #expect(mapped(leaky) as? TransportError == .network("HTTPClientError"))
    }

    @Test func bodyOverTheLimit_namesTheLimit() {
        #expect(
            mapped(NIOTooManyBytesError(maxBytes: 16)) as? TransportError
                == .responseTooLarge(httpStatus: 0, bytes: 17))
    }

    @Test func transportErrorsAndURLErrors_passThrough() {
        #expect(mapped(TransportError.network("x")) as? TransportError == .network("x"))
        #expect((mapped(URLError(.unsupportedURL)) as? URLError)?.code == .unsupportedURL)
    }
}
