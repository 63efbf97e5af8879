// libFuzzer entry point over the menu reader and writer: any bytes must give a menu or a MenuFileError,
// never a crash; reading them in small chunks must give the same result; and a menu that loads must
// write back to bytes that load as the same menu (keys the app does not know included), and that
// write again to the very same bytes.
import PizzaModel

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzMenuReader(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let whole = Result { () throws(MenuFileError) in try MenuFile.decode(bytes, path: "fuzz.json") }
    let chunkSize = Int(bytes.last ?? 0) % 13 + 1
    let chunked = Result { () throws(MenuFileError) in
        try MenuFile.decode(reading: MemoryByteSource(bytes, chunkSize: chunkSize), path: "fuzz.json")
    }
    precondition(chunked == whole, "reading in chunks of \(chunkSize) bytes gave another result")
    guard case .success(let menu) = whole else { return 0 }
    let written = MenuFile.encode(menu)
    let again: Menu
    do { again = try MenuFile.decode(written, path: "round-trip.json") } catch {
        preconditionFailure("a written menu could not be read back: \(error)")
    }
    precondition(again == menu, "a loaded menu did not survive a save and load")
    precondition(again.unknownMembers == menu.unknownMembers, "unknown keys changed in a save and load")
    precondition(MenuFile.encode(again) == written, "writing a read-back menu gave other bytes")
    return 0
}
