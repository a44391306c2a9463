import ArgumentParser
import GalleryLayout

/// `gallery layout --kind`: the engine's kinds by name ("rows" still accepted for justified).
extension LayoutKind: ExpressibleByArgument {}

extension MasonryOptions.Placement: ExpressibleByArgument {}
