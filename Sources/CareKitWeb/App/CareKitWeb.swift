// The care app's pages and forms speak CareKitHTTP's requests, responses and errors:
// `import CareKitWeb` brings them along, as `import CareKit` brings the store and the cards.
@_exported import CareKitHTTP
