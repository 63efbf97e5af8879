/// A horizontal swipe that follows the finger (back in the stack, the list in or out over the detail): how far
/// it has gone, how fast it goes, and whether letting go now completes it or cancels it.
///
/// Pure: the widget feeds it distances and times, and draws `progress`. 0 is where the swipe started and 1 is
/// the whole way (the detail off the view, the list all in or all out).
public struct SwipeProgress: Equatable, Sendable {
    /// The distance that counts as the whole way, in pixels: the width of what moves.
    public let length: Double
    /// The distance the finger went, towards completing (negative: back past the start).
    public private(set) var distance: Double = 0
    /// The latest moves, for the speed at the end: (time in seconds, distance).
    private var recent: [Sample] = []

    private struct Sample: Equatable, Sendable {
        let time: Double
        let distance: Double
    }

    /// Released past this share of `length`, a swipe completes unless it is flung back.
    public static let completingShare = 1.0 / 3
    /// In pixels a second: released this fast, the direction decides, wherever the finger is.
    public static let flingSpeed = 600.0
    /// The speed is measured over the last moves within this many seconds.
    static let speedWindow = 0.1
    /// How long the slide takes from one end to the other once the finger has let go, in seconds.
    public static let fullSlideDuration = 0.25

    public init(length: Double) { self.length = max(length, 1) }

    /// Where the swipe is drawn: the share of the way, from 0 to 1.
    public var progress: Double { min(max(distance / length, 0), 1) }

    /// The finger moved `pixels` more towards completing (negative: back) at `time` seconds.
    public mutating func move(by pixels: Double, at time: Double) {
        distance += pixels
        recent.append(Sample(time: time, distance: distance))
        recent.removeAll { time - $0.time > Self.speedWindow }
    }

    /// Pixels a second towards completing, over the last moves (0 after a single move).
    public var speed: Double {
        guard let first = recent.first, let last = recent.last, last.time > first.time else { return 0 }
        return (last.distance - first.distance) / (last.time - first.time)
    }

    /// Released now: a fling decides by its direction; otherwise it completes past a third of the way.
    public var completes: Bool {
        if speed >= Self.flingSpeed { return distance > 0 }
        if speed <= -Self.flingSpeed { return false }
        return progress >= Self.completingShare
    }

    /// How long the slide from here to its end takes (to 1 if it completes, back to 0 if not), in seconds.
    public var settleDuration: Double {
        let remaining = completes ? 1 - progress : progress
        return Self.fullSlideDuration * remaining
    }
}
