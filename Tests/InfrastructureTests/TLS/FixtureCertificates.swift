/// A small certificate hierarchy made once with the `openssl` command (EC P-256, valid
/// from 23 November 2026 to 20 November 2036), so the verifier's tests need no tool and
/// no network. The tests check dates at fixed moments, so these never expire under them.
///
/// root → intermediate → leaf for `store.example` and 127.0.0.1; a self-signed
/// `store.example`; and an unrelated root that signed none of them.
enum FixtureCertificates {
    /// Moments inside and either side of the validity, in seconds since 1970.
    static let duringValidity = 1_893_456_000 // 1 January 2030
    static let beforeValidity = 1_767_225_600 // 1 January 2026
    static let afterValidity = 2_208_988_800 // 1 January 2040

    /// The trusted authority.
    static let root = """
        -----BEGIN CERTIFICATE-----
        MIIBqDCCAU+gAwIBAgIUNc1lBTFj4aSIDYPrLw0+He64tKgwCgYIKoZIzj0EAwIw
        IjEgMB4GA1UEAwwXU3RvcmVmcm9udCBGaXh0dXJlIFJvb3QwHhcNMjYxMTIzMTQy
        NjE0WhcNMzYxMTIwMTQyNjE0WjAiMSAwHgYDVQQDDBdTdG9yZWZyb250IEZpeHR1
        cmUgUm9vdDBZMBMGByqGSM49AgEGCCqGSM49AwEHA0IABKDzsil2tc5aHmI2n8pg
        rek46RXAGM9K0qpYvJxngBzykK+ygVFxgsPVCpZonuNo3xUdF6IXoDv7VyNOlUAS
        kGOjYzBhMB0GA1UdDgQWBBQE7thZDgeelE2FlO6Kg3ERqlWF+DAfBgNVHSMEGDAW
        gBQE7thZDgeelE2FlO6Kg3ERqlWF+DAPBgNVHRMBAf8EBTADAQH/MA4GA1UdDwEB
        /wQEAwIBBjAKBggqhkjOPQQDAgNHADBEAiB3cC5hTxvlFcbm0KxSfNc9GMy64TJz
        wAIOta0nneguKgIgCNERREEczh5HC5kI9BJI319fVghuZ3iHucASKqy7u1s=
        -----END CERTIFICATE-----
        """

    /// Signed by `root`; signs `leaf`.
    static let intermediate = """
        -----BEGIN CERTIFICATE-----
        MIIBszCCAVqgAwIBAgIUYVTclNNrkmRLE6eoDZY0hHg2abkwCgYIKoZIzj0EAwIw
        IjEgMB4GA1UEAwwXU3RvcmVmcm9udCBGaXh0dXJlIFJvb3QwHhcNMjYxMTIzMTQy
        NjE0WhcNMzYxMTIwMTQyNjE0WjAqMSgwJgYDVQQDDB9TdG9yZWZyb250IEZpeHR1
        cmUgSW50ZXJtZWRpYXRlMFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAET1efx9sB
        D1bCZq9pgHjA6T1sUXVZVKJJdkhlVtKSv4II3+PucGezoLIuDF9g1JATgtuT9rwL
        sI8WPp9VGfy6HaNmMGQwEgYDVR0TAQH/BAgwBgEB/wIBADAOBgNVHQ8BAf8EBAMC
        AQYwHQYDVR0OBBYEFEvRJsh+kkCp3Qbn/1D2QAczqH0gMB8GA1UdIwQYMBaAFATu
        2FkOB56UTYWU7oqDcRGqVYX4MAoGCCqGSM49BAMCA0cAMEQCIGxP/rD2p8mz92/y
        gcGeI8+bYME4vx5D9R4oWXjRBxRWAiBDCFhd6j8EnXulV+emTQybodUVK4+x1ecn
        ZwjqBJjJLw==
        -----END CERTIFICATE-----
        """

    /// `store.example` and 127.0.0.1, signed by `intermediate`.
    static let leaf = """
        -----BEGIN CERTIFICATE-----
        MIIByTCCAW6gAwIBAgIUZzdoICGjYNcqSSWDue/RFWb0xfkwCgYIKoZIzj0EAwIw
        KjEoMCYGA1UEAwwfU3RvcmVmcm9udCBGaXh0dXJlIEludGVybWVkaWF0ZTAeFw0y
        NjExMjMxNDI2MTRaFw0zNjExMjAxNDI2MTRaMBgxFjAUBgNVBAMMDXN0b3JlLmV4
        YW1wbGUwWTATBgcqhkjOPQIBBggqhkjOPQMBBwNCAASlwIXCQaOzWm5IoHSdqovC
        vT9ZJZLxaNYCzMXISVuWXRBM7ZZYh3p8iPUdSdD1x9xBgI3y9yk79z/xeN2vBEgu
        o4GDMIGAMB4GA1UdEQQXMBWCDXN0b3JlLmV4YW1wbGWHBH8AAAEwCQYDVR0TBAIw
        ADATBgNVHSUEDDAKBggrBgEFBQcDATAdBgNVHQ4EFgQUwvTcF6830ZgHUEt6BgVf
        OEc4CmwwHwYDVR0jBBgwFoAUS9EmyH6SQKndBuf/UPZABzOofSAwCgYIKoZIzj0E
        AwIDSQAwRgIhAIBXbNyDncUNZ6n6vpODIN1q8gtLmUBvQ8dFK4vZbayiAiEAhhz8
        u1t39c0XVowQf9tveS8BYTFsRulGlqNQOIudNPk=
        -----END CERTIFICATE-----
        """

    /// `store.example`, signed by its own key.
    static let selfSigned = """
        -----BEGIN CERTIFICATE-----
        MIIBoDCCAUWgAwIBAgIUJXTdi1F70pogQ4rbVLhSmcgPBWEwCgYIKoZIzj0EAwIw
        GDEWMBQGA1UEAwwNc3RvcmUuZXhhbXBsZTAeFw0yNjExMjMxNDI2MTRaFw0zNjEx
        MjAxNDI2MTRaMBgxFjAUBgNVBAMMDXN0b3JlLmV4YW1wbGUwWTATBgcqhkjOPQIB
        BggqhkjOPQMBBwNCAASeLcxzv9z0i8MDDKUsQb7zBNg0S6jOdGqi2hhlaQXvUj7V
        utFrK1sz4baOHnoWtYhd61PJar922r6iGDFWVQxFo20wazAdBgNVHQ4EFgQUQDnK
        JT8wNsvsl7ObZXAye8FhQWcwHwYDVR0jBBgwFoAUQDnKJT8wNsvsl7ObZXAye8Fh
        QWcwDwYDVR0TAQH/BAUwAwEB/zAYBgNVHREEETAPgg1zdG9yZS5leGFtcGxlMAoG
        CCqGSM49BAMCA0kAMEYCIQCb5SDAV7KpNiVJ1TVcucS/cTvRNk6DISA4HTkWwlIt
        mwIhAJUlN6rpSFWdeE9F1SPcWudBtmgSYVX3XV9Z/0CRih4N
        -----END CERTIFICATE-----
        """

    /// An authority that signed none of the others.
    static let unrelatedRoot = """
        -----BEGIN CERTIFICATE-----
        MIIBljCCAT2gAwIBAgIUBj8+GbT0Qu/XylfOIoOUgOyW1h8wCgYIKoZIzj0EAwIw
        GTEXMBUGA1UEAwwOVW5yZWxhdGVkIFJvb3QwHhcNMjYxMTIzMTQyNjE0WhcNMzYx
        MTIwMTQyNjE0WjAZMRcwFQYDVQQDDA5VbnJlbGF0ZWQgUm9vdDBZMBMGByqGSM49
        AgEGCCqGSM49AwEHA0IABAwHvnHIi8bAJKs2Jz6tTL4UuIjGqS0IUCNrjzu/pnUH
        QONcwVnnXjk1cxpbDbwd9sZIJncr5O6Bcr2iz19ITEajYzBhMB0GA1UdDgQWBBSp
        OyTJpZmDJJtjbCJY7f2za+GR/zAfBgNVHSMEGDAWgBSpOyTJpZmDJJtjbCJY7f2z
        a+GR/zAPBgNVHRMBAf8EBTADAQH/MA4GA1UdDwEB/wQEAwIBBjAKBggqhkjOPQQD
        AgNHADBEAiA3wfXPvLvyKAZZVYteDqG9Nqr072NV3YhF9zEFWu7oCAIgMSGv9yy+
        4q/EC8gYc7cm4s9wUhQt6Snik1QVhRg0rSc=
        -----END CERTIFICATE-----
        """
}
