/// A field of the sign-up form, in the order the form shows them.
public enum SignUpField: String, Sendable, CaseIterable, Hashable {
    /// The account ID.
    case loginId
    /// The password.
    case password
    /// The person's name.
    case name
    /// The e-mail address.
    case email
    /// The phone number.
    case phone
}
