import CareKitHTTP
import CareKitStore
import Foundation

/// Errors told to the person using the app: what happened, in words, without Foundation's
/// domains and codes.
enum WebErrors {
    /// The status, heading and message of the page for an error a request ran into.
    static func page(for error: any Error) -> (status: Int, title: String, message: String) {
        switch error {
        case let error as HTTPError:
            return (error.status, error.status == 404 ? loc("Not found") : loc("That did not work"), error.message)
        case let error as OCKStoreError:
            switch error {
            case .fetchFailed: return (500, loc("The store could not be read"), error.reason)
            case .timedOut: return (503, loc("The store is busy"), error.reason + " " + loc("Try again in a moment."))
            case .remoteSynchronizationFailed: return (502, loc("Synchronization failed"), error.reason)
            case .invalidValue, .addFailed, .updateFailed, .deleteFailed: return (409, loc("The store refused the change"), error.reason)
            }
        default:
            return (500, loc("Something went wrong"), describe(error))
        }
    }

    /// One sentence about an error: the file and the system's reason for file errors, the
    /// description of errors that have one, else the kind of error.
    static func describe(_ error: any Error) -> String {
        switch error {
        case let error as HTTPError:
            return error.message
        case let error as OCKStoreError:
            return error.reason
        case let error as CocoaError:
            let reason = (error.underlying as? POSIXError).map { _systemReason($0.code.rawValue) } ?? fileReason(error)
            guard let path = error.filePath ?? error.url?.path else { return sentence(reason) }
            return sentence(loc("{file}: {reason}", ["file": path, "reason": reason]))
        case let error as POSIXError:
            return sentence(_systemReason(error.code.rawValue))
        case let error as any LocalizedError:
            if let description = error.errorDescription { return description }
        default:
            break
        }
        return loc("An unexpected error ({kind}) stopped this request; nothing more is known about it.", ["kind": String(describing: type(of: error))])
    }

    private static func fileReason(_ error: CocoaError) -> String {
        switch error.code {
        case .fileNoSuchFile, .fileReadNoSuchFile: return loc("there is no such file")
        case .fileReadNoPermission, .fileWriteNoPermission: return loc("permission denied")
        case .fileWriteOutOfSpace: return loc("the disk is full")
        case .fileWriteVolumeReadOnly: return loc("the disk is read-only")
        case .fileReadCorruptFile: return loc("the file is damaged or not in the expected format")
        default: return loc("the file could not be used ({reason})", ["reason": error.localizedDescription])
        }
    }

    private static func sentence(_ text: String) -> String {
        text.hasSuffix(".") ? text : text + "."
    }
}
