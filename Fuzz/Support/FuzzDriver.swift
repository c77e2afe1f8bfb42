import Foundation

/// What every fuzz target shares: in a fuzz build (`-DFUZZING`, scripts/fuzz) the
/// process is handed to libFuzzer's driver; in an ordinary build the target replays
/// files through the same check, so `swift build` keeps it compiling and a finding can
/// be run again without the fuzzer.
public enum FuzzDriver {
    /// One input's check, in the shape libFuzzer calls: the bytes, their count, and 0.
    public typealias Check = @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32

    #if FUZZING
    /// Runs libFuzzer with the process's arguments. A target calls it from the
    /// `<target>_main` it defines: SwiftPM links an executable's `main` to that name,
    /// which `-parse-as-library` never emits (swiftlang/swift#75800).
    public static func run(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?, _ check: Check) -> Int32 {
        var count = argc
        var arguments = argv
        return LLVMFuzzerRunDriver(&count, &arguments, check)
    }
    #endif

    /// Runs `check` on the bytes of each file named, e.g. a seed corpus or a finding.
    public static func replay(_ paths: some Sequence<String>, through check: (UnsafeRawBufferPointer) -> Void) throws {
        for path in paths {
            let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
            bytes.withUnsafeBytes(check)
        }
    }
}

#if FUZZING
/// libFuzzer's entry for a program that has a `main` of its own.
@_silgen_name("LLVMFuzzerRunDriver")
private func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<Int32>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ check: FuzzDriver.Check
) -> Int32
#endif
