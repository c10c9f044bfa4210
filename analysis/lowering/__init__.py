"""The background lowering check: a worker run in the user's interpreter, and its runner."""
