import PizzaModel

extension Menu {
    /// Cheese, Sausage, Pepperoni and Veggie in the six standard sizes: the reference demo's menu, written
    /// out by hand so that the embedded default menu can be checked against it.
    static let demo: Menu = try! Menu(pizzas: [
        Pizza(name: "Cheese", pricePerSquareInch: 0.03),
        Pizza(name: "Sausage", pricePerSquareInch: 0.06),
        Pizza(name: "Pepperoni", pricePerSquareInch: 0.05),
        Pizza(name: "Veggie", pricePerSquareInch: 0.04),
    ])
}
