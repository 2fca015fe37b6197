import WoteData
import WoteRepository
import WoteSession
import WoteWire

// The engine is the repositories' one owner of the tokens.
extension SessionEngine: SessionDataSource {}
