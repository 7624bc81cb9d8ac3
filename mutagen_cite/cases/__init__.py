"""Cases: mutate true sentences into near misses, ask fair questions, write, validate and regenerate suites."""
