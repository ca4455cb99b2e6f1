import CareKitStore
import Foundation

/// Names, telecom and addresses, both ways (shared by patients and contacts).
enum _People {

    // MARK: Names

    /// The name as FHIR `HumanName`s: the name, then the nickname (use `nickname`).
    static func names(_ name: PersonNameComponents) -> [FHIRHumanName]? {
        var result: [FHIRHumanName] = []
        let given = [name.givenName, name.middleName].compactMap(\.nonEmpty)
        let main = FHIRHumanName(family: name.familyName, given: given, prefix: name.namePrefix.map { [$0] }, suffix: name.nameSuffix.map { [$0] })
        if main.family != nil || main.given != nil || main.prefix != nil || main.suffix != nil { result.append(main) }
        if let nickname = name.nickname.nonEmpty { result.append(FHIRHumanName(use: "nickname", given: [nickname])) }
        return result.nonEmpty
    }

    /// The name of FHIR `HumanName`s: the first that is not a nickname (or the official one),
    /// and the nickname.
    static func name(_ names: [FHIRHumanName]?) -> PersonNameComponents {
        var components = PersonNameComponents()
        let all = names ?? []
        let main = all.first { $0.use == "official" } ?? all.first { $0.use != "nickname" && $0.use != "old" } ?? all.first { $0.use != "nickname" }
        if let main {
            components.familyName = main.family
            components.givenName = main.given?.first
            let middle = (main.given ?? []).dropFirst().joined(separator: " ")
            components.middleName = middle.isEmpty ? nil : middle
            components.namePrefix = main.prefix?.joined(separator: " ")
            components.nameSuffix = main.suffix?.joined(separator: " ")
            if main.family == nil, main.given == nil, let text = main.text { components.givenName = text }
        }
        components.nickname = all.first { $0.use == "nickname" }.flatMap { $0.given?.first ?? $0.text }
        return components
    }

    // MARK: Telecom

    static let uses: Set = ["home", "work", "temp", "old", "mobile"]

    static func telecom(_ values: [OCKLabeledValue]?, system: String) -> [FHIRContactPoint] {
        (values ?? []).compactMap { labeled in
            guard !labeled.value.isEmpty else { return nil }
            let use = uses.contains(labeled.label) ? labeled.label : nil
            let label: [FHIRExtension]? = use == nil && !labeled.label.isEmpty ? [.string(OCKFHIRVocabulary.label, labeled.label)] : nil
            return FHIRContactPoint(system: system, value: labeled.value, use: use, extensions: label)
        }
    }

    /// The labelled values of one system (`phone`, `sms`, `email`; everything else for `other`).
    static func labeledValues(_ telecom: [FHIRContactPoint]?, systems: Set<String>) -> [OCKLabeledValue]? {
        let values = (telecom ?? []).filter { systems.contains($0.system ?? "other") }.compactMap { point -> OCKLabeledValue? in
            guard let value = point.value else { return nil }
            let label = point.extension?.first(OCKFHIRVocabulary.label)?.textValue ?? point.use ?? ""
            return OCKLabeledValue(label: label, value: value)
        }
        return values.nonEmpty
    }

    static let otherSystems: Set = ["other", "fax", "url", "pager"]

    // MARK: Addresses

    static func address(_ address: OCKPostalAddress?) -> [FHIRAddress]? {
        guard let address else { return nil }
        var parts: [FHIRExtension] = []
        if !address.subLocality.isEmpty { parts.append(.string("subLocality", address.subLocality)) }
        if !address.isoCountryCode.isEmpty { parts.append(.code("isoCountryCode", address.isoCountryCode)) }
        let lines = address.street.components(separatedBy: "\n")
        let fhir = FHIRAddress(
            line: lines, city: address.city, district: address.subAdministrativeArea, state: address.state,
            postalCode: address.postalCode, country: address.country,
            extensions: parts.isEmpty ? nil : [.complex(OCKFHIRVocabulary.addressParts, parts)])
        return [fhir]
    }

    static func address(_ addresses: [FHIRAddress]?) -> OCKPostalAddress? {
        guard let fhir = addresses?.first else { return nil }
        let parts = fhir.extension?.first(OCKFHIRVocabulary.addressParts)
        var address = OCKPostalAddress(
            street: (fhir.line ?? []).joined(separator: "\n"), city: fhir.city ?? "", state: fhir.state ?? "",
            postalCode: fhir.postalCode ?? "", country: fhir.country ?? "")
        address.subAdministrativeArea = fhir.district ?? ""
        address.subLocality = parts?.part("subLocality")?.textValue ?? ""
        address.isoCountryCode = parts?.part("isoCountryCode")?.textValue ?? ""
        return address
    }
}
