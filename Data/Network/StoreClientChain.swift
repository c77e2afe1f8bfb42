import Infrastructure
import Logging

/// The chain every store request goes through, built in one place so the App and the
/// benchmark run the same order: logging → auth → retry → base path → payload sealing
/// → adapter.
///
/// Auth sits outside the retry, so a refresh (a POST, with a single-use token) is
/// never repeated: were retry outside, a GET whose refresh failed mid-flight would be
/// retried, get 401 again and spend the refresh token a second time. Logging sits
/// outside both, so it prints one line per command exchange with the attempt it took;
/// sealing sits inside auth so the refresh call is sealed like every other request.
/// The adapter is the only piece that knows which HTTP stack is underneath.
public enum StoreClientChain {
    public static func make(
        adapter: any HTTPTransport,
        sessions: any SessionStore,
        payloadKey: AES256Key?,
        logger: Logger,
        sleeper: any Sleeper = ContinuousSleeper(),
        basePath: String = ""
    ) -> InterceptedTransport {
        var interceptors: [any HTTPInterceptor] = [
            LoggingInterceptor(logger: logger),
            AuthInterceptor(sessions: sessions, refresher: TokenRefresher(sessions: sessions, logger: logger)),
            RetryInterceptor(sleeper: sleeper),
        ]
        if !basePath.isEmpty {
            interceptors.append(BasePathInterceptor(basePath: basePath))
        }
        if let payloadKey {
            interceptors.append(PayloadSealingInterceptor(key: payloadKey))
        }
        return InterceptedTransport(interceptors: interceptors, transport: adapter)
    }
}
