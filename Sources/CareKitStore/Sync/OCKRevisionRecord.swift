import Foundation

/// A batch of entity versions that share one knowledge-vector stamp: what stores exchange
/// when they synchronize.
public struct OCKRevisionRecord: Codable, Hashable, Sendable {

    /// A vector clock: for each process (store) that wrote data, how many ticks of its clock
    /// the holder has seen. Its JSON form is `{"processes":[{"id": UUID, "clock": Int}]}`.
    public struct KnowledgeVector: Codable, Hashable, Sendable, Comparable {
        /// The clock of every known process.
        public private(set) var processes: [UUID: Int]

        /// Creates a vector from per-process clocks.
        public init(_ processes: [UUID: Int] = [:]) {
            self.processes = processes
        }

        /// The processes this vector knows.
        public var uuids: Set<UUID> { Set(processes.keys) }

        /// The clock for a process; 0 when the process is unknown.
        public func clock(for uuid: UUID) -> Int { processes[uuid] ?? 0 }

        /// Advances the clock of a process by one.
        public mutating func increment(clockFor uuid: UUID) {
            processes[uuid, default: 0] += 1
        }

        /// Takes, for every process, the larger of the two clocks.
        public mutating func merge(with other: KnowledgeVector) {
            for (uuid, clock) in other.processes {
                processes[uuid] = max(processes[uuid] ?? 0, clock)
            }
        }

        /// Whether everything written under `vector` is known to the holder of this vector:
        /// no clock of `vector` is greater than this vector's.
        public func covers(_ vector: KnowledgeVector) -> Bool {
            vector.processes.allSatisfy { clock(for: $0.key) >= $0.value }
        }

        /// Whether `lhs` happened before `rhs`: no clock greater and at least one smaller.
        public static func < (lhs: KnowledgeVector, rhs: KnowledgeVector) -> Bool {
            var strictlyLess = false
            for uuid in lhs.uuids.union(rhs.uuids) {
                let left = lhs.clock(for: uuid), right = rhs.clock(for: uuid)
                if left > right { return false }
                if left < right { strictlyLess = true }
            }
            return strictlyLess
        }

        private struct Process: Codable {
            var id: UUID
            var clock: Int
        }

        private enum CodingKeys: String, CodingKey {
            case processes
        }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            let list = try container.decode([Process].self, forKey: .processes)
            var processes: [UUID: Int] = [:]
            for process in list {
                processes[process.id] = max(processes[process.id] ?? 0, process.clock)
            }
            self.processes = processes
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            // Sorted so that the same vector always encodes to the same bytes.
            let list =
                processes
                .map { Process(id: $0.key, clock: $0.value) }
                .sorted { $0.id.uuidString < $1.id.uuidString }
            try container.encode(list, forKey: .processes)
        }
    }

    /// The entity versions in this revision.
    public let entities: [OCKEntity]

    /// The knowledge of the writer when these versions were written.
    public let knowledgeVector: KnowledgeVector

    /// Creates a revision record.
    public init(entities: [OCKEntity], knowledgeVector: KnowledgeVector) {
        self.entities = entities
        self.knowledgeVector = knowledgeVector
    }
}
