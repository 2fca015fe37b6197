// The wire vocabulary (APIError, MalformedResponse) comes with the HTTP client that throws it.
@_exported public import WoteWire
