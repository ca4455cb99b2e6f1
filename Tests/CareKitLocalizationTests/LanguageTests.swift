import CareKitUI
import Foundation
import Testing

@Suite struct LanguageTests {

    @Test func acceptLanguagePicksTheHighestWeightedLanguageTheAppSpeaks() {
        #expect(OCKLanguage.preferred(acceptLanguage: "fr-FR,fr;q=0.9,de;q=0.8,en;q=0.7") == OCKLanguage(tag: "de"))
        #expect(OCKLanguage.preferred(acceptLanguage: "es-MX")?.locale.identifier == "es_MX")
        #expect(OCKLanguage.preferred(acceptLanguage: "en;q=0.5, ar;q=0.6")?.code == "ar")
        #expect(OCKLanguage.preferred(acceptLanguage: "fr, ja;q=0.5") == nil)
        #expect(OCKLanguage.preferred(acceptLanguage: "de;q=0, es;q=0.1")?.code == "es")
        #expect(OCKLanguage.preferred(acceptLanguage: ";;,,q=,*") == nil)
    }

    @Test func tagsAreReadWithOrWithoutARegion() {
        #expect(OCKLanguage(tag: "AR")?.isRightToLeft == true)
        #expect(OCKLanguage(tag: "de_AT")?.locale.identifier == "de_AT")
        #expect(OCKLanguage(tag: "de-AT")?.code == "de")
        #expect(OCKLanguage(tag: "es-419")?.locale == OCKLanguage.spanish.locale)
        #expect(OCKLanguage(tag: "klingon") == nil)
        #expect(OCKLanguage(tag: "") == nil)
    }

    @Test func arabicHasSixPluralCategories() {
        let arabic = OCKLanguage.arabic
        #expect([0, 1, 2, 3, 10, 11, 99, 100, 102, 103, 111].map(arabic.pluralCategory) == ["zero", "one", "two", "few", "few", "many", "many", "other", "other", "few", "many"])
        #expect([0, 1, 2, 21].map(OCKLanguage.german.pluralCategory) == ["other", "one", "other", "other"])
    }

    @Test func numbersUseTheLanguagesDigitsAndSeparators() {
        #expect(OCKLanguage.english.number(1234.5) == "1,234.5")
        #expect(OCKLanguage.german.number(1234.5) == "1.234,5")
        #expect(OCKLanguage.arabic.number(37.2).unicodeScalars.contains { (0x0660...0x0669).contains($0.value) })
        #expect(OCKLanguage.english.percent(0.5) == "50%")
    }

    @Test func pluralFormsAndPlaceholdersAreFilledInTheRequestsLanguage() {
        let table = OCKStringTable(
            name: "Test",
            translations: [
                "en": ["{count} days left|one": "{count} day left", "{count} days left|other": "{count} days left"],
                "ar": [
                    "{count} days left|zero": "لا أيام", "{count} days left|one": "يوم واحد", "{count} days left|two": "يومان",
                    "{count} days left|few": "{count} أيام", "{count} days left|many": "{count} يومًا", "{count} days left|other": "{count} يوم"
                ],
                "es": ["{task} at {time}": "{task} a las {time}"]
            ])
        #expect(table.plural("{count} days left", count: 1, language: .english) == "1 day left")
        #expect(table.plural("{count} days left", count: 3, language: .english) == "3 days left")
        #expect(table.plural("{count} days left", count: 2, language: .arabic) == "يومان")
        #expect(table.plural("{count} days left", count: 3, language: .arabic) == "٣ أيام")
        // German has no forms: English.
        #expect(table.plural("{count} days left", count: 3, language: .german) == "3 days left")
        #expect(table.string("{task} at {time}", ["task": "Pills {time}", "time": "8:00"], language: .spanish) == "Pills {time} a las 8:00")
        #expect(table.string("{task} at {time}", ["task": "Pills"], language: .english) == "Pills at {time}")
    }

    @Test func theCurrentLanguageIsTheTasks() async {
        #expect(OCKLocalization.language == .english)
        OCKLocalization.$language.withValue(.german) {
            #expect(OCKLocalization.localized("Completed") == "Erledigt")
            #expect(OCKHTMLDocument(title: "x", body: []).render().contains(#"<html lang="de" dir="ltr">"#))
        }
        OCKLocalization.$language.withValue(.arabic) {
            #expect(OCKHTMLDocument(title: "x", body: []).render().contains(#"<html lang="ar" dir="rtl">"#))
        }
        #expect(OCKLocalization.localized("Completed") == "Completed")
        #expect(OCKLocalization.localized("Not a key", value: "Fallback") == "Fallback")
    }

    @Test func anAppsOwnTableIsFoundByName() {
        OCKStringTable.register(OCKStringTable(name: "ZombieApp", translations: ["es": ["Brains eaten": "Cerebros comidos"]]))
        OCKLocalization.$language.withValue(.spanish) {
            #expect(OCKLocalization.localized("Brains eaten", tableName: "ZombieApp") == "Cerebros comidos")
            #expect(OCKLocalization.localized("Brains eaten", tableName: "NoSuchTable") == "Brains eaten")
        }
    }

    @Test func leftToRightValuesAreIsolatedInRightToLeftSentences() {
        let table = OCKStringTable(name: "Isolation", translations: ["ar": ["{task} at {time}": "{task} في {time}"]])
        #expect(table.string("{task} at {time}", ["task": "Cardio", "time": "٨:٠٠"], language: .arabic) == "\u{2068}Cardio\u{2069} في ٨:٠٠")
        #expect(table.string("{task} at {time}", ["task": "مشي", "time": "8:00"], language: .arabic) == "مشي في \u{2068}8:00\u{2069}")
        #expect(table.string("{task} at {time}", ["task": "Cardio", "time": "8:00"], language: .english) == "Cardio at 8:00")
    }
}
