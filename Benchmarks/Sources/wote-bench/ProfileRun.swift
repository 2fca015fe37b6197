import CHeapStats

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
        let counting = wote_bench_count_global_enqueues() == 0
        let enqueuesBefore = wote_bench_global_enqueues()
        let allocating = wote_bench_count_allocations(1) == 0
        let allocationsBefore = wote_bench_allocations()
        let result = await Load.run(total: requests, concurrency: concurrency, variant.request)
        let allocations = wote_bench_allocations() - allocationsBefore
        _ = wote_bench_count_allocations(0)
        let enqueues = wote_bench_global_enqueues() - enqueuesBefore
        let perRequest = { (count: Int64) in Report.format(Double(count) / Double(max(result.requests, 1))) }
        return "\(variant.name): \(result.successes) of \(result.requests) requests succeeded in "
            + "\(Report.format(result.elapsed.seconds)) s, client CPU "
            + "\(Report.format(result.clientCPU.seconds * 1e6 / Double(result.requests))) µs, "
            + (counting ? perRequest(enqueues) : "n/a") + " global-executor enqueues and "
            + (allocating ? perRequest(allocations) : "n/a") + " allocations per request"
    }
}
