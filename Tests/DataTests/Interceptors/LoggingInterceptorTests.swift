@testable import Data
import TestSupport
import Testing

@Suite("LoggingInterceptor", .timeLimit(.minutes(2)))
struct LoggingInterceptorTests {
    @Test("logs method, target with its query, status, milliseconds and attempt, in one line")
    func oneLine() async throws {
        let capture = SpyLog()
        let chain = InterceptedTransport(
            interceptors: [LoggingInterceptor(logger: capture.logger())],
            transport: SpyTransport(always: HTTPResponse(status: 200, body: [1], attempt: 2))
        )

        _ = try await chain.send(HTTPRequest(method: .get, path: "/auth/products/search", queryItems: [QueryItem("q", "phone")]))

        #expect(capture.messages.count == 1)
        let line = try #require(capture.messages.first)
        #expect(line.hasPrefix("debug GET /auth/products/search?q=phone 200 "))
        #expect(line.hasSuffix(" ms attempt 2, not cached"))
    }

    @Test("never logs a body, a header, a token or a password, even when the request fails")
    func noSecrets() async throws {
        let capture = SpyLog()
        let secrets = ["emilyspass", "access-secret-token", "refresh-secret-token"]
        let login = HTTPRequest(
            method: .post, path: "/auth/login", headers: ["Authorization": "Bearer access-secret-token"],
            body: Array(#"{"username":"emilys","password":"emilyspass"}"#.utf8)
        )
        for transport in [
            SpyTransport(always: .json(200, #"{"accessToken":"access-secret-token","refreshToken":"refresh-secret-token"}"#)),
            SpyTransport(failing: .unreachable(reason: "connection refused")),
        ] {
            let chain = InterceptedTransport(interceptors: [LoggingInterceptor(logger: capture.logger())], transport: transport)
            _ = try? await chain.send(login)
        }

        #expect(capture.messages.count == 2)
        for line in capture.messages {
            for secret in secrets + ["Bearer", "password"] {
                #expect(!line.contains(secret), "leaked \(secret) in: \(line)")
            }
        }
        #expect(capture.messages.last?.contains("failed (unreachable: connection refused)") == true)
    }
}
