import BentoJSON

/// The JSON Schema (draft 2020-12) of the screen format, for editors and
/// validators: `bento schema > screen.schema.json`.
///
/// It states bento-screen(5), DOCUMENT, as far as a JSON Schema can. What it
/// cannot state, `bento validate` still checks: a member name twice in one
/// object (JSON parsers keep one), a section id twice in a box or a row id
/// twice in a section (ids are equal by canonical JSON, which `uniqueItems`
/// cannot compare on one member), an integer id written with a fraction or
/// an exponent (`1.0` and `1e0` are integers to JSON Schema), nesting deeper
/// than 512 levels, and the JSON text itself (UTF-8, RFC 8259).
public enum ScreenSchema {
    /// The rules above that the schema leaves to `bento validate`.
    public static let rulesLeftOut = [
        "a member name twice in one object",
        "a section id twice in one box, or a row id twice in one section",
        "an integer id written with a fraction or an exponent (1.0, 1e0)",
        "nesting deeper than 512 levels",
        "text that is not JSON or not UTF-8",
    ]

    /// The schema document.
    public static let jsonValue: JSONValue = [
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": "Bento screen",
        "description": """
            A screen definition that bento reads: a Screen object with a "box", or a bare Box \
            (an object whose only member is "sections").
            """,
        "$comment": .string("Checked by bento validate, not by this schema: " + rulesLeftOut.joined(separator: "; ") + "."),
        "if": ["type": "object", "required": ["box"]],
        "then": ["$ref": "#/$defs/Screen"],
        "else": ["$ref": "#/$defs/Box"],
        "$defs": [
            "Screen": [
                "description": """
                    The screen: its box, an optional box pinned to the bottom, a title, and any other \
                    members, which are the screen's attributes (compared as values).
                    """,
                "type": "object",
                "required": ["box"],
                "properties": [
                    "box": ["$ref": "#/$defs/Box"],
                    "pinnedToBottomBox": ["$ref": "#/$defs/Box"],
                    "title": ["type": "string"],
                ],
            ],
            "Box": [
                "description": "A list of sections. Section ids are unique within the box.",
                "type": "object",
                "required": ["sections"],
                "properties": ["sections": ["type": "array", "items": ["$ref": "#/$defs/Section"]]],
                "patternProperties": ["^\\$": true],
                "additionalProperties": false,
            ],
            "Section": [
                "description": """
                    A section: an id, an optional header and footer (null is the same as none), and its \
                    rows (none is the same as []). Row ids are unique within the section.
                    """,
                "type": "object",
                "required": ["id"],
                "properties": [
                    "id": ["$ref": "#/$defs/ID"],
                    "header": ["anyOf": [["type": "null"], ["$ref": "#/$defs/Component"]]],
                    "footer": ["anyOf": [["type": "null"], ["$ref": "#/$defs/Component"]]],
                    "rows": ["type": "array", "items": ["$ref": "#/$defs/Node"]],
                ],
                "patternProperties": ["^\\$": true],
                "additionalProperties": false,
            ],
            "Node": [
                "description": "A row: its id and the component it shows.",
                "type": "object",
                "required": ["id", "component"],
                "properties": ["id": ["$ref": "#/$defs/ID"], "component": ["$ref": "#/$defs/Component"]],
                "patternProperties": ["^\\$": true],
                "additionalProperties": false,
            ],
            "Component": [
                "description": """
                    A renderable: its type ("IconTitleDetails") and any other members (props, style...), \
                    compared deeply. Members starting with $ are content here.
                    """,
                "type": "object",
                "required": ["type"],
                "properties": ["type": ["type": "string"]],
            ],
            "ID": [
                "description": """
                    A string, an integer written without fraction or exponent, or an array or object of \
                    them (a structured id). Ids are equal when their canonical JSON is: "1" and 1 differ.
                    """,
                "anyOf": [
                    ["type": "string"],
                    ["type": "integer"],
                    ["type": "array", "items": ["$ref": "#/$defs/ID"]],
                    ["type": "object", "additionalProperties": ["$ref": "#/$defs/ID"]],
                ],
            ],
        ],
    ]
}
