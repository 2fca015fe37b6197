import Foundation
import WoteData
public import WoteSession
import WoteWire

extension SessionConfiguration {
    /// Creates a configuration; every parameter has the Wote default.
    public init(
        refreshLeeway: Duration = .seconds(30),
        maximumRefreshesPerWindow: Int = 20, refreshWindow: Duration = .seconds(10),
        contract: SessionContract = .wote, storeLockTimeout: Duration? = nil
    ) {
        self.init(
            contract: contract, refreshLeeway: refreshLeeway, maximumRefreshesPerWindow: maximumRefreshesPerWindow,
            refreshWindow: refreshWindow, storeLockTimeout: storeLockTimeout)
    }
}
