import Domain
import Testing

@Suite("Credentials", .timeLimit(.minutes(1)))
struct CredentialsTests {
    @Test("trims the username but keeps the password exactly as typed")
    func trimsUsernameOnly() throws {
        let credentials = try Credentials(username: "\t emilys \n", password: "  pass word  ")
        #expect(credentials.username == "emilys")
        #expect(credentials.password == "  pass word  ")
    }

    @Test("requires both parts", arguments: [("", "x", "username"), (" \n", "x", "username"), ("emilys", "", "password")])
    func requiresBoth(username: String, password: String, field: String) {
        let error = #expect(throws: InvalidInput.self) {
            _ = try Credentials(username: username, password: password)
        }
        #expect(error?.field == field)
    }

    @Test("never prints the password: not in description, debugDescription, interpolation or dump")
    func redactsPassword() throws {
        let credentials = try Credentials(username: "emilys", password: "emilyspass")
        var dumped = ""
        dump(credentials, to: &dumped)

        for text in [credentials.description, credentials.debugDescription, "\(credentials)", String(reflecting: credentials), dumped] {
            #expect(!text.contains("emilyspass"), "leaked in: \(text)")
            #expect(text.contains("emilys"))
        }
    }
}
