/// Totals by period number, for the periods that have one, kept in two sorted arrays found by
/// binary search (not a `Dictionary`, slow to make at first use: docs/performance.md).
public struct PeriodTotals: Equatable, Sendable, ExpressibleByDictionaryLiteral {
  /// The periods that have a total, in increasing order.
  public private(set) var numbers: [Int] = []
  public private(set) var values: [PeriodTotal] = []

  public init() {}

  public init(dictionaryLiteral elements: (Int, PeriodTotal)...) {
    for (number, total) in elements { self[number] = total }
  }

  public var count: Int { numbers.count }
  public var isEmpty: Bool { numbers.isEmpty }

  /// The total of period `number`, or `nil` when it has none; setting `nil` removes it.
  public subscript(number: Int) -> PeriodTotal? {
    get {
      let (index, found) = position(of: number)
      return found ? values[index] : nil
    }
    set {
      let (index, found) = position(of: number)
      switch (found, newValue) {
      case (true, let total?): values[index] = total
      case (true, nil):
        numbers.remove(at: index)
        values.remove(at: index)
      case (false, let total?):
        numbers.insert(number, at: index)
        values.insert(total, at: index)
      case (false, nil): break
      }
    }
  }

  public subscript(number: Int, default defaultValue: PeriodTotal) -> PeriodTotal {
    get { self[number] ?? defaultValue }
    set { self[number] = newValue }
  }

  /// The periods from `first` on.
  public func from(_ first: Int) -> PeriodTotals {
    let start = position(of: first).index
    var kept = PeriodTotals()
    kept.numbers = Array(numbers[start...])
    kept.values = Array(values[start...])
    return kept
  }

  /// The first period and those whose progress went over `amount`: what a limit's streaks
  /// (``GoalSummary/streaks(in:within:from:current:)``) are found from.
  public func firstAnd(over amount: Int) -> PeriodTotals {
    var kept = PeriodTotals()
    for (index, number) in numbers.enumerated() where index == 0 || values[index].progress > amount {
      kept[number] = values[index]
    }
    return kept
  }

  /// The periods whose progress reached `amount`, in increasing order.
  public func numbers(reaching amount: Int) -> [Int] {
    zip(numbers, values).filter { $0.1.progress >= amount }.map { $0.0 }
  }

  private func position(of number: Int) -> (index: Int, found: Bool) {
    var low = 0
    var high = numbers.count
    while low < high {
      let middle = (low + high) / 2
      if numbers[middle] < number { low = middle + 1 } else { high = middle }
    }
    return (low, low < numbers.count && numbers[low] == number)
  }
}
