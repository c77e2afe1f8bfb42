import Data
import Domain
import HTTPTypes

/// One fuzz input read as a store's answer (`WireAnswer`), decoded and mapped to the
/// domain the way the repositories do it. The input starts with the answer's name and a
/// line feed; the next byte says which page was asked for (`pagingByte`), and the rest
/// is the body. A crash, a hang, or a broken rule below is a finding:
/// - an answer the client cannot use fails as `unusableResponse`, and as nothing else;
/// - a page (of products or posts) holds no more than was asked for, and is the page asked for;
/// - a session holds only an access token that goes back unchanged in `Authorization`;
/// - a failing server's body (`ErrorBodyDTO`) never changes what its status means.
enum WireAnswersCheck {
    /// Ends the answer's name.
    static let separator = UInt8(ascii: "\n")

    static func run(_ input: UnsafeRawBufferPointer) {
        guard let end = input.prefix(32).firstIndex(of: separator), end + 1 < input.count,
              let answer = WireAnswer.named(String(decoding: input[..<end], as: UTF8.self)),
              let paging = paging(from: input[end + 1]) else { return }
        let (page, pageSize) = (paging.page, paging.pageSize)
        do throws(StoreError) {
            switch try answer.read(Array(input[(end + 2)...]), paging) {
            case let .page(items, answeredPage, answeredSize, total):
                precondition(items <= pageSize, "a page holds \(items) items, \(pageSize) asked for")
                precondition(answeredPage == page && answeredSize == pageSize, "another page than the one asked for")
                precondition(total >= items, "fewer items in all than on the page")
            case let .session(session):
                checkSendable(session)
                if answer.name == "refresh" {
                    precondition(session.userID == WireAnswer.renewedSession.userID, "a refresh changed whose session it is")
                }
            case .value:
                return
            case let .failure(failure, message):
                precondition(failure == .storeFailed(Diagnostic("500", theirWords: message)), "a 500 with this body failed as \(failure)")
            }
        } catch {
            guard case .unusableResponse = error else { preconditionFailure("an unusable answer failed as \(error)") }
        }
    }

    /// The page a byte asks for: its two low bits the page (1 to 4), the other six
    /// the page's size (1 to 64).
    static func paging(from byte: UInt8) -> Paging? {
        try? Paging(page: 1 + Int(byte & 0x03), pageSize: 1 + Int(byte >> 2))
    }

    /// The byte that asks for `paging`, when one can.
    static func pagingByte(for paging: Paging) -> UInt8? {
        guard (1...4).contains(paging.page), (1...64).contains(paging.pageSize) else { return nil }
        return UInt8(paging.page - 1) | UInt8(paging.pageSize - 1) << 2
    }

    /// swift-http-types, not the client's own rule, says what `Authorization` can carry.
    private static func checkSendable(_ session: Session) {
        precondition(HTTPField.isValidValue("Bearer \(session.accessToken)"), "a session keeps an access token that cannot be sent")
        precondition(!session.accessToken.contains(" "), "a session keeps an access token of two words")
        precondition(!session.refreshToken.isEmpty, "a session keeps an empty refresh token")
    }
}
