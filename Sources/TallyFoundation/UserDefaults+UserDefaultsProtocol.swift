import Foundation
import TallyDefaults

/// Foundation's `UserDefaults` already has every requirement: kept in a target the `tally`
/// binary does not link, to prove that the protocol fits it, and to run the store contract.
extension UserDefaults: UserDefaultsProtocol {}
