import TallyLocalization
import Testing

/// gettext's plural expressions, as catalogs of many languages write them.
struct PluralRuleTests {
  static func forms(_ header: String, _ numbers: [Int] = Array(0...5) + [11, 21, 22, 25, 101, 111]) -> [Int]? {
    PluralRule(header: header).map { rule in numbers.map(rule.form(for:)) }
  }

  @Test func germanAndSpanishTakeTheSingularForOneOnly() {
    #expect(Self.forms("nplurals=2; plural=(n != 1);", [0, 1, 2, 21]) == [1, 0, 1, 1])
  }

  @Test func frenchTakesTheSingularForZeroAndOne() {
    #expect(Self.forms("nplurals=2; plural=(n > 1);", [0, 1, 2, 100]) == [0, 0, 1, 1])
  }

  @Test func polishAndRussianChooseAmongThree() {
    let polish = "nplurals=3; plural=(n==1 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);"
    #expect(Self.forms(polish) == [2, 0, 1, 1, 1, 2, 2, 2, 1, 2, 2, 2])
    let russian = "nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);"
    #expect(Self.forms(russian) == [2, 0, 1, 1, 1, 2, 2, 0, 1, 2, 0, 2])
  }

  @Test func arithmeticNotAndOneForm() {
    #expect(Self.forms("nplurals=1; plural=0;", [0, 1, 7]) == [0, 0, 0])
    #expect(Self.forms("nplurals=2; plural=!(n - 1);", [0, 1, 2]) == [0, 1, 0])
    #expect(Self.forms("nplurals=3; plural=n * 2 / 3 % 3;", [0, 1, 2, 3]) == [0, 0, 1, 2])
    #expect(Self.forms("nplurals=2; plural=n / 0 + n % 0;", [5]) == [0])
  }

  @Test func aNegativeCountTakesItsMagnitudesForm() {
    #expect(Self.forms("nplurals=2; plural=(n != 1);", [-1, -2, Int.min]) == [0, 1, 1])
  }

  @Test(arguments: [
    "nplurals=2; plural=n +;", "nplurals=2; plural=(n;", "nplurals=2; plural=n ? 1;", "nplurals=2; plural=x;",
    "nplurals=2;", "plural=n != 1;", "nplurals=0; plural=0;", "nplurals=2; plural=n != 1 1;",
    "nplurals=2; plural=" + String(repeating: "!", count: 100) + "n;",
  ])
  func anExpressionOutsideTheGrammarIsRefused(_ header: String) {
    #expect(PluralRule(header: header) == nil)
  }
}
