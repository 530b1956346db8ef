import TallyLocalization

/// A setting's value that Tally refuses, or a setting it does not know.
public struct SettingError: Error, Equatable, CustomStringConvertible {
  /// Names the setting and, for a bad value, the values it allows.
  public var description: String
  /// Whether the setting's name, not its value, is wrong.
  public var isUnknownSetting = false

  public init(_ description: String, isUnknownSetting: Bool = false) {
    self.description = description
    self.isUnknownSetting = isUnknownSetting
  }

  public static func unknown(_ name: String) -> SettingError {
    SettingError(tr("\"\(name)\" is not a setting; `tally config list` shows them all"), isUnknownSetting: true)
  }
}
