import Foundation

/// The high-precision spring trajectories in Tests/Fixtures/springs, made offline with mpmath
/// by make_spring_reference.py. Numbers are stored as strings so they parse correctly rounded.
public struct SpringReference: Decodable {
    public struct Sample: Decodable {
        public let t: Double, value: Double, velocity: Double
        enum CodingKeys: CodingKey { case t, value, velocity }
        public init(from decoder: Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            func num(_ k: CodingKeys) throws -> Double { Double(try c.decode(String.self, forKey: k))! }
            t = try num(.t)
            value = try num(.value)
            velocity = try num(.velocity)
        }
    }

    public struct Case: Decodable {
        public let name: String
        public let mass: Double, stiffness: Double, damping: Double, from: Double, to: Double, velocity: Double
        public let samples: [Sample]
        enum CodingKeys: String, CodingKey { case name, mass, stiffness, damping, from, to, velocity, samples }
        public init(from decoder: Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            func num(_ k: CodingKeys) throws -> Double { Double(try c.decode(String.self, forKey: k))! }
            name = try c.decode(String.self, forKey: .name)
            mass = try num(.mass)
            stiffness = try num(.stiffness)
            damping = try num(.damping)
            from = try num(.from)
            to = try num(.to)
            velocity = try num(.velocity)
            samples = try c.decode([Sample].self, forKey: .samples)
        }

        /// The size of the motion: its distance, or for a pure kick how far the speed carries.
        public var distanceScale: Double {
            max(abs(to - from), abs(velocity) / (stiffness / mass).squareRoot())
        }
        public var velocityScale: Double { max(abs(velocity), abs(to - from) * (stiffness / mass).squareRoot()) }
    }

    public let cases: [Case]

    public static func load() throws -> SpringReference {
        let url = PackagePaths.fixtures.appendingPathComponent("springs/spring_reference.json")
        return try JSONDecoder().decode(SpringReference.self, from: Data(contentsOf: url))
    }

    public subscript(name: String) -> Case { cases.first { $0.name == name }! }
}
