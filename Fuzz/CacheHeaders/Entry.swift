import Foundation

#if FUZZING
// Built by scripts/fuzz with -sanitize=fuzzer. SwiftPM links an executable's `main` to
// `<target>_main`, which -parse-as-library never emits; here it is, handing over to
// libFuzzer's own driver.
@_cdecl("LLVMFuzzerTestOneInput")
public func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    CacheHeadersCheck.run(UnsafeRawBufferPointer(start: data, count: size))
    return 0
}

@_silgen_name("LLVMFuzzerRunDriver")
func runFuzzerDriver(
    _ argc: UnsafeMutablePointer<Int32>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ test: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32
) -> Int32

@_cdecl("FuzzCacheHeaders_main")
public func fuzzMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    var count = argc
    var arguments = argv
    return runFuzzerDriver(&count, &arguments, testOneInput)
}
#else
/// Without the fuzzer: runs the check on each file named, e.g. the seed corpus, so an
/// ordinary build keeps the target compiling and can replay a finding.
@main
enum ReplayCacheHeaders {
    static func main() throws {
        for path in CommandLine.arguments.dropFirst() {
            let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
            bytes.withUnsafeBytes(CacheHeadersCheck.run)
        }
    }
}
#endif
