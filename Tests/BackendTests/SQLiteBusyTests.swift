@testable import Backend
import Foundation
import NIOPosix
import SQLiteNIO
import TestSupport
import Testing

/// The SQLite store while another connection holds the database's write lock, as
/// another gateway's long write or an operator's `sqlite3` session can: each operation
/// fails within its bound, the wait for its turn on the store's connection included.
@Suite("SQLite's write lock held by another: each operation within its bound", .timeLimit(.minutes(1)))
struct SQLiteBusyTests {
    @Test("what the wait for the turn leaves of the bound for SQLite's busy timeout", arguments: [
        (0, .whole), (100, .whole), (101, .shortened(.milliseconds(4_899))), (4_989, .shortened(.milliseconds(11))),
        (4_990, .none), (5_000, .none), (7_000, .none),
    ] as [(Int64, SQLiteBusyWait)])
    func busyWait(waitedMilliseconds: Int64, allowed: SQLiteBusyWait) {
        #expect(SQLiteBusyWait.allowed(afterWaiting: .milliseconds(waitedMilliseconds)) == allowed)
    }

    @Test("six sealed requests at once behind a held write lock: each a sealed 503 within the bound plus 1 s")
    func sixBehindAHeldLock() async throws {
        let gateway = try GatewayTests()
        let folder = try TemporaryDirectory()
        let file = folder.file("backend.sqlite")
        let store = try await SQLiteBackendStore.open(file: file)
        let threadPool = NIOThreadPool(numberOfThreads: 1)
        threadPool.start()
        let other = try await SQLiteConnection.open(storage: .file(path: file), threadPool: threadPool, on: MultiThreadedEventLoopGroup.singleton.any())
        _ = try await other.query("BEGIN IMMEDIATE")
        let handler = try gateway.handler(store: store)
        let requests = try (0..<6).map { _ in try gateway.encapsulated("GET", "/products/1", to: gateway.current) }

        let started = ContinuousClock.now
        let answers = await withTaskGroup(of: (status: Int?, took: Duration).self) { group in
            for (request, opener) in requests {
                group.addTask {
                    let response = await handler.handle(request, bodyTooLarge: false)
                    return (try? gateway.open(response, with: opener).status, ContinuousClock.now - started)
                }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        _ = try await other.query("ROLLBACK")
        try await other.close()
        try await threadPool.shutdownGracefully()
        await store.close()

        #expect(answers.map(\.status) == [503, 503, 503, 503, 503, 503])
        #expect(answers.allSatisfy { $0.took < SQLiteBusyWait.bound + .seconds(1) }, "answered after \(answers.map(\.took).sorted())")
    }
}
