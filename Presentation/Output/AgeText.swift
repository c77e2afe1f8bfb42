/// An age as people say it: "just now", "12 seconds ago", "1 minute ago", "3 days ago".
enum AgeText {
    static func describe(_ age: Duration) -> String {
        let seconds = age.components.seconds
        let units: [(Int64, String)] = [(86_400, "day"), (3_600, "hour"), (60, "minute"), (1, "second")]
        for (size, name) in units where seconds >= size {
            let count = seconds / size
            return "\(count) \(name)\(count == 1 ? "" : "s") ago"
        }
        return "just now"
    }
}
