import Testing

// Tests for this layer live beside this file.
