import Infrastructure

/// What the machine's cores allow a sealed request at the least: only its sealing, in
/// this process, on every core at once. The client seals the request, the gateway opens
/// it and seals its answer, the client opens that (RFC 9458, the suite the backend
/// serves); no HTTP, no JSON, no store. The gateway's figures are read as a fraction of
/// this one.
enum SealingFloor {
    /// Sealed requests a second: `count` rounds of `request` and `answer` (as Binary HTTP),
    /// spread over `cores` tasks.
    static func requestsASecond(
        request: BinaryHTTPRequest, answer: BinaryHTTPResponse, key: ObliviousGatewayKey, count: Int, cores: Int
    ) async throws -> Double {
        let requestBytes = request.encoded()
        let answerBytes = answer.paddedEncoding()
        let clock = ContinuousClock()
        let started = clock.now
        try await withThrowingTaskGroup(of: Void.self) { group in
            for core in 0..<cores {
                let rounds = count / cores + (core < count % cores ? 1 : 0)
                group.addTask {
                    for _ in 0..<rounds {
                        try round(requestBytes, answerBytes, key: key)
                    }
                }
            }
            try await group.waitForAll()
        }
        return Double(count) / ((clock.now - started) / .seconds(1))
    }

    /// One request sealed and opened, and its answer sealed and opened.
    private static func round(_ request: [UInt8], _ answer: [UInt8], key: ObliviousGatewayKey) throws {
        let (sealed, opener) = try ObliviousEncapsulation.sealRequest(request, for: key.configuration)
        let opened = try ObliviousEncapsulation.openRequest(sealed, key: { $0 == key.configuration.keyID ? key : nil })
        guard opened.request == request else { throw BenchmarkFailure(reason: "the floor's request did not open to itself") }
        guard try opener.open(try opened.response.seal(answer)) == answer else {
            throw BenchmarkFailure(reason: "the floor's answer did not open to itself")
        }
    }
}
