/// English plural forms of CareKitCLI's text (every other English text is its key).
let _careKitCLIEnglish: [String: String] = [
    "{count} entity versions|one": "{count} entity version",
    "{count} entity versions|other": "{count} entity versions",
    "a FHIR Bundle of {count} resources ({types})|one": "a FHIR Bundle of {count} resource ({types})",
    "a FHIR Bundle of {count} resources ({types})|other": "a FHIR Bundle of {count} resources ({types})",
    "The store is damaged (SQLite's check found {damage}) The export holds the {count} versions that could be read. {lost} Import it into a new store with `carekit import FILE --store NEW`, or restore a backup.|one":
        "The store is damaged (SQLite's check found {damage}) The export holds the {count} version that could be read. {lost} Import it into a new store with `carekit import FILE --store NEW`, or restore a backup.",
    "The store is damaged (SQLite's check found {damage}) The export holds the {count} versions that could be read. {lost} Import it into a new store with `carekit import FILE --store NEW`, or restore a backup.|other":
        "The store is damaged (SQLite's check found {damage}) The export holds the {count} versions that could be read. {lost} Import it into a new store with `carekit import FILE --store NEW`, or restore a backup.",
    "and {count} more|one": "and {count} more",
    "and {count} more|other": "and {count} more",
    "{file}: {count} FHIR resources cannot be placed in a CareKit store. Nothing was imported.|one":
        "{file}: {count} FHIR resource cannot be placed in a CareKit store. Nothing was imported.",
    "{file}: {count} FHIR resources cannot be placed in a CareKit store. Nothing was imported.|other":
        "{file}: {count} FHIR resources cannot be placed in a CareKit store. Nothing was imported.",
    "Wrote the calendar of {count} tasks to {path}.|one": "Wrote the calendar of {count} tasks to {path}.",
    "Wrote the calendar of {count} tasks to {path}.|other": "Wrote the calendar of {count} tasks to {path}.",
    "{count} patient versions|one": "{count} patient version",
    "{count} patient versions|other": "{count} patient versions",
    "{count} care plan versions|one": "{count} care plan version",
    "{count} care plan versions|other": "{count} care plan versions",
    "{count} contact versions|one": "{count} contact version",
    "{count} contact versions|other": "{count} contact versions",
    "{count} task versions|one": "{count} task version",
    "{count} task versions|other": "{count} task versions",
    "{count} outcome versions|one": "{count} outcome version",
    "{count} outcome versions|other": "{count} outcome versions",
    "{count} versions were already in the store and left as they were.|one": "{count} version was already in the store and left as they were.",
    "{count} versions were already in the store and left as they were.|other": "{count} versions were already in the store and left as they were.",
    "{count} HealthKit task versions were left out: this store cannot hold HealthKit tasks.|one":
        "{count} HealthKit task version was left out: this store cannot hold HealthKit tasks.",
    "{count} HealthKit task versions were left out: this store cannot hold HealthKit tasks.|other":
        "{count} HealthKit task versions were left out: this store cannot hold HealthKit tasks.",
    "Wrote the PDF report for {from} to {to} ({count} days) to {path}.|one": "Wrote the PDF report for {from} to {to} ({count} day) to {path}.",
    "Wrote the PDF report for {from} to {to} ({count} days) to {path}.|other": "Wrote the PDF report for {from} to {to} ({count} days) to {path}.",
    "Wrote the HTML report for {from} to {to} ({count} days) to {path}.|one": "Wrote the HTML report for {from} to {to} ({count} day) to {path}.",
    "Wrote the HTML report for {from} to {to} ({count} days) to {path}.|other": "Wrote the HTML report for {from} to {to} ({count} days) to {path}.",
    "The report covers {count} days; at most {maximum} are allowed.|one": "The report covers {count} day; at most {maximum} are allowed.",
    "The report covers {count} days; at most {maximum} are allowed.|other": "The report covers {count} days; at most {maximum} are allowed.",
    "pulled {count} new versions|one": "pulled {count} new version",
    "pulled {count} new versions|other": "pulled {count} new versions",
    "pushed {count}|one": "pushed {count}",
    "pushed {count}|other": "pushed {count}",
    "resolved {count} conflicts|one": "resolved {count} conflict",
    "resolved {count} conflicts|other": "resolved {count} conflicts",
    "{count} waiting for versions they follow (the next sync brings them)|one": "{count} waiting for versions they follow (the next sync brings them)",
    "{count} waiting for versions they follow (the next sync brings them)|other": "{count} waiting for versions they follow (the next sync brings them)",
    "Password (at least {count} characters): |one": "Password (at least {count} characters): ",
    "Password (at least {count} characters): |other": "Password (at least {count} characters): "
]
