/// How many requests the backend has answered: tests use it to show that a command
/// answered from the cache sent nothing.
actor RequestTally {
    private(set) var count = 0

    func add() {
        count += 1
    }
}
