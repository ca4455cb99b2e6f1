/// A value held by reference, so that the many values that hold the same one (the events of a
/// task version hold its task, those of a schedule element its element) share it instead of
/// each carrying a copy: an event stays small, and copying it copies no task.
final class _Shared<Value: Sendable>: Sendable {
    let value: Value

    init(_ value: Value) {
        self.value = value
    }
}
