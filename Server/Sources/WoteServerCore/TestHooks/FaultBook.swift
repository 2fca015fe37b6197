/// The faults in force; the first rule that matches a request applies.
actor FaultBook {
    private var rules: [FaultRule] = []

    var all: [FaultRule] { rules }

    func add(_ rule: FaultRule) { rules.append(rule) }

    func clear() { rules = [] }

    /// The fault for this request, if any, counting one use of it.
    func take(method: String, path: String) -> FaultRule? {
        guard !rules.isEmpty, let index = rules.firstIndex(where: { $0.matches(method: method, path: path) }) else {
            return nil
        }
        let rule = rules[index]
        if let times = rule.times {
            if times <= 1 { rules.remove(at: index) } else { rules[index].times = times - 1 }
        }
        return rule
    }
}
