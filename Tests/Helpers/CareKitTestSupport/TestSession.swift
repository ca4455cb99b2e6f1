import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The URL session tests make their requests with: one for the whole test process. A session
/// made per test and dropped at its end is torn down while its connections' dispatch sources may
/// still fire, which on Linux crashes Foundation now and then (swift-corelibs-foundation #4791;
/// the remote's ``sharedSession`` says more); one session is never torn down.
public enum TestSession {
    public static let shared: URLSession = {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpShouldSetCookies = false
        configuration.httpCookieStorage = nil
        configuration.urlCache = nil
        return URLSession(configuration: configuration)
    }()
}
