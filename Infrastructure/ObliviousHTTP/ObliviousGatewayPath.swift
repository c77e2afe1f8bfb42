/// Where RFC 9540 puts an Oblivious HTTP gateway, at its origin's root: a `POST` there is
/// an encapsulated request, a `GET` gives the key configurations.
public enum ObliviousGatewayPath {
    public static let wellKnown = "/.well-known/ohttp-gateway"
}
