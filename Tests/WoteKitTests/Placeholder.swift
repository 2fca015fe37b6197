import Testing

// Tests for this target live beside this file.
