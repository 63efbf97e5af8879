// bench-model: how fast the menu loader reads a large menu, and its peak memory.
// Usage: bench-model [PIZZA_COUNT]   (default 1,000,000)
//        bench-model check FILE      what the app loads from FILE (or its error), as the C references print it
//        bench-model load FILE [N]   loads FILE N times (default 1) and nothing else, for perf and callgrind
import Glibc
import PizzaModel

func seconds() -> Double {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
}

/// The CPU time this process has used, user and system: steadier than the clock on a shared machine.
func cpuSeconds() -> Double {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
}

func peakResidentMB() -> Double {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return Double(usage.ru_maxrss) / 1024
}

// The menu is written by a child run ("generate"), so the peak memory below is the loader's own.
let arguments = CommandLine.arguments
if arguments.count == 4 && arguments[1] == "generate" {
    let count = Int(arguments[2])!
    var text: [UInt8] = Array("{\"pizzas\": [\n".utf8)
    for index in 0..<count {
        text += Array("  {\"name\": \"Pizza \(index)\", \"pricePerSquareInch\": 0.0\(index % 90 + 10)}\(index + 1 < count ? "," : "")\n".utf8)
    }
    text += Array("]}\n".utf8)
    try! PosixStorage().writeAtomically(text, to: arguments[3])
    exit(0)
}
if arguments.count == 3 && arguments[1] == "check" {
    let store = MenuStore(path: arguments[2]).load()
    if let error = store.loadProblem { print("error: \(error)") }
    for pizza in store.menu.pizzas { print("pizza: \(pizza.name)\t\(MenuFile.number(pizza.pricePerSquareInch))") }
    for size in store.menu.sizes { print("size: \(size.label)\t\(MenuFile.number(size.diameter))") }
    exit(0)
}
if (arguments.count == 3 || arguments.count == 4) && arguments[1] == "load" {
    var loaded = 0
    for _ in 0..<(arguments.count == 4 ? Int(arguments[3])! : 1) {
        let source = try! PosixStorage().open(arguments[2], limit: MenuFile.maximumFileSize)!
        loaded = try! MenuFile.decode(reading: source, path: arguments[2]).pizzas.count
    }
    print("\(loaded) pizzas")
    exit(0)
}
let count = arguments.count > 1 ? Int(arguments[1]) ?? 1_000_000 : 1_000_000
let path = "/tmp/bench-model-\(getpid()).json"
guard system("'\(arguments[0])' generate \(count) '\(path)'") == 0 else { fatalError("could not generate the menu") }
let fileMB = Double(try! PosixStorage().open(path, limit: MenuFile.maximumFileSize)!.expectedCount) / 1_048_576

var times: [Double] = []
var cpuTimes: [Double] = []
var loaded = 0
for _ in 0..<5 {
    let start = seconds(), cpuStart = cpuSeconds()
    let source = try! PosixStorage().open(path, limit: MenuFile.maximumFileSize)!
    let menu = try! MenuFile.decode(reading: source, path: path)
    times.append(seconds() - start)
    cpuTimes.append(cpuSeconds() - cpuStart)
    loaded = menu.pizzas.count
}
unlink(path)
let first = times[0]
times.sort()
let median = times[times.count / 2]
cpuTimes.sort()
let cpuMedian = cpuTimes[cpuTimes.count / 2]
print("menu: \(loaded) pizzas, \(DecimalFormat.fixed(fileMB, decimals: 1)) MB")
print("first load, in a fresh process (its memory is new and faults in): \(DecimalFormat.fixed(first * 1000, decimals: 0)) ms")
print("load (read + parse + validate), median of 5: \(DecimalFormat.fixed(median * 1000, decimals: 0)) ms, \(DecimalFormat.fixed(fileMB / median, decimals: 0)) MB/s")
print("CPU time of a load, median of 5: \(DecimalFormat.fixed(cpuMedian * 1000, decimals: 0)) ms, \(DecimalFormat.fixed(fileMB / cpuMedian, decimals: 0)) MB/s")
print("peak resident memory: \(DecimalFormat.fixed(peakResidentMB(), decimals: 0)) MB (\(DecimalFormat.fixed(peakResidentMB() / fileMB, decimals: 2))x the file)")
