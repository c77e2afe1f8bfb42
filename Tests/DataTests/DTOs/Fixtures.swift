import Foundation
import TestSupport

/// Realistic DummyJSON-shaped bodies, written the way DummyJSON sends them: extra fields,
/// a missing brand, whole numbers with and without `.0`. They live as files in
/// `Tests/Recorded/dummyjson/` so that `scripts/check-openapi` can validate the same
/// bytes against `docs/openapi.json`'s schemas that these tests decode.
enum Fixtures {
    static let searchPhone = recorded("searchProducts.phone.json")

    /// `/products/categories` as DummyJSON sends it: each with a `url` but the last.
    static let categories = recorded("listCategories.json")

    static let login = recorded("logIn.json")

    /// `/auth/me` on DummyJSON returns the whole user record.
    static let me = recorded("currentUser.json")

    /// The file's text without its final line break; empty when it cannot be read,
    /// which every test that decodes it then reports. Any file of the folder, so a new
    /// recording needs no line here.
    static func recorded(_ name: String) -> String {
        let folder = RepositoryFolder.root.appendingPathComponent("Tests/Recorded/dummyjson")
        let text = (try? String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)) ?? ""
        return text.hasSuffix("\n") ? String(text.dropLast()) : text
    }
}
