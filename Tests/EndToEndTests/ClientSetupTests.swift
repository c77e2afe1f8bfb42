@testable import App
import Testing

/// The end-to-end flows run over every choice a person can make of a swappable seam:
/// each dimension of `ClientSetup` is held to the composition root's list, so a store
/// or adapter added there and not here is named.
@Suite("The flows run over every choice the root offers", .timeLimit(.minutes(1)))
struct ClientSetupTests {
    @Test("each dimension names exactly its list's choices")
    func dimensionsAreTheRootsLists() {
        #expect(ClientTransport.allCases.map(\.rawValue) == CompositionRoot.transports.names, "STOREFRONT_TRANSPORT")
        #expect(ClientSessionStore.allCases.map(\.rawValue) == CompositionRoot.sessionStores.names, "STOREFRONT_SESSION_STORE")
    }
}
