import CareKitHTTP
import Foundation
import Testing

@Suite("HTTP: whose X-Forwarded-For is believed")
struct TrustedProxyTests {
    static func request(from peer: String?, forwardedFor: String?) -> HTTPRequest {
        HTTPRequest(method: "POST", path: "/team/login", headers: forwardedFor.map { ["x-forwarded-for": $0] } ?? [:], clientAddress: peer)
    }

    @Test func aPeerThatIsNoTrustedProxyKeepsItsOwnAddressWhateverItClaims() throws {
        let proxies = try HTTPTrustedProxies("127.0.0.1")
        #expect(proxies.clientAddress(of: Self.request(from: "203.0.113.9", forwardedFor: "10.9.9.9")) == "203.0.113.9")
        #expect(HTTPTrustedProxies.none.clientAddress(of: Self.request(from: "127.0.0.1", forwardedFor: "10.9.9.9")) == "127.0.0.1")
        #expect(proxies.clientAddress(of: Self.request(from: nil, forwardedFor: "10.9.9.9")) == "unknown")
    }

    @Test func theHeaderIsReadFromTheRightPastTrustedHops() throws {
        let proxies = try HTTPTrustedProxies("127.0.0.1, 10.0.0.0/8")
        // The client put 6.6.6.6 first itself; the proxies appended what they saw.
        let chain = Self.request(from: "127.0.0.1", forwardedFor: "6.6.6.6, 198.51.100.4, 10.1.2.3")
        #expect(proxies.clientAddress(of: chain) == "198.51.100.4")
        #expect(proxies.clientAddress(of: Self.request(from: "127.0.0.1", forwardedFor: "10.1.2.3, 10.4.5.6")) == "10.1.2.3")
        #expect(proxies.clientAddress(of: Self.request(from: "127.0.0.1", forwardedFor: nil)) == "127.0.0.1")
    }

    @Test func onlyAnIPLiteralIsTakenSoMarkupNeverReachesTheAudit() throws {
        let proxies = try HTTPTrustedProxies("127.0.0.1")
        let forged = Self.request(from: "127.0.0.1", forwardedFor: "<b>forged</b> 10.9.9.9")
        #expect(proxies.clientAddress(of: forged) == "127.0.0.1")
        let behind = Self.request(from: "127.0.0.1", forwardedFor: "<script>, 192.0.2.8")
        #expect(proxies.clientAddress(of: behind) == "192.0.2.8")
        #expect(proxies.clientAddress(of: Self.request(from: "127.0.0.1", forwardedFor: "192.0.2.8:4711")) == "127.0.0.1")
    }

    @Test func networksMatchByPrefixInBothFamiliesAndMappedIPv4CountsAsIPv4() throws {
        let proxies = try HTTPTrustedProxies("192.168.0.0/16,fd00::/8,::1")
        #expect(proxies.trusts("192.168.77.1") && !proxies.trusts("192.169.0.1"))
        #expect(proxies.trusts("fd12:3456::1") && !proxies.trusts("fe80::1"))
        #expect(proxies.trusts("::1") && !proxies.trusts("::2"))
        #expect(proxies.trusts("::ffff:192.168.1.1"))
        #expect(!proxies.trusts("proxy.example"))
        #expect(try HTTPTrustedProxies("0.0.0.0/0").trusts("8.8.8.8"))
    }

    @Test func aListThatIsNotAddressesIsRefusedInWords() {
        for list in ["proxy.example", "10.0.0.0/33", "10.0.0.0/x", "", " , ", "::1/129", "10.0.0.1/٨"] {
            #expect(throws: HTTPSetupError.self, "\(list)") { try HTTPTrustedProxies(list) }
        }
        do {
            _ = try HTTPTrustedProxies("proxy.example")
        } catch {
            #expect(error.message.contains("'proxy.example' is not an IP address"))
        }
    }
}
