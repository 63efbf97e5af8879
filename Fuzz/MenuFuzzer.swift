// libFuzzer entry point over the menu reader: any bytes must give a menu or a MenuFileError, never a crash,
// and a menu that loads must write back to bytes that load as the same menu.
import PizzaModel

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzMenuReader(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard let menu = try? MenuFile.decode(bytes, path: "fuzz.json") else { return 0 }
    let again = try? MenuFile.decode(MenuFile.encode(menu), path: "round-trip.json")
    precondition(again == menu, "a loaded menu did not survive a save and load")
    return 0
}
