import Testing
@testable import SplitNavigation

/// Issue 31 item 4: a swipe follows the finger, and letting go early or slowly cancels it.
@Suite struct SwipeProgressTests {
    /// Moves of `step` pixels every 1/60 s from `start`, as a finger reports them frame by frame.
    func swiped(_ swipe: inout SwipeProgress, steps: Int, by step: Double, from start: Double = 0) {
        for index in 1...steps { swipe.move(by: step, at: start + Double(index) / 60) }
    }

    @Test func theProgressIsTheDistanceOverTheLengthHeldBetweenZeroAndOne() {
        var swipe = SwipeProgress(length: 600)
        swipe.move(by: 150, at: 0)
        #expect(swipe.progress == 0.25)
        swipe.move(by: -300, at: 1)
        #expect(swipe.progress == 0)
        swipe.move(by: 900, at: 2)
        #expect(swipe.progress == 1)
    }

    @Test func aSlowReleaseCompletesPastAThirdAndCancelsBefore() {
        var short = SwipeProgress(length: 600)
        swiped(&short, steps: 30, by: 6)
        #expect(abs(short.speed - 360) < 1, "6 px a frame is slower than a fling")
        #expect(short.progress == 0.3)
        #expect(!short.completes)
        var long = SwipeProgress(length: 600)
        swiped(&long, steps: 40, by: 6)
        #expect(long.progress == 0.4)
        #expect(long.completes)
    }

    @Test func aFingerThatStoppedHasNoSpeed() {
        var swipe = SwipeProgress(length: 600)
        swiped(&swipe, steps: 10, by: 30)
        swipe.move(by: 0, at: 2)
        #expect(swipe.speed == 0, "a second later, the fast moves are forgotten")
        #expect(swipe.progress == 0.5)
        #expect(swipe.completes)
    }

    @Test func aFlingDecidesByItsDirectionWhereverTheFingerIs() {
        var forwards = SwipeProgress(length: 600)
        swiped(&forwards, steps: 6, by: 15)
        #expect(forwards.progress < SwipeProgress.completingShare)
        #expect(forwards.speed >= SwipeProgress.flingSpeed)
        #expect(forwards.completes, "a short quick flick completes")
        var backwards = SwipeProgress(length: 600)
        swiped(&backwards, steps: 40, by: 10)
        swiped(&backwards, steps: 6, by: -15, from: 1)
        #expect(backwards.progress > SwipeProgress.completingShare)
        #expect(!backwards.completes, "flung back, it cancels however far it went")
    }

    @Test func theSlideAfterLettingGoCoversWhatIsLeftOfTheWay() {
        var swipe = SwipeProgress(length: 600)
        swipe.move(by: 450, at: 0)
        #expect(swipe.settleDuration == SwipeProgress.fullSlideDuration / 4)
        var early = SwipeProgress(length: 600)
        early.move(by: 60, at: 0)
        #expect(abs(early.settleDuration - SwipeProgress.fullSlideDuration / 10) < 1e-9, "back to the start")
    }

    /// Random moves, pauses and reversals: what is drawn stays on the way, the end is one of its ends, and a
    /// swipe that never passed a third without a fling forwards never completes.
    @Test func randomSwipesStayOnTheWayAndEndAtOneOfItsEnds() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<500 {
            var swipe = SwipeProgress(length: Double.random(in: 1...1400, using: &generator))
            var time = 0.0
            var farthest = 0.0
            for _ in 0..<Int.random(in: 1...60, using: &generator) {
                time += Double.random(in: 0...0.2, using: &generator)
                swipe.move(by: Double.random(in: -80...80, using: &generator), at: time)
                #expect((0...1).contains(swipe.progress))
                farthest = max(farthest, swipe.progress)
            }
            #expect((0...SwipeProgress.fullSlideDuration).contains(swipe.settleDuration))
            if swipe.completes && swipe.speed < SwipeProgress.flingSpeed {
                #expect(swipe.progress >= SwipeProgress.completingShare)
            }
            if farthest == 0 { #expect(!swipe.completes, "never moved forwards") }
        }
    }
}
