import HTTPTypes

/// Puts the backend's base path (the `/api` of `https://host/api`) in front of every
/// request's path, below auth and retry and above sealing: the refresh made inside the
/// chain gets it too, and the payload layer authenticates the target as the request
/// line carries it (PROTOCOL.md's TARGET), not the path without its prefix.
public struct BasePathInterceptor: HTTPInterceptor {
    private let basePath: String

    /// - Parameter basePath: percent-encoded, starting with `/`, no trailing `/`.
    public init(basePath: String) {
        self.basePath = basePath
    }

    public func intercept(
        _ request: HTTPRequest,
        body: [UInt8]?,
        context: ExchangeContext,
        next: @escaping HTTPHandler
    ) async throws(NetworkError) -> HTTPAnswer {
        var prefixed = request
        prefixed.path = basePath + (request.path ?? "")
        return try await next(prefixed, body)
    }
}
