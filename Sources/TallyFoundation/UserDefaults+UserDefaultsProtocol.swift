import Foundation
import TallyDefaults

/// The book's conformance: Foundation's `UserDefaults` already has every requirement.
///
/// Kept in its own target, which the `tally` binary does not link, to prove that
/// `UserDefaultsProtocol` fits the real `UserDefaults`; the store contract tests run
/// against it too.
extension UserDefaults: UserDefaultsProtocol {}
