import TallyCore
import Testing

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

struct PropertyListDateTests {
  @Test(arguments: [
    (0.0, "2001-01-01T00:00:00Z"), (817_085_602.056, "2026-11-23T00:13:22.056Z"), (-1.5, "2000-12-31T23:59:58.5Z"),
    (0.000_001, "2001-01-01T00:00:00.000001Z"), (-978_307_200, "1970-01-01T00:00:00Z"),
  ])
  func textIsShortAndReadsBackExactly(interval: Double, text: String) throws {
    let date = Date(timeIntervalSinceReferenceDate: interval)
    #expect(PropertyListXML.text(for: date) == text)
    #expect(PropertyListXML.date(from: text) == date)
  }

  @Test func randomDatesRoundTripExactly() {
    var generator = SystemRandomNumberGenerator()
    for _ in 0..<20_000 {
      let interval = Double.random(in: -4e9...4e9, using: &generator)
      let date = Date(timeIntervalSinceReferenceDate: interval)
      #expect(PropertyListXML.date(from: PropertyListXML.text(for: date)) == date, "\(interval)")
    }
  }

  @Test func nowRoundTripsAndStaysShort() {
    let now = Date()
    let text = PropertyListXML.text(for: now)
    #expect(PropertyListXML.date(from: text) == now)
    #expect(text.count <= 30, "\(text)")
  }
}
