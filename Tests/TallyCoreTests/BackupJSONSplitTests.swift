import Testing

@testable import TallyModel

/// The split must follow white space between any two tokens: one that gave up would leave the
/// whole document to `JSONDecoder`, whose map of ten years outgrows the import's memory.
struct BackupJSONSplitTests {
  @Test func whiteSpaceBetweenAnyTokensIsSkipped() throws {
    let text = """
       \n{ "format" : "tally-backup" ,\t"counters" : [ { "name" : "a" , "history" : [ { "event" : "created" } ,\r
       { "event" : "changed" } ] , "step" : 1 } , { "history" : [ ] } ] } \n
      """
    let bytes = Array(text.utf8)
    let split = try #require(BackupJSONSplit(bytes))
    #expect(
      split.histories.map { $0.map { String(decoding: bytes[$0], as: UTF8.self) } } == [
        [#"{ "event" : "created" }"#, #"{ "event" : "changed" }"#], [],
      ])
    #expect(
      String(decoding: split.skeleton, as: UTF8.self)
        == " \n{ \"format\" : \"tally-backup\" ,\t\"counters\" : [ { \"name\" : \"a\" , \"history\" : [] , \"step\" : 1 } , "
        + "{ \"history\" : [] } ] } \n")
  }
}
