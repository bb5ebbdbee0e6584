import Foundation

extension FormSerializer {
    /// Writes a scalar as the value of a pair whose `key=` is already
    /// written; containers and null write nothing.
    mutating func writeScalarValue(_ value: Parameters.Value, suffix: KeySuffix) throws(FormEncoder.Error) {
        switch value {
        case .string(let string):
            PercentEscaper.append(string, to: &output, spacesAsPlus: spacesAsPlus)
        case .int(let int):
            FormNumberWriter.append(Int64(int), to: &output)
        case .double(let double):
            guard FormNumberWriter.append(double, to: &output, spacesAsPlus: spacesAsPlus) else {
                throw .nonFiniteNumber(path: path(with: suffix))
            }
        case .bool(let bool):
            switch boolEncoding {
            case .literal: output.append(bool ? "true" : "false")
            case .numeric: output.append(bool ? UInt8(ascii: "1") : UInt8(ascii: "0"))
            }
        case .date(let date):
            try writeDate(date, suffix: suffix)
        case .array, .object, .null:
            // Callers only pass scalars; see `FormNode`.
            break
        }
    }

    private mutating func writeDate(_ date: Date, suffix: KeySuffix) throws(FormEncoder.Error) {
        switch dateEncoding {
        case .iso8601, .iso8601WithFractionalSeconds:
            var fractional = false
            if case .iso8601WithFractionalSeconds = dateEncoding {
                fractional = true
            }
            guard let text = ISO8601.string(from: date, fractionalSeconds: fractional) else {
                throw .dateOutOfRange(path: path(with: suffix))
            }
            PercentEscaper.append(text, to: &output, spacesAsPlus: spacesAsPlus)
        case .secondsSince1970:
            guard FormNumberWriter.append(date.timeIntervalSince1970, to: &output, spacesAsPlus: spacesAsPlus) else {
                throw .dateOutOfRange(path: path(with: suffix))
            }
        case .millisecondsSince1970:
            let interval = date.timeIntervalSince1970
            guard interval.isFinite, interval.magnitude < ISO8601.supportedSecondsRange else {
                throw .dateOutOfRange(path: path(with: suffix))
            }
            FormNumberWriter.append(Int64((interval * 1000).rounded()), to: &output)
        case .custom(let format):
            let text: String
            do {
                text = try format(date)
            } catch {
                throw .dateEncodingFailed(path: path(with: suffix), underlying: error)
            }
            PercentEscaper.append(text, to: &output, spacesAsPlus: spacesAsPlus)
        }
    }
}
