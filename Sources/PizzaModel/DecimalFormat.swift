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
