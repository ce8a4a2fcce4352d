/// The last `capacity` values appended, oldest first: a fixed amount of memory however long the
/// window stays open, which is what the debug history needs (it is fed every tick for hours).
struct RingBuffer<Element: Equatable>: Equatable {
    let capacity: Int
    private var storage: [Element] = []
    /// Where the next element goes once the storage is full; the oldest element lies there.
    private var next = 0

    init(capacity: Int) {
        precondition(capacity > 0, "a ring buffer holds at least one element")
        self.capacity = capacity
        storage.reserveCapacity(capacity)
    }

    var count: Int { storage.count }
    var isEmpty: Bool { storage.isEmpty }

    mutating func append(_ element: Element) {
        if storage.count < capacity {
            storage.append(element)
        } else {
            storage[next] = element
            next = (next + 1) % capacity
        }
    }

    /// The newest element.
    var last: Element? { storage.isEmpty ? nil : storage[(next + storage.count - 1) % storage.count] }

    /// Every element, oldest first.
    var elements: [Element] { Array(storage[next...] + storage[..<next]) }

    /// Two buffers are equal when they hold the same elements in the same order, wherever
    /// their wrap point happens to lie.
    static func == (a: RingBuffer, b: RingBuffer) -> Bool { a.capacity == b.capacity && a.elements == b.elements }
}
