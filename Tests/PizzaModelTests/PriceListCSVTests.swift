import Foundation
import Testing
@testable import PizzaModel

@Suite struct PriceListCSVTests {
    private func text(_ menu: Menu) -> String { String(decoding: PriceListCSV.encode(menu), as: UTF8.self) }

    @Test func theDefaultMenuIsAHeaderOfSizeLabelsAndOneRowOfPricesPerPizzaWithCRLF() {
        #expect(text(.standard) == """
            Pizza,Personal,"10\"\"\","12\"\"\","16\"\"\","18\"\"\","24\"\"\"\r
            Cheese,1.51,2.36,3.39,6.03,7.63,13.57\r
            Sausage,3.02,4.71,6.79,12.06,15.27,27.14\r
            Pepperoni,2.51,3.93,5.65,10.05,12.72,22.62\r
            Veggie,2.01,3.14,4.52,8.04,10.18,18.10\r

            """)
    }

    @Test func everyPriceIsTheFigureOfTheDetailsPriceLine() throws {
        let menu = try Menu(pizzas: [Pizza(name: "Odd", pricePerSquareInch: 0.0457), Pizza(name: "Dear", pricePerSquareInch: 100)],
                            sizes: [PizzaSize(label: "Tiny", diameter: 1), PizzaSize(label: "Huge", diameter: 100)])
        let rows = text(menu).components(separatedBy: "\r\n").dropFirst().filter { !$0.isEmpty }
        for (index, row) in rows.enumerated() {
            for (size, cell) in zip(menu.sizes, row.split(separator: ",").dropFirst()) {
                let line = try menu.quote(pizzaAt: index, sizeLabelled: size.label).priceLine
                #expect(line.hasSuffix("is $" + String(repeating: " ", count: max(0, 6 - cell.count)) + cell), "\(line) / \(cell)")
            }
        }
        #expect(rows == ["Odd,0.04,358.93", "Dear,78.54,785398.16"], "two decimals with a point, no thousands separator")
    }

    @Test func namesAndLabelsWithCommasAndQuotesAreQuotedWithTheirQuotesDoubled() throws {
        let menu = try Menu(pizzas: [Pizza(name: "Ham, eggs", pricePerSquareInch: 0.05), Pizza(name: "The \"Boss\"", pricePerSquareInch: 0.05),
                                     Pizza(name: "Crème brûlée", pricePerSquareInch: 0.05)],
                            sizes: [PizzaSize(label: "Small, thin", diameter: 10)])
        #expect(text(menu) == "Pizza,\"Small, thin\"\r\n\"Ham, eggs\",3.93\r\n\"The \"\"Boss\"\"\",3.93\r\nCrème brûlée,3.93\r\n")
    }

    @Test func aFieldWithALineBreakIsQuotedAndKeepsIt() {
        for (field, written) in [("two\nlines", "\"two\nlines\""), ("a\r\nb", "\"a\r\nb\""), ("plain", "plain"), ("", "")] {
            var out: [UInt8] = []
            PriceListCSV.appendField(field, to: &out)
            #expect(String(decoding: out, as: UTF8.self) == written)
        }
    }

    @Test func aMenuWithoutPizzasIsTheHeaderAlone() throws {
        #expect(text(try Menu(pizzas: [])) == "Pizza,Personal,\"10\"\"\",\"12\"\"\",\"16\"\"\",\"18\"\"\",\"24\"\"\"\r\n")
    }

    @Test func writingGoesToANewFileAndNeverThroughALinkOrOverAFolder() throws {
        let scratch = ScratchFolder()
        try PriceListCSV.write(.standard, to: FilePath(scratch.path + "/prices.csv"))
        #expect(FileManager.default.contents(atPath: scratch.path + "/prices.csv") == Data(PriceListCSV.encode(.standard)))

        let target = scratch.write("keep me", to: "target.txt")
        try FileManager.default.createSymbolicLink(atPath: scratch.path + "/link.csv", withDestinationPath: target)
        #expect(throws: StorageError.self) { try PriceListCSV.write(.standard, to: FilePath(scratch.path + "/link.csv")) }
        #expect(scratch.read(target) == "keep me")

        try FileManager.default.createDirectory(atPath: scratch.path + "/folder.csv", withIntermediateDirectories: false)
        #expect(throws: StorageError(path: FilePath(scratch.path + "/folder.csv"), reason: .notRegularFile(.folder, leftAsItIs: true))) {
            try PriceListCSV.write(.standard, to: FilePath(scratch.path + "/folder.csv"))
        }
        #expect(scratch.entries() == ["folder.csv", "link.csv", "prices.csv", "target.txt"], "no temporary file is left")
    }

    @Test func theMenusOwnFileIsNeverReplacedByItsPriceListUnderAnyName() throws {
        let scratch = ScratchFolder()
        let menuFile = scratch.write(String(decoding: MenuFile.encode(.standard), as: UTF8.self), to: "menu.json")
        try FileManager.default.linkItem(atPath: menuFile, toPath: scratch.path + "/hard-link.csv")
        for name in [menuFile, scratch.path + "/hard-link.csv"] {
            #expect(throws: StorageError(path: FilePath(name), reason: .menuOwnFile)) {
                try PriceListCSV.write(.standard, to: FilePath(name), sparing: FilePath(menuFile))
            }
        }
        #expect(MenuStore(path: menuFile).load().loadProblem == nil)
        try PriceListCSV.write(.standard, to: FilePath(scratch.path + "/prices.csv"), sparing: FilePath(menuFile))
        #expect(scratch.entries() == ["hard-link.csv", "menu.json", "prices.csv"])
    }
}

@Suite struct PriceListCSVProgressTests {
    @Test func progressIsReportedInOrderAndAStopWritesNothing() throws {
        let menu = try Menu(pizzas: (0..<20_000).map { Pizza(name: "Pizza \($0)", pricePerSquareInch: 0.05) })
        var fractions: [Double] = []
        #expect(PriceListCSV.encode(menu, goOn: { fractions.append($0); return true }) == PriceListCSV.encode(menu))
        #expect(fractions == [0, 8192.0 / 20_000, 16384.0 / 20_000])
        var asked = 0
        #expect(PriceListCSV.encode(menu, goOn: { _ in asked += 1; return asked < 2 }) == nil)
        #expect(asked == 2, "stopped at the second question")
    }
}
