@testable import Data
import Foundation
import HTTPTypes

/// One fuzz input read as a kept session, as every `SessionStore` reads it. A crash, a
/// hang, or a broken rule below is a finding:
/// - a file is taken only as a session this client could have written: written again
///   the way the store writes it, it reads back the same;
/// - its access token goes back unchanged in `Authorization`, and it has a refresh token.
enum SessionFileCheck {
    static func run(_ input: UnsafeRawBufferPointer) {
        guard let session = Session(encoded: Array(input)) else { return }
        precondition(HTTPField.isValidValue("Bearer \(session.accessToken)"), "a session file gave an access token that cannot be sent")
        precondition(!session.accessToken.contains(" "), "a session file gave an access token of two words")
        precondition(!session.refreshToken.isEmpty, "a session file gave an empty refresh token")
        guard let written = session.encoded else { preconditionFailure("a session read could not be written") }
        precondition(Session(encoded: written) == session, "a session read does not survive being written")
    }
}
