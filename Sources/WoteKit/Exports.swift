// An app imports WoteKit alone: the domain model, use cases, view models, storage and transport
// come with it. The Repository layer stays hidden; its wire types are never public API.
@_exported import WoteContract
@_exported import WoteData
@_exported import WoteDomain
@_exported import WotePresentation
@_exported import WoteSession
@_exported import WoteUseCases
