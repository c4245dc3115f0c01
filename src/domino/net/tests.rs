//! Tests of the network seats.
