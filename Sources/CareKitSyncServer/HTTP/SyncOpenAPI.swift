import Foundation

/// The sync protocol as an OpenAPI 3.1 document (served at `GET /sync/v1/openapi.json`);
/// docs/sync.md says the same in words.
public enum SyncOpenAPI {
    public static let document = #"""
        {
          "openapi": "3.1.0",
          "info": {
            "title": "CareKit sync server",
            "version": "1.0.0",
            "description": "Synchronizes the CareKit stores of one patient's devices. Bodies use CareKit's own JSON for OCKRevisionRecord and its KnowledgeVector (dates are seconds since 2001-01-01 as numbers). See docs/sync.md."
          },
          "servers": [{"url": "/"}],
          "security": [{"deviceToken": []}],
          "paths": {
            "/sync/v1/pull": {
              "post": {
                "operationId": "pull",
                "summary": "One page of the revisions the device's knowledge does not cover",
                "requestBody": {
                  "required": true,
                  "content": {"application/json": {"schema": {"$ref": "#/components/schemas/PullRequest"}}}
                },
                "responses": {
                  "200": {"description": "A page; while cursor is not null more pages follow, and the last page ends with a revision without entities that carries the server's knowledge.",
                          "content": {"application/json": {"schema": {"$ref": "#/components/schemas/PullPage"}}}},
                  "400": {"$ref": "#/components/responses/Problem"},
                  "401": {"$ref": "#/components/responses/Unauthorized"},
                  "503": {"$ref": "#/components/responses/Unavailable"}
                }
              }
            },
            "/sync/v1/push": {
              "post": {
                "operationId": "push",
                "summary": "Revisions the server has not seen; deviceKnowledge with the last request of a push only",
                "requestBody": {
                  "required": true,
                  "content": {"application/json": {"schema": {"$ref": "#/components/schemas/PushRequest"}}}
                },
                "responses": {
                  "200": {"description": "What was stored",
                          "content": {"application/json": {"schema": {"$ref": "#/components/schemas/PushResult"}}}},
                  "400": {"$ref": "#/components/responses/Problem"},
                  "401": {"$ref": "#/components/responses/Unauthorized"},
                  "409": {"$ref": "#/components/responses/Problem"},
                  "413": {"$ref": "#/components/responses/Problem"},
                  "503": {"$ref": "#/components/responses/Unavailable"}
                }
              }
            }
          },
          "components": {
            "securitySchemes": {
              "deviceToken": {"type": "http", "scheme": "bearer", "description": "The patient's device token: 64 hex digits, printed once by `carekit sync-server add-patient`."}
            },
            "responses": {
              "Problem": {"description": "The request was refused; nothing was stored.",
                          "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Problem"}}}},
              "Unauthorized": {"description": "No device token, not a token, or not known here.",
                               "headers": {"WWW-Authenticate": {"schema": {"type": "string"}}},
                               "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Problem"}}}},
              "Unavailable": {"description": "The server cannot reach its storage; try again later.",
                              "headers": {"Retry-After": {"schema": {"type": "string"}}},
                              "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Problem"}}}}
            },
            "schemas": {
              "KnowledgeVector": {
                "type": "object",
                "description": "At most 64 processes in a push (256 in a pull); a revision's vector names at least one, every clock 1 or more.",
                "required": ["processes"],
                "properties": {
                  "processes": {"type": "array", "maxItems": 256, "items": {
                    "type": "object", "required": ["id", "clock"],
                    "properties": {"id": {"type": "string", "format": "uuid"}, "clock": {"type": "integer", "minimum": 0}}
                  }}
                }
              },
              "Entity": {
                "type": "object",
                "description": "OCKEntity: a versioned CareKit entity in CareKit's JSON.",
                "required": ["type", "object"],
                "properties": {
                  "type": {"type": "string", "enum": ["patient", "carePlan", "contact", "task", "healthKitTask", "outcome"]},
                  "object": {"type": "object", "required": ["id", "uuid", "effectiveDate"],
                             "properties": {"id": {"type": "string"}, "uuid": {"type": "string", "format": "uuid"}, "effectiveDate": {"type": "number"}}}
                }
              },
              "Revision": {
                "type": "object",
                "description": "OCKRevisionRecord: versions written under one knowledge vector.",
                "required": ["entities", "knowledgeVector"],
                "properties": {
                  "entities": {"type": "array", "items": {"$ref": "#/components/schemas/Entity"}},
                  "knowledgeVector": {"$ref": "#/components/schemas/KnowledgeVector"}
                }
              },
              "PullRequest": {
                "type": "object",
                "required": ["knowledgeVector"],
                "properties": {
                  "knowledgeVector": {"$ref": "#/components/schemas/KnowledgeVector"},
                  "cursor": {"type": ["string", "null"], "description": "Where the previous page ended."},
                  "limit": {"type": ["integer", "null"], "minimum": 1, "maximum": 5000}
                }
              },
              "PullPage": {
                "type": "object",
                "required": ["revisions"],
                "properties": {
                  "revisions": {"type": "array", "items": {"$ref": "#/components/schemas/Revision"}},
                  "cursor": {"type": ["string", "null"]}
                }
              },
              "PushRequest": {
                "type": "object",
                "required": ["revisions"],
                "properties": {
                  "revisions": {"type": "array", "items": {"$ref": "#/components/schemas/Revision"}, "description": "At most 5,000 versions in all."},
                  "deviceKnowledge": {"$ref": "#/components/schemas/KnowledgeVector"}
                }
              },
              "PushResult": {
                "type": "object",
                "required": ["stored", "alreadyPresent"],
                "properties": {"stored": {"type": "integer"}, "alreadyPresent": {"type": "integer"}}
              },
              "Problem": {
                "type": "object",
                "required": ["reason"],
                "properties": {"reason": {"type": "string"}}
              }
            }
          }
        }
        """#
}
