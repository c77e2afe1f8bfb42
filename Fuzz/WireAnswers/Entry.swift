import FuzzSupport
import Foundation

#if FUZZING
@_cdecl("LLVMFuzzerTestOneInput")
public func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    WireAnswersCheck.run(UnsafeRawBufferPointer(start: data, count: size))
    return 0
}

@_cdecl("FuzzWireAnswers_main")
public func fuzzMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    // The corpus folder scripts/fuzz names starts with the seeds made from the
    // repository's examples and recordings (it runs from the repository's root).
    let folders = CommandLine.arguments.dropFirst().filter { !$0.hasPrefix("-") }
    if let corpus = folders.first, (try? URL(fileURLWithPath: corpus).resourceValues(forKeys: [.isDirectoryKey]).isDirectory) == true {
        do {
            let seeds = try WireAnswerSeeds.all(in: URL(fileURLWithPath: FileManager.default.currentDirectoryPath))
            try WireAnswerSeeds.write(seeds, into: URL(fileURLWithPath: corpus))
        } catch {
            print("FuzzWireAnswers: no seeds made: \(error)")
            return 1
        }
    }
    return FuzzDriver.run(argc, argv, testOneInput)
}
#else
/// Without the fuzzer: the same check on each file named.
@main
enum ReplayWireAnswers {
    static func main() throws {
        try FuzzDriver.replay(CommandLine.arguments.dropFirst(), through: WireAnswersCheck.run)
    }
}
#endif
