"""Every place in a JSON value, for the tests that corrupt records one place at a time."""


def places(value, path=()):
    """Every place in a JSON value: a path of keys and indexes (the root first)."""
    yield path
    if isinstance(value, dict):
        for key, item in value.items():
            yield from places(item, (*path, key))
    elif isinstance(value, list):
        for i, item in enumerate(value):
            yield from places(item, (*path, i))
