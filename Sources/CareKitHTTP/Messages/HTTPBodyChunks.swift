import Foundation

/// A body made piece by piece while it is sent (``HTTPResponse/Body/chunks(_:)``). The server
/// calls ``next()`` once at a time, and again only when less than a few dozen kilobytes wait
/// to be sent, so a slow client holds back the producer instead of filling memory. Nil ends the
/// body; an error cuts the connection before the end, so the client can tell a broken body from
/// a complete one.
public struct HTTPBodyChunks: Sendable {
    private let produce: @Sendable () async throws -> Data?

    /// Chunks from a closure, called until it returns nil.
    public init(_ next: @escaping @Sendable () async throws -> Data?) {
        self.produce = next
    }

    /// Pages from a cursor: `next` makes one page from where the previous one ended and says
    /// where the next starts, or returns nil after the last (for example a store's history
    /// read a few hundred records at a time).
    public init<Cursor: Sendable>(from start: Cursor, next: @escaping @Sendable (Cursor) async throws -> (Data, Cursor)?) {
        let cursor = _Locked<Cursor?>(start)
        self.produce = {
            guard let current = cursor.value else { return nil }
            guard let (data, following) = try await next(current) else {
                cursor.set(nil)
                return nil
            }
            cursor.set(following)
            return data
        }
    }

    /// The whole of some bytes, a piece at a time.
    public init(_ data: Data, pieceSize: Int = 16 * 1024) {
        let offset = _Locked(0)
        let size = max(1, pieceSize)
        self.produce = {
            offset.withLock { start in
                guard start < data.count else { return nil }
                let end = min(data.count, start + size)
                defer { start = end }
                return data.subdata(in: (data.startIndex + start)..<(data.startIndex + end))
            }
        }
    }

    /// The next piece, or nil at the end.
    public func next() async throws -> Data? {
        try await produce()
    }
}
