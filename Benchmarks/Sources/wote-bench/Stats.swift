/// Order statistics over a handful of measurements.
enum Stats {
    /// The middle value (the mean of the two middle ones for an even count); 0 for no values.
    static func median(_ values: [Double]) -> Double {
        percentile(values, 0.5)
    }

    /// The `fraction` quantile by linear interpolation between the closest ranks; 0 for no values.
    static func percentile(_ values: [Double], _ fraction: Double) -> Double {
        guard !values.isEmpty else { return 0 }
        let sorted = values.sorted()
        let rank = fraction * Double(sorted.count - 1)
        let lower = Int(rank.rounded(.down))
        let upper = min(lower + 1, sorted.count - 1)
        return sorted[lower] + (sorted[upper] - sorted[lower]) * (rank - Double(lower))
    }

    /// The least-squares slope of `ys` over `xs`; 0 when the xs do not vary.
    static func slope(xs: [Double], ys: [Double]) -> Double {
        let count = Double(xs.count)
        guard count > 1 else { return 0 }
        let meanX = xs.reduce(0, +) / count
        let meanY = ys.reduce(0, +) / count
        var covariance = 0.0
        var variance = 0.0
        for (x, y) in zip(xs, ys) {
            covariance += (x - meanX) * (y - meanY)
            variance += (x - meanX) * (x - meanX)
        }
        return variance == 0 ? 0 : covariance / variance
    }
}

extension Duration {
    /// The duration in seconds.
    var seconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) + Double(attoseconds) / 1e18
    }
}
