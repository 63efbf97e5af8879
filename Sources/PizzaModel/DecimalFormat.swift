/// printf's `%W.Pf` without Foundation: fixed-point, right-aligned in `width`, rounded as glibc rounds the
/// exact binary value (half to even on exact ties).
public enum DecimalFormat {
    public static func fixed(_ value: Double, width: Int = 0, decimals: Int) -> String {
        precondition((0...9).contains(decimals), "decimals must be 0...9")
        var text: String
        if value.isNaN {
            text = "nan"
        } else if value.isInfinite {
            text = value < 0 ? "-inf" : "inf"
        } else {
            text = digits(of: value, decimals: decimals)
        }
        if text.count < width { text = String(repeating: " ", count: width - text.count) + text }
        return text
    }

    /// The fewest decimals, from `minimum` up to `maximum`, that show `value` as it is: 0.05 needs 2,
    /// 0.045 needs 3, 0.0001 needs 4. A value with more decimals than `maximum` gets `maximum`.
    public static func decimalsNeeded(_ value: Double, minimum: Int, maximum: Int) -> Int {
        precondition(0 <= minimum && minimum <= maximum && maximum <= 9, "decimals must be 0...9, minimum first")
        guard value.isFinite else { return minimum }
        var scale = 1.0
        for _ in 0..<minimum { scale *= 10 }
        for decimals in minimum..<maximum {
            let scaled = abs(value) * scale
            // Within a few units in the last place of a whole number: the decimal the user typed, seen in binary.
            if abs(scaled - scaled.rounded()) <= 4 * scaled.ulp { return decimals }
            scale *= 10
        }
        return maximum
    }

    private static func digits(of value: Double, decimals: Int) -> String {
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        let magnitude = abs(value)
        let sign = value.sign == .minus ? "-" : ""
        // The product rounded to a Double, and its exact error (`scale` is a small power of ten).
        let product = magnitude * scale
        let error = (-product).addingProduct(magnitude, scale)
        var scaled = product.rounded(.toNearestOrEven)
        if product - product.rounded(.down) == 0.5 && error != 0 {
            // A tie only after rounding the product: the exact value decides, as printf's exact expansion does.
            scaled = error > 0 ? product.rounded(.up) : product.rounded(.down)
        }
        if scaled >= 9.0e15 {
            // Beyond exact integers: Swift's own digits (menu values never get here).
            return sign + "\(magnitude)"
        }
        let units = UInt64(scaled)
        let divisor = UInt64(scale)
        var result = sign + String(units / divisor)
        if decimals > 0 {
            let fraction = String(units % divisor)
            result += "." + String(repeating: "0", count: decimals - fraction.count) + fraction
        }
        return result
    }
}
