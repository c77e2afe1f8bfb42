import Infrastructure
import Testing

@Suite("Duration units", .timeLimit(.minutes(1)))
struct DurationUnitsTests {
    @Test("whole milliseconds round down; seconds keep the fraction")
    func conversions() {
        #expect(Duration.milliseconds(1_999).wholeMilliseconds == 1_999)
        #expect((Duration.seconds(2) + .microseconds(999)).wholeMilliseconds == 2_000)
        #expect(Duration.milliseconds(300).timeInterval == 0.3)
        #expect(Duration.seconds(90).timeInterval == 90)
    }
}
