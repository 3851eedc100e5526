import LockOutCore

/// The family API's OpenAPI document, served at `/openapi.yaml`; `docs/server.md` describes the API in prose.
/// Kept in code so that an installed `lockout` binary serves it without resource files. It declares what the
/// server takes and nothing more (scripts/e2e/api-schema.sh holds the server to it): a request it calls invalid
/// is refused with a 4xx, and what a mutation's envelope breaks is refused per mutation, in a 200.
enum OpenAPIDocument {
    /// A name as a YAML double-quoted scalar: the pattern's backslashes doubled.
    static let namePattern = DeviceNameCharacters.pattern.replacingOccurrences(of: "\\", with: "\\\\")

    /// `YYYY-MM-DD`, a real Gregorian day of the years 0001…9999, as `LocalDate(iso:)` reads it.
    static let datePattern = #"^(?:(?:[1-9][0-9]{3}|0[1-9][0-9]{2}|00[1-9][0-9]|000[1-9])-(?:(?:0[13578]|1[02])-(?:0[1-9]|[12][0-9]|3[01])|(?:0[469]|11)-(?:0[1-9]|[12][0-9]|30)|02-(?:0[1-9]|1[0-9]|2[0-8]))|(?:[0-9]{2}(?:0[48]|[2468][048]|[13579][26])|(?:0[48]|[2468][048]|[13579][26])00)-02-29)$"#

    /// A key scope, as `KeyScope.init(_:)` reads it: `parents`, `child:` and an upper-case device id, or `person:` and 1…64
    /// ASCII letters, digits, `-` or `_`.
    static let scopePattern = "^(parents|child:[0-9A-F]{8}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{12}|person:[A-Za-z0-9_-]{1,64})$"

    /// A change token: `0` or a commit number, after an `r` in the middle of a full resync, as `ChangeToken.position`
    /// reads it.
    static let tokenPattern = #"^r?(?:0|[1-9][0-9]{0,17})$"#

    /// base64url without padding as `Base64URL.decode` reads it: its alphabet, any length but one past a multiple of 4.
    static let bytesPattern = "(?:[A-Za-z0-9_-]{4})*(?:[A-Za-z0-9_-]{2,3})?"

    /// 32 bytes in base64url: a public key or a digest.
    static let key32Pattern = "^[A-Za-z0-9_-]{\(characters(forBytes: 32))}$"

    /// The most base64url characters that decode to at most `bytes` bytes: with `bytesPattern`, a bound on the bytes.
    static func characters(forBytes bytes: Int) -> Int { (bytes * 4 + 2) / 3 }

    /// The events an event stream sends (`FamilyRoutes.events`).
    static let eventNames = ["ready", "changed"]

    /// An event's data: `{}` for ready, `{"seq":N}` for changed.
    static let eventDataPattern = #"^(?:\{\}|\{"seq":(?:0|[1-9][0-9]{0,18})\})$"#

    static let yaml = #"""
    openapi: 3.0.3
    info:
      title: LockOut family server
      version: "1"
      description: >
        Sync for a LockOut family: pairing, a commit-ordered change feed, idempotent pushes, event
        streams. Devices authenticate with the bearer token issued when they create a family or
        redeem a pairing. Every refusal is a JSON ErrorBody.
    servers:
      - url: /
    components:
      securitySchemes:
        device:
          type: http
          scheme: bearer
      responses:
        Refused:
          description: The request was refused; nothing changed.
          content:
            application/json:
              schema: { $ref: "#/components/schemas/ErrorBody" }
        RateLimited:
          description: Too many requests; wait for Retry-After seconds.
          headers:
            Retry-After:
              schema: { type: integer, minimum: 1 }
          content:
            application/json:
              schema: { $ref: "#/components/schemas/ErrorBody" }
      schemas:
        ErrorBody:
          type: object
          required: [error, code]
          properties:
            error: { type: string }
            code: { type: string }
        DeviceMode:
          type: string
          enum: [parentDevice, childDevice, personalDevice]
        UUID:
          type: string
          format: uuid
          pattern: "^[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}$"
        DeviceName:
          type: string
          description: >
            1…64 Unicode code points once white space is trimmed from both ends (an accent written apart, or each
            half of a flag, counts as one), without control characters, line breaks or invisible formatting
            characters.
          pattern: "\#(namePattern)"
        CreateFamily:
          type: object
          required: [deviceID, deviceName, mode]
          properties:
            deviceID: { $ref: "#/components/schemas/UUID" }
            deviceName: { $ref: "#/components/schemas/DeviceName" }
            mode: { type: string, enum: [parentDevice, personalDevice] }
        Credentials:
          type: object
          required: [familyID, deviceID, token]
          properties:
            familyID: { $ref: "#/components/schemas/UUID" }
            deviceID: { $ref: "#/components/schemas/UUID" }
            token: { type: string, description: "256 random bits, base64url; shown once" }
            welcome:
              type: string
              description: >
                Only in the answer to a redeem of an end-to-end family's pairing: the welcome the parent sealed with
                the code's pairing key (w1. and base64url), which the server cannot read.
        CreatePairing:
          type: object
          required: [mode]
          description: A child name goes with a child's device alone; with another mode it is absent or null.
          anyOf:
            - properties: { mode: { type: string, enum: [childDevice] } }
            - not:
                required: [childName]
                properties: { childName: { type: string } }
          properties:
            mode: { $ref: "#/components/schemas/DeviceMode" }
            childName:
              allOf: [{ $ref: "#/components/schemas/DeviceName" }]
              nullable: true
              description: >
                For a child's device only: the child it belongs to (null or absent: none). The child devices paired
                with the same child name are one child's, and read each other's health totals; a child name with
                another mode is refused.
            welcome:
              type: string
              nullable: true
              maxLength: \#(PairingWelcome.maximumText)
              pattern: "^w1\\.\#(bytesPattern)$"
              description: >
                In an end-to-end family: the parent devices' public keys, signed by this parent and sealed with the
                code's one-time pairing key, which the server never sees. Handed to the device that redeems the
                pairing; such a pairing is redeemed only with the device's public keys and their proof.
        Pairing:
          type: object
          required: [secret, mode, expiresAt, payload]
          properties:
            secret: { type: string }
            mode: { $ref: "#/components/schemas/DeviceMode" }
            expiresAt: { type: string, format: date-time }
            payload: { type: string, description: "lockout-pair:… text for the QR code" }
        Redeem:
          type: object
          required: [familyID, secret, deviceID, deviceName, mode]
          properties:
            familyID: { $ref: "#/components/schemas/UUID" }
            secret: { type: string }
            deviceID: { $ref: "#/components/schemas/UUID" }
            deviceName: { $ref: "#/components/schemas/DeviceName" }
            mode: { $ref: "#/components/schemas/DeviceMode" }
            publicKeys:
              allOf: [{ $ref: "#/components/schemas/PublicKeys" }]
              nullable: true
            pairingProof:
              type: string
              nullable: true
              pattern: "^[A-Za-z0-9_-]{64}$"
              description: >
                With publicKeys, needed for a pairing with a welcome: the id of the code's pairing key and an HMAC
                under it over the family, the device, its mode and its keys (48 bytes in base64url), which the parent
                checks before it trusts the keys.
            sealedName:
              type: string
              nullable: true
              pattern: "^n1\\.[A-Za-z0-9_-]{\#(characters(forBytes: PairingKey.sealedNameBytes))}$"
              description: >
                The device's name sealed with the code's pairing key (`n1.` and base64url), kept with the device's
                publicKeys (without them, not kept) and handed to the parents in the key directory, so the parent that
                made the code names the device from its next round; the server cannot read it.
        RecordType:
          type: string
          enum: [device, usage, dailySummary, configuration, command, commandAck, settings, healthTotals]
        LocalDate:
          type: string
          format: date
          pattern: "\#(datePattern)"
        KeyScope:
          type: string
          description: >
            the scope whose key sealed a body: a child's own records and what parents send it (child:DEVICE), one
            person's devices (person:ID) or the parents. A sealed record carries keyScope, keyEpoch and
            writerCounter together; a plaintext one none of them. A child seals for its own scope (its health
            totals for its person's), a parent's command or configuration for its target's.
          pattern: "\#(scopePattern)"
        KeyEpoch:
          type: integer
          format: int64
          minimum: 0
          maximum: 4294967295
          description: a scope's epoch, from 1; a mutation under epoch 0 is rejected on its own in the answer
        WriterCounter:
          type: integer
          format: int64
          minimum: 0
          maximum: 18446744073709551615
          description: >
            the writer's outbox order, 1 up to 9223372036854775807; each sealed record a device commits has a
            higher one than the last. A mutation that breaks this is rejected on its own in the answer.
        Mutation:
          type: object
          required: [id, type, recordID, deleted, body]
          properties:
            id: { $ref: "#/components/schemas/UUID" }
            type: { $ref: "#/components/schemas/RecordType" }
            recordID:
              type: string
              description: >
                1…200 characters; a device's id for a device record, DEVICE/YYYY-MM-DD (the writer and the local date)
                for a day summary or health totals, DEVICE/PROGRAM (the target) for a configuration. A mutation that
                breaks this, or any other rule of its envelope, is rejected on its own in the answer.
            target:
              type: string
              format: uuid
              nullable: true
              pattern: "^[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}$"
            localDate:
              type: string
              format: date
              nullable: true
              pattern: "\#(datePattern)"
              description: at most a day past today where the day is furthest ahead (UTC+14), else rejected on its own
            deleted: { type: boolean }
            body:
              type: string
              description: >
                the record as a document, at most 64 KiB: JSON, or in an end-to-end family a sealed body ("e1." and
                base64url: suite, salt, key commitment, nonce, padded ciphertext, tag). The server stores it unread;
                it checks only that a sealed body is a well-formed container. A sealed delete keeps its sealed body.
            keyScope:
              type: string
              nullable: true
              pattern: "\#(scopePattern)"
              description: the scope whose key sealed the body (see KeyScope); absent or null for a plaintext body
            keyEpoch:
              type: integer
              format: int64
              nullable: true
              minimum: 0
              maximum: 4294967295
              description: the scope's epoch whose key sealed the body (see KeyEpoch)
            writerCounter:
              type: integer
              format: int64
              nullable: true
              minimum: 0
              maximum: 18446744073709551615
              description: the writer's outbox order (see WriterCounter)
        Push:
          type: object
          required: [mutations]
          properties:
            mutations:
              type: array
              minItems: 1
              maxItems: 400
              items: { $ref: "#/components/schemas/Mutation" }
        MutationResult:
          type: object
          required: [id, status]
          properties:
            id: { $ref: "#/components/schemas/UUID" }
            status: { type: string, enum: [applied, duplicate, rejected] }
            seq: { type: integer, format: int64 }
            reason: { type: string }
        PushResult:
          type: object
          required: [results]
          properties:
            results:
              type: array
              items: { $ref: "#/components/schemas/MutationResult" }
        Change:
          type: object
          required: [seq, owner, ownerMode, committedAt, type, recordID, deleted, body]
          properties:
            seq: { type: integer, format: int64 }
            owner: { $ref: "#/components/schemas/UUID" }
            ownerMode: { $ref: "#/components/schemas/DeviceMode" }
            committedAt: { type: string, format: date-time }
            type: { $ref: "#/components/schemas/RecordType" }
            recordID: { type: string }
            target: { $ref: "#/components/schemas/UUID" }
            localDate: { $ref: "#/components/schemas/LocalDate" }
            deleted: { type: boolean }
            body: { type: string }
            mutationID: { $ref: "#/components/schemas/UUID" }
            keyScope: { $ref: "#/components/schemas/KeyScope" }
            keyEpoch: { $ref: "#/components/schemas/KeyEpoch" }
            writerCounter: { $ref: "#/components/schemas/WriterCounter" }
        Changes:
          type: object
          required: [changes, token, moreComing, resync]
          properties:
            changes:
              type: array
              items: { $ref: "#/components/schemas/Change" }
            token:
              type: string
              pattern: "\#(tokenPattern)"
              description: >
                what to ask with next; in the middle of a full resync `r` and a commit number, so the next page goes
                on with the resync rather than starting it again
            moreComing: { type: boolean }
            resync: { type: boolean }
        RegisteredDevice:
          type: object
          required: [deviceID, deviceName, deviceType, registrationDate, isActive]
          properties:
            deviceID: { $ref: "#/components/schemas/UUID" }
            deviceName: { type: string }
            deviceType: { $ref: "#/components/schemas/DeviceMode" }
            childName: { type: string }
            parentDeviceID: { $ref: "#/components/schemas/UUID" }
            registrationDate: { type: string, format: date-time }
            lastSyncDate: { type: string, format: date-time }
            isActive: { type: boolean }
        Devices:
          type: object
          required: [devices]
          properties:
            devices:
              type: array
              items: { $ref: "#/components/schemas/RegisteredDevice" }
        PublicKeys:
          type: object
          required: [agreement, signing]
          properties:
            agreement: { type: string, pattern: "\#(key32Pattern)", description: "the device's X25519 public key, 32 bytes in base64url" }
            signing: { type: string, pattern: "\#(key32Pattern)", description: "the device's Ed25519 public key, 32 bytes in base64url" }
        Bytes:
          type: string
          pattern: "^\#(bytesPattern)$"
          description: bytes in base64url without padding (never one character past a multiple of 4)
        Digest:
          type: string
          pattern: "\#(key32Pattern)"
          description: a SHA-256 digest, 32 bytes in base64url
        EpochKeyWrap:
          type: object
          required: [recipient, encapsulatedKey, ciphertext]
          properties:
            recipient: { $ref: "#/components/schemas/UUID" }
            encapsulatedKey:
              allOf: [{ $ref: "#/components/schemas/Bytes" }]
              maxLength: \#(characters(forBytes: EpochKeyWrap.maximumPartLength))
              description: at most \#(EpochKeyWrap.maximumPartLength) bytes
            ciphertext:
              allOf: [{ $ref: "#/components/schemas/Bytes" }]
              maxLength: \#(characters(forBytes: EpochKeyWrap.maximumPartLength))
              description: at most \#(EpochKeyWrap.maximumPartLength) bytes
        EpochCommit:
          type: object
          required: [family, scope, epoch, members, memberKeys, wrapDigests, wraps, signer, signature]
          description: >
            A scope's next epoch, signed by the parent device that sends it over every field but the wraps, which
            it covers through wrapDigests (SHA-256 of each member's wrap, in members' order). Taken when it is the
            scope's next epoch, names exactly the scope's current members (a child's scope: the child and every
            parent; the parents' scope: every parent), all of which sent their public keys, with the digest of
            the keys each sent (memberKeys), and carries one wrap for each. A member reads it back with its own
            wrap alone.
          properties:
            family: { $ref: "#/components/schemas/UUID" }
            scope: { $ref: "#/components/schemas/KeyScope" }
            epoch: { $ref: "#/components/schemas/KeyEpoch" }
            members:
              type: array
              maxItems: \#(EpochCommit.maximumMembers)
              items: { $ref: "#/components/schemas/UUID" }
            memberKeys:
              type: array
              maxItems: \#(EpochCommit.maximumMembers)
              items: { $ref: "#/components/schemas/Digest" }
            wrapDigests:
              type: array
              maxItems: \#(EpochCommit.maximumMembers)
              items: { $ref: "#/components/schemas/Digest" }
            wraps:
              type: array
              maxItems: \#(EpochCommit.maximumMembers)
              items: { $ref: "#/components/schemas/EpochKeyWrap" }
            chain: { type: string, description: "from epoch 2 on: the previous epoch's key sealed under this one's" }
            signer: { $ref: "#/components/schemas/UUID" }
            signature:
              allOf: [{ $ref: "#/components/schemas/Bytes" }]
              maxLength: \#(characters(forBytes: 64))
              description: the signer's Ed25519 signature, 64 bytes
        DeviceKey:
          type: object
          required: [deviceID, mode, publicKeys]
          properties:
            deviceID: { $ref: "#/components/schemas/UUID" }
            mode: { $ref: "#/components/schemas/DeviceMode" }
            publicKeys: { $ref: "#/components/schemas/PublicKeys" }
            childName: { type: string }
            pairingProof: { type: string, description: "the proof the device sent with its keys at redeem" }
            sealedName: { type: string, description: "the name the device sealed for its pairing's parent at redeem" }
        Keys:
          type: object
          required: [devices, epochs]
          properties:
            devices:
              type: array
              items: { $ref: "#/components/schemas/DeviceKey" }
            epochs:
              type: array
              items: { $ref: "#/components/schemas/EpochCommit" }
            scopes:
              type: array
              description: for a parent, the newest epoch of every scope of the family; empty for any other device
              items: { $ref: "#/components/schemas/EpochCommitted" }
        Revoke:
          type: object
          required: [rotations]
          description: >
            The next epoch of each scope the revoked device was a member of, with wraps for the remaining members
            only, each signed by the parent device that revokes (not the revoked one). Committed in the
            revocation's transaction, each checked as POST /v1/epochs checks it against the members left after
            the revocation: one refused rotation refuses the whole revocation, and the device stays active.
          properties:
            rotations:
              type: array
              maxItems: \#(SyncAPI.Revoke.maximumRotations)
              items: { $ref: "#/components/schemas/EpochCommit" }
        EpochCommitted:
          type: object
          required: [scope, epoch]
          properties:
            scope: { $ref: "#/components/schemas/KeyScope" }
            epoch: { $ref: "#/components/schemas/KeyEpoch" }
        Rename:
          type: object
          required: [name]
          properties:
            name: { $ref: "#/components/schemas/DeviceName" }
    security:
      - device: []
    paths:
      /healthz:
        get:
          security: []
          responses:
            "200":
              description: The server and its storage answer.
              content:
                application/json:
                  schema:
                    type: object
                    required: [status]
                    properties: { status: { type: string } }
            "503": { $ref: "#/components/responses/Refused" }
      /metrics:
        get:
          security: []
          responses:
            "200":
              description: Prometheus metrics.
              content:
                text/plain: { schema: { type: string } }
      /openapi.yaml:
        get:
          security: []
          responses:
            "200":
              description: This document.
              content:
                application/yaml:
                  schema:
                    type: object
                    required: [openapi, info, paths]
                    properties:
                      openapi: { type: string }
                      info: { type: object }
                      paths: { type: object }
      /v1/families:
        post:
          security: []
          summary: Create a family with its first device (a parent, or a personal device).
          requestBody:
            required: true
            content:
              application/json:
                schema: { $ref: "#/components/schemas/CreateFamily" }
          responses:
            "201":
              description: The first device's credentials.
              content:
                application/json:
                  schema: { $ref: "#/components/schemas/Credentials" }
            "400": { $ref: "#/components/responses/Refused" }
            "409": { $ref: "#/components/responses/Refused" }
            "413": { $ref: "#/components/responses/Refused" }
            "429": { $ref: "#/components/responses/RateLimited" }
      /v1/pairings:
        post:
          summary: Create a one-time pairing secret (15 minutes) and its QR payload.
          requestBody:
            required: true
            content:
              application/json:
                schema: { $ref: "#/components/schemas/CreatePairing" }
          responses:
            "201":
              description: The pairing.
              content:
                application/json:
                  schema: { $ref: "#/components/schemas/Pairing" }
            "400": { $ref: "#/components/responses/Refused" }
            "401": { $ref: "#/components/responses/Refused" }
            "403": { $ref: "#/components/responses/Refused" }
            "413": { $ref: "#/components/responses/Refused" }
            "429": { $ref: "#/components/responses/RateLimited" }
      /v1/pairings/redeem:
        post:
          security: []
          summary: Redeem a pairing secret; of two redeemers exactly one wins.
          requestBody:
            required: true
            content:
              application/json:
                schema: { $ref: "#/components/schemas/Redeem" }
          responses:
            "201":
              description: The new device's credentials.
              content:
                application/json:
                  schema: { $ref: "#/components/schemas/Credentials" }
            "400": { $ref: "#/components/responses/Refused" }
            "403": { $ref: "#/components/responses/Refused" }
            "409": { $ref: "#/components/responses/Refused" }
            "413": { $ref: "#/components/responses/Refused" }
            "429": { $ref: "#/components/responses/RateLimited" }
      /v1/mutations:
        post:
          summary: >
            Push up to 400 mutations; one result each, idempotent by mutation id (a repeat of an id, in this batch or
            an earlier one, is answered as its first).
          requestBody:
            required: true
            content:
              application/json:
                schema: { $ref: "#/components/schemas/Push" }
          responses:
            "200":
              description: One result per mutation, in order.
              content:
                application/json:
                  schema: { $ref: "#/components/schemas/PushResult" }
            "400": { $ref: "#/components/responses/Refused" }
            "401": { $ref: "#/components/responses/Refused" }
            "409":
              description: >
                stale_epoch: a sealed mutation names an epoch that is not its scope's newest (or the scope has none
                yet). Nothing of the push was applied or remembered: fetch /v1/keys, seal again under the newest
                epoch with the same mutation ids, and push again. rotation_pending: a sealed mutation's scope waits
                for its next epoch, because its newest names a device that was revoked or deleted; nothing was
                applied or remembered, and the push is sent again once a parent device has rotated the scope.
              content:
                application/json:
                  schema: { $ref: "#/components/schemas/ErrorBody" }
            "413": { $ref: "#/components/responses/Refused" }
            "429": { $ref: "#/components/responses/RateLimited" }
      /v1/changes:
        get:
          summary: The changes after a token, in commit order, in pages.
          parameters:
            - name: since
              in: query
              required: false
              description: the token the last page answered; absent for the start
              schema: { type: string, pattern: "\#(tokenPattern)" }
            - name: limit
              in: query
              required: false
              schema: { type: integer, minimum: 1, maximum: 500 }
          responses:
            "200":
              description: A page of changes.
              content:
                application/json:
                  schema: { $ref: "#/components/schemas/Changes" }
            "400": { $ref: "#/components/responses/Refused" }
            "401": { $ref: "#/components/responses/Refused" }
            "429": { $ref: "#/components/responses/RateLimited" }
      /v1/events:
        get:
          summary: A server-sent-events stream that says when something changed.
          responses:
            "200":
              description: >
                event: ready at once, then event: changed for each commit by another device that this device may read
                (a record its change feed gives it, or a change of the devices and keys it reads), and a heartbeat
                comment every 60 s.
              content:
                text/event-stream:
                  schema:
                    type: object
                    description: One event of the stream (the schema of each event, as OpenAPI 3.0 reads a stream).
                    required: [event, data]
                    properties:
                      event: { type: string, enum: [\#(eventNames.joined(separator: ", "))] }
                      data:
                        type: string
                        pattern: '\#(eventDataPattern)'
                        description: "ready: {}; changed: {\"seq\": N}, N the family's newest commit"
                      retry: { type: integer, minimum: 0, description: "ready: how many milliseconds to wait before reconnecting" }
            "401": { $ref: "#/components/responses/Refused" }
            "429": { $ref: "#/components/responses/RateLimited" }
      /v1/devices:
        get:
          summary: The family's devices (a parent sees all, others themselves).
          responses:
            "200":
              description: The devices.
              content:
                application/json:
                  schema: { $ref: "#/components/schemas/Devices" }
            "401": { $ref: "#/components/responses/Refused" }
            "429": { $ref: "#/components/responses/RateLimited" }
      /v1/devices/{id}:
        parameters:
          - name: id
            in: path
            required: true
            schema: { $ref: "#/components/schemas/UUID" }
        patch:
          summary: Rename a device (a parent, or the device itself).
          requestBody:
            required: true
            content:
              application/json:
                schema: { $ref: "#/components/schemas/Rename" }
          responses:
            "200":
              description: The renamed device.
              content:
                application/json:
                  schema: { $ref: "#/components/schemas/RegisteredDevice" }
            "400": { $ref: "#/components/responses/Refused" }
            "401": { $ref: "#/components/responses/Refused" }
            "403": { $ref: "#/components/responses/Refused" }
            "404": { $ref: "#/components/responses/Refused" }
            "413": { $ref: "#/components/responses/Refused" }
            "429": { $ref: "#/components/responses/RateLimited" }
        delete:
          summary: Delete a device with all its data (a parent).
          responses:
            "204": { description: Deleted. }
            "400": { $ref: "#/components/responses/Refused" }
            "401": { $ref: "#/components/responses/Refused" }
            "403": { $ref: "#/components/responses/Refused" }
            "404": { $ref: "#/components/responses/Refused" }
            "429": { $ref: "#/components/responses/RateLimited" }
      /v1/devices/{id}/revoke:
        parameters:
          - name: id
            in: path
            required: true
            schema: { $ref: "#/components/schemas/UUID" }
        post:
          summary: >
            Revoke a device's token at once (a parent); its data stays. With a body, rotate in the same transaction
            every scope it was in; a scope left out waits for its rotation (sealed pushes into it answer 409
            rotation_pending until a parent commits its next epoch).
          requestBody:
            required: false
            content:
              application/json:
                schema: { $ref: "#/components/schemas/Revoke" }
          responses:
            "204": { description: Revoked, and every rotation committed. }
            "400": { $ref: "#/components/responses/Refused" }
            "401": { $ref: "#/components/responses/Refused" }
            "403": { $ref: "#/components/responses/Refused" }
            "404": { $ref: "#/components/responses/Refused" }
            "409":
              description: >
                stale_epoch: a rotation is not its scope's next epoch (another parent device rotated it meanwhile);
                roster_changed: a rotation is for other members than the scope's now, or for a child no longer
                active (another parent revoked or paired a device meanwhile). Nothing changed, the device is still
                active: fetch /v1/keys, build the rotations again and revoke again.
              content:
                application/json:
                  schema: { $ref: "#/components/schemas/ErrorBody" }
            "413": { $ref: "#/components/responses/Refused" }
            "429": { $ref: "#/components/responses/RateLimited" }
      /v1/keys:
        get:
          summary: >
            The public keys this device may pin (a parent: every device's; any other device: the parents' and its
            own) and every epoch of each scope it is a member of, each with its own wrap alone.
          responses:
            "200":
              description: Keys and epochs.
              content:
                application/json:
                  schema: { $ref: "#/components/schemas/Keys" }
            "401": { $ref: "#/components/responses/Refused" }
            "429": { $ref: "#/components/responses/RateLimited" }
        put:
          summary: Send this device's public keys, once; the same keys again change nothing.
          requestBody:
            required: true
            content:
              application/json:
                schema: { $ref: "#/components/schemas/PublicKeys" }
          responses:
            "204": { description: Stored. }
            "400": { $ref: "#/components/responses/Refused" }
            "401": { $ref: "#/components/responses/Refused" }
            "409": { $ref: "#/components/responses/Refused" }
            "429": { $ref: "#/components/responses/RateLimited" }
      /v1/epochs:
        post:
          summary: Commit a scope's next epoch (a parent, signing as itself).
          requestBody:
            required: true
            content:
              application/json:
                schema: { $ref: "#/components/schemas/EpochCommit" }
          responses:
            "201":
              description: Committed; the family's devices are poked to fetch their keys.
              content:
                application/json:
                  schema: { $ref: "#/components/schemas/EpochCommitted" }
            "400": { $ref: "#/components/responses/Refused" }
            "401": { $ref: "#/components/responses/Refused" }
            "403": { $ref: "#/components/responses/Refused" }
            "409": { $ref: "#/components/responses/Refused" }
            "429": { $ref: "#/components/responses/RateLimited" }
      /v1/family:
        delete:
          summary: Delete the family with everything in it (a parent).
          responses:
            "204": { description: Deleted. }
            "401": { $ref: "#/components/responses/Refused" }
            "403": { $ref: "#/components/responses/Refused" }
            "429": { $ref: "#/components/responses/RateLimited" }
    """#
}
