import Testing
@testable import PizzaModel

@Suite struct PriceTableTests {
    @Test func theColumnsAreTheNameEachSizeInMenuOrderAndTheUnitPrice() {
        #expect(PriceTable(.demo).columns == [.name, .size(0), .size(1), .size(2), .size(3), .size(4), .size(5), .unitPrice])
    }

    @Test func eachSizeCellIsTheFigureTheDetailsPriceLineEndsWith() throws {
        let table = PriceTable(.demo)
        for pizza in table.menu.pizzas.indices {
            for size in table.menu.sizes.indices {
                let line = try table.menu.quote(pizzaAt: pizza, sizeLabelled: table.menu.sizes[size].label).priceLine
                let cell = table.cell(pizzaAt: pizza, .size(size))
                #expect(line.split(separator: "$").last?.drop(while: { $0 == " " }) == Substring(cell), "\(line) / \(cell)")
            }
        }
        #expect(table.cell(pizzaAt: 2, .size(2)) == "5.65")
        #expect(table.cell(pizzaAt: 2, .name) == "Pepperoni")
        #expect(table.cell(pizzaAt: 2, .unitPrice) == "0.050", "the price per square inch as the list writes it")
    }

    @Test func theSizeCellsAreTheFieldsOfTheCSVExport() {
        let table = PriceTable(.demo)
        let csvRows = String(decoding: PriceListCSV.encode(.demo), as: UTF8.self).split(separator: "\r\n").dropFirst()
        let tableRows = table.menu.pizzas.indices.map { pizza in
            table.columns.dropLast().map { table.cell(pizzaAt: pizza, $0) }.joined(separator: ",")
        }
        #expect(tableRows == csvRows.map(String.init))
    }

    @Test func aPriceHasTheDecimalsOfTheMenusCurrency() throws {
        let menu = try MenuFile.decode(Array("""
            {"currency": "JPY", "pizzas": [{"name": "Teri", "pricePerSquareInch": 5.5}], "sizes": [{"label": "M", "diameter": 12}]}
            """.utf8), path: "yen.json")
        #expect(PriceTable(menu).cell(pizzaAt: 0, .size(0)) == "622")
    }

    @Test func sortingByNameIgnoresCaseBothWays() throws {
        let menu = try Menu(pizzas: [Pizza(name: "b", pricePerSquareInch: 0.01), Pizza(name: "C", pricePerSquareInch: 0.02),
                                     Pizza(name: "a", pricePerSquareInch: 0.03), Pizza(name: "Bb", pricePerSquareInch: 0.04)])
        let table = PriceTable(menu)
        #expect(table.sorted([0, 1, 2, 3], by: .init(.name)) == [2, 0, 3, 1])
        #expect(table.sorted([0, 1, 2, 3], by: .init(.name, ascending: false)) == [1, 3, 0, 2])
        #expect(table.sorted([3, 1], by: .init(.name)) == [3, 1], "only the rows given")
    }

    @Test func everyPriceColumnSortsByPriceWithEqualPricesInMenuOrder() throws {
        let menu = try Menu(pizzas: [Pizza(name: "Mid", pricePerSquareInch: 0.05), Pizza(name: "Dear", pricePerSquareInch: 0.09),
                                     Pizza(name: "Cheap", pricePerSquareInch: 0.01), Pizza(name: "Mid too", pricePerSquareInch: 0.05)])
        let table = PriceTable(menu)
        for column in [PriceTable.Column.size(0), .size(5), .unitPrice] {
            #expect(table.sorted([0, 1, 2, 3], by: .init(column)) == [2, 0, 3, 1])
            #expect(table.sorted([0, 1, 2, 3], by: .init(column, ascending: false)) == [1, 0, 3, 2])
        }
    }

    @Test func aSizeColumnIsTheMenusOnlyWhileTheMenuHasThatSize() throws {
        let menu = try Menu(pizzas: [], sizes: [PizzaSize(label: "S", diameter: 8)])
        #expect(PriceTable(menu).has(.size(0)))
        #expect(!PriceTable(menu).has(.size(1)))
        #expect(PriceTable(menu).has(.name) && PriceTable(menu).has(.unitPrice))
    }
}
