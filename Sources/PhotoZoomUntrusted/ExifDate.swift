import Foundation

/// An EXIF date, "YYYY:MM:DD HH:MM:SS" as the camera's clock showed it, with its offset from
/// UTC when the photo records one ("+02:00" or "-05:30").
struct ExifDate: Equatable {
    var year: Int
    var month: Int
    var day: Int
    var hour: Int
    var minute: Int
    var second: Int
    /// Seconds east of UTC; nil when the photo does not say (most cameras before EXIF 2.31).
    var offset: Int?

    /// Nil unless `text` starts with a date and time in range; an offset that is absent, blank
    /// (unknown, as EXIF writes it) or malformed leaves the offset unknown.
    init?(_ text: String, offset offsetText: String? = nil) {
        let c = Array(text.utf8)
        guard c.count >= 19, c[4] == UInt8(ascii: ":"), c[7] == UInt8(ascii: ":"), c[10] == UInt8(ascii: " "),
            c[13] == UInt8(ascii: ":"), c[16] == UInt8(ascii: ":"),
            let year = Self.number(c[0..<4]), let month = Self.number(c[5..<7]), let day = Self.number(c[8..<10]),
            let hour = Self.number(c[11..<13]), let minute = Self.number(c[14..<16]),
            let second = Self.number(c[17..<19]),
            year >= 1, (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second <= 60
        else { return nil }
        self.year = year
        self.month = month
        self.day = day
        self.hour = hour
        self.minute = minute
        self.second = second
        offset = offsetText.flatMap(Self.offset)
    }

    /// The instant it names: exact with an offset, else the time on this machine's clock (its
    /// time zone and daylight saving at that date).
    var instant: Date {
        var time = tm()
        time.tm_year = Int32(year - 1900)
        time.tm_mon = Int32(month - 1)
        time.tm_mday = Int32(day)
        time.tm_hour = Int32(hour)
        time.tm_min = Int32(minute)
        time.tm_sec = Int32(second)
        if let offset { return Date(timeIntervalSince1970: Double(timegm(&time)) - Double(offset)) }
        time.tm_isdst = -1
        return Date(timeIntervalSince1970: Double(mktime(&time)))
    }

    /// "+HH:MM" or "-HH:MM" in seconds east of UTC.
    private static func offset(_ text: String) -> Int? {
        let c = Array(text.utf8)
        guard c.count >= 6, c[0] == UInt8(ascii: "+") || c[0] == UInt8(ascii: "-"), c[3] == UInt8(ascii: ":"),
            let hours = number(c[1..<3]), let minutes = number(c[4..<6]), hours <= 18, minutes < 60
        else { return nil }
        let seconds = hours * 3600 + minutes * 60
        return c[0] == UInt8(ascii: "-") ? -seconds : seconds
    }

    /// Decimal digits only.
    private static func number(_ digits: ArraySlice<UInt8>) -> Int? {
        var value = 0
        for digit in digits {
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(digit) else { return nil }
            value = value * 10 + Int(digit - UInt8(ascii: "0"))
        }
        return value
    }
}
