import Logging
import NIOSSL
import PostgresNIO

extension PostgresBackendStore {
    /// One connection before the pool's, so a login the database refuses (a wrong
    /// password, an unknown role: SQLSTATE class 28) is said as that. The pool would try
    /// it again until the deadline, which reads as a database that did not answer. No
    /// answer within the deadline is that failure already; any other is left for the pool
    /// to meet and say.
    static func checkLogin(_ address: PostgresAddress, deadline: Duration, logger: Logger) async throws(BackendStoreFailure) {
        var tls = PostgresConnection.Configuration.TLS.disable
        if address.tls != .disable {
            // A context that cannot be made is the pool's to meet and say.
            guard let context = try? NIOSSLContext(configuration: .makeClientConfiguration()) else { return }
            tls = .require(context)
        }
        let configuration = if let socket = address.socketPath {
            PostgresConnection.Configuration(unixSocketPath: socket, username: address.user, password: address.password, database: address.database)
        } else {
            PostgresConnection.Configuration(
                host: address.host, port: address.port, username: address.user, password: address.password, database: address.database, tls: tls
            )
        }
        let outcome = await DeadlineOutcome<PostgresConnection>.race({
            try await PostgresConnection.connect(configuration: configuration, id: 0, logger: logger)
        }, deadline: deadline)
        switch outcome {
        case .value(let connection):
            try? await connection.close()
        case .failed(let error as PSQLError) where error.serverInfo?[.sqlState]?.hasPrefix("28") == true:
            let said = error.serverInfo?[.message] ?? "no reason given"
            throw BackendStoreFailure("the database refused the login of the user \(address.user) (\(said)); check the user and its password")
        case .timedOut:
            throw timedOut(deadline)
        case .failed:
            return
        }
    }
}
