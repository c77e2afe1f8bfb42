import Foundation
import TestSupport

/// A throw-away certificate authority made at test time with the `openssl` command
/// (EC P-256, valid two days), and server certificates it issues. Nothing here is
/// trusted by the system, which is what lets a test tell "--ca-file" from "system".
final class TestCertificateAuthority {
    struct Issued {
        let certificate: String
        let key: String
    }

    let folder: TemporaryDirectory
    let certificate: String
    private let key: String

    init(name: String = "Storefront Test CA") async throws {
        folder = try TemporaryDirectory()
        certificate = folder.file("ca.pem")
        key = folder.file("ca.key")
        try await Shell.run("""
            openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes \
              -keyout '\(key)' -out '\(certificate)' -days 2 -subj '/CN=\(name)' \
              -addext 'basicConstraints=critical,CA:TRUE' -addext 'keyUsage=critical,keyCertSign,cRLSign'
            """)
    }

    /// A server certificate for `names` (DNS names), signed by this authority.
    func issue(_ file: String, names: [String]) async throws -> Issued {
        let issued = Issued(certificate: folder.file("\(file).pem"), key: folder.file("\(file).key"))
        let extensions = folder.file("\(file).ext")
        let subjectAlternativeNames = names.map { "DNS:\($0)" }.joined(separator: ",")
        try "subjectAltName=\(subjectAlternativeNames)\nbasicConstraints=CA:FALSE\nextendedKeyUsage=serverAuth\n"
            .write(toFile: extensions, atomically: true, encoding: .utf8)
        try await Shell.run("""
            openssl req -new -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes \
              -keyout '\(issued.key)' -out '\(folder.file("\(file).csr"))' -subj '/CN=\(names[0])' && \
            openssl x509 -req -in '\(folder.file("\(file).csr"))' -CA '\(certificate)' -CAkey '\(key)' \
              -CAcreateserial -out '\(issued.certificate)' -days 2 -extfile '\(extensions)'
            """)
        return issued
    }

    /// A server certificate for `name` that expired on 2 January 2020. `openssl x509 -req`
    /// cannot back-date in OpenSSL 3.0, so this goes through `openssl ca` and a
    /// throw-away database.
    func issueExpired(_ file: String, name: String) async throws -> Issued {
        let issued = Issued(certificate: folder.file("\(file).pem"), key: folder.file("\(file).key"))
        let database = folder.file("\(file)-db")
        try FileManager.default.createDirectory(atPath: database, withIntermediateDirectories: true)
        try "".write(toFile: database + "/index.txt", atomically: true, encoding: .utf8)
        try "01\n".write(toFile: database + "/serial", atomically: true, encoding: .utf8)
        let configuration = folder.file("\(file).cnf")
        try """
            [ca]
            default_ca = test
            [test]
            database = \(database)/index.txt
            new_certs_dir = \(database)
            serial = \(database)/serial
            default_md = sha256
            policy = any
            x509_extensions = server
            [any]
            commonName = supplied
            [server]
            subjectAltName = DNS:\(name)
            basicConstraints = CA:FALSE
            extendedKeyUsage = serverAuth

            """.write(toFile: configuration, atomically: true, encoding: .utf8)
        try await Shell.run("""
            openssl req -new -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes \
              -keyout '\(issued.key)' -out '\(folder.file("\(file).csr"))' -subj '/CN=\(name)' && \
            openssl ca -batch -notext -config '\(configuration)' -cert '\(certificate)' -keyfile '\(key)' \
              -in '\(folder.file("\(file).csr"))' -out '\(issued.certificate)' \
              -startdate 20200101000000Z -enddate 20200102000000Z
            """)
        return issued
    }

    /// curl's `--pinnedpubkey` form of a certificate's key, computed by openssl, not by
    /// the code under test: `sha256/` and the base64 SHA-256 of the DER SubjectPublicKeyInfo.
    static func pin(of certificate: String) async throws -> String {
        let digest = try await Shell.run(
            "openssl x509 -in '\(certificate)' -pubkey -noout | openssl pkey -pubin -outform der | openssl dgst -sha256 -binary | base64"
        )
        return "sha256/" + digest.trimmingCharacters(in: .whitespacesAndNewlines)
    }
}

/// Runs a bash script and returns its standard output; a non-zero exit throws.
enum Shell {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    @discardableResult
    static func run(_ script: String) async throws -> String {
        let home = try TemporaryDirectory()
        let child = try await ChildProcess.run("/bin/bash", arguments: ["-o", "pipefail", "-c", script], environment: ChildEnvironment.clean(home: home.path))
        guard child.status == 0 else {
            throw Failure(description: "`\(script)` exited \(child.status): \(child.standardError)")
        }
        return child.standardOutput
    }
}
