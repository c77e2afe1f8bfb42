import FuzzSupport

#if FUZZING
@_cdecl("LLVMFuzzerTestOneInput")
public func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    DecapsulationCheck.run(UnsafeRawBufferPointer(start: data, count: size))
    return 0
}

@_cdecl("FuzzDecapsulation_main")
public func fuzzMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    FuzzDriver.run(argc, argv, testOneInput)
}
#else
/// Without the fuzzer: the same check on each file named.
@main
enum ReplayDecapsulation {
    static func main() throws {
        try FuzzDriver.replay(CommandLine.arguments.dropFirst(), through: DecapsulationCheck.run)
    }
}
#endif
