// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "PizzaSplit",
    products: [
        .executable(name: "pizza-split", targets: ["PizzaSplit"]),
        .executable(name: "split-demos", targets: ["split-demos"]),
        .library(name: "Gtk", targets: ["Gtk"]),
        .library(name: "CGtk", targets: ["CGtk"]),
        .library(name: "SplitView", targets: ["SplitView"]),
        .library(name: "PizzaModel", targets: ["PizzaModel"]),
    ],
    targets: [
        .systemLibrary(
            name: "CGtk",
            pkgConfig: "gtk4",
            providers: [.apt(["libgtk-4-dev"])]
        ),
        .target(name: "Gtk", dependencies: ["CGtk"]),
        .systemLibrary(name: "CXattr"),
        .target(
            name: "PizzaModel",
            dependencies: ["CXattr"],
            resources: [.embedInCode("Resources/default-menu.json")]
        ),
        .target(name: "MenuSession", dependencies: ["PizzaModel"]),
        .target(name: "SplitNavigation"),
        .target(name: "SplitView", dependencies: ["Gtk", "SplitNavigation"]),
        .target(
            name: "PizzaApp",
            dependencies: ["Gtk", "SplitView", "PizzaModel", "MenuSession"],
            resources: [.embedInCode("Resources/style.css"), .embedInCode("Resources/io.github.pizzasplit.PizzaSplit.svg")]
        ),
        .executableTarget(name: "PizzaSplit", dependencies: ["PizzaApp"]),
        .target(name: "SplitDemosModel"),
        .executableTarget(name: "split-demos", dependencies: ["SplitView", "SplitDemosModel"]),
        .executableTarget(name: "split-view-example", dependencies: ["SplitView"], path: "Examples/MinimalSplitView"),
        .executableTarget(name: "notes-example", dependencies: ["SplitView"], path: "Examples/NotesApp"),
        .executableTarget(name: "bench-model", dependencies: ["PizzaModel"], path: "Benchmarks/ModelBench"),

        .testTarget(name: "GtkTests", dependencies: ["Gtk", "CGtk"]),
        .testTarget(name: "PizzaModelTests", dependencies: ["PizzaModel"]),
        .testTarget(name: "MenuSessionTests", dependencies: ["MenuSession", "PizzaModel"]),
        .testTarget(name: "PizzaAppTests", dependencies: ["PizzaApp", "PizzaModel", "MenuSession", "Gtk"]),
        .testTarget(name: "SplitNavigationTests", dependencies: ["SplitNavigation"]),
        .testTarget(name: "SplitViewTests", dependencies: ["SplitView", "Gtk"]),
        .testTarget(name: "SplitDemosModelTests", dependencies: ["SplitDemosModel"]),
    ],
    swiftLanguageModes: [.v6]
)
