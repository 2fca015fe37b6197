/// `--profile VARIANT`: sends one variant's requests and nothing else, for a profiler
/// (`valgrind --tool=callgrind`, `perf record`) to attribute the cost of one request.
struct ProfileRun {
    let variants: RequestVariants
    let key: String
    let requests: Int
    let concurrency: Int

    func run() async throws -> String {
        let candidates = variants.all + variants.recorded
        guard let variant = candidates.first(where: { $0.key == key }) else {
            throw BenchFailure("--profile takes one of \(candidates.map(\.key).joined(separator: ", "))")
        }
        _ = await Load.run(total: 100, concurrency: concurrency, variant.request)
        let result = await Load.run(total: requests, concurrency: concurrency, variant.request)
        return "\(variant.name): \(result.successes) of \(result.requests) requests succeeded in "
            + "\(Report.format(result.elapsed.seconds)) s, client CPU "
            + "\(Report.format(result.clientCPU.seconds * 1e6 / Double(result.requests))) µs per request"
    }
}
