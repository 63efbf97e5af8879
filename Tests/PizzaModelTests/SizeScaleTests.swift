import Testing
@testable import PizzaModel

@Suite struct SizeComparisonTests {
    static let sizes = PizzaSize.standard

    private func size(_ diameter: Double) -> PizzaSize { Self.sizes.first { $0.diameter == diameter }! }

    @Test func sixteenInchIsComparedWithTheNextSmallerTwelve() throws {
        let comparison = try #require(SizeComparison(size(16), among: Self.sizes))
        #expect(comparison.other == size(12))
        #expect(comparison.ratioText == "1.78")
    }

    @Test func eighteenIsComparedWithSixteenAndTwentyFourWithEighteen() throws {
        #expect(try #require(SizeComparison(size(18), among: Self.sizes)).ratioText == "1.27")
        #expect(try #require(SizeComparison(size(24), among: Self.sizes)).ratioText == "1.78")
    }

    @Test func theSmallestIsComparedWithTheNextLarger() throws {
        let comparison = try #require(SizeComparison(size(8), among: Self.sizes))
        #expect(comparison.other == size(10))
        #expect(comparison.ratioText == "0.64")
    }

    @Test func menuOrderDoesNotMatterAndEqualDiametersAreSkipped() throws {
        let sizes = [PizzaSize(label: "L", diameter: 16), PizzaSize(label: "S", diameter: 10),
                     PizzaSize(label: "M", diameter: 12), PizzaSize(label: "M2", diameter: 12)]
        let comparison = try #require(SizeComparison(sizes[3], among: sizes))
        #expect(comparison.other.label == "S")
        #expect(comparison.ratioText == "1.44")
    }

    @Test func aSizeAloneHasNothingToCompareWith() {
        #expect(SizeComparison(size(12), among: [size(12)]) == nil)
        #expect(SizeComparison(size(12), among: [size(12), PizzaSize(label: "Also 12", diameter: 12)]) == nil)
    }
}

@Suite struct SizeCircleLayoutTests {
    private func layout(_ diameters: [Double], labels: Double = 10, width: Double, rightToLeft: Bool = false) -> SizeCircleLayout {
        SizeCircleLayout(diameters: diameters, labelWidths: diameters.map { _ in labels }, labelHeight: 16, width: width,
                         circleHeight: 96, gap: 8, rightToLeft: rightToLeft)
    }

    /// The circles' right edge, in pixels.
    private func extent(_ layout: SizeCircleLayout) -> Double {
        (layout.circles.map(\.slot.upperBound).max() ?? 0) * layout.scale
    }

    @Test func wideTheLargestCircleFillsTheHeightAndAllShareOneScale() {
        let drawn = layout([8, 10, 12, 16, 18, 24], width: 2000)
        #expect(drawn.scale == 1)
        #expect(drawn.circles.map { $0.radius * 2 } == [32, 40, 48, 64, 72, 96])
        #expect(Set(drawn.circles.map(\.centerY)) == [48])
        #expect(drawn.labelTop >= 96)
    }

    @Test func narrowTheCirclesShrinkToFitAndStayInProportion() {
        let drawn = layout([8, 10, 12, 16, 18, 24], width: 312)
        #expect(drawn.scale == 1)
        #expect(extent(drawn) <= 312 && extent(drawn) > 311)
        #expect(drawn.circles[5].centerY + drawn.circles[5].radius == 96, "the largest stands on the labels' line")
        let pixelsPerInch = drawn.circles[5].radius / 12
        for (circle, diameter) in zip(drawn.circles, [8.0, 10, 12, 16, 18, 24]) {
            #expect(abs(circle.radius * 2 - diameter * pixelsPerInch) < 1e-9)
        }
    }

    @Test func slotsDoNotOverlapAndSmallCirclesKeepRoomForTheirLabels() {
        let drawn = layout([1, 100, 1], labels: 30, width: 320)
        for (left, right) in zip(drawn.circles, drawn.circles.dropFirst()) {
            #expect(left.slot.upperBound + 8 <= right.slot.lowerBound + 1e-9)
        }
        #expect(drawn.circles[0].slot.upperBound - drawn.circles[0].slot.lowerBound >= 30)
        #expect(extent(drawn) <= 320 + 1e-9)
    }

    @Test func labelsWiderThanTheWidthScaleTheWholeDrawingDown() {
        let drawn = layout(Array(repeating: 10, count: 12), labels: 40, width: 300)
        #expect(drawn.scale < 1)
        #expect(abs(extent(drawn) - 300) < 1e-9)
    }

    @Test func rightToLeftMirrorsTheRow() {
        let leftToRight = layout([8, 12, 24], width: 400)
        let rightToLeft = layout([8, 12, 24], width: 400, rightToLeft: true)
        for (left, right) in zip(leftToRight.circles, rightToLeft.circles) {
            #expect(abs(right.centerX - (400 - left.centerX)) < 1e-9)
            #expect(right.radius == left.radius)
        }
    }

    @Test func aClickInASlotFindsItsCircleAndOneBetweenSlotsFindsNone() {
        let drawn = layout([8, 12, 24], width: 400)
        #expect(drawn.circleIndex(atX: drawn.circles[1].centerX) == 1)
        #expect(drawn.circleIndex(atX: drawn.circles[0].slot.upperBound + 4) == nil)
        #expect(drawn.circleIndex(atX: drawn.circles[2].slot.upperBound + 10) == nil)
        let scaled = layout(Array(repeating: 10, count: 12), labels: 40, width: 300)
        #expect(scaled.circleIndex(atX: scaled.circles[11].centerX * scaled.scale) == 11)
    }
}
