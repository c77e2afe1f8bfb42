/// The largest encapsulated request a gateway reads (PROTOCOL.md). Its refusal of a
/// larger one comes before the request is opened, so it is unsealed and believed by
/// no client: a client refuses to send one instead.
public enum ObliviousGatewayLimit {
    public static let requestBytes = 64 * 1024
}
